"""Hostile puzzles and programs (an editor's message, a file from anyone): whatever the value,
the answer is a PuzzleError, never another exception, and a good puzzle is unchanged by it."""

from __future__ import annotations

import random
from typing import Any

from robotable.core.errors import PuzzleError
from robotable.games.delivery.puzzles import course, load_puzzle, program_from_data, run

GOOD = course()[20].to_dict()  # Two parcels: one function board, every field used
VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    10**40,
    2.5,
    "",
    "x" * 5000,
    "FN-A",
    [],
    [[]],
    [None],
    {},
    {"en": 1},
    ["." * 12] * 12,
    [0, 0, "Z"],
    [0, 0, "E", 1],
    {"FWD": -1},
    {"FWD": True},
    {"LOOP": 99},
    [[["FWD"]] * 5],
    {"A": "FWD"},
    {"onplay": [["FWD"] * 9]},
    [1, 2, 3, 4, 5],
    ["P", "D"],
]


def mutants(seed: int) -> Any:
    rng = random.Random(seed)
    data = dict(GOOD)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice([*GOOD, "extra"])
        if rng.random() < 0.2:
            data.pop(key, None)
        else:
            data[key] = rng.choice(VALUES)
    return data


def test_a_hostile_puzzle_is_a_puzzle_error_and_nothing_else() -> None:
    refused = 0
    for seed in range(400):
        try:
            load_puzzle(mutants(seed))
        except PuzzleError as exc:
            refused += 1
            assert str(exc) and exc.fr
    assert refused > 300
    assert course()[20].to_dict() == GOOD  # the shared course is untouched


def test_a_hostile_program_is_a_puzzle_error_and_nothing_else() -> None:
    puzzle = course()[20]
    rng = random.Random(7)
    words = ["FWD", "LOOP", "FN-A", "FN-B", "+", ";", ":", "A:", "P:", "-", " ", "|", "\n", "ſl", "é", "x"]
    for _ in range(400):
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 30)))
        for attempt in (
            text,
            {"onplay": rng.choice(VALUES)},
            {"functions": rng.choice(VALUES)},
            rng.choice(VALUES),
        ):
            try:
                run(puzzle, attempt)
            except PuzzleError as exc:
                assert str(exc) and exc.fr
    assert program_from_data("FWD FN-A FN-A FN-A; A: FWD+LOOP").cards == 6
