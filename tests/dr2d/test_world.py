"""A whole DR2D game made from one seat's view (DR-34: what a seat sees), for a searching bot
run away from the server (``robotable bot run dr2d --level hard``): at every step of random
games, for every seat, the world's own view of that seat is the view it was made from, and it
guesses the hidden parts again as the server's world does; what is hidden is a guess; a view
changed on its way is refused in words; a remote ``hard`` plays a whole game from the state
messages the server would send."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from robotable import games
from robotable.agents.levels import bots_of
from robotable.client.levels import LevelBot
from robotable.core.errors import RobotableError
from robotable.core.game import REFEREE, Action, Turn
from robotable.core.rng import Rng
from robotable.games.dr2d import bots
from robotable.games.dr2d.actions import GO, LOCK, REGISTERS, STANDBY
from robotable.games.dr2d.state import DR2DState
from tests.dr2d.conftest import board_text, write_board
from tests.seat_messages import state_message

GAME = games.get("dr2d")
REFUSED = "no whole game shows it"


def as_sent(view: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))


def random_step(state: DR2DState, moves: random.Random) -> None:
    """One action of a random game: a seat to act and a legal action (a full program mostly
    locked, so that turns go on), or the referee's timer when nobody acts."""
    acting = state.to_act()
    if not acting:
        state.apply(REFEREE, state.legal_actions(REFEREE)[0])
        return
    seat = moves.choice(acting)
    legal = state.legal_actions(seat)
    state.apply(seat, LOCK if LOCK in legal and moves.random() < 0.8 else moves.choice(legal))


GAMES = [  # seed, players, options: every phase, every placement, windows and time-outs
    (1, 2, {}),
    (2, 4, {"standby_between_registers": True}),
    (3, 4, {"start_placement": "free", "absolute_directions": True, "pit_damage": True}),
    (4, 2, {"start_placement": "assigned", "program_timeout_s": 5, "press_every_register": True}),
    (5, 2, {"standby_between_registers": True, "reentry_scan_from_next": True}),
    (6, 4, {}),
]


@pytest.mark.parametrize(("seed", "players", "options"), GAMES)
def test_dr34_every_view_of_random_games_makes_a_world_that_shows_it_again(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    state = GAME.new_state({"turn_limit": 5, **options}, seed=seed, seats=players)
    moves, checked, phases = random.Random(seed), 0, set()
    while True:
        for seat in [*range(players), None]:  # None: a spectator's view works too
            view = as_sent(state.view(seat))
            world = GAME.world_from_view(view, seed=checked)
            assert as_sent(world.view(seat)) == view
            guessed = world.determinize(seat, Rng(checked))  # what a search plays out
            assert as_sent(guessed.view(seat)) == view
            phases.add(view["phase"])
            checked += 1
        if state.is_over():
            break
        random_step(state, moves)
    assert {"programming", "over"} <= phases and checked > 100
    if options.get("standby_between_registers"):
        assert "window" in phases


def mid_programming() -> DR2DState:
    """Turn 2's programming of a 4-player game: seat 1 locked a program, seat 2 entered three
    registers, seat 0 (the viewer) two, seat 3 none."""
    state = GAME.new_state({"start_placement": "assigned"}, seed=5, seats=4)
    for seat in range(4):
        for _ in range(5):
            state.apply(seat, REGISTERS[4])
        state.apply(seat, LOCK)
    for seat, count in ((1, 5), (2, 3), (0, 2)):
        for _ in range(count):
            state.apply(seat, REGISTERS[1])
    state.apply(1, LOCK)
    return state


def test_dr34_the_secret_registers_are_guesses_and_the_public_facts_true() -> None:
    state = mid_programming()
    view = as_sent(state.view(0))
    worlds = [GAME.world_from_view(view, seed=seed) for seed in range(8)]
    assert all(world.drafts[0] == state.drafts[0] for world in worlds)  # the seat's own: true
    assert {tuple(world.drafts[1]) for world in worlds} != {tuple(state.drafts[1])}
    assert all(len(world.drafts[1]) == 5 and world.locked[1] for world in worlds)  # locked is public
    assert {len(world.drafts[2]) for world in worlds} != {3}  # how many entered: hidden too
    assert len({world.rng.state for world in worlds}) == 8  # the fumbles' generator
    for world in worlds:
        assert world.fleet.public_lists() == state.fleet.public_lists()
        assert world.order == state.order and world.last_programs == state.last_programs


def test_dr34_a_standby_window_guesses_who_still_has_to_answer() -> None:
    """DR-31: an answer "go" leaves no trace in the view; the view's own seat is still to answer."""
    options = {"start_placement": "assigned", "standby_between_registers": True}
    state = GAME.new_state(options, seed=6, seats=4)
    for seat in range(4):
        for _ in range(5):
            state.apply(seat, REGISTERS[4])
        state.apply(seat, LOCK)
    assert state.phase == "window" and state.waiting == [0, 1, 2, 3]
    state.apply(2, GO)
    view = as_sent(state.view(0))
    guesses = {tuple(GAME.world_from_view(view, seed=seed).waiting) for seed in range(12)}  # type: ignore[attr-defined]
    assert all(0 in waiting for waiting in guesses) and len(guesses) > 1


def changed(view: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copy = as_sent(view)
    here = copy
    for key in path[:-1]:
        here = here[key]
    if value is KeyError:
        del here[path[-1]]
    else:
        here[path[-1]] = value
    return copy


CHANGES = [  # (where, what): each a view no whole game shows
    (("robots", 1, "pc"), 8),  # DR-24: PC 1 to 7
    (("robots", 1, "pc"), 6.0),
    (("robots", 0, "facing"), "NE"),
    (("robots", 0, "laws"), [10**9]),
    (("robots", 0, "tile"), [3, 12]),
    (("robots", 1, "tile"), [0, 0, 0]),
    (("robots", 2, "locked"), "yes"),
    (("robots", 1, "number"), 4),
    (("robots",), []),
    (("robots",), [{}] * 1000),
    (("seat",), 7),
    (("seat",), True),
    (("seat_order",), [0, 0, 1, 2]),
    (("program",), ["N", "N", "X"]),
    (("program",), ["N"] * 6),
    (("turn",), 99),
    (("phase",), "lunch"),
    (("options",), {"players": "many"}),
    (("options", "turn_limit"), 0),
    (("board",), "another board"),
    (("paths",), [[[0, 0]] * 100] * 4),
    (("robots", 3, "tile"), KeyError),
    (("last_programs",), KeyError),
]


@pytest.mark.parametrize(("path", "value"), CHANGES)
def test_dr34_a_view_changed_on_its_way_is_refused_in_words(path: tuple[Any, ...], value: Any) -> None:
    view = as_sent(mid_programming().view(0))
    with pytest.raises(RobotableError, match=REFUSED):
        GAME.world_from_view(changed(view, path, value))


@pytest.mark.parametrize("view", [None, [], "view", {}, {"seat": 0}, {"seat": 0, "options": {}, "robots": 3}])
def test_dr34_what_is_no_view_at_all_is_refused_in_words(view: Any) -> None:
    with pytest.raises(RobotableError, match=REFUSED):
        GAME.world_from_view(view)


def test_dr34_facts_that_contradict_each_other_are_refused() -> None:
    """Each value in range, but together no game: a lock by a robot in standby (DR-10, DR-31),
    the seat's own registers for a robot that does not program, a placement out of seat order
    (DR-7)."""
    state = mid_programming()
    view = as_sent(state.view(0))
    standing_by = changed(changed(view, ("robots", 3, "inactive"), True), ("robots", 3, "locked"), True)
    not_mine = changed(view, ("robots", 0, "inactive"), True)
    placing = as_sent(GAME.new_state({}, seed=1, seats=3).view(0))
    first = placing["to_place"]
    skipped = changed(placing, ("to_place",), placing["seat_order"][1])
    for broken in (standing_by, not_mine, skipped):
        with pytest.raises(RobotableError, match=REFUSED):
            GAME.world_from_view(broken)
    assert first == placing["seat_order"][0]


def test_dr2_a_board_of_the_servers_own_file_is_read_from_the_same_file(tmp_path: Path) -> None:
    """DR-2: the board comes from its data file; the world reads the one the view names, and
    refuses plainly when this machine has no such file (or another board under that name)."""
    board_file = write_board(tmp_path, board_text("O", 5, 5))
    state = GAME.new_state({"board_file": board_file, "start_placement": "assigned"}, seed=1, seats=2)
    view = as_sent(state.view(1))
    world = GAME.world_from_view(view, seed=3)
    assert world.board == state.board and as_sent(world.view(1)) == view  # type: ignore[attr-defined]
    missing = changed(view, ("options", "board_file"), str(tmp_path / "gone.txt"))
    with pytest.raises(RobotableError, match="cannot read"):
        GAME.world_from_view(missing)
    other = tmp_path / "other.txt"
    other.write_text(board_text().replace("test board P", "another factory"), "utf-8")
    with pytest.raises(RobotableError, match="is not the one in this machine's file"):
        GAME.world_from_view(changed(view, ("options", "board_file"), str(other)))


def remote_game(
    remote: LevelBot, other: Any, turns: int, seed: int
) -> tuple[DR2DState, list[dict[str, Any]]]:
    """A 2-player game, seat 0 the ``remote`` bot fed the server's state messages (its answers
    must be legal: the state refuses others); the views it was sent at its decisions."""
    state = GAME.new_state({"turn_limit": turns}, seed=seed, seats=2)
    sent: list[dict[str, Any]] = []
    while not state.is_over():
        seat = state.to_act()[0]
        if seat == 0:
            message = state_message(state, 0, len(sent))
            sent.append(message["view"])
            answer = remote.act_on(message)
            assert answer in message["legal"]
            state.apply_text(0, answer)  # type: ignore[arg-type]
        else:
            state.apply(1, other.act(Turn(1, state.view(1), state.legal_actions(1), GAME)))
    return state, sent


def test_dr34_a_remote_hard_bot_plays_a_whole_game_from_the_servers_messages() -> None:
    remote = LevelBot("dr2d", "hard", seed=4)
    searched: list[object] = []  # the worlds its searches started from
    choose = remote.agent.choose  # type: ignore[attr-defined]

    def watched(turn: Turn, options: list[list[Action]]) -> list[Action]:
        searched.append(turn.world)
        return choose(turn, options)

    remote.agent.choose = watched  # type: ignore[attr-defined]
    state, sent = remote_game(remote, bots_of(GAME)["easy"](seed=3), 4, seed=11)
    assert state.is_over() and state.outcome() is not None
    assert sum(view["phase"] == "programming" for view in sent) >= 4
    assert searched and all(isinstance(world, DR2DState) for world in searched)


class Stubborn:
    """Programs five STAY every turn: never the heuristic's program, as a searcher departs."""

    name = "stubborn"

    def __init__(self) -> None:
        self.heuristic = bots.HeuristicBot()

    def act(self, turn: Turn) -> Action:
        if turn.view["phase"] == "programming":
            return LOCK if len(turn.view["program"] or []) == 5 else REGISTERS[4]
        return self.heuristic.act(turn)  # type: ignore[return-value]


def test_dr34_a_remote_expert_remembers_the_views_it_was_sent_and_reads_departures_from_them() -> None:
    """Expert's memory of the other robot (docs/bots.md, "Bold, DR2D") is the views its seat was
    shown: remotely those are the state messages' views, and they tell the same departures."""
    remote = LevelBot("dr2d", "expert", seed=2)
    _, sent = remote_game(remote, Stubborn(), 3, seed=2)
    memory = remote.agent.seen  # type: ignore[attr-defined]
    assert memory and all(view in sent for view in memory)
    departed, told = bots.departures(memory, 1)
    assert told >= 2 and departed == told


def test_dr34_the_search_levels_act_on_a_world_made_from_a_view() -> None:
    state = GAME.new_state({"start_placement": "assigned"}, seed=8, seats=2)
    state.apply(1, REGISTERS[0])
    view = as_sent(state.view(0))
    legal = state.legal_actions(0)
    for level in ("hard", "expert"):
        world = GAME.world_from_view(view, seed=1)
        agent = bots_of(GAME)[level](seed=1, iterations=2)
        answer = agent.act(Turn(0, view, legal, GAME, world=world))
        assert answer in legal and answer != STANDBY
