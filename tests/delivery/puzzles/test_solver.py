"""The solver: its optimum agrees with plain enumeration, it says unsolvable, it keeps its limit."""

from __future__ import annotations

from collections.abc import Iterator

from robotable.games.delivery.puzzles import Puzzle, prove, run
from tests.delivery.puzzles.brute import brute_force, small_puzzle, space
from tests.delivery.puzzles.helpers import puzzle

SMALL = 800  # programs the brute force runs for one puzzle at most: a few tens of milliseconds


def small_puzzles(count: int) -> Iterator[Puzzle]:
    seed = 0
    while count:
        candidate = small_puzzle(seed)
        seed += 1
        if space(candidate) <= SMALL:
            count -= 1
            yield candidate


def test_the_solver_agrees_with_brute_force_on_50_small_puzzles() -> None:
    kinds = set()
    for small in small_puzzles(50):
        best = brute_force(small)
        proof = prove(small, limit=100_000)
        assert proof.optimum == best, small.data
        assert proof.unsolvable == (best is None) and not proof.too_large
        if proof.solution is not None:  # the program it proposes reaches its optimum
            assert run(small, proof.solution).score == proof.optimum
        kinds.add((len(small.parcels), len(small.functions), best is not None))
    # the sample covers what it should: solved and unsolvable, 0 to 2 function boards, 2 parcels
    assert {solved for *_, solved in kinds} == {True, False}
    assert {boards for _, boards, _ in kinds} == {0, 1, 2}
    assert (2, 0, True) in kinds


def test_an_unsolvable_puzzle_is_said_to_be_so() -> None:
    walled = puzzle(["P#D", "..."], [0, 0, "E"], {"FWD": 2, "RR": 1, "LOOP": 1})
    proof = prove(walled, limit=100_000)
    assert proof.unsolvable and proof.optimum is None and not proof.too_large
    assert proof.to_dict()["unsolvable"] is True


def test_the_search_stops_within_its_limit() -> None:
    wide = puzzle(
        ["P.........", "..........", "..........", ".........D"],
        [0, 3, "N"],
        {"FWD": 4, "RR": 2, "RL": 2, "LOOP": 4, "FN-A": 2, "FN-B": 2},
        functions=[4, 4],
    )
    proof = prove(wide, limit=500)
    assert proof.too_large and proof.optimum is None and not proof.unsolvable
    assert proof.nodes <= 500 and proof.limit == 500


def test_the_optimum_prefers_fewer_cards_then_fewer_instructions() -> None:
    # four FWD cards or two with loops: 4 cards either way, 4 instructions; the parcel is
    # taken where slot 1 ends, so slot 1 walks 2 cells, slot 2 two more
    line = puzzle(["..P.D", "....."], [0, 0, "E"], {"FWD": 4, "LOOP": 2})
    proof = prove(line, limit=100_000)
    assert proof.optimum == (4, 4)  # FWD+LOOP FWD+LOOP, or FWD FWD FWD+LOOP...
    assert run(line, proof.solution).solved
    spare = puzzle(["..P.D", "....."], [0, 0, "E"], {"FWD": 2, "LOOP": 2, "FN-A": 2}, functions=[1])
    proof = prove(spare, limit=100_000)  # FN-A+LOOP FN-A+LOOP with A: FWD is 5 cards: loops win
    assert proof.optimum == (4, 4) and str(proof.solution) == "FWD+LOOP FWD+LOOP"
