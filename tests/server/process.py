"""``robotable serve`` as a real process for tests: started on a free port, waited for with a
deadline, stopped by its process id (terminate, then kill) whatever happens in the test."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from .. import reaper

START_DEADLINE = 60.0
"""Seconds for a server to answer after its start (imports, migrations; a loaded CI machine)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen[str]
    url: str
    output: Path
    release: Callable[[], None] = field(default=lambda: None)
    """Ends the watchman that stops it should the test process die first (:mod:`tests.reaper`)."""

    def log(self) -> str:
        return self.output.read_text(encoding="utf-8", errors="replace")


def start(db_url: str, folder: Path, *, port: int | None = None, extra: Sequence[str] = ()) -> Server:
    """Start a server on ``db_url`` (``extra``: more options) and wait until ``GET /api/games``
    answers."""
    port = port or free_port()
    command = [
        sys.executable,
        "-m",
        "robotable.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        *extra,
    ]
    return launch(command, folder, port)


def launch(command: Sequence[str], folder: Path, port: int, *, cwd: Path | None = None) -> Server:
    """Run ``command`` (a server listening on ``port``), its output kept in ``folder``, and wait
    until ``GET /api/games`` answers; stopped by its id when it never does."""
    output = folder / f"serve-{port}-{time.monotonic_ns()}.log"
    with output.open("w") as log:
        process = subprocess.Popen(list(command), stdout=log, stderr=subprocess.STDOUT, text=True, cwd=cwd)
    server = Server(process, f"http://127.0.0.1:{port}", output, reaper.watch(process.pid))
    try:
        wait_until_up(server)
    except BaseException:
        stop(server)
        raise
    return server


@contextlib.contextmanager
def launched(command: Sequence[str], folder: Path, port: int, *, cwd: Path | None = None) -> Iterator[Server]:
    """:func:`launch`, stopped by its id when the block ends."""
    server = launch(command, folder, port, cwd=cwd)
    try:
        yield server
    finally:
        stop(server)


def wait_until_up(server: Server) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"the server exited with {server.process.returncode}:\n{server.log()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{server.url}/api/games", timeout=2.0).status_code == 200:
                return
        time.sleep(0.1)
    raise AssertionError(f"the server did not answer within {START_DEADLINE:.0f} s:\n{server.log()}")


def stop(server: Server) -> None:
    """Terminate by process id; kill when it lingers."""
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(10)
    server.release()


def kill(server: Server) -> None:
    """``kill -9``: no shutdown, no flush, nothing finished."""
    server.process.kill()
    server.process.wait(10)
    server.release()


@contextlib.contextmanager
def running(db_url: str, folder: Path) -> Iterator[Server]:
    server = start(db_url, folder)
    try:
        yield server
    finally:
        stop(server)
