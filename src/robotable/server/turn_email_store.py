"""Where the turn emails are remembered (``turn_emails``, :mod:`.schema`): one row per account
and table told by email that the game waits for them, until their seat plays there.

The row's key decides who sends: of two processes (or two actions) telling the same account of
the same table, the one whose insert wins sends, the other sends nothing. Every method is
blocking: :mod:`.turn_emails` calls them in a thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, exists, insert, select

from robotable.server import schema
from robotable.server.store import StaleTable, Store

ACCOUNTS = schema.accounts.c
TOLD = schema.turn_emails.c
ACTIONS = schema.actions.c


@dataclass(frozen=True)
class Recipient:
    """An account that asked to be told by email, with a confirmed address."""

    name: str
    address: str
    language: str


@dataclass(frozen=True)
class Told:
    """A row, as the account's export shows it."""

    table: str
    seat: int
    sent: float


class TurnEmailStore:
    """The turn emails of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def claim(self, account_id: int, table_id: str, seat: int, version: int, now: float) -> Recipient | None:
        """The account to email that ``table_id`` waits for its ``seat`` since ``version`` (its
        row written), or None: it did not ask, has no confirmed address, was told already since
        it last played there, or played there after ``version`` (another process was quicker)."""
        with self.store._reading() as connection:
            recipient = _recipient(connection, account_id)
        if recipient is None:
            return None
        played_since = exists().where(
            ACTIONS.table_id == table_id, ACTIONS.seat == seat, ACTIONS.number > version
        )
        try:
            with self.store._writing() as connection:
                if connection.execute(select(played_since)).scalar():
                    return None
                connection.execute(
                    insert(schema.turn_emails).values(
                        account_id=account_id, table_id=table_id, seat=seat, version=version, sent=now
                    )
                )
        except StaleTable:  # the row is there: told already (here, or by another process)
            return None
        return recipient

    def forget(self, account_id: int, table_id: str, version: int) -> None:
        """The row written at ``version`` goes (its email could not be sent: a later turn may try)."""
        with self.store._writing() as connection:
            connection.execute(
                delete(schema.turn_emails).where(
                    TOLD.account_id == account_id, TOLD.table_id == table_id, TOLD.version == version
                )
            )

    def played(self, table_id: str, seat: int, number: int) -> None:
        """``seat`` played action ``number`` at the table: its person may be told again (a row
        written for a later turn, by a quicker process, stays)."""
        with self.store._writing() as connection:
            connection.execute(
                delete(schema.turn_emails).where(
                    TOLD.table_id == table_id, TOLD.seat == seat, TOLD.version < number
                )
            )

    def ended(self, table_id: str) -> None:
        """The game is over: nobody waits at it any more."""
        with self.store._writing() as connection:
            connection.execute(delete(schema.turn_emails).where(TOLD.table_id == table_id))

    def of_account(self, account_id: int) -> tuple[str | None, list[Told]]:
        """The account's email language and its rows (its export)."""
        query = select(TOLD.table_id, TOLD.seat, TOLD.sent).where(TOLD.account_id == account_id)
        with self.store._reading() as connection:
            language = connection.execute(
                select(ACCOUNTS.email_language).where(ACCOUNTS.id == account_id)
            ).scalar()
            told = [Told(row.table_id, row.seat, row.sent) for row in connection.execute(query)]
        return language, sorted(told, key=lambda row: row.sent)


def _recipient(connection: Any, account_id: int) -> Recipient | None:
    row = connection.execute(
        select(ACCOUNTS.name, ACCOUNTS.email, ACCOUNTS.email_confirmed, ACCOUNTS.notify_by_email,
               ACCOUNTS.email_language).where(ACCOUNTS.id == account_id)
    ).first()  # fmt: skip
    if row is None or not row.notify_by_email or row.email is None or row.email_confirmed is None:
        return None
    return Recipient(row.name, row.email, row.email_language or "en")
