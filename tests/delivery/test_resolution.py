"""Resolution: cards, loops, pushes, walls, cells, lasers, bugs, functions (RD-12..RD-22)."""

from __future__ import annotations

from robotable.games.delivery.board import parse_board

from .conftest import BLUE, GREEN, RED, YELLOW, kinds, new, place, program_all, run_slot, where


def test_rd_ex_1_loop_x2_x2_passes_over_the_pickup() -> None:
    """RD-EX-1, RD-13, RD-14, RD-21: FWD + LOOP + LOOP runs four steps; passed cells do nothing."""
    state = new()
    place(state, {RED: ((3, 7), "N")})
    events = run_slot(state, RED, ["FWD", "LOOP", "LOOP"])
    steps = [tuple(e.end) for e in events if e.kind == "moved"]
    assert steps == [(3, 6), (3, 5), (3, 4), (3, 3)]
    assert where(state, RED) == ((3, 3), "N")
    assert not state.parcel[RED]
    assert "picked" not in kinds(events)


def test_rd_ex_1_one_loop_ends_on_the_pickup() -> None:
    """RD-EX-1, RD-21: FWD + one LOOP ends on (3,5), the pickup: Red takes a parcel."""
    state = new()
    place(state, {RED: ((3, 7), "N")})
    events = run_slot(state, RED, ["LOOP", "FWD"])
    assert where(state, RED) == ((3, 5), "N")
    assert state.parcel[RED]
    assert kinds(events)[-1] == "picked"


def test_rd_6_a_slot_of_loops_alone_does_nothing() -> None:
    """RD-6, RD-13: no action card, nothing happens."""
    state = new()
    place(state, {RED: ((3, 3), "N")})
    events = run_slot(state, RED, ["LOOP", "LOOP"])
    assert where(state, RED) == ((3, 3), "N")
    assert kinds(events) == ["slot-revealed"]


def test_rd_14_moves_keep_the_facing() -> None:
    """RD-14: FWD, BACK, SL, SR move one cell relative to the facing without turning."""
    expected = {"FWD": (2, 3), "BACK": (4, 3), "SL": (3, 4), "SR": (3, 2)}  # facing W: left is S
    for card, cell in expected.items():
        state = new()
        place(state, {RED: ((3, 3), "W")})
        run_slot(state, RED, [card])
        assert where(state, RED) == (cell, "W"), card


def test_rd_15_rotations() -> None:
    """RD-15: RL anticlockwise, RR clockwise, UT half turn; the pawn stays."""
    for card, facing in {"RL": "W", "RR": "E", "UT": "S"}.items():
        state = new()
        place(state, {RED: ((3, 3), "N")})
        events = run_slot(state, RED, [card])
        assert where(state, RED) == ((3, 3), facing)
        assert next(e for e in events if e.kind == "turned").end == facing


def test_rd_20_walls_and_edges_ignore_the_move() -> None:
    """RD-20, RD-2, RD-14: a move onto a wall cell or off the board is ignored."""
    state = new()
    place(state, {RED: ((1, 4), "E")})  # (2,4) is a wall cell
    events = run_slot(state, RED, ["FWD"])
    assert where(state, RED) == ((1, 4), "E")
    assert "blocked" in kinds(events)
    place(state, {RED: ((0, 3), "W")})  # the border counts as wall
    run_slot(state, RED, ["FWD"])
    assert where(state, RED) == ((0, 3), "W")


def test_rd_ex_4_push_blocked_by_a_wall() -> None:
    """RD-EX-4, RD-19, RD-20: the pushed pawn cannot move: nobody moves."""
    state = new()
    place(state, {RED: ((4, 3), "S"), BLUE: ((4, 4), "N")})
    events = run_slot(state, RED, ["FWD"])
    assert where(state, RED)[0] == (4, 3)
    assert where(state, BLUE)[0] == (4, 4)
    assert "moved" not in kinds(events)


def test_rd_ex_5_push_and_chain() -> None:
    """RD-EX-5, RD-19: (a) Blue pushed to (7,3); (b) a line ending at the edge: nobody moves."""
    state = new()
    place(state, {RED: ((5, 3), "E"), BLUE: ((6, 3), "N")})
    run_slot(state, RED, ["FWD"])
    assert where(state, RED)[0] == (6, 3)
    assert where(state, BLUE)[0] == (7, 3)

    state = new(4)
    cells = {RED: ((5, 3), "E"), BLUE: ((6, 3), "N"), GREEN: ((7, 3), "N"), YELLOW: ((8, 3), "N")}
    place(state, cells)
    run_slot(state, RED, ["FWD"])
    assert [where(state, s) for s in range(4)] == [cells[s] for s in range(4)]


def test_rd_19_chain_of_pushes_moves_the_whole_line() -> None:
    """RD-19: chains are allowed; every pushed pawn is recorded in order."""
    state = new(3)
    place(state, {RED: ((3, 3), "E"), BLUE: ((4, 3), "N"), GREEN: ((5, 3), "N")})
    events = run_slot(state, RED, ["FWD"])
    assert [where(state, s)[0] for s in range(3)] == [(4, 3), (5, 3), (6, 3)]
    pushed = [e.seat for e in events if e.kind == "moved" and e.cause == "pushed"]
    assert pushed == [BLUE, GREEN]


def test_rd_ex_6_pushed_onto_a_pickup() -> None:
    """RD-EX-6, RD-19, RD-21: Blue pushed onto (3,5) gets a parcel; Red on floor gets none."""
    state = new()
    place(state, {RED: ((3, 3), "S"), BLUE: ((3, 4), "N")})
    events = run_slot(state, RED, ["FWD"])
    assert where(state, RED)[0] == (3, 4)
    assert where(state, BLUE)[0] == (3, 5)
    assert state.parcel == [False, True]
    assert [(e.kind, e.seat) for e in events if e.kind == "picked"] == [("picked", BLUE)]


def test_rd_21_active_cell_applies_without_moving() -> None:
    """RD-21: the active pawn's cell applies even if it did not move (a rotation on a pickup)."""
    state = new()
    place(state, {RED: ((3, 5), "N")})
    run_slot(state, RED, ["RR"])
    assert state.parcel[RED]


def test_rd_21_pickup_only_when_empty_handed_and_never_runs_out() -> None:
    """RD-3, RD-21: at most one parcel; pickups never run out."""
    state = new()
    place(state, {RED: ((3, 5), "N"), BLUE: ((5, 5), "N")})
    run_slot(state, RED, ["RR"])
    run_slot(state, RED, ["RR"])
    run_slot(state, BLUE, ["RL"])
    assert state.parcel == [True, True]


def test_rd_ex_7a_express_conveyor_twice() -> None:
    """RD-EX-7 (a), RD-21: (1,2) express E -> (2,2), a conveyor -> (3,2), stops."""
    state = new()
    place(state, {RED: ((0, 2), "E")})
    events = run_slot(state, RED, ["FWD"])
    assert where(state, RED) == ((3, 2), "E")
    conveyed = [tuple(e.end) for e in events if e.kind == "moved" and e.cause == "conveyor"]
    assert conveyed == [(2, 2), (3, 2)]


def test_rd_ex_7b_express_then_floor() -> None:
    """RD-EX-7 (b): ends on (2,2): -> (3,2), not a conveyor: stops."""
    state = new()
    place(state, {RED: ((2, 3), "N")})
    run_slot(state, RED, ["FWD"])
    assert where(state, RED) == ((3, 2), "N")


def test_rd_ex_7c_d_single_conveyor_then_drop_next_slot() -> None:
    """RD-EX-7 (c) (d): (4,2) -> (4,1) and stops; after the next slot's RL, -> (4,0), a drop:
    the carried parcel is delivered (drop applies after a conveyor move)."""
    state = new()
    place(state, {RED: ((4, 3), "N")})
    state.parcel[RED] = True
    run_slot(state, RED, ["FWD"])
    assert where(state, RED) == ((4, 1), "N")
    assert state.delivered[RED] == 0
    events = run_slot(state, RED, ["RL"], slot=1)
    assert where(state, RED) == ((4, 0), "W")
    assert state.delivered[RED] == 1 and not state.parcel[RED]
    assert kinds(events)[-1] == "delivered"


def test_rd_ex_7e_conveyor_pushes_without_cell_effect() -> None:
    """RD-EX-7 (e), RD-21: Blue pushed by a conveyor onto the drop gets no cell effect."""
    state = new()
    place(state, {RED: ((4, 3), "N"), BLUE: ((4, 1), "N")})
    state.parcel[BLUE] = True
    run_slot(state, RED, ["FWD"])
    assert where(state, RED)[0] == (4, 1)
    assert where(state, BLUE)[0] == (4, 0)
    assert state.delivered[BLUE] == 0 and state.parcel[BLUE]


def test_rd_21_blocked_conveyor_step_is_ignored(tmp_path) -> None:
    """RD-21 (digital decision): a blocked conveyor step is ignored and the movement stops.

    Board::

        # » » .
        . P . D
    """
    from .conftest import board_file

    path = board_file(tmp_path, "[map]\n#»».\n1P4D\n")
    state = new(board_file=path)
    place(state, {RED: ((1, 0), "E"), BLUE: ((3, 0), "S")})
    run_slot(state, RED, ["RR"])  # express E -> (2,0) conveyor -> (3,0) holds Blue, pushed off: blocked
    assert where(state, RED)[0] == (2, 0)
    assert where(state, BLUE)[0] == (3, 0)
    assert parse_board("[map]\n#»».\n1P4D\n").kinds[1] == 5


def test_rd_ex_8a_laser_hits_and_takes_the_parcel() -> None:
    """RD-EX-8 (a), RD-16: Blue hit: a bug card on top of Blue's draw pile, Blue's parcel to Red."""
    state = new()
    place(state, {RED: ((0, 3), "E"), BLUE: ((5, 3), "N")})
    state.parcel[BLUE] = True
    pile, draw = state.bug_pile, len(state.draw[BLUE])
    events = run_slot(state, RED, ["LASER"])
    assert state.draw[BLUE][-1] == "BUG" and len(state.draw[BLUE]) == draw + 1
    assert state.bug_pile == pile - 1 and state.bug_top[BLUE] == 1
    assert state.parcel == [True, False]
    laser = next(e for e in events if e.kind == "laser")
    assert laser.hit == BLUE and laser.cells[-1] == (5, 3) and laser.parcel_taken


def test_rd_ex_8b_shooter_holding_a_parcel_takes_nothing() -> None:
    """RD-EX-8 (b): Red already holds a parcel: Blue gets the bug card only."""
    state = new()
    place(state, {RED: ((0, 3), "E"), BLUE: ((5, 3), "N")})
    state.parcel = [True, True]
    run_slot(state, RED, ["LASER"])
    assert state.parcel == [True, True]
    assert state.draw[BLUE][-1] == "BUG"


def test_rd_ex_8c_empty_bug_pile_still_takes_the_parcel() -> None:
    """RD-EX-8 (c): no bug card to give, the parcel still moves."""
    state = new(bug_pile=0)
    place(state, {RED: ((0, 3), "E"), BLUE: ((5, 3), "N")})
    state.parcel[BLUE] = True
    draw = list(state.draw[BLUE])
    run_slot(state, RED, ["LASER"])
    assert state.draw[BLUE] == draw
    assert state.parcel == [True, False]


def test_rd_ex_8d_wall_stops_the_beam() -> None:
    """RD-EX-8 (d), RD-20: the wall cell (2,4) stops the beam; Blue is not hit."""
    state = new()
    place(state, {RED: ((0, 4), "E"), BLUE: ((3, 4), "N")})
    draw = list(state.draw[BLUE])
    events = run_slot(state, RED, ["LASER"])
    laser = next(e for e in events if e.kind == "laser")
    assert laser.hit is None and laser.cells == ((1, 4),)
    assert state.draw[BLUE] == draw


def test_rd_ex_9_bug_draws_a_loop() -> None:
    """RD-EX-9, RD-17: BUG draws LOOP then RR, RR executed twice; LOOP and RR discarded, BUG back."""
    state = new()
    place(state, {RED: ((3, 3), "N")})
    state.draw[RED] += ["RR", "LOOP"]  # top is the end of the list: LOOP, then RR
    pile = state.bug_pile
    discard = list(state.discard[RED])
    events = run_slot(state, RED, ["BUG"], slot=1)
    assert where(state, RED) == ((3, 3), "S")
    assert state.discard[RED] == [*discard, "LOOP", "RR"]
    assert state.bug_pile == pile + 1
    assert [e.card for e in events if e.kind == "bug-draw"] == ["LOOP", "RR"]


def test_rd_17_bug_reshuffles_draws_function_and_bug() -> None:
    """RD-17: an empty draw pile is refilled from the discard; a drawn Function runs its board;
    a drawn BUG resolves again then goes to the bug pile; empty piles: nothing happens."""
    state = new()
    place(state, {RED: ((3, 3), "N")})
    state.draw[RED], state.discard[RED], state.hands[RED] = [], ["FWD"], []
    events = run_slot(state, RED, ["BUG"])
    assert where(state, RED)[0] == (3, 2)
    assert next(e for e in events if e.kind == "bug-draw").reshuffled
    assert state.discard[RED] == ["FWD"]

    state.fboards[RED]["A"][0] = ["RR"]
    state.draw[RED], state.discard[RED] = ["FN-A", "BUG"], []
    pile = state.bug_pile
    run_slot(state, RED, ["BUG"])  # draws BUG, which draws FN-A: board A turns Red right
    assert where(state, RED) == ((3, 2), "E")
    assert state.discard[RED] == ["FN-A"]
    assert state.bug_pile == pile + 2  # the drawn BUG and the played one

    state.draw[RED], state.discard[RED] = [], []
    events = run_slot(state, RED, ["BUG"])
    assert [e.card for e in events if e.kind == "bug-draw"] == [None]
    assert where(state, RED) == ((3, 2), "E")


def test_rd_ex_11_calling_another_players_function() -> None:
    """RD-EX-11, RD-5, RD-18: FN-B runs Blue's board B for Red's pawn; board B keeps its cards."""
    state = new()
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    state.fboards[BLUE]["B"] = [["FWD"], ["RR", "LOOP"], [], []]
    run_slot(state, RED, ["FN-B"])
    assert where(state, RED) == ((3, 2), "S")
    assert where(state, BLUE) == ((7, 7), "N")
    assert state.fboards[BLUE]["B"] == [["FWD"], ["RR", "LOOP"], [], []]


def test_rd_ex_12_loop_on_a_function() -> None:
    """RD-EX-12, RD-13, RD-18: FN-B + LOOP runs board B twice: Red ends on (3,3) N."""
    state = new()
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    state.fboards[BLUE]["B"] = [["FWD"], ["RR", "LOOP"], [], []]
    events = run_slot(state, RED, ["FN-B", "LOOP"])
    assert where(state, RED) == ((3, 3), "N")
    assert kinds(events).count("function-entered") == 2
    steps = [(tuple(e.end) if e.kind == "moved" else e.end) for e in events if e.kind in ("moved", "turned")]
    assert steps == [(3, 2), "E", "S", (3, 3), "W", "N"]  # first run ends (3,2) S, the second (3,3) N
    assert where(state, BLUE) == ((7, 7), "N")
    assert state.fboards[BLUE]["B"] == [["FWD"], ["RR", "LOOP"], [], []]


def test_rd_18_empty_board_and_missing_letter_do_nothing() -> None:
    """RD-18: an empty board X, or a letter without a board (no player C in 2 players), has no effect."""
    state = new()
    place(state, {RED: ((3, 3), "N")})
    run_slot(state, RED, ["FN-A"])
    run_slot(state, RED, ["FN-C"])
    assert where(state, RED) == ((3, 3), "N")


def test_rd_18_nested_calls_move_the_caller() -> None:
    """RD-18: board A calls board B; both move the pawn of the player whose slot resolves."""
    state = new()
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    state.fboards[RED]["A"] = [["FN-B"], ["FWD"], [], []]
    state.fboards[BLUE]["B"] = [["RR"], [], [], []]
    events = run_slot(state, BLUE, ["FN-A"])
    assert where(state, BLUE) == ((8, 7), "E")
    assert where(state, RED) == ((3, 3), "N")
    entered = [e.stack for e in events if e.kind == "function-entered"]
    assert entered == [("slot 1", "F:A"), ("slot 1", "F:A", "A slot 1", "F:B")]


def test_rd_5_per_player_boards_run_their_own() -> None:
    """RD-5 (option function_boards = per_player_ad): Function X runs the player's own board X."""
    state = new(function_boards="per_player_ad")
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    assert sorted(state.fboards[RED]) == ["A", "B", "C", "D"]
    state.fboards[RED]["B"] = [["FWD"], [], [], []]
    state.fboards[BLUE]["B"] = [["RR"], [], [], []]
    run_slot(state, RED, ["FN-B"])
    assert where(state, RED) == ((3, 2), "N")
    run_slot(state, BLUE, ["FN-B"])
    assert where(state, BLUE) == ((7, 7), "E")


def test_rd_ex_10_winning_mid_round() -> None:
    """RD-EX-10, RD-22: Blue's second delivery in slot 3 ends the game at once."""
    state = new(3, seed=4)
    state.first = BLUE
    place(state, {RED: ((0, 3), "N"), BLUE: ((3, 10), "E"), GREEN: ((8, 3), "N")})
    state.delivered[BLUE], state.parcel[BLUE] = 1, True
    programs = {
        RED: [["RR"], ["RR"], ["RR"], ["RR"]],
        BLUE: [["RL"], ["RR"], ["FWD"], ["FWD"]],
        GREEN: [["RL"], ["RL"], ["RL"], ["RL"]],
    }
    events = program_all(state, programs)
    assert state.delivered[BLUE] == 2
    assert state.outcome() is not None and state.outcome().winners == (BLUE,)
    assert state.to_act() == []
    revealed = [(e.seat, e.slot) for e in events if e.kind == "slot-revealed"]
    assert revealed[-1] == (BLUE, 3)  # Green's and Red's slot 3, and all slot 4, never resolve
    assert where(state, RED)[1] == "S"  # Red turned twice only (slots 1 and 2)
    assert kinds(events)[-2:] == ["won", "game-over"]


def test_rd_22_a_pushed_pawn_can_win() -> None:
    """RD-22 (decision): the second delivery of a pushed pawn wins at once."""
    state = new()
    place(state, {RED: ((2, 10), "E"), BLUE: ((3, 10), "N")})
    state.delivered[BLUE], state.parcel[BLUE] = 1, True
    events = run_slot(state, RED, ["FWD"])
    assert state.winner == BLUE
    assert kinds(events)[-2:] == ["delivered", "won"]


def test_rd_12_rd_ex_15_order_of_play() -> None:
    """RD-EX-15, RD-12, RD-26: Blue first: Blue, Green, Red in every slot; next round Green first."""
    state = new(3)
    state.first = BLUE
    place(state, {RED: ((0, 3), "N"), BLUE: ((8, 3), "N"), GREEN: ((4, 7), "N")})
    turns = [["RR"], ["RR"], ["RR"], ["RR"]]
    events = program_all(state, {RED: turns, BLUE: turns, GREEN: turns})
    revealed = [(e.seat, e.slot) for e in events if e.kind == "slot-revealed"]
    assert revealed == [(s, slot) for slot in range(1, 5) for s in (BLUE, GREEN, RED)]
    assert state.first == GREEN and state.order() == [GREEN, RED, BLUE]
    assert next(e for e in events if e.kind == "round").first_player == GREEN


def test_rd_13_all_repetitions_before_cell_effects_and_next_player() -> None:
    """RD-13, RD-21: cell effects come after every repetition of the slot, before the next player."""
    state = new()
    state.first = RED
    place(state, {RED: ((4, 4), "N"), BLUE: ((3, 6), "N")})
    # Red: RR x2 turns it south on floor; Blue: FWD onto the pickup (3,5)
    events = program_all(
        state, {RED: [["RR", "LOOP"], ["RL"], ["RL"], ["RR"]], BLUE: [["FWD"], ["RL"], ["RR"], ["RL"]]}
    )
    order = [(e.kind, e.seat) for e in events if e.kind in ("turned", "moved", "picked", "slot-revealed")]
    assert order[:5] == [
        ("slot-revealed", RED),
        ("turned", RED),
        ("turned", RED),
        ("slot-revealed", BLUE),
        ("moved", BLUE),
    ]
    assert order[5] == ("picked", BLUE)


def test_rd_23_first_player_only_sets_the_order() -> None:
    """RD-23: the same programs with another first player give the same single-pawn results."""
    ends = []
    for first in (RED, BLUE):
        state = new()
        state.first = first
        place(state, {RED: ((0, 3), "N"), BLUE: ((8, 3), "N")})
        program_all(
            state, {RED: [["RR"], ["FWD"], ["FWD"], ["RL"]], BLUE: [["RL"], ["FWD"], ["FWD"], ["RR"]]}
        )
        ends.append([where(state, s) for s in (RED, BLUE)])
    assert ends[0] == ends[1] == [((2, 3), "N"), ((6, 3), "N")]


def test_rd_13_execution_budget_safety_net(monkeypatch) -> None:
    """RD-13 (digital decision): a slot stops after the execution budget, said once in the trace."""
    from robotable.games.delivery import engine

    monkeypatch.setattr(engine, "EXECUTION_BUDGET", 2)
    state = new()
    place(state, {RED: ((3, 7), "N")})
    events = run_slot(state, RED, ["FWD", "LOOP", "LOOP"])
    assert where(state, RED)[0] == (3, 5)  # two of the four steps
    assert kinds(events).count("budget-exhausted") == 1
    assert state.parcel[RED]  # cell effects still apply


def test_rd_22_game_over_names_the_pushed_winner() -> None:
    """RD-22 (decision): when a pushed pawn delivers its second parcel, the game-over event names
    that pawn's player, not the player whose slot was resolving."""
    state = new()
    state.first = RED
    place(state, {RED: ((2, 10), "E"), BLUE: ((3, 10), "N")})
    state.delivered[BLUE], state.parcel[BLUE] = 1, True
    events = program_all(
        state, {RED: [["FWD"], ["RR"], ["RR"], ["RR"]], BLUE: [["RL"], ["RL"], ["RL"], ["RL"]]}
    )
    assert where(state, BLUE)[0] == (4, 10) and state.winner == BLUE
    assert events[-1].kind == "game-over" and events[-1].winners == (BLUE,)
    assert state.outcome().winners == (BLUE,)
    assert [(e.seat, e.slot) for e in events if e.kind == "slot-revealed"] == [(RED, 1)]
