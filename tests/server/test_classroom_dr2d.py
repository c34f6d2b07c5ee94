"""The classroom for DR2D over HTTP (issue 30): a room on the game's course; a pupil's registers
kept at every change and played by the game's own engine at every run (a run is an attempt, a
change is not; the best is turns); the teacher follows them; no pupil receives another's
registers until the teacher shows them; hostile bodies are refused in both languages and change
nothing."""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi.testclient import TestClient

from robotable.games.dr2d.puzzles.course import load_course
from tests.server.test_accounts import OWN
from tests.server.test_classrooms import bearer, join, teacher

FIRST = load_course()[0]  # "One step": one forward, in one turn


def open_dr2d(server: TestClient) -> tuple[str, str]:
    answer = server.post("/api/classrooms", json={"game": "dr2d"}, headers=OWN)
    assert answer.status_code == 201, answer.text
    return answer.json()["code"], answer.json()["token"]


def send(server: TestClient, code: str, token: str, registers: Any, *, run: bool = False, **more: Any) -> Any:
    body = {"puzzle": "course-1", "registers": registers, "run": run} | more
    return server.post(f"/api/classrooms/{code}/attempt", json=body, headers=bearer(token))


def pupil_of(room: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in room["pupils"] if p["name"] == name)


def test_registers_are_followed_run_by_run_the_best_is_turns_and_secret_until_shown(
    server: TestClient,
) -> None:
    code, token = open_dr2d(server)
    lea, tom = join(server, code, "Léa"), join(server, code, "Tom")
    room = teacher(server, code, token)
    assert room["game"] == "dr2d" and room["work"][0]["optimum"] == list(FIRST.optimum)
    assert send(server, code, lea["token"], ["STAY"]).json() == {"kept": True, "registers": 1}
    assert pupil_of(teacher(server, code, token), "Léa")["results"] == {}  # a change is no attempt
    missed = send(server, code, lea["token"], ["STAY"], run=True).json()
    assert not missed["solved"] and missed["steps"]
    send(server, code, lea["token"], ["n"])  # read kindly, kept as the game writes it
    now = pupil_of(teacher(server, code, token), "Léa")
    assert now["current"]["moves"] == {"registers": ["N"], "run": ["STAY"]} and now["current"]["size"] == 1
    solved = send(server, code, lea["token"], ["N"], run=True).json()
    assert solved["solved"] and solved["optimal"]
    now = pupil_of(teacher(server, code, token), "Léa")
    assert now["results"]["course-1"] == {"attempts": 2, "best": 1, "optimal": True}
    seen_by_tom = [
        server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).text,
        send(server, code, tom["token"], ["E"], run=True).text,
    ]
    assert not any("Léa" in text or '["N"]' in text for text in seen_by_tom)
    server.post(f"/api/classrooms/{code}/show", json={"pupil": lea["pupil"]}, headers=bearer(token))
    me = server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).json()
    assert me["shown"] == {"name": "Léa", "puzzle": "course-1", "moves": ["N"]}
    rows = list(
        csv.reader(io.StringIO(server.get(f"/api/classrooms/{code}/results.csv", headers=bearer(token)).text))
    )
    assert rows[1] == ["Léa", "dr2d course-1", "yes", "2", "1", "1", "yes", "turns"]


def test_hostile_registers_are_refused_in_words_and_change_nothing(server: TestClient) -> None:
    code, token = open_dr2d(server)
    lea = join(server, code, "Léa")
    send(server, code, lea["token"], ["E"])
    before = pupil_of(teacher(server, code, token), "Léa")
    hostile = [
        ({"registers": ["N"] * 6}, 400),  # more than the puzzle's one turn
        ({"registers": ["N"] * 100_00}, 400),  # huge
        ({"registers": ["JUMP"]}, 400),  # unknown register
        ({"registers": [["N"]]}, 400),  # wrong types
        ({"registers": [7]}, 400),
        ({"registers": "N N N N N"}, 422),
        ({"registers": None}, 422),
        ({"registers": [], "run": True}, 422),  # nothing to run
        ({"registers": ["N"], "puzzle": "course-2"}, 409),  # not the room's work: the whole course is...
    ]
    server.post(f"/api/classrooms/{code}/work", json={"puzzle": "course-1"}, headers=bearer(token))
    for body, status in hostile:
        answer = server.post(
            f"/api/classrooms/{code}/attempt",
            json={"puzzle": "course-1"} | body,
            headers=bearer(lea["token"]),
        )
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["error"] and answer.json()["error_fr"], answer.text
        assert pupil_of(teacher(server, code, token), "Léa") == before
