"""Uploads are verified (issue 28): a record sent to ``POST /api/replays/step`` has its outcome
checked against its replay, its header checked as a table's creation checks it, comes as
``application/json`` only, and no refusal echoes a hostile value whole."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

pytestmark = pytest.mark.timeout(120)

HUGE = "9" * 4000
"""A 4,000-digit number, as JSON text."""
JSON = {"content-type": "application/json"}


@pytest.fixture
def record(server: TestClient) -> dict[str, Any]:
    """A finished two-seat Ricochet game's record (seat 0 conceded: seat 1 won)."""
    body = {"game": "ricochet", "seats": ["human", "human"], "seed": 5, "name": "Ann"}
    created = server.post("/api/tables", json=body).json()
    conceded = server.post(
        f"/api/tables/{created['table']}/actions",
        json={"action": "concede"},
        headers={"Authorization": f"Bearer {created['token']}"},
    )
    assert conceded.status_code == 200, conceded.text
    return server.get(f"/api/tables/{created['table']}/record").json()  # type: ignore[no-any-return]


def upload(server: TestClient, record: Any, number: int = 0, **headers: str) -> Any:
    body = json.dumps({"record": record, "number": number})
    return server.post("/api/replays/step", content=body, headers=headers or JSON)


def refusal(answer: Any, status: int = 400) -> str:
    assert answer.status_code == status, answer.text
    error: str = answer.json()["error"]
    return error


def test_a_true_record_is_replayed(server: TestClient, record: dict[str, Any]) -> None:
    answer = upload(server, record, 1)
    assert answer.status_code == 200 and answer.json()["outcome"] == record["outcome"]
    with_charset = upload(server, record, **{"content-type": "application/json; charset=utf-8"})
    assert with_charset.status_code == 200


def test_a_false_outcome_is_refused_with_both_outcomes(server: TestClient, record: dict[str, Any]) -> None:
    false = {**record, "outcome": {"scores": [999, 0], "ranks": [1, 2], "detail": "I won"}}
    error = refusal(upload(server, false))
    assert "the record says scores [999, 0] ranks [1, 2] (I won)" in error
    assert "the replay gives scores [0, 1] ranks [2, 1] (seat 0 conceded)" in error
    unfinished = {**record, "outcome": None}  # the replay ends: "not over" is false too
    assert "the replay gives scores [0, 1]" in refusal(upload(server, unfinished, 1))


@pytest.mark.parametrize("seed", [-1, -(2**63), 2**63])
def test_a_seed_no_table_takes_is_refused(server: TestClient, record: dict[str, Any], seed: int) -> None:
    assert "seed: a whole number from 0 to 2^63-1" in refusal(upload(server, {**record, "seed": seed}))


def test_the_largest_seed_a_table_takes_is_taken(server: TestClient, record: dict[str, Any]) -> None:
    assert upload(server, {**record, "seed": 2**63 - 1}).status_code == 200


def test_the_header_is_checked_as_a_tables_creation_checks_it(
    server: TestClient, record: dict[str, Any]
) -> None:
    nine = {**record, "seats": ["human"] * 9, "outcome": None}
    assert "2 to 8, not 9" in refusal(upload(server, nine))
    assert "reads no file" in refusal(upload(server, {**record, "options": {"board_file": "/etc/passwd"}}))
    assert "chips_to_win" in refusal(upload(server, {**record, "options": {"chips_to_win": 99}}))
    assert "unknown game" in refusal(upload(server, {**record, "game": "chess"}))
    long_name = {**record, "seats": ["human", "bot:" + "x" * 100]}
    assert "a seat's name has at most 40 characters" in refusal(upload(server, long_name))


def test_an_upload_must_say_it_is_json(server: TestClient, record: dict[str, Any]) -> None:
    """A page of another site can post ``text/plain`` without asking first: refused (415)."""
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        assert "application/json" in refusal(upload(server, record, **{"content-type": kind}), 415)
    body = json.dumps({"record": record, "number": 0})
    assert server.post("/api/replays/step", content=body).status_code == 415  # no content type at all


def hostile_bodies(record: dict[str, Any]) -> dict[str, str]:
    """Bodies each holding one huge value where a refusal might quote it."""
    whole = json.dumps({"record": record, "number": 0})
    return {
        "number": json.dumps({"record": record, "number": 0}).replace('"number": 0', f'"number": {HUGE}'),
        "seat": whole[:-1] + f', "seat": {HUGE}}}',
        "seed": whole.replace('"seed": 5', f'"seed": {HUGE}'),
        "action's seat": whole.replace('[[0, "concede"]]', f'[[{HUGE[:1000]}, "concede"]]'),
        "action": whole.replace('[[0, "concede"]]', f'[[0, "{"x" * 3000}"]]'),
        "action's shape": whole.replace('[[0, "concede"]]', f'[["{"x" * 3000}", 0]]'),
        "option": whole.replace('"max_bid": 99', f'"max_bid": {HUGE[:1000]}'),
        "float option": whole.replace('"bid_window_s": 60.0', f'"bid_window_s": {HUGE[:1000]}'),
        "text option": whole.replace('"tie_break": "fewest_chips"', f'"tie_break": "{"x" * 3000}"'),
        "game": whole.replace('"game": "ricochet"', f'"game": "{"x" * 3000}"'),
        "rules": whole.replace('"rules_version": "ricochet-1"', f'"rules_version": "{"x" * 3000}"'),
        "detail": whole.replace('"seat 0 conceded"', f'"{"x" * 3000}"'),
    }


@pytest.mark.parametrize(
    "where",
    [
        *("number", "seat", "seed", "action's seat", "action", "action's shape", "option", "float option"),
        *("text option", "game", "rules", "detail"),
    ],
)
def test_no_refusal_echoes_a_huge_value(server: TestClient, record: dict[str, Any], where: str) -> None:
    body = hostile_bodies(record)[where]
    assert len(body) > len(json.dumps({"record": record, "number": 0})) + 900, "no hostile value in it"
    answer = server.post("/api/replays/step", content=body, headers=JSON)
    assert answer.status_code in (400, 422), answer.text[:300]
    error = answer.json()["error"]
    assert len(error) < 300 and "9" * 60 not in error and "x" * 60 not in error, error[:300]


def test_a_tables_creation_refuses_a_huge_number_for_a_timer_with_a_short_reason(server: TestClient) -> None:
    """A 1,000-digit number for an option in seconds (a float) was a server error."""
    body = json.dumps({"game": "ricochet", "seats": ["human"], "options": {"bid_window_s": 0}})
    body = body.replace('"bid_window_s": 0', f'"bid_window_s": {HUGE[:1000]}')
    error = refusal(server.post("/api/tables", content=body, headers=JSON))
    assert "bid_window_s" in error and "too large" in error and len(error) < 200
