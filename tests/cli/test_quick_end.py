"""The console script's quick end (issue 17, startup): once numba is loaded the process ends
without the interpreter's teardown, yet its output, exit status and exit handlers are whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from robotable.cli.main import _exit_code

LONG = "1A2B3B4A-E80F1E09-GQ"  # 12 moves: past the quick search, so the compiled solver answers


def script(argv: list[str], before: str = "") -> list[str]:
    """A process running the console script ``run`` on ``argv``, after ``before``."""
    lines = [
        "import sys",
        before,
        f"sys.argv = {['robotable', *argv]!r}",
        "from robotable.cli.main import run",
        "run()",
    ]
    return [sys.executable, "-c", "\n".join(lines)]


def test_a_compiled_answer_is_printed_whole() -> None:
    done = subprocess.run(script(["ricochet", "solve", LONG, "--json"]), capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["length"] == 12 and len(answer["moves"]) == 12


def test_a_refusal_keeps_its_status_and_message() -> None:
    done = subprocess.run(script(["ricochet", "solve", "1A2B3B4A-E80F1E09-QQ"], before="import numba"),
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 2
    assert "error: unknown target 'QQ'" in done.stderr


def test_exit_handlers_run_before_the_quick_end(tmp_path: Path) -> None:
    """Ray's shutdown and pending finalizers are exit handlers: they must still run."""
    mark = tmp_path / "handler ran"
    before = f"import atexit, pathlib, numba\natexit.register(pathlib.Path({str(mark)!r}).write_text, 'yes')"
    done = subprocess.run(script(["games"], before=before), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "ricochet" in done.stdout
    assert mark.read_text() == "yes"


@pytest.mark.parametrize(("code", "status"), [(None, 0), (0, 0), (3, 3), ("bye", 1)])
def test_exit_codes(code: object, status: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert _exit_code(code) == status
    assert capsys.readouterr().err == ("bye\n" if code == "bye" else "")


def test_a_running_thread_gets_the_plain_end(tmp_path: Path) -> None:
    """A thread still at work when the command returns finishes it: the quick end would kill it."""
    mark = tmp_path / "thread done"
    work = f"lambda: (time.sleep(0.5), pathlib.Path({str(mark)!r}).write_text('yes'))"
    before = f"import threading, time, pathlib, numba\nthreading.Thread(target={work}).start()"
    done = subprocess.run(script(["games"], before=before), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert mark.read_text() == "yes"
