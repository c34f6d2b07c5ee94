"""Where classrooms are kept (:mod:`.classrooms`): the rooms, their pupils with their current
attempt, and each pupil's results per puzzle, through the store's own transactions. Tokens are
kept as their SHA-256 only. Every method is blocking: the callers run them in a thread."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update

from robotable.puzzles.classroom import MAX_PUPILS, counts_as_attempt
from robotable.server import schema
from robotable.server.store import StaleTable, Store

ROOMS = schema.classrooms.c
PUPILS = schema.classroom_pupils.c
RESULTS = schema.classroom_results.c


class NameTaken(Exception):
    """A pupil of the room has that name already (capitals aside)."""


class RoomFull(Exception):
    """The room has :data:`MAX_PUPILS` pupils."""


@dataclass(frozen=True)
class Room:
    code: str
    teacher_hash: str
    game: str
    series: str | None
    puzzle: str | None
    created: float
    expires: float | None
    hint: str | None
    hint_at: float | None
    shown_pupil: int | None
    shown_puzzle: str | None
    shown_moves: Any  # the moves (Ricochet Robots) or program (Robot Delivery) shown


@dataclass(frozen=True)
class Pupil:
    id: int
    code: str
    name: str
    token_hash: str
    puzzle: str | None  # the key of its result (:func:`.result_key`)
    moves: Any  # the moves (Ricochet Robots), or {"program", "run"} (Robot Delivery)
    ended: bool
    changed: float
    hint: str | None
    hint_at: float | None


@dataclass(frozen=True)
class Result:
    pupil: int
    puzzle: str
    attempts: int
    best: int | None
    solution: Any  # the moves, or the program, of the best solution


def _room(row: Any) -> Room:
    found = dict(row)
    found["shown_moves"] = json.loads(found["shown_moves"]) if found["shown_moves"] else None
    return Room(**found)


def _pupil(row: Any) -> Pupil:
    found = dict(row)
    found.pop("name_key")
    found.pop("joined")
    found["moves"] = json.loads(found["moves"])
    return Pupil(**found)


class ClassroomStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def open(self, code: str, teacher_hash: str, game: str, now: float, expires: float | None) -> bool:
        """A new room (working on the course of ``game``); False when ``code`` is in use. Rooms
        past their day are removed first, with their pupils and results."""
        row = {"code": code, "teacher_hash": teacher_hash, "game": game, "series": "course"}
        row |= {"created": now, "expires": expires}
        with self.store._writing() as connection:
            connection.execute(delete(schema.classrooms).where(ROOMS.expires < now))
            if connection.execute(select(ROOMS.code).where(ROOMS.code == code)).first():
                return False
            connection.execute(insert(schema.classrooms).values(**row))
        return True

    def room(self, code: str, now: float) -> Room | None:
        """The room of ``code``, unless there is none or its day is over."""
        query = select(schema.classrooms).where(ROOMS.code == code)
        with self.store._reading() as connection:
            row = connection.execute(query).mappings().first()
        if row is None or (row["expires"] is not None and row["expires"] < now):
            return None
        return _room(row)

    def change(self, code: str, **values: Any) -> None:
        """The room's work, its life, its hint to all or the solution it shows (``shown_moves``: a list)."""
        if "shown_moves" in values and values["shown_moves"] is not None:
            values["shown_moves"] = json.dumps(values["shown_moves"])
        with self.store._writing() as connection:
            connection.execute(update(schema.classrooms).where(ROOMS.code == code).values(**values))

    def join(self, code: str, name: str, name_key: str, token_hash: str, now: float) -> Pupil:
        """A new pupil of the room, or :class:`NameTaken` / :class:`RoomFull`."""
        row = {"code": code, "name": name, "name_key": name_key, "token_hash": token_hash, "joined": now}
        row |= {"puzzle": None, "moves": "[]", "ended": False, "changed": now}
        count = select(func.count()).where(PUPILS.code == code)
        try:
            with self.store._writing() as connection:
                if connection.execute(count).scalar_one() >= MAX_PUPILS:
                    raise RoomFull
                pupil_id = connection.execute(
                    insert(schema.classroom_pupils).values(**row)
                ).inserted_primary_key[0]
        except StaleTable as error:  # the room's unique name (two joining at once: one wins)
            raise NameTaken from error
        return Pupil(pupil_id, code, name, token_hash, None, [], False, now, None, None)

    def pupil(self, code: str, token_hash: str) -> Pupil | None:
        query = select(schema.classroom_pupils).where(PUPILS.code == code, PUPILS.token_hash == token_hash)
        with self.store._reading() as connection:
            row = connection.execute(query).mappings().first()
        return None if row is None else _pupil(row)

    def pupils(self, code: str) -> list[Pupil]:
        query = select(schema.classroom_pupils).where(PUPILS.code == code).order_by(PUPILS.id)
        with self.store._reading() as connection:
            return [_pupil(row) for row in connection.execute(query).mappings()]

    def hint_pupil(self, code: str, pupil: int, text: str, now: float) -> bool:
        """A hint to one pupil of the room; False when the room has no such pupil."""
        where = (PUPILS.code == code) & (PUPILS.id == pupil)
        with self.store._writing() as connection:
            changed = connection.execute(
                update(schema.classroom_pupils).where(where).values(hint=text, hint_at=now)
            )
        return changed.rowcount == 1

    def results(self, code: str, pupil: int | None = None) -> list[Result]:
        """The results of the room's pupils (or of one), in the order they joined."""
        query = select(schema.classroom_results).join(schema.classroom_pupils, PUPILS.id == RESULTS.pupil_id)
        query = query.where(PUPILS.code == code).order_by(PUPILS.id, RESULTS.puzzle)
        if pupil is not None:
            query = query.where(PUPILS.id == pupil)
        with self.store._reading() as connection:
            rows = connection.execute(query).mappings().all()
        return [
            Result(r["pupil_id"], r["puzzle"], r["attempts"], r["best"], json.loads(r["solution"] or "null"))
            for r in rows
        ]

    def attempt(
        self, pupil: Pupil, puzzle: str, moves: list[str], *, ended: bool, score: int | None, now: float
    ) -> None:
        """The pupil's current attempt is now ``moves`` at ``puzzle``: their attempts counted
        (:func:`.counts_as_attempt`), and their best solution kept when it is one (``score``: its
        score's first number; None: not solved)."""
        previous = pupil.moves if pupil.puzzle == puzzle else []
        counted = counts_as_attempt(previous, pupil.ended and pupil.puzzle == puzzle, moves, ended=ended)
        solution = None if score is None else (score, moves)
        self.record(pupil, puzzle, moves, ended=ended, counted=counted, solution=solution, now=now)

    def record(
        self,
        pupil: Pupil,
        puzzle: str,
        current_attempt: Any,
        *,
        ended: bool,
        counted: bool,
        solution: tuple[int, Any] | None,
        now: float,
    ) -> None:
        """The pupil's current attempt is now ``current_attempt`` (JSON-ready) at ``puzzle``
        (a result's key); one attempt more when ``counted``; ``solution`` (its best, and what
        to keep of it) kept when better than the pupil's best."""
        current = {"puzzle": puzzle, "moves": json.dumps(current_attempt), "ended": ended, "changed": now}
        with self.store._writing() as connection:
            connection.execute(update(schema.classroom_pupils).where(PUPILS.id == pupil.id).values(**current))
            if counted or solution:
                self._result(connection, pupil.id, puzzle, solution, int(counted))

    def _result(
        self, connection: Any, pupil: int, puzzle: str, solution: tuple[int, Any] | None, more: int
    ) -> None:
        key = (RESULTS.pupil_id == pupil) & (RESULTS.puzzle == puzzle)
        row = connection.execute(select(schema.classroom_results).where(key)).mappings().first()
        best, moves = solution if solution is not None else (None, None)
        if row is None:
            values = {"pupil_id": pupil, "puzzle": puzzle, "attempts": more, "best": best}
            connection.execute(insert(schema.classroom_results).values(**values, solution=json.dumps(moves)))
            return
        values = {"attempts": row["attempts"] + more}
        if best is not None and (row["best"] is None or best < row["best"]):
            values |= {"best": best, "solution": json.dumps(moves)}
        connection.execute(update(schema.classroom_results).where(key).values(**values))
