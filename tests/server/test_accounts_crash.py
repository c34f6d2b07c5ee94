"""Issue 29: ``robotable serve`` killed with ``kill -9`` while people sign up, then started again
on the same database (an SQLite file, or PostgreSQL): no half-made account. Every account is
whole (its first session beside it, its password's hash complete, so its person signs in), or
absent (its name free to take again)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from robotable.server import schema
from robotable.server.store import open_store

from . import process

PASSWORD = "a password to keep"
SIGNERS = 4
KILL_AFTER = 6
"""Accounts made before the kill: the others are on their way when it comes."""


def sign_ups(server: process.Server, names: Iterator[str], tried: list[str], made: list[str]) -> None:
    """Sign up one name after another until the server is gone."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for name in names:
            tried.append(name)
            client.cookies.clear()  # a new person each time (a sign-up ends the session it came with)
            try:
                answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
            except httpx.HTTPError:
                return
            assert answer.status_code == 201, answer.text
            made.append(name)


@pytest.mark.timeout(180)
@pytest.mark.long
def test_kill_9_during_sign_ups_leaves_no_half_made_account(url: str, tmp_path: Path) -> None:
    tried: list[str] = []
    made: list[str] = []
    names = (f"person{n}" for n in itertools.count())
    lock = threading.Lock()

    def next_names() -> Iterator[str]:
        while True:
            with lock:
                name = next(names)
            yield name

    first = process.start(url, tmp_path)
    try:
        signers = [
            threading.Thread(target=sign_ups, args=(first, next_names(), tried, made), daemon=True)
            for _ in range(SIGNERS)
        ]
        for signer in signers:
            signer.start()
        while len(made) < KILL_AFTER and any(signer.is_alive() for signer in signers):
            threading.Event().wait(0.05)
    finally:
        process.kill(first)
    for signer in signers:
        signer.join(30)
    assert first.process.returncode == -9 and len(tried) > len(made) >= KILL_AFTER  # some cut off

    store = open_store(url)
    with store.engine.connect() as connection:
        stored = {r.name for r in connection.execute(select(schema.accounts.c.name))}
        alone = connection.execute(
            select(func.count())
            .select_from(schema.accounts)
            .where(~schema.accounts.c.id.in_(select(schema.sessions.c.account_id)))
        ).scalar_one()
    store.close()
    assert alone == 0  # every account has the session made with it: one transaction
    assert set(made) <= stored <= set(tried)

    second = process.start(url, tmp_path)
    try:
        with httpx.Client(base_url=second.url, timeout=30) as client:
            for name in tried:
                body = {"name": name, "password": PASSWORD}
                if name in stored:
                    assert client.post("/api/account/signin", json=body).status_code == 200, name
                else:
                    assert client.post("/api/account/signup", json=body).status_code == 201, name
    finally:
        process.stop(second)
