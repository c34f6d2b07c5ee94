"""The bot arena's rules (issue 32, robotable.play.arena): pairing by shaken rating, a seat out
of time ranked last, strikes and the pause."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

from robotable.play.arena import (
    MIX_WAIT,
    PAUSE,
    STRIKES,
    Entrant,
    arena_ranks,
    pairings,
    rated_after,
    strikes_after,
)
from robotable.play.rated import START, Skill


def entrants(*mus: float) -> list[Entrant[str]]:
    return [Entrant(f"bot{i}", Skill(mu, START[1])) for i, mu in enumerate(mus)]


def test_a_round_seats_every_free_bot_but_the_leftovers_in_groups_of_the_table_s_size() -> None:
    draw = random.Random(1)
    groups = pairings(entrants(20, 22, 25, 27, 30), 2, draw)
    assert [len(group) for group in groups] == [2, 2]
    assert len({entrant.key for group in groups for entrant in group}) == 4
    assert [len(group) for group in pairings(entrants(20, 25, 30, 35, 40, 45, 50), 3, draw)] == [3, 3]
    assert pairings(entrants(25), 2, draw) == []


def test_who_waits_a_round_is_drawn_not_always_the_best() -> None:
    draw = random.Random(3)
    field = entrants(15, 20, 40)  # bot2 far above the others
    waited: Counter[str] = Counter()
    for _ in range(300):
        seated = {entrant.key for group in pairings(field, 2, draw) for entrant in group}
        waited.update(entrant.key for entrant in field if entrant.key not in seated)
    assert set(waited) == {"bot0", "bot1", "bot2"} and min(waited.values()) > 60


def test_neighbours_by_rating_meet_most_yet_every_pair_meets_over_many_rounds() -> None:
    draw = random.Random(7)
    field = entrants(15, 20, 25, 30)  # a level's step apart, as a game's levels are
    met: Counter[frozenset[str]] = Counter()
    for _ in range(400):
        for group in pairings(field, 2, draw):
            met[frozenset(entrant.key for entrant in group)] += 1
    neighbours = met[frozenset({"bot0", "bot1"})] + met[frozenset({"bot2", "bot3"})]
    farthest = met[frozenset({"bot0", "bot3"})]
    assert all(met[frozenset(pair)] > 0 for pair in combinations(["bot0", "bot1", "bot2", "bot3"], 2))
    assert neighbours > 4 * farthest


def came_from(table: str, at: float, *field: Entrant[str]) -> list[Entrant[str]]:
    return [replace(entrant, last_table=table, free_since=at) for entrant in field]


def test_two_bots_just_back_from_their_table_wait_for_the_others_rather_than_meet_again() -> None:
    draw = random.Random(5)
    a, b = entrants(20, 21)  # they finished their table first; two others play on
    back = came_from("t1", 100.0, a, b)
    assert pairings(back, 2, draw, playing=2, now=101.0) == []  # they wait for c and d
    assert pairings(back, 2, draw, playing=2, now=100.0 + MIX_WAIT) != []  # not for ever
    assert pairings(back, 2, draw, playing=0, now=101.0) != []  # nobody else: they meet again
    fresh = [a, b]  # not a rematch (never met): no reason to wait
    assert pairings(fresh, 2, draw, playing=2, now=101.0) != []


def test_four_bots_back_from_two_tables_are_mixed_not_paired_as_they_were() -> None:
    draw = random.Random(9)
    a, b, c, d = entrants(20, 21, 30, 31)  # neighbours by rating, and each other's last opponent
    field = came_from("t1", 50.0, a, b) + came_from("t2", 60.0, c, d)
    for _ in range(100):
        tables = [{entrant.key for entrant in group} for group in pairings(field, 2, draw, now=61.0)]
        assert len(tables) == 2 and {"bot0", "bot1"} not in tables and {"bot2", "bot3"} not in tables


def test_a_seat_out_of_time_ranks_last_behind_every_seat_that_played_on() -> None:
    assert arena_ranks([1, 2, 3], [False, False, False]) == [1, 2, 3]
    assert arena_ranks([1, 2, 3], [True, False, False]) == [3, 1, 2]
    assert arena_ranks([2, 1], [False, True]) == [1, 2]  # the stand-in's win is not the bot's
    assert arena_ranks([1, 1, 2], [False, True, True]) == [1, 2, 2]
    assert arena_ranks([2, 1], [True, True]) == [1, 1]  # both out of time: neither won


def test_everyone_moves_in_the_arena_levels_included() -> None:
    before = [Skill(*START), Skill(*START)]
    winner, loser = rated_after(before, [1, 2])
    assert winner.mu > START[0] > loser.mu
    assert winner.sigma < START[1] and loser.sigma < START[1]


def test_strikes_in_a_row_pause_a_bot_and_a_game_played_to_the_end_clears_them() -> None:
    strikes, paused = 0, None
    for _ in range(STRIKES - 1):
        strikes, paused = strikes_after(strikes, True, 1000.0)
        assert paused is None
    assert strikes == STRIKES - 1
    assert strikes_after(strikes, False, 1000.0) == (0, None)
    assert strikes_after(strikes, True, 1000.0) == (0, 1000.0 + PAUSE)
