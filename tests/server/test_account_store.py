"""Accounts and sessions in the database (:mod:`robotable.server.account_store`), on SQLite and
on a throwaway PostgreSQL cluster alike: a name unique without regard to case, sessions found by
their token's hash until they expire or end, each change one transaction."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from robotable.server import schema
from robotable.server.account_store import AccountStore, NewSession
from robotable.server.passwords import AccountRefusal
from robotable.server.store import open_store
from robotable.server.tokens import hash_token

NUMBERS = itertools.count()


@pytest.fixture
def accounts(url: str) -> Iterator[AccountStore]:
    """The accounts' store on each database (``url``: tests/server/conftest.py)."""
    store = open_store(url)
    yield AccountStore(store)
    store.close()


def session(token: str, now: float = 100.0, lifetime: float = 50.0) -> NewSession:
    return NewSession(hash_token(token), now, now + lifetime)


def counts(accounts: AccountStore) -> tuple[int, int]:
    with accounts.store.engine.connect() as connection:
        return tuple(  # type: ignore[return-value]
            connection.execute(select(func.count()).select_from(table)).scalar_one()
            for table in (schema.accounts, schema.sessions)
        )


def test_an_account_and_its_first_session_are_made_together(accounts: AccountStore) -> None:
    made = accounts.create("Ann", "ann", "$argon2id$hash", session("t1"))
    found = accounts.signed_in(hash_token("t1"), 120.0)
    assert found is not None and found[0] == made and found[1].expiry == 150.0
    assert accounts.by_name("ann") == made and accounts.by_name("bob") is None
    assert accounts.signed_in(hash_token("t1"), 150.0) is None  # expired
    assert accounts.signed_in(hash_token("other"), 120.0) is None


def test_a_name_is_unique_without_regard_to_case_down_to_the_database(accounts: AccountStore) -> None:
    accounts.create("Ann", "ann", "h", session("t1"))
    with pytest.raises(AccountRefusal, match="already taken"):
        accounts.create("ANN", "ann", "h", session("t2"))
    assert counts(accounts) == (1, 1)  # the refused account's session was not written either
    row = {"name": "aNN", "name_key": "ann", "password_hash": "h", "created": 1.0, "password_changed": 1.0}
    with pytest.raises(IntegrityError), accounts.store.engine.begin() as connection:
        connection.execute(insert(schema.accounts).values(**row))  # the unique index itself


def test_a_sign_in_ends_the_session_it_came_with_and_the_expired_ones(accounts: AccountStore) -> None:
    ann = accounts.create("Ann", "ann", "h", session("old", now=0.0, lifetime=10.0))
    accounts.open_session(ann.id, session("phone"))
    accounts.open_session(ann.id, session("new", now=100.0), ending=hash_token("phone"))
    assert [s.created for s in accounts.sessions_of(ann.id, 100.0)] == [100.0]
    assert counts(accounts) == (1, 1)


def test_a_new_password_ends_every_session_and_opens_one(accounts: AccountStore) -> None:
    ann = accounts.create("Ann", "ann", "old hash", session("laptop"))
    bob = accounts.create("Bob", "bob", "h", session("bobs"))
    accounts.open_session(ann.id, session("phone"))
    accounts.change_password(ann.id, "new hash", session("renewed", now=110.0))
    assert accounts.signed_in(hash_token("laptop"), 111.0) is None
    assert accounts.signed_in(hash_token("phone"), 111.0) is None
    found = accounts.signed_in(hash_token("renewed"), 111.0)
    assert found is not None and found[0].password_hash == "new hash" and found[0].password_changed == 110.0
    assert accounts.signed_in(hash_token("bobs"), 111.0) is not None and bob.id != ann.id


def test_sessions_are_renewed_ended_and_deleted_with_their_account(accounts: AccountStore) -> None:
    ann = accounts.create("Ann", "ann", "h", session("a"))
    accounts.open_session(ann.id, session("b"))
    accounts.touch(hash_token("a"), 140.0, 190.0)
    assert accounts.signed_in(hash_token("a"), 160.0) is not None  # moved past its first expiry
    accounts.end_session(hash_token("a"))
    assert accounts.signed_in(hash_token("a"), 120.0) is None
    assert accounts.signed_in(hash_token("b"), 120.0) is not None
    accounts.end_sessions(ann.id)
    assert counts(accounts) == (1, 0)
    accounts.open_session(ann.id, session("c"))
    accounts.rehash(ann.id, "h", "rehashed")
    accounts.rehash(ann.id, "not the stored one", "ignored")
    assert accounts.by_name("ann").password_hash == "rehashed"  # type: ignore[union-attr]
    accounts.delete(ann.id)
    assert counts(accounts) == (0, 0)
