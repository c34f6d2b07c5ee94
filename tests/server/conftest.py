"""The server in process (FastAPI's test client) on a fresh SQLite file per test, as seen from
this machine (whose requests the server does not limit: these tests make hundreds); and the
databases a storage test runs on: a fresh SQLite file, or a fresh database of a throwaway
PostgreSQL cluster (one per test module)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.store import Store, open_store

from .. import pg

DATABASES = itertools.count()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'server.sqlite3'}"), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the module's tests, removed after them."""
    with pg.cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind: the test runs once on each."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return pg.new_database(request.getfixturevalue("cluster"), f"test_{next(DATABASES)}")


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    """``url``'s database opened (each kind in turn), closed after the test."""
    opened = open_store(url)
    yield opened
    opened.close()


@pytest.fixture
def on_each_database(store: Store) -> Iterator[TestClient]:
    """The server in process on each kind of database, its bots in the test's threads (the
    accounts' tests: a module names it its ``server``)."""
    with TestClient(create_app(store, bots_in_threads=True), client=("127.0.0.1", 50000)) as client:
        yield client
