"""Where a table's chat is kept: the ``chat`` table of the server's database (:mod:`.schema`),
through the store's own transactions (SQLite or PostgreSQL), beside the game and never in its
record.

Message ``n`` of a table is written once: ``(table_id, number)`` is the key, so two processes
saying something at the same moment cannot both write the same number (the second one takes
the next). On PostgreSQL each message also sends ``"TABLE_ID chat"`` on the store's channel in
its transaction, so the other processes tell their own connections (:mod:`.peers`). Every
method is blocking: the table calls them in a thread (``asyncio.to_thread``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, insert, select, tuple_

from robotable.core.errors import RobotableError
from robotable.core.game import JSON, Seat
from robotable.server import schema
from robotable.server.store import StaleTable, Store, StoreError

CHAT = schema.chat.c
RETRIES = 8
"""Times a message is numbered again after another process wrote that number first."""


class ChatFull(RobotableError):
    """The table keeps no more messages (raised inside the writing transaction: nothing written)."""


@dataclass(frozen=True)
class ChatLine:
    """One message as stored: its number (1-based, in the order it was written), who said it,
    when, and its cleaned text."""

    number: int
    seat: Seat
    at: float
    text: str

    def message(self, name: str) -> dict[str, JSON]:
        """The ``chat`` message of the protocol, ``name`` being the seat's public name now."""
        return {
            "type": "chat",
            "seat": self.seat,
            "name": name,
            "text": self.text,
            "at": self.at,
            "number": self.number,
        }


class ChatStore:
    """The chat of ``store``'s tables."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, table_id: str, seat: Seat, at: float, text: str, *, most: int) -> ChatLine:
        """Write a message as the table's next one, and tell the other processes; :class:`ChatFull`
        when the table already keeps ``most`` messages (nothing written)."""
        for _ in range(RETRIES):
            try:
                return self._add_once(table_id, seat, at, text, most)
            except ChatFull:
                raise
            except StaleTable:  # another process wrote that number first: the next one
                continue
        raise StoreError(f"table {table_id}: too many messages at once: try again")

    def _add_once(self, table_id: str, seat: Seat, at: float, text: str, most: int) -> ChatLine:
        last = select(func.coalesce(func.max(CHAT.number), 0)).where(CHAT.table_id == table_id)
        with self.store._writing() as connection:
            number = connection.execute(last).scalar_one() + 1
            if number > most:
                raise ChatFull(f"table {table_id} keeps {most} messages")
            values = {"table_id": table_id, "number": number, "seat": seat, "at": at, "text": text}
            connection.execute(insert(schema.chat).values(**values))
            self.store._notify(connection, f"{table_id} chat")
        return ChatLine(number, seat, at, text)

    def recent(self, table_id: str, count: int) -> list[ChatLine]:
        """The last ``count`` messages of a table, oldest first."""
        query = select(schema.chat).where(CHAT.table_id == table_id).order_by(CHAT.number.desc()).limit(count)
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
        return [ChatLine(r.number, r.seat, r.at, r.text) for r in reversed(rows)]

    def after(self, table_id: str, number: int) -> list[ChatLine]:
        """The messages after the first ``number``, oldest first."""
        query = (
            select(schema.chat).where(CHAT.table_id == table_id, CHAT.number > number).order_by(CHAT.number)
        )
        with self.store._reading() as connection:
            return [ChatLine(r.number, r.seat, r.at, r.text) for r in connection.execute(query)]

    def said_at(self, seats: list[tuple[str, Seat]]) -> list[dict[str, JSON]]:
        """Every message said from these seats (table, seat), by table then in order: what an
        account's export holds of the chat (its own words, nobody else's)."""
        if not seats:
            return []
        query = (
            select(schema.chat)
            .where(tuple_(CHAT.table_id, CHAT.seat).in_(seats))
            .order_by(CHAT.table_id, CHAT.number)
        )
        with self.store._reading() as connection:
            return [
                {"table": r.table_id, "seat": r.seat, "at": r.at, "text": r.text}
                for r in connection.execute(query)
            ]
