"""DR2D's tutorial teaches what its steps say, as the engine plays it (issue 27): the learner places
the robot and programs two turns of five registers in secret; the turns show directions read in
the robot's frame, a laser, a pusher, a law downloaded, a turntable changing later moves and a
conveyor (the learner's robot), and a pit and a press (Ada's)."""

from __future__ import annotations

from typing import Any

from robotable import games
from robotable.play import tutorials

TUTORIAL = tutorials.load(games.get("dr2d"))


def step_after(answer: str, occurrence: int = 1) -> int:
    """The step shown after the ``occurrence``-th step that expects ``answer``."""
    asking = [i for i, step in enumerate(TUTORIAL.steps) if answer in step.expect]
    return asking[occurrence - 1] + 1


def events_at(number: int) -> list[dict[str, Any]]:
    return TUTORIAL.at(number).events


def of(seat: int, kind: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for event in events if event.get("seat") == seat and event["kind"] == kind]


def test_the_learner_places_and_enters_every_register_of_two_turns() -> None:
    expected = [answer for step in TUTORIAL.steps for answer in step.expect]
    assert expected == ["place 0 2 S", "N", "N", "N", "N", "W", "lock", "N", "E", "S", "S", "S", "lock"]
    assert TUTORIAL.options["absolute_directions"] is False  # the default, relative reading is taught
    assert all(seat == 1 for step in TUTORIAL.steps for seat, _ in step.then)  # Ada's, not the learner's


def test_adas_program_stays_secret_until_the_reveal() -> None:
    locked = next(i for i, step in enumerate(TUTORIAL.steps) if (1, "lock") in step.then) + 1
    seen = events_at(locked)
    assert {"kind": "locked", "seat": 1} in seen
    assert not [event for event in seen if event["kind"] == "programmed" and event["seat"] == 1]
    assert TUTORIAL.at(locked).state.view(0)["program"] == ["N"]  # the learner sees only their own


def test_turn_one_laser_pusher_and_law_three_for_the_learner_and_a_pit_for_ada() -> None:
    events = events_at(step_after("lock"))
    assert [e["end"] for e in of(0, "moved", events)] == [[0, 3], [0, 4], [0, 5], [0, 6], [2, 6]]
    assert of(0, "moved", events)[-1]["order"] == "left" and of(0, "moved", events)[-1]["direction"] == "E"
    assert of(0, "burned", events)[0]["register"] == 1 and of(0, "damaged", events)[0]["pc"] == 6
    assert of(0, "shoved", events) == [
        {"kind": "shoved", "seat": 0, "register": 4, "start": [0, 6], "end": [1, 6]}
    ]
    assert of(0, "downloaded", events)[0]["law"] == 3
    assert of(1, "fell", events)[0]["tile"] == [9, 2] and of(1, "skipped", events)[0]["register"] == 3


def test_turn_two_turntable_then_backwards_then_a_conveyor_and_a_press_for_ada() -> None:
    events = events_at(step_after("lock", 2))
    rotated = of(0, "rotated", events)[0]
    assert (rotated["register"], rotated["tile"], rotated["facing"]) == (2, [1, 7], "W")
    backwards = [e for e in of(0, "moved", events) if e["order"] == "back"]
    assert [e["direction"] for e in backwards] == ["E", "E", "E"]
    assert of(0, "conveyed", events)[0]["end"] == [5, 7]
    assert of(1, "crushed", events)[0]["tile"] == [6, 6] and of(1, "damaged", events)[0]["pc"] == 5
    assert not of(1, "downloaded", events)  # crossing law 2 is not ending the turn on it
    you = TUTORIAL.at(len(TUTORIAL.steps) - 1).state.view(0)["robots"][0]
    assert (you["tile"], you["facing"], you["pc"], you["laws"]) == ([5, 7], "W", 6, [3])
