"""The bot arena (issue 32; docs/bots.md "The arena"): per game, a continuous round of rated
games between the bots that joined it, robotable's levels included, paired by rating at the
pace the server's host sets. The rules (pairing, rating, pausing) are
:mod:`robotable.play.arena`'s; the ratings are stored by :mod:`.arena_rating`.

- ``GET /api/arena``: ``{on, every, games: [{game, bots}]}``: whether this server's arena runs,
  every how many seconds it pairs, and each game's number of bots in it.
- ``GET /api/arena/{game}``: ``{game, on, players: [{rank, name, owner, level?, rating,
  provisional?, games, wins, paused_until?, active}]}``, best first; a level's line has
  ``level`` and no name (each page words it, "Expert bot").
- ``GET /api/arena/{game}/games?name=NAME`` (a bot account) or ``?level=LEVEL``: its latest
  games, newest first, each with its table (its replay: ``/tables/ID/replay``), rank, rating
  before and after, whether it ran out of time, and its opponents.
- ``POST /api/arena/{game}`` with ``Bot-Token``: the bot joins the game's arena; ``DELETE``:
  it leaves (its line and games stay). From then on the arena seats it at its tables: its
  program finds them in ``GET /api/bot/tables`` (``robotable bot serve --arena GAME`` does all
  of this).
- ``/arena`` and ``/arena/{game}``: the page that shows it (``web/static/arena.html``).

An arena table is a rated table made by the server: each bot account's seat is held by its
account (its token finds it), each level's seat is played by the server. A table of a game
that can wait for its players has a short time bank per seat (:attr:`ArenaSettings.bank`);
a bot whose bank runs out is played by a bot to the end and ranks last. Every process started
with ``--arena-every`` runs the arena; each round is paired by the one that claims it first in
the database (``arena_rounds``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse

from robotable import games
from robotable.agents.levels import LEVELS, bots_of
from robotable.core.errors import RobotableError
from robotable.core.game import Game
from robotable.play.arena import pairings
from robotable.play.rated import provisional, ranks_of, shown
from robotable.play.time_banks import BankRule
from robotable.server.arena_rating import EntryKey
from robotable.server.arena_settings import ArenaSettings
from robotable.server.arena_store import ArenaGame, ArenaLine, ArenaStore
from robotable.server.hall import Fresh, Hall
from robotable.server.pages import PAGE_HEADERS, page_html
from robotable.server.passwords import AccountRefusal, signed_out
from robotable.server.seats import SeatRow, seat_name, stand_in_kind
from robotable.server.tokens import hash_token, new_table_id, new_token

log = logging.getLogger("robotable.server")

GAMES_LISTED = 50
"""A bot's games its arena page lists at most (the latest)."""


def arena_off(game: Game) -> AccountRefusal:
    return AccountRefusal(
        "arena_off",
        f"this server's arena does not play {game.title}",
        f"l'arène de ce serveur ne joue pas à {game.title}",
        status=404,
    )


def arena_seats(game: Game) -> int:
    """How many bots an arena table of ``game`` seats: two, or the fewest the game allows."""
    return max(2, game.min_seats)


class Arena:
    """The pairing of this process (see the module's description): every ``settings.every``
    seconds, each game's free bots seated at new tables by rating."""

    def __init__(self, hall: Hall, settings: ArenaSettings) -> None:
        self.hall, self.settings = hall, settings
        self.store = ArenaStore(hall.store)
        self.draw = random.Random()
        """Who meets whom, and each table's seed (a test seeds it: the same arena every time)."""
        self.table_ids: Callable[[], str] = new_table_id
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """The host's levels in each game's arena (the others out of it), then the pairing."""
        if not self.settings.on:
            return
        now = self.hall.clock()
        for game in self.settings.games:
            for level in set(LEVELS) & set(bots_of(games.get(game))):
                if level in self.settings.levels:
                    await asyncio.to_thread(self.store.join, game, ("level", level), now)
                else:
                    await asyncio.to_thread(self.store.leave, game, ("level", level))
        self.task = asyncio.create_task(self._pair_forever())

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _pair_forever(self) -> None:
        while not self.hall.closing:
            try:
                await self.pair()
            except RobotableError as exc:  # the database away a while: paired at the next round
                log.warning("arena: %s", exc)
            except Exception:  # a bug of one round must not end the arena: logged, next round
                log.exception("arena: a round failed")
            await asyncio.sleep(self.settings.every)

    async def pair(self) -> list[str]:
        """One round of every game whose turn this process claims: the new tables' ids."""
        made: list[str] = []
        for game in self.settings.games:
            claim = self.store.claim_round
            if await asyncio.to_thread(claim, game, self.hall.clock(), self.settings.every * 0.9):
                made += await self.pair_game(game)
            # else another process on the database pairs this round
        return made

    async def pair_game(self, game_id: str) -> list[str]:
        """One round of ``game_id``'s arena: its free bots seated by rating; the new tables' ids."""
        game = games.get(game_id)
        now = self.hall.clock()
        free, playing = await asyncio.to_thread(self.store.pool, game.id, now)
        accounts = [entrant.key[1] for entrant in free if entrant.key[0] == "account"]
        names = await asyncio.to_thread(self.store.names, accounts)
        return [
            await self._open(game, [entrant.key for entrant in group], names)
            for group in pairings(free, arena_seats(game), self.draw, playing=playing, now=now)
        ]

    async def _open(self, game: Game, keys: list[EntryKey], names: Mapping[int, str]) -> str:
        rows = [_seat_row(seat, key, names) for seat, key in enumerate(keys)]
        timers = game.needs_clock(len(rows)) is not None  # a game that cannot wait keeps its own clock
        bank = None if timers else BankRule(self.settings.bank, self.settings.per_move)
        stand_in = stand_in_kind(game, None, timers=True) if timers else None  # a bank hands seats over
        options = game.validate_options(dict(self.settings.options.get(game.id, {})))
        fresh = Fresh(
            self.table_ids(), game.id, options, self.draw.getrandbits(63), timers, None,
            stand_in, bank, rated=True, arena=True,
        )  # fmt: skip
        await self.hall.open_arranged(fresh, rows)
        return fresh.table_id


def _seat_row(seat: int, key: EntryKey, names: Mapping[int, str]) -> SeatRow:
    """A bot account's seat, held by its account (its token finds it; the seat's own token is
    given to nobody), or a level's, played by the server."""
    if key[0] == "level":
        kind = f"bot:{key[1]}"
        return SeatRow(seat, kind, seat_name(kind, seat, ""), None)
    name = names.get(key[1], f"seat {seat}")
    return SeatRow(seat, "human", name, hash_token(new_token()), account=key[1], account_bot=True)


# --------------------------------------------------------------------------- routes


def add_arena(app: FastAPI, hall: Hall, settings: ArenaSettings) -> Arena:
    """The routes of the module's description, and the arena that pairs (started with the app)."""
    arena = Arena(hall, settings)
    store = arena.store
    page = page_html("arena")

    def arena_game(game_id: str) -> Game:
        return games.get(game_id)

    async def bot_of(request: Request) -> int:
        signed_in = await app.state.accounts.sessions.bot(request)
        if signed_in is None:
            raise signed_out()
        return signed_in.account.id

    @app.get("/api/arena")
    async def arena_games() -> dict[str, Any]:
        """Whether the arena runs here, and how many bots are in each game's."""
        bots = await asyncio.to_thread(store.counts)
        counts = [{"game": game, "bots": bots.get(game, 0)} for game in settings.games]
        return {"on": settings.on, "every": settings.every, "games": counts if settings.on else []}

    @app.get("/api/arena/{game_id}")
    async def standings(game_id: str) -> dict[str, Any]:
        """The game's arena, best rating first."""
        game = arena_game(game_id)
        lines = await asyncio.to_thread(store.lines, game.id)
        return {"game": game.id, "on": settings.plays(game.id), "players": ranked(lines, hall.clock())}

    @app.get("/api/arena/{game_id}/games")
    async def games_of(game_id: str, name: str | None = None, level: str | None = None) -> dict[str, Any]:
        """One bot's latest arena games (a bot account by ``name``, a level by ``level``)."""
        game = arena_game(game_id)
        lines = await asyncio.to_thread(store.lines, game.id)
        line = next((line for line in lines if _named(line, name, level)), None)
        if line is None:
            raise not_in_arena(name or level or "")
        played = await asyncio.to_thread(store.games_of, line.id, GAMES_LISTED)
        return {"game": game.id, "games": [_game(entry) for entry in played]}

    @app.post("/api/arena/{game_id}")
    async def join(game_id: str, request: Request) -> dict[str, Any]:
        """The bot of the ``Bot-Token`` joins the game's arena."""
        game = arena_game(game_id)
        bot = await bot_of(request)
        if not settings.plays(game.id):
            raise arena_off(game)
        await asyncio.to_thread(store.join, game.id, ("account", bot), hall.clock())
        return {"game": game.id, "joined": True}

    @app.delete("/api/arena/{game_id}")
    async def leave(game_id: str, request: Request) -> Response:
        """The bot of the ``Bot-Token`` leaves the game's arena (its games stay listed)."""
        game = arena_game(game_id)
        bot = await bot_of(request)
        await asyncio.to_thread(store.leave, game.id, ("account", bot))
        return Response(status_code=204)

    @app.get("/arena", include_in_schema=False)
    @app.get("/arena/{game_id}", include_in_schema=False)
    async def arena_page(game_id: str = "") -> Response:
        return HTMLResponse(page, headers=PAGE_HEADERS)

    return arena


def not_in_arena(name: str) -> AccountRefusal:
    return AccountRefusal(
        "not_in_arena",
        f"no bot named {name} has played in this arena",
        f"aucun robot nommé {name} n'a joué dans cette arène",
        status=404,
    )


def ranked(lines: list[ArenaLine], now: float) -> list[dict[str, Any]]:
    """The arena's lines as shown, ranked by the rating shown (equal numbers share a rank); a
    bot paused at ``now`` says until when."""
    ratings = [shown(line.skill.mu) for line in lines]
    listed: list[dict[str, Any]] = []
    for line, rating, rank in zip(lines, ratings, ranks_of(ratings), strict=True):
        entry: dict[str, Any] = {"rank": rank, "name": line.name, "owner": line.owner, "rating": rating}
        if line.key[0] == "level":
            entry["level"] = line.key[1]
        if provisional(line.skill.sigma):
            entry["provisional"] = True
        if line.paused_until is not None and line.paused_until > now:
            entry["paused_until"] = line.paused_until
        listed.append({**entry, "games": line.games, "wins": line.wins, "active": line.active})
    return listed


def _named(line: ArenaLine, name: str | None, level: str | None) -> bool:
    if level is not None:
        return line.key == ("level", level)
    return name is not None and line.key[0] == "account" and line.name.casefold() == name.casefold()


def _game(entry: ArenaGame) -> dict[str, Any]:
    return {
        "table": entry.table,
        "replay": f"/tables/{entry.table}/replay",
        "at": entry.at,
        "rank": entry.rank,
        "timed_out": entry.timed_out,
        "rating_before": shown(entry.mu_before),
        "rating_after": shown(entry.mu_after),
        "opponents": entry.opponents,
    }
