"""``robotable serve``: the game server (HTTP API and WebSocket protocol) on uvicorn.

The listening socket is bound here, before uvicorn starts, so a port in use is one red line
and exit status 2 rather than uvicorn's log and exit 1; the same for a database that cannot
be opened (its schema is created or migrated before anything listens).

With ``--workers N`` uvicorn starts N processes on that one socket (and starts a new one when
one dies); each builds its application with :func:`worker_app` from the settings this process
leaves in its environment. They share the tables through PostgreSQL (:mod:`robotable.server.peers`).

Every option may also come from a ``ROBOTABLE_<OPTION>`` variable or a settings file
(:mod:`robotable.cli.settings`); ``--check-config`` checks them without starting
(:mod:`robotable.cli.check_config`); the logs are set up by :mod:`robotable.server.logs`.
"""

from __future__ import annotations

import logging
import logging.config
import os
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from robotable.cli.common import fail, out, reporting
from robotable.cli.serve_checks import Refused, arena_settings, bind, mail_settings, not_shared, shown_url
from robotable.cli.settings import PREFIX, ServeCommand, read_settings
from robotable.server.arena_settings import ARENA_GAMES, ARENA_LEVELS, NO_ARENA, ArenaSettings
from robotable.server.logs import HideTokens, LogFormat, LogLevel, log_config
from robotable.server.quotas import DEFAULT_QUOTAS, PerAddress, Quotas

__all__ = ["HideTokens", "app", "log_config", "serve_command"]  # HideTokens, log_config: read here by tests

CLUB = DEFAULT_QUOTAS.address

if TYPE_CHECKING:
    from fastapi import FastAPI

    from robotable.server.mail import MailSettings
    from robotable.server.store import Store

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
MAX_WORKERS = 64
# How ``serve --workers N`` hands its settings to its worker processes: environment variables
DB_VARIABLE = "ROBOTABLE_SERVE_DB"
THINK_VARIABLE = "ROBOTABLE_SERVE_THINK_LIMIT"
GRACE_VARIABLE = "ROBOTABLE_SERVE_GRACE"
SUGGEST_VARIABLE = "ROBOTABLE_SERVE_SUGGESTIONS"
DOCS_VARIABLE = "ROBOTABLE_SERVE_API_DOCS"
PROXIES_VARIABLE = "ROBOTABLE_SERVE_TRUSTED_PROXIES"
BOTS_VARIABLE = "ROBOTABLE_SERVE_BOT_CPU_SHARE"
STOP_VARIABLE = "ROBOTABLE_SERVE_STOP_WITHIN"
QUOTAS_VARIABLE = "ROBOTABLE_SERVE_QUOTAS"
MAIL_VARIABLE = "ROBOTABLE_SERVE_MAIL"
BOT_ACCOUNTS_VARIABLE = "ROBOTABLE_SERVE_BOT_ACCOUNTS"
ARENA_VARIABLE = "ROBOTABLE_SERVE_ARENA"
SMTP_VARIABLE = "ROBOTABLE_SMTP"
"""Where ``--smtp`` is read from when the option is not given (the settings of a server, kept
out of its command line, which any user of the machine can read)."""
DEFAULT_GRACE = 60.0
DEFAULT_STOP_WITHIN = 10.0
BOT_CPU_SHARE = 0.5
"""The server's own default (:data:`robotable.server.thinking.BOT_CPU_SHARE`), here so that the
command line starts without loading the server (a test checks that they agree)."""


def serve_command(
    ctx: typer.Context,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            metavar="FILE",
            is_eager=True,  # read before the other options: its settings are their defaults
            callback=read_settings,
            help="A TOML settings file: its keys are these options' names (port = 8080, think-limit = 5, "
            'trusted-proxy = ["127.0.0.1"]). The command line wins over environment variables '
            '(ROBOTABLE_PORT...), which win over the file (docs/server.md, "Settings").',
        ),
    ] = None,
    check_config: Annotated[
        bool,
        typer.Option(
            "--check-config",
            help="Check the settings, the database, the email settings and the port, print what the "
            "server would run with, and stop (exit status 1 when something is wrong). Nothing is "
            "migrated, nothing starts.",
        ),
    ] = False,
    log_format: Annotated[
        LogFormat,
        typer.Option(
            help="The log's lines: text, or one JSON object each (time, level, logger, message, "
            "and the table and the request they are about).",
        ),
    ] = "text",
    log_level: Annotated[
        LogLevel,
        typer.Option(
            help="The least important lines logged.",
        ),
    ] = "info",
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
        float,
        typer.Option(
            min=0.1,
            max=3600.0,
            help="Seconds of processor time a server bot may think over one move (past them its "
            "thought is stopped, and it is asked again a moment later).",
        ),
    ] = 30.0,
    grace: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=86400.0,
            help="Seconds a person who left (every connection of theirs closed) has to come back "
            "before a bot plays their seat (the game's medium level, or the bot the table chose); "
            "they take the seat back when they reconnect with their link. Tables created with "
            "stand_in 'none', turn-based tables and the lobby's hot-seat tables wait for them instead.",
        ),
    ] = DEFAULT_GRACE,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_WORKERS,
            help="Server processes on this host (more than 1 needs PostgreSQL: they share its tables).",
        ),
    ] = 1,
    deflate: Annotated[
        bool,
        typer.Option(
            "--deflate/--no-deflate",
            help="Compress WebSocket messages for clients that offer it: less traffic on slow links, "
            "but about a third more server CPU per message under load.",
        ),
    ] = False,
    suggestions: Annotated[
        bool,
        typer.Option(
            "--suggestions/--no-suggestions",
            help="Whether a person may ask the page's \"Suggest a move\" (the medium bot's move for "
            "their seat, from their own view; nothing is played).",
        ),
    ] = True,
    bot_accounts: Annotated[
        bool,
        typer.Option(
            "--bot-accounts/--no-bot-accounts",
            help="Whether people may make bot accounts whose programs play here with their token "
            "(docs/bots.md); off, none is made and a bot's token opens nothing.",
        ),
    ] = True,
    arena_every: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=86400.0,
            help='Seconds between two pairings of the bot arena (docs/bots.md, "The arena"): the bots '
            "that joined a game's arena are seated at rated tables by rating. 0: no arena.",
        ),
    ] = 0.0,
    arena_games: Annotated[
        str,
        typer.Option(metavar="GAMES", help="The games the arena plays, separated by commas."),
    ] = ",".join(ARENA_GAMES),
    arena_levels: Annotated[
        str,
        typer.Option(
            metavar="LEVELS",
            help="robotable's own levels in each game's arena, separated by commas (easy, medium, hard, "
            "expert; empty: none). Each plays one arena game at a time, on this machine's cores.",
        ),
    ] = ",".join(ARENA_LEVELS),
    api_docs: Annotated[
        bool,
        typer.Option(
            "--api-docs/--no-api-docs",
            help="Serve /docs, FastAPI's page of the HTTP API. Off by default: that page runs a script "
            "from a CDN (cdn.jsdelivr.net) on the server's own address, where the pages keep seat "
            "tokens. /openapi.json describes the API either way.",
        ),
    ] = False,
    bot_cpu_share: Annotated[
        float,
        typer.Option(
            min=0.01,
            max=1.0,
            help="Share of this machine's cores the bots of every table may take together (0.5: half; "
            "at least one core). The rest answers people and the API however many bots are playing.",
        ),
    ] = BOT_CPU_SHARE,
    stop_within: Annotated[
        float,
        typer.Option(
            min=1.0,
            max=600.0,
            help="Seconds a stop (Ctrl-C, SIGTERM) may take: bots' thoughts are cut short at once, "
            "connections are closed, stored actions are kept, and the process ends within this time.",
        ),
    ] = DEFAULT_STOP_WITHIN,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            metavar="ADDRESS",
            help="A reverse proxy in front of the server (an address, or a network like 10.0.0.0/8; "
            "repeat for several): from it, the client is the right-most address of X-Forwarded-For "
            "that is not a trusted proxy. From any other peer the header is ignored: the rate limit "
            "counts the peer's own address. In a variable or a file: ROBOTABLE_TRUSTED_PROXY=a,b or "
            'trusted-proxy = ["a", "b"].',
            callback=_split_commas,
        ),
    ] = None,
    tables_per_hour: Annotated[
        int,
        typer.Option(
            min=1,
            help="New tables one address may create in an hour (playing a finished game again is not one).",
        ),
    ] = CLUB.tables_per_hour,
    running_tables: Annotated[
        int, typer.Option(min=1, help="Unfinished tables one address may have created, at once.")
    ] = CLUB.running_tables,
    bot_seats: Annotated[
        int,
        typer.Option(
            min=1,
            help="Bot seats at once in the unfinished tables one address created (a seat handed to a "
            "bot counts; a bot standing in for a person who left does not).",
        ),
    ] = CLUB.bot_seats,
    bot_seats_overall: Annotated[
        int, typer.Option(min=1, help="Bot seats at once in all the unfinished tables this process runs.")
    ] = DEFAULT_QUOTAS.bot_seats_overall,
    sockets_per_address: Annotated[
        int, typer.Option(min=1, help="WebSocket connections one address may hold open at once.")
    ] = CLUB.sockets,
    bot_tables: Annotated[
        int,
        typer.Option(
            min=1,
            max=1000,
            help="Unfinished tables one bot account may sit at, at once (docs/bots.md); past them it "
            "takes no more seats (a seat offered to it waits) until one of its games is over.",
        ),
    ] = DEFAULT_QUOTAS.bot_tables,
    bot_requests: Annotated[
        int,
        typer.Option(
            min=1,
            max=1000,
            help="API requests a second one bot's token may send, on average, in bursts of three "
            "times as many (docs/bots.md); past them it is asked to wait.",
        ),
    ] = DEFAULT_QUOTAS.bot_requests,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            metavar="URL",
            envvar=SMTP_VARIABLE,
            show_envvar=True,
            help="An SMTP server to send email through (smtp://[user:password@]host[:port], smtps://... "
            "for TLS, smtp+starttls://...): people may then add an address to their account and reset "
            "a forgotten password. Without it the server sends no email and everything else works.",
        ),
    ] = None,
    mail_from: Annotated[
        str | None,
        typer.Option(
            "--mail-from",
            metavar="ADDRESS",
            help="The From of the emails (default: robotable@ this host's name).",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            metavar="URL",
            help="The address people open this site at (https://games.example.org): the links in emails "
            "begin with it. Needed with --smtp unless the server listens on this machine only.",
        ),
    ] = None,
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
    - `robotable serve --db postgresql://robotable@localhost/robotable --workers 4`

    The quotas count by client address (behind --trusted-proxy, the client's); this machine's
    own addresses have far higher limits (docs/server.md, "Limits").
    """
    from robotable.server.proxies import TrustedProxies
    from robotable.server.store import StoreError, default_url, open_store

    if check_config:
        from robotable.cli.check_config import check

        raise typer.Exit(check(ctx))
    proxies = list(trusted_proxy or [])
    with reporting():
        TrustedProxies(proxies)  # a wrong address is one red line, before anything starts
    url = db or default_url()
    with reporting():
        try:
            store = open_store(url)
        except StoreError as exc:
            raise StoreError(f"--db {shown_url(url)}: {exc}") from None
    if workers > 1 and not store.shared:
        store.close()
        raise fail(not_shared(workers))
    with _refusing():
        arena = arena_settings(arena_every, arena_games, arena_levels)
        mail = mail_settings(smtp, mail_from, public_url, host, port)
        listener = bind(host, port)
    logs = log_config(log_format, log_level)
    if log_format == "json":  # the lines below are JSON too (uvicorn sets the same up again)
        logging.config.dictConfig(logs)
    say = _say(log_format)
    _announce(say, url, host, listener.getsockname()[1], workers, "/docs" if api_docs else "/openapi.json")
    if mail is not None:
        say(f"mail: {mail.smtp.shown()} (links to {mail.site})", "")
    settings = _uvicorn_settings(deflate, stop_within, logs)
    per_address = PerAddress(tables_per_hour, running_tables, bot_seats, sockets_per_address)
    bots = {"bot_seats_overall": bot_seats_overall, "bot_tables": bot_tables, "bot_requests": bot_requests}
    quotas = Quotas(address=per_address, **bots)
    app = AppSettings(
        think_limit,
        grace,
        suggestions,
        api_docs,
        tuple(proxies),
        bot_cpu_share,
        stop_within,
        quotas=quotas,
        mail=mail,
        bot_accounts=bot_accounts,
        arena=arena,
    )
    if workers == 1:
        _run(store, listener, app, settings)
    else:
        store.close()  # each worker opens its own
        _run_workers(url, listener, workers, app, settings)


@contextmanager
def _refusing() -> Iterator[None]:
    """A :class:`Refused` as one red line and exit status 2."""
    try:
        yield
    except Refused as exc:
        raise fail(str(exc)) from None


def _split_commas(values: list[str] | None) -> list[str] | None:
    """``--trusted-proxy``'s values, each maybe several separated by commas (as in a variable)."""
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


Say = Callable[[str, str], None]
"""Tells one line of the start (its text, and its style on a console)."""


def _say(log_format: str) -> Say:
    """How the start is told: on the console, or as log lines when the log is JSON (every line
    of the output is then one JSON object)."""
    if log_format == "json":
        log = logging.getLogger("robotable.serve")
        return lambda line, _style="": log.info(line)
    console = out()
    return lambda line, style="": console.print(Text(line, style=style), soft_wrap=True)


def _announce(say: Say, url: str, host: str, port: int, workers: int, api: str = "/openapi.json") -> None:
    shown_host = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown_host = "localhost"  # listening everywhere: this machine's own name works
    say(f"database: {shown_url(url)}", "")
    if workers > 1:
        say(f"{workers} worker processes", "")
    say(f"serving on http://{shown_host}:{port}/  (API: {api}, Ctrl-C stops)", "green")


def _uvicorn_settings(
    deflate: bool, stop_within: float = DEFAULT_STOP_WITHIN, logs: dict[str, Any] | None = None
) -> dict[str, Any]:
    from robotable.server.app import MAX_MESSAGE

    return {
        # a stop gives the requests in progress half its time, the tables' closing the other half
        "timeout_graceful_shutdown": max(1, int(stop_within / 2)),
        # a dictionary, pickled to each worker process of --workers N, where uvicorn applies it again
        "log_config": logs if logs is not None else log_config(),
        "lifespan": "on",
        "ws_max_size": 16 * MAX_MESSAGE,  # frames far past the protocol's limit: refused unread
        # off by default: an update differs little from the one before, but compressing it per
        # connection (a zlib state each, cold in the cache with many clients) costs more than
        # building it; on a fast network the bytes saved are not worth it
        "ws_per_message_deflate": deflate,
        # X-Forwarded-For is believed only from the proxies named by --trusted-proxy, by the
        # application (robotable.server.proxies); uvicorn's own default believes 127.0.0.1
        "proxy_headers": False,
    }


@dataclass(frozen=True)
class AppSettings:
    """What each process's application is made with: the one process's, or each worker's of
    ``--workers N``, handed over in environment variables (:meth:`export`, :meth:`imported`)."""

    think_limit: float
    grace: float = DEFAULT_GRACE
    suggestions: bool = True
    api_docs: bool = False
    trusted_proxies: tuple[str, ...] = ()
    bot_cpu_share: float = BOT_CPU_SHARE
    stop_within: float = DEFAULT_STOP_WITHIN
    quotas: Quotas = DEFAULT_QUOTAS
    mail: MailSettings | None = None
    bot_accounts: bool = True
    arena: ArenaSettings = NO_ARENA

    def app(self, store: Store) -> FastAPI:
        from robotable.server.app import create_app

        return create_app(
            store,
            think_limit=self.think_limit,
            own_process=True,
            grace=self.grace,
            suggestions=self.suggestions,
            api_docs=self.api_docs,
            trusted_proxies=self.trusted_proxies,
            bot_cpu_share=self.bot_cpu_share,
            stop_within=self.stop_within,
            quotas=self.quotas,
            mail=self.mail,
            bot_accounts=self.bot_accounts,
            arena=self.arena,
        )

    def export(self) -> None:
        os.environ[THINK_VARIABLE] = repr(self.think_limit)
        os.environ[GRACE_VARIABLE] = repr(self.grace)
        os.environ[SUGGEST_VARIABLE] = "1" if self.suggestions else "0"
        os.environ[DOCS_VARIABLE] = "1" if self.api_docs else ""
        os.environ[PROXIES_VARIABLE] = ",".join(self.trusted_proxies)
        os.environ[BOTS_VARIABLE] = repr(self.bot_cpu_share)
        os.environ[STOP_VARIABLE] = repr(self.stop_within)
        os.environ[QUOTAS_VARIABLE] = self.quotas.to_json()
        os.environ[MAIL_VARIABLE] = self.mail.to_json() if self.mail is not None else ""
        os.environ[BOT_ACCOUNTS_VARIABLE] = "1" if self.bot_accounts else "0"
        os.environ[ARENA_VARIABLE] = self.arena.to_json()

    @classmethod
    def imported(cls) -> AppSettings:
        return cls(
            think_limit=float(os.environ[THINK_VARIABLE]),
            grace=float(os.environ.get(GRACE_VARIABLE, DEFAULT_GRACE)),
            suggestions=os.environ.get(SUGGEST_VARIABLE, "1") != "0",
            api_docs=bool(os.environ.get(DOCS_VARIABLE)),
            trusted_proxies=tuple(p for p in os.environ.get(PROXIES_VARIABLE, "").split(",") if p),
            bot_cpu_share=float(os.environ.get(BOTS_VARIABLE, BOT_CPU_SHARE)),
            stop_within=float(os.environ.get(STOP_VARIABLE, DEFAULT_STOP_WITHIN)),
            quotas=Quotas.from_json(os.environ.get(QUOTAS_VARIABLE, DEFAULT_QUOTAS.to_json())),
            mail=_imported_mail(os.environ.get(MAIL_VARIABLE, "")),
            bot_accounts=os.environ.get(BOT_ACCOUNTS_VARIABLE, "1") != "0",
            arena=ArenaSettings.from_json(os.environ.get(ARENA_VARIABLE, NO_ARENA.to_json())),
        )


def _imported_mail(text: str) -> MailSettings | None:
    from robotable.server.mail import MailSettings

    return MailSettings.from_json(text) if text else None


def _run(store: Store, listener: socket.socket, app: AppSettings, settings: dict[str, Any]) -> None:
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app.app(store), **settings))
    try:
        server.run(sockets=[listener])
    finally:
        listener.close()
        store.close()


def _run_workers(
    url: str, listener: socket.socket, workers: int, app: AppSettings, settings: dict[str, Any]
) -> None:
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    os.environ[DB_VARIABLE] = url
    app.export()
    # a rolling restart (SIGHUP) waits this long for each new worker to serve before it stops an
    # old one; uvicorn's 5 s default gave up halfway on a busy machine (a worker starts in 2-8 s)
    config = uvicorn.Config(
        f"{__name__}:worker_app", factory=True, workers=workers, timeout_worker_healthcheck=60, **settings
    )
    try:
        Multiprocess(config, sockets=[listener]).run()
    finally:
        listener.close()


def worker_app() -> FastAPI:
    """One worker's application, on the database its parent has already migrated."""
    from robotable.server.store import open_store

    return AppSettings.imported().app(open_store(os.environ[DB_VARIABLE], migrate=False))


app = typer.Typer(add_completion=False, rich_markup_mode="markdown")
app.command(
    "serve",
    cls=ServeCommand,
    # every option also read from ROBOTABLE_<OPTION> (click's own mechanism)
    context_settings={"auto_envvar_prefix": PREFIX},
)(serve_command)

_bind = bind  # tests/web start a server on a socket of their own
