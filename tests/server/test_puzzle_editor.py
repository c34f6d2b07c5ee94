"""The puzzle editor's routes (issue 31): check proves the optimum with the game's own solver or
says why there is none; publish proves it again (a sent optimum is never read) and keeps it under
a random link, listed under an account's name or reached by its link for a guest; the published
puzzle is played and downloaded as the game's own file. Hostile input (huge, malformed, no start,
unsolvable, a solver's limit hit) is a refusal or a reason in words, and keeps nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.games.delivery.puzzles import course, load_puzzle, prove, read_puzzles
from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.puzzles import prove as dr2d_prove
from robotable.games.dr2d.puzzles.course import load_course
from robotable.games.ricochet.puzzle_file import series
from robotable.server import puzzle_checks, puzzle_editor
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, person  # noqa: F401

GUEST = "guest-key-0123456789"


def delivery(**changes: Any) -> dict[str, Any]:
    """A small Delivery puzzle as the editor sends it: two parcels' worth of board, no optimum."""
    data = {
        "game": "delivery",
        "format": 1,
        "title": {"en": "Round the corner", "fr": "Round the corner"},
        "board": ["...#", ".P.D", "...."],
        "start": [0, 1, "E"],
        "cards": {"FWD": 4, "SR": 1, "SL": 1, "LOOP": 1},
        "slots": 4,
    }
    return {key: value for key, value in (data | changes).items() if value is not None}


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def check(client: TestClient, data: Any, game: str = "delivery") -> Any:
    content = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(
        f"/api/puzzles/{game}/check", content=content, headers=OWN | {"Content-Type": "application/json"}
    )


def publish(client: TestClient, data: Any, game: str = "delivery", **more: Any) -> Any:
    return client.post(f"/api/puzzles/{game}/publish", json={"puzzle": data} | more, headers=OWN)


def stored(client: TestClient) -> int:
    return client.app.state.published.count()  # type: ignore[attr-defined]


def test_check_answers_the_solvers_optimum(server: TestClient) -> None:
    answer = check(server, delivery() | {"optimum": [1, 1], "solution": "FWD"})  # a claim, never read
    assert answer.status_code == 200, answer.text
    told = answer.json()
    proof = prove(load_puzzle(delivery()), limit=puzzle_checks.DELIVERY_NODES)
    assert told["proven"] is True and told["optimum"] == list(proof.optimum)  # type: ignore[arg-type]
    assert told["words"]["fr"].startswith("Prouvé")
    assert stored(server) == 0  # a check keeps nothing


def test_check_of_each_game_agrees_with_its_stored_optimum(server: TestClient) -> None:
    ricochet = series("course")[1]
    data = {"game": "ricochet", "format": 1, "title": dict(ricochet.title), "lesson": dict(ricochet.lesson)}
    data |= {"code": str(ricochet.position)}
    told = check(server, data, "ricochet").json()
    assert told["optimum"] == list(ricochet.optimum or ())
    dr2d = load_course()[2]
    told = check(server, dr2d.to_dict(), "dr2d").json()
    assert told["optimum"] == list(dr2d.optimum or ())
    first = course()[0]
    assert check(server, first.to_dict()).json()["optimum"] == list(first.optimum or ())


NOT_PROVEN = [
    (delivery(start=None), "no_start"),
    (delivery(board=["...#", "...D", "...."]), "no_parcel"),
    (delivery(board=["...#", ".P..", "...."]), "no_drop"),
    (delivery(board=["...#", ".P#D", "...#"]), "unsolvable"),  # the drop walled off
]


def test_a_puzzle_without_an_optimum_says_why_and_is_never_published(server: TestClient) -> None:
    for data, reason in NOT_PROVEN:
        told = check(server, data).json()
        assert told["proven"] is False and told["reason"] == reason and told["words"]["fr"], reason
        refused = publish(server, data, guest=GUEST)
        assert refused.status_code == 422 and refused.json()["code"] == "not_proven"
        assert refused.json()["error_fr"] == told["words"]["fr"]
    assert stored(server) == 0


def test_the_solvers_limit_is_too_large_and_stops_there(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzle_checks, "DELIVERY_NODES", 30)
    told = check(server, delivery()).json()
    assert told["reason"] == "too_large" and "limit" in told["words"]["en"]
    assert publish(server, delivery(), guest=GUEST).status_code == 422 and stored(server) == 0


HOSTILE = [
    "not json",
    "[" * 5000 + "]" * 5000,  # deep
    json.dumps(delivery(board=[".P" + "." * 10 + "D"] * 3)),  # wider than a puzzle board
    json.dumps(delivery(board=[".P.D"] * 40)),  # too many rows
    json.dumps(delivery(board="x" * 20_000)),  # huge
    json.dumps(delivery(cards={"FWD": 10**9})),
    json.dumps(delivery(cards={"LASER": 1})),
    json.dumps(delivery(start=[99, 0, "E"])),
    json.dumps(delivery(start=[3, 0, "E"])),  # on a wall
    json.dumps(delivery(game="ricochet")),
    json.dumps([1, 2, 3]),
    json.dumps(delivery(title="x")),
]


def test_hostile_files_are_refused_in_both_languages(server: TestClient) -> None:
    server.app.state.puzzle_publish_throttle.rule = puzzle_editor.Rule(burst=100, every=1.0)  # type: ignore[attr-defined]
    for content in HOSTILE:
        answer = check(server, content)
        assert answer.status_code == 400, (content[:60], answer.text)
        assert answer.json()["error"] and answer.json()["error_fr"]
        sent = json.loads(content) if content.startswith("{") else content
        assert publish(server, sent, guest=GUEST).status_code in (400, 422)
    words = {"title": {"en": "x", "fr": "x"}, "lesson": {"en": "x", "fr": "x"}}
    ricochet = {"game": "ricochet", "format": 1, "code": "1A1A3A4A-00F0FF0F-RC"} | words  # a piece twice
    factory = load_course()[0].to_dict()
    for game, bad in (
        ("ricochet", ricochet),
        ("dr2d", factory | {"turns": 99}),
        ("dr2d", factory | {"x": 1}),
    ):
        answer = check(server, bad, game)
        assert answer.status_code == 400 and answer.json()["error_fr"], game
    assert stored(server) == 0


def test_an_unknown_game_another_site_or_a_guest_without_a_key_is_refused(server: TestClient) -> None:
    assert check(server, delivery(), "chess").status_code == 400
    other = server.post(
        "/api/puzzles/delivery/check", json=delivery(), headers={"Origin": "https://evil.example"}
    )
    assert other.status_code == 403
    assert publish(server, delivery()).status_code == 400  # a guest with no key
    assert publish(server, delivery(), guest="short").status_code == 400
    assert publish(server, delivery(), guest=GUEST, name="<script>").status_code == 422
    assert stored(server) == 0


def test_a_guests_puzzle_is_reached_by_its_link_only_and_played(server: TestClient) -> None:
    answer = publish(server, delivery() | {"optimum": [1, 1]}, guest=GUEST, name="Léa")
    assert answer.status_code == 200, answer.text
    told = answer.json()
    slug = told["id"]
    assert (
        told["listed"] is False and told["author"] == "Léa" and told["link"] == f"/puzzles/delivery/p-{slug}"
    )
    assert len(slug) == 16 and server.get("/api/puzzles/published").json()["puzzles"] == []
    assert server.get(f"/api/puzzles/published/{slug}").json()["title"] == "Round the corner"
    assert server.get(told["link"]).status_code == 200  # the usual puzzle page
    # played as a course puzzle is: the page's routes, the optimum told once solved
    described = server.get(f"/api/puzzles/delivery/p-{slug}").json()
    assert described["author"] == "Léa" and "optimum" not in described
    proof = prove(load_puzzle(delivery()), limit=puzzle_checks.DELIVERY_NODES)
    ran = server.post(f"/api/puzzles/delivery/p-{slug}/run", json={"program": str(proof.solution)}).json()
    assert ran["solved"] is True and ran["optimal"] is True and ran["optimum"] == list(proof.optimum)  # type: ignore[arg-type]
    # the file downloaded is the game's own, its proven optimum in it (not the sent one)
    file = server.get(f"/api/puzzles/published/{slug}/file")
    assert "attachment" in file.headers["content-disposition"]
    (again,) = read_puzzles(file.text, "downloaded")
    assert again.optimum == proof.optimum and again.solution is None
    # solved, it has a record, as a course puzzle has
    solved = {"program": str(proof.solution), "guest": GUEST, "name": "Léa"}
    record = server.post(f"/api/puzzles/delivery/p-{slug}/solved", json=solved, headers=OWN)
    assert record.status_code == 200, record.text
    assert record.json()["optimal"] is True and record.json()["solvers"] == 1
    # the same file again from the same guest: the same link, nothing more stored
    assert publish(server, delivery(), guest=GUEST).json()["id"] == slug and stored(server) == 1
    assert server.get("/api/puzzles/delivery/p-aaaaaaaaaaaaaaaa").status_code == 404
    assert server.get("/api/puzzles/published/aaaaaaaaaaaaaaaa").status_code == 404


def test_an_accounts_puzzle_is_listed_under_its_name(server: TestClient) -> None:
    ann = person(server, "Ann")
    told = publish(ann, delivery(), name="Someone Else").json()
    assert told["listed"] is True and told["author"] == "Ann"
    listed = client_of(server).get("/api/puzzles/published?game=delivery").json()["puzzles"]
    assert [(entry["id"], entry["author"]) for entry in listed] == [(told["id"], "Ann")]
    assert "optimum" not in listed[0]
    assert client_of(server).get("/api/puzzles/published?game=ricochet").json()["puzzles"] == []
    assert client_of(server).get("/api/puzzles/published?game=nope").status_code == 400
    exported = ann.get("/api/account/export").json()["published_puzzles"]
    assert [entry["id"] for entry in exported] == [told["id"]]
    assert exported[0]["puzzle"]["optimum"] == [3, 3]
    deleted = ann.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN)
    assert deleted.status_code == 204 and stored(server) == 0  # the account's puzzles with it


def test_an_author_has_a_cap_and_publications_are_throttled(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzle_editor, "CAP", 2)
    titles = ("One", "Two", "Three")
    answers = [publish(server, delivery(title={"en": t, "fr": t}), guest=GUEST) for t in titles]
    assert [answer.status_code for answer in answers] == [200, 200, 409]
    assert answers[2].json()["code"] == "too_many_puzzles" and answers[2].json()["error_fr"]
    assert stored(server) == 2
    server.app.state.puzzle_publish_throttle.rule = puzzle_editor.Rule(burst=1, every=3600.0)  # type: ignore[attr-defined]
    fresh = client_of(server, "198.51.100.7")
    statuses = [publish(fresh, delivery(), guest=f"another-guest-{n:08d}").status_code for n in range(2)]
    assert statuses == [200, 429]
    server.app.state.puzzle_check_throttle.rule = puzzle_editor.Rule(burst=1, every=3600.0)  # type: ignore[attr-defined]
    other = client_of(server, "198.51.100.8")
    assert [check(other, delivery()).status_code for _ in range(2)] == [200, 429]


def test_a_ricochet_puzzle_published_is_played_and_has_records(server: TestClient) -> None:
    shipped = series("course")[1]
    data = {"game": "ricochet", "format": 1, "title": {"en": "Mine", "fr": "Mine"}}
    data |= {"lesson": {"en": "Mine", "fr": "Mine"}, "code": str(shipped.position), "optimum": [1]}
    told = publish(server, data, "ricochet", guest=GUEST).json()
    assert told["link"] == f"/puzzles/ricochet/p-{told['id']}"
    puzzle_id = f"p-{told['id']}"
    moves = [str(move) for move in shipped.solution]
    ran = server.post(f"/api/puzzles/ricochet/{puzzle_id}/check", json={"moves": moves}).json()
    assert ran["solved"] is True and ran["optimum"] == list(shipped.optimum or ())  # proven, not the sent [1]
    record = server.post(
        f"/api/puzzles/ricochet/{puzzle_id}/solved", json={"moves": moves, "guest": GUEST}, headers=OWN
    )
    assert record.status_code == 200 and record.json()["solvers"] == 1
    assert server.get(f"/api/puzzles/delivery/{puzzle_id}").status_code == 404  # not a Delivery puzzle


def test_the_ricochet_editors_board_is_drawn_or_refused_in_words(server: TestClient) -> None:
    url = "/api/puzzles/editor/ricochet/drawing"
    drawn = server.get(url, params={"faces": "1B2A3A4A", "robots": "00F0FF0F", "target": "GT"}).json()
    assert drawn["board"].startswith("<svg") and drawn["target"] == "GT" and len(drawn["targets"]) == 17
    for wrong in ({"faces": "1A1A3A4A"}, {"robots": "0000FF0F"}, {"robots": "7700FF0F"}, {"target": "ZZ"}):
        asked = {"faces": "1A2A3A4A", "robots": "00F0FF0F", "target": "RC"} | wrong
        refused = server.get(url, params=asked)
        assert refused.status_code == 400 and refused.json()["error_fr"], wrong
    assert server.get(url, params={"faces": "1A2A3A4A" * 10, "robots": "00"}).status_code == 422


def test_a_dr2d_puzzle_published_is_played_with_its_hint(server: TestClient) -> None:
    shipped = load_course()[2]
    told = publish(server, shipped.to_dict() | {"optimum": [1, 1]}, "dr2d", guest=GUEST).json()
    puzzle_id = f"p-{told['id']}"
    assert told["link"] == f"/puzzles/dr2d/{puzzle_id}" and server.get(told["link"]).status_code == 200
    start = server.get(f"/api/puzzles/dr2d/{puzzle_id}").json()
    assert start["id"] == puzzle_id and start["factory"].startswith("<svg") and "optimum" not in start
    hint = server.post(f"/api/puzzles/dr2d/{puzzle_id}/hint", json={"level": 2}).json()
    assert hint["optimum"] == list(shipped.optimum or ())  # proven, not the sent [1, 1]
    first = hint["first"]
    solution = dr2d_prove(shipped, limit=puzzle_checks.DR2D_STATES).solution
    programs = [[LETTERS[code] for code in program] for program in solution]
    assert programs[0] == first
    ran = server.post(f"/api/puzzles/dr2d/{puzzle_id}/run", json={"programs": programs}).json()
    assert ran["solved"] is True and ran["optimal"] is True
    no_robot = {key: value for key, value in shipped.to_dict().items() if key != "robot"}
    assert check(server, no_robot, "dr2d").json()["reason"] == "no_start"
    assert server.get(f"/api/puzzles/ricochet/{puzzle_id}").status_code == 404  # not a Ricochet puzzle


def test_checks_past_the_queue_are_refused_at_once(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzle_editor, "WAITING", 0)  # as if the queue were full
    busy = check(server, delivery())
    assert busy.status_code == 503 and busy.json()["code"] == "server_busy" and busy.headers["retry-after"]
    assert busy.json()["error_fr"]
