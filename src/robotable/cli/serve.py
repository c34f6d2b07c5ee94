"""``robotable serve``: the game server (HTTP API and WebSocket protocol) on uvicorn.

The listening socket is bound here, before uvicorn starts, so a port in use is one red line
and exit status 2 rather than uvicorn's log and exit 1; the same for a database that cannot
be opened (its schema is created or migrated before anything listens).
"""

from __future__ import annotations

import errno
import logging
import re
import socket
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from robotable.cli.common import fail, out, reporting

if TYPE_CHECKING:
    from robotable.server.store import Store

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def serve_command(
    host: Annotated[
        str, typer.Option(help="Address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (everyone).")
    ] = DEFAULT_HOST,
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port to listen on.")] = DEFAULT_PORT,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="Database URL: sqlite:///FILE or postgresql://USER@HOST/NAME. "
            "Default: an SQLite file in your data folder.",
        ),
    ] = None,
    think_limit: Annotated[
        float, typer.Option(min=0.1, max=3600.0, help="Seconds a server bot may think over one move.")
    ] = 30.0,
) -> None:
    """Run the game server: tables for every game, played over HTTP and WebSockets.

    The database (created on first start, migrated on later ones) keeps every table and every
    accepted action; a restarted server carries on each unfinished table where it was. The
    API is described at `/docs` on the running server; the protocol in `docs/protocol.md`.

    Examples:

    - `robotable serve` (this machine only, port 8000, the default SQLite file)
    - `robotable serve --host 0.0.0.0 --port 8080` (reachable from the local network)
    - `robotable serve --db sqlite:///tables.sqlite3` (an SQLite file of your choice)
    - `robotable serve --db postgresql://robotable@localhost/robotable`
    """
    from robotable.server.store import StoreError, default_url, open_store

    url = db or default_url()
    with reporting():
        try:
            store = open_store(url)
        except StoreError as exc:
            raise StoreError(f"--db {_shown(url)}: {exc}") from None
    listener = _bind(host, port)
    _announce(url, host, listener.getsockname()[1])
    _run(store, listener, think_limit)


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; a clear error when the address is taken or wrong."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise fail(f"--host {host!r}: not an address of this machine ({exc.strerror})") from None
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
        listener.listen(2048)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            raise fail(f"port {port} on {host} is in use: stop what uses it or choose --port") from None
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    listener.set_inheritable(True)
    return listener


def _shown(url: str) -> str:
    """The URL without its password; an SQLite file as its path."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return repr(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        return f"{parsed.database} (SQLite)"
    return parsed.render_as_string(hide_password=True)


def _announce(url: str, host: str, port: int) -> None:
    shown_host = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown_host = "localhost"  # listening everywhere: this machine's own name works
    console = out()
    console.print(f"database: {_shown(url)}", soft_wrap=True)
    console.print(
        Text(f"serving on http://{shown_host}:{port}/  (API: /docs, Ctrl-C stops)", style="green"),
        soft_wrap=True,
    )


class HideTokens(logging.Filter):
    """Seat tokens travel in WebSocket URLs (``?token=``), which uvicorn logs: hide them."""

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                self.PATTERN.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args
            )
        elif isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1***", record.msg)
        return True


def _run(store: Store, listener: socket.socket, think_limit: float) -> None:
    import uvicorn

    from robotable.server.app import MAX_MESSAGE, create_app

    logging.getLogger("robotable").setLevel(logging.INFO)
    app = create_app(store, think_limit=think_limit)
    # frames far past the protocol's message limit are refused by the transport, unread
    config = uvicorn.Config(app, log_level="info", lifespan="on", ws_max_size=16 * MAX_MESSAGE)
    server = uvicorn.Server(config)  # its Config sets up uvicorn's loggers; then the filter goes on
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(HideTokens())
    try:
        server.run(sockets=[listener])
    finally:
        listener.close()
        store.close()
