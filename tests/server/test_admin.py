"""``robotable admin list, show, end, migrate`` on an SQLite database (issue 31): what each
prints, what it changes, and that every bad input is one red line that changes nothing."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from robotable.core.records import read_records
from robotable.games import replay
from robotable.server.store import _alembic_config, _head_revisions, open_store

from .admin_tables import admin, filled, record_json, sqlite_change, sqlite_rows

NOW = time.time()


@pytest.fixture
def db(tmp_path: Path) -> tuple[str, Path]:
    """A database with an old finished table, a stuck one, a fresh one and a Robotick one."""
    path = tmp_path / "server.sqlite3"
    return filled(path, NOW), path


def test_list_shows_every_table_with_its_seats_and_status(db: tuple[str, Path]) -> None:
    result = admin("list", "--db", db[0])
    assert result.exit_code == 0, result.output
    lines = {line.split()[1]: line for line in result.output.splitlines() if "One" in line or "Done" in line}
    assert set(lines) == {"oldDone", "stuckOne", "freshOne", "trickOne"}
    assert "finished" in lines["oldDone"] and "Ann 0" in lines["oldDone"]
    assert "stuck" in lines["stuckOne"] and "running" in lines["freshOne"]
    assert "Easy bot 1" in result.output  # a bot by its level and number
    assert "4 tables" in result.output


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--status", "finished"], {"oldDone"}),
        (["--status", "stuck"], {"stuckOne"}),
        (["--status", "stuck", "--idle-hours", "100"], set()),
        (["--status", "running"], {"freshOne", "trickOne"}),
        (["--game", "robotick"], {"trickOne"}),
        (["--older-than", "2"], {"oldDone", "stuckOne"}),
    ],
)
def test_list_filters(db: tuple[str, Path], options: list[str], expected: set[str]) -> None:
    result = admin("list", "--db", db[0], *options)
    assert result.exit_code == 0, result.output
    shown = {name for name in ("oldDone", "stuckOne", "freshOne", "trickOne") if name in result.output}
    assert shown == expected


def test_show_prints_header_seats_and_record_and_its_json_replays(
    db: tuple[str, Path], tmp_path: Path
) -> None:
    result = admin("show", "oldDone", "--db", db[0])
    assert result.exit_code == 0, result.output
    assert "table oldDone: ricochet" in result.output
    assert "winner: seat 0 (Ann 0)" in result.output and "Ann 1: concede" in result.output
    shown = admin("show", "oldDone", "--db", db[0], "--json")
    assert shown.exit_code == 0
    file = tmp_path / "oldDone.json"
    file.write_text(shown.stdout, encoding="utf-8")
    (record,) = read_records(file)
    replay(record)
    assert record.outcome is not None and record.outcome.winners == (0,)
    assert record.meta["table"] == "oldDone"
    assert record_json(shown.stdout)["actions"] == [[1, "concede"]]


def test_end_writes_the_reason_in_the_record_and_nobody_wins(db: tuple[str, Path], tmp_path: Path) -> None:
    result = admin("end", "stuckOne", "--reason", "  nobody came back  ", "--db", db[0])
    assert result.exit_code == 0, result.output
    assert "table stuckOne ended: nobody came back" in result.output
    assert "next action" in result.output  # SQLite: says plainly that a running server is not told
    status, outcome = sqlite_rows(db[1], "SELECT status, outcome FROM game_tables WHERE id = 'stuckOne'")[0]
    assert status == "over" and "nobody came back" in str(outcome)
    assert sqlite_rows(db[1], "SELECT seat, notation FROM actions WHERE table_id = 'stuckOne'") == [
        (-1, "ended: nobody came back")
    ]
    file = tmp_path / "ended.json"
    file.write_text(admin("show", "stuckOne", "--db", db[0], "--json").stdout, encoding="utf-8")
    (record,) = read_records(file)
    replay(record)  # the end replays: the outcome is the record's
    assert record.outcome is not None and record.outcome.winners == ()
    assert record.outcome.detail == "ended by the administrator: nobody came back"


def test_an_ended_table_is_over_for_a_server_that_loads_it(db: tuple[str, Path]) -> None:
    from fastapi.testclient import TestClient

    from robotable.server.app import create_app

    assert admin("end", "trickOne", "--reason", "closing the club", "--db", db[0]).exit_code == 0
    with TestClient(
        create_app(open_store(db[0]), bots_in_threads=True), client=("127.0.0.1", 50000)
    ) as client:
        state = client.get("/api/tables/trickOne").json()
        assert state["outcome"]["detail"] == "ended by the administrator: closing the club"
        assert state["to_act"] == []
        record = client.get("/api/tables/trickOne/record").json()
        assert record["actions"] == [[-1, "ended: closing the club"]]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["end", "noSuch", "--reason", "x"], "there is no table 'noSuch'"),
        (["end", "oldDone", "--reason", "x"], "already finished"),
        (["end", "stuckOne", "--reason", "   "], "the reason is empty"),
        (["end", "stuckOne", "--reason", "x" * 301], "at most 300 characters"),
        (["show", "noSuch"], "there is no table 'noSuch'"),
        (["list", "--status", "lost"], "--status 'lost'"),
        (["list", "--game", "chess"], "chess"),
        (["list", "--older-than", "-1"], "--older-than -1"),
    ],
)
def test_bad_input_is_one_red_line_and_changes_nothing(
    db: tuple[str, Path], arguments: list[str], words: str
) -> None:
    before = sqlite_rows(db[1], "SELECT id, status, version, outcome FROM game_tables ORDER BY id")
    result = admin(*arguments, "--db", db[0])
    assert result.exit_code == 2
    assert words in result.stderr and result.stderr.startswith("error: ")
    assert len(result.stderr.strip().splitlines()) == 1 or len(result.stderr) > 80  # one line, maybe wrapped
    assert sqlite_rows(db[1], "SELECT id, status, version, outcome FROM game_tables ORDER BY id") == before


def test_a_database_that_is_not_there_or_not_a_url(tmp_path: Path) -> None:
    missing = admin("list", "--db", f"sqlite:///{tmp_path / 'none.sqlite3'}")
    assert missing.exit_code == 2 and "there is no database there" in missing.stderr
    assert not (tmp_path / "none.sqlite3").exists()  # not created by looking
    assert "cannot use the database" in admin("list", "--db", "nonsense://x").stderr
    assert "a database in memory" in admin("list", "--db", "sqlite://").stderr
    away = admin("list", "--db", "postgresql://ann:s3cret@127.0.0.1:1/robotable")
    assert away.exit_code == 2 and "does not answer" in away.stderr and "s3cret" not in away.stderr


def test_migrate_says_from_which_revision_to_which(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    (head,) = _head_revisions()
    first = admin("migrate", "--db", url)
    assert first.exit_code == 0 and f"migrated from an empty database to {head}" in first.output
    again = admin("migrate", "--db", url)
    assert again.exit_code == 0 and f"already the newest ({head})" in again.output
    before = one_revision_back(url)
    back = admin("migrate", "--db", url)
    assert back.exit_code == 0 and f"migrated from {before} to {head}" in back.output


def one_revision_back(url: str) -> str:
    """The database downgraded by its newest migration (Alembic's own downgrade): its revision."""
    from alembic import command

    store = open_store(url, migrate=False)
    config = _alembic_config()
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "-1")
        revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one()
    store.close()
    return str(revision)


def test_migrate_and_the_other_commands_refuse_a_newer_schema(db: tuple[str, Path]) -> None:
    sqlite_change(db[1], "UPDATE alembic_version SET version_num = '9999'")
    for command in (["migrate"], ["list"], ["end", "stuckOne", "--reason", "x"]):
        result = admin(*command, "--db", db[0])
        assert result.exit_code == 2, result.output
        assert "newer than this robotable knows" in result.stderr
    assert sqlite_rows(db[1], "SELECT version_num FROM alembic_version") == [("9999",)]
    assert sqlite_rows(db[1], "SELECT status FROM game_tables WHERE id = 'stuckOne'") == [("running",)]


def test_the_other_commands_ask_for_a_migration_of_an_older_schema(db: tuple[str, Path]) -> None:
    sqlite_change(db[1], "UPDATE alembic_version SET version_num = '0011'")
    result = admin("list", "--db", db[0])
    assert result.exit_code == 2 and "run `robotable admin migrate` first" in result.stderr


def test_a_running_sqlite_server_learns_the_end_at_the_tables_next_action(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from robotable.server.app import create_app

    from .clients import socket_path

    url = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    app = create_app(open_store(url), bots_in_threads=True)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        body = {"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"], "timers": False}
        made = client.post("/api/tables", json=body).json()
        table, token = made["table"], made["token"]
        bearer = {"Authorization": f"Bearer {token}"}
        with client.websocket_connect(socket_path(table, token) + "&sentences=true&lang=fr") as socket:
            deadline = time.monotonic() + 30
            while not (state := client.get(f"/api/tables/{table}", headers=bearer).json())["legal"]:
                assert time.monotonic() < deadline, "the bots never let seat 0 play"
                time.sleep(0.05)
            ended = admin("end", table, "--reason", "maintenance", "--db", url)
            assert ended.exit_code == 0 and "next action" in ended.output
            refused = client.post(
                f"/api/tables/{table}/actions", json={"action": state["legal"][0]}, headers=bearer
            )
            assert refused.status_code == 409 and refused.json()["code"] == "over"
            while (message := socket.receive_json())["type"] != "update" or message["news"]["seat"] != -1:
                pass
            assert message["news"]["events"] == [
                {
                    "kind": "ended",
                    "reason": "maintenance",
                    "text": "L'administrateur du serveur a arrêté la partie : maintenance",
                }
            ]
            assert message["state"]["outcome"]["detail"] == "ended by the administrator: maintenance"
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["actions"][-1] == [-1, "ended: maintenance"]
        step = client.get(
            f"/api/tables/{table}/replay/{len(record['actions'])}", params={"lang": "fr"}
        ).json()
        assert step["news"]["events"][0]["text"].startswith("L'administrateur du serveur a arrêté la partie")
