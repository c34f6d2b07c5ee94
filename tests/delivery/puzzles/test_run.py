"""Running a program on a puzzle: the game's engine, a puzzle's parcels, the score, the trace."""

from __future__ import annotations

import json

import pytest

from robotable.core.errors import PuzzleError
from robotable.games.delivery.puzzles import parse_program, run
from tests.delivery.puzzles.helpers import puzzle

CARDS = {"FWD": 4, "BACK": 1, "RR": 2, "RL": 2, "UT": 1, "LOOP": 4, "FN-A": 2, "FN-B": 2}
LINE = puzzle(["..P.D", "....."], [0, 0, "E"], CARDS, functions=[4, 4])


def test_a_sequence_takes_the_parcel_where_a_slot_ends_and_delivers_it() -> None:
    outcome = run(LINE, "FWD+LOOP FWD+LOOP")
    assert outcome.solved and outcome.delivered == 1
    assert outcome.score == (4, 4)  # 4 cards; FWD executed 4 times
    assert outcome.end == {"cell": [4, 0], "facing": "E", "parcel": False}


def test_a_parcel_passed_over_inside_a_slot_is_not_taken() -> None:
    # RD-13 as in the game: cells crossed during a slot have no effect
    outcome = run(LINE, "FWD+LOOP+LOOP")
    assert not outcome.solved and outcome.end == {"cell": [4, 0], "facing": "E", "parcel": False}
    assert [step["kind"] for step in outcome.trace].count("picked") == 0


def test_a_pickup_point_holds_one_parcel_only() -> None:
    # taken, delivered, then back on the empty pickup point: nothing more to take
    outcome = run(LINE, "FWD+LOOP FWD+LOOP UT FWD+LOOP")
    assert outcome.solved and outcome.end["parcel"] is False
    assert [step["kind"] for step in outcome.trace].count("picked") == 1


def test_carrying_the_parcel_at_the_end_is_not_solved() -> None:
    outcome = run(LINE, "FWD+LOOP")
    assert not outcome.solved and outcome.end["parcel"] is True and outcome.delivered == 0


def test_a_move_into_the_edge_is_ignored_but_counts_as_executed() -> None:
    outcome = run(LINE, "BACK")
    assert outcome.end["cell"] == [0, 0] and outcome.score == (1, 1)
    assert [step["kind"] for step in outcome.trace] == ["slot-revealed", "card", "blocked"]


def test_a_function_runs_its_board_and_loops_multiply_it() -> None:
    outcome = run(LINE, "FN-A+LOOP FN-A+LOOP; A: FWD")
    # each slot: FN-A twice, each running FWD once; a Function card is an instruction too
    assert outcome.solved and outcome.score == (5, 8)


def test_functions_call_functions_and_the_trace_keeps_the_call_frames() -> None:
    outcome = run(LINE, "FN-A FN-B; A: FN-B; B: FWD+LOOP")
    assert outcome.solved and outcome.score == (5, 7)  # FN-A, FN-B, 2 FWD; FN-B, 2 FWD
    moves = [step["stack"] for step in outcome.trace if step["kind"] == "moved"]
    assert moves[0] == ["slot 1", "F:A", "A slot 1", "F:B", "B slot 1", "loop x2 (1/2)"]
    assert moves[-1] == ["slot 2", "F:B", "B slot 1", "loop x2 (2/2)"]


def test_a_conveyor_carries_the_pawn_at_the_end_of_its_slot() -> None:
    belt = puzzle([".P>D", "...."], [0, 0, "E"], {"FWD": 2})
    outcome = run(belt, "FWD FWD")  # slot 2 ends on the conveyor: carried onto the drop
    assert outcome.solved and outcome.end["cell"] == [3, 0]


def test_the_program_is_the_notation_or_its_object() -> None:
    text = run(LINE, "f+l fna; a: f+l")
    data = run(LINE, {"onplay": [["FWD", "LOOP"], ["FN-A"]], "functions": {"A": [["FWD", "LOOP"]]}})
    assert text == data and text.solved
    assert str(parse_program("f+l fna; a: f+l")) == "FWD+LOOP FN-A; A: FWD+LOOP"


REFUSED = [
    ("FWD FWD FWD FWD FWD", "at most 4 slots"),
    ("FWD+RR", "one action card and any LOOP cards"),
    ("FWD FWD FWD FWD; A: FWD", "uses 5 FWD card"),
    ("FN-A; A: FN-A", "board A could run itself"),
    ("FN-A; A: FN-B; B: FN-A", "board A could run itself"),
    ("FN-C", "allows 0"),
    ("FWD; A: FWD FWD FWD FWD -", "at most 4 slots"),
    ("FWD; E: FWD", "unknown board 'E'"),
    ("JUMP", "unknown card"),
    ("x" * 500, "at most 400 characters"),
    ({"onplay": "FWD"}, "list of at most 4 slots"),
    ({"onplay": [["FWD"]], "other": 1}, "onplay and functions"),
]


@pytest.mark.parametrize(("attempt", "reason"), REFUSED)
def test_programs_the_puzzle_does_not_allow_are_refused(attempt: object, reason: str) -> None:
    with pytest.raises(PuzzleError, match=reason) as info:
        run(LINE, attempt)  # type: ignore[arg-type]
    assert info.value.fr


def test_a_smaller_puzzle_board_has_fewer_slots() -> None:
    short = puzzle(["..P.D", "....."], [0, 0, "E"], CARDS, slots=2, functions=[1, 4])
    with pytest.raises(PuzzleError, match="onPlay board has 2 slot"):
        run(short, "FWD FWD FWD")
    with pytest.raises(PuzzleError, match="function board A has 1 slot"):
        run(short, "FN-A; A: FWD FWD")
    assert run(short, "FWD+LOOP FWD+LOOP - -").solved  # empty slots at the end are no slots


def test_the_outcome_is_json_ready_for_a_page_to_replay() -> None:
    outcome = run(LINE, "FN-A FWD+LOOP; A: FWD+LOOP")
    data = json.loads(json.dumps(outcome.to_dict()))
    assert data["solved"] and data["score"] == [5, 5] and data["parcels"] == 1
    kinds = [step["kind"] for step in data["trace"]]
    assert kinds[:4] == ["slot-revealed", "card", "function-entered", "loop"]
    assert kinds.count("slot-revealed") == 2 and kinds[-1] == "delivered"


def test_a_slot_of_loops_alone_runs_no_card_but_its_end_applies_the_cell_effects() -> None:
    belts = puzzle([".P>>D", "....."], [0, 0, "E"], {"FWD": 2, "LOOP": 1, "FN-A": 1}, functions=[1])
    assert not run(belts, "FWD FWD").solved  # slot 2 ends on a conveyor: carried one cell, onto another
    assert not run(belts, "FWD FWD -").solved  # an empty slot is skipped: no cell effect
    ride = run(belts, "FWD FWD LOOP")  # the loop's slot ends on the second conveyor: carried onto D
    assert ride.solved and ride.score == (3, 2)
    call = run(belts, "FWD FWD FN-A")  # a call of an empty board: the same, for one instruction
    assert call.solved and call.score == (3, 3)
