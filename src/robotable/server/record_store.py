"""Where puzzle records are kept (:mod:`.records`): each person's best verified solution of each
puzzle, one row per (game, puzzle, solver). The record of a puzzle is its best row with a name
(lower score first, then the earlier); its rows count the people who solved it; an account's
rows are its progress. Every method is blocking: the callers run them in a thread."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, select, update
from sqlalchemy.dialects import postgresql, sqlite

from robotable.server import schema
from robotable.server.store import Store

SOLUTIONS = schema.puzzle_solutions.c


@dataclass(frozen=True)
class Solved:
    """A solution as kept: the solver's key, their account (None: a guest), the name shown, the
    score (up to two numbers), whether it is the proven optimum, and when."""

    solver: str
    account: int | None
    name: str | None
    score: tuple[int, ...]
    optimal: bool
    at: float


@dataclass(frozen=True)
class Record:
    """A puzzle's record (None: nobody with a name solved it yet) and how many solved it."""

    best: Solved | None
    solvers: int


def _row(score: tuple[int, ...]) -> dict[str, int]:
    return {"score_1": score[0], "score_2": score[1] if len(score) > 1 else 0}


class RecordStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def solved(self, game: str, puzzle: str, solution: Solved) -> None:
        """Keeps ``solution`` as its solver's best of the puzzle when it beats theirs (a name
        given now is kept with their best, even when this solution is not better)."""
        row = {"game": game, "puzzle": puzzle, "solver": solution.solver, "account_id": solution.account}
        row |= {"name": solution.name, "optimal": solution.optimal, "at": solution.at, **_row(solution.score)}
        old = schema.puzzle_solutions.c
        better = (old.score_1 > row["score_1"]) | (
            (old.score_1 == row["score_1"]) & (old.score_2 > row["score_2"])
        )
        upsert = self._insert().values(**row)
        kept = {key: upsert.excluded[key] for key in ("score_1", "score_2", "optimal", "at")}
        with self.store._writing() as connection:  # two at once: the database keeps the better
            connection.execute(
                upsert.on_conflict_do_update(
                    index_elements=["game", "puzzle", "solver"], set_=kept, where=better
                )
            )
            if solution.name is not None:
                key = and_(old.game == game, old.puzzle == puzzle, old.solver == solution.solver)
                connection.execute(update(schema.puzzle_solutions).where(key).values(name=solution.name))

    def _insert(self) -> Any:
        dialect = self.store.engine.dialect.name
        return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(schema.puzzle_solutions)

    def record(self, game: str, puzzle: str) -> Record:
        """The puzzle's record (its best named solution, the earlier of equals) and its solvers."""
        here = and_(SOLUTIONS.game == game, SOLUTIONS.puzzle == puzzle)
        best = (
            select(schema.puzzle_solutions)
            .where(here, SOLUTIONS.name.is_not(None))
            .order_by(SOLUTIONS.score_1, SOLUTIONS.score_2, SOLUTIONS.at, SOLUTIONS.solver)
            .limit(1)
        )
        with self.store._reading() as connection:
            row = connection.execute(best).mappings().first()
            count = connection.execute(select(func.count()).where(here)).scalar_one()
        return Record(best=_solved(row) if row else None, solvers=count)

    def progress(self, game: str, account: int) -> dict[str, Solved]:
        """An account's best solution of each puzzle of ``game`` it solved."""
        query = select(schema.puzzle_solutions).where(SOLUTIONS.game == game, SOLUTIONS.account_id == account)
        with self.store._reading() as connection:
            return {row["puzzle"]: _solved(row) for row in connection.execute(query).mappings()}

    def all_progress(self, account: int) -> dict[str, dict[str, Solved]]:
        """An account's best solution of each puzzle it solved, by game (its export)."""
        query = select(schema.puzzle_solutions).where(SOLUTIONS.account_id == account)
        kept: dict[str, dict[str, Solved]] = {}
        with self.store._reading() as connection:
            for row in connection.execute(query).mappings():
                kept.setdefault(row["game"], {})[row["puzzle"]] = _solved(row)
        return kept


def _solved(row: object) -> Solved:
    found = dict(row)  # type: ignore[call-overload]
    score = (found["score_1"], found["score_2"])
    return Solved(found["solver"], found["account_id"], found["name"], score, found["optimal"], found["at"])
