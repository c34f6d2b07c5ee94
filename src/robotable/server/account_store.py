"""Where accounts and their sessions are kept: the ``accounts`` and ``sessions`` tables of the
server's database (:mod:`.schema`), through the store's own transactions (SQLite or PostgreSQL).

A session is a row keyed by the SHA-256 of its cookie's token (:mod:`.tokens`): the token
itself is never stored, so a copy of the database opens no session. Each change an account
route makes is one transaction: a sign-up writes the account and its first session together
(a server killed in between leaves neither), a password change writes the new hash, ends every
session and opens the new one together. Every method is blocking: the routes call them in a
thread (``asyncio.to_thread``), as the hall calls the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update

from robotable.server import schema
from robotable.server.passwords import name_taken
from robotable.server.store import SESSIONS_ENDED, StaleTable, Store

ACCOUNTS = schema.accounts.c
SESSIONS = schema.sessions.c
SEATS = schema.seats.c


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    password_hash: str
    created: float
    password_changed: float
    email: str | None = None  # the confirmed address (:mod:`.email_store`), or none
    email_confirmed: float | None = None
    notify_by_email: bool = False
    owner_id: int | None = None
    """A bot's account (issue 32): the id of the person's account that made it; None: a person."""

    @property
    def is_bot(self) -> bool:
        return self.owner_id is not None


@dataclass(frozen=True)
class Session:
    """A session's row (its key, the token's hash, is not part of it: nobody reads it back)."""

    created: float
    last_seen: float
    expiry: float


@dataclass(frozen=True)
class NewSession:
    """A session to open: its token's hash and its times."""

    token_hash: str
    now: float
    expiry: float

    def row(self, account_id: int) -> dict[str, Any]:
        return {
            "token_hash": self.token_hash,
            "account_id": account_id,
            "created": self.now,
            "last_seen": self.now,
            "expiry": self.expiry,
        }


class AccountStore:
    """The accounts and sessions of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # the store's transactions: its errors worded, an in-memory database's connection taken in turns
    def _writing(self) -> Any:
        return self.store._writing()

    def _reading(self) -> Any:
        return self.store._reading()

    def create(self, name: str, key: str, password_hash: str, session: NewSession) -> Account:
        """A new account with its first session, in one transaction; a refusal when the name
        is taken (two sign-ups racing for one name: the database's unique key decides)."""
        values = {
            "name": name,
            "name_key": key,
            "password_hash": password_hash,
            "created": session.now,
            "password_changed": session.now,
        }
        try:
            with self._writing() as connection:
                if connection.execute(select(ACCOUNTS.id).where(ACCOUNTS.name_key == key)).first():
                    raise name_taken(name)
                account_id = connection.execute(
                    insert(schema.accounts).values(**values)
                ).inserted_primary_key[0]
                connection.execute(insert(schema.sessions).values(**session.row(account_id)))
        except StaleTable:  # the unique key refused a name written by another request meanwhile
            raise name_taken(name) from None
        return Account(account_id, name, password_hash, session.now, session.now)

    def by_name(self, key: str) -> Account | None:
        with self._reading() as connection:
            row = connection.execute(select(schema.accounts).where(ACCOUNTS.name_key == key)).first()
        return None if row is None else account_of(row)

    def signed_in(self, token_hash: str, now: float) -> tuple[Account, Session] | None:
        """The account and session of a cookie's token hash, unless it ended or expired."""
        query = (
            select(schema.accounts, SESSIONS.created.label("s_created"), SESSIONS.last_seen, SESSIONS.expiry)
            .join(schema.sessions, SESSIONS.account_id == ACCOUNTS.id)
            .where(SESSIONS.token_hash == token_hash, SESSIONS.expiry > now)
        )
        with self._reading() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        return account_of(row), Session(row.s_created, row.last_seen, row.expiry)

    def open_session(self, account_id: int, session: NewSession, *, ending: str | None = None) -> None:
        """A new session for the account (a sign-in); the session ``ending`` (the hash of the
        cookie the sign-in came with, whoever's) and every expired session end with it."""
        with self._writing() as connection:
            if ending is not None:
                connection.execute(delete(schema.sessions).where(SESSIONS.token_hash == ending))
            connection.execute(delete(schema.sessions).where(SESSIONS.expiry <= session.now))
            connection.execute(insert(schema.sessions).values(**session.row(account_id)))

    def touch(self, token_hash: str, now: float, expiry: float) -> None:
        """The session was used: seen now, and its expiry moved on (a sliding lifetime)."""
        with self._writing() as connection:
            connection.execute(
                update(schema.sessions)
                .where(SESSIONS.token_hash == token_hash)
                .values(last_seen=now, expiry=expiry)
            )

    def end_session(self, token_hash: str) -> None:
        with self._writing() as connection:
            ended = connection.execute(
                delete(schema.sessions)
                .where(SESSIONS.token_hash == token_hash)
                .returning(SESSIONS.account_id)
            ).first()
            if ended is not None:
                self.store._notify(connection, sessions_ended(ended.account_id, token_hash))

    def end_sessions(self, account_id: int) -> None:
        with self._writing() as connection:
            connection.execute(delete(schema.sessions).where(SESSIONS.account_id == account_id))
            self.store._notify(connection, sessions_ended(account_id))

    def change_password(self, account_id: int, password_hash: str, session: NewSession) -> None:
        """The new hash, every session of the account ended and ``session`` opened: one transaction."""
        with self._writing() as connection:
            connection.execute(
                update(schema.accounts)
                .where(ACCOUNTS.id == account_id)
                .values(password_hash=password_hash, password_changed=session.now)
            )
            connection.execute(delete(schema.sessions).where(SESSIONS.account_id == account_id))
            self.store._notify(connection, sessions_ended(account_id))
            connection.execute(insert(schema.sessions).values(**session.row(account_id)))

    def rehash(self, account_id: int, old_hash: str, password_hash: str) -> None:
        """The same password's hash made with newer parameters (unless it changed meanwhile)."""
        with self._writing() as connection:
            connection.execute(
                update(schema.accounts)
                .where(ACCOUNTS.id == account_id, ACCOUNTS.password_hash == old_hash)
                .values(password_hash=password_hash)
            )

    def delete(self, account_id: int) -> list[str]:
        """The account, its sessions and its email's links, in one transaction, and its bots'
        accounts with it (issue 32); their seats stay, their name erased, as "deleted player"
        (the games stay replayable). The answer: the tables they sat at."""
        with self._writing() as connection:
            bots = connection.execute(select(ACCOUNTS.id).where(ACCOUNTS.owner_id == account_id))
            gone = [*(row.id for row in bots), account_id]
            tables = [
                r.table_id
                for r in connection.execute(
                    select(SEATS.table_id).where(SEATS.account_id.in_(gone)).distinct()
                )
            ]
            connection.execute(
                update(schema.seats)
                .where(SEATS.account_id.in_(gone))
                .values(account_id=None, account_gone=True, name="")
            )
            connection.execute(delete(schema.sessions).where(SESSIONS.account_id.in_(gone)))
            links = schema.email_links
            connection.execute(delete(links).where(links.c.account_id == account_id))
            connection.execute(delete(schema.accounts).where(ACCOUNTS.id.in_(gone)))
            ended = (sessions_ended(one) for one in gone)
            self.store._notify(connection, *(f"{table} seats" for table in tables), *ended)
        return tables

    def bots_of(self, account_id: int) -> list[int]:
        """The ids of the bots' accounts ``account_id`` made (issue 32)."""
        with self._reading() as connection:
            query = select(ACCOUNTS.id).where(ACCOUNTS.owner_id == account_id)
            return [row.id for row in connection.execute(query)]

    def sessions_of(self, account_id: int, now: float) -> list[Session]:
        """The account's sessions that have not expired, oldest first."""
        query = (
            select(SESSIONS.created, SESSIONS.last_seen, SESSIONS.expiry)
            .where(SESSIONS.account_id == account_id, SESSIONS.expiry > now)
            .order_by(SESSIONS.created)
        )
        with self._reading() as connection:
            return [Session(r.created, r.last_seen, r.expiry) for r in connection.execute(query)]


def sessions_ended(account_id: int, token_hash: str | None = None) -> str:
    """The notice telling the other processes that sessions ended (see :mod:`.peers`): one
    session's (its token's hash), or every one of the account's (``*``)."""
    return f"{SESSIONS_ENDED}{account_id} {token_hash or '*'}"


def account_of(row: Any) -> Account:
    """An account's row as an :class:`Account`."""
    return Account(
        row.id,
        row.name,
        row.password_hash,
        row.created,
        row.password_changed,
        row.email,
        row.email_confirmed,
        bool(row.notify_by_email),
        row.owner_id,
    )
