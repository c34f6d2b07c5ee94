"""The server's application: :func:`create_app` assembles its parts, one job each.

- :mod:`.routes`: the HTTP API of protocol 1; :mod:`.sockets`: the WebSocket protocol and
  the tables' audience of connections (``docs/protocol.md`` describes both);
- :mod:`.pages`: the browser pages, their files and the routes only they use;
  :mod:`.replays`: finished games step by step, stored or uploaded; :mod:`.tutorials`: a game's
  guided tutorial, step by step; :mod:`.puzzle_routes`: Ricochet's puzzles, played alone;
- :mod:`.thinking`: where the bots think, and :mod:`.replay_steps`: where replays are worked
  out, both in worker processes with limits (:mod:`.workers`);
- :mod:`.limits`: request rates and body sizes; :mod:`.refusals`: every refusal's one shape;
  :mod:`.headers`: the headers of every answer, ``HEAD`` as ``GET``, the API's ``/docs``;
  :mod:`.proxies`: the client's address (behind a trusted proxy, from ``X-Forwarded-For``);
  :mod:`.quotas`: tables, bots and connections per address and overall; :mod:`.bot_limits`:
  requests, connections and tables per bot account;
- :mod:`.collector`: short garbage-collector pauses when the server is its process's only work;
- below them, :mod:`.hall` (the live tables of this process), :mod:`.live` (one table's actor),
  :mod:`.store` (the database) and :mod:`.peers` (the other processes on it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from robotable.server.accounts import add_accounts
from robotable.server.arena import add_arena
from robotable.server.arena_settings import NO_ARENA, ArenaSettings
from robotable.server.bot_accounts import add_bot_accounts
from robotable.server.bot_challenges import add_bot_challenges
from robotable.server.bot_limits import BotTables, limit_bot_requests
from robotable.server.classrooms import add_classrooms
from robotable.server.collector import short_collections
from robotable.server.delivery_puzzle_routes import add_delivery_puzzle_routes
from robotable.server.email_routes import add_email
from robotable.server.friends import add_friends
from robotable.server.hall import GRACE, Hall
from robotable.server.headers import AnswerHeaders, add_api_docs
from robotable.server.health import add_health
from robotable.server.invitations import add_invitations
from robotable.server.leaderboard import add_leaderboard
from robotable.server.limits import MAX_BODY, BodyLimit, limit_requests
from robotable.server.logs import RequestIds, about_the_table
from robotable.server.mail import Mailer, MailSettings
from robotable.server.my_tables import add_my_tables
from robotable.server.pages import add_page_routes, add_pages
from robotable.server.pages import markdown_html as _markdown  # noqa: F401  (tests/web read it here)
from robotable.server.profiles import add_profiles
from robotable.server.proxies import ClientAddress, TrustedProxies
from robotable.server.puzzle_editor import add_puzzle_editor
from robotable.server.puzzle_routes import add_puzzle_routes
from robotable.server.quotas import DEFAULT_QUOTAS, Quotas
from robotable.server.records import add_records
from robotable.server.refusals import add_refusals
from robotable.server.replays import MAX_RECORD_BYTES, add_replays, replay_workers
from robotable.server.routes import add_routes
from robotable.server.sockets import MAX_MESSAGE, PROTOCOL, Connections, add_socket, close_signed_out
from robotable.server.stopping import bound_the_stop
from robotable.server.store import Store
from robotable.server.thinking import BOT_CPU_SHARE, BotProcesses, BotThreads
from robotable.server.turn_emails import TurnEmails
from robotable.server.tutorials import add_tutorials

__all__ = ["MAX_MESSAGE", "PROTOCOL", "create_app"]  # MAX_MESSAGE: ``robotable serve`` sizes frames by it

log = logging.getLogger("robotable.server")


def create_app(
    store: Store,
    *,
    clock: Callable[[], float] = time.time,
    think_limit: float = 30.0,
    own_process: bool = False,
    grace: float = GRACE,
    suggestions: bool = True,
    api_docs: bool = False,
    trusted_proxies: Sequence[str] = (),
    bot_cpu_share: float = BOT_CPU_SHARE,
    bots_in_threads: bool = False,
    stop_within: float = 10.0,
    quotas: Quotas = DEFAULT_QUOTAS,
    mail: MailSettings | None = None,
    bot_accounts: bool = True,
    arena: ArenaSettings = NO_ARENA,
) -> FastAPI:
    """The server's application over ``store``; unfinished tables are restored at start-up.
    ``own_process``: the application is the process's only work (``robotable serve``), so
    it keeps the garbage collector's pauses short (:func:`.collector.short_collections`).
    ``grace``: seconds a person who left has to come back before a bot stands in for them.
    ``suggestions``: whether the tables suggest a move to a seat that asks (the medium bot's).
    ``api_docs``: serve ``/docs``, FastAPI's page of the API (its script comes from a CDN:
    :mod:`.headers`). ``trusted_proxies``: the reverse proxies (addresses, networks) whose
    ``X-Forwarded-For`` names the client (:mod:`.proxies`); from any other peer it is ignored.
    ``bot_cpu_share``: the share of the cores the bots of every table take at most, in worker
    processes; ``bots_in_threads``: in this process's threads instead, for bots that exist only
    in this process (a test's) (:mod:`.thinking`). ``stop_within``: seconds the server's stop may
    take; the tables' closing gets half of it (the requests in progress had the other half).
    ``quotas``: what one address may hold at once, and the whole process (:mod:`.quotas`).
    ``mail``: the SMTP server the accounts' email goes through; None: the server sends none
    (:mod:`.email_routes`). ``bot_accounts``: whether people may make bots that play here with
    their token (:mod:`.bot_accounts`). ``arena``: the bot arena this process pairs, if any
    (:mod:`.arena`)."""
    trusted = TrustedProxies(trusted_proxies)  # a wrong address refused before anything starts
    thinking = BotThreads(think_limit) if bots_in_threads else BotProcesses(think_limit, bot_cpu_share)
    hall = Hall(
        store,
        audience=Connections,
        clock=clock,
        thinking=thinking,
        grace=grace,
        suggestions=suggestions,
        quotas=quotas,
    )
    replays = replay_workers()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hall.start()
        await pairing.start()
        if own_process:  # a server: its first bot move and first replay do not wait for a worker
            thinking.warm()
            replays.warm()
            bound_the_stop(stop_within, stop_work)
        collections = asyncio.create_task(short_collections()) if own_process else None
        yield
        if collections is not None:
            collections.cancel()
        replays.close()
        await pairing.close()
        try:
            async with asyncio.timeout(stop_within / 2):
                await hall.close()
        except TimeoutError:  # every stored action is safe: each was committed before it was told
            log.error("the tables did not close within %g s: the server stops anyway", stop_within / 2)
        if hall.turn_emails is not None:  # after the tables: their last news are queued
            await hall.turn_emails.close()

    def stop_work() -> None:
        """The server is stopping: the bots' thoughts and the replays end now, so the requests
        waiting for them answer at once (called at the signal: :mod:`.stopping`)."""
        hall.closing = True
        thinking.close()
        replays.close()

    app = FastAPI(
        title="robotable",
        version=str(PROTOCOL),
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        dependencies=[Depends(about_the_table)],  # the table a route's path names, for the logs
    )
    app.state.hall = hall
    app.state.bot_tables = BotTables(hall)  # the cap on a bot's unfinished tables (:mod:`.bot_limits`)
    add_refusals(app)
    add_health(app, hall)
    limit_bot_requests(app, hall)  # before: it runs after the address's limit, its answer known
    limit_requests(app)
    app.add_middleware(BodyLimit, default=MAX_BODY, limits={"/api/replays/step": MAX_RECORD_BYTES})
    add_routes(app, hall)
    add_page_routes(app, hall)
    add_socket(app, hall)
    add_pages(app)
    add_replays(app, hall, replays)
    add_tutorials(app)
    add_puzzle_routes(app)
    add_delivery_puzzle_routes(app)
    add_accounts(app, store, clock=clock, seats_changed=hall.seats_changed)
    mailer = Mailer(mail) if mail is not None else None
    add_email(app, mailer)
    turn_emails = TurnEmails(store, mailer, clock)
    app.state.accounts.parts.append(turn_emails)  # the export holds its rows, SMTP or not
    if mailer is not None:  # one email when a turn-based table begins to wait for a person who asked
        hall.turn_emails = turn_emails
    add_my_tables(app, hall)
    # an ended session leaves no socket showing the seat its cookie found, in any process
    hall.sign_out_listeners.append(lambda account, session: close_signed_out(hall, account, session))
    app.state.accounts.sessions.listeners.append(hall.sessions_ended)
    add_friends(app, clock=clock)
    add_invitations(app, hall, clock=clock)
    add_bot_accounts(app, hall, clock=clock, seats_changed=hall.seats_changed, enabled=bot_accounts)
    add_bot_challenges(app, clock=clock)
    add_leaderboard(app, hall)
    pairing = app.state.arena = add_arena(app, hall, arena)
    add_profiles(app, store)
    add_records(app, clock=clock)
    add_classrooms(app, clock=clock)
    add_puzzle_editor(app, clock=clock)
    if api_docs:
        add_api_docs(app)
    app.add_middleware(ClientAddress, trusted=trusted)  # before the limits count by address
    app.add_middleware(AnswerHeaders)  # every answer, refusals included
    app.add_middleware(RequestIds)  # the outermost layer: every line logged names its request
    return app
