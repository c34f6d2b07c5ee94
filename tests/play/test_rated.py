"""The arithmetic of people's and bots' ratings (:mod:`robotable.play.rated`)."""

from __future__ import annotations

import pytest

from robotable.agents.levels import LEVELS
from robotable.play.rated import START, Skill, bot_seeds, provisional, rate_game, shown


def test_a_three_seat_game_with_a_tie_shares_the_place() -> None:
    new = Skill(*START)
    first, tied, last = rate_game([new, new, new], [1, 1, 2], [False, False, False])
    assert first == tied  # a shared place moves both alike
    assert first.mu > new.mu > last.mu
    assert first.mu - new.mu == pytest.approx((new.mu - last.mu) / 2)  # what one loses the others win
    assert all(after.sigma < new.sigma for after in (first, tied, last))  # a game teaches something


def test_an_anchor_keeps_its_rating_and_the_person_moves_against_it() -> None:
    expert = bot_seeds("robotick")["expert"]
    person, bot, other = rate_game([Skill(*START), expert, Skill(*START)], [1, 2, 3], [False, True, False])
    assert bot == expert
    assert person.mu > START[0] > other.mu
    # beating the expert is worth more than beating a new person
    beat_new, _ = rate_game([Skill(*START), Skill(*START)], [1, 2], [False, False])
    beat_expert, _ = rate_game([Skill(*START), expert], [1, 2], [False, True])
    assert beat_expert.mu - START[0] > beat_new.mu - START[0]


def test_the_shown_scale_starts_at_1500_and_reads_the_ladders() -> None:
    assert shown(START[0]) == 1500 and provisional(START[1])
    robotick = bot_seeds("robotick")
    assert [shown(robotick[level].mu) for level in LEVELS] == sorted(shown(robotick[lv].mu) for lv in LEVELS)
    assert 1750 < shown(robotick["expert"].mu) < 1850  # "expert ~ 1,800", its ladder's mu 35.3
    assert not provisional(robotick["expert"].sigma)


def test_levels_without_a_measure_are_placed_a_step_from_their_neighbours() -> None:
    delivery = bot_seeds("delivery")  # its ladder has no easy
    assert delivery["easy"].mu == pytest.approx(delivery["medium"].mu - 4.0)
    ricochet = bot_seeds("ricochet")  # no ladder at all
    assert shown(ricochet["medium"].mu) == 1500
    assert [ricochet[level].mu for level in LEVELS] == [21.0, 25.0, 29.0, 33.0]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        rate_game([Skill(*START)], [1, 2], [False, False])


def test_an_eight_seat_game_rates_every_seat() -> None:
    new = Skill(*START)
    distinct = [skill.mu for skill in rate_game([new] * 8, list(range(1, 9)), [False] * 8)]
    assert distinct == sorted(distinct, reverse=True) and distinct[0] > START[0] > distinct[-1]
    tied = rate_game([new] * 8, [1, 2, 2, 4, 5, 6, 7, 8], [False] * 8)
    assert tied[1] == tied[2] and tied[0].mu > tied[1].mu and tied[-1].mu == min(s.mu for s in tied)
    assert all(skill.sigma < new.sigma for skill in tied)
    # OpenSkill's approximation of ties: the seat just below a tie may gain more than the tie
    # (documented in docs/server.md, "Ratings"); this records it, so a change of model is seen
    assert tied[3].mu > tied[1].mu
