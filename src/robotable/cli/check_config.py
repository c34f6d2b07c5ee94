"""``robotable serve --check-config``: what the server would run with, and whether it could
start, checked without starting it: nothing is migrated, created or left listening.

By the time this runs, Click has read and checked every option (command line, variables, the
settings file); what remains is what only trying tells: the database, the email settings, the
trusted proxies and the port.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.text import Text

from robotable.cli.common import out
from robotable.cli.serve_checks import (
    LOOPBACK_HOSTS,
    Refused,
    arena_settings,
    bind,
    mail_settings,
    not_shared,
    shown_url,
)
from robotable.cli.settings import CHECKS_FAILED, SECRET, file_key, source
from robotable.core.errors import RobotableError

SCHEMA_WORDS = {
    "current": "its schema is this robotable's",
    "empty": "empty: `robotable serve` will create its tables",
    "behind": "schema behind: `robotable serve` will migrate it",
}


def check(ctx: click.Context) -> int:
    """Print the settings and the checks' results; the exit status (0: it would start)."""
    values = ctx.params
    console = out()
    console.print("robotable serve would run with (command line > variables > settings file > default):")
    for param in ctx.command.params:
        if param.name in ("check_config", None):
            continue
        shown = _value(param.name, values[param.name])
        console.print(f"  {file_key(param):<20} {shown:<40} {source(ctx, param.name)}", soft_wrap=True)
    problems: list[str] = []
    console.print("checks:")
    for check_one in CHECKS:
        try:
            done = check_one(values)
        except Refused as exc:
            problems.append(str(exc))
            console.print(Text(f"  error: {exc}", style="red"), soft_wrap=True)
        else:
            console.print(f"  ok: {done}", soft_wrap=True)
    if problems:
        console.print(Text(f"robotable serve would not start: {_count(len(problems))}.", style="red"))
        return CHECKS_FAILED
    console.print(Text("robotable serve would start with these settings.", style="green"))
    return 0


def _count(problems: int) -> str:
    return "1 problem" if problems == 1 else f"{problems} problems"


def _value(name: str, value: Any) -> str:
    if value is None and name == "db":
        from robotable.server.store import default_url

        return shown_url(default_url())
    if value is None:
        return "(none)"
    if name in SECRET:  # URLs shown without their password
        return _hidden(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value) or "(none)"
    return str(value)


def _hidden(url: str) -> str:
    """A URL without its password (one that cannot be read as a URL is not shown at all)."""
    shown = shown_url(url)
    return "(not a URL)" if shown == repr(url) else shown


def _proxies(values: dict[str, Any]) -> str:
    from robotable.server.proxies import TrustedProxies

    proxies = values["trusted_proxy"] or []
    try:
        TrustedProxies(proxies)
    except RobotableError as exc:
        raise Refused(str(exc)) from None
    return f"trusted proxies: {', '.join(proxies)}" if proxies else "no trusted proxy"


def _database(values: dict[str, Any]) -> str:
    from robotable.server.store import StoreError, default_url, open_store

    url = values["db"] or default_url()
    shown = f"database {_hidden(url)}"
    missing = _missing_sqlite_file(url)
    if missing is not None:
        if not missing.parent.is_dir():
            raise Refused(f"{shown}: there is no folder {missing.parent}")
        state = "does not exist yet: `robotable serve` will create it"
        shared = False
    else:
        try:
            store = open_store(url, migrate=False)
            try:
                schema = store.schema_state()
            finally:
                store.close()
        except StoreError as exc:
            raise Refused(f"{shown}: {exc}") from None
        if schema == "newer":
            raise Refused(f"{shown}: its schema is newer than this robotable (upgrade robotable)")
        state = SCHEMA_WORDS[schema]
        shared = store.shared
    if values["workers"] > 1 and not shared:
        raise Refused(not_shared(values["workers"]))
    return f"{shown}: {state}"


def _missing_sqlite_file(url: str) -> Path | None:
    """The file of an SQLite URL when it does not exist (opening it would create it)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(os.path.expanduser(str(parsed.database)))
    return None if path.exists() else path


def _mail(values: dict[str, Any]) -> str:
    mail = mail_settings(
        values["smtp"], values["mail_from"], values["public_url"], values["host"], values["port"]
    )
    if mail is None:
        return "no email (no --smtp): everything else works"
    return f"mail through {mail.smtp.shown()} from {mail.sender}, links to {mail.site}"


def _arena(values: dict[str, Any]) -> str:
    arena = arena_settings(values["arena_every"], values["arena_games"], values["arena_levels"])
    if not arena.on:
        return "no bot arena (--arena-every 0)"
    levels = ", ".join(arena.levels) or "no level of robotable's"
    return f"a bot arena pairing every {arena.every:g} s in {', '.join(arena.games)}, with {levels}"


def _port(values: dict[str, Any]) -> str:
    host, port = values["host"], values["port"]
    bind(host, port).close()
    where = "this machine only" if host in LOOPBACK_HOSTS else "reachable from other machines"
    return f"port {port} on {host} can be listened on ({where})"


CHECKS: tuple[Callable[[dict[str, Any]], str], ...] = (_proxies, _database, _mail, _arena, _port)
