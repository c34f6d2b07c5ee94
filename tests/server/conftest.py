"""The server in process (FastAPI's test client) on a fresh SQLite file per test, as seen from
this machine (whose requests the server does not limit: these tests make hundreds); and the
databases a storage test runs on: a fresh SQLite file, or a fresh database of a throwaway
PostgreSQL cluster (one per test process, each test in databases of its own). The fresh
databases of these fixtures hold the newest schema already (copies of one migrated database:
see ``migrated_sqlite``); the databases a test makes itself with ``pg.new_database`` start empty."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.store import Store, open_store

from .. import pg

DATABASES = itertools.count()


@pytest.fixture
def server(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for this test process's tests, removed after them (one
    start, not one per module: a start is seconds); each test uses databases of its own."""
    with pg.cluster() as url:
        yield url


MIGRATED = "migrated"
"""The cluster's database at the newest schema, which ``url`` copies."""


@pytest.fixture(scope="session")
def migrated_postgresql(cluster: str) -> str:
    """The name of a database of the cluster migrated once (copying it is faster than migrating)."""
    open_store(pg.new_database(cluster, MIGRATED)).close()  # closed: a database copied has no connection
    return MIGRATED


@pytest.fixture(params=["sqlite", "postgresql"])
def url(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_sqlite: Callable[[Path], str]
) -> Iterator[str]:
    """A fresh database of each kind, its schema the newest: the test runs once on each. The
    PostgreSQL one is removed after the test."""
    if request.param == "sqlite":
        yield migrated_sqlite(tmp_path / "db.sqlite3")
        return
    cluster, name = request.getfixturevalue("cluster"), f"fresh_{next(DATABASES)}"
    yield pg.new_database(cluster, name, template=request.getfixturevalue("migrated_postgresql"))
    pg.drop_database(cluster, name)


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
