"""DR2D puzzles (issue 30): the file format, its refusals, and runs played by the game's engine."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from robotable.core.errors import DataFileError, PuzzleError
from robotable.games.dr2d.board import parse_board, tile_of
from robotable.games.dr2d.puzzles import load_puzzle, parse_attempt, prove, run
from robotable.games.dr2d.puzzles.course import course_data
from tests.dr2d.puzzle_helpers import make_puzzle, puzzle_data

ROW = ". . . . ."


def kinds(outcome, turn: int, register: int) -> list[str]:
    return [event["kind"] for event in outcome.trace[turn - 1]["registers"][register - 1]["events"]]


# --------------------------------------------------------------------------- the factory part


def test_a_part_of_a_factory_is_the_north_west_corner_with_its_own_edges() -> None:
    board = parse_board("[map]\n. . .\n. 1 .\n[lasers]\n2,0 W", part=True)
    assert (board.width, board.height) == (3, 2)
    assert board.step[tile_of(2, 0) * 4 + 1] == -1  # east of column 2: off the factory
    assert board.lasers[0].beam == (tile_of(2, 0), tile_of(1, 0), tile_of(0, 0))
    assert board.ring == tuple(tile_of(x, y) for x, y in [(2, 0), (1, 0), (0, 0), (0, 1), (1, 1), (2, 1)])
    assert board.laws == (tile_of(1, 1), -1, -1)  # laws 2 and 3 are not on this factory


def test_a_whole_board_file_still_needs_twelve_rows_laws_and_starts() -> None:
    with pytest.raises(DataFileError, match="needs 12 rows"):
        parse_board("[map]\n. . .\n. 1 .")
    floor = "[map]\n" + ". . . . . . . . . . . .\n" * 12
    with pytest.raises(DataFileError, match="law 1 is on no tile"):
        parse_board(floor)
    assert parse_board(floor, part=True).starts == ()  # a puzzle's factory needs neither
    with pytest.raises(DataFileError, match=r"tile 3,0 is off the 3x2 board \(x 0 to 2, y 0 to 1\)"):
        parse_board("[map]\n. . .\n. . .\n[walls]\n3,0 E", part=True)
    with pytest.raises(DataFileError, match="the \\[map\\] needs 1 to 12 rows, not 13"):
        parse_board("[map]\n" + ".\n" * 13, part=True)


# --------------------------------------------------------------------------- runs


def test_relative_registers_conveyor_and_goal_tile() -> None:
    """DR-12 and DR-20 as in a game: E is the robot's right, the belt carries it to the goal."""
    puzzle = make_puzzle([ROW, ". . > > .", ROW], goal={"tile": [4, 1]})
    outcome = run(puzzle, "N N E . .")
    assert outcome.solved and outcome.score == (1, 3)
    assert kinds(outcome, 1, 3) == ["moved", "conveyed"]
    assert outcome.trace[0]["registers"][2]["robot"]["tile"] == [3, 1]
    assert outcome.trace[0]["end"]["robot"]["tile"] == [4, 1]
    assert outcome.trace[0]["program"] == ["N", "N", "E", "STAY", "STAY"]


def test_the_goal_counts_at_the_end_of_the_turn_only() -> None:
    """Passing over the goal tile in a register is not reaching it (read like a law, DR-28)."""
    puzzle = make_puzzle([ROW], goal={"tile": [2, 0]})
    assert not run(puzzle, "N N N . .").solved
    assert run(puzzle, "N N N S .").solved  # facing E: S (back) is west
    assert run(puzzle, "N N . . .").score == (1, 2)
    assert not run(puzzle, "N N N W .").solved  # W (its left) is north: off the factory


def test_laws_in_order_and_an_early_law_not_counted() -> None:
    puzzle = make_puzzle(["1 . 2"], start=(1, 0), goal={"laws": [2, 1]}, turns=3)
    early = run(puzzle, ["S . . . .", "N N . . ."])  # facing E: S is west, N east
    assert not early.solved and early.goals_reached == 1  # law 1 first did not count
    assert early.trace[0]["end"]["events"] == []  # nor is it shown as downloaded
    ordered = run(puzzle, ["N . . . .", "S S . . .", "N N N N N"])
    assert ordered.solved and ordered.score == (2, 3)  # the third turn is neither played nor counted
    assert len(ordered.trace) == 2
    assert ordered.trace[1]["end"]["events"][0]["kind"] == "downloaded"


def test_leaving_the_factory_costs_the_turn_and_reenters_on_its_rim() -> None:
    """DR-18 and DR-32 on the part's own rim: anticlockwise from the exit tile."""
    puzzle = make_puzzle([ROW, ROW], start=(4, 0), facing="N", goal={"tile": [0, 1]}, turns=2)
    outcome = run(puzzle, ["N N . . .", ". . . . ."])
    assert kinds(outcome, 1, 1) == ["moved", "left"]
    assert kinds(outcome, 1, 2) == []  # its remaining registers are cancelled
    assert outcome.trace[1]["start"][0]["kind"] == "reentered"
    assert outcome.trace[1]["start_robot"]["tile"] == [4, 0]


def test_damage_and_standby_the_next_turn_plays_no_registers() -> None:
    """A laser (odd registers) takes the robot from PC 2 to 1: automatic standby (DR-24), the
    next turn it is inactive (DR-30): its registers are not played and do not count."""
    puzzle = make_puzzle([ROW], start=(1, 0), pc=2, lasers=["0,0 E"], goal={"tile": [4, 0]}, turns=3)
    outcome = run(puzzle, [". . . . .", "N N N . .", "N N N . ."])
    assert outcome.trace[0]["registers"][0]["robot"]["pc"] == 1
    assert outcome.trace[1]["program"] is None and outcome.trace[1]["start_robot"]["pc"] == 7
    assert outcome.trace[1]["registers"][0]["robot"]["tile"] == [1, 0]
    assert outcome.solved and outcome.score == (3, 3)


def test_no_fumble_in_a_puzzle() -> None:
    """DR-11 would swap two registers at PC 2; a puzzle is deterministic: the program runs as typed."""
    puzzle = make_puzzle([ROW], pc=2, goal={"tile": [2, 0]})
    outcome = run(puzzle, "N N . . .")
    assert outcome.solved and outcome.trace[0]["registers"][1]["robot"]["tile"] == [2, 0]


def test_absolute_option_and_pits() -> None:
    puzzle = make_puzzle(
        [". O .", ". . ."], facing="S", goal={"tile": [2, 0]}, options={"absolute_directions": True}
    )
    outcome = run(puzzle, "E E E . .")  # E is east: into the pit at PC 7, one slot lost (DR-25)
    assert kinds(outcome, 1, 1) == ["moved", "fell"]
    assert kinds(outcome, 1, 2) == ["skipped"]
    assert outcome.solved and outcome.score == (1, 3)


def test_round_trip() -> None:
    puzzle = make_puzzle([ROW, "L R 1 w P"], goal={"laws": [1]}, turns=2, options={"pit_damage": True})
    again = load_puzzle(puzzle.to_dict())
    assert again == puzzle and again.rules.pit_damage


# --------------------------------------------------------------------------- refusals


BAD = [
    (lambda d: d.update(game="ricochet"), "for the game 'ricochet'"),
    (lambda d: d.update(format=2), "unknown puzzle format 2"),
    (lambda d: d.update(optimun=[1, 2]), "unknown field"),
    (lambda d: d.pop("goal"), "the puzzle lacks: goal"),
    (lambda d: d.update(turns=0), "turns must be a whole number from 1 to 10"),
    (lambda d: d.update(turns=True), "turns must be a whole number"),
    (lambda d: d.update(title={"en": "x"}), "English and French"),
    (lambda d: d.update(lesson={"en": "x\ny", "fr": "z"}), "one printable line"),
    (lambda d: d.update(factory=["[map]", ". . ?"]), "unknown map token '\\?'"),
    (lambda d: d.update(factory=["[map]", ". .", ". . ."]), "map row 1 needs 2 tiles"),
    (lambda d: d.update(factory=42), "a text or a list of lines"),
    (lambda d: d["robot"].update(tile=[9, 0]), "robot's tile must be a tile"),
    (lambda d: d["robot"].update(facing="up"), "facing is N, E, S or W"),
    (lambda d: d["robot"].update(pc=8), "PC must be a whole number from 1 to 7"),
    (lambda d: d.update(goal={"laws": [2]}), "law 2 is on no tile"),
    (lambda d: d.update(goal={"laws": [1, 1]}), "different laws"),
    (lambda d: d.update(goal={"tile": [0, -1]}), "goal must be a tile"),
    (lambda d: d.update(options={"turn_limit": True}), "options are among"),
    (lambda d: d.update(optimum=[2, 1]), "optimum is \\[turns, moves\\] within"),
    (lambda d: d.update(optimum=[1, 6]), "optimum is"),
]


@pytest.mark.parametrize(("spoil", "message"), BAD)
def test_bad_puzzles_are_refused_in_plain_words(spoil, message: str) -> None:
    data = puzzle_data([". . 1"], goal={"laws": [1]})
    spoil(data)
    with pytest.raises(PuzzleError, match=message) as refused:
        load_puzzle(data)
    assert refused.value.fr and refused.value.fr != str(refused.value)


def test_a_pit_start_is_refused() -> None:
    with pytest.raises(PuzzleError, match="cannot start in a pit"):
        make_puzzle(["O . ."])


@pytest.mark.parametrize("factory", ["[map]\n" + ". " * 2_000_000, [". ."] * 100_000])
def test_a_huge_factory_is_refused_before_it_is_read(factory) -> None:
    data = puzzle_data([". ."])
    data["factory"] = factory
    with pytest.raises(PuzzleError, match=r"too long|at most 80 lines"):
        load_puzzle(data)


@pytest.mark.parametrize(
    ("attempt", "message"),
    [
        ("N N N N", "five registers"),
        ("N N N N N N", "five registers"),
        ("N N X N N", "five registers"),
        ([["N", "N", "N", "N", 5]], "five registers"),
        ([["N", "N", "N", "N", True]], "five registers"),
        ("N N N N N / N N N N N", "1 to 1 of them, not 2"),
        ("", "not 0"),
        (42, "a list of programs, one per turn"),
        ("N " * 3_000_000, "at most 1,000 characters"),
        (["N N N N " + "N" * 2_000], "at most 1,000 characters"),
    ],
)
def test_bad_attempts_are_refused(attempt, message: str) -> None:
    puzzle = make_puzzle([". . 1"])
    with pytest.raises(PuzzleError, match=message) as refused:
        run(puzzle, attempt)
    assert refused.value.fr


def test_attempt_notation() -> None:
    puzzle = make_puzzle([". . 1"], turns=2)
    assert parse_attempt("n e s w o / stay,-,.,., .", puzzle) == [[0, 1, 2, 3, 3], [4, 4, 4, 4, 4]]


def test_the_documented_example_is_a_puzzle_with_its_optimum() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "puzzles.md").read_text("utf-8")
    dr2d = page[page.index("## DR2D") :]
    example = json.loads(re.search(r"```json\n(.*?)```", dr2d, re.DOTALL).group(1))  # type: ignore[union-attr]
    puzzle = load_puzzle(example)
    assert prove(puzzle, limit=10_000).optimum == puzzle.optimum == (1, 3)


JUNK = [None, True, 0, -1, 7, 10**30, 1.5, float("nan"), "", "N", "x" * 500]
JUNK += [[], [0], [0, 0], [1, 2, 3], {}, {"en": 1}]


def test_hostile_fields_are_puzzle_errors_only() -> None:
    """Any field of a course puzzle, or any field inside one, replaced by junk: the puzzle loads
    or is refused with a PuzzleError, never another exception."""
    rng = random.Random(30)
    for _ in range(400):
        data = copy.deepcopy(rng.choice(course_data()))
        target, key = data, rng.choice(list(data))
        while isinstance(target[key], dict) and rng.random() < 0.6:
            target, key = target[key], rng.choice(list(target[key]))
        if isinstance(target[key], list) and target[key] and rng.random() < 0.5:
            target, key = target[key], rng.randrange(len(target[key]))
        target[key] = rng.choice(JUNK)
        try:
            puzzle = load_puzzle(data)
        except PuzzleError as refused:
            assert refused.fr
        else:
            run(puzzle, ". . . . .")


def test_hostile_attempts_are_puzzle_errors_only() -> None:
    puzzle = make_puzzle([". . 1"], turns=2)
    rng = random.Random(31)
    words = [*JUNK, "N", "STAY", ".", "/", " ", 4, 0, -0, 5, "ＮＮ", "ſ", "n\x00"]
    for _ in range(300):
        shape = rng.randrange(3)
        program = [rng.choice(words) for _ in range(rng.choice([4, 5, 5, 6]))]
        attempt = (
            [program]
            if shape == 0
            else " ".join(map(str, program))
            if shape == 1
            else [program, rng.choice(words)]
        )
        try:
            outcome = run(puzzle, attempt)
        except PuzzleError as refused:
            assert refused.fr
        else:
            assert 1 <= outcome.score[0] <= 2
