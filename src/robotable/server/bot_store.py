"""Where bots' accounts are kept (issue 32): rows of ``accounts`` whose ``owner_id`` names the
person's account that made them, and their tokens, which are sessions of those accounts
(``sessions``: only the token's SHA-256 is kept, so the database opens no bot's seat).

A bot's account has no password (:data:`NO_PASSWORD` is no argon2 hash: no password signs it in),
one token at a time (a new one ends the old), and is deleted with its owner. Every method is
blocking and one transaction, as in :mod:`.account_store`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select

from robotable.server import schema
from robotable.server.account_store import NewSession, sessions_ended
from robotable.server.passwords import AccountRefusal, name_taken
from robotable.server.store import StaleTable, Store

ACCOUNTS = schema.accounts.c
SESSIONS = schema.sessions.c
NO_PASSWORD = "!bot"
"""A bot's ``password_hash``: not a hash at all, so no password ever matches it."""
MAX_BOTS = 5
"""Bots one person's account may have."""


@dataclass(frozen=True)
class BotEntry:
    """A bot as its owner's page lists it (never its token: it was shown once)."""

    id: int
    name: str
    created: float
    token_created: float | None  # None: no token (revoked)
    last_used: float | None


def too_many_bots() -> AccountRefusal:
    return AccountRefusal(
        "too_many_bots",
        f"an account may have {MAX_BOTS} bots: delete one first",
        f"un compte peut avoir {MAX_BOTS} robots : supprimez-en un d'abord",
        status=409,
    )


def no_such_bot(name: str) -> AccountRefusal:
    return AccountRefusal(
        "no_such_bot",
        f"you have no bot named {name}",
        f"vous n'avez pas de robot nommé {name}",
        status=404,
    )


class BotStore:
    """The bots of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, owner_id: int, name: str, key: str, token: NewSession) -> int:
        """A new bot of ``owner_id`` with its first token; refused when the name is anyone's
        (a person's or a bot's) or the owner has :data:`MAX_BOTS`."""
        values = {
            "name": name,
            "name_key": key,
            "password_hash": NO_PASSWORD,
            "created": token.now,
            "password_changed": token.now,
            "owner_id": owner_id,
        }
        try:
            with self.store._writing() as connection:
                if connection.execute(select(ACCOUNTS.id).where(ACCOUNTS.name_key == key)).first():
                    raise name_taken(name)
                owned = select(func.count()).select_from(schema.accounts).where(ACCOUNTS.owner_id == owner_id)
                if connection.execute(owned).scalar_one() >= MAX_BOTS:
                    raise too_many_bots()
                bot_id = connection.execute(insert(schema.accounts).values(**values)).inserted_primary_key[0]
                connection.execute(insert(schema.sessions).values(**token.row(bot_id)))
        except StaleTable:  # the unique key refused a name written by another request meanwhile
            raise name_taken(name) from None
        return bot_id

    def bots_of(self, owner_id: int, now: float) -> list[BotEntry]:
        """The owner's bots, oldest first, each with its token's times (if it has one)."""
        live_token = (SESSIONS.account_id == ACCOUNTS.id) & (SESSIONS.expiry > now)
        query = (
            select(ACCOUNTS.id, ACCOUNTS.name, ACCOUNTS.created, SESSIONS.created.label("token_created"))
            .add_columns(SESSIONS.last_seen)
            .select_from(schema.accounts.outerjoin(schema.sessions, live_token))
            .where(ACCOUNTS.owner_id == owner_id)
            .order_by(ACCOUNTS.created, ACCOUNTS.id)
        )
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
        return [BotEntry(r.id, r.name, r.created, r.token_created, r.last_seen) for r in rows]

    def owned(self, owner_id: int, key: str) -> int | None:
        """The id of the owner's bot of that name (its key), or None."""
        query = select(ACCOUNTS.id).where(ACCOUNTS.owner_id == owner_id, ACCOUNTS.name_key == key)
        with self.store._reading() as connection:
            row = connection.execute(query).first()
        return None if row is None else row.id

    def new_token(self, bot_id: int, token: NewSession | None) -> None:
        """The bot's token ends (every process closes its sockets), and ``token`` (if any) opens."""
        with self.store._writing() as connection:
            connection.execute(delete(schema.sessions).where(SESSIONS.account_id == bot_id))
            self.store._notify(connection, sessions_ended(bot_id))
            if token is not None:
                connection.execute(insert(schema.sessions).values(**token.row(bot_id)))

    def owner_name(self, bot_id: int) -> str | None:
        """The name of the person's account that owns ``bot_id`` (None: not a bot)."""
        owner = schema.accounts.alias("owner")
        query = (
            select(owner.c.name)
            .select_from(schema.accounts.join(owner, owner.c.id == ACCOUNTS.owner_id))
            .where(ACCOUNTS.id == bot_id)
        )
        with self.store._reading() as connection:
            row = connection.execute(query).first()
        return None if row is None else row.name
