"""The classroom over HTTP and in its store (issue 30): a room opened, pupils joining by code and
name, the teacher following every pupil, hints, a solution shown, the CSV, a room's day; hostile
input; and secrecy: a pupil never receives another pupil's attempt unless the teacher shows it."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.games.ricochet.puzzle_file import shipped
from robotable.puzzles.classroom import LIFETIME
from robotable.server.app import create_app
from robotable.server.classroom_store import ClassroomStore, NameTaken
from robotable.server.store import Store, open_store
from tests.server.test_accounts import OWN, client_of

FIRST = shipped()["course-1"]
SOLUTION = [str(move) for move in FIRST.solution]
OPTIMUM = FIRST.optimum[0]


def test_the_store_counts_attempts_keeps_the_best_and_one_name_per_room(store: Store) -> None:
    rooms = ClassroomStore(store)
    assert rooms.open("HK47MX", "hash", "ricochet", 10.0, 10.0 + LIFETIME)
    assert not rooms.open("HK47MX", "other", "ricochet", 11.0, None)  # in use
    lea = rooms.join("HK47MX", "Léa", "léa", "token-lea", 12.0)
    with pytest.raises(NameTaken):
        rooms.join("HK47MX", "LÉA", "léa", "token-2", 12.0)
    rooms.attempt(lea, "course-1", ["red N"], ended=False, score=None, now=13.0)
    lea = rooms.pupil("HK47MX", "token-lea")
    assert lea is not None and lea.moves == ["red N"] and lea.puzzle == "course-1"
    rooms.attempt(lea, "course-1", [], ended=False, score=None, now=14.0)  # started again: one attempt
    lea = rooms.pupil("HK47MX", "token-lea")
    rooms.attempt(lea, "course-1", ["a", "b", "c", "d"], ended=True, score=4, now=15.0)  # type: ignore[arg-type]
    lea = rooms.pupil("HK47MX", "token-lea")
    rooms.attempt(lea, "course-1", ["a", "b", "c"], ended=True, score=3, now=16.0)  # type: ignore[arg-type]
    (result,) = rooms.results("HK47MX")
    assert (result.attempts, result.best, result.solution) == (3, 3, ["a", "b", "c"])
    assert rooms.room("HK47MX", 10.0 + LIFETIME + 1) is None  # its day is over
    assert rooms.open("AAAAAA", "hash", "ricochet", 10.0 + LIFETIME + 2, None)  # and it is removed
    assert rooms.room("HK47MX", 0.0) is None and rooms.pupils("HK47MX") == []


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def bearer(token: str) -> dict[str, str]:
    return OWN | {"authorization": f"Bearer {token}"}


def open_room(server: TestClient) -> tuple[str, str]:
    answer = server.post("/api/classrooms", json={}, headers=OWN)
    assert answer.status_code == 201, answer.text
    return answer.json()["code"], answer.json()["token"]


def join(server: TestClient, code: str, name: str) -> dict[str, Any]:
    answer = server.post(f"/api/classrooms/{code}/join", json={"name": name}, headers=OWN)
    assert answer.status_code == 201, answer.text
    return answer.json()


def attempt(server: TestClient, code: str, token: str, moves: list[str], puzzle: str = "course-1") -> Any:
    return server.post(
        f"/api/classrooms/{code}/attempt", json={"puzzle": puzzle, "moves": moves}, headers=bearer(token)
    )


def teacher(server: TestClient, code: str, token: str) -> dict[str, Any]:
    answer = server.get(f"/api/classrooms/{code}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_teacher_follows_each_pupils_attempt_and_progress(server: TestClient) -> None:
    code, token = open_room(server)
    lea, tom = join(server, code, "Léa"), join(server, f" {code.lower()[:3]}-{code.lower()[3:]} ", "Tom")
    assert tom["code"] == code  # the code typed kindly
    assert attempt(server, code, lea["token"], SOLUTION[:1]).json()["moves"] == 1
    pupils = {p["name"]: p for p in teacher(server, code, token)["pupils"]}
    assert pupils["Léa"]["current"]["moves"] == SOLUTION[:1] and pupils["Tom"]["current"]["moves"] == []
    solved = attempt(server, code, lea["token"], SOLUTION).json()
    assert solved["solved"] and solved["optimal"]
    room = teacher(server, code, token)
    assert room["work"][0] == {
        "id": "course-1",
        **{k: room["work"][0][k] for k in ("title", "lesson")},
        "optimum": [OPTIMUM],
    }
    lea_now = next(p for p in room["pupils"] if p["name"] == "Léa")
    assert lea_now["results"] == {"course-1": {"attempts": 1, "best": OPTIMUM, "optimal": True}}
    assert lea_now["current"] == {
        "puzzle": "course-1",
        "moves": SOLUTION,
        "ended": True,
        "changed": lea_now["current"]["changed"],
        "size": len(SOLUTION),
    }


def test_a_pupil_never_receives_another_pupils_attempt_until_the_teacher_shows_it(server: TestClient) -> None:
    code, token = open_room(server)
    lea, tom = join(server, code, "Léa"), join(server, code, "Tom")
    attempt(server, code, lea["token"], SOLUTION)
    seen_by_tom = [
        server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).text,
        attempt(server, code, tom["token"], SOLUTION[:1]).text,
    ]
    for text in seen_by_tom:
        assert "Léa" not in text and json.dumps(SOLUTION)[1:-1] not in text
    assert (
        server.get(f"/api/classrooms/{code}", headers=bearer(tom["token"])).status_code == 403
    )  # not the teacher
    assert (
        server.get(f"/api/classrooms/{code}/me", headers=bearer(token)).status_code == 403
    )  # the teacher is no pupil
    shown = server.post(f"/api/classrooms/{code}/show", json={"pupil": lea["pupil"]}, headers=bearer(token))
    assert shown.status_code == 200, shown.text
    me = server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).json()
    assert me["shown"] == {"name": "Léa", "puzzle": "course-1", "moves": SOLUTION}
    server.post(f"/api/classrooms/{code}/show", json={"pupil": None}, headers=bearer(token))
    assert server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).json()["shown"] is None
    attempt(server, code, lea["token"], [], "course-2")  # Léa goes on: her solved puzzle is shown still
    again = server.post(f"/api/classrooms/{code}/show", json={"pupil": lea["pupil"]}, headers=bearer(token))
    assert again.json()["shown"]["puzzle"] == "course-1"
    unsolved = {"pupil": lea["pupil"], "puzzle": "course-2"}
    refused = server.post(f"/api/classrooms/{code}/show", json=unsolved, headers=bearer(token))
    assert refused.status_code == 409
    nothing = server.post(f"/api/classrooms/{code}/show", json={"pupil": tom["pupil"]}, headers=bearer(token))
    assert nothing.status_code == 409 and nothing.json()["error_fr"]  # Tom solved nothing


def test_hints_reach_one_pupil_or_all_and_the_newest_is_shown(server: TestClient) -> None:
    code, token = open_room(server)
    lea, tom = join(server, code, "Léa"), join(server, code, "Tom")
    hint = server.post(
        f"/api/classrooms/{code}/hint",
        json={"text": "Try blue\nfirst", "pupil": lea["pupil"]},
        headers=bearer(token),
    )
    assert hint.status_code == 200 and hint.json()["text"] == "Try blue first"

    def said(pupil: dict[str, Any]) -> str | None:
        told = server.get(f"/api/classrooms/{code}/me", headers=bearer(pupil["token"])).json()["hint"]
        return told and told["text"]

    assert said(lea) == "Try blue first" and said(tom) is None
    server.post(f"/api/classrooms/{code}/hint", json={"text": "Everyone: 3 moves"}, headers=bearer(token))
    assert said(lea) == said(tom) == "Everyone: 3 moves"
    other = server.post(
        f"/api/classrooms/{code}/hint", json={"text": "x", "pupil": 99999}, headers=bearer(token)
    )
    assert other.status_code == 404


def test_the_work_the_csv_and_keeping_the_room(server: TestClient) -> None:
    code, token = open_room(server)
    lea = join(server, code, "-Léa")  # a name a spreadsheet might read as a formula
    chose = server.post(f"/api/classrooms/{code}/work", json={"puzzle": "course-3"}, headers=bearer(token))
    assert chose.status_code == 200
    assert [
        w["id"] for w in server.get(f"/api/classrooms/{code}/me", headers=bearer(lea["token"])).json()["work"]
    ] == ["course-3"]
    assert attempt(server, code, lea["token"], SOLUTION).json()["code"] == "not_the_work"
    server.post(f"/api/classrooms/{code}/work", json={"series": "course"}, headers=bearer(token))
    attempt(server, code, lea["token"], SOLUTION)
    exported = server.get(f"/api/classrooms/{code}/results.csv", headers=bearer(token))
    assert exported.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(exported.text)))
    assert rows[1] == ["'-Léa", "course-1", "yes", "1", str(OPTIMUM), str(OPTIMUM), "yes", "moves"]
    kept = server.post(f"/api/classrooms/{code}/keep", json={"keep": True}, headers=bearer(token)).json()
    assert kept == {"kept": True, "expires": None} and teacher(server, code, token)["kept"]


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/join", {"name": "<b>x</b>"}, 422),
        ("/join", {"name": "x" * 101}, 422),
        ("/join", {"name": "Léa"}, 409),  # taken
        ("/work", {"series": "course", "puzzle": "course-1"}, 422),
        ("/work", {"series": "../etc"}, 422),
        ("/work", {"puzzle": "daily"}, 422),
        ("/hint", {"text": "   "}, 422),
        ("/hint", {"text": "x" * 2001}, 422),
        ("/attempt", {"puzzle": "course-1", "moves": ["red N"] * 201}, 422),
        ("/attempt", {"puzzle": "course-1", "moves": ["purple Q"]}, 400),
        ("/attempt", {"puzzle": "hard-1", "moves": []}, 409),
    ],
)
def test_hostile_requests_are_refused_in_words(
    server: TestClient, path: str, body: dict[str, Any], status: int
) -> None:
    code, token = open_room(server)
    lea = join(server, code, "Léa")
    who = lea["token"] if path == "/attempt" else token
    answer = server.post(f"/api/classrooms/{code}{path}", json=body, headers=bearer(who))
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]
    assert teacher(server, code, token)["pupils"][0]["current"]["moves"] == []


def test_tokens_codes_and_sites_are_checked(server: TestClient) -> None:
    code, token = open_room(server)
    assert server.get(f"/api/classrooms/{code}").status_code == 401
    assert server.get(f"/api/classrooms/{code}", headers=bearer(token + "x")).status_code == 403
    assert server.get("/api/classrooms/OOOOOO", headers=bearer(token)).json()["code"] == "no_room"
    assert server.post("/api/classrooms/ZZZZZ0/join", json={"name": "Léa"}, headers=OWN).status_code == 404
    elsewhere = {"Origin": "https://evil.example"}
    assert (
        server.post(f"/api/classrooms/{code}/join", json={"name": "Léa"}, headers=elsewhere).status_code
        == 403
    )
    assert server.post("/api/classrooms", json={}, headers=elsewhere).status_code == 403


def test_joins_are_throttled_per_address(server: TestClient) -> None:
    from robotable.server.throttle import Rule

    code, _ = open_room(server)
    server.app.state.classroom_throttles["join"].rule = Rule(burst=2, every=3600.0)
    school = client_of(server, "198.51.100.9")
    statuses = [
        school.post(f"/api/classrooms/{code}/join", json={"name": f"Pupil {n}"}, headers=OWN).status_code
        for n in range(3)
    ]
    assert statuses == [201, 201, 429]


def test_a_room_closes_after_its_day_unless_its_teacher_keeps_it(tmp_path: Path) -> None:
    now = [1_000_000.0]
    app = create_app(open_store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), clock=lambda: now[0])
    with TestClient(app, client=("127.0.0.1", 50000)) as server:
        (short, short_token), (kept, kept_token) = open_room(server), open_room(server)
        server.post(f"/api/classrooms/{kept}/keep", json={"keep": True}, headers=bearer(kept_token))
        now[0] += LIFETIME - 1
        assert teacher(server, short, short_token)["expires"] == 1_000_000.0 + LIFETIME
        now[0] += 2
        assert server.get(f"/api/classrooms/{short}", headers=bearer(short_token)).json()["code"] == "no_room"
        late = server.post(f"/api/classrooms/{short}/join", json={"name": "Léa"}, headers=OWN)
        assert late.status_code == 404
        assert teacher(server, kept, kept_token)["kept"] is True
