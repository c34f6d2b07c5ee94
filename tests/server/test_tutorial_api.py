"""The tutorials' route, ``POST /api/tutorials/{game}/step``: stateless steps (the page sends the
learner's answers so far); the expected action goes on to the next step, any other is explained
kindly and changes nothing; requests no page sends are refused cleanly (400, 404, 413, 422)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.play import tutorials

URL = "/api/tutorials/ricochet/step"
TUTORIAL = tutorials.load(games.get("ricochet"))
BID = next(i for i, step in enumerate(TUTORIAL.steps) if step.expect == ("bid 3",))
TUTORIALS = {game.id: tutorials.load(game) for game in games.all_games() if tutorials.has_tutorial(game)}


def step(server: TestClient, **body: Any) -> dict[str, Any]:
    response = server.post(URL, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_first_step_is_read_and_points_at_the_chip(server: TestClient) -> None:
    first = step(server, number=0)
    assert first["number"] == 0 and first["total"] == len(TUTORIAL.steps)
    assert first["waits"] == "continue" and first["legal"] == [] and first["played"] == []
    assert first["point"] == {"board": ".centre", "action": None}
    assert first["board"].startswith("<svg") and 'data-piece="red"' in first["board"]
    assert first["title"] == "Learn Ricochet Robots" and not first["done"] and first["wrong"] is None
    french = step(server, number=0, lang="fr")
    assert french["title"] == "Apprendre Ricochet Robots" and french["text"] == TUTORIAL.steps[0].text["fr"]
    assert french["board"] == TUTORIAL.drawing(TUTORIAL.start(), "fr")  # its words in French


def test_the_expected_action_goes_on_and_a_wrong_one_is_explained_changing_nothing(
    server: TestClient,
) -> None:
    asked = step(server, number=BID)
    assert asked["waits"] == "action" and "bid 3" in asked["legal"] and asked["point"]["action"] == "bid 3"
    wrong = step(server, number=BID, action="bid 7", lang="fr")
    assert wrong["wrong"] == TUTORIAL.steps[BID].wrong["fr"]  # type: ignore[index]
    plain = step(server, number=BID, lang="fr")
    assert wrong["events"] == []  # nothing moved: the board stays as it is
    assert {**wrong, "wrong": None, "events": plain["events"]} == plain  # nothing changed
    after = step(server, number=BID, action="bid 3")
    assert after["number"] == BID + 1 and after["played"] == ["bid 3"] and after["wrong"] is None
    assert [event["kind"] for event in after["events"]] == ["bid"]


def follow(server: TestClient, game: str) -> dict[str, Any]:
    """Every step of ``game``'s tutorial, each answered with the action it points at."""
    url = f"/api/tutorials/{game}/step"
    shown, played = server.post(url, json={"number": 0}).json(), []
    while not shown["done"]:
        body: dict[str, Any] = {"number": shown["number"], "played": played}
        if shown["waits"] == "continue":
            body["number"] += 1
        else:
            body["action"] = shown["point"]["action"] or TUTORIALS[game].steps[shown["number"]].expect[0]
        answer = server.post(url, json=body)
        assert answer.status_code == 200 and answer.json()["wrong"] is None, answer.text
        assert answer.json()["number"] == shown["number"] + 1
        shown, played = answer.json(), answer.json()["played"]
    return shown


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_every_tutorial_is_followed_to_its_end(server: TestClient, game: str) -> None:
    end = follow(server, game)
    assert end["number"] == len(TUTORIALS[game].steps) - 1 and end["legal"] == []


def test_ricochets_tutorial_ends_with_the_chip_won(server: TestClient) -> None:
    end = follow(server, "ricochet")
    assert end["played"] == ["bid 3", "red W", "green E", "red N"]
    assert [event["kind"] for event in end["events"]][:2] == ["moved", "chip-won"]
    assert end["point"]["board"] == ".target.current"


def test_an_answer_typed_another_way_is_the_games_notation(server: TestClient) -> None:
    after = step(server, number=BID, action="BID  3")
    assert after["number"] == BID + 1 and after["played"] == ["bid 3"]


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        ({"number": -1}, 422, "number"),
        ({"number": 10**12}, 422, "number"),
        ({"number": len(TUTORIAL.steps)}, 400, "is not in this tutorial"),
        ({"number": "two"}, 422, "number"),
        ({"number": BID + 1, "played": ["bid 9"]}, 400, "'bid 9' is not an answer of step"),
        ({"number": 1, "played": ["bid 3"]}, 400, "answers given"),
        ({"number": 0, "action": "bid 3"}, 400, "waits for no action"),
        ({"number": BID, "action": "x" * 201}, 422, "action"),
        ({"number": 0, "played": ["bid 3"] * 1000}, 422, "played"),
        ({"number": 0, "lang": "de"}, 422, "lang"),
        ({"number": 0, "name": "../../secrets"}, 422, "name"),
        ({"number": 0, "name": "tutorial-nothing"}, 404, "no tutorial"),
    ],
)
def test_requests_no_page_sends_are_refused_in_one_shape(
    server: TestClient, body: dict[str, Any], status: int, said: str
) -> None:
    response = server.post(URL, json=body)
    assert response.status_code == status, response.text
    assert said in response.json()["error"]


def test_an_unknown_game_a_game_without_tutorial_and_a_huge_body_are_refused(server: TestClient) -> None:
    unknown = server.post("/api/tutorials/chess/step", json={"number": 0})
    assert unknown.status_code == 400 and "unknown game 'chess'" in unknown.json()["error"]
    without = [game.id for game in games.all_games() if not tutorials.has_tutorial(game)]
    if without:
        missing = server.post(f"/api/tutorials/{without[0]}/step", json={"number": 0})
        assert missing.status_code == 404 and "no tutorial" in missing.json()["error"]
    huge = server.post(URL, content=b'{"number": 0, "played": ["' + b"x" * 70_000 + b'"]}')
    assert huge.status_code == 413 and "too large" in huge.json()["error"]
    broken = server.post(URL, content=b"{not json", headers={"content-type": "application/json"})
    assert broken.status_code == 422


def test_the_games_list_says_which_games_have_a_tutorial_and_the_page_is_served(server: TestClient) -> None:
    listed = {game["id"]: game["tutorial"] for game in server.get("/api/games").json()}
    assert listed["ricochet"] is True
    assert listed == {game.id: tutorials.has_tutorial(game) for game in games.all_games()}
    page = server.get("/learn/ricochet")
    assert page.status_code == 200 and "js/tutorial/main.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
