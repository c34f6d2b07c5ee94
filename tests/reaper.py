"""A watchman for what a test starts outside its own process (a PostgreSQL cluster, a server).

A test stops what it started, by process id, in its ``finally``. A test process that dies first
(a worker ended by the timeout, a crash) runs no ``finally``: the watchman, a small process of
its own, stops it then. It waits on a pipe that only the test process writes to; the pipe
closes when that process ends, however it ends. A process is known by its id and its start
time, so an id the system gave to another process since is left alone.

    python tests/reaper.py FD PID START SIGNAL [FOLDER]   (started by :func:`watch`)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

GRACE = 10.0
"""Seconds a process has to stop after its first signal, before it is killed."""


def started(pid: int) -> int | None:
    """The start time of process ``pid`` (clock ticks since boot); None once it is gone or a zombie."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = status[status.rindex(")") + 2 :].split()
    return None if fields[0] == "Z" else int(fields[19])


def stop(pid: int, start: int, first: signal.Signals = signal.SIGTERM, grace: float = GRACE) -> None:
    """Stop process ``pid`` if it is still the one that started at ``start``: ``first``, then a
    kill after ``grace`` seconds."""
    with contextlib.suppress(ProcessLookupError):
        for sent, wait in ((first, grace), (signal.SIGKILL, 0.0)):
            if started(pid) != start:
                return
            os.kill(pid, sent)
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                if started(pid) != start:
                    return
                time.sleep(0.05)


def watch(pid: int, first: signal.Signals = signal.SIGTERM, folder: Path | None = None) -> Callable[[], None]:
    """Start the watchman of process ``pid`` (and of ``folder``, removed after it); returns what
    ends the watchman, to call once the test has stopped the process itself."""
    start = started(pid)
    if start is None:
        return lambda: None
    read, write = os.pipe()  # not inherited by the test's other children: only this process writes
    command = [sys.executable, __file__, str(read), str(pid), str(start), str(int(first)), str(folder or "")]
    watchman = subprocess.Popen(
        command,
        pass_fds=(read,),
        start_new_session=True,  # a Ctrl-C to the tests does not end it before its work
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(read)

    def release() -> None:
        if watchman.returncode is None:  # once: a second call finds it ended
            os.close(write)
            watchman.wait(GRACE + 5)

    return release


def _main(fd: str, pid: str, start: str, first: str, folder: str) -> None:
    while os.read(int(fd), 1):  # nothing is ever written: this returns when the pipe closes
        pass
    stop(int(pid), int(start), signal.Signals(int(first)))
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    _main(*sys.argv[1:6])
