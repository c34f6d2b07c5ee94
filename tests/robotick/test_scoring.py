"""Round scores and the winner (RT-23, RT-24)."""

from __future__ import annotations

from robotable.games.robotick.cards import cards

from .conftest import new, play, start, table


def test_rt_ex_3_round_score() -> None:
    """RT-EX-3, RT-23: face-up 10 + 2 and face-down 7 + 13 score -8; it may be negative."""
    state = new()
    state.up[0], state.down[0] = cards("A10 B2"), cards("C7 D13")
    assert state.round_score(0) == 10 + 2 - 7 - 13 == -8
    state = new(pv_table="fifteen")  # PV come from the table, not the strength
    state.up[0], state.down[0] = cards("A10 B2"), cards("C7 D13")
    assert state.round_score(0) == 10 + 2 - 7 - 15


def test_rt23_round_scores_are_recorded_and_reset() -> None:
    """RT-23: at the end of the round each score is written down; Droco is not scored."""
    state = table(droco="C11", p0="C2", p1="C12", p2="C3", trump="D8")
    state.up[0], state.down[2] = cards("A5"), cards("B4")
    start(state)
    events = play(state, (1, "C12"), (2, "C3"), (0, "C2"))
    scored = next(e for e in events if e.kind == "round-scored")
    assert scored.scores == (5, 11, -4) and scored.totals == (5, 11, -4)
    assert state.view(None)["scores"] == [[5, 11, -4]] and state.round_score(1) == 0


def test_rt24_totals_after_three_rounds() -> None:
    """RT-24: the game ends after round 3; totals add the three round scores; the highest wins."""
    state = table(droco="C11", p0="C2", p1="C12", p2="C3", trump="D8", round=3)
    state.scores = [[3, -2, 5], [1, 1, 1]]
    start(state)
    events = play(state, (0, "C2"), (1, "C12"), (2, "C3"))
    over = events[-1]
    assert over.kind == "game-over" and over.totals == (4, 10, 6) and over.winners == (1,)
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (3, 1, 2)
    assert state.to_act() == [] and state.legal_actions(0) == []


def test_rt_ex_14_tied_winners_share() -> None:
    """RT-EX-14, RT-24: totals P0 31, P1 31, P2 12: P0 and P1 share the win."""
    state = table(droco="C11", p0="C2", p1="C12", p2="C3", trump="D8", round=3)
    state.scores = [[31, 31 - 11, 12], [0, 0, 0]]
    start(state)
    play(state, (0, "C2"), (1, "C12"), (2, "C3"))  # P1 wins C11 face up: +11
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (31, 31, 12) and outcome.winners == (0, 1) and outcome.ranks == (1, 1, 3)
