"""Tutorials are data of their games (``games/<id>/data/tutorial*.json``), checked when they load:
every game's tutorial loads, each of its paths played on a fresh state; a broken file (an action
that does not exist or is not legal where it stands, a step of the wrong shape, a missing French
text, a pointer that finds nothing on the board) is refused naming the file and the step."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from robotable import games
from robotable.core.errors import DataFileError
from robotable.core.words import LANGUAGES
from robotable.play import tutorial_points, tutorials

RICOCHET = games.get("ricochet")
FILE = "ricochet/data/tutorial.json"
WITH_TUTORIAL = [game for game in games.all_games() if tutorials.has_tutorial(game)]


def ricochet_data() -> dict[str, Any]:
    text = resources.files("robotable.games.ricochet").joinpath("data", "tutorial.json").read_text("utf-8")
    return json.loads(text)


def refusal(data: dict[str, Any]) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        tutorials.read(RICOCHET, data, FILE)
    assert caught.value.file == FILE
    return caught.value


def step_index(data: dict[str, Any], action: str) -> int:
    return next(i for i, step in enumerate(data["steps"]) if action in step.get("expect", ()))


def test_ricochet_has_a_tutorial_and_every_tutorial_loads_in_every_language() -> None:
    assert RICOCHET in WITH_TUTORIAL
    for game in WITH_TUTORIAL:
        for name in tutorials.names(game):
            tutorial = tutorials.load(game, name)
            assert not tutorial.steps[-1].waits_for_action
            for step in tutorial.steps:
                assert set(step.text) == set(LANGUAGES)
                assert step.wrong is None or set(step.wrong) == set(LANGUAGES)


@pytest.mark.parametrize("game", WITH_TUTORIAL, ids=lambda game: game.id)
def test_following_the_expected_answers_plays_legal_actions_to_the_last_step(game: Any) -> None:
    tutorial = tutorials.load(game)
    last = tutorial.at(len(tutorial.steps) - 1)
    assert len(last.played) == sum(step.waits_for_action for step in tutorial.steps)
    for number, step in enumerate(tutorial.steps):
        progress = tutorial.at(number)
        if step.waits_for_action:
            legal = {str(action) for action in progress.state.legal_actions(tutorial.learner)}
            assert set(step.expect) <= legal


def test_ricochets_tutorial_covers_the_core_rules_and_wins_the_chip() -> None:
    """The bid, the sand timer running out, a slide to a wall, another robot moved, the final
    move with its ricochet, and the chip won (RR-10, RR-15, RR-16, RR-18, RR-22)."""
    tutorial = tutorials.load(RICOCHET)
    assert tutorial.options["must_ricochet"] is True  # the default rule is the one taught
    expected = [answer for step in tutorial.steps for answer in step.expect]
    assert expected == ["bid 3", "red W", "green E", "red N"]
    scripted = [action for step in tutorial.steps for action in step.then]
    assert scripted == [(1, "bid 5"), (-1, "time-up")]
    end = tutorial.at(len(tutorial.steps) - 1)
    kinds = [event["kind"] for event in end.events]
    assert kinds[:2] == ["moved", "chip-won"]
    assert end.state.view(0)["chips"] == [["RC"], []]


def test_a_step_not_expected_is_answered_no_and_a_step_may_accept_several() -> None:
    data = ricochet_data()
    bid = step_index(data, "bid 3")
    data["steps"][bid]["expect"] = ["bid 3", "bid 4"]
    tutorial = tutorials.read(RICOCHET, data, FILE)
    assert tutorial.accepts(bid, "bid 4") and tutorial.accepts(bid, "bid  3")  # as a learner may type it
    assert not tutorial.accepts(bid, "bid 2") and not tutorial.accepts(bid, "nonsense")
    four = tutorial.at(bid + 1, ["bid 4"])
    assert four.state.view(0)["bids"]["0"]["moves"] == 4 and four.played == ("bid 4",)
    with pytest.raises(ValueError, match="not an answer of step"):
        tutorial.at(bid + 1, ["bid 2"])
    with pytest.raises(ValueError, match="answers given"):
        tutorial.at(bid, ["bid 3"])
    with pytest.raises(ValueError, match="not in this tutorial"):
        tutorial.at(len(tutorial.steps))


def test_an_unknown_action_is_refused_naming_the_step() -> None:
    data = ricochet_data()
    number = step_index(data, "red W")
    data["steps"][number]["expect"] = ["red Q"]
    data["steps"][number]["point"].pop("action")
    error = refusal(data)
    assert error.field == f"step {number}: expect" and "'red Q' is not an action" in str(error)


def test_an_action_illegal_where_it_stands_is_refused_naming_the_step() -> None:
    data = ricochet_data()
    number = step_index(data, "red N")
    data["steps"][number]["expect"] = ["red W"]  # red already stands against the wall to its west
    data["steps"][number]["point"]["action"] = "red W"
    error = refusal(data)
    assert error.field == f"step {number}: expect"
    assert "'red W' cannot be played by seat 0 here: the red robot cannot move west" in error.reason


def test_an_action_of_a_seat_that_may_not_play_it_is_refused() -> None:
    data = ricochet_data()
    timer = next(i for i, step in enumerate(data["steps"]) if step.get("then") == [[-1, "time-up"]])
    data["steps"][timer]["then"] = [[1, "red W"]]  # seat 1 may not move robots while bidding
    error = refusal(data)
    assert error.field == f"step {timer}: then" and "robots move only during a demonstration" in str(error)


def test_notation_is_written_as_the_game_writes_it() -> None:
    data = ricochet_data()
    number = step_index(data, "red W")
    data["steps"][number]["expect"] = ["R w"]
    error = refusal(data)
    assert "write 'R w' as the game writes it: 'red W'" in str(error)


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        (lambda d, n: d["steps"][n]["text"].pop("fr"), "text", "no text in 'fr'"),
        (lambda d, n: d["steps"][n]["wrong"].update(fr=" "), "wrong", "no text in 'fr'"),
        (lambda d, n: d["steps"][n].pop("wrong"), "wrong", "explains a wrong one"),
        (lambda d, n: d["steps"][n].update(expcet=["red W"]), None, "unknown key 'expcet'"),
        (lambda d, n: d["steps"][n].update(expect="red W"), "expect", "a list of 1 to"),
        (
            lambda d, n: d["steps"][n]["point"].update(action="red E"),
            "point: action",
            "not one of the step's",
        ),
        (lambda d, n: d["steps"][n]["point"].update(board="[data-piece=mauve]"), "point", "finds nothing"),
        (lambda d, n: d["steps"][n]["point"].update(board="g["), "point: board", "cannot read 'g['"),
        (lambda d, n: d["steps"][n].update(then=[["1", "bid 5"]]), "then", "each is [seat, action]"),
        (lambda d, n: d["steps"][n].update(then=[[5, "bid 5"]]), "then", "seat 5 is not at this table"),
    ],
)
def test_a_step_of_the_wrong_shape_is_refused_naming_the_step(
    change: Any, field: str | None, reason: str
) -> None:
    data = ricochet_data()
    number = step_index(data, "red W")
    change(data, number)
    error = refusal(data)
    assert error.field == (f"step {number}: {field}" if field else f"step {number}")
    assert reason in error.reason


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        (lambda d: d.pop("seats"), "seats", "missing"),
        (lambda d: d["title"].pop("fr"), "title", "no text in 'fr'"),
        (lambda d: d.update(options={"colour": "mauve"}), "options", "unknown option 'colour'"),
        (lambda d: d.update(seats=1, learner=1), "learner", "from 0 to 0"),
        (lambda d: d.update(steps=[]), "steps", "a list of 1 to"),
        (lambda d: d["steps"].pop(), f"step {len(ricochet_data()['steps']) - 2}", "closing words"),
        (lambda d: d["names"].update(fr=["Vous"]), "names: fr", "a list of 2 names"),
        (lambda d: d["names"].update(en=["You", ""]), "names: en", "each name is text"),
        (lambda d: d["names"].pop("fr"), "names: fr", "a list of 2 names"),
    ],
)
def test_a_file_of_the_wrong_shape_is_refused_naming_the_field(change: Any, field: str, reason: str) -> None:
    data = copy.deepcopy(ricochet_data())
    change(data)
    error = refusal(data)
    assert error.field == field and reason in error.reason


def test_the_board_pointers_are_the_names_the_drawing_gives() -> None:
    tutorial = tutorials.load(RICOCHET)
    svg = RICOCHET.render_svg(tutorial.start().view(0))
    assert tutorial_points.finds(svg, '[data-piece="red"]') and tutorial_points.finds(svg, "#target-RC")
    assert tutorial_points.finds(svg, ".targets .target.current") and tutorial_points.finds(svg, "g.centre")
    assert not tutorial_points.finds(svg, ".robots .centre") and not tutorial_points.finds(svg, "[data-cell]")


def test_a_game_without_a_tutorial_says_so() -> None:
    with pytest.raises(tutorials.NoTutorial, match="no tutorial 'tutorial-nothing'"):
        tutorials.load(RICOCHET, "tutorial-nothing")


def test_the_board_is_drawn_in_the_learners_language_with_the_seats_names() -> None:
    tutorial = tutorials.load(RICOCHET)
    assert tutorial.names == {"en": ("You", "Ada"), "fr": ("Vous", "Ada")}
    state = tutorial.start()
    for lang in LANGUAGES:
        drawn = RICOCHET.render_svg(state.view(0), lang=lang, names=list(tutorial.names[lang]))
        assert tutorial.drawing(state, lang) == drawn


def test_every_accepted_alternative_is_played_to_the_end_at_load() -> None:
    """Bidding 1 is a legal answer, but then the first move uses up the bid and Ada demonstrates:
    the learner's next move is no longer legal, and the check names that step."""
    data = ricochet_data()
    bid = step_index(data, "bid 3")
    data["steps"][bid]["expect"] = ["bid 3", "bid 1"]
    error = refusal(data)
    green = step_index(data, "green E")
    assert error.field == f"step {green}: expect"
    assert "only seat 1, the demonstrator, may move robots" in error.reason
