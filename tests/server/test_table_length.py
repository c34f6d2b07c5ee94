"""A table's length is bounded and its rebuilds cost the event loop nothing (issue 28's review):
past MAX_ACTIONS an action is refused with a clear sentence and nothing is stored; a finished
table rebuilt for a visitor is kept, not replayed again at the next request."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server import hall as hall_module
from robotable.server import live as live_module
from robotable.server.app import create_app
from robotable.server.store import open_store

pytestmark = pytest.mark.timeout(120)

PUZZLE = {"puzzle": "1A2A3A4A-4ACCFF0F-RC"}


def play(client: TestClient, table: str, token: str, action: str) -> Any:
    return client.post(
        f"/api/tables/{table}/actions", json={"action": action}, headers={"Authorization": f"Bearer {token}"}
    )


def test_a_table_past_its_length_refuses_every_action_and_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "MAX_ACTIONS", 3)
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bots_in_threads=True)
    with TestClient(app) as client:
        created = client.post("/api/tables", json={"game": "ricochet", "seats": ["human"], "options": PUZZLE})
        table, token = created.json()["table"], created.json()["token"]
        for action in ("red E", "red W", "red E"):
            assert play(client, table, token, action).status_code == 200
        refused = play(client, table, token, "red W")
        assert refused.status_code == 409 and refused.json()["code"] == "full"
        assert refused.json()["error"].startswith("this table has taken 3 actions")
        assert refused.json()["error_fr"].startswith("cette table a reçu 3 actions")
        assert len(app.state.hall.store.load(table).record().actions) == 3


def test_a_finished_table_is_rebuilt_once_for_its_visitors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rebuilds: list[str] = []
    rebuilt = hall_module.rebuilt_with_banks

    def counted(stored: Any) -> Any:
        rebuilds.append(stored.id)
        return rebuilt(stored)

    monkeypatch.setattr(hall_module, "rebuilt_with_banks", counted)
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bots_in_threads=True)
    with TestClient(app) as client:
        body = {"game": "ricochet", "seats": ["human", "human"], "seed": 5}
        created = client.post("/api/tables", json=body).json()
        assert play(client, created["table"], created["token"], "concede").status_code == 200
        app.state.hall.tables.pop(created["table"], None)  # as a finished table with nobody watching
        for _ in range(3):
            assert client.get(f"/api/tables/{created['table']}").json()["outcome"] is not None
        assert rebuilds == [created["table"]]
