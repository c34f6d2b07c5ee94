"""The watchman of what a test starts outside its process (tests/reaper.py)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from . import reaper

ROOT = Path(__file__).resolve().parents[1]


def gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if reaper.started(pid) is None:
            return True
        time.sleep(0.05)
    return False


def test_a_test_process_that_dies_first_has_what_it_started_stopped_and_removed(tmp_path: Path) -> None:
    folder = tmp_path / "cluster"
    folder.mkdir()
    dying = textwrap.dedent(
        f"""
        import os, subprocess
        from tests import reaper
        sleeper = subprocess.Popen(["sleep", "60"])
        reaper.watch(sleeper.pid, folder={str(folder)!r})
        print(sleeper.pid, flush=True)
        os._exit(1)  # as a worker ended by the timeout: no finally, no cleanup
        """
    )
    ran = subprocess.run([sys.executable, "-c", dying], cwd=ROOT, capture_output=True, text=True, timeout=30)
    sleeper = int(ran.stdout.split()[0])
    try:
        assert gone_within(sleeper, 10)
        deadline = time.monotonic() + 10  # the folder goes right after the process
        while folder.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not folder.exists()
    finally:
        reaper.stop(sleeper, reaper.started(sleeper) or 0, grace=0)


def test_a_process_stopped_by_its_test_ends_its_watchman_and_nothing_else() -> None:
    sleeper = subprocess.Popen(["sleep", "60"])
    other = subprocess.Popen(["sleep", "60"])
    try:
        release = reaper.watch(sleeper.pid)
        sleeper.terminate()
        sleeper.wait(10)
        release()
        release()  # twice: nothing more
        assert other.poll() is None
    finally:
        for process in (sleeper, other):
            process.kill()
            process.wait(10)


def test_an_id_given_to_another_process_since_is_left_alone() -> None:
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        start = reaper.started(sleeper.pid)
        assert start is not None
        reaper.stop(sleeper.pid, start + 1, signal.SIGKILL, grace=0)  # not the process watched
        assert sleeper.poll() is None
        reaper.stop(sleeper.pid, start, grace=5)
        assert sleeper.wait(5) == -signal.SIGTERM
    finally:
        sleeper.kill()
        sleeper.wait(10)
