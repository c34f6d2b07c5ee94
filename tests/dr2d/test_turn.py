"""Turns, PC, standby, laws, re-entry and the end: DR-8..DR-11, DR-28..DR-33;
DR-EX-16..DR-EX-19, DR-EX-21, DR-EX-22."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.games.dr2d import GAME
from robotable.games.dr2d.actions import STANDBY, TIME_UP
from robotable.games.dr2d.engine import Rules, ranks, start_turn
from robotable.games.dr2d.event_sink import NO_EVENTS
from robotable.games.dr2d.fleet import Fleet
from robotable.games.dr2d.state import DR2DState
from tests.dr2d.conftest import as_dicts, fleet, game_with, kinds, p_board, program, tile

STAY5 = "STAY STAY STAY STAY STAY"


def play(state: DR2DState, programs: dict[int, str]) -> list[dict]:
    """Every listed seat programs; the events of the action that ran the turn."""
    events: list = []
    for seat, text in programs.items():
        events = program(state, seat, text)
    return as_dicts(events)


def test_dr8_dr10_turn_runs_when_every_program_is_in() -> None:
    """DR-8 / DR-10: programs are submitted secretly; the last lock reveals all and runs the turn."""
    state = game_with([((10, 2), "N"), ((9, 10), "N")])
    assert state.turn == 1 and sorted(state.to_act()) == [0, 1]
    events = as_dicts(program(state, 0, "N S N S N"))
    assert [e["kind"] for e in events] == ["locked"] and state.to_act() == [1]
    events = play(state, {1: STAY5})
    revealed = kinds(events, "revealed")[0]
    assert revealed["programs"] == [["N", "S", "N", "S", "N"], ["STAY"] * 5]
    assert state.turn == 2 and tile(state.fleet, 0) == (10, 1)
    assert [e["kind"] for e in events][-1] == "turn-started"


def test_dr10_program_timeout_fills_five_stay() -> None:
    """DR-10: with program_timeout_s, the referee's time-up turns missing programs into five STAY."""
    state = game_with([((10, 2), "N"), ((9, 10), "N")], program_timeout_s=30.0)
    assert [t.action for t in state.timers()] == [TIME_UP]
    program(state, 0, "N N N N N")
    program(state, 1, "E E", lock=False)
    events = as_dicts(state.apply(-1, TIME_UP))
    revealed = kinds(events, "revealed")[0]
    assert revealed["programs"][1] == ["STAY"] * 5 and revealed["timed_out"] == [1]
    assert tile(state.fleet, 1) == (9, 10)


def test_dr11_ex16_fumble_swaps_two_registers(monkeypatch: pytest.MonkeyPatch) -> None:
    """DR-EX-16 (a) / DR-11: PC 2: with a stub returning registers 1 and 4,
    N E S W STAY runs as W E S N STAY."""
    state = game_with([((5, 5), "N", 2), ((9, 9), "N")], absolute_directions=True)
    monkeypatch.setattr(DR2DState, "_fumble_pair", lambda self: (0, 3))
    events = play(state, {0: "N E S W STAY", 1: STAY5})
    fumble = kinds(events, "fumbled")[0]
    assert (fumble["seat"], fumble["first"], fumble["second"]) == (0, 1, 4)
    assert fumble["program"] == ["W", "E", "S", "N", "STAY"]
    assert [e["end"] for e in kinds(events, "moved", 0)] == [[4, 5], [5, 5], [5, 6], [5, 5]]


def test_dr11_fumble_draws_are_distinct_and_seeded() -> None:
    """DR-11: the two exchanged registers are distinct; only robots with PC <= 2 fumble."""
    state = game_with([((5, 5), "N", 3), ((9, 9), "N", 2)], seed=3)
    events = play(state, {0: "N E S W STAY", 1: "N E S W STAY"})
    fumbles = kinds(events, "fumbled")
    assert [f["seat"] for f in fumbles] == [1]
    assert fumbles[0]["first"] != fumbles[0]["second"]


def test_ex16a_laser_drops_pc_to_two_fumbles_next_turn() -> None:
    """DR-EX-16 (a) / DR-11: PC 3, burned by Ld on (3,5) in register 3 -> PC 2: no fumble this turn,
    a fumble at the next reveal."""
    state = game_with([((4, 5), "N", 3), ((9, 9), "N")], absolute_directions=True)
    events = play(state, {0: "STAY STAY W E STAY", 1: STAY5})
    assert [e["register"] for e in kinds(events, "burned", 0)] == [3]
    assert state.fleet.pc[0] == 2 and not kinds(events, "fumbled")
    events = play(state, {0: "N E S W STAY", 1: STAY5})
    assert kinds(events, "fumbled", 0)


def test_ex16b_press_to_one_standby_timeline() -> None:
    """DR-EX-16 (b) / DR-24 / DR-30: PC 2 ends turn 5 on a press -> PC 1 -> standby;
    turn 6 PC 7 and inactive; turn 7 programs again."""
    state = game_with([((5, 5), "N", 2), ((9, 9), "N")], turn_limit=10)
    state.turn = 5
    events = play(state, {0: STAY5, 1: STAY5})
    assert kinds(events, "crushed", 0) and kinds(events, "standby-auto", 0)
    assert kinds(events, "rebooted", 0)[0]["register"] == 0
    assert state.turn == 6 and state.fleet.pc[0] == 7 and state.fleet.inactive[0]
    assert state.to_act() == [1]
    with pytest.raises(IllegalAction, match="standby"):
        state.apply(0, STANDBY)
    play(state, {1: STAY5})
    assert state.turn == 7 and sorted(state.to_act()) == [0, 1]


def test_ex17_standby_at_programming() -> None:
    """DR-EX-17 / DR-31 / DR-30: PC 3 declares standby in turn 9: PC 7 at once, executes nothing,
    can be pushed (as B of DR-EX-6), programs in turn 10."""
    state = game_with([((5, 5), "N", 3), ((4, 5), "E")], absolute_directions=True, turn_limit=20)
    state.turn = 9
    events = as_dicts(state.apply(0, STANDBY))
    assert events[0]["kind"] == "standby" and state.fleet.pc[0] == 7 and state.to_act() == [1]
    events = play(state, {1: "E STAY STAY STAY STAY"})
    assert kinds(events, "pushed", 0)[0]["end"] == [6, 5]
    assert not kinds(events, "moved", 0)
    assert state.turn == 10 and 0 in state.to_act()


def test_dr31_standby_between_registers() -> None:
    """DR-31: with standby_between_registers, a window after each register; a declaration cancels
    the remaining registers and engages standby at the end of the turn."""
    state = game_with([((10, 2), "N", 4), ((9, 10), "N")], standby_between_registers=True)
    events = play(state, {0: "N S N S N", 1: STAY5})
    assert state.phase == "window" and kinds(events, "window")[0]["register"] == 1
    assert sorted(state.to_act()) == [0, 1]
    state.apply(1, state.game.parse_action("go"))
    events = as_dicts(state.apply(0, STANDBY))
    assert events[0] == {"kind": "standby", "seat": 0, "register": 1, "pc": 4}
    assert state.phase == "window" and state.to_act() == [1]  # window after register 2: only B
    assert tile(state.fleet, 0) == (10, 1)  # register 2 cancelled
    for _ in range(3):
        state.apply(-1, state.game.parse_action("window-closed"))
    assert state.turn == 2 and state.fleet.pc[0] == 7 and state.fleet.inactive[0]


def test_dr30_inactive_robot_is_still_subject_to_the_factory() -> None:
    """DR-30: an inactive robot programs nothing but lasers still burn it."""
    state = game_with([((2, 3), "N", 3), ((9, 9), "N")])
    state.apply(0, STANDBY)
    events = play(state, {1: STAY5})
    assert len(kinds(events, "burned", 0)) == 3 and state.fleet.pc[0] == 4


def test_ex18_repair_tiles() -> None:
    """DR-EX-18 / DR-29 / DR-9 b: W on (1,10) gives +2 at the start of next turn; w caps at 7."""
    state = game_with([((1, 10), "N", 4), ((10, 10), "N")], turn_limit=10)
    state.turn = 4
    events = play(state, {0: STAY5, 1: STAY5})
    assert state.fleet.pc == [6, 7] and state.turn == 5
    repaired = kinds(events, "repaired")
    assert repaired[0] == {"kind": "repaired", "seat": 0, "amount": 2, "pc": 6, "register": 0}


def test_ex19_leaving_and_reentering() -> None:
    """DR-EX-19 / DR-16 / DR-18 / DR-32: B pushes A off at (2,0); A re-enters on (1,0), old facing."""
    for scan_next in (False, True):
        state = game_with([((2, 0), "E"), ((2, 1), "N")], absolute_directions=True,
                          reentry_scan_from_next=scan_next)  # fmt: skip
        events = play(state, {0: STAY5, 1: "STAY N STAY STAY STAY"})
        assert kinds(events, "pushed", 0)[0] == {
            "kind": "pushed", "seat": 0, "by": 1, "register": 2, "start": [2, 0], "end": None}  # fmt: skip
        assert kinds(events, "left", 0)[0]["exit"] == [2, 0]
        assert not kinds(events, "damaged")
        assert kinds(events, "reentered", 0)[0] == {
            "kind": "reentered",
            "seat": 0,
            "tile": [1, 0],
            "facing": "E",
            "register": 0,
        }
        assert tile(state.fleet, 1) == (2, 0)


def test_dr32_reentry_order_and_occupied_ring_tiles() -> None:
    """DR-32: A leaves first (exit (2,0)), C takes (2,0), B leaves from (1,0): A re-enters first on
    (1,0), the next ring tile westwards; B then scans from (1,0), held by A, and gets (0,0)."""
    state = game_with([((2, 0), "N"), ((1, 0), "N"), ((2, 1), "N"), ((9, 9), "N")], absolute_directions=True)
    events = play(
        state, {0: "N STAY STAY STAY STAY", 1: "STAY STAY N STAY STAY", 2: "STAY N STAY STAY STAY", 3: STAY5}
    )
    assert [e["seat"] for e in kinds(events, "reentered")] == [0, 1]
    assert (tile(state.fleet, 0), tile(state.fleet, 1), tile(state.fleet, 2)) == ((1, 0), (0, 0), (2, 0))


@pytest.mark.parametrize(
    ("order", "expected"), [([1, 0, 2], ((1, 0), (2, 0))), ([0, 1, 2], ((2, 0), (1, 0)))]
)
def test_dr32_robots_leaving_in_one_step_reenter_in_seat_order(order: list[int], expected: tuple) -> None:
    """DR-32 / DR-4: A (3,0) and B (2,0) both leave north in register 1's movement; C takes (3,0) in
    register 2. Both scans reach (2,0): the robot with the lower seat number (not seat index) re-enters
    first and takes it, the other gets (1,0)."""
    state = game_with([((3, 0), "N"), ((2, 0), "N"), ((3, 1), "N")], absolute_directions=True)
    state.order = order
    play(state, {0: "N STAY STAY STAY STAY", 1: "N STAY STAY STAY STAY", 2: "STAY N STAY STAY STAY"})
    assert (tile(state.fleet, 0), tile(state.fleet, 1)) == expected
    assert tile(state.fleet, 2) == (3, 0)


def test_dr32_reentry_skips_pits() -> None:
    """DR-32: a pit on the ring is not accessible."""
    board = p_board("O . .", left=0, top=0)
    f = fleet(((2, 0), "S"), ((5, 5), "N"))
    f.pos[0], f.exit[0], f.left[0] = -1, 2, 1
    start_turn(board, f, Rules(), NO_EVENTS)
    assert tile(f, 0) == (2, 0)
    f.pos[0], f.exit[0], f.pos[1] = -1, 2, 2  # (2,0) held, (1,0) free
    start_turn(board, f, Rules(), NO_EVENTS)
    assert tile(f, 0) == (1, 0)
    board = p_board(". O .", left=0, top=0)
    f.pos[0], f.exit[0] = -1, 2
    start_turn(board, f, Rules(), NO_EVENTS)
    assert tile(f, 0) == (0, 0) and f.facing[0] == 2


def test_dr28_ex21_law_download_and_finish() -> None:
    """DR-EX-21 / DR-28: A from (4,2) facing E moves onto law 1 and downloads it at the end of the turn;
    holding laws 2 and 3 already, it finishes and leaves the board."""
    state = game_with([((4, 2), "E"), ((9, 9), "N")])
    events = play(state, {0: "N STAY STAY STAY STAY", 1: STAY5})
    assert kinds(events, "downloaded", 0) == [{"kind": "downloaded", "seat": 0, "law": 1, "register": 6}]
    assert state.fleet.laws[0] == 0b001 and tile(state.fleet, 0) == (5, 2)
    assert state.fleet.pc[0] == 7 and not kinds(events, "burned", 0)  # no laser covers (5,2)
    state = game_with([((4, 2), "E"), ((9, 9), "N")])
    state.fleet.laws[0] = 0b110
    events = play(state, {0: "N STAY STAY STAY STAY", 1: STAY5})
    assert kinds(events, "finished", 0) == [{"kind": "finished", "seat": 0, "turn": 1, "register": 6}]
    assert tile(state.fleet, 0) is None and state.fleet.finished[0] == 1
    assert state.to_act() == [1]


def test_dr33_game_ends_when_every_robot_finished_or_at_the_turn_limit() -> None:
    """DR-33: the last robot finishing ends the game; otherwise the turn limit does."""
    state = game_with([((4, 2), "E"), ((9, 9), "N")])
    state.fleet.laws = [0b110, 0b111]
    state.fleet.finished[1], state.fleet.pos[1] = 1, -1
    events = play(state, {0: "N STAY STAY STAY STAY"})
    assert state.is_over() and kinds(events, "game-over")[0]["reason"] == "every robot finished"
    state = game_with([((5, 5), "N"), ((9, 9), "N")], turn_limit=2)
    play(state, {0: STAY5, 1: STAY5})
    play(state, {0: STAY5, 1: STAY5})
    assert state.is_over() and state.turn == 2 and state.to_act() == []


def test_ex22_ranking_at_the_turn_limit() -> None:
    """DR-EX-22 / DR-33: 1 A (turn 31), 2 B (turn 35), 3 D (2 laws PC 6), 4 C and E (2 laws PC 3)."""
    f = Fleet.new(5)
    f.finished[0], f.finish_pc[0], f.laws[0] = 31, 5, 7
    f.finished[1], f.finish_pc[1], f.laws[1] = 35, 7, 7
    f.laws[2:5] = [3, 5, 6]
    f.pc[2:5] = [3, 6, 3]
    assert ranks(f) == (1, 2, 4, 3, 4)


def test_dr33_outcome_scores_follow_the_ranking() -> None:
    """DR-33: the outcome's ranks are the DR-33 ranks; scores order the same way."""
    state = game_with([((5, 5), "N"), ((2, 3), "N")], turn_limit=1)
    play(state, {0: STAY5, 1: STAY5})
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 2)  # B was burned three times
    assert outcome.scores[0] > outcome.scores[1]


def test_dr9_start_of_turn_order() -> None:
    """DR-9: (a) standby engages (PC 7, inactive), (b) repairs are added, (c) robots re-enter."""
    state = game_with([((9, 10), "N", 2), ((1, 10), "N", 3), ((0, 5), "N")])
    f = state.fleet
    f.pending[0] = True  # as if PC had dropped to 1 in this turn
    f.pos[2], f.exit[2], f.left[2] = -1, 5 * 12, 1  # left the board from (0,5)
    events = play(state, {0: STAY5, 1: STAY5})
    order = [e["kind"] for e in events if e["kind"] in ("rebooted", "repaired", "reentered")]
    assert order == ["rebooted", "repaired", "reentered"]
    assert f.pc[:2] == [7, 5] and f.inactive[0] and tile(f, 2) == (0, 5)


def test_dr4_new_game_from_seed_is_reproducible() -> None:
    """DR-4: the same seed gives the same game (seat order included)."""
    assert GAME.new_state(seed=4, seats=4) == GAME.new_state(seed=4, seats=4)


def test_dr33_scores_order_exactly_like_ranks() -> None:
    """DR-33: over many random fleets, a higher score always means a better rank, equal means equal."""
    from robotable.core.rng import Rng
    from robotable.games.dr2d.state import score

    rng = Rng(5)
    for _ in range(300):
        f = Fleet.new(4)
        for i in range(4):
            f.pc[i], f.laws[i] = 1 + rng.randrange(7), rng.randrange(7)
            if rng.random() < 0.3:
                f.finished[i], f.finish_pc[i], f.laws[i] = 1 + rng.randrange(40), 1 + rng.randrange(7), 7
        r, s = ranks(f), [score(f, i, 40) for i in range(4)]
        for a in range(4):
            for b in range(4):
                assert (r[a] < r[b]) == (s[a] > s[b]) and (r[a] == r[b]) == (s[a] == s[b])
