"""A game's leaderboard (issue 29): its rated accounts and its bot levels, best first.

- ``GET /api/leaderboard/{game}``: ``{game, players: [{rank, name, bot?, bot_account?, rating,
  provisional?, games, wins}]}``; a bot's line has ``bot`` (its level: each page words it,
  "Expert bot") and an empty name; a bot account's (someone's program) has ``bot_account``.
  ``rank`` counts from 1; equal shown ratings share a rank. ``rating`` is the number people see
  (:func:`robotable.play.rated.shown`); nothing else of a rating is public.
- ``/leaderboard/{game}``: the page that shows it (``web/static/leaderboard.html``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response

from robotable import games
from robotable.play.rated import provisional, ranks_of, shown
from robotable.server.hall import Hall
from robotable.server.pages import PAGE_HEADERS, page_html
from robotable.server.rating_store import Standing

LISTED = 200
"""Lines a leaderboard shows at most (the best)."""


def add_leaderboard(app: FastAPI, hall: Hall) -> None:
    """The routes of the module's description."""
    page = page_html("leaderboard")

    @app.get("/api/leaderboard/{game_id}")
    async def leaderboard(game_id: str) -> dict[str, Any]:
        """A game's rated players and bot levels, best first."""
        game = games.get(game_id)
        standings = await asyncio.to_thread(hall.store.standings, game.id, LISTED)
        return {"game": game.id, "players": lines(standings)}

    @app.get("/leaderboard/{game_id}", include_in_schema=False)
    async def leaderboard_page(game_id: str) -> Response:
        return HTMLResponse(page, headers=PAGE_HEADERS)


def lines(standings: list[Standing]) -> list[dict[str, Any]]:
    """The leaderboard's lines, ranked by the rating shown (equal numbers share a rank)."""
    ratings = [shown(standing.mu) for standing in standings]
    listed: list[dict[str, Any]] = []
    for standing, rating, rank in zip(standings, ratings, ranks_of(ratings), strict=True):
        line: dict[str, Any] = {"rank": rank, "name": standing.name, "rating": rating}
        if standing.player[0] == "bot":
            line["bot"] = standing.player[1]
        elif standing.bot_account:  # someone's program, under its account's name
            line["bot_account"] = True
        if provisional(standing.sigma):
            line["provisional"] = True
        listed.append({**line, "games": standing.games, "wins": standing.wins})
    return listed
