"""Solo puzzle mode: RR-30..RR-34 and worked example RR-EX-17."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.core.game import REFEREE
from robotable.games.ricochet import solver
from robotable.games.ricochet.board import cell_xy
from robotable.games.ricochet.solver import Solution
from tests.ricochet.conftest import P1, P2, kinds, new, play


def solo(puzzle: str | None = P2, **options) -> object:
    return new(puzzle, seats=1, **options)


def test_rr30_one_player_no_bidding_no_clock() -> None:
    state = solo()
    assert state.phase == "puzzle" and state.to_act() == [0]
    assert state.timers() == []
    with pytest.raises(IllegalAction, match="no bidding in solo mode"):
        state.apply_text(0, "bid 3")
    assert solo(puzzle_time_limit_s=90).timers()[0].seconds == 90


def test_rr30_generated_position_never_starts_on_the_target() -> None:
    for seed in range(60):
        state = solo(None, seed=seed)
        target_cell = state.board.targets[state.target]
        assert all(state.robots[r] != target_cell for r in state.finishers())


def test_rr_ex17_solo_scoring() -> None:
    """RR-EX-17, RR-31, RR-32: a straight arrival fails and resets; E, W, N is optimal (score 0)."""
    state = solo()
    events = play(state, 0, "red N")
    assert kinds(events) == ["moved", "attempt-failed", "robots-reset"]
    assert state.robots == state.markers
    events = play(state, 0, "red E", "red W", "red N")
    scored = events[-2]
    assert scored.kind == "attempt-scored"
    assert (scored.moves, scored.optimal, scored.score, scored.rating) == (3, 3, 0, "optimal")


def test_rr32_a_longer_attempt_scores_its_excess() -> None:
    """RR-32: L - O; a 5-move valid attempt on P1 scores +2 (RR-EX-17's last sentence)."""
    state = solo(P1)
    events = play(state, 0, "green E", "green W", "red W", "green E", "red N")
    assert (events[-2].moves, events[-2].score, events[-2].rating) == (5, 2, "+2")


def test_rr31_retries_are_unlimited_and_the_best_is_kept() -> None:
    state = solo(P1)
    play(state, 0, "green E", "green W", "red W", "green E", "red N")
    assert state.view(0)["best"] == 5
    play(state, 0, "red W", "green E", "red N")
    assert state.view(0)["best"] == 3
    play(state, 0, "green E", "green W", "red W", "green E", "red N")
    assert state.view(0)["best"] == 3


def test_rr31_reset_puts_robots_back() -> None:
    state = solo(P1)
    play(state, 0, "red W")
    events = play(state, 0, "reset")
    assert kinds(events) == ["robots-reset"] and state.robots == state.markers
    with pytest.raises(IllegalAction, match="already on their markers"):
        state.apply_text(0, "reset")


def test_rr32_reveal_ends_the_puzzle_unsolved() -> None:
    state = solo(P1)
    events = play(state, 0, "reveal")
    assert events[0].kind == "revealed" and len(events[0].solution) == 3
    assert events[1].kind == "puzzle-ended" and not events[1].solved
    assert state.results[0] == {"target": "RC", "best": None, "optimum": 3, "solved": False}


def test_rr33_chaining_keeps_the_board_and_starts_from_the_best_attempt() -> None:
    """RR-33: the next puzzle starts where the best attempt ended; a new chip is drawn."""
    state = solo(P1)
    faces = state.faces
    play(state, 0, "red W", "green E", "red N")
    with pytest.raises(IllegalAction, match="solve this puzzle first"):
        solo(P1).apply_text(0, "next")
    events = play(state, 0, "next")
    assert kinds(events) == ["puzzle-ended", "chip-drawn"]
    assert state.faces == faces and state.chip != "RC" and len(state.pile) == 15
    assert [cell_xy(c) for c in state.markers] == [(4, 1), (15, 4), (15, 15), (0, 15)]


def test_rr33_chaining_after_a_reveal_uses_the_revealed_solution() -> None:
    state = solo(P1)
    play(state, 0, "reveal")
    assert state.robots[0] == state.board.targets[next(t for t in state.board.targets if t.code == "RC")]


def test_rr33_without_chaining_each_puzzle_is_fresh() -> None:
    state = solo(P1, puzzle_chain=False, seed=4)
    play(state, 0, "reveal")
    assert state.puzzle_code() != P1 and len(state.pile) == 15


def test_rr33_a_series_ends_after_all_17_chips() -> None:
    state = solo(P1)
    for _ in range(17):
        events = play(state, 0, "reveal")
    assert events[-1].kind == "game-over"
    assert len(state.results) == 17 and state.outcome() is not None
    assert state.outcome().detail.startswith("solved 0/17")
    assert events[-1].winners == state.outcome().winners == ()  # issue 12: nothing solved, no winner


def test_rr30_puzzle_time_limit_ends_the_puzzle() -> None:
    state = solo(P1, puzzle_time_limit_s=30)
    events = state.apply_text(REFEREE, "time-up")
    assert events[0].kind == "puzzle-ended" and not events[0].solved


def test_rr34_unproven_optimum_is_scored_against_the_best_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """RR-34: when the solver does not prove the optimum in time, the puzzle is 'optimum unknown'."""

    def unproven(*args, **kwargs) -> Solution:
        return Solution(moves=((0, 3), (1, 1), (0, 0)), optimal=False, visited=1, seconds=60.0)

    monkeypatch.setattr(solver, "solve", unproven)
    state = solo(P1)
    events = play(state, 0, "green E", "green W", "red W", "green E", "red N")
    assert (events[-2].optimal, events[-2].score, events[-2].rating) == (None, 2, "+2 (optimum unknown)")


def test_rr34_the_optimum_is_exact_for_the_chosen_rule() -> None:
    """RR-34: O follows must_ricochet: P2 is 3 with the rule, 1 without."""
    for rule, optimum in ((True, 3), (False, 1)):
        state = solo(P2, must_ricochet=rule)
        play(state, 0, "reveal")
        assert state.results[0]["optimum"] == optimum


def test_rr34_the_actions_that_run_the_solver_are_the_costly_ones() -> None:
    """RR-34: a reveal, and the first arrival while the optimum is unknown, run the solver: the
    game calls them costly (a server carries them out in a worker); every other action is not."""
    from robotable import games
    from robotable.games.ricochet.actions import REVEAL

    game = games.get("ricochet")
    state = solo()
    parse = game.parse_action
    assert game.costly(state, REVEAL)
    assert not game.costly(state, parse("red E"))  # does not reach the target
    play(state, 0, "red E", "red W")
    assert game.costly(state, parse("red N"))  # reaches it: the attempt is scored against the optimum
    play(state, 0, "red N")
    assert state.optimum == 3
    play(state, 0, "red E", "red W")
    assert not game.costly(state, parse("red N"))  # the optimum is known now
    assert game.costly(state, REVEAL)
    assert not any(game.costly(new(P2, seats=2), action) for action in new(P2, seats=2).legal_actions(0))
