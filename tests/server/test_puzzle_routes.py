"""Ricochet puzzles over HTTP (issue 30): the listing, a puzzle, checking an attempt, hints, and
hostile requests. Nothing sent before a puzzle is solved or a hint asked tells its optimum."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from robotable.games.ricochet.puzzle_file import series
from robotable.server.app import create_app
from robotable.server.store import open_store

API = "/api/puzzles/ricochet"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("puzzles") / "server.sqlite3"
    with TestClient(create_app(open_store(f"sqlite:///{path}")), client=("127.0.0.1", 50000)) as test_client:
        yield test_client


def first() -> tuple[str, list[str], int]:
    puzzle = series("course")[0]
    return puzzle.extra["id"], [str(m) for m in puzzle.solution], puzzle.optimum[0]


SECRET_KEYS = {"optimum", "optimal", "score", "solution", "first"}


def keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for inner in value.values() for key in keys(inner)}
    if isinstance(value, list):
        return {key for inner in value for key in keys(inner)}
    return set()


def leaks(text: str, solution: list[str]) -> bool:
    """Whether an answer says the optimum or a solution (a key of theirs, or the stored solution's
    moves in order anywhere: the words of a lesson may say "optimal")."""
    return bool(keys(json.loads(text)) & SECRET_KEYS) or json.dumps(solution)[1:-1] in text


def test_the_listing_has_the_course_the_book_and_today_without_optima(client: TestClient) -> None:
    answer = client.get(API)
    assert answer.status_code == 200
    listing = answer.json()
    assert len(listing["course"]) >= 20 and {p["level"] for p in listing["book"]} >= {"easy", "master"}
    assert listing["daily"] == f"daily-{dt.datetime.now(dt.UTC).date().isoformat()}"
    assert listing["course"][0]["title"]["fr"] and listing["course"][0]["lesson"]["en"]
    assert not any(
        leaks(json.dumps(p), [str(m) for m in series("book")[0].solution]) for p in listing["book"]
    )
    assert not keys(listing) & SECRET_KEYS


def test_a_puzzle_at_its_start_tells_no_optimum(client: TestClient) -> None:
    puzzle_id, solution, _ = first()
    answer = client.get(f"{API}/{puzzle_id}", params={"lang": "fr"})
    assert answer.status_code == 200
    start = answer.json()
    assert start["moves"] == 0 and not start["solved"] and start["board"].startswith("<svg")
    assert start["robots"] == ["red", "green", "blue", "yellow"]
    assert "red N" in start["legal"] or len(start["legal"]) >= 4
    assert not leaks(answer.text, solution)
    assert client.get(f"{API}/daily").json()["id"].startswith("daily-")
    assert client.post(f"{API}/daily/hint", json={"level": 2}).json()["first"]


def test_solving_by_check_gives_the_score_and_the_proven_optimum(client: TestClient) -> None:
    puzzle_id, solution, optimum = first()
    for done in range(len(solution)):  # every step on the way: no optimum yet
        partway = client.post(f"{API}/{puzzle_id}/check", json={"moves": solution[:done]})
        assert partway.status_code == 200 and not partway.json()["solved"]
        assert not leaks(partway.text, solution)
    solved = client.post(f"{API}/{puzzle_id}/check", json={"moves": solution}).json()
    assert solved["solved"] and solved["optimal"] and solved["score"] == [optimum] == solved["optimum"]
    assert solved["legal"] == [] and solved["events"][0]["kind"] == "moved"


def test_hints_say_the_length_then_the_first_move(client: TestClient) -> None:
    puzzle_id, solution, optimum = first()
    one = client.post(f"{API}/{puzzle_id}/hint", json={"level": 1}).json()
    assert one["optimum"] == [optimum] and "first" not in one
    two = client.post(f"{API}/{puzzle_id}/hint", json={"level": 2}).json()
    assert two["first"] == solution[0]


def test_a_longer_solution_is_solved_but_not_optimal(client: TestClient) -> None:
    """A move of a robot the solution does not need, then the solution: solved in one more."""
    puzzle_id, solution, optimum = first()
    start = client.get(f"{API}/{puzzle_id}").json()
    idle = [move for move in start["legal"] if move.split()[0] not in {m.split()[0] for m in solution}]
    results = [client.post(f"{API}/{puzzle_id}/check", json={"moves": [move, *solution]}) for move in idle]
    solved = [answer.json() for answer in results if answer.status_code == 200 and answer.json()["solved"]]
    assert solved, "some detour leaves the way free"
    assert all(
        not body["optimal"] and body["score"] == [optimum + 1] == [body["optimum"][0] + 1] for body in solved
    )


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "said"),
    [
        ("get", f"{API}/nothing-here", None, 404, "no puzzle"),
        ("get", f"{API}/daily-1999-01-01", None, 404, "kept 7 days"),
        ("get", f"{API}/daily-2026-99-99", None, 404, "no puzzle"),
        ("get", f"{API}/{'x' * 41}", None, 422, "puzzle_id"),
        ("get", f"{API}/..%2Fsecret", None, 404, ""),
        ("post", f"{API}/course-1/check", {"moves": ["red X"]}, 400, "unknown direction"),
        ("post", f"{API}/course-1/check", {"moves": [5]}, 422, "moves"),
        ("post", f"{API}/course-1/check", {"moves": ["red N"] * 201}, 422, "moves"),
        ("post", f"{API}/course-1/check", {"moves": ["r" * 25]}, 422, "moves"),
        ("post", f"{API}/course-1/check", {"moves": [], "lang": "xx"}, 422, "lang"),
        ("post", f"{API}/course-1/hint", {"level": 3}, 422, "level"),
        ("post", f"{API}/course-1/hint", {}, 422, "level"),
    ],
)
def test_hostile_requests_are_clear_errors(
    client: TestClient, method: str, path: str, body: object, status: int, said: str
) -> None:
    answer = client.request(method.upper(), path, json=body)
    assert answer.status_code == status, answer.text
    assert said in answer.json().get("error", "") and not keys(answer.json()) & SECRET_KEYS


def test_a_move_that_goes_nowhere_is_refused_in_french_too(client: TestClient) -> None:
    puzzle_id, _, _ = first()
    start = client.get(f"{API}/{puzzle_id}").json()
    robot_moves = {move for move in start["legal"]}
    stuck = next(
        f"{r} {d}"
        for r in ("red", "green", "blue", "yellow")
        for d in "NESW"
        if f"{r} {d}" not in robot_moves
    )
    answer = client.post(f"{API}/{puzzle_id}/check", json={"moves": [stuck]})
    assert (
        answer.status_code == 400 and "does not move" in answer.json()["error"] and answer.json()["error_fr"]
    )


def test_the_pages_are_served(client: TestClient) -> None:
    for path in ("/puzzles", "/puzzles/ricochet/course-1"):
        answer = client.get(path)
        assert answer.status_code == 200 and "Content-Security-Policy" in answer.headers
