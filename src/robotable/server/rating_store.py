"""The ratings as stored: each player's rating per game (``ratings``) and one history row per
rated seat of each finished rated table (``rating_history``). The arithmetic and the scale are
:mod:`robotable.play.rated`'s.

:func:`rate_finished` runs inside the transaction that marks a table over
(:meth:`~.store.Store.finish`): the outcome and the ratings' update commit together or not at
all. Who is rated at a seat (:func:`player_of`): the account holding it (a person who conceded
too: their seat's bot plays for them to the end, the result is theirs), or the bot level
playing it from the start. A seat whose account was deleted before the end is not rated; the
others are rated among themselves (a table left with fewer than two rated players is not rated).

Two processes finishing two tables that share a player (PostgreSQL): each locks the players'
rows (``SELECT ... FOR UPDATE``, in the order of their ids, after making the missing ones in
the order of their keys: no deadlock) before reading them, so the second reads what the first
wrote. SQLite has one writer at a time: the transaction's first write (the table's mark) holds it.

Test hook: the environment variable :data:`PAUSE_HOOK` (seconds) makes the rating transaction
pause after writing everything and before committing, saying so on the standard error; only
``tests/server/test_ratings_crash.py`` sets it, to ``kill -9`` a server at that point.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, and_, insert, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from robotable.agents.levels import LEVELS
from robotable.core.game import Outcome
from robotable.play.rated import START, Skill, bot_seeds, rate_game, shown
from robotable.server import schema
from robotable.server.arena_rating import rate_arena
from robotable.server.seats import SeatRow

PAUSE_HOOK = "ROBOTABLE_TEST_ONLY_PAUSE_IN_RATING"
"""Tests only: seconds to pause inside the rating transaction, before it commits."""

Player = tuple[str, Any]
"""``("account", ID)`` or ``("bot", LEVEL)``."""

RATINGS, HISTORY = schema.ratings.c, schema.rating_history.c


def player_of(row: Any) -> Player | None:
    """Who is rated at a stored seat (see the module's description); None: nobody."""
    seat = SeatRow(row.seat, row.kind, row.name, row.token_hash)
    return seat_player(replace(seat, account=row.account_id, account_gone=bool(row.account_gone)))


def seat_player(row: SeatRow) -> Player | None:
    """Who is rated at a seat: its account, or the bot level playing it from the start (a
    deleted account's seat, a guest's, a seat nobody took: nobody). A bot seated from the start
    has no name; a seat handed to a bot later keeps its own (an open seat whose time ran out,
    ``seat N``): nobody is rated there."""
    if row.account is not None:
        return ("account", row.account)
    if row.account_gone or row.token_hash is not None or not row.kind.startswith("bot:") or row.name:
        return None
    level = row.kind.removeprefix("bot:")
    return ("bot", level) if level in LEVELS else None


def rate_finished(connection: Connection, table_id: str, outcome: Outcome, at: float) -> None:
    """Rate a rated table that this transaction has just marked over (nothing for the others);
    an arena table moves the arena's ratings instead (:mod:`.arena_rating`)."""
    tables = schema.game_tables.c
    table = connection.execute(
        select(tables.game, tables.rated, tables.arena).where(tables.id == table_id)
    ).one()
    if table.arena:  # its own ladder, where nobody is an anchor
        rate_arena(connection, table_id, table.game, outcome, at)
        return
    if not table.rated:
        return
    seat_rows = connection.execute(
        select(schema.seats).where(schema.seats.c.table_id == table_id).order_by(schema.seats.c.seat)
    ).all()
    rated = {row.seat: player for row in seat_rows if (player := player_of(row)) is not None}
    if len(set(rated.values())) < 2:
        return
    rows = _locked_rows(connection, table.game, set(rated.values()), at)
    seeds = bot_seeds(table.game)
    seats = sorted(rated)
    before = [_skill(rows[rated[seat]], rated[seat], seeds) for seat in seats]
    ranks = [outcome.ranks[seat] for seat in seats]
    after = rate_game(before, ranks, [rated[seat][0] == "bot" for seat in seats])
    connection.execute(
        insert(schema.rating_history),
        [
            _history(table_id, table.game, seat, rated[seat], rank, old, new, at)
            for seat, rank, old, new in zip(seats, ranks, before, after, strict=True)
        ],
    )
    for player in set(rated.values()):
        mine = [i for i, seat in enumerate(seats) if rated[seat] == player]
        new = after[mine[0]]  # an account sits once a table; a bot's seats all keep its anchor
        connection.execute(
            update(schema.ratings)
            .where(RATINGS.id == rows[player].id)
            .values(
                mu=new.mu,
                sigma=new.sigma,
                games=RATINGS.games + 1,
                wins=RATINGS.wins + int(any(ranks[i] == 1 for i in mine)),
                updated=at,
            )
        )
    _pause_for_tests(table_id)


def _skill(row: Any, player: Player, seeds: dict[str, Skill]) -> Skill:
    """A player's rating before the game; a bot's is always its seed (an anchor: its ladder may
    have been measured again since its row was made)."""
    return seeds[player[1]] if player[0] == "bot" else Skill(row.mu, row.sigma)


def _history(
    table_id: str, game: str, seat: int, player: Player, rank: int, old: Skill, new: Skill, at: float
) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": seat,
        "game": game,
        "account_id": player[1] if player[0] == "account" else None,
        "bot": player[1] if player[0] == "bot" else None,
        "rank": rank,
        "mu_before": old.mu,
        "sigma_before": old.sigma,
        "mu_after": new.mu,
        "sigma_after": new.sigma,
        "at": at,
    }


def _locked_rows(connection: Connection, game: str, players: set[Player], at: float) -> dict[Player, Any]:
    """The players' rating rows at ``game``, made if missing and locked until the commit."""
    seeds = bot_seeds(game)
    insert_new = postgresql_insert if connection.dialect.name == "postgresql" else sqlite_insert
    for kind, key in sorted(players, key=lambda p: (p[0], str(p[1]))):
        start = seeds[key] if kind == "bot" else Skill(*START)
        connection.execute(
            insert_new(schema.ratings)
            .values(
                game=game,
                account_id=key if kind == "account" else None,
                bot=key if kind == "bot" else None,
                mu=start.mu,
                sigma=start.sigma,
                games=0,
                wins=0,
                updated=at,
            )
            .on_conflict_do_nothing()  # made meanwhile by another transaction: that one is kept
        )
    found = connection.execute(
        select(schema.ratings)
        .where(RATINGS.game == game, _of_players(players))
        .order_by(RATINGS.id)
        .with_for_update()
    ).all()
    return {_player(row): row for row in found}


def _of_players(players: Iterable[Player]) -> Any:
    accounts = [key for kind, key in players if kind == "account"]
    bots = [key for kind, key in players if kind == "bot"]
    return or_(RATINGS.account_id.in_(accounts), and_(RATINGS.account_id.is_(None), RATINGS.bot.in_(bots)))


def _player(row: Any) -> Player:
    return ("account", row.account_id) if row.account_id is not None else ("bot", row.bot)


def _pause_for_tests(table_id: str) -> None:
    """The test hook of the module's description (nothing unless its variable is set)."""
    seconds = os.environ.get(PAUSE_HOOK)
    if seconds:
        saying = f"{PAUSE_HOOK}: pausing inside the rating transaction of {table_id}"
        print(saying, file=sys.stderr, flush=True)
        time.sleep(float(seconds))


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Standing:
    """One line of a game's leaderboard."""

    player: Player
    name: str
    """An account's name (empty for a bot: each page words its level)."""
    mu: float
    sigma: float
    games: int
    wins: int
    bot_account: bool = False
    """An account of someone's program (issue 32), not a person's."""


def standings(connection: Connection, game: str, limit: int) -> list[Standing]:
    """The game's rated accounts whose profile is not hidden, and every bot level (those not yet
    rated at their seed), best ``mu`` first. A hidden profile's player is not listed by name
    anywhere: nor here."""
    accounts = schema.accounts.c
    query = (
        select(schema.ratings, accounts.name, accounts.owner_id)
        .select_from(schema.ratings.outerjoin(schema.accounts, accounts.id == RATINGS.account_id))
        .where(RATINGS.game == game, or_(RATINGS.account_id.is_(None), accounts.profile_hidden.is_(False)))
        .order_by(RATINGS.mu.desc(), RATINGS.id)
        .limit(limit)
    )
    listed = [
        Standing(
            _player(row), row.name or "", row.mu, row.sigma, row.games, row.wins, row.owner_id is not None
        )
        for row in connection.execute(query)
    ]
    seeds = bot_seeds(game)
    stored_bots = {standing.player for standing in listed if standing.player[0] == "bot"}
    # a bot's shown rating is always its seed (an anchor), whatever its row holds
    listed = [
        Standing(s.player, s.name, seeds[s.player[1]].mu, seeds[s.player[1]].sigma, s.games, s.wins)
        if s.player[0] == "bot"
        else s
        for s in listed
    ]
    listed += [
        Standing(("bot", level), "", skill.mu, skill.sigma, 0, 0)
        for level, skill in seeds.items()
        if ("bot", level) not in stored_bots
    ]
    return sorted(listed, key=lambda s: -s.mu)[:limit]


def skills_of(connection: Connection, game: str, players: set[Player]) -> dict[Player, Skill]:
    """The current rating of each of ``players`` at ``game`` (a person never rated: the start)."""
    seeds = bot_seeds(game)
    found: dict[Player, Skill] = {}
    accounts = [key for kind, key in players if kind == "account"]
    if accounts:
        query = select(RATINGS.account_id, RATINGS.mu, RATINGS.sigma).where(
            RATINGS.game == game, RATINGS.account_id.in_(accounts)
        )
        found = {("account", r.account_id): Skill(r.mu, r.sigma) for r in connection.execute(query)}
    return {
        player: seeds[player[1]] if player[0] == "bot" else found.get(player, Skill(*START))
        for player in players
    }


def ratings_of_account(connection: Connection, account: int) -> dict[str, Any]:
    """Everything stored about the account's ratings, for its export: its rating at each game and
    its history rows (nothing about the other seats of those games)."""
    ratings = connection.execute(
        select(RATINGS.game, RATINGS.mu, RATINGS.sigma, RATINGS.games, RATINGS.wins, RATINGS.updated)
        .where(RATINGS.account_id == account)
        .order_by(RATINGS.game)
    ).all()
    names = ("seat", "game", "rank", "mu_before", "sigma_before", "mu_after", "sigma_after", "at")
    history = (HISTORY.table_id.label("table"), *(HISTORY[name] for name in names))
    steps = connection.execute(
        select(*history).where(HISTORY.account_id == account).order_by(HISTORY.at, HISTORY.table_id)
    ).all()
    return {
        "ratings": [{**row._asdict(), "shown": shown(row.mu)} for row in ratings],
        "rating_history": [row._asdict() for row in steps],
    }


def changes_of(connection: Connection, account: int, table_ids: list[str]) -> dict[str, tuple[float, float]]:
    """The account's ``mu`` before and after each of those tables it was rated at."""
    if not table_ids:
        return {}
    query = select(HISTORY.table_id, HISTORY.mu_before, HISTORY.mu_after).where(
        HISTORY.account_id == account, HISTORY.table_id.in_(table_ids)
    )
    return {r.table_id: (r.mu_before, r.mu_after) for r in connection.execute(query)}


def history_of_account(connection: Connection, account: int) -> dict[str, list[tuple[float, int]]]:
    """The account's rating per game after each of its rated games, as shown, oldest first (a
    profile's drawing: its last point is the rating now)."""
    query = (
        select(HISTORY.game, HISTORY.at, HISTORY.mu_after)
        .where(HISTORY.account_id == account)
        .order_by(HISTORY.at, HISTORY.table_id)
    )
    points: dict[str, list[tuple[float, int]]] = {}
    for row in connection.execute(query):
        points.setdefault(row.game, []).append((row.at, shown(row.mu_after)))
    return points
