"""Puzzle records (issue 30): per puzzle the best score reached and by whom, how many solved it,
and whether the record is the proven optimum; an account's course progress. Page routes, not
part of protocol 1 (``docs/protocol.md``, "Puzzles"):

- ``POST /api/puzzles/ricochet/{id}/solved`` ``{"moves": [...], "name": "Léa", "guest": KEY}``:
  the server replays the moves (a claimed score is never read); a solution is kept as its
  solver's best when it beats theirs; the answer is the puzzle's record and its number of
  solvers. A signed-in person solves under their account (its name); a guest under the key
  their browser made (``guest``, kept hashed), with the name they gave, if any: a record needs
  a name, a solver without one only counts.
- ``GET /api/puzzles/progress/ricochet``: a signed-in account's best of each puzzle it solved
  (``{"progress": {id: {"moves", "optimal"}}}``); a guest's is empty (kept in their browser).

The record is told only in answer to a solution: it says the optimum. Solutions are throttled
per address (:data:`SOLUTIONS`). Storage: :mod:`.record_store`.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from pydantic import BaseModel, Field

from robotable.core.errors import PuzzleError
from robotable.games.ricochet.puzzle_file import MAX_ATTEMPT, run
from robotable.server.accounts import ExportOnly, same_site_json
from robotable.server.passwords import clean_name
from robotable.server.puzzle_routes import PuzzleId, find
from robotable.server.puzzle_throttle import Buckets
from robotable.server.record_store import Record, RecordStore, Solved
from robotable.server.throttle import Rule
from robotable.server.tokens import hash_token

GAME = "ricochet"
SOLUTIONS = Rule(burst=30, every=2.0)
"""Solutions one address sends: thirty at once (a class behind one address), then one every two seconds."""
GUEST_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class NotSolved(PuzzleError):
    status = 422
    code = "not_solved"


class Solution(BaseModel):
    moves: list[Annotated[str, Field(max_length=24)]] = Field(
        max_length=MAX_ATTEMPT, description="from the start"
    )
    name: str | None = Field(default=None, max_length=100, description="a guest's name for the records")
    guest: str | None = Field(default=None, max_length=64, description="a guest browser's own key")


def solver_of(body: Solution, account: Any) -> tuple[str, int | None, str | None]:
    """Who solves: (their key, their account id, the name shown), or a refusal in words."""
    if account is not None:
        return f"account:{account.id}", account.id, account.name
    if body.guest is None or not GUEST_KEY.match(body.guest):
        raise PuzzleError(
            "a guest's solution comes with their browser's key (16 to 64 letters, digits, '_' or '-')",
            fr="la solution d’un invité vient avec la clé de son navigateur "
            "(16 à 64 lettres, chiffres, « _ » ou « - »)",
        )
    name = clean_name(body.name) if body.name and body.name.strip() else None
    return f"guest:{hash_token(body.guest)}", None, name


def verified(puzzle_id: str, moves: list[str]) -> tuple[str, tuple[int, ...], bool]:
    """The puzzle's own id (``daily``: today's), the score of ``moves`` replayed, and whether it
    is the proven optimum; or :class:`NotSolved`."""
    puzzle = find(puzzle_id)
    outcome = run(puzzle, moves)
    if not outcome.solved:
        raise NotSolved("these moves do not solve the puzzle", fr="ces coups ne résolvent pas le puzzle")
    optimal = puzzle.optimum is not None and outcome.score <= puzzle.optimum
    return puzzle.extra["id"], outcome.score, optimal


def shown(record: Record, length: int, solver: str) -> dict[str, Any]:
    """A record as the page says it: ``record: 7 moves by Léa, optimal; 23 people solved it``."""
    best = record.best
    told = None
    if best is not None:
        told = {"score": list(best.score[:length]), "name": best.name, "optimal": best.optimal}
        told["yours"] = best.solver == solver
    return {"record": told, "solvers": record.solvers}


def add_records(app: FastAPI, clock: Callable[[], float] = time.time) -> None:
    """The routes of the module's description (after :func:`~.accounts.add_accounts`)."""
    store = RecordStore(app.state.accounts.store.store)
    throttle = Buckets("solutions", SOLUTIONS, "too many solutions sent", "trop de solutions envoyées")
    app.state.records = store
    app.state.record_throttle = throttle

    async def exported(account: int) -> dict[str, Any]:
        kept = await asyncio.to_thread(store.progress, GAME, account)
        return {"puzzle_solutions": {GAME: {puzzle: list(s.score[:1]) for puzzle, s in kept.items()}}}

    app.state.accounts.parts.append(ExportOnly(exported))

    @app.post("/api/puzzles/ricochet/{puzzle_id}/solved", dependencies=[Depends(same_site_json)])
    async def solved(puzzle_id: PuzzleId, body: Solution, request: Request) -> dict[str, Any]:
        """The solution replayed and kept when it is its solver's best; the puzzle's record."""
        throttle.take(request.client.host if request.client else "")
        signed_in = await request.app.state.accounts.sessions.current(request)
        solver, account, name = solver_of(body, signed_in.account if signed_in else None)
        own_id, score, optimal = await asyncio.to_thread(verified, puzzle_id, body.moves)
        record = await asyncio.to_thread(keep, own_id, Solved(solver, account, name, score, optimal, clock()))
        return shown(record, len(score), solver) | {"id": own_id, "score": list(score), "optimal": optimal}

    def keep(puzzle_id: str, solution: Solved) -> Record:
        store.solved(GAME, puzzle_id, solution)
        return store.record(GAME, puzzle_id)

    @app.get("/api/puzzles/progress/ricochet")
    async def progress(request: Request) -> dict[str, Any]:
        """A signed-in account's best of each puzzle it solved; nothing for a guest."""
        signed_in = await request.app.state.accounts.sessions.current(request)
        if signed_in is None:
            return {"signed_in": False, "progress": {}}
        kept = await asyncio.to_thread(store.progress, GAME, signed_in.account.id)
        best = {puzzle: {"moves": s.score[0], "optimal": s.optimal} for puzzle, s in kept.items()}
        return {"signed_in": True, "progress": best}
