"""Issue 27: bots get distinct names, their level and a number ("Medium bot 1", "Medium bot 2";
"Robot moyen 1" in French). The server stores and sends nothing worded for a bot (an empty name
and its number among the table's bots of that level); each face words it in its reader's
language: the pages, and the server's own sentences and drawings in the language asked. The
record keeps the seats' kinds only, so records replay as before."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.records import Record
from robotable.play.words import bot_name, bot_numbers, public_names
from robotable.server.app import create_app
from robotable.server.seats import SeatRow, seat_list
from robotable.server.store import open_store

from .clients import play


@pytest.fixture
def client(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), think_limit=10.0)
    with TestClient(app) as test_client:
        yield test_client


def test_bots_of_one_level_are_numbered_in_seat_order_in_each_language() -> None:
    kinds = ["human", "bot:medium", "bot:easy", "bot:medium"]
    names = ["Ada", "", "", ""]
    assert bot_numbers(kinds, names) == [None, 1, 1, 2]
    assert public_names(kinds, names) == ["Ada", "Medium bot 1", "Easy bot 1", "Medium bot 2"]
    assert public_names(kinds, names, "fr") == ["Ada", "Robot moyen 1", "Robot facile 1", "Robot moyen 2"]
    assert bot_name("heuristic", 3, "fr") == "Robot heuristique 3"


def test_a_stored_bot_name_of_old_is_numbered_and_a_conceders_name_stays() -> None:
    """Tables stored before numbers named a bot by its level ("medium"); a person who conceded
    keeps their name on the bot's seat that plays on for them."""
    rows = [
        SeatRow(0, "bot:medium", "medium", None),
        SeatRow(1, "bot:medium", "Ada", None),  # Ada conceded: her name stays
        SeatRow(2, "bot:medium", "", None),
    ]
    listed = seat_list(rows)
    assert [(row["name"], row.get("number")) for row in listed] == [("", 1), ("Ada", None), ("", 2)]


def test_the_api_sends_bots_numbers_and_words_them_in_the_language_asked(client: TestClient) -> None:
    created = client.post(
        "/api/tables",
        json={
            "game": "dr2d",
            "seats": ["human", "bot:medium", "bot:medium"],
            "options": {"turn_limit": 1},
            "timers": False,
            "name": "Ada",
            "seed": 3,
        },
    ).json()
    table, token = created["table"], created["token"]
    seats = client.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}).json()["seats"]
    assert [(row["name"], row.get("number")) for row in seats] == [("Ada", None), ("", 1), ("", 2)]
    listed = next(entry for entry in client.get("/api/tables").json() if entry["table"] == table)
    assert [row.get("number") for row in listed["seats"]] == [None, 1, 2]
    for lang, words in (("en", ("Medium bot 1", "Medium bot 2")), ("fr", ("Robot moyen 1", "Robot moyen 2"))):
        board = client.get(f"/api/tables/{table}/board.svg?lang={lang}").text
        assert all(word in board for word in words), (lang, words)
    play(client, table, token)
    record = Record.from_dict(client.get(f"/api/tables/{table}/record").json())
    assert record.seats == ["human", "bot:medium", "bot:medium"]  # kinds only: no name in a record
    assert games.replay(record) is not None  # replays as before
    step = client.get(f"/api/tables/{table}/replay/{len(record.actions)}?lang=fr").json()
    assert [row["name"] for row in step["seats"]] == ["Ada", "Robot moyen 1", "Robot moyen 2"]
