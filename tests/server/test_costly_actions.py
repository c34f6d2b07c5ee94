"""An action the rules make costly (a solo Ricochet reveal: the solver proves the optimum,
RR-34) is carried out in a worker process on a copy of the state, before it is stored: the table
goes on as it would have here, the other tables are not held up, and a worker that fails refuses the
action and stores nothing (issue 28)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.play.table import Table
from robotable.server.app import create_app
from robotable.server.store import open_store
from robotable.server.workers import Busy

pytestmark = pytest.mark.timeout(120)

PUZZLE = "1A2A3A4A-4ACCFF0F-RC"  # RR-EX-5: E, W, N for the red robot


def solo_table(client: TestClient) -> tuple[str, dict[str, str]]:
    body = {"game": "ricochet", "seats": ["human"], "seed": 3, "options": {"puzzle": PUZZLE}}
    created = client.post("/api/tables", json=body).json()
    return created["table"], {"Authorization": f"Bearer {created['token']}"}


def play(client: TestClient, table: str, auth: dict[str, str], action: str) -> Any:
    return client.post(f"/api/tables/{table}/actions", json={"action": action}, headers=auth)


def test_a_reveal_is_carried_out_in_a_worker_as_it_would_be_here(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    with TestClient(app) as client:
        table, auth = solo_table(client)
        live = app.state.hall.tables[table]
        assert play(client, table, auth, "red E").status_code == 200
        before = live.table.state
        assert play(client, table, auth, "reveal").status_code == 200
        assert live.table.state is not before  # the worker's copy of the state, carried out there
        here = Table(games.get("ricochet"), live.table.record.options, seed=3, seats=["human"])
        for action in ("red E", "reveal"):
            here.submit(0, action, 0.0)
        assert live.table.state.view(0) == here.state.view(0)
        assert live.table.state.results[-1]["optimum"] == 3 and live.version == 2
        stored = app.state.hall.store.load(table)
        assert [notation for _seat, notation in stored.record().actions] == ["red E", "reveal"]
        shown = client.get(f"/api/tables/{table}", headers=auth).json()
        assert shown["legal"] == [str(action) for action in here.state.legal_actions(0)]
        assert play(client, table, auth, shown["legal"][0]).status_code == 200  # goes on from the copy


def test_a_worker_that_cannot_take_the_action_refuses_it_and_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"))

    async def busy(*_args: Any, **_kwargs: Any) -> Any:
        raise Busy("with other players' puzzles", "avec les énigmes d'autres joueurs")

    with TestClient(app) as client:
        table, auth = solo_table(client)
        monkeypatch.setattr(app.state.hall.thinking, "carry_out", busy)
        refused = play(client, table, auth, "reveal")
        assert refused.status_code == 503 and refused.headers["retry-after"] == "5"
        assert refused.json()["error"].startswith("the server is busy with other players' puzzles")
        assert play(client, table, auth, "red E").status_code == 200  # not costly: carried out here
        assert app.state.hall.tables[table].version == 1
        assert len(app.state.hall.store.load(table).record().actions) == 1
