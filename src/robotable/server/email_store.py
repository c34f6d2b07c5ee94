"""Where the accounts' email lives: the confirmed address and the wish to be told by email on
the ``accounts`` row, and the one-use links of ``email_links`` (:mod:`.schema`).

A link is a row keyed by the SHA-256 of its token (:mod:`.tokens`): the token travels only in
the message, so a copy of the database opens no link. A link is used up in the transaction
that does what it is for: confirming writes the address and deletes the account's confirmation
links; a reset writes the password, ends every session, opens the new one and deletes the
account's reset links, together. Every method is blocking: the routes call them in a thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Delete, delete, insert, select, update

from robotable.server import schema
from robotable.server.account_store import Account, NewSession, account_of, sessions_ended
from robotable.server.passwords import AccountRefusal
from robotable.server.store import StaleTable, Store

ACCOUNTS = schema.accounts.c
LINKS = schema.email_links.c
CONFIRM = "confirm"
RESET = "reset"


@dataclass(frozen=True)
class Link:
    """A link's row, as the export shows it (never its token's hash)."""

    purpose: str
    address: str | None
    created: float
    expiry: float


@dataclass(frozen=True)
class NewLink:
    """A link to write: its token's hash, what it is for and its times."""

    token_hash: str
    purpose: str
    account_id: int
    address: str | None
    now: float
    expiry: float


def address_key(address: str) -> str:
    """What makes two addresses the same here: ``Ann@Example.org`` is ``ann@example.org``."""
    return address.strip().lower()


def address_taken() -> AccountRefusal:
    return AccountRefusal(
        "email_taken",
        "this address is already another account's: it stays theirs",
        "cette adresse est déjà celle d'un autre compte : elle le reste",
        status=409,
    )


class EmailStore:
    """The addresses and links of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def holder(self, address: str) -> int | None:
        """The account whose confirmed address ``address`` is (any capitals), or None."""
        query = select(ACCOUNTS.id).where(ACCOUNTS.email_key == address_key(address))
        with self.store._reading() as connection:
            return connection.execute(query).scalar()

    def by_address(self, address: str) -> Account | None:
        query = select(schema.accounts).where(ACCOUNTS.email_key == address_key(address))
        with self.store._reading() as connection:
            row = connection.execute(query).first()
        return None if row is None else account_of(row)

    def add_link(self, link: NewLink) -> None:
        """A new link; a new confirmation replaces the account's earlier ones (one address waits
        at a time), and links past their time go."""
        with self.store._writing() as connection:
            connection.execute(delete(schema.email_links).where(LINKS.expiry <= link.now))
            if link.purpose == CONFIRM:
                connection.execute(_links_of(link.account_id, CONFIRM))
            connection.execute(
                insert(schema.email_links).values(
                    token_hash=link.token_hash,
                    purpose=link.purpose,
                    account_id=link.account_id,
                    address=link.address,
                    created=link.now,
                    expiry=link.expiry,
                )
            )

    def drop_link(self, token_hash: str) -> None:
        """A link whose message could not be sent."""
        with self.store._writing() as connection:
            connection.execute(delete(schema.email_links).where(LINKS.token_hash == token_hash))

    def valid(self, token_hash: str, purpose: str, now: float) -> bool:
        """Whether a link of ``purpose`` with this token's hash may be used now."""
        with self.store._reading() as connection:
            return _valid(connection, token_hash, purpose, now) is not None

    def links_of(self, account_id: int, now: float) -> list[Link]:
        """The account's links still valid, oldest first."""
        query = (
            select(LINKS.purpose, LINKS.address, LINKS.created, LINKS.expiry)
            .where(LINKS.account_id == account_id, LINKS.expiry > now)
            .order_by(LINKS.created)
        )
        with self.store._reading() as connection:
            return [Link(r.purpose, r.address, r.created, r.expiry) for r in connection.execute(query)]

    def waiting(self, account_id: int, now: float) -> str | None:
        """The address waiting for its confirmation, if any."""
        confirming = [link for link in self.links_of(account_id, now) if link.purpose == CONFIRM]
        return confirming[-1].address if confirming else None

    def confirm(self, token_hash: str, now: float) -> tuple[Account, str] | None:
        """The address of a valid confirmation link becomes its account's; None for a link that
        is unknown, used or expired. An address confirmed meanwhile by another account is
        refused (:func:`address_taken`), and nothing changes."""
        try:
            with self.store._writing() as connection:
                link = _valid(connection, token_hash, CONFIRM, now)
                if link is None or link.address is None:
                    return None
                holder = connection.execute(
                    select(ACCOUNTS.id).where(ACCOUNTS.email_key == address_key(link.address))
                ).scalar()
                if holder is not None and holder != link.account_id:
                    raise address_taken()
                connection.execute(
                    update(schema.accounts)
                    .where(ACCOUNTS.id == link.account_id)
                    .values(email=link.address, email_key=address_key(link.address), email_confirmed=now)
                )
                connection.execute(_links_of(link.account_id, CONFIRM))
                row = connection.execute(select(schema.accounts).where(ACCOUNTS.id == link.account_id)).one()
        except StaleTable:  # two accounts confirming one address at once: the unique index decides
            raise address_taken() from None
        return account_of(row), link.address

    def reset(self, token_hash: str, password_hash: str, session: NewSession) -> Account | None:
        """A valid reset link's account gets the new password; every session of it ends, the
        new one opens, its reset links go: one transaction. None for a link not valid."""
        with self.store._writing() as connection:
            link = _valid(connection, token_hash, RESET, session.now)
            if link is None:
                return None
            account_id = link.account_id
            connection.execute(
                update(schema.accounts)
                .where(ACCOUNTS.id == account_id)
                .values(password_hash=password_hash, password_changed=session.now)
            )
            connection.execute(delete(schema.sessions).where(schema.sessions.c.account_id == account_id))
            self.store._notify(connection, sessions_ended(account_id))
            connection.execute(insert(schema.sessions).values(**session.row(account_id)))
            connection.execute(_links_of(account_id, RESET))
            row = connection.execute(select(schema.accounts).where(ACCOUNTS.id == account_id)).one()
        return account_of(row)

    def remove(self, account_id: int) -> None:
        """The account's address, its confirmation links and its wish for email go."""
        with self.store._writing() as connection:
            connection.execute(
                update(schema.accounts)
                .where(ACCOUNTS.id == account_id)
                .values(email=None, email_key=None, email_confirmed=None, notify_by_email=False)
            )
            connection.execute(_links_of(account_id, CONFIRM))

    def set_language(self, account_id: int, language: str) -> None:
        """The language the account's emails speak (its page's when it last asked for one)."""
        with self.store._writing() as connection:
            connection.execute(
                update(schema.accounts).where(ACCOUNTS.id == account_id).values(email_language=language)
            )

    def set_notify(self, account_id: int, notify: bool) -> None:
        with self.store._writing() as connection:
            connection.execute(
                update(schema.accounts).where(ACCOUNTS.id == account_id).values(notify_by_email=notify)
            )


def _links_of(account_id: int, purpose: str) -> Delete:
    return delete(schema.email_links).where(LINKS.account_id == account_id, LINKS.purpose == purpose)


def _valid(connection: Connection, token_hash: str, purpose: str, now: float) -> NewLink | None:
    query = select(schema.email_links).where(
        LINKS.token_hash == token_hash, LINKS.purpose == purpose, LINKS.expiry > now
    )
    row = connection.execute(query).first()
    if row is None:
        return None
    return NewLink(row.token_hash, row.purpose, row.account_id, row.address, row.created, row.expiry)
