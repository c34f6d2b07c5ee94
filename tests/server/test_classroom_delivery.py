"""The classroom for Robot Delivery over HTTP (issue 30): a room opened on the game's course; a
pupil's program kept at every change and judged by the game's own runner at every run (a run is
an attempt, an edit is not; the best is cards); the teacher follows it; no pupil receives another
pupil's program until the teacher shows it; hostile bodies are refused in both languages and
change nothing; the game chosen when opening the room or with its work. On SQLite only: the
store is the same for every game (its tests run on each kind of database, ``test_classrooms.py``)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_accounts import OWN
from tests.server.test_classrooms import bearer, join, teacher

OPTIMAL = {"onplay": [["FWD"], ["FWD"]], "functions": {}}  # course-1, "First steps": 2 cards
LONGER = {"onplay": [["FWD"], ["FWD"], ["FWD"]], "functions": {}}  # solves it with 3
SHORT = {"onplay": [["FWD"]], "functions": {}}  # takes the parcel, delivers nothing


def open_delivery(server: TestClient) -> tuple[str, str]:
    answer = server.post("/api/classrooms", json={"game": "delivery"}, headers=OWN)
    assert answer.status_code == 201, answer.text
    assert answer.json()["game"] == "delivery"
    return answer.json()["code"], answer.json()["token"]


def send(server: TestClient, code: str, token: str, program: Any, *, run: bool = False, **more: Any) -> Any:
    body = {"puzzle": "course-1", "program": program, "run": run} | more
    return server.post(f"/api/classrooms/{code}/attempt", json=body, headers=bearer(token))


def pupil_of(room: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in room["pupils"] if p["name"] == name)


def test_a_pupils_program_is_followed_run_by_run_and_its_best_is_cards(server: TestClient) -> None:
    code, token = open_delivery(server)
    lea = join(server, code, "Léa")
    room = teacher(server, code, token)
    assert room["game"] == "delivery" and room["work"][0]["id"] == "course-1"
    assert room["work"][0]["optimum"] == [2, 2]
    assert send(server, code, lea["token"], SHORT).json() == {"kept": True, "cards": 1}  # an edit
    now = pupil_of(teacher(server, code, token), "Léa")
    assert now["current"]["moves"] == {"program": SHORT, "run": None} and now["current"]["size"] == 1
    assert now["results"] == {}  # editing is no attempt
    ran = send(server, code, lea["token"], SHORT, run=True).json()
    assert not ran["solved"] and ran["steps"] and "solution" not in ran
    send(server, code, lea["token"], SHORT, run=True)  # the same program run again: the same attempt
    send(server, code, lea["token"], LONGER)
    now = pupil_of(teacher(server, code, token), "Léa")
    assert now["current"]["moves"] == {"program": LONGER, "run": SHORT}  # the last run's, for its trace
    assert now["results"]["course-1"] == {"attempts": 1, "best": None, "optimal": False}
    assert send(server, code, lea["token"], LONGER, run=True).json()["solved"]
    solved = send(server, code, lea["token"], "FWD FWD", run=True).json()  # the notation is read too
    assert solved["optimal"] and solved["cards"] == 2
    send(server, code, lea["token"], LONGER, run=True)  # a worse run keeps the best
    now = pupil_of(teacher(server, code, token), "Léa")
    assert now["results"]["course-1"] == {"attempts": 4, "best": 2, "optimal": True}
    exported = server.get(f"/api/classrooms/{code}/results.csv", headers=bearer(token))
    rows = list(csv.reader(io.StringIO(exported.text)))
    assert rows[0][-1] == "counted in"
    assert rows[1] == ["Léa", "delivery course-1", "yes", "4", "2", "2", "yes", "cards"]


def test_no_pupil_receives_another_pupils_program_until_the_teacher_shows_it(server: TestClient) -> None:
    code, token = open_delivery(server)
    lea, tom = join(server, code, "Léa"), join(server, code, "Tom")
    send(server, code, lea["token"], OPTIMAL, run=True)
    seen_by_tom = [
        server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).text,
        send(server, code, tom["token"], SHORT).text,
        send(server, code, tom["token"], SHORT, run=True).text,
    ]
    for text in seen_by_tom:
        assert "Léa" not in text and json.dumps(OPTIMAL["onplay"]) not in text
    shown = server.post(f"/api/classrooms/{code}/show", json={"pupil": lea["pupil"]}, headers=bearer(token))
    assert shown.status_code == 200, shown.text
    me = server.get(f"/api/classrooms/{code}/me", headers=bearer(tom["token"])).json()
    assert me["shown"] == {"name": "Léa", "puzzle": "course-1", "moves": OPTIMAL}
    assert me["results"] == {"course-1": {"attempts": 1, "best": None, "optimal": False}}  # his own
    assert me["game"] == "delivery" and "optimum" not in me["work"][0]


HOSTILE = [
    ({"program": {"onplay": [["FWD"]] * 50}}, 400),  # a huge program
    ({"program": {"onplay": [["FWD"] * 400]}}, 400),
    ({"program": "FWD " * 300}, 400),
    ({"program": 5}, 400),  # wrong types
    ({"program": {"onplay": "FWD"}}, 400),
    ({"program": {"onplay": [[1, 2]]}}, 400),
    ({"program": {"onplay": [], "functions": {"Z": []}}}, 400),
    ({"program": {"onplay": [], "functions": {"AB": [["FWD"]]}}}, 400),  # one letter a board
    ({"program": {"onplay": [], "functions": {"": []}}}, 400),
    ({"program": {"onplay": [], "secret": 1}}, 400),
    ({"program": {"onplay": [["LASER"]]}}, 400),  # unknown to a puzzle
    ({"program": {"onplay": [["XYZZY"]]}}, 400),  # unknown cards
    ({"program": {"onplay": [["FWD"], ["FWD"], ["FWD"], ["FWD"]]}}, 400),  # beyond the allowance
    ({"program": {"onplay": [["RR"]]}, "run": True}, 400),  # not in this puzzle's allowance
    ({"program": {"onplay": [["FWD", "RR"]]}}, 400),  # two action cards in a slot
    ({"program": None}, 422),  # moves, no program
    ({"program": SHORT, "puzzle": "course-2"}, 409),  # not the room's work
    ({"program": SHORT, "puzzle": "../../etc"}, 409),
    ({"program": SHORT, "run": "yes please"}, 422),
    ({"program": SHORT, "game": "ricochet"}, 409),  # a page of another game
]


def test_hostile_programs_are_refused_in_words_and_change_nothing(server: TestClient) -> None:
    code, token = open_delivery(server)
    server.post(f"/api/classrooms/{code}/work", json={"puzzle": "course-1"}, headers=bearer(token))
    lea = join(server, code, "Léa")
    send(server, code, lea["token"], SHORT)
    before = pupil_of(teacher(server, code, token), "Léa")
    for body, status in HOSTILE:
        answer = server.post(
            f"/api/classrooms/{code}/attempt",
            json={"puzzle": "course-1"} | body,
            headers=bearer(lea["token"]),
        )
        assert answer.status_code == status, (body, answer.text)
        refusal = answer.json()
        assert refusal["error"] and (body.get("run") == "yes please" or refusal["error_fr"]), refusal
        assert status != 409 or refusal["code"] in ("not_the_work", "other_game")
        assert pupil_of(teacher(server, code, token), "Léa") == before


def test_the_game_is_chosen_when_opening_or_with_the_work(server: TestClient) -> None:
    refused = server.post("/api/classrooms", json={"game": "chess"}, headers=OWN)
    assert refused.status_code == 422 and refused.json()["code"] == "bad_game"
    assert "dr2d" in refused.json()["error"] and "dr2d" in refused.json()["error_fr"]
    code, token = open_delivery(server)
    lea = join(server, code, "Léa")
    send(server, code, lea["token"], OPTIMAL, run=True)
    server.post(f"/api/classrooms/{code}/show", json={"pupil": lea["pupil"]}, headers=bearer(token))

    def work(body: dict[str, Any]) -> Any:
        return server.post(f"/api/classrooms/{code}/work", json=body, headers=bearer(token))

    assert work({"game": "droids", "series": "course"}).json()["code"] == "bad_game"
    assert work({"series": "book"}).status_code == 422  # Robot Delivery has no book
    assert work({"game": "ricochet", "series": "book"}).status_code == 200
    room = teacher(server, code, token)
    assert room["game"] == "ricochet" and room["shown"] is None  # the solution shown was Delivery's
    assert room["work"][0]["id"] == "easy-1"
    lea_now = pupil_of(room, "Léa")
    assert lea_now["results"] == {} and lea_now["current"]["puzzle"] is None  # her Delivery work apart
    assert work({"game": "delivery", "puzzle": "course-1"}).json()["game"] == "delivery"
    back = pupil_of(teacher(server, code, token), "Léa")
    assert back["results"]["course-1"]["best"] == 2 and back["current"]["puzzle"] == "course-1"
