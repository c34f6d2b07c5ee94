"""Robotick's tutorial teaches what the engine plays: each lesson its steps tell is checked on the
position the learner really reaches (passing to be void, following, a trump, Droco's three AI
columns, hangars filling, Droco winning, a capture face down, the round's score)."""

from __future__ import annotations

from robotable import games
from robotable.games.robotick.cards import DROCO, kind, name
from robotable.play import tutorials

TUTORIAL = tutorials.load(games.get("robotick"))
GREEN = 3


def step_expecting(action: str) -> int:
    return next(i for i, step in enumerate(TUTORIAL.steps) if action in step.expect)


def tricks_before(action: str) -> list[dict]:
    """The round's finished tricks when the learner is asked ``action``, in the engine's words."""
    state = TUTORIAL.at(step_expecting(action)).state
    return [
        {"cards": {p: name(c) for p, c in t["cards"]}, "leader": t["leader"], "winner": t["winner"]}
        for t in state.history
    ]


def test_the_standard_game_is_taught_and_the_learner_does_every_action_of_their_round() -> None:
    assert TUTORIAL.options["hangars"] == 3 and not TUTORIAL.options["fixed_ai_card"]
    expected = [answer for step in TUTORIAL.steps for answer in step.expect]
    assert expected[:2] == ["pass D2", "pass D8"]
    assert len(expected) == 2 + 12  # both passes and a card in each of the round's 12 tricks
    assert all(seat in (1, 2) for step in TUTORIAL.steps for seat, _ in step.then)


def test_passing_both_greens_leaves_the_learner_void_in_green_against_droco_s_big_greens() -> None:
    state = TUTORIAL.at(step_expecting("B13")).state
    assert not [c for c in state.hands[0] if kind(c) == GREEN]
    assert {"D11", "D12"} <= {name(c) for c in state.hands[DROCO]}
    assert [name(c) for c in state.given[0]] == ["D2", "D8"] and state.ai_card.id == "04"


def test_droco_leads_by_its_open_column_and_the_learner_follows_and_captures_face_up() -> None:
    first = tricks_before("B7")[0]
    assert first["leader"] == DROCO and first["cards"][DROCO] == "B12"
    assert first["cards"][1][0] == first["cards"][2][0] == "B"  # the others followed blue
    assert first["winner"] == 0
    assert TUTORIAL.at(step_expecting("B7")).state.view(0)["captures"][0]["up"] == ["B12"]


def test_void_in_green_the_learner_trumps_droco_s_strongest_green() -> None:
    third = tricks_before("B1")[2]
    assert third["cards"][2] == "D5" and third["cards"][DROCO] == "D12" and third["cards"][0] == "A3"
    assert third["winner"] == 0


def test_droco_cannot_follow_plays_a_weak_trump_wins_and_every_card_goes_face_down() -> None:
    fourth = tricks_before("A13")[3]
    assert fourth["cards"][0] == "B1" and fourth["cards"][DROCO] == "A1" and fourth["winner"] == DROCO
    downs = TUTORIAL.at(step_expecting("A13")).state.view(0)["captures"]
    assert [seat["down"] for seat in downs] == [["B1"], ["C4"], ["C1"]]


def test_with_three_hangars_full_the_fourth_capture_goes_face_down() -> None:
    view = TUTORIAL.at(step_expecting("B10")).state.view(0)
    assert view["captures"][0] == {"up": ["B12", "D12", "A9"], "down": ["B1", "C6"]}


def test_the_round_is_scored_as_the_last_steps_say() -> None:
    last = TUTORIAL.at(len(TUTORIAL.steps) - 1)
    assert last.state.scores == [[26, 16, 13]]
    assert "round-scored" in [event["kind"] for event in last.events]
    for lang in ("en", "fr"):
        assert "26" in TUTORIAL.steps[-1].text[lang] and "16" in TUTORIAL.steps[-1].text[lang]
        assert "12 + 12 + 9" in TUTORIAL.steps[-2].text[lang] and "1 + 6" in TUTORIAL.steps[-2].text[lang]


def test_droco_s_cards_come_from_the_columns_the_steps_name() -> None:
    """Leads (B12, A9), can follow (B3, D12, C9, C6, D11, D6), cannot follow (A1, A7, C2, D4)."""
    events = [event for n in range(1, len(TUTORIAL.steps)) for event in TUTORIAL.at(n).events]
    droco = [(e["card"], e["column"]) for e in events if e["kind"] == "played" and e["player"] == DROCO]
    assert droco == [
        ("B12", "open"),
        ("B3", "follow"),
        ("D12", "follow"),
        ("A1", "no-follow"),
        ("A9", "open"),
        ("A7", "no-follow"),
        ("C9", "follow"),
        ("C6", "follow"),
        ("C2", "no-follow"),
        ("D11", "follow"),
        ("D6", "follow"),
        ("D4", "no-follow"),
    ]
