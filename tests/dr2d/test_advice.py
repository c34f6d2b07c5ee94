"""Issue 27: what the DR2D page's seat panels show, from the view alone: each seat's PC and the
laws it holds (DR-1: one robot per player, PC from 7; DR-3: the laws), worded without a robot
number the drawing does not show (the seat's one robot is drawn with its letter)."""

from __future__ import annotations

from robotable import games
from robotable.play.table import Table


def test_each_seat_panel_has_its_robots_pc_and_laws() -> None:
    game = games.get("dr2d")
    table = Table(game, game.validate_options({}), seed=3, seats=["human", "human", "human"])
    counters = table.snapshot(None)["counters"]
    assert counters == [[{"key": "pc", "value": 7}, {"key": "laws", "value": 0}]] * 3
    assert [game.say(f"counter.{c['key']}", c, "fr") for c in counters[0]] == ["PC : 7", "lois détenues : 0"]


def test_counters_come_from_the_view_alone() -> None:
    game = games.get("dr2d")
    counters = game.counters(game.new_state(seed=1, seats=2).view(None))
    assert counters == [[{"key": "pc", "value": 7}, {"key": "laws", "value": 0}]] * 2


def _say(game, guidance: dict, lang: str = "en") -> list[str]:  # type: ignore[no-untyped-def]
    return [game.say(f"guide.{fact['code']}", fact["params"], lang) for fact in guidance.get("now", [])]


def _play(state, seat: int, *notations: str) -> None:  # type: ignore[no-untyped-def]
    for notation in notations:
        state.apply(seat, state.game.parse_action(notation))


def test_placing_lights_the_free_start_tiles_for_the_seat_placing_only() -> None:
    """DR-7: in seat order, each player picks a free start tile and a facing."""
    game = games.get("dr2d")
    state = game.new_state(seed=1, seats=2)
    placing = state.view(None)["to_place"]
    other = 1 - placing
    advice = game.guidance(state.view(placing), placing)
    starts = advice["marks"]["cells"]
    assert len(starts) >= 2 and _say(game, advice)[0].startswith("Choose where your robot starts")
    assert "now" not in game.guidance(state.view(other), other)
    x, y = map(int, starts[0].split())
    _play(state, placing, f"place {x} {y} E")
    second = game.guidance(state.view(other), other)
    assert starts[0] not in second["marks"]["cells"] and len(second["marks"]["cells"]) == len(starts) - 1


def test_programming_says_which_register_and_how_letters_read_from_the_facing() -> None:
    """DR-10: five registers in secret, then locked; DR-12: letters read in the robot's frame."""
    game = games.get("dr2d")
    state = game.new_state({"start_placement": "assigned"}, seed=1, seats=2)
    assert state.view(0)["phase"] == "programming"
    words = _say(game, game.guidance(state.view(0), 0))
    assert words[0] == "Program your robot in secret: choose register 1 of 5."
    assert "(it faces north now)" in words[1]
    assert "(il regarde vers le nord)" in _say(game, game.guidance(state.view(0), 0), "fr")[1]
    _play(state, 0, "N", "E")
    assert _say(game, game.guidance(state.view(0), 0))[0].endswith("register 3 of 5.")
    _play(state, 0, "S", "W", "STAY")
    complete = _say(game, game.guidance(state.view(0), 0))
    assert complete[0].startswith("Your five registers are chosen (N E S W STAY)")
    _play(state, 0, "lock")
    locked = _say(game, game.guidance(state.view(0), 0))
    assert locked == ["Your program is locked: waiting for the other players."]


def test_absolute_directions_are_read_from_the_board() -> None:
    """DR-12 with absolute_directions: letters are board directions, facing has no effect."""
    game = games.get("dr2d")
    state = game.new_state({"start_placement": "assigned", "absolute_directions": True}, seed=1, seats=2)
    assert _say(game, game.guidance(state.view(1), 1))[1].startswith("Letters are directions of the board")


def test_a_spectator_is_told_nothing() -> None:
    game = games.get("dr2d")
    state = game.new_state({"start_placement": "assigned"}, seed=1, seats=2)
    assert "now" not in game.guidance(state.view(None), None)
