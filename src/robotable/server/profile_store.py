"""What a player's profile reads of the database (:mod:`.profiles`): the account of a name, its
finished games (game, seat, outcome), the last of them with their seats, how many of its tables
are under way, and whether its person hid the profile.

Only finished tables' outcomes and seats are read: what every spectator of a finished game sees.
Every method is blocking: the routes call them in a thread, as the hall calls the store.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update

from robotable.core.game import Outcome, Seat
from robotable.server import schema
from robotable.server.store import Store, StoredTable

ACCOUNTS = schema.accounts.c
TABLES = schema.game_tables.c
SEATS = schema.seats.c
ACTIONS = schema.actions.c


@dataclass(frozen=True)
class Player:
    """An account as its profile shows it."""

    id: int
    name: str
    created: float
    hidden: bool
    bot_of: str | None = None
    """A bot's account (issue 32): its owner's name."""


@dataclass(frozen=True)
class Finished:
    """One finished game of the account: its game, the account's seat, the outcome."""

    table: str
    game: str
    seat: Seat
    outcome: Outcome


@dataclass(frozen=True)
class Ended:
    """A finished table with its seats, and when its last action was played (its end)."""

    stored: StoredTable
    ended: float


class ProfileStore:
    """The profiles' reads (and the one write: hiding) on ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def player(self, key: str) -> Player | None:
        """The account whose name's key (:func:`~.passwords.name_key`) is ``key``."""
        owner = schema.accounts.alias("owner")
        query = (
            select(ACCOUNTS.id, ACCOUNTS.name, ACCOUNTS.created, ACCOUNTS.profile_hidden)
            .add_columns(owner.c.name.label("owner"))
            .select_from(schema.accounts.outerjoin(owner, owner.c.id == ACCOUNTS.owner_id))
            .where(ACCOUNTS.name_key == key)
        )
        with self.store._reading() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        return Player(row.id, row.name, row.created, bool(row.profile_hidden), row.owner)

    def hidden(self, account_id: int) -> bool:
        query = select(ACCOUNTS.profile_hidden).where(ACCOUNTS.id == account_id)
        with self.store._reading() as connection:
            return bool(connection.execute(query).scalar_one_or_none())

    def set_hidden(self, account_id: int, hidden: bool) -> None:
        with self.store._writing() as connection:
            connection.execute(
                update(schema.accounts).where(ACCOUNTS.id == account_id).values(profile_hidden=hidden)
            )

    def finished(self, account_id: int) -> list[Finished]:
        """Every finished game where the account holds a seat (its game, seat and outcome)."""
        query = (
            select(TABLES.id, TABLES.game, TABLES.outcome, SEATS.seat)
            .join(schema.seats, SEATS.table_id == TABLES.id)
            .where(SEATS.account_id == account_id, TABLES.status == "over", TABLES.outcome.is_not(None))
        )
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
        return [Finished(r.id, r.game, r.seat, Outcome.from_dict(json.loads(r.outcome))) for r in rows]

    def under_way(self, account_id: int) -> int:
        """How many unfinished tables the account sits at (a count, nothing of them)."""
        held = select(SEATS.table_id).where(SEATS.account_id == account_id)
        query = (
            select(func.count())
            .select_from(schema.game_tables)
            .where(TABLES.id.in_(held), TABLES.status != "over")
        )
        with self.store._reading() as connection:
            return int(connection.execute(query).scalar_one())

    def names(self, account_ids: set[int]) -> dict[int, str]:
        """The accounts' names now, of those whose profile is not hidden (a seat a guest kept by
        signing up after the game's end shows the name typed at the table: its profile is its
        account's; a hidden profile is never named as one)."""
        if not account_ids:
            return {}
        query = select(ACCOUNTS.id, ACCOUNTS.name).where(
            ACCOUNTS.id.in_(sorted(account_ids)), ACCOUNTS.profile_hidden.is_(False)
        )
        with self.store._reading() as connection:
            return {r.id: r.name for r in connection.execute(query)}

    def last_finished(self, account_id: int, limit: int) -> list[Ended]:
        """The account's last ``limit`` finished tables, with their seats, the last ended first
        (a table ends with its last action; one without any, at its creation)."""
        held = select(SEATS.table_id).where(SEATS.account_id == account_id)
        last_action = (
            select(ACTIONS.table_id, func.max(ACTIONS.at).label("at"))
            .where(ACTIONS.table_id.in_(held))
            .group_by(ACTIONS.table_id)
            .subquery()
        )
        ended = func.coalesce(last_action.c.at, TABLES.created)
        query = (
            select(TABLES.id, ended.label("ended"))
            .outerjoin(last_action, last_action.c.table_id == TABLES.id)
            .where(TABLES.id.in_(held), TABLES.status == "over")
            .order_by(ended.desc(), TABLES.id)
            .limit(limit)
        )
        with self.store._reading() as connection:
            order = [(r.id, float(r.ended)) for r in connection.execute(query)]
        if not order:
            return []
        tables = self.store._with_seats(
            select(schema.game_tables).where(TABLES.id.in_([i for i, _ in order]))
        )
        by_id: dict[str, Any] = {t.id: t for t in tables}
        return [Ended(by_id[table_id], at) for table_id, at in order if table_id in by_id]
