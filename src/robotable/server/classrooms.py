"""The classroom (issue 30): a teacher opens a room on one game's puzzles (Ricochet Robots, Robot
Delivery, DR2D: :mod:`.classroom_games`) and reads its code aloud; pupils join with the code and
a name (no account); the teacher picks the room's work (a series or one puzzle),
follows every pupil's progress and a picked pupil's attempt live (the page asks every second),
pushes a hint to one pupil or all, shows one pupil's solution to all, and exports the results
as CSV. Page routes, not part of protocol 1 (``docs/protocol.md``, "Classrooms").

The teacher and each pupil hold a secret token (``Authorization: Bearer``), kept hashed and
compared in constant time like a seat's (:mod:`.tokens`). A pupil receives their own attempts
and results, the room's work, the hints meant for them and the solution the teacher shows: never
another pupil's attempt. The room's rules (codes, attempts, a day's life, the CSV) are
:mod:`robotable.puzzles.classroom`'s; its storage :mod:`.classroom_store`; what the teacher's
and the pupils' answers hold, :mod:`.classroom_views`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Path, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from robotable.core.errors import RobotableError
from robotable.games.ricochet.puzzle_file import MAX_ATTEMPT
from robotable.puzzles.classroom import expiry, is_code, key_parts, new_code, normalised_code, tidy_hint
from robotable.server.accounts import same_site_json
from robotable.server.classroom_attempts import Checked, check_delivery, check_dr2d, check_ricochet
from robotable.server.classroom_games import GAMES, catalogue, checked_game, series_names
from robotable.server.classroom_store import ClassroomStore, NameTaken, Pupil, Result, Room, RoomFull
from robotable.server.classroom_views import csv_of, pupil_view, teacher_view, work_of
from robotable.server.inputs import bearer_token
from robotable.server.pages import PAGE_HEADERS, page_html
from robotable.server.passwords import clean_name, name_key
from robotable.server.puzzle_routes import Lang
from robotable.server.puzzle_throttle import Buckets
from robotable.server.throttle import Rule
from robotable.server.tokens import hash_token, new_token, token_matches

OPENINGS = Rule(burst=10, every=360.0)
"""Rooms one address opens: ten at once, then one every six minutes."""
JOINS = Rule(burst=60, every=1.0)
"""Joins from one address (a class behind one school address): sixty at once, then one a second:
guessing codes (22**6 of them) at that pace finds nothing."""
ATTEMPTS = Rule(burst=60, every=0.2)
"""Attempts one pupil sends: a move, a card laid or a register written, a run, each is one."""

Code = Annotated[str, Path(max_length=16, description="the room's code, as typed (HK47MX, hk4-7mx)")]
Auth = Annotated[str | None, Header(max_length=200, description="Bearer TOKEN: the teacher's or a pupil's")]


class ClassroomRefusal(RobotableError):
    def __init__(self, code: str, english: str, french: str, status: int) -> None:
        super().__init__(english, fr=french)
        self.code, self.status = code, status


def no_room() -> ClassroomRefusal:
    return ClassroomRefusal(
        "no_room",
        "there is no open room with this code (a room lives for a day unless its teacher keeps it)",
        "il n’y a pas de salle ouverte avec ce code (une salle vit un jour sauf si son professeur la garde)",
        404,
    )


def not_yours() -> ClassroomRefusal:
    return ClassroomRefusal(
        "not_yours",
        "this token is not one of this room's",
        "ce jeton n’est pas un de ceux de cette salle",
        403,
    )


class Join(BaseModel):
    name: str = Field(max_length=100, description="3 to 24 letters, digits, '_', '-', spaces")


class Opening(BaseModel):
    game: str = Field(default=GAMES[0], max_length=20, description="ricochet, delivery or dr2d")


class Work(BaseModel):
    game: str | None = Field(
        default=None, max_length=20, description="ricochet, delivery or dr2d; none: the room's"
    )
    series: str | None = Field(default=None, max_length=40, description="course or book")
    puzzle: str | None = Field(default=None, max_length=40, description="one puzzle's id")


class Keep(BaseModel):
    keep: bool


class Hint(BaseModel):
    text: str = Field(max_length=2000)
    pupil: int | None = Field(default=None, description="one pupil's id; none: every pupil")


class Show(BaseModel):
    pupil: int | None = Field(default=None, description="whose best solution to show; none: show nothing")
    puzzle: str | None = Field(default=None, max_length=40)


class Attempt(BaseModel):
    game: str | None = Field(default=None, max_length=20, description="the game of the page that sends it")
    puzzle: str = Field(max_length=40)
    moves: list[Annotated[str, Field(max_length=24)]] = Field(
        default_factory=list, max_length=MAX_ATTEMPT, description="Ricochet Robots: the moves"
    )
    program: Any = Field(
        default=None, description="Robot Delivery: the program (checked by the game's own rules)"
    )
    registers: Any = Field(default=None, description="DR2D: the registers written, turn after turn")
    run: bool = Field(default=False, description="Robot Delivery, DR2D: the pupil pressed Run")
    lang: Lang = "en"


class Rooms:
    """The rooms' store and clock, and who presents which token."""

    def __init__(self, store: ClassroomStore, clock: Callable[[], float]) -> None:
        self.store, self.clock = store, clock

    async def room(self, typed: str) -> Room:
        code = normalised_code(typed)
        found = await asyncio.to_thread(self.store.room, code, self.clock()) if is_code(code) else None
        if found is None:
            raise no_room()
        return found

    async def teacher(self, typed: str, authorization: str | None) -> Room:
        room = await self.room(typed)
        if not token_matches(presented(authorization), room.teacher_hash):
            raise not_yours()
        return room

    async def pupil(self, typed: str, authorization: str | None) -> tuple[Room, Pupil]:
        room = await self.room(typed)
        token = presented(authorization)
        pupil = await asyncio.to_thread(self.store.pupil, room.code, hash_token(token))
        if pupil is None or not token_matches(token, pupil.token_hash):
            raise not_yours()
        return room, pupil


def presented(authorization: str | None) -> str:
    token = bearer_token(authorization)
    if token is None:
        raise ClassroomRefusal("no_token", "send your token", "envoyez votre jeton", 401)
    return token


def address(request: Any) -> str:
    return request.client.host if request.client else ""


def add_classrooms(app: FastAPI, clock: Callable[[], float] = time.time) -> None:
    """The routes of the module's description (after :func:`~.accounts.add_accounts`)."""
    rooms = Rooms(ClassroomStore(app.state.accounts.store.store), clock)
    app.state.classrooms = rooms
    app.state.classroom_throttles = {
        "open": Buckets("rooms", OPENINGS, "too many rooms opened", "trop de salles ouvertes"),
        "join": Buckets("joins", JOINS, "too many pupils joining", "trop d’élèves qui rejoignent"),
        "attempt": Buckets("attempts", ATTEMPTS, "too many moves sent", "trop de coups envoyés"),
    }
    add_teacher_routes(app, rooms)
    add_pupil_routes(app, rooms)
    add_classroom_pages(app)


def add_teacher_routes(app: FastAPI, rooms: Rooms) -> None:
    guarded = [Depends(same_site_json)]
    store = rooms.store
    throttles = app.state.classroom_throttles

    @app.post("/api/classrooms", dependencies=guarded, status_code=201)
    async def open_room(request: Request, body: Opening | None = None) -> dict[str, Any]:
        """A new room working on the course of a game (Ricochet Robots unless told): its code,
        and the teacher's token (shown once)."""
        game = checked_game((body or Opening()).game)
        throttles["open"].take(address(request))
        token, now = new_token(), rooms.clock()
        for _ in range(20):  # a code in use is rare: another try
            code = new_code()
            if await asyncio.to_thread(
                store.open, code, hash_token(token), game, now, expiry(now, kept=False)
            ):
                return {"code": code, "game": game, "token": token, "expires": expiry(now, kept=False)}
        raise ClassroomRefusal("busy", "no free code: try again", "aucun code libre : réessayez", 503)

    @app.get("/api/classrooms/{code}")
    async def teacher_page(code: Code, authorization: Auth = None) -> dict[str, Any]:
        """Everything the teacher follows: the work, every pupil's progress and current attempt."""
        room = await rooms.teacher(code, authorization)
        pupils, results = await asyncio.to_thread(lambda: (store.pupils(room.code), store.results(room.code)))
        return teacher_view(room, pupils, results)

    @app.post("/api/classrooms/{code}/work", dependencies=guarded)
    async def choose(code: Code, body: Work, authorization: Auth = None) -> dict[str, Any]:
        """The room's work: a game's series (``course``, ``book``) or one puzzle. Another game
        stops showing a solution (it was of the game before)."""
        room = await rooms.teacher(code, authorization)
        game = checked_game(body.game or room.game)
        series, puzzle = chosen(body, game)
        values: dict[str, Any] = {"game": game, "series": series, "puzzle": puzzle}
        if game != room.game:
            values |= {"shown_pupil": None, "shown_puzzle": None, "shown_moves": None}
        await asyncio.to_thread(lambda: store.change(room.code, **values))
        return {"game": game, "series": series, "puzzle": puzzle}

    @app.post("/api/classrooms/{code}/keep", dependencies=guarded)
    async def keep(code: Code, body: Keep, authorization: Auth = None) -> dict[str, Any]:
        """Kept: the room lives on after its day; let go: it lives one more day from now."""
        room = await rooms.teacher(code, authorization)
        expires = expiry(rooms.clock(), kept=body.keep)
        await asyncio.to_thread(store.change, room.code, expires=expires)
        return {"kept": body.keep, "expires": expires}

    @app.post("/api/classrooms/{code}/hint", dependencies=guarded)
    async def push_hint(code: Code, body: Hint, authorization: Auth = None) -> dict[str, Any]:
        """A hint to one pupil, or to all (the newest one each pupil was sent is the one shown)."""
        room = await rooms.teacher(code, authorization)
        text, now = tidy_hint(body.text), rooms.clock()
        if not text:
            raise ClassroomRefusal("empty_hint", "write the hint first", "écrivez d’abord l’indice", 422)
        if body.pupil is None:
            await asyncio.to_thread(store.change, room.code, hint=text, hint_at=now)
        elif not await asyncio.to_thread(store.hint_pupil, room.code, body.pupil, text, now):
            raise no_pupil()
        return {"text": text, "pupil": body.pupil}

    @app.post("/api/classrooms/{code}/show", dependencies=guarded)
    async def show(code: Code, body: Show, authorization: Auth = None) -> dict[str, Any]:
        """One pupil's best solution of a puzzle shown to every pupil; no pupil: nothing shown."""
        room = await rooms.teacher(code, authorization)
        if body.pupil is None:
            await asyncio.to_thread(
                store.change, room.code, shown_pupil=None, shown_puzzle=None, shown_moves=None
            )
            return {"shown": None}
        pupils, results = await asyncio.to_thread(
            lambda: (store.pupils(room.code), store.results(room.code, body.pupil))
        )
        best = solution_to_show(room, pupils, results, body)
        values = {"shown_pupil": body.pupil, "shown_puzzle": best.puzzle, "shown_moves": best.solution}
        await asyncio.to_thread(lambda: store.change(room.code, **values))
        return {"shown": {"pupil": body.pupil, "puzzle": best.puzzle, "moves": best.solution}}

    @app.get("/api/classrooms/{code}/results.csv")
    async def results(code: Code, authorization: Auth = None) -> Response:
        """Every pupil's results at every puzzle they tried, as CSV."""
        room = await rooms.teacher(code, authorization)
        pupils, found = await asyncio.to_thread(lambda: (store.pupils(room.code), store.results(room.code)))
        disposition = f'attachment; filename="classroom-{room.code}.csv"'
        return Response(
            csv_of(pupils, found),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": disposition},
        )


def solution_to_show(room: Room, pupils: list[Pupil], results: list[Result], body: Show) -> Result:
    """The pupil's solution of ``body.puzzle`` (of the room's game); without one, of the puzzle
    they are on if they solved it, else of the first they solved; or a refusal in words."""
    solved = {}
    for result in results:
        game, puzzle = key_parts(result.puzzle)
        if result.solution and game == room.game:
            solved[puzzle] = Result(result.pupil, puzzle, result.attempts, result.best, result.solution)
    key = next((pupil.puzzle for pupil in pupils if pupil.id == body.pupil), None)
    current = key_parts(key)[1] if key and key_parts(key)[0] == room.game else None
    wanted = body.puzzle or (current if current in solved else next(iter(solved), None))
    if wanted not in solved:
        raise ClassroomRefusal(
            "no_solution",
            "this pupil has no solution to show",
            "cet élève n’a pas de solution à montrer",
            409,
        )
    return solved[wanted]


def no_pupil() -> ClassroomRefusal:
    return ClassroomRefusal("no_pupil", "this room has no such pupil", "cette salle n’a pas cet élève", 404)


def chosen(body: Work, game: str) -> tuple[str | None, str | None]:
    """(series, puzzle) of a teacher's choice for ``game``, exactly one of them; or a refusal in words."""
    if (body.series is None) == (body.puzzle is None):
        raise ClassroomRefusal(
            "bad_work", "choose a series or one puzzle", "choisissez une série ou un puzzle", 422
        )
    if body.series is not None and body.series not in series_names(game):
        raise ClassroomRefusal("bad_work", "there is no such series", "cette série n’existe pas", 422)
    if body.puzzle is not None and body.puzzle not in catalogue(game):
        raise ClassroomRefusal("bad_work", "there is no such puzzle", "ce puzzle n’existe pas", 422)
    return body.series, body.puzzle


def add_pupil_routes(app: FastAPI, rooms: Rooms) -> None:
    guarded = [Depends(same_site_json)]
    store = rooms.store
    throttles = app.state.classroom_throttles

    @app.post("/api/classrooms/{code}/join", dependencies=guarded, status_code=201)
    async def join(code: Code, body: Join, request: Request) -> dict[str, Any]:
        """A pupil joins with a name: their token (shown once)."""
        throttles["join"].take(address(request))
        room = await rooms.room(code)
        name, token = clean_name(body.name), new_token()
        try:
            pupil = await asyncio.to_thread(
                store.join, room.code, name, name_key(name), hash_token(token), rooms.clock()
            )
        except NameTaken:
            raise ClassroomRefusal(
                "name_taken",
                f"a pupil of this room is called {name} already: choose another name",
                f"un élève de cette salle s’appelle déjà {name} : choisissez un autre nom",
                409,
            ) from None
        except RoomFull:
            raise ClassroomRefusal("room_full", "this room is full", "cette salle est pleine", 409) from None
        return {"code": room.code, "pupil": pupil.id, "name": pupil.name, "token": token}

    @app.get("/api/classrooms/{code}/me")
    async def me(code: Code, authorization: Auth = None) -> dict[str, Any]:
        """What a pupil sees of the room: its work, their results, the hint for them, the solution shown."""
        room, pupil = await rooms.pupil(code, authorization)
        mine = await asyncio.to_thread(store.results, room.code, pupil.id)
        shown_name = None
        if room.shown_pupil is not None:
            shown_name = next(
                (
                    p.name
                    for p in await asyncio.to_thread(store.pupils, room.code)
                    if p.id == room.shown_pupil
                ),
                None,
            )
        return pupil_view(room, pupil, mine, shown_name)

    @app.post("/api/classrooms/{code}/attempt", dependencies=guarded)
    async def attempt(code: Code, body: Attempt, authorization: Auth = None) -> dict[str, Any]:
        """A pupil's attempt checked with the game's own rules (as the puzzle page's own route
        answers: ``/api/puzzles/ricochet/{id}/check``, ``/api/puzzles/delivery/{id}/run``) and
        kept as their current one, for their teacher to follow (:mod:`.classroom_attempts`)."""
        room, pupil = await rooms.pupil(code, authorization)
        throttles["attempt"].take(pupil.id)
        if body.game is not None and body.game != room.game:
            raise ClassroomRefusal(
                "other_game",
                "this room works on another game's puzzles now: go back to the room",
                "cette salle travaille maintenant sur les puzzles d’un autre jeu : revenez à la salle",
                409,
            )
        if body.puzzle not in work_of(room):
            raise ClassroomRefusal(
                "not_the_work",
                "this puzzle is not the room's work",
                "ce puzzle n’est pas le travail de la salle",
                409,
            )
        checked = await asyncio.to_thread(checked_attempt, room, pupil, body)
        await asyncio.to_thread(
            lambda: store.record(
                pupil,
                checked.key,
                checked.current,
                ended=checked.ended,
                counted=checked.counted,
                solution=checked.solution,
                now=rooms.clock(),
            )
        )
        return checked.answer


def checked_attempt(room: Room, pupil: Pupil, body: Attempt) -> Checked:
    """The attempt checked with the room's game's own rules (:mod:`.classroom_attempts`)."""
    if room.game == "delivery":
        return check_delivery(pupil, body.puzzle, body.program, body.run, body.lang)
    if room.game == "dr2d":
        return check_dr2d(pupil, body.puzzle, body.registers, body.run, body.lang)
    return check_ricochet(pupil, body.puzzle, body.moves, body.lang)


def add_classroom_pages(app: FastAPI) -> None:
    pages = {"room": page_html("classroom"), "teacher": page_html("teacher")}

    @app.get("/classroom", include_in_schema=False)
    async def join_page() -> Response:
        return HTMLResponse(pages["room"], headers=PAGE_HEADERS)

    @app.get("/classroom/{code}", include_in_schema=False)
    async def room_page(code: str) -> Response:
        return HTMLResponse(pages["room"], headers=PAGE_HEADERS)

    @app.get("/teach", include_in_schema=False)
    async def teach_page() -> Response:
        return HTMLResponse(pages["teacher"], headers=PAGE_HEADERS)


__all__ = ["add_classrooms"]
