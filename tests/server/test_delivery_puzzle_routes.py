"""Robot Delivery puzzles over HTTP (issue 30): the course listing, a puzzle, running a program,
hints, and hostile requests. Nothing sent before a puzzle is solved or a hint asked tells its
optimum or a solution."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.games.delivery.puzzles import course
from robotable.server.app import create_app
from robotable.server.delivery_puzzle_routes import innermost_slot
from robotable.server.store import open_store

API = "/api/puzzles/delivery"
SECRET_KEYS = {"optimum", "optimal", "score", "solution", "first"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("delivery-puzzles") / "server.sqlite3"
    with TestClient(create_app(open_store(f"sqlite:///{path}")), client=("127.0.0.1", 50001)) as test_client:
        yield test_client


def keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for inner in value.values() for key in keys(inner)}
    if isinstance(value, list):
        return {key for inner in value for key in keys(inner)}
    return set()


def test_the_listing_is_the_course_in_order_without_optima(client: TestClient) -> None:
    listing = client.get(API).json()
    assert [p["id"] for p in listing["course"]] == [f"course-{n}" for n in range(1, len(course()) + 1)]
    assert listing["course"][0]["title"] == course()[0].title and listing["course"][14]["lesson"]["fr"]
    assert not keys(listing) & SECRET_KEYS


def test_a_puzzle_at_its_start_gives_its_frame_and_no_optimum(client: TestClient) -> None:
    answer = client.get(f"{API}/course-15", params={"lang": "fr"})
    assert answer.status_code == 200
    puzzle = answer.json()
    assert (
        puzzle["board"].startswith("<svg")
        and 'data-piece="0"' in puzzle["board"]
        and "dépôt" in puzzle["board"]
    )
    assert puzzle["pawn"] == {"cell": [0, 0], "facing": "E", "parcel": False}
    assert puzzle["parcels"] == [[2, 1]] and puzzle["drops"] == [[2, 2]]
    assert puzzle["cards"] == [["FWD", 4], ["RR", 1], ["FN-A", 1]]
    assert puzzle["slots"] == 2 and puzzle["functions"] == [{"letter": "A", "slots": 4}]
    assert not keys(puzzle) & SECRET_KEYS and course()[14].solution not in answer.text


def test_an_unsolved_run_gives_its_steps_but_no_optimum(client: TestClient) -> None:
    answer = client.post(f"{API}/course-1/run", json={"program": "FWD"})
    assert answer.status_code == 200
    ran = answer.json()
    assert not ran["solved"] and ran["cards"] == 1 and ran["end"]["cell"] == [1, 0] and ran["end"]["parcel"]
    moved = [step for step in ran["steps"] if step["kind"] == "moved"]
    assert moved[0]["pawn"]["cell"] == [1, 0] and moved[0]["slot"] == "P1" and moved[0]["seat"] == 0
    assert any(step["kind"] == "picked" and step["pawn"]["parcel"] for step in ran["steps"])
    assert 'data-taken="1 0"' in ran["board"]  # the parcel is on the pawn, no more on its pickup
    assert not keys(ran) & SECRET_KEYS


def test_a_solved_run_gives_the_score_against_the_optimum(client: TestClient) -> None:
    best = client.post(f"{API}/course-1/run", json={"program": {"onplay": [["FWD"], ["FWD"]]}}).json()
    assert best["solved"] and best["score"] == [2, 2] and best["optimum"] == [2, 2] and best["optimal"]
    assert best["solution"] == "FWD FWD" and best["steps"][-1]["delivered"] == 1
    longer = client.post(f"{API}/course-1/run", json={"program": "FWD FWD FWD"}).json()
    assert longer["solved"] and longer["score"] == [3, 3] and not longer["optimal"]


def test_the_steps_name_the_function_slot_being_run(client: TestClient) -> None:
    ran = client.post(f"{API}/course-15/run", json={"program": "FN-A FWD; A: FWD FWD RR FWD"}).json()
    assert ran["solved"] and ran["optimal"]
    slots = [step["slot"] for step in ran["steps"] if step["kind"] == "card"]
    assert slots == ["P1", "A1", "A2", "A3", "A4", "P2"]
    assert innermost_slot(["slot 2", "F:A", "A slot 1", "loop x2 (2/2)"]) == "A1"
    assert innermost_slot(["cell"]) is None


def test_hints_give_the_optimum_then_the_first_slot(client: TestClient) -> None:
    one = client.post(f"{API}/course-15/hint", json={"level": 1}).json()
    assert one["optimum"] == [6, 6] and "first" not in one
    two = client.post(f"{API}/course-15/hint", json={"level": 2}).json()
    assert two["first"] == ["FN-A"]


@pytest.mark.parametrize(
    ("program", "said"),
    [
        ("FWD FWD FWD FWD FWD", "at most 4 slots"),
        ("RR", "allows 0"),
        ({"onplay": [["FWD", "BACK"]]}, "one action card"),
        ({"onplay": "FWD", "extra": 1}, "a program is a text or an object"),
        ("x" * 500, "at most 400 characters"),
    ],
)
def test_a_hostile_program_is_refused_in_both_languages(
    client: TestClient, program: object, said: str
) -> None:
    answer = client.post(f"{API}/course-1/run", json={"program": program})
    assert answer.status_code == 400, answer.text
    assert said in answer.json()["error"] and answer.json()["error_fr"]
    assert not keys(answer.json()) & SECRET_KEYS


def test_a_self_calling_function_is_refused(client: TestClient) -> None:
    answer = client.post(f"{API}/course-15/run", json={"program": "FWD; A: FN-A"})
    assert answer.status_code == 400 and "run itself" in answer.json()["error"]
    assert "lui-même" in answer.json()["error_fr"]


@pytest.mark.parametrize("path", ["course-0", "course-999", "ricochet-1", "../etc"])
def test_unknown_puzzles_and_hostile_ids(client: TestClient, path: str) -> None:
    answer = client.get(f"{API}/{path}")
    assert answer.status_code in (404, 422)
    hint = client.post(f"{API}/{path}/hint", json={"level": 2})
    assert hint.status_code in (404, 422) and not keys(hint.json()) & {"optimum", "first"}


def test_bad_hint_levels_and_bodies_are_refused(client: TestClient) -> None:
    assert client.post(f"{API}/course-1/hint", json={"level": 3}).status_code == 422
    assert client.post(f"{API}/course-1/run", json={"program": 5}).status_code == 422
    assert client.post(f"{API}/course-1/run", content=b"{").status_code == 422


def test_the_page_is_served(client: TestClient) -> None:
    answer = client.get("/puzzles/delivery/course-1")
    assert answer.status_code == 200 and "puzzles/delivery/play.js" in answer.text
    assert json.dumps(course()[0].solution) not in answer.text
