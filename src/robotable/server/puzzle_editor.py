"""The puzzle editor's routes (issue 31): a puzzle made in the browser checked, published, listed
and downloaded. Page routes, not part of protocol 1 (``docs/protocol.md``, "Puzzles").

- ``POST /api/puzzles/{game}/check``, the body the puzzle file's JSON: read with the game's own
  loader, its optimum proven by the game's own solver within a limit (:mod:`.puzzle_checks`);
  the answer ``{"proven", "optimum", "solution", "reason", "words": {"en", "fr"}}``;
- ``POST /api/puzzles/{game}/publish`` ``{"puzzle": {...}, "guest": KEY, "name": "Léa"}``: the
  puzzle checked again here (an optimum in the request is never read), kept with the proven one
  under a random link (``/puzzles/{game}/p-SLUG``). A signed-in author publishes under their
  account's name and the puzzle is listed; a guest's is reachable by its link only (``guest``,
  their browser's key, kept hashed, is who they are: the same file from the same author gives
  the same link back). :data:`CAP` puzzles an author at most;
- ``GET /api/puzzles/published?game=delivery``: the listed puzzles, newest first, without optima;
- ``GET /api/puzzles/published/{slug}``: one, by its link (a guest's too);
- ``GET /api/puzzles/published/{slug}/file``: the puzzle file, the one ``robotable puzzle check
  FILE`` and the game load (the proven optimum in it; its solution left out: the hint has it);
- ``GET /api/puzzles/editor/ricochet/drawing?faces=1A2A3A4A&robots=00F0FFF0&target=RC``: the
  Ricochet editor's board drawn (``{board, targets, target}``);
- ``/puzzles/make/{game}``: the editor's page.

Checks and publications are throttled per address (per account for a signed-in author's
publications), and the solvers run one at a time, in a thread: the event loop never waits for
them; past :data:`WAITING` checks waiting their turn, one more is refused at once. Bad input
is a refusal in words and keeps nothing.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import secrets
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from robotable.core.errors import PuzzleError
from robotable.server.accounts import ExportOnly, same_site_json
from robotable.server.pages import PAGE_HEADERS, page_html
from robotable.server.passwords import clean_name
from robotable.server.published_store import Published, PublishedStore, TooMany
from robotable.server.puzzle_checks import GAMES, Checked, check, read_body
from robotable.server.puzzle_throttle import Buckets
from robotable.server.throttle import Rule
from robotable.server.tokens import hash_token
from robotable.server.workers import Busy

CHECKS = Rule(burst=20, every=3.0)
"""Checks from one address: twenty at once (an author trying things), then one every three seconds."""
PUBLICATIONS = Rule(burst=5, every=60.0)
"""Publications from one address or account: five at once, then one a minute."""
CAP = 50
"""Puzzles one author (an account, a guest's browser) may publish."""
LISTED = 100
"""Puzzles listed at most."""
WAITING = 6
"""Checks waiting for the solver at most; past them a check is refused at once (503, ``Retry-After``)."""
PUBLISHABLE = ("delivery", "ricochet", "dr2d")
"""The games whose puzzle pages play a published puzzle."""
SLUG_BYTES = 10  # 80 random bits: 16 characters of base 32, small letters and digits
SLUG = r"^[a-z2-7]{16}$"
GUEST_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
Game = Annotated[str, Path(max_length=20, description="delivery, ricochet or dr2d")]
Slug = Annotated[str, Path(max_length=16, pattern=SLUG, description="the link's random part")]


class NotProven(PuzzleError):
    status = 422
    code = "not_proven"


class TooManyPuzzles(PuzzleError):
    status = 409
    code = "too_many_puzzles"


class UnknownPublished(PuzzleError):
    status = 404
    code = "unknown_puzzle"


def new_slug() -> str:
    """A puzzle's link: random, unguessable, and an id every game's puzzle routes accept."""
    return base64.b32encode(secrets.token_bytes(SLUG_BYTES)).decode("ascii").lower()


def link(puzzle: Published) -> str:
    return f"/puzzles/{puzzle.game}/p-{puzzle.id}"


def entry(puzzle: Published) -> dict[str, Any]:
    """A published puzzle as a list shows it: never its optimum nor its solution."""
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "title": puzzle.title,
        "author": puzzle.name,
        "listed": puzzle.account is not None,
        "link": link(puzzle),
        "file": f"/api/puzzles/published/{puzzle.id}/file",
        "created": puzzle.created,
    }


def downloaded(puzzle: Published) -> dict[str, Any]:
    """The file a person downloads: the game's puzzle file, its proven optimum in it."""
    data = puzzle.data()
    data.pop("solution", None)
    return data


def ricochet_drawing(faces: str, robots: str, target: str, lang: str) -> dict[str, Any]:
    """The Ricochet editor's board: four faces of the standard board (RR-2), the robots on it and
    the target when the board has it; the targets it has. A position that breaks RR-29 is a
    refusal in words."""
    from robotable.core.errors import DataFileError, NotationError
    from robotable.games.ricochet.board import assemble
    from robotable.games.ricochet.code import Puzzle as Position
    from robotable.games.ricochet.svg import board_svg

    try:
        position = Position.parse(f"{faces}-{robots}-{target or 'RC'}")
        board = assemble(position.faces)
    except (NotationError, DataFileError, KeyError) as exc:
        raise PuzzleError(
            f"this position cannot be: {exc}",
            fr="cette position est impossible : quatre faces différentes (1 à 4, côté A ou B), "
            "des robots sur des cases différentes, aucun au centre",
        ) from None
    shown = position.target if position.target in board.targets else None
    drawing = board_svg(board, robots=position.robot_cells(), target=shown, lang=lang)
    codes = sorted(found.code for found in board.targets)
    return {"board": drawing, "targets": codes, "target": shown.code if shown else None}


def game_of(game: str) -> str:
    if game not in GAMES:
        raise PuzzleError(
            f"there is no puzzle editor for {game[:20]!r}: one of {', '.join(GAMES)}",
            fr=f"il n’y a pas d’éditeur de puzzles pour {game[:20]!r} : {', '.join(GAMES)}",
        )
    return game


def author_of(message: dict[str, Any], account: Any) -> tuple[int | None, str | None, str | None]:
    """Who publishes: (their account id, the name shown, a guest key's hash), or a refusal."""
    if account is not None:
        return account.id, account.name, None
    guest = message.get("guest")
    if not isinstance(guest, str) or not GUEST_KEY.match(guest):
        raise PuzzleError(
            "a guest's puzzle comes with their browser's key (16 to 64 letters, digits, '_' or '-')",
            fr="le puzzle d’un invité vient avec la clé de son navigateur "
            "(16 à 64 lettres, chiffres, « _ » ou « - »)",
        )
    name = message.get("name")
    if name is not None and not isinstance(name, str):
        raise PuzzleError("the name is a text", fr="le nom est un texte")
    shown = clean_name(name) if name and name.strip() else None
    return None, shown, hash_token(guest)


def add_puzzle_editor(app: FastAPI, clock: Callable[[], float] = time.time) -> None:
    """The routes of the module's description (after :func:`~.accounts.add_accounts`)."""
    store = PublishedStore(app.state.accounts.store.store)
    checks = Buckets("puzzle_checks", CHECKS, "too many puzzles checked", "trop de puzzles vérifiés")
    publications = Buckets(
        "puzzle_publications", PUBLICATIONS, "too many puzzles published", "trop de puzzles publiés"
    )
    app.state.published = store
    app.state.puzzle_check_throttle = checks
    app.state.puzzle_publish_throttle = publications
    solving = asyncio.Semaphore(1)  # two cores: one solver at a time, the others wait their turn
    page = page_html("puzzle_editor")

    async def exported(account: int) -> dict[str, Any]:
        mine = await asyncio.to_thread(store.of_account, account)
        return {"published_puzzles": [entry(puzzle) | {"puzzle": puzzle.data()} for puzzle in mine]}

    app.state.accounts.parts.append(ExportOnly(exported))

    queue = {"waiting": 0}

    async def proven(game: str, data: Any) -> Checked:
        if queue["waiting"] >= WAITING:
            raise Busy("with other puzzles' checks", "par d’autres vérifications de puzzles")
        queue["waiting"] += 1
        try:
            async with solving:
                return await asyncio.to_thread(check, game, data)
        finally:
            queue["waiting"] -= 1

    def address(request: Request) -> str:
        return request.client.host if request.client else ""

    @app.post("/api/puzzles/{game}/check", dependencies=[Depends(same_site_json)])
    async def check_puzzle(game: Game, request: Request) -> dict[str, Any]:
        """The puzzle read by its game's loader, its optimum proven, or why there is none."""
        game_of(game)
        checks.take(address(request))
        data = read_body(await request.body())
        return (await proven(game, data)).to_dict()

    @app.post("/api/puzzles/{game}/publish", dependencies=[Depends(same_site_json)])
    async def publish(game: Game, request: Request) -> dict[str, Any]:
        """The puzzle checked again and kept with its proven optimum; its link."""
        game_of(game)
        if game not in PUBLISHABLE:
            raise PuzzleError(
                f"puzzles of {game} are checked here but not published yet: download the file instead",
                fr=f"les puzzles de {game} sont vérifiés ici mais pas encore publiés : "
                "téléchargez plutôt le fichier",
            )
        signed_in = await request.app.state.accounts.sessions.current(request)
        account = signed_in.account if signed_in else None
        publications.take(f"account:{account.id}" if account else address(request))
        message = read_body(await request.body())
        if not isinstance(message, dict) or "puzzle" not in message:
            raise PuzzleError(
                'a publication is {"puzzle": the puzzle file, "guest": a guest\'s key, '
                '"name": a guest\'s name}',
                fr='une publication est {"puzzle": le fichier du puzzle, "guest": la clé d’un invité, '
                '"name": le nom d’un invité}',
            )
        account_id, name, guest_hash = author_of(message, account)
        checked = await proven(game, message["puzzle"])
        if checked.optimum is None:
            raise NotProven(checked.words["en"], fr=checked.words["fr"])
        if not checked.title:
            raise PuzzleError("a published puzzle needs a title", fr="un puzzle publié a besoin d’un titre")
        made = Published(
            id=new_slug(),
            game=game,
            title=checked.title,
            account=account_id,
            name=name,
            file=json.dumps(checked.file, ensure_ascii=False),
            optimum=checked.optimum,
            created=clock(),
            guest_hash=guest_hash,
        )
        try:
            kept = await asyncio.to_thread(store.publish, made, CAP)
        except TooMany:
            raise TooManyPuzzles(
                f"you have published {CAP} puzzles: that is the most one author may",
                fr=f"vous avez publié {CAP} puzzles : c’est le plus qu’un auteur puisse",
            ) from None
        return entry(kept) | {"again": kept.id != made.id, "words": checked.words}

    @app.get("/api/puzzles/published")
    async def published(game: Annotated[str | None, Query(max_length=20)] = None) -> dict[str, Any]:
        """The listed puzzles (account authors'), newest first, without optima."""
        if game is not None:
            game_of(game)
        listed = await asyncio.to_thread(store.listed, game, LISTED)
        return {"puzzles": [entry(puzzle) for puzzle in listed]}

    async def found(slug: str) -> Published:
        puzzle = await asyncio.to_thread(store.find, slug)
        if puzzle is None:
            raise UnknownPublished("there is no puzzle at this link", fr="il n’y a pas de puzzle à ce lien")
        return puzzle

    @app.get("/api/puzzles/published/{slug}")
    async def one_published(slug: Slug) -> dict[str, Any]:
        """A published puzzle, by its link."""
        return entry(await found(slug))

    @app.get("/api/puzzles/published/{slug}/file")
    async def published_file(slug: Slug) -> Response:
        """The puzzle file, as the game and ``robotable puzzle check FILE`` load it."""
        puzzle = await found(slug)
        text = json.dumps(downloaded(puzzle), ensure_ascii=False, indent=1) + "\n"
        filename = f"{puzzle.game}-{puzzle.id}.json"
        return Response(
            text.encode("utf-8"),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    @app.get("/api/puzzles/editor/ricochet/drawing")
    async def ricochet_board(
        faces: Annotated[str, Query(max_length=8)],
        robots: Annotated[str, Query(max_length=10)],
        target: Annotated[str, Query(max_length=2)] = "",
        lang: Annotated[str, Query(pattern="^(en|fr)$")] = "en",
    ) -> dict[str, Any]:
        """The Ricochet editor's board drawn: faces, robots, and the target if the board has it."""
        return await asyncio.to_thread(ricochet_drawing, faces, robots, target, lang)

    @app.get("/puzzles/make/{game}", include_in_schema=False)
    async def editor_page(game: str) -> Response:
        if game not in GAMES:
            return JSONResponse({"error": "no such editor"}, status_code=404)
        return HTMLResponse(page, headers=PAGE_HEADERS)
