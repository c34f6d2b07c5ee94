"""Issue 27: the panels' counters of Robotick and DR2D, from a view alone."""

from __future__ import annotations

from robotable import games


def test_robotick_counts_scores_hand_and_hangars() -> None:
    game = games.get("robotick")
    view = game.new_state(seed=1, seats=3).view(0)
    counters = game.counters(view)
    assert len(counters) == 3
    assert counters[0] == [
        {"key": "round_score", "value": 0, "round": 1},
        {"key": "total", "value": 0},
        {"key": "hand", "value": 12},
        {"key": "hangars", "value": 0, "of": 3},
        {"key": "face_down", "value": 0},
    ]
    assert game.guidance(view, 0) == {}
