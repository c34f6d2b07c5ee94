"""Plain enumeration of every program a small puzzle allows, each run with the game's engine:
the reference the solver is checked against. Exponential: for tiny puzzles only."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from robotable.core.errors import PuzzleError
from robotable.games.delivery.cards import LOOP
from robotable.games.delivery.puzzles import Program, Puzzle, load_puzzle, run
from robotable.games.delivery.puzzles.runner import Score


def contents(left: dict[str, int]) -> Iterator[tuple[tuple[str, ...], dict[str, int]]]:
    """Every content of one slot the allowance ``left`` permits, and the allowance after it."""
    yield (), left
    actions = [card for card, n in left.items() if n > 0 and card != LOOP]
    for action in [None, *actions]:
        for loops in range(left.get(LOOP, 0) + 1):
            if action is None and loops == 0:
                continue
            after = dict(left)
            after[LOOP] = after.get(LOOP, 0) - loops
            if action is not None:
                after[action] -= 1
            yield (*([action] if action else []), *[LOOP] * loops), after


def programs(sizes: list[int], left: dict[str, int]) -> Iterator[list[tuple[str, ...]]]:
    """Every filling of all slots (boards one after the other, ``sizes`` slots each)."""
    total = sum(sizes)

    def fill(index: int, left: dict[str, int]) -> Iterator[list[tuple[str, ...]]]:
        if index == total:
            yield []
            return
        for slot, after in contents(left):
            for rest in fill(index + 1, after):
                yield [slot, *rest]

    yield from fill(0, left)


def brute_force(puzzle: Puzzle) -> Score | None:
    """The best score of every program the puzzle allows, None if none solves it."""
    sizes = [puzzle.slots, *puzzle.functions]
    best: Score | None = None
    for slots in programs(sizes, puzzle.allowance):
        boards, start = [], 0
        for size in sizes:
            boards.append(tuple(slots[start : start + size]))
            start += size
        try:
            outcome = run(puzzle, Program(boards[0], tuple(boards[1:])), trace=False)
        except PuzzleError:  # a board that could run itself (RD-11)
            continue
        if outcome.solved and (best is None or outcome.score < best):
            best = outcome.score
    return best


def small_puzzle(seed: int) -> Puzzle:
    """A tiny random puzzle: 3 x 3 to 4 x 3 cells, maybe walls and conveyors, an allowance of
    a few cards, no function board, one, or two calling each other; now and then two parcels.
    Most are made solvable: a random allowed program is run and the parcels and drops put
    where its slots end."""
    rng = random.Random(seed)
    shape = rng.choice(["plain", "one", "one", "two", "parcels"])
    width, height = (4, 4) if shape == "parcels" else rng.choice([(3, 3), (4, 3), (3, 4)])
    cells = [(x, y) for y in range(height) for x in range(width)]
    rng.shuffle(cells)
    rows = [["."] * width for _ in range(height)]
    for x, y in cells[3 : 3 + rng.randint(0, 2)]:
        rows[y][x] = rng.choice("#>v")
    (px, py), (dx, dy), (sx, sy) = cells[:3]
    rows[py][px], rows[dy][dx] = "P", "D"
    slots, functions = {"plain": (3, []), "one": (rng.randint(2, 3), [rng.randint(1, 2)])}.get(
        shape, (2, [1, 1]) if shape == "two" else (4, [])
    )
    cards: dict[str, Any] = {"FWD": rng.randint(1, 2)}
    for card in rng.sample(["RR", "RL", "SR", "BACK", "UT"], rng.randint(0, 2 if shape != "parcels" else 1)):
        cards[card] = 1
    if rng.random() < 0.7:
        cards[LOOP] = rng.randint(1, 2 if shape != "parcels" else 1)
    if shape == "parcels":  # four slots ending on four cells: moves only
        cards = {"FWD": 2, "SR": 1, "SL": 1, "BACK": 1}
    for letter in "AB"[: len(functions)]:
        cards[f"FN-{letter}"] = rng.randint(1, 2 if shape == "one" else 1)
    data = {
        "game": "delivery",
        "format": 1,
        "title": {"en": f"random {seed}", "fr": f"hasard {seed}"},
        "board": ["".join(row) for row in rows],
        "start": [sx, sy, rng.choice("NESW")],
        "cards": cards,
        "slots": slots,
        "functions": functions,
    }
    if rng.random() < 0.75:
        _make_solvable(data, rng, 2 if shape == "parcels" else 1)
    return load_puzzle(data)


def _make_solvable(data: dict[str, Any], rng: random.Random, parcels: int) -> None:
    """Put ``parcels`` parcels and their drops where the slots of a random allowed program end."""
    puzzle = load_puzzle(data)
    sizes = [puzzle.slots, *puzzle.functions]
    candidates = [
        c for c in programs(sizes, puzzle.allowance) if sum(map(bool, c[: sizes[0]])) >= 2 * parcels
    ]
    rng.shuffle(candidates)
    for slots in candidates[:30]:
        boards, start = [], 0
        for size in sizes:
            boards.append(tuple(slots[start : start + size]))
            start += size
        try:
            trace = run(puzzle, Program(boards[0], tuple(boards[1:]))).trace
        except PuzzleError:
            continue
        ends = _slot_ends(trace, tuple(data["start"][:2]))
        marks = ends[:1] + ends[-1:] if parcels == 1 else ends
        takes, drops = set(marks[0::2]), set(marks[1::2])  # two deliveries may share a drop
        if len(marks) == 2 * parcels and len(takes) == parcels and not takes & drops:
            rows = [list(row.replace("P", ".").replace("D", ".")) for row in data["board"]]
            for i, (x, y) in enumerate(marks):
                rows[y][x] = "PD"[i % 2]
            data["board"] = ["".join(row) for row in rows]
            return


def _slot_ends(trace: tuple[dict[str, Any], ...], start: tuple[int, int]) -> list[tuple[int, int]]:
    """The pawn's cell at the end of each slot that held cards (after its cell effects)."""
    ends: list[tuple[int, int]] = []
    cell = start
    for step in trace:
        if step["kind"] == "slot-revealed" and step["slot"] > 1:
            ends.append(cell)
        if step["kind"] == "moved":
            cell = tuple(step["end"])
    return [*ends, cell] if trace else []


def space(puzzle: Puzzle) -> int:
    """How many programs the brute force runs."""
    return sum(1 for _ in programs([puzzle.slots, *puzzle.functions], puzzle.allowance))
