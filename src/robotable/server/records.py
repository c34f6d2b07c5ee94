"""Puzzle records (issue 30): per puzzle the best score reached and by whom, how many solved it,
and whether the record is the proven optimum; an account's course progress. The same routes for
every game of :data:`.record_games.GAMES` (``ricochet``, ``delivery``, ``dr2d``). Page routes,
not part of protocol 1 (``docs/protocol.md``, "Puzzles"):

- ``POST /api/puzzles/{game}/{id}/solved`` ``{ATTEMPT, "name": "Léa", "guest": KEY}``, the
  attempt as the game's run route reads it (Ricochet ``"moves"``, Robot Delivery ``"program"``,
  DR2D ``"programs"``): the server replays it with the game's own puzzle runner (a claimed
  score is never read); a solution is kept as its solver's best when it beats theirs; the
  answer is the puzzle's record and its number of solvers. A signed-in person solves under
  their account (its name); a guest under the key their browser made (``guest``, kept hashed),
  with the name they gave, if any: a record needs a name, a solver without one only counts.
- ``GET /api/puzzles/progress/{game}``: a signed-in account's best of each puzzle of the game
  it solved (``{"progress": {id: {"score", "optimal"}}}``); a guest's is empty (kept in their
  browser).

The record is told only in answer to a solution: it says the optimum. Solutions are throttled
per address, all games together (:data:`SOLUTIONS`). Storage: :mod:`.record_store`.
"""

# No ``from __future__ import annotations`` here: each game's route is made in a loop, and
# FastAPI reads the type of its body (the game's own model) from the annotation as it is made.

import asyncio
import re
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Request

from robotable.core.errors import PuzzleError
from robotable.server.accounts import ExportOnly, same_site_json
from robotable.server.passwords import NAME_LENGTH, clean_name
from robotable.server.puzzle_throttle import Buckets
from robotable.server.record_games import GAMES, NotSolved, RecordGame, Solution
from robotable.server.record_store import Record, RecordStore, Solved
from robotable.server.throttle import Rule
from robotable.server.tokens import hash_token

__all__ = ["GAMES", "SOLUTIONS", "NotSolved", "add_records"]

SOLUTIONS = Rule(burst=30, every=2.0)
"""Solutions one address sends: thirty at once (a class behind one address), then one every two seconds."""
GUEST_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
PuzzleId = Annotated[
    str, Path(max_length=40, pattern=r"^[a-z0-9-]+$", description="course-3, daily-2026-12-04")
]


def solver_of(body: Solution, account: Any) -> tuple[str, int | None, str | None]:
    """Who solves: (their key, their account id, the name shown), or a refusal in words."""
    if account is not None:
        return f"account:{account.id}", account.id, account.name
    if not isinstance(body.guest, str) or not GUEST_KEY.match(body.guest):
        raise PuzzleError(
            "a guest's solution comes with their browser's key (16 to 64 letters, digits, '_' or '-')",
            fr="la solution d’un invité vient avec la clé de son navigateur "
            "(16 à 64 lettres, chiffres, « _ » ou « - »)",
        )
    name = body.name
    if name is not None and (not isinstance(name, str) or len(name) > 4 * NAME_LENGTH[1]):
        name = "?"  # no name, or far too long a text: refused in the words of a name below
    name = clean_name(name) if name and name.strip() else None
    return f"guest:{hash_token(body.guest)}", None, name


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
    lengths = {game.id: game.length for game in GAMES}

    async def exported(account: int) -> dict[str, Any]:
        """Every puzzle solution kept under the account, whatever the game."""
        kept = await asyncio.to_thread(store.all_progress, account)
        return {
            "puzzle_solutions": {
                game: {puzzle: list(s.score[: lengths.get(game, 2)]) for puzzle, s in solutions.items()}
                for game, solutions in kept.items()
            }
        }

    app.state.accounts.parts.append(ExportOnly(exported))
    for game in GAMES:
        add_game_records(app, game, store, throttle, clock)


def add_game_records(
    app: FastAPI, game: RecordGame, store: RecordStore, throttle: Buckets, clock: Callable[[], float]
) -> None:
    """One game's two routes."""

    async def solved(puzzle_id: PuzzleId, body: game.body, request: Request) -> dict[str, Any]:  # type: ignore[valid-type]
        """The solution replayed and kept when it is its solver's best; the puzzle's record."""
        throttle.take(request.client.host if request.client else "")
        signed_in = await request.app.state.accounts.sessions.current(request)
        solver, account, name = solver_of(body, signed_in.account if signed_in else None)
        attempt = getattr(body, game.attempt)
        published = getattr(request.app.state, "published", None)  # the editor's puzzles
        own_id, score, optimal = await asyncio.to_thread(game.verify, puzzle_id, attempt, published)
        record = await asyncio.to_thread(keep, own_id, Solved(solver, account, name, score, optimal, clock()))
        return shown(record, game.length, solver) | {"id": own_id, "score": list(score), "optimal": optimal}

    def keep(puzzle_id: str, solution: Solved) -> Record:
        store.solved(game.id, puzzle_id, solution)
        return store.record(game.id, puzzle_id)

    async def progress(request: Request) -> dict[str, Any]:
        """A signed-in account's best of each puzzle it solved; nothing for a guest."""
        signed_in = await request.app.state.accounts.sessions.current(request)
        if signed_in is None:
            return {"signed_in": False, "progress": {}}
        kept = await asyncio.to_thread(store.progress, game.id, signed_in.account.id)
        best = {
            puzzle: {"score": list(s.score[: game.length]), "optimal": s.optimal}
            for puzzle, s in kept.items()
        }
        return {"signed_in": True, "progress": best}

    app.post(
        f"/api/puzzles/{game.id}/{{puzzle_id}}/solved",
        dependencies=[Depends(same_site_json)],
        name=f"{game.id}_solved",
    )(solved)
    app.get(f"/api/puzzles/progress/{game.id}", name=f"{game.id}_progress")(progress)
