"""Is this process alive, is it ready, and what it measures: for a load balancer, a process
supervisor and Prometheus (not part of protocol 1: docs/server.md, "Health and metrics").

- ``GET /healthz``: alive (the event loop answers): always 200.
- ``GET /readyz``: ready for new players: the database answers, its schema is the newest this
  program knows, and the process is not stopping. 200, or 503 with the reasons.
- ``GET /metrics``: the measures of :mod:`.metrics`, in Prometheus' text format.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from robotable.server.hall import Hall
from robotable.server.store import StoreError

DATABASE_WAIT = 2.0
"""Seconds the readiness check waits for the database."""


def add_health(app: FastAPI, hall: Hall) -> None:
    """The routes of the module's description; the measures read at each scrape."""
    metrics = hall.metrics
    app.state.metrics = metrics  # the refusals count themselves (:mod:`.refusals`)
    metrics.watch(
        connections=lambda: sum(len(getattr(live.audience, "open", ())) for live in hall.tables.values()),
        tables=lambda: Counter(live.game.id for live in hall.tables.values() if not live.over),
        write_queue=hall.writer.waiting,
    )

    @app.get("/healthz", include_in_schema=False)
    async def alive() -> dict[str, Any]:
        return {"alive": True}

    @app.get("/readyz", include_in_schema=False)
    async def ready() -> Response:
        reasons = await unready(hall)
        body = {"ready": not reasons, "reasons": reasons}
        return JSONResponse(body, status_code=503 if reasons else 200, headers={"Cache-Control": "no-store"})

    @app.get("/metrics", include_in_schema=False)
    async def measures() -> Response:
        exposed = await asyncio.to_thread(generate_latest, metrics.registry)
        return Response(exposed, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})


async def unready(hall: Hall) -> list[str]:
    """Why this process should not be sent new players now (none: ready)."""
    reasons = ["the server is stopping"] if hall.closing else []
    try:
        current = await asyncio.wait_for(asyncio.to_thread(hall.store.schema_current), DATABASE_WAIT)
    except (StoreError, TimeoutError) as exc:
        return [*reasons, str(exc) or f"the database did not answer within {DATABASE_WAIT:g} s"]
    if not current:
        reasons.append("the database's schema is not this version's (run the migrations)")
    return reasons
