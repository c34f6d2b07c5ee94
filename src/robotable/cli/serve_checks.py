"""What keeps ``robotable serve`` from starting, found before anything starts (by ``serve``
itself, and by ``serve --check-config``): the listening socket, the email settings; and a
database's URL as shown to people (without its password)."""

from __future__ import annotations

import errno
import socket
from typing import TYPE_CHECKING, Any

from robotable.server.arena_settings import ARENA_GAMES, ARENA_LEVELS, ArenaSettings

if TYPE_CHECKING:
    from robotable.server.mail import MailSettings

LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")


class Refused(Exception):
    """A setting that keeps the server from starting, in one line of words."""


def not_shared(workers: int) -> str:
    return f"--workers {workers}: several processes share tables only on PostgreSQL (--db postgresql://...)"


def arena_settings(every: float, games: str, levels: str) -> ArenaSettings:
    """The arena of ``--arena-every``, ``--arena-games`` and ``--arena-levels``; :class:`Refused`
    names a game or a level that does not exist."""
    chosen_games = tuple(_listed(games))
    chosen_levels = tuple(_listed(levels))
    for game in chosen_games:
        if game not in ARENA_GAMES:
            raise Refused(f"--arena-games: no game {game!r} (the games: {', '.join(ARENA_GAMES)})")
    for level in chosen_levels:
        if level not in ARENA_LEVELS:
            raise Refused(f"--arena-levels: no level {level!r} (the levels: {', '.join(ARENA_LEVELS)})")
    if every > 0 and not chosen_games:
        raise Refused("--arena-games: an arena needs at least one game (or --arena-every 0: no arena)")
    return ArenaSettings(every, chosen_games, chosen_levels)


def _listed(text: str) -> list[str]:
    return [part.strip().lower() for part in text.split(",") if part.strip()]


def mail_settings(
    smtp: str | None, mail_from: str | None, public_url: str | None, host: str, port: int
) -> MailSettings | None:
    """The email settings of the options; :class:`Refused` says what is wrong (the SMTP
    server's password never in it)."""
    from robotable.server.mail import (
        BadSmtpUrl,
        MailSettings,
        check_sender,
        check_site,
        default_sender,
        smtp_server,
    )

    if not smtp:
        return None
    if public_url is None and host not in LOOPBACK_HOSTS:
        raise Refused(
            "--smtp needs --public-url, the address people open this site at (the links in emails "
            "begin with it), for example --public-url https://games.example.org"
        )
    checked: list[Any] = []
    for option, check in (
        ("--smtp", lambda: smtp_server(smtp)),
        ("--mail-from", lambda: check_sender(mail_from or default_sender())),
        (
            "--public-url",
            lambda: check_site(public_url or f"http://{'[::1]' if host == '::1' else host}:{port}"),
        ),
    ):
        try:
            checked.append(check())
        except BadSmtpUrl as exc:
            raise Refused(f"{option}: {exc}") from None
    server, sender, site = checked
    return MailSettings(server, sender, site)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; :class:`Refused` when the address is taken or wrong."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise Refused(f"--host {host!r}: not an address of this machine ({exc.strerror})") from None
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
        listener.listen(2048)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            raise Refused(f"port {port} on {host} is in use: stop what uses it or choose --port") from None
        raise Refused(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    listener.set_inheritable(True)
    return listener


def shown_url(url: str) -> str:
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
