"""Droids' tutorial (``data/tutorial.json``) teaches what a new player must know to play a whole
game (issue 27): drawing from the bins, placing on the emitter in line with the robot, `stop`,
sending as the robot changes line, a shot and its die, the emitter lost and repaired, and the
elimination of a player who sends no order in a turn. These tests read the scripted game, so a
change of seed, options or engine that breaks a lesson (a shot that misses, a robot not where a
step says) fails here, naming it."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.games import get
from robotable.play import tutorials

GAME = get("droids")
TUTORIAL = tutorials.load(GAME)
LEARNER = TUTORIAL.learner


def asking(action: str) -> int:
    """The number of the first step that expects ``action``."""
    return next(i for i, step in enumerate(TUTORIAL.steps) if action in step.expect)


def view_at(number: int, played: tuple[str, ...] = ()) -> dict[str, Any]:
    return TUTORIAL.at(number, played).state.view(LEARNER)


def robot_cell(view: dict[str, Any], name: str) -> tuple[int, int]:
    return tuple(next(r["cell"] for r in view["robots"] if r["name"] == name))  # type: ignore[return-value]


def test_the_learner_plays_yellow_in_a_scenario_with_repairers_and_red_begins() -> None:
    view = TUTORIAL.start().view(LEARNER)
    assert view["colours"] == ["Y", "R"] and view["scenario"] == 2
    assert [r["kind"] for r in view["robots"]].count("repairer") == 2
    assert view["first"] == 1 and view["phase"] == "draw"


def test_the_learner_draws_places_stops_sends_chooses_a_loss_in_that_order() -> None:
    answers = [step.expect[0] for step in TUTORIAL.steps if step.expect]
    assert answers[:2] == ["draw violet", "draw red"]
    assert answers[2:5] == ["MD", "e3.1", "SE"]  # a whole placement: token, slot, arrow
    assert "stop" in answers and answers.index("stop") < answers.index("send e3")
    assert answers.index("send e3") < answers.index("damage e0") < answers.index("send e9")


def test_every_order_the_learner_sends_leaves_the_emitter_in_line_with_its_recipient() -> None:
    """The lesson of DD-16: the learner's own robot for violet and red orders, the repairer in
    the corner for the grey one."""
    sends = []
    for number, step in enumerate(TUTORIAL.steps):
        for answer in step.expect[:1]:
            if answer.startswith("send e"):
                view = view_at(number)
                emitter = int(answer.removeprefix("send e"))
                grey = emitter == 9
                x, _ = robot_cell(view, "repairer 2" if grey else "Yellow")
                sends.append((emitter, x))
    assert sends and all(emitter == x for emitter, x in sends)


def test_stop_is_pressed_with_an_order_in_line_with_the_robot_and_its_words_warn_of_elimination() -> None:
    number = asking("stop")
    view = view_at(number)
    x, _ = robot_cell(view, "Yellow")
    assert view["emitters"][LEARNER][x]["slots"][0] is not None  # e3 holds MD: stopping is safe
    step = TUTORIAL.steps[number]
    assert "eliminated" in step.text["en"] and "éliminé" in step.text["fr"]
    after = TUTORIAL.at(number + 1).state
    assert 3 in after.sendable(LEARNER)


def events(number: int) -> list[dict[str, Any]]:
    """The events that led to step ``number``."""
    return TUTORIAL.at(number).events


def test_a_shot_hits_each_way_by_the_die_and_the_learner_chooses_the_emitter_lost() -> None:
    number = asking("damage e0")
    shot = next(event for event in events(number) if event["kind"] == "shot")
    assert (shot["robot"], shot["target"], shot["distance"], shot["roll"], shot["hits"]) == (
        "Red",
        "Yellow",
        7,
        9,
        1,
    )
    assert "9" in TUTORIAL.steps[number].text["en"] and "9" in TUTORIAL.steps[number].text["fr"]
    back = next(event for event in events(number + 2) if event["kind"] == "shot")
    assert (back["robot"], back["target"], back["roll"], back["hits"]) == ("Yellow", "Red", 7, 1)
    assert "7" in TUTORIAL.steps[number + 2].text["en"]


@pytest.mark.parametrize("choice", TUTORIAL.steps[asking("damage e0")].expect)
def test_any_accepted_loss_is_repaired_at_the_end_and_red_is_eliminated(choice: str) -> None:
    number = asking("damage e0")
    played = (*TUTORIAL.at(number).played, choice)
    later = len(TUTORIAL.steps) - 1
    rest = [step.expect[0] for step in TUTORIAL.steps[number + 1 : later] if step.expect]
    end = TUTORIAL.at(later, (*played, *rest))
    lost = int(choice.removeprefix("damage e"))
    assert {"kind": "repaired", "seat": LEARNER, "emitter": lost} in end.events
    assert {"kind": "eliminated", "seat": 1, "reason": "sent no order this turn"} in end.events
    assert end.state.view(LEARNER)["result"] == {"winners": [0], "reason": "last player left", "draw": False}


def test_losing_the_emitter_that_holds_the_shot_is_explained_not_accepted() -> None:
    number = asking("damage e0")
    step = TUTORIAL.steps[number]
    assert not TUTORIAL.accepts(number, "damage e6")
    assert TUTORIAL.at(number).state.view(LEARNER)["emitters"][LEARNER][6]["slots"][0] == "SH:N"
    assert "e6" in step.wrong["en"] and "e6" in step.wrong["fr"]  # type: ignore[index]


def test_red_is_moved_out_of_the_line_of_all_its_orders_before_its_first_go() -> None:
    number = asking("send e9") - 1  # the second send of turn 2: Red has just been moved
    before = view_at(number - 1)
    assert robot_cell(before, "Red") == (6, 2)
    red_orders = [e for e, em in enumerate(before["emitters"][1]) if any(em["slots"])]
    assert red_orders == [6]
    after = view_at(number)
    assert robot_cell(after, "Red") == (0, 2) and after["sent"][1] == 0 and after["finished"][1]


def test_the_pointers_name_the_emitter_facing_the_robot() -> None:
    facing = TUTORIAL.steps[1]
    assert facing.point.board == '[data-emitter="Yellow e3"]'
    assert robot_cell(view_at(1), "Yellow") == (3, 8)
