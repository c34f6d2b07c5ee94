"""The browser pages (:mod:`robotable.web`) and the routes only they use (not part of protocol 1:
they may change without a new protocol version).

- ``/`` the lobby, ``/tables/{id}`` a table, ``/replay`` and ``/tables/{id}/replay`` the replay
  viewer, ``/learn/{game}`` a game's tutorial, ``/static/...`` their files, ``/favicon.ico``
  the site's icon (an SVG robot of its own), ``/account`` a person's account (signing up and in,
  out, a new password, their data, deleting it), ``/mine`` their tables, ``/friends`` their
  friends and the seats offered to them by name, ``/players/{name}`` a player's profile
  (:mod:`.profiles`); every page with :data:`PAGE_HEADERS`;
- ``GET /api/tables/{id}/board.svg``: the board as the token's seat sees it;
- ``GET /api/tables/{id}/help?lang=fr``: what the token's seat may type in its phase, in words;
- ``GET /api/games/{id}/picture.svg`` and ``GET /api/games/{id}/rules?lang=fr``: for the lobby.
"""

from __future__ import annotations

import asyncio
import functools
import re
from importlib import resources
from typing import Any

from fastapi import FastAPI, Query
from fastapi.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles

from robotable import games
from robotable.play.table import Table
from robotable.server.hall import Hall
from robotable.server.inputs import Language
from robotable.server.seat_keys import Key

PAGE_HEADERS = {
    # the pages' own scripts only: a name or reason shown as text can never become code, and
    # the boards' SVG (drawn by the server) carries no script that would run
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
PAGES = ("lobby", "table", "replay", "learn", "account", "mine", "friends", "profile")
PART = re.compile(r"^[ ]*<!-- part: ([\w-]+) -->\n", re.MULTILINE)
"""Where a page takes a shared part, ``static/parts/NAME.html``: the head every page has, the
header's account links and language (written once, the same on every page)."""


@functools.cache
def page_html(name: str) -> str:
    """The page ``static/NAME.html`` with its shared parts put in (read once per process: the
    pages are the package's own files, the same for every visitor and every application)."""
    static = resources.files("robotable.web") / "static"
    parts = static / "parts"
    text = static.joinpath(f"{name}.html").read_text("utf-8")
    return PART.sub(lambda found: parts.joinpath(f"{found[1]}.html").read_text("utf-8"), text)


def add_pages(app: FastAPI) -> None:
    """The pages and their files: the lobby at ``/``, a table at ``/tables/ID``, a finished
    game's replay at ``/tables/ID/replay`` (and ``/replay`` for a record file)."""
    static = resources.files("robotable.web") / "static"
    app.mount("/static", StaticFiles(packages=[("robotable.web", "static")]), name="static")
    page = {name: page_html(name) for name in PAGES}
    icon = static.joinpath("img", "favicon.svg").read_bytes()

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        """The site's icon where browsers look for it first (an SVG: every browser of today
        shows one, and it stays sharp at every size)."""
        return Response(icon, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return HTMLResponse(page["lobby"], headers=PAGE_HEADERS)

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return HTMLResponse(page["table"], headers=PAGE_HEADERS)

    @app.get("/replay", include_in_schema=False)
    @app.get("/tables/{table_id}/replay", include_in_schema=False)
    async def replay_page(table_id: str = "") -> Response:
        return HTMLResponse(page["replay"], headers=PAGE_HEADERS)

    @app.get("/learn/{game_id}", include_in_schema=False)
    async def learn_page(game_id: str) -> Response:
        """A game's tutorial (the page asks its steps of ``/api/tutorials/{game}/step``)."""
        return HTMLResponse(page["learn"], headers=PAGE_HEADERS)

    @app.get("/account", include_in_schema=False)
    async def account_page() -> Response:
        """Signing up and in, and the signed-in person's account (the routes: protocol.md, "Accounts")."""
        return HTMLResponse(page["account"], headers=PAGE_HEADERS)

    @app.get("/mine", include_in_schema=False)
    async def my_tables_page() -> Response:
        """ "My tables": every table the signed-in person sits at (``GET /api/account/tables``)."""
        return HTMLResponse(page["mine"], headers=PAGE_HEADERS)

    @app.get("/friends", include_in_schema=False)
    async def friends_page() -> Response:
        """A person's friends and requests, the seats offered them by name (protocol.md, "Friends")."""
        return HTMLResponse(page["friends"], headers=PAGE_HEADERS)

    @app.get("/players/{name}", include_in_schema=False)
    async def profile_page(name: str) -> Response:
        """A player's profile (``GET /api/players/{name}``: :mod:`.profiles`)."""
        return HTMLResponse(page["profile"], headers=PAGE_HEADERS)


def add_page_routes(app: FastAPI, hall: Hall) -> None:
    """The routes the pages draw and explain with (see the module's description)."""

    @app.get("/api/tables/{table_id}/board.svg", response_class=Response)
    async def board(table_id: str, key: Key, lang: Language = "en") -> Response:
        """The board as the token's seat sees it (a spectator without token), drawn by the
        game's SVG renderer from that seat's view alone, its words in ``lang`` and its seats
        named as the table names them."""
        live = await hall.find(table_id)
        seat = await live.authorize(key.token, key.account)
        svg = await live.board_for(seat, lang)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @app.get("/api/tables/{table_id}/help")
    async def phase_help(table_id: str, key: Key, lang: Language = "en") -> dict[str, Any]:
        """What the token's seat may type in the phase it is in, in words (the game's
        ``phase_help`` of that seat's view, in ``lang``); ``help`` is null when the legal
        actions say enough, and for a spectator, who types nothing."""
        live = await hall.find(table_id)
        version, text = await live.help_for(await live.authorize(key.token, key.account), lang)
        return {"version": version, "lang": lang, "help": text}

    @app.get("/api/games/{game_id}/picture.svg", response_class=Response)
    async def picture(game_id: str, lang: Language = "en") -> Response:
        """A picture of the game (its board at the start, as a spectator sees it), its words in
        ``lang``."""
        svg = await asyncio.to_thread(game_picture, games.get(game_id).id, lang)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str, lang: str = Query("en", max_length=8)) -> dict[str, Any]:
        """A game's rules summary as HTML (``lang``: en or fr)."""
        game = games.get(game_id)
        return {"game": game.id, "lang": lang, "html": markdown_html(game.rules_summary(lang))}


@functools.cache
def game_picture(game_id: str, lang: str = "en") -> str:
    """A game's board as anyone sees it at the start of a game with the default options, its
    words in ``lang``."""
    game = games.get(game_id)
    table = Table(game, game.validate_options({}), seed=1, seats=["human"] * max(game.min_seats, 2))
    return game.render_svg(table.state.view(None), lang=lang)


def markdown_html(text: str) -> str:
    """Markdown to HTML, raw HTML in it escaped (markdown-it-py comes with Rich)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
