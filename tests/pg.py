"""A throwaway PostgreSQL cluster for tests: ``initdb`` and ``pg_ctl`` as an unprivileged user,
on loopback, on a free port, in a temporary folder; stopped by its process id and removed after.

PostgreSQL refuses to run as root; when the tests run as root (CI), the cluster runs as
``nobody`` in a folder given to it. Debian's server programs live in
``/usr/lib/postgresql/<version>/bin``, outside ``PATH``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from . import reaper


def server_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (newest version), or None when not installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(candidates[-1]).parent if candidates else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _as_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", *command]


def _run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_as_user(command), check=True, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yields the URL of its ``postgres`` database (user ``robotable``)."""
    binaries = server_bin()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="robotable-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "nobody", "nogroup")
    port = free_port()
    pid, start, release = None, None, lambda: None
    try:
        _run(
            [str(binaries / "initdb"), "-D", str(data), "-U", "robotable", "-A", "trust", "-E", "UTF8"],
            cwd=folder,
        )
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off"
        _run(
            [
                str(binaries / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
                "-l",
                str(folder / "log"),
            ],
            cwd=folder,
        )
        pid = int((data / "postmaster.pid").read_text().split()[0])
        start = reaper.started(pid)
        release = reaper.watch(pid, signal.SIGINT, folder)  # stops it should this process die first
        yield f"postgresql+psycopg://robotable@127.0.0.1:{port}/postgres"
    finally:
        if pid is not None and start is not None:  # a fast shutdown, then a kill if it lingers
            reaper.stop(pid, start, signal.SIGINT)
        shutil.rmtree(folder, ignore_errors=True)
        release()


def new_database(url: str, name: str, *, template: str | None = None) -> str:
    """A fresh database ``name`` on the cluster at ``url`` (a copy of the database ``template``,
    else empty); its URL."""
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    copied = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"{copied}')
    return url.rsplit("/", 1)[0] + f"/{name}"


def drop_database(url: str, name: str) -> None:
    """Remove the database ``name`` of the cluster at ``url``, ending any connection left to it."""
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
