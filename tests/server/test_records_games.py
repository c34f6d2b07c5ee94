"""Puzzle records of Robot Delivery and DR2D (issue 30), through the same routes as Ricochet's
(tests/server/test_records.py tests the store on both databases): a solution is replayed by
the game's own puzzle runner and its score kept, never the request's; a worse solution later
changes nothing; a guest without a name counts but holds no record; hostile bodies are refused
in English and French and keep nothing; an account's progress, export and deletion."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from robotable.server import schema
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, person  # noqa: F401

GUEST = "guest-key-0123456789"
OTHER_GUEST = "another-guest-key-42"


@dataclass(frozen=True)
class Case:
    """A game's puzzle with an optimal solution, a worse one and one that does not solve it."""

    game: str
    puzzle: str
    best: dict[str, Any]
    score: list[int]
    worse: dict[str, Any]
    worse_score: list[int]
    unsolved: dict[str, Any]


DELIVERY = Case(
    "delivery",
    "course-2",  # FWD 3, RR, RL; optimum 3 cards, 3 instructions
    {"program": "FWD RR FWD"},
    [3, 3],
    {"program": {"onplay": [["FWD"], ["RR"], ["FWD"], ["FWD"]], "functions": {}}},
    [4, 4],
    {"program": "FWD FWD"},
)
DR2D = Case(
    "dr2d",
    "course-1",  # one turn; optimum 1 turn, 1 move
    {"programs": [["N", "STAY", "STAY", "STAY", "STAY"]]},
    [1, 1],
    {"programs": "N N S . ."},
    [1, 3],
    {"programs": [["STAY"] * 5]},
)
CASES = pytest.mark.parametrize("case", [DELIVERY, DR2D], ids=["delivery", "dr2d"])


def send(client: TestClient, case: Case, body: dict[str, Any], puzzle: str | None = None) -> Any:
    return client.post(f"/api/puzzles/{case.game}/{puzzle or case.puzzle}/solved", json=body, headers=OWN)


def solvers(server: TestClient, case: Case) -> int:
    return server.app.state.records.record(case.game, case.puzzle).solvers


@CASES
def test_a_solution_is_replayed_and_a_worse_or_fake_one_later_changes_nothing(
    server: TestClient, case: Case
) -> None:
    told = send(server, case, case.worse | {"name": "Léa", "guest": GUEST})
    assert told.status_code == 200, told.text
    assert told.json() == {
        "id": case.puzzle,
        "score": case.worse_score,
        "optimal": False,
        "record": {"score": case.worse_score, "name": "Léa", "optimal": False, "yours": True},
        "solvers": 1,
    }
    best = send(server, case, case.best | {"guest": GUEST, "score": [0, 0], "optimal": False}).json()
    assert best["score"] == case.score and best["optimal"] is True  # the replay's, not the request's
    assert best["record"] == {"score": case.score, "name": "Léa", "optimal": True, "yours": True}
    fake = case.worse | {"guest": GUEST, "score": [0, 0], "optimal": True}
    again = send(server, case, fake).json()
    assert again["score"] == case.worse_score and again["optimal"] is False
    assert again["record"]["score"] == case.score and again["solvers"] == 1  # her best stays


@CASES
def test_a_guest_without_a_name_counts_but_holds_no_record(server: TestClient, case: Case) -> None:
    nameless = send(server, case, case.best | {"guest": OTHER_GUEST}).json()
    assert nameless["record"] is None and nameless["solvers"] == 1
    named = send(server, case, case.worse | {"guest": GUEST, "name": "Bob"}).json()
    assert named["solvers"] == 2 and named["record"]["name"] == "Bob"  # worse, but the only named one
    assert named["record"]["score"] == case.worse_score and named["record"]["optimal"] is False
    later = send(server, case, case.best | {"guest": OTHER_GUEST, "name": "Léa"}).json()
    assert later["record"] == {"score": case.score, "name": "Léa", "optimal": True, "yours": True}


HOSTILE: dict[str, list[tuple[dict[str, Any], str | None]]] = {
    "delivery": [
        ({"program": "FWD " * 200}, None),  # 800 characters of notation
        ({"program": {"onplay": [["FWD"]] * 5_000}}, None),  # 45 kB: five thousand slots
        ({"program": 5}, None),
        ({"program": [["FWD"]]}, None),
        ({"program": None}, None),
        ({"program": {"onplay": [["FWD"], ["RR"], ["FWD"], ["FWD"], ["FWD"]]}}, None),  # five slots
        ({"program": {"onplay": [["JUMP"]]}}, None),  # no such card
        ({"program": {"onplay": [[7]]}}, None),
        ({"program": {"onplay": [["FWD", "RR"]]}}, None),  # two action cards in one slot
        ({"program": {"onplay": [["FWD"] * 9]}}, None),
        ({"program": "FWD RR FWD FN-A"}, None),  # a card the puzzle does not allow
        ({"program": {"onplay": [["FWD"]], "functions": {"E": [["FWD"]]}}}, None),
        ({"program": {"onplay": [["FWD"]], "functions": {"AB": [["FWD"]]}}}, None),  # no board AB
        ({"program": {"onplay": [["FWD"]], "score": [1, 1]}}, None),
        ({"program": "FWD FWD"}, "not_solved"),
        ({"program": "FWD RR FWD", "guest": 12345}, None),
        ({"program": "FWD RR FWD", "guest": GUEST, "name": ["Léa"]}, "name_invalid"),
        ({"program": "FWD RR FWD", "guest": GUEST, "name": "<b>" * 5_000}, "name_invalid"),
    ],
    "dr2d": [
        ({"programs": [["N", "STAY", "STAY", "STAY", "STAY"]] * 2}, None),  # two turns: the puzzle has one
        ({"programs": [["N"] * 5] * 1_000}, None),  # 30 kB: a thousand turns
        ({"programs": [["N"] * 6]}, None),
        ({"programs": [["JUMP", "N", "N", "N", "N"]]}, None),
        ({"programs": [[None] * 5]}, None),
        ({"programs": [[["N"]] * 5]}, None),
        ({"programs": {"turn": 1}}, None),
        ({"programs": "N " * 600}, None),
        ({"programs": 7}, None),
        ({"programs": [["STAY"] * 5]}, "not_solved"),
        ({"programs": [["N", "STAY", "STAY", "STAY", "STAY"]], "guest": "short"}, None),
    ],
}


@CASES
def test_hostile_solutions_are_refused_in_both_languages_and_keep_nothing(
    server: TestClient, case: Case
) -> None:
    for body, code in HOSTILE[case.game]:
        answer = send(server, case, {"guest": GUEST} | body)
        if answer.status_code == 413:  # the body's limit, before the route: its words only
            assert answer.json()["error"], body
            continue
        assert answer.status_code in (400, 422), (answer.status_code, answer.text[:300])
        refusal = answer.json()
        assert refusal["error"] and refusal["error_fr"], refusal
        assert refusal.get("code") == code, refusal  # None: refused as it was read, before any replay
    for puzzle in ("course-99", "daily", "course-0"):
        answer = send(server, case, case.best | {"guest": GUEST}, puzzle=puzzle)
        assert answer.status_code == 404 and answer.json()["error_fr"], answer.text
    assert solvers(server, case) == 0
    assert server.app.state.records.record(case.game, "course-99").solvers == 0


def test_an_accounts_progress_of_every_game_follows_it_to_the_export_and_goes_with_it(
    server: TestClient,
) -> None:
    ann = person(server, "Ann")
    assert client_of(server).get("/api/puzzles/progress/delivery").json() == {
        "signed_in": False,
        "progress": {},
    }
    for case in (DELIVERY, DR2D):
        answer = send(ann, case, case.worse | {"name": "Someone Else"}).json()
        assert answer["record"]["name"] == "Ann"  # the account's name, not the one given
        send(ann, case, case.best)
        progress = ann.get(f"/api/puzzles/progress/{case.game}").json()
        assert progress == {
            "signed_in": True,
            "progress": {case.puzzle: {"score": case.score, "optimal": True}},
        }
    send(ann, DELIVERY, DELIVERY.worse)  # worse: the account keeps its best
    exported = ann.get("/api/account/export").json()["puzzle_solutions"]
    assert exported == {"delivery": {"course-2": [3, 3]}, "dr2d": {"course-1": [1, 1]}}
    send(client_of(server), DELIVERY, DELIVERY.best | {"guest": GUEST, "name": "Bob"})
    assert ann.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN).status_code == 204
    with server.app.state.records.store.engine.connect() as connection:
        left = connection.execute(select(func.count()).select_from(schema.puzzle_solutions)).scalar_one()
    assert left == 1  # Bob's: the account's rows of every game went with it
    record = send(client_of(server), DELIVERY, DELIVERY.best | {"guest": GUEST}).json()["record"]
    assert record["name"] == "Bob" and solvers(server, DELIVERY) == 1
