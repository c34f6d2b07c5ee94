"""Issue 27: an invited person sits down with a name. ``POST /api/tables/{id}/join`` with the
invitation's token names that seat (cleaned as every name is); any other token, or none at a
table without open seats, is refused and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.store import open_store


@pytest.fixture
def client(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), think_limit=10.0)
    with TestClient(app) as test_client:
        yield test_client


def seats_of(client: TestClient, table: str) -> list[str]:
    return [row["name"] for row in client.get(f"/api/tables/{table}").json()["seats"]]


def test_an_invitation_names_its_seat_with_the_join(client: TestClient) -> None:
    body = {"game": "delivery", "seats": ["human", "human", "bot:easy"], "timers": False, "name": "Ada"}
    created = client.post("/api/tables", json=body).json()
    table, invite = created["table"], created["invites"]["1"]
    assert seats_of(client, table)[1] == "seat 1"  # not named yet
    joined = client.post(
        f"/api/tables/{table}/join",
        json={"name": "  Zoé \n la  Grande "},
        headers={"Authorization": f"Bearer {invite}"},
    )
    assert joined.json() == {"table": table, "seat": 1, "token": invite}
    assert seats_of(client, table)[:2] == ["Ada", "Zoé la Grande"]  # cleaned as every name
    state = client.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {invite}"}).json()
    assert state["seats"][1]["name"] == "Zoé la Grande"


def test_only_a_persons_own_token_names_a_seat(client: TestClient) -> None:
    body = {"game": "delivery", "seats": ["human", "human"], "timers": False, "name": "Ada"}
    created = client.post("/api/tables", json=body).json()
    table = created["table"]
    wrong = client.post(
        f"/api/tables/{table}/join", json={"name": "Eve"}, headers={"Authorization": "Bearer nope"}
    )
    assert wrong.status_code == 403
    nobody = client.post(f"/api/tables/{table}/join", json={"name": "Eve"})
    assert nobody.status_code == 403  # no open seat to take either
    assert seats_of(client, table) == ["Ada", "seat 1"]
