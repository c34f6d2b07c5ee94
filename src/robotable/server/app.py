"""The server's application: :func:`create_app` assembles its parts, one job each.

- :mod:`.routes`: the HTTP API of protocol 1; :mod:`.sockets`: the WebSocket protocol and
  the tables' audience of connections (``docs/protocol.md`` describes both);
- :mod:`.pages`: the browser pages, their files and the routes only they use;
  :mod:`.replays`: finished games step by step, stored or uploaded; :mod:`.tutorials`: a game's
  guided tutorial, step by step;
- :mod:`.limits`: request rates and body sizes; :mod:`.refusals`: every refusal's one shape;
  :mod:`.headers`: the headers of every answer, ``HEAD`` as ``GET``, the API's ``/docs``;
  :mod:`.proxies`: the client's address (behind a trusted proxy, from ``X-Forwarded-For``);
  :mod:`.quotas`: tables, bots and connections per address and overall;
- :mod:`.collector`: short garbage-collector pauses when the server is its process's only work;
- below them, :mod:`.hall` (the live tables of this process), :mod:`.live` (one table's actor),
  :mod:`.store` (the database) and :mod:`.peers` (the other processes on it).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager

from fastapi import FastAPI

from robotable.server.collector import short_collections
from robotable.server.hall import GRACE, Hall
from robotable.server.headers import AnswerHeaders, add_api_docs
from robotable.server.limits import MAX_BODY, BodyLimit, limit_requests
from robotable.server.pages import add_page_routes, add_pages
from robotable.server.pages import markdown_html as _markdown  # noqa: F401  (tests/web read it here)
from robotable.server.proxies import ClientAddress, TrustedProxies
from robotable.server.quotas import DEFAULT_QUOTAS, Quotas
from robotable.server.refusals import add_refusals
from robotable.server.replays import MAX_RECORD_BYTES, add_replays
from robotable.server.routes import add_routes
from robotable.server.sockets import MAX_MESSAGE, PROTOCOL, Connections, add_socket
from robotable.server.store import Store
from robotable.server.tutorials import add_tutorials

__all__ = ["MAX_MESSAGE", "PROTOCOL", "create_app"]  # MAX_MESSAGE: ``robotable serve`` sizes frames by it


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
    quotas: Quotas = DEFAULT_QUOTAS,
) -> FastAPI:
    """The server's application over ``store``; unfinished tables are restored at start-up.
    ``own_process``: the application is the process's only work (``robotable serve``), so
    it keeps the garbage collector's pauses short (:func:`.collector.short_collections`).
    ``grace``: seconds a person who left has to come back before a bot stands in for them.
    ``suggestions``: whether the tables suggest a move to a seat that asks (the medium bot's).
    ``api_docs``: serve ``/docs``, FastAPI's page of the API (its script comes from a CDN:
    :mod:`.headers`). ``trusted_proxies``: the reverse proxies (addresses, networks) whose
    ``X-Forwarded-For`` names the client (:mod:`.proxies`); from any other peer it is ignored.
    ``quotas``: what one address may hold at once, and the whole process (:mod:`.quotas`)."""
    trusted = TrustedProxies(trusted_proxies)  # a wrong address refused before anything starts
    hall = Hall(
        store,
        audience=Connections,
        clock=clock,
        think_limit=think_limit,
        grace=grace,
        suggestions=suggestions,
        quotas=quotas,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hall.start()
        collections = asyncio.create_task(short_collections()) if own_process else None
        yield
        if collections is not None:
            collections.cancel()
        await hall.close()

    app = FastAPI(title="robotable", version=str(PROTOCOL), lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hall = hall
    add_refusals(app)
    limit_requests(app)
    app.add_middleware(BodyLimit, default=MAX_BODY, limits={"/api/replays/step": MAX_RECORD_BYTES})
    add_routes(app, hall)
    add_page_routes(app, hall)
    add_socket(app, hall)
    add_pages(app)
    add_replays(app, hall)
    add_tutorials(app)
    if api_docs:
        add_api_docs(app)
    app.add_middleware(ClientAddress, trusted=trusted)  # before the limits count by address
    app.add_middleware(AnswerHeaders)  # the outermost layer: every answer, refusals included
    return app
