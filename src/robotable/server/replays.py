"""A finished game, step by step, for the replay viewer: a stored table's record, or a record
file the person chose (checked as ``robotable replay`` checks it, and never stored).

- ``GET /api/tables/{id}/replay/{n}?seat=S``: a finished game after ``n`` actions as seat ``S``
  (or a spectator) saw it;
- ``POST /api/replays/step`` with ``{record, number, seat}``: the same for an uploaded record
  (at most :data:`MAX_RECORD_BYTES` and :data:`MAX_RECORD_ACTIONS`).

Each step is worked out in the replays' worker processes (:mod:`.replay_steps`), each within
:data:`REPLAY_SECONDS` of processor time and :data:`REPLAY_MEMORY_MB`, at most
:data:`REPLAYS_QUEUED` waiting: the server's own process only reads the request and waits.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request

from robotable.server.hall import Hall
from robotable.server.inputs import Language, refuse_unless_json
from robotable.server.replay_steps import (
    MAX_RECORD_ACTIONS,
    MAX_RECORD_BYTES,
    ReplayStep,
    step,
    uploaded_step,
)
from robotable.server.seats import public_seat_names
from robotable.server.workers import Budget, WorkerPool

__all__ = ["MAX_RECORD_ACTIONS", "MAX_RECORD_BYTES", "add_replays", "replay_workers"]

REPLAY_SECONDS = 10.0
"""Processor time for one step (a 50,000-action record replayed whole takes about 3 s)."""
REPLAY_MEMORY_MB = 512
"""Memory one step may add to its worker (a 50,000-action record's replay holds 35 MB)."""
REPLAYS_QUEUED = 16
"""Steps waiting or being worked out in the whole server; more are refused with "busy"."""
REPLAYS_PER_ADDRESS = 2
"""Steps one address may have waiting or being worked out: one client cannot fill the queue."""
BUSY = ("replaying games for other people", "à rejouer des parties pour d'autres personnes")


def replay_workers() -> WorkerPool:
    """The replays' workers: a quarter of the cores (at least one)."""
    processes = max(1, len(os.sched_getaffinity(0)) // 4)
    budget = Budget(REPLAY_SECONDS, REPLAY_MEMORY_MB)
    return WorkerPool("replays", processes, budget, queue=REPLAYS_QUEUED, per_owner=REPLAYS_PER_ADDRESS)


def add_replays(app: FastAPI, hall: Hall, workers: WorkerPool) -> None:
    """The two replay routes (see the module's description), worked out by ``workers``."""

    @app.get("/api/tables/{table_id}/replay/{number}")
    async def replay_step(
        request: Request, table_id: str, number: int, seat: int | None = Query(None), lang: Language = "en"
    ) -> dict[str, Any]:
        """A finished game after its first ``number`` actions as ``seat`` saw it (a spectator
        without): its view, its drawing and the news of action ``number`` with the events'
        sentences. Given once the game is over, like its record."""
        stored = await hall.stored_over(table_id)
        if stored.outcome is None:
            raise HTTPException(409, "the game is not over: its replay is shown once it ends")
        names = public_seat_names(list(stored.seats), lang)
        # a finished table's record never changes: its id names it for the worker's cursor
        args = (f"table {table_id}", stored.record(), names, number, seat, lang)
        return await _worked_out(workers, step, *args, key=table_id, owner=_address(request))

    body_schema = {"content": {"application/json": {"schema": ReplayStep.model_json_schema()}}}

    @app.post("/api/replays/step", openapi_extra={"requestBody": body_schema})
    async def replay_uploaded(request: Request) -> dict[str, Any]:
        """A step of a record sent by the page (a file the person chose): nothing is stored; the
        record is checked as ``robotable replay`` checks it, then stepped through."""
        refuse_unless_json(request, "the record", "l'enregistrement")
        body = await request.body()  # read whole, up to its limit, by the server's BodyLimit
        # by address: one person stepping through a record finds it where it was left
        address = _address(request)
        return await _worked_out(workers, uploaded_step, body, key=address, owner=address)


async def _worked_out(workers: WorkerPool, job: Any, *args: Any, key: Any, owner: str) -> dict[str, Any]:
    """``job(*args)`` in a replays worker; a client that leaves does not stop the worker."""
    answer: dict[str, Any] = await asyncio.shield(workers.run(job, *args, key=key, owner=owner, busy=BUSY))
    return answer


def _address(request: Request) -> str:
    """The client's address (the proxy's client behind a trusted proxy: :mod:`.proxies`)."""
    return request.client.host if request.client else ""
