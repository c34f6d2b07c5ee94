"""The server in process (FastAPI's test client) on a fresh SQLite file per test, as seen from
this machine (whose requests the server does not limit: these tests make hundreds)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.store import open_store


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'server.sqlite3'}"), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as test_client:
        yield test_client
