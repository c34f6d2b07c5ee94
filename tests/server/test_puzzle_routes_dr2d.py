"""DR2D puzzles over HTTP (issue 30): the course's listing, a puzzle at its start, a run step by
step, hints, and hostile requests. Nothing sent before a puzzle is solved or a hint asked tells
its optimum or a solution."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.games.dr2d.puzzles.course import load_course
from robotable.server.app import create_app
from robotable.server.store import open_store

API = "/api/puzzles/dr2d"
SECRET_KEYS = {"optimum", "optimal", "score", "solution", "first"}
STAY4 = ["STAY"] * 4


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("dr2d-puzzles") / "server.sqlite3"
    with TestClient(create_app(open_store(f"sqlite:///{path}")), client=("127.0.0.1", 50000)) as test_client:
        yield test_client


def keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for inner in value.values() for key in keys(inner)}
    if isinstance(value, list):
        return {key for inner in value for key in keys(inner)}
    return set()


def test_the_listing_is_the_course_without_optima(client: TestClient) -> None:
    answer = client.get(API)
    assert answer.status_code == 200
    course = answer.json()["course"]
    assert [p["id"] for p in course] == [f"course-{n}" for n in range(1, len(load_course()) + 1)]
    assert course[0]["title"] == {"en": "One step", "fr": "Un pas"} and course[0]["goal"] == {"tile": [1, 0]}
    assert course[14]["goal"] == {"laws": [2, 1, 3]}
    assert not keys(answer.json()) & SECRET_KEYS


def test_a_puzzle_at_its_start_has_its_factory_and_robot_but_no_optimum(client: TestClient) -> None:
    answer = client.get(f"{API}/course-1", params={"lang": "fr"})
    assert answer.status_code == 200
    start = answer.json()
    assert start["factory"].startswith("<svg") and start["factory"].endswith("</svg>")
    assert 'data-grid="3 1"' in start["factory"] and ">but</text>" in start["factory"]  # the legend in French
    assert start["robot"]["tile"] == [0, 0] and start["robot"]["facing"] == "E"
    assert 'data-piece="A"' in start["overlay"] and start["turns"] == 1
    assert not keys(start) & SECRET_KEYS


def test_a_run_is_told_step_by_step_and_scored_against_the_optimum_once_solved(client: TestClient) -> None:
    unsolved = client.post(f"{API}/course-1/run", json={"programs": [["N", "N", *["STAY"] * 3]]})
    assert unsolved.status_code == 200 and unsolved.json()["solved"] is False  # it ends a tile too far
    assert unsolved.json()["steps"][-1]["robot"]["tile"] == [2, 0]
    assert not keys(unsolved.json()) & SECRET_KEYS
    solved = client.post(f"{API}/course-1/run", json={"programs": [["N", *STAY4]], "lang": "fr"}).json()
    assert solved["solved"] and solved["score"] == [1, 1] == solved["optimum"] and solved["optimal"]
    assert solved["solution"] == [["N", *STAY4]]
    first = solved["steps"][0]
    assert (first["turn"], first["register"], first["letter"]) == (1, 1, "N")
    assert first["events"][0]["kind"] == "moved" and first["robot"]["tile"] == [1, 0]
    assert first["said"] == ["votre robot se déplace en avant (N), vers l'est, de (0,0) à (1,0)"]
    assert [s["register"] for s in solved["steps"]] == [1, 2, 3, 4, 5, 6]  # the goal at the turn's end
    assert solved["steps"][-1]["goals_reached"] == 1 and "goal-reached" in solved["steps"][-1]["overlay"]


def test_a_longer_solution_is_solved_but_not_optimal(client: TestClient) -> None:
    """Course 3: eight steps east in two turns; a step back and forth costs two moves more."""
    programs = [["N"] * 5, ["N", "N", "S", "N", "N"]]
    answer = client.post(f"{API}/course-3/run", json={"programs": programs}).json()
    assert answer["solved"] and answer["score"] == [2, 10] and answer["optimum"] == [2, 8]
    assert answer["optimal"] is False


def test_a_run_with_turns_the_goal_does_not_need_stops_at_the_goal(client: TestClient) -> None:
    """Course 3 has two turns: its goal reached in the second, a third program is refused first."""
    programs = [["N"] * 5, ["N", "N", "N", *["STAY"] * 2]]
    answer = client.post(f"{API}/course-3/run", json={"programs": programs}).json()
    assert answer["solved"] and answer["turns_played"] == 2 and answer["moves"] == 8 and answer["optimal"]
    refused = client.post(f"{API}/course-3/run", json={"programs": [*programs, ["N"] * 5]})
    assert refused.status_code == 400 and "1 to 2" in refused.json()["error"] and refused.json()["error_fr"]


def test_hints_say_the_optimum_then_an_optimal_first_turn(client: TestClient) -> None:
    one = client.post(f"{API}/course-15/hint", json={"level": 1}).json()
    assert one["optimum"] == list(load_course()[14].optimum) and "first" not in one
    two = client.post(f"{API}/course-15/hint", json={"level": 2}).json()
    assert len(two["first"]) == 5 and set(two["first"]) <= {"N", "E", "S", "W", "STAY"}
    solution = client.post(f"{API}/course-15/run", json={"programs": [two["first"]]}).json()
    assert solution["steps"][-1]["goals_reached"] == 1  # the first law downloaded in the first turn


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "said", "french"),
    [
        ("get", f"{API}/course-18", None, 404, "no DR2D puzzle", "pas de puzzle"),
        ("get", f"{API}/course-0", None, 404, "no DR2D puzzle", "pas de puzzle"),
        ("get", f"{API}/daily", None, 404, "no DR2D puzzle", "pas de puzzle"),
        ("get", f"{API}/{'x' * 41}", None, 422, "puzzle_id", None),
        ("post", f"{API}/course-1/run", {"programs": [["N", "X", ".", "N", "N"]]}, 400, "five", "cinq"),
        ("post", f"{API}/course-1/run", {"programs": [["N"] * 6]}, 400, "five registers", "cinq registres"),
        ("post", f"{API}/course-1/run", {"programs": [["N"] * 4]}, 400, "five registers", "cinq registres"),
        ("post", f"{API}/course-1/run", {"programs": [["N"] * 5] * 2}, 400, "1 to 1", "de 1 à 1"),
        ("post", f"{API}/course-1/run", {"programs": []}, 400, "1 to 1", "de 1 à 1"),
        ("post", f"{API}/course-1/run", {"programs": [["N"] * 5] * 21}, 422, "programs", None),
        ("post", f"{API}/course-1/run", {"programs": [["N"] * 9]}, 422, "programs", None),
        ("post", f"{API}/course-1/run", {"programs": [[0, 4, 4, 4, 4]]}, 422, "programs", None),
        ("post", f"{API}/course-1/run", {"programs": [["N" * 9] * 5]}, 422, "programs", None),
        ("post", f"{API}/course-1/run", {"programs": [["N"] * 5], "lang": "de"}, 422, "lang", None),
        ("post", f"{API}/course-1/run", {}, 422, "programs", None),
        ("post", f"{API}/course-1/hint", {"level": 3}, 422, "level", None),
        ("post", f"{API}/course-99/hint", {"level": 1}, 404, "no DR2D puzzle", "pas de puzzle"),
    ],
)
def test_hostile_requests_are_clear_errors_that_tell_nothing(
    client: TestClient, method: str, path: str, body: object, status: int, said: str, french: str | None
) -> None:
    answer = client.request(method.upper(), path, json=body)
    assert answer.status_code == status, answer.text
    refusal = answer.json()
    assert said in refusal["error"] and not keys(refusal) & SECRET_KEYS
    if french:
        assert french in refusal["error_fr"]


def test_the_page_is_served(client: TestClient) -> None:
    answer = client.get("/puzzles/dr2d/course-1")
    assert answer.status_code == 200 and "Content-Security-Policy" in answer.headers
    assert "/static/js/puzzles/dr2d/play.js" in answer.text
