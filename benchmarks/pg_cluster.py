"""A throwaway PostgreSQL cluster for the benchmarks: ``initdb`` and ``pg_ctl`` as an unprivileged
user, on loopback, on a free port, in a temporary folder; stopped by its process id and removed
after, whatever happens. The same recipe as the tests' ``tests/pg.py``, kept apart so that the
benchmarks do not depend on the tests.

PostgreSQL refuses to run as root: as root, the cluster runs as ``nobody``. Debian's server
programs live in ``/usr/lib/postgresql/<version>/bin``, outside ``PATH``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from server_load import free_port  # benchmarks/ is the script's folder


def server_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (newest version), or None when not installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(candidates[-1]).parent if candidates else None


def _as_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", *command]


def _run(command: list[str], folder: Path) -> None:
    subprocess.run(_as_user(command), check=True, capture_output=True, text=True, cwd=folder)


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yields the URL of its ``postgres`` database (user ``robotable``)."""
    binaries = server_bin()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="robotable-chaos-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "nobody", "nogroup")
    port, pid = free_port(), None
    try:
        _run(
            [str(binaries / "initdb"), "-D", str(data), "-U", "robotable", "-A", "trust", "-E", "UTF8"],
            folder,
        )
        # fsync stays on: the benchmark checks that what was acknowledged is stored
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
        pg_ctl = [str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60"]
        _run([*pg_ctl, "start", "-l", str(folder / "log")], folder)
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+psycopg://robotable@127.0.0.1:{port}/postgres"
    finally:
        if pid is not None:
            _stop(pid)
        shutil.rmtree(folder, ignore_errors=True)


def _stop(pid: int) -> None:
    """Stop the postmaster by its process id: a fast shutdown, then a kill if it lingers; a
    process that is no longer a postgres (its id taken by another since it ended) is left alone."""
    with contextlib.suppress(ProcessLookupError):
        for sent in (signal.SIGINT, signal.SIGKILL):
            if not _is_postgres(pid):
                return
            os.kill(pid, sent)
            for _ in range(100 if sent == signal.SIGINT else 0):
                if not _is_postgres(pid):
                    return
                time.sleep(0.1)


def _is_postgres(pid: int) -> bool:
    """Whether ``pid`` is still a running postgres process (not ended, not a zombie, not reused)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    name, state = status[status.index("(") + 1 : status.rindex(")")], status[status.rindex(")") + 2]
    return name.startswith("postgres") and state != "Z"
