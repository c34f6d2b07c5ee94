"""The phase help the table page shows, from the server without a browser (issue 14): the
game's words for what the token's seat may type, in the language asked; nothing for a
spectator; English by default."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.server.app import create_app
from robotable.server.store import open_store

PUZZLE = "1A2A3A4A-8A44FF0F-RC"


@pytest.fixture
def client(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as test_client:
        yield test_client


def test_the_help_is_the_seats_phase_help_in_the_language_asked(client: TestClient) -> None:
    body = {"game": "ricochet", "seats": ["human", "human"], "options": {"puzzle": PUZZLE}, "seed": 5}
    created = client.post("/api/tables", json=body).json()
    table, token = created["table"], created["token"]
    seat_view = client.get(f"/api/tables/{table}", headers={"authorization": f"Bearer {token}"}).json()
    game = games.get("ricochet")
    asked = {
        lang: client.get(
            f"/api/tables/{table}/help?lang={lang}", headers={"authorization": f"Bearer {token}"}
        )
        for lang in ("en", "fr")
    }
    assert asked["fr"].json()["help"] == game.phase_help(seat_view["view"], "fr")
    assert "annoncer un nombre de coups" in asked["fr"].json()["help"]
    assert asked["en"].json()["help"] == game.phase_help(seat_view["view"]) != asked["fr"].json()["help"]
    default = client.get(f"/api/tables/{table}/help", headers={"authorization": f"Bearer {token}"})
    assert default.json()["help"] == asked["en"].json()["help"]
    assert client.get(f"/api/tables/{table}/help?lang=fr").json()["help"] is None  # a spectator
    assert client.get(f"/api/tables/{table}/help?lang=de").status_code == 422  # en or fr only


def test_a_game_whose_legal_list_says_enough_has_no_help(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "robotick", "seats": ["human", "bot", "bot"]}).json()
    answer = client.get(
        f"/api/tables/{created['table']}/help?lang=fr",
        headers={"authorization": f"Bearer {created['token']}"},
    )
    assert answer.status_code == 200 and answer.json()["help"] is None
