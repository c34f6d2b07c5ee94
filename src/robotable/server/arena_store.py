"""The bot arena as stored (issue 32): each bot in each game's arena with its arena rating and
strikes (``arena_entries``), and each seat of each finished arena table (``arena_results``),
written by :mod:`.arena_rating`. The rules are :mod:`robotable.play.arena`'s. Every method is
blocking and one transaction, as in :mod:`.account_store`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, insert, select, update

from robotable.play.arena import Entrant
from robotable.play.rated import START, Skill
from robotable.server import schema
from robotable.server.arena_rating import EntryKey, entry_key, seat_key
from robotable.server.store import StaleTable, Store

ENTRIES, RESULTS, TABLES, SEATS = (
    schema.arena_entries.c,
    schema.arena_results.c,
    schema.game_tables.c,
    schema.seats.c,
)
ACCOUNTS = schema.accounts.c


@dataclass(frozen=True)
class ArenaLine:
    """One line of a game's arena: a bot, its rating and its record there."""

    id: int
    key: EntryKey
    name: str
    """The bot account's name (empty for a level: each page words it, "Expert bot")."""
    owner: str
    """The person whose program it is (empty for a level)."""
    skill: Skill
    games: int
    wins: int
    paused_until: float | None
    active: bool


@dataclass(frozen=True)
class ArenaGame:
    """One finished arena game of a bot, as its page lists it."""

    table: str
    at: float
    rank: int
    timed_out: bool
    mu_before: float
    mu_after: float
    opponents: list[dict[str, str]]
    """The other seats' bots: ``{"name": NAME}`` (a bot account) or ``{"level": LEVEL}``."""


class ArenaStore:
    """The arena of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def join(self, game: str, key: EntryKey, now: float) -> None:
        """``key`` takes part in ``game``'s arena (again: with the rating it had)."""
        values = {"account_id": key[1]} if key[0] == "account" else {"level": key[1]}
        try:
            with self.store._writing() as connection:
                found = connection.execute(select(ENTRIES.id).where(_entry_of(game, key))).first()
                if found is None:
                    new = insert(schema.arena_entries).values(game=game, **values, **_fresh(now))
                    connection.execute(new)
                else:
                    back = update(schema.arena_entries).where(ENTRIES.id == found.id).values(active=True)
                    connection.execute(back)
        except StaleTable:  # joined meanwhile by another request: once is enough
            pass

    def leave(self, game: str, key: EntryKey) -> bool:
        """``key`` plays no more new games in ``game``'s arena (its line and games stay); whether
        it was in it."""
        with self.store._writing() as connection:
            left = connection.execute(
                update(schema.arena_entries).where(_entry_of(game, key), ENTRIES.active).values(active=False)
            )
        return left.rowcount > 0

    def lines(self, game: str) -> list[ArenaLine]:
        """Every bot that ever played in ``game``'s arena or is in it, best rating first."""
        owner = schema.accounts.alias("owner")
        query = (
            select(schema.arena_entries, ACCOUNTS.name, owner.c.name.label("owner"))
            .select_from(
                schema.arena_entries.outerjoin(schema.accounts, ACCOUNTS.id == ENTRIES.account_id).outerjoin(
                    owner, owner.c.id == ACCOUNTS.owner_id
                )
            )
            .where(ENTRIES.game == game)
            .order_by(ENTRIES.mu.desc(), ENTRIES.id)
        )
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
        return [_line(row) for row in rows]

    def counts(self) -> dict[str, int]:
        """How many bots are in each game's arena now (games without any: absent)."""
        query = select(ENTRIES.game, func.count()).where(ENTRIES.active).group_by(ENTRIES.game)
        with self.store._reading() as connection:
            return {game: number for game, number in connection.execute(query)}

    def claim_round(self, game: str, now: float, every: float) -> bool:
        """Whether this process pairs ``game``'s round due at ``now`` (the next one ``every``
        seconds later): one process does, however many run the arena on the database."""
        rounds = schema.arena_rounds.c
        try:
            with self.store._writing() as connection:
                if connection.execute(select(rounds.game).where(rounds.game == game)).first() is None:
                    connection.execute(insert(schema.arena_rounds).values(game=game, next_at=now + every))
                    return True
                moved = connection.execute(
                    update(schema.arena_rounds)
                    .where(rounds.game == game, rounds.next_at <= now)
                    .values(next_at=now + every)
                )
                return moved.rowcount == 1
        except StaleTable:  # another process made the row first: its round
            return False

    def names(self, accounts: list[int]) -> dict[int, str]:
        """The names of those bot accounts."""
        if not accounts:
            return {}
        with self.store._reading() as connection:
            rows = connection.execute(select(ACCOUNTS.id, ACCOUNTS.name).where(ACCOUNTS.id.in_(accounts)))
            return {row.id: row.name for row in rows}

    def pool(self, game: str, now: float) -> tuple[list[Entrant[EntryKey]], int]:
        """The bots in ``game``'s arena that may be seated now: in it, not paused, and at no
        unfinished arena table of the game, each with its last table; and how many others are
        playing (they come free when their games end)."""
        unfinished = select(TABLES.id).where(TABLES.game == game, TABLES.arena, TABLES.status != "over")
        with self.store._reading() as connection:
            seated = connection.execute(
                select(SEATS.account_id, SEATS.kind, SEATS.name).where(SEATS.table_id.in_(unfinished))
            ).all()
            entries = connection.execute(
                select(schema.arena_entries).where(
                    ENTRIES.game == game,
                    ENTRIES.active,
                    (ENTRIES.paused_until.is_(None)) | (ENTRIES.paused_until <= now),
                )
            ).all()
            last = _last_games(connection, [row.id for row in entries])
        busy = {key for row in seated if (key := seat_key(row)) is not None}
        free = [
            Entrant(key, Skill(row.mu, row.sigma), *last.get(row.id, (None, row.joined)))
            for row in entries
            if (key := entry_key(row)) not in busy
        ]
        return free, len(entries) - len(free)

    def games_of(self, entry_id: int, limit: int) -> list[ArenaGame]:
        """The entry's latest finished arena games, newest first."""
        with self.store._reading() as connection:
            rows = connection.execute(
                select(schema.arena_results)
                .where(RESULTS.entry_id == entry_id)
                .order_by(RESULTS.at.desc(), RESULTS.table_id)
                .limit(limit)
            ).all()
            table_ids = [row.table_id for row in rows]
            others = connection.execute(
                select(RESULTS.table_id, RESULTS.seat, ENTRIES.level, ACCOUNTS.name)
                .select_from(
                    schema.arena_results.join(schema.arena_entries, ENTRIES.id == RESULTS.entry_id).outerjoin(
                        schema.accounts, ACCOUNTS.id == ENTRIES.account_id
                    )
                )
                .where(RESULTS.table_id.in_(table_ids), RESULTS.entry_id != entry_id)
                .order_by(RESULTS.seat)
            ).all()
        names: dict[str, list[dict[str, str]]] = {}
        for other in others:
            bot = {"name": other.name} if other.name else {"level": other.level}
            names.setdefault(other.table_id, []).append(bot)
        return [
            ArenaGame(
                r.table_id, r.at, r.rank, r.timed_out, r.mu_before, r.mu_after, names.get(r.table_id, [])
            )
            for r in rows
        ]


def _last_games(connection: Any, entry_ids: list[int]) -> dict[int, tuple[str, float]]:
    """Each entry's last finished arena table and when it ended."""
    latest = (
        select(RESULTS.entry_id, func.max(RESULTS.at).label("at"))
        .where(RESULTS.entry_id.in_(entry_ids))
        .group_by(RESULTS.entry_id)
        .subquery()
    )
    rows = connection.execute(
        select(RESULTS.entry_id, RESULTS.table_id, RESULTS.at).join(
            latest, and_(RESULTS.entry_id == latest.c.entry_id, RESULTS.at == latest.c.at)
        )
    )
    return {row.entry_id: (row.table_id, row.at) for row in rows}


def _entry_of(game: str, key: EntryKey) -> Any:
    if key[0] == "account":
        return and_(ENTRIES.game == game, ENTRIES.account_id == key[1])
    return and_(ENTRIES.game == game, ENTRIES.account_id.is_(None), ENTRIES.level == key[1])


def _fresh(now: float) -> dict[str, Any]:
    mu, sigma = START
    return {"mu": mu, "sigma": sigma, "games": 0, "wins": 0, "strikes": 0, "paused_until": None,
            "active": True, "joined": now}  # fmt: skip


def _line(row: Any) -> ArenaLine:
    skill = Skill(row.mu, row.sigma)
    name, owner = row.name or "", row.owner or ""
    return ArenaLine(
        row.id, entry_key(row), name, owner, skill, row.games, row.wins, row.paused_until, row.active
    )
