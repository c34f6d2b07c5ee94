"""Puzzle records (issue 30): the store on SQLite and PostgreSQL (a solver's best, the record,
the solvers counted, an account's progress), and the routes: a solution is replayed, never
trusted; guests and accounts; hostile input; the throttle."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.games.ricochet.puzzle_file import series
from robotable.server import records
from robotable.server.record_store import RecordStore, Solved
from robotable.server.store import Store
from tests.server.test_accounts import OWN, cheap_hashes, client_of, person  # noqa: F401

PUZZLE = series("course")[1]
PUZZLE_ID = PUZZLE.extra["id"]
SOLUTION = [str(move) for move in PUZZLE.solution]
OPTIMUM = PUZZLE.optimum[0]
GUEST = "guest-key-0123456789"


def solved(solver: str, moves: int, at: float, name: str | None = "Léa", optimal: bool = False) -> Solved:
    return Solved(solver, None, name, (moves,), optimal, at)


def test_the_store_keeps_each_solvers_best_and_the_earliest_best_holds_the_record(store: Store) -> None:
    kept = RecordStore(store)
    assert kept.record("ricochet", "p").best is None and kept.record("ricochet", "p").solvers == 0
    kept.solved("ricochet", "p", solved("guest:a", 9, 1.0, "Ann"))
    kept.solved("ricochet", "p", solved("guest:b", 7, 2.0, "Bob", optimal=True))
    kept.solved("ricochet", "p", solved("guest:c", 7, 3.0, "Cid", optimal=True))  # equal, later
    kept.solved("ricochet", "p", solved("guest:a", 12, 4.0, "Ann"))  # worse: Ann's 9 stays
    record = kept.record("ricochet", "p")
    assert record.solvers == 3
    best = record.best
    assert best is not None and (best.name, best.score[0], best.optimal) == ("Bob", 7, True)
    kept.solved("ricochet", "p", solved("guest:a", 6, 5.0, "Ann"))
    assert kept.record("ricochet", "p").best.name == "Ann"  # type: ignore[union-attr]
    assert kept.record("ricochet", "other").solvers == 0


def test_a_solver_without_a_name_counts_but_holds_no_record(store: Store) -> None:
    kept = RecordStore(store)
    kept.solved("ricochet", "p", solved("guest:a", 3, 1.0, name=None))
    kept.solved("ricochet", "p", solved("guest:b", 8, 2.0, "Bob"))
    record = kept.record("ricochet", "p")
    assert record.solvers == 2 and record.best is not None and record.best.name == "Bob"
    kept.solved("ricochet", "p", solved("guest:a", 9, 3.0, "Ann"))  # a worse solution, now named
    assert kept.record("ricochet", "p").best.name == "Ann"  # type: ignore[union-attr]


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def send(client: TestClient, body: dict[str, Any], puzzle: str = PUZZLE_ID, **headers: str) -> Any:
    return client.post(f"/api/puzzles/ricochet/{puzzle}/solved", json=body, headers=OWN | headers)


def test_a_guests_solution_is_replayed_and_their_record_told(server: TestClient) -> None:
    answer = send(server, {"moves": SOLUTION, "name": " Léa ", "guest": GUEST})
    assert answer.status_code == 200, answer.text
    told = answer.json()
    assert told["record"] == {"score": [OPTIMUM], "name": "Léa", "optimal": True, "yours": True}
    assert told["solvers"] == 1 and told["score"] == [OPTIMUM] and told["optimal"] is True
    other = send(server, {"moves": SOLUTION, "guest": "another-guest-key-42"}).json()
    assert other["solvers"] == 2 and other["record"]["name"] == "Léa" and other["record"]["yours"] is False


def test_a_claimed_score_is_never_read_and_a_wrong_solution_changes_nothing(server: TestClient) -> None:
    body = {"moves": SOLUTION[:-1], "guest": GUEST, "name": "Léa", "score": [1], "optimal": True}
    refused = send(server, body)
    assert refused.status_code == 422 and refused.json()["code"] == "not_solved"
    assert refused.json()["error_fr"] == "ces coups ne résolvent pas le puzzle"
    answer = send(server, {"moves": SOLUTION, "guest": "another-guest-key-42"}).json()
    assert answer["solvers"] == 1 and answer["record"] is None  # nobody named holds it


@pytest.mark.parametrize(
    ("body", "puzzle", "status"),
    [
        ({"moves": SOLUTION}, PUZZLE_ID, 400),  # a guest without a key
        ({"moves": SOLUTION, "guest": "short"}, PUZZLE_ID, 400),
        ({"moves": SOLUTION, "guest": "x" * 20 + "'; drop"}, PUZZLE_ID, 400),
        ({"moves": SOLUTION, "guest": GUEST, "name": "<script>"}, PUZZLE_ID, 422),
        ({"moves": SOLUTION, "guest": GUEST, "name": "L" * 101}, PUZZLE_ID, 422),
        ({"moves": ["red N"] * 201, "guest": GUEST}, PUZZLE_ID, 422),
        ({"moves": ["red " + "N" * 30], "guest": GUEST}, PUZZLE_ID, 422),
        ({"moves": ["purple Q"], "guest": GUEST}, PUZZLE_ID, 400),
        ({"moves": SOLUTION, "guest": GUEST}, "no-such-puzzle", 404),
        ({"moves": "red N", "guest": GUEST}, PUZZLE_ID, 422),
    ],
)
def test_hostile_solutions_are_refused_in_words_and_keep_nothing(
    server: TestClient, body: dict[str, Any], puzzle: str, status: int
) -> None:
    answer = send(server, body, puzzle)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]
    assert server.app.state.records.record("ricochet", PUZZLE_ID).solvers == 0


def test_a_solution_from_another_site_or_not_json_is_refused(server: TestClient) -> None:
    body = {"moves": SOLUTION, "guest": GUEST}
    assert send(server, body, Origin="https://evil.example").status_code == 403
    plain = server.post(f"/api/puzzles/ricochet/{PUZZLE_ID}/solved", content="{}", headers=OWN)
    assert plain.status_code == 415


def test_an_account_solves_under_its_name_and_finds_its_progress_again(server: TestClient) -> None:
    ann = person(server, "Ann")
    guest = client_of(server).get("/api/puzzles/progress/ricochet").json()
    assert guest == {"signed_in": False, "progress": {}}
    answer = send(ann, {"moves": SOLUTION, "name": "Someone Else"}).json()
    assert answer["record"]["name"] == "Ann"  # the account's name, not the one given
    progress = ann.get("/api/puzzles/progress/ricochet").json()
    assert progress == {"signed_in": True, "progress": {PUZZLE_ID: {"score": [OPTIMUM], "optimal": True}}}
    assert ann.get("/api/account/export").json()["puzzle_solutions"] == {"ricochet": {PUZZLE_ID: [OPTIMUM]}}


def test_solutions_are_throttled_per_address(server: TestClient) -> None:
    server.app.state.record_throttle.rule = records.Rule(burst=2, every=3600.0)
    fresh = client_of(server, "198.51.100.7")
    assert [send(fresh, {"moves": SOLUTION, "guest": GUEST}).status_code for _ in range(3)] == [200, 200, 429]
    assert send(server, {"moves": SOLUTION, "guest": GUEST}).status_code == 200  # another address
