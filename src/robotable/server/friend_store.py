"""Where friendships are kept: the ``friendships`` table (:mod:`.schema`), one row a pair of
accounts (the smaller id first), whoever asked: ``pending`` (asked, not answered), ``friends``
(accepted) or ``refused`` (which keeps the asker from asking again for :data:`ASK_AGAIN_AFTER`).

Each change is one transaction that reads the pair's row and decides there (two requests racing
find the row the other wrote: the primary key settles it). Every method is blocking: the routes
call them in a thread. The refusals are worded in :mod:`.friend_words`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update

from robotable.server import schema
from robotable.server.account_store import Account
from robotable.server.friend_words import (
    already_asked,
    already_friends,
    no_request,
    not_friends,
    refused_lately,
    too_many_asked,
    too_many_friends,
)
from robotable.server.store import StaleTable, Store

FRIENDS = schema.friendships.c
ACCOUNTS = schema.accounts.c
MOST_FRIENDS = 200
MOST_ASKED = 50
"""Requests an account has sent that nobody answered yet, at most."""
ASK_AGAIN_AFTER = 24 * 3600.0
"""Seconds before a refused request may be sent again (a day)."""


@dataclass(frozen=True)
class Friend:
    """Another account in one of the lists: its name and when the row last changed."""

    id: int
    name: str
    at: float


@dataclass(frozen=True)
class Lists:
    friends: list[Friend]
    received: list[Friend]
    sent: list[Friend]


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _of(a: int, b: int) -> Any:
    first, second = pair(a, b)
    return and_(FRIENDS.first_id == first, FRIENDS.second_id == second)


class FriendStore:
    """The friendships of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def lists(self, me: int) -> Lists:
        """The account's friends, the requests it received and those it sent, by name."""
        other = ACCOUNTS.id
        mine = or_(FRIENDS.first_id == me, FRIENDS.second_id == me)
        them = (FRIENDS.first_id + FRIENDS.second_id - me) == other
        query = (
            select(ACCOUNTS.id, ACCOUNTS.name, FRIENDS.state, FRIENDS.asker_id, FRIENDS.changed)
            .select_from(schema.friendships.join(schema.accounts, them))
            .where(mine, FRIENDS.state != "refused")
            .order_by(func.lower(ACCOUNTS.name))
        )
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
        lists = Lists([], [], [])
        for row in rows:
            listed = Friend(row.id, row.name, row.changed)
            if row.state == "friends":
                lists.friends.append(listed)
            else:
                (lists.sent if row.asker_id == me else lists.received).append(listed)
        return lists

    def exported(self, me: int) -> list[dict[str, Any]]:
        """Every row of the account's, refused ones too, as its data export gives them."""
        them = (FRIENDS.first_id + FRIENDS.second_id - me) == ACCOUNTS.id
        query = (
            select(ACCOUNTS.name, FRIENDS.state, FRIENDS.asker_id, FRIENDS.created, FRIENDS.changed)
            .select_from(schema.friendships.join(schema.accounts, them))
            .where(or_(FRIENDS.first_id == me, FRIENDS.second_id == me))
            .order_by(FRIENDS.created)
        )
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
        return [
            {
                "name": row.name,
                "state": row.state,
                "asked_by": "you" if row.asker_id == me else "them",
                "created": row.created,
                "changed": row.changed,
            }
            for row in rows
        ]

    def are_friends(self, a: int, b: int) -> bool:
        with self.store._reading() as connection:
            state = connection.execute(select(FRIENDS.state).where(_of(a, b))).scalar_one_or_none()
        return state == "friends"

    def ask(self, me: int, other: Account, now: float) -> str:
        """``me`` asks ``other`` to be friends: ``pending``, or ``friends`` when ``other`` had
        asked ``me`` already (both want it). Refusals: already friends or asked, refused less
        than a day ago, too many friends or requests."""
        try:
            with self.store._writing() as connection:
                return self._ask(connection, me, other, now)
        except StaleTable:  # the other asked at the same moment: their row is there now
            with self.store._writing() as connection:
                return self._ask(connection, me, other, now)

    def _ask(self, connection: Any, me: int, other: Account, now: float) -> str:
        row = connection.execute(select(schema.friendships).where(_of(me, other.id))).first()
        if row is not None and row.state == "friends":
            raise already_friends(other.name)
        if row is not None and row.state == "pending" and row.asker_id == me:
            raise already_asked(other.name)
        if row is not None and row.state == "pending":  # they had asked: both want it
            self._become_friends(connection, me, other, now)
            return "friends"
        if row is not None and row.asker_id == me and now - row.changed < ASK_AGAIN_AFTER:
            raise refused_lately(other.name)
        if _count(connection, me, "friends") >= MOST_FRIENDS:
            raise too_many_friends()
        if _sent(connection, me) >= MOST_ASKED:
            raise too_many_asked()
        if row is not None:
            connection.execute(delete(schema.friendships).where(_of(me, other.id)))
        first, second = pair(me, other.id)
        connection.execute(
            insert(schema.friendships).values(
                first_id=first, second_id=second, asker_id=me, state="pending", created=now, changed=now
            )
        )
        return "pending"

    def _become_friends(self, connection: Any, me: int, other: Account, now: float) -> None:
        if _count(connection, me, "friends") >= MOST_FRIENDS:
            raise too_many_friends()
        if _count(connection, other.id, "friends") >= MOST_FRIENDS:
            raise too_many_friends(other.name)
        connection.execute(
            update(schema.friendships).where(_of(me, other.id)).values(state="friends", changed=now)
        )

    def answer(self, me: int, other: Account, now: float, *, accept: bool) -> None:
        """``me`` accepts or refuses ``other``'s request (a refusal keeps them from asking again
        for a day, and they are not told)."""
        with self.store._writing() as connection:
            row = connection.execute(select(schema.friendships).where(_of(me, other.id))).first()
            if row is None or row.state != "pending" or row.asker_id != other.id:
                raise no_request(other.name)
            if accept:
                self._become_friends(connection, me, other, now)
            else:
                connection.execute(
                    update(schema.friendships).where(_of(me, other.id)).values(state="refused", changed=now)
                )

    def end(self, me: int, other: Account, *, state: str) -> None:
        """A friendship ended (``friends``), or a request ``me`` sent withdrawn (``pending``)."""
        where = [_of(me, other.id), FRIENDS.state == state]
        if state == "pending":
            where.append(FRIENDS.asker_id == me)
        with self.store._writing() as connection:
            if connection.execute(delete(schema.friendships).where(*where)).rowcount != 1:
                raise not_friends(other.name) if state == "friends" else no_request(other.name, sent=True)


def _count(connection: Any, account: int, state: str) -> int:
    mine = or_(FRIENDS.first_id == account, FRIENDS.second_id == account)
    query = select(func.count()).select_from(schema.friendships).where(mine, FRIENDS.state == state)
    return int(connection.execute(query).scalar_one())


def _sent(connection: Any, account: int) -> int:
    query = (
        select(func.count())
        .select_from(schema.friendships)
        .where(FRIENDS.asker_id == account, FRIENDS.state == "pending")
    )
    return int(connection.execute(query).scalar_one())
