"""Where invitations by name are kept: the ``seat_invitations`` table (:mod:`.schema`), one row a
seat a table's creator offers one account, until that account takes it, the creator cancels it,
or someone else sits there (a guest with the seat's invitation link: the row is then passed over).

Why a table of their own rather than a column of ``seats``: a seat's row is rewritten whole by
every change of the seat (:meth:`.store.Store.set_seat`), which would have to carry the
invitation through; an invitation has its own life (who invited, when, cancelled), and its own
deletion rule: it goes with either account (ON DELETE CASCADE), where a seat held by a deleted
account stays, as "deleted player". Blocking methods: the routes call them in a thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, or_, select, update

from robotable.server import schema
from robotable.server.seats import SeatRow
from robotable.server.store import Store, StoredTable

INVITES = schema.seat_invitations.c
SEATS = schema.seats.c
TABLES = schema.game_tables.c
ACCOUNTS = schema.accounts.c
LISTED = 100
"""Invitations "My tables" lists at most (the newest)."""


@dataclass(frozen=True)
class Invitation:
    table_id: str
    seat: int
    account: int
    name: str
    """The invited account's name."""
    by: str
    """The name of the account that invited."""


class InvitationStore:
    """The invitations by name of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def offer(self, table_id: str, seat: int, account: int, inviter: int, now: float) -> None:
        """``account`` invited to ``seat``: the seat's earlier invitation, and the account's
        invitation to another seat of the table, give way (one seat an account, one account a seat)."""
        with self.store._writing() as connection:
            connection.execute(
                delete(schema.seat_invitations).where(
                    INVITES.table_id == table_id, or_(INVITES.seat == seat, INVITES.account_id == account)
                )
            )
            connection.execute(
                insert(schema.seat_invitations).values(
                    table_id=table_id, seat=seat, account_id=account, inviter_id=inviter, created=now
                )
            )

    def cancel(self, table_id: str, seat: int) -> bool:
        with self.store._writing() as connection:
            gone = connection.execute(
                delete(schema.seat_invitations).where(INVITES.table_id == table_id, INVITES.seat == seat)
            )
            return gone.rowcount == 1

    def of_table(self, table_id: str) -> list[Invitation]:
        return self._found(INVITES.table_id == table_id)

    def of_account(self, account: int) -> list[Invitation]:
        """The account's invitations to unfinished tables, the newest first."""
        unfinished = select(TABLES.id).where(TABLES.status != "over")
        return self._found(INVITES.account_id == account, INVITES.table_id.in_(unfinished))

    def exported(self, account: int) -> list[dict[str, object]]:
        """The invitations the account received or made, as its data export gives them."""
        found = self._found(or_(INVITES.account_id == account, INVITES.inviter_id == account))
        return [
            {"table": i.table_id, "seat": i.seat}
            | ({"by": i.by} if i.account == account else {"invited": i.name})
            for i in found
        ]

    def _found(self, *where: object) -> list[Invitation]:
        invited, inviter = schema.accounts.alias("invited"), schema.accounts.alias("inviter")
        query = (
            select(
                INVITES.table_id, INVITES.seat, INVITES.account_id, invited.c.name, inviter.c.name.label("by")
            )
            .join(invited, invited.c.id == INVITES.account_id)
            .join(inviter, inviter.c.id == INVITES.inviter_id)
            .where(*where)  # type: ignore[arg-type]
            .order_by(INVITES.created.desc(), INVITES.seat)
            .limit(LISTED)
        )
        with self.store._reading() as connection:
            return [
                Invitation(r.table_id, r.seat, r.account_id, r.name, r.by) for r in connection.execute(query)
            ]

    def tables(self, table_ids: list[str]) -> list[StoredTable]:
        """The tables (with their seats, no actions) of ``table_ids``."""
        return (
            self.store._with_seats(select(schema.game_tables).where(TABLES.id.in_(table_ids)))
            if table_ids
            else []
        )

    def take(self, table_id: str, before: SeatRow, after: SeatRow) -> bool:
        """The invited account takes its seat, unless someone sat there meanwhile (its row is no
        longer ``before``) or the game ended: whether it did. The invitation goes with it."""
        unfinished = select(TABLES.id).where(TABLES.id == table_id, TABLES.status != "over")
        with self.store._writing() as connection:
            changed = connection.execute(
                update(schema.seats)
                .where(
                    SEATS.table_id.in_(unfinished),
                    SEATS.seat == before.seat,
                    SEATS.kind == "human",
                    SEATS.name == before.name,
                    SEATS.token_hash == before.token_hash,
                    SEATS.account_id.is_(None),
                )
                .values(
                    name=after.name, token_hash=after.token_hash, account_id=after.account, away_since=None
                )
            )
            if changed.rowcount != 1:
                return False
            connection.execute(
                delete(schema.seat_invitations).where(
                    INVITES.table_id == table_id, INVITES.seat == before.seat
                )
            )
            self.store._notify(connection, f"{table_id} seats")
        return True
