"""Setup, information and bad input: DR-1, DR-4..DR-7, DR-34, DR-35; DR-EX-23; secrecy."""

from __future__ import annotations

import json

import pytest

from robotable.core.errors import IllegalAction, InvalidOptions, NotationError
from robotable.core.rng import Rng
from robotable.games.dr2d import GAME
from robotable.games.dr2d.actions import GO, LOCK, REGISTERS, STANDBY, UNDO, Place, Register, parse_action
from robotable.games.dr2d.board import tile_of
from tests.dr2d.conftest import DEFAULT, game_with, program, tile

STAY5 = "STAY STAY STAY STAY STAY"


def test_dr1_robots_start_with_seven_pc_and_no_law() -> None:
    """DR-1: one robot per player: position, facing, PC 7 (max 7), no law."""
    state = GAME.new_state({"start_placement": "assigned"}, seed=1, seats=4)
    for robot in state.view(None)["robots"]:
        assert robot["pc"] == 7 and robot["laws"] == [] and robot["tile"] is not None
        assert robot["facing"] == "N"


def test_dr4_seat_order_is_a_seeded_permutation() -> None:
    """DR-4: seats are numbered in a random order at creation, from the game's seed."""
    orders = {tuple(GAME.new_state(seed=s, seats=4).order) for s in range(30)}
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders) and len(orders) > 5
    assert GAME.new_state(seed=7, seats=4).order == GAME.new_state(seed=7, seats=4).order


def test_dr7_choose_placement_in_seat_order_with_facing() -> None:
    """DR-7 / DR-6: "choose": in seat order each player picks a free start tile and a facing."""
    state = GAME.new_state(seed=2, seats=3)
    assert state.phase == "placement"
    first, second, _ = state.order
    assert state.to_act() == [first]
    assert {(a.x, a.y) for a in state.legal_actions(first)} == {
        (x, y) for x, y in [(2, 0), (9, 11), (11, 2), (0, 9), (9, 0), (2, 11), (0, 2), (11, 9)]
    }
    with pytest.raises(IllegalAction, match="seat order"):
        state.apply(second, Place(2, 0, 0))
    state.apply(first, parse_action("place 2 0 S"))
    assert state.fleet.facing[first] == 2 and state.to_act() == [second]
    with pytest.raises(IllegalAction, match="occupied"):
        state.apply(second, Place(2, 0, 0))  # DR-5: two robots never share a tile
    with pytest.raises(IllegalAction, match="start tile"):
        state.apply(second, Place(5, 5, 0))


def test_dr35_unknown_facing_or_register_refused_state_unchanged() -> None:
    """DR-35: a placement with an unknown facing, or a register that is no letter, is refused (an
    IllegalAction naming the reason) and the state is unchanged."""
    state = GAME.new_state(seed=2, seats=2)
    seat, before = state.to_act()[0], state.to_json()
    for facing in (4, -1, 7):
        with pytest.raises(IllegalAction, match="not a Des Robots et Des Dalles action"):
            state.apply(seat, Place(2, 0, facing))
    assert state.to_json() == before
    state = game_with([((10, 2), "N"), ((9, 10), "N")])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a Des Robots et Des Dalles action"):
        state.apply(0, Register(7))
    assert state.to_json() == before


def test_dr6_facing_defaults_to_north() -> None:
    """DR-6: facing N at placement unless chosen."""
    assert parse_action("place 9 11") == Place(9, 11, 0)


def test_dr7_assigned_placement() -> None:
    """DR-7: "assigned": the seat numbered i takes Si, facing N; 4 players: one per edge."""
    state = GAME.new_state({"start_placement": "assigned"}, seed=5, seats=4)
    for number, seat in enumerate(state.order):
        assert state.fleet.pos[seat] == DEFAULT.starts[number] and state.fleet.facing[seat] == 0
    assert state.phase == "programming" and state.turn == 1


def test_dr7_free_placement_on_plain_floor_only() -> None:
    """DR-7: "free": any empty plain-floor tile (no pit, conveyor, turntable, press, repair, law)."""
    state = GAME.new_state({"start_placement": "free"}, seed=5, seats=2)
    seat = state.to_act()[0]
    tiles = {tile_of(a.x, a.y) for a in state.legal_actions(seat)}
    assert tile_of(5, 5) not in tiles and tile_of(5, 2) not in tiles and tile_of(2, 2) not in tiles
    assert tile_of(0, 0) in tiles and tile_of(2, 0) in tiles
    with pytest.raises(IllegalAction, match="plain floor"):
        state.apply(seat, Place(4, 1, 0))  # a conveyor


def test_dr5_no_two_robots_on_one_tile_in_random_games() -> None:
    """DR-5: random play never puts two robots on one tile."""
    rng = Rng(9)
    for seed in range(5):
        state = GAME.new_state(seed=seed, seats=8)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            on = [p for p in state.fleet.pos if p >= 0]
            assert len(on) == len(set(on))


def test_dr34_programs_secret_until_the_reveal() -> None:
    """DR-34 / DR-10: another seat's view and events show nothing of a program before the reveal."""
    state = game_with([((10, 2), "N"), ((9, 10), "N")])
    before = state.view(1)
    events = state.apply(0, REGISTERS[0])
    assert state.view(1) == before and state.view(None) == GAME.state_from_dict(state.to_dict()).view(None)
    assert state.view(0)["program"] == ["N"]
    assert state.events_for(events, 1) == [] and state.events_for(events, None) == []
    assert state.events_for(events, 0)[0]["registers"] == ["N"]
    assert REGISTERS[0].secret and UNDO.secret and not LOCK.secret
    events = program(state, 0, "S N S N")
    assert state.view(1)["robots"][0]["locked"] and "N" not in json.dumps(state.events_for(events, 1))


def test_dr34_public_information() -> None:
    """DR-34: positions, facings, PC, laws and pending skips of every robot are public."""
    state = game_with([((10, 2), "E", 5), ((9, 10), "N")])
    state.fleet.skip[0], state.fleet.laws[0] = 2, 0b101
    robot = state.view(1)["robots"][0]
    assert (robot["tile"], robot["facing"], robot["pc"], robot["laws"], robot["skip"]) == (
        [10, 2],
        "E",
        5,
        [1, 3],
        2,
    )


def test_determinize_redraws_other_programs() -> None:
    """Determinize: other seats' secret registers are redrawn; own ones and the views are kept."""
    state = game_with([((10, 2), "N"), ((9, 10), "N"), ((0, 0), "S")])
    program(state, 0, "N N N N N")
    program(state, 1, "E E", lock=False)
    worlds = [state.determinize(2, Rng(s)) for s in range(20)]
    assert all(w.view(2) == state.view(2) and len(w.drafts[0]) == 5 for w in worlds)
    assert any(w.drafts[0] != [0] * 5 for w in worlds)
    mine = state.determinize(0, Rng(1))
    assert mine.drafts[0] == [0] * 5 and mine.legal_actions(0) == state.legal_actions(0)


def test_ex23_bad_input_refused_state_unchanged() -> None:
    """DR-EX-23 / DR-35: short program, unknown letter, second program, inactive robot: refused, unchanged."""
    state = game_with([((10, 2), "N", 3), ((9, 10), "N")])
    state.apply(1, STANDBY)  # seat 1 is inactive in standby this turn
    before = state.to_json()
    with pytest.raises(IllegalAction, match="standby this turn"):
        state.apply(1, REGISTERS[0])
    assert state.to_json() == before
    for word in ["N", "E", "S", "W"]:
        state.apply(0, parse_action(word))
    middle = state.to_json()
    with pytest.raises(IllegalAction, match="program must have 5 registers"):
        state.apply(0, LOCK)
    assert state.to_json() == middle and before != middle
    with pytest.raises(NotationError):
        parse_action("X")
    state.apply(0, REGISTERS[4])
    with pytest.raises(IllegalAction, match="already has 5 registers"):
        state.apply(0, REGISTERS[0])
    other = game_with([((10, 2), "N"), ((9, 10), "N")])
    program(other, 0, STAY5)
    locked = other.to_json()
    with pytest.raises(IllegalAction, match="already submitted"):
        other.apply(0, REGISTERS[0])
    with pytest.raises(IllegalAction, match="already submitted"):
        other.apply(0, STANDBY)
    assert other.to_json() == locked
    state.apply(0, LOCK)
    assert state.turn == 2  # the lock completed the programming: the turn ran


def test_dr35_inactive_finished_off_board_and_wrong_phase_refused() -> None:
    """DR-35: programs and standby from inactive, finished or off-board robots, or out of phase, refused."""
    state = game_with([((10, 2), "N"), ((9, 10), "N"), ((0, 0), "N")])
    state.apply(0, STANDBY)
    with pytest.raises(IllegalAction, match="standby this turn"):
        state.apply(0, REGISTERS[0])
    state.fleet.finished[1], state.fleet.pos[1] = 1, -1
    with pytest.raises(IllegalAction, match="finished"):
        state.apply(1, REGISTERS[0])
    state.fleet.finished[1], state.fleet.pos[1] = 0, -1
    with pytest.raises(IllegalAction, match="off the board"):
        state.apply(1, STANDBY)
    with pytest.raises(IllegalAction, match="window"):
        state.apply(2, GO)
    with pytest.raises(IllegalAction, match="placed only before"):
        state.apply(2, Place(5, 5, 0))
    with pytest.raises(IllegalAction, match="referee"):
        state.apply(-1, parse_action("time-up"))
    with pytest.raises(IllegalAction, match="not a player's action"):
        state.apply(2, parse_action("window-closed"))
    with pytest.raises(IllegalAction, match="no register"):
        state.apply(2, UNDO)


def test_dr35_options_checked() -> None:
    """DR-35 / options: unknown values are refused; 2 to 8 players."""
    with pytest.raises(InvalidOptions):
        GAME.new_state({"start_placement": "anywhere"})
    with pytest.raises(InvalidOptions):
        GAME.new_state(seats=9)
    with pytest.raises(InvalidOptions):
        GAME.new_state(seats=1)
    assert GAME.new_state(seats=8, seed=1).seats == 8


def test_notation_round_trip_and_serialisation() -> None:
    """Every legal action's notation reads back; a state survives JSON."""
    state = GAME.new_state(seed=3, seats=4)
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            assert parse_action(str(action)) == action
    assert parse_action("o") == REGISTERS[3] and parse_action("Stay") == REGISTERS[4]
    again = GAME.state_from_dict(json.loads(state.to_json()))
    assert again == state and tile(again.fleet, 0) == tile(state.fleet, 0)
