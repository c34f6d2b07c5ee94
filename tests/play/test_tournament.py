"""Bot series: seat rotation, per-player results and the confidence intervals."""

from __future__ import annotations

import math

import pytest

from robotable.agents import RandomAgent
from robotable.core.game import Agent
from robotable.play.tournament import GameResult, Series, mean_ci, play_series, wilson
from tests.conformance.toygame import GAME


def test_wilson_interval_known_values() -> None:
    rate, low, high = wilson(90, 100)
    assert rate == pytest.approx(0.9)
    assert low == pytest.approx(0.8256, abs=1e-3)
    assert high == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 0.0, 1.0)
    assert wilson(10, 10)[2] == pytest.approx(1.0)


def test_mean_ci() -> None:
    mean, half = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert half == pytest.approx(1.959964 * math.sqrt(5 / 3) / 2)
    assert math.isnan(mean_ci([])[0])


def test_scores_are_kept_per_player_not_per_seat() -> None:
    series = Series(["a", "b"])
    series.results += [
        GameResult(0, (3.0, 1.0), (1, 2), 10),
        GameResult(1, (2.0, 2.0), (1, 1), 10),
        GameResult(2, None, None, 99),
    ]
    assert series.first_places(0) == 2 and series.sole_wins(0) == 1
    assert series.first_places(1) == 1 and series.sole_wins(1) == 0
    assert series.win_rate(0)[0] == pytest.approx(2 / 3)  # unfinished games count as played
    assert series.score_margin(0)[0] == pytest.approx(1.0)  # (2 + 0) / 2


def test_series_rotates_the_line_up() -> None:
    seen: list[tuple[str, int]] = []

    def factory(label: str, seat: int, seed: int) -> Agent:
        seen.append((label, seat))
        return RandomAgent(seed * 10 + seat)

    series = play_series(GAME, ["first", "second"], factory, games=4, seed=5)
    assert [r.seed for r in series.results] == [5, 6, 7, 8]
    assert seen[:4] == [("first", 0), ("second", 1), ("second", 0), ("first", 1)]
    assert all(r.ranks is not None for r in series.results)
    again = play_series(GAME, ["first", "second"], factory, games=4, seed=5)
    assert again.results == series.results  # seeded: the same games
