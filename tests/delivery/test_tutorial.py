"""Robot Delivery's tutorial teaches what issue 27 asks of it, with the default rules: the onPlay
slots (submit only once all four hold a card), a LOOP doubling a card, function board A built
and run by a Function card, a conveyor, a pickup and a delivery, a laser giving a BUG, the BUG
played. Each check is on the engine's own events and state, not on the texts."""

from __future__ import annotations

from typing import Any

from robotable.games import get
from robotable.games.delivery.game import OPTIONS
from robotable.play import tutorials

GAME = get("delivery")
TUTORIAL = tutorials.load(GAME)
LEARNER = TUTORIAL.learner


def answers() -> list[str]:
    return [answer for step in TUTORIAL.steps for answer in step.expect]


def events_of(number: int) -> list[dict[str, Any]]:
    """The events shown on reaching step ``number`` (the learner's view of them)."""
    return TUTORIAL.at(number).events


def step_after(action: str, start: int = 0) -> int:
    """The number of the step that follows the first step from ``start`` expecting ``action``."""
    return next(i for i, step in enumerate(TUTORIAL.steps) if i >= start and action in step.expect) + 1


def test_the_rules_taught_are_the_default_ones() -> None:
    assert TUTORIAL.options == {option.name: option.default for option in OPTIONS}
    assert TUTORIAL.seats == 2 and 12 <= len(TUTORIAL.steps) <= 25


def test_submit_is_offered_only_once_every_slot_holds_a_card() -> None:
    for number, step in enumerate(TUTORIAL.steps):
        if not step.waits_for_action:
            continue
        state = TUTORIAL.at(number).state
        legal = [str(action) for action in state.legal_actions(LEARNER)]
        full = all(state.view(LEARNER)["players"][LEARNER]["program"])
        assert ("submit" in legal) == full
        assert ("submit" in step.expect) == full  # the learner submits at once, and only then
    assert answers().count("submit") == 3


def test_a_loop_doubles_the_forward_card_of_its_slot() -> None:
    assert answers()[:4] == ["slot 1 SR", "slot 2 BACK", "slot 3 FWD", "slot 3 LOOP"]
    shown = events_of(step_after("submit"))
    mine = [e for e in shown if e.get("seat") == LEARNER]
    loop = [e for e in mine if e["kind"] == "loop"]
    assert [(e["card"], e["times"]) for e in loop] == [("FWD", 2), ("FWD", 2)]
    blocked = [e for e in mine if e["kind"] == "blocked"]  # BACK at the board's edge: ignored
    assert len(blocked) == 1
    assert any(e["kind"] == "picked" for e in mine)


def test_function_board_a_is_built_then_run_by_the_function_card() -> None:
    assert {"fn A 1 LOOP", "fn A 1 FWD", "fn A 2 SR", "slot 3 FN-A"} <= set(answers())
    second = step_after("submit", step_after("submit"))
    state = TUTORIAL.at(second).state
    assert state.view(LEARNER)["function_boards"][0]["slots"][:2] == [["LOOP", "FWD"], ["SR"]]
    shown = events_of(second)
    entered = [e for e in shown if e["kind"] == "function-entered" and e["seat"] == LEARNER]
    assert [(e["board"], e["empty"]) for e in entered] == [("A", False)]


def test_a_conveyor_then_a_delivery_then_a_laser_gives_a_bug() -> None:
    second = step_after("submit", step_after("submit"))
    shown = events_of(second)
    kinds = [(e["kind"], e.get("seat")) for e in shown]
    rides = [e for e in shown if e["kind"] == "moved" and e["cause"] == "conveyor" and e["seat"] == LEARNER]
    assert rides, "the learner rides a conveyor"
    assert ("delivered", LEARNER) in kinds
    hit = next(e for e in shown if e["kind"] == "laser" and e["hit"] == LEARNER)
    assert hit["bug_given"] and not hit["parcel_taken"]
    state = TUTORIAL.at(second).state
    assert state.delivered[LEARNER] == 1 and "BUG" in state.view(LEARNER)["hand"]


def test_the_learner_plays_the_bug_and_sees_what_it_draws() -> None:
    assert "slot 3 BUG" in answers()
    last = len(TUTORIAL.steps) - 1
    draws = [e for e in events_of(last) if e["kind"] == "bug-draw" and e["seat"] == LEARNER]
    assert [e["card"] for e in draws] == ["RL"]  # what the closing words say it drew
    assert TUTORIAL.at(last).state.view(LEARNER)["players"][LEARNER]["facing"] == "E"
