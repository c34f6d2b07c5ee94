"""Each encoder's fast path (:meth:`~robotable.envs.core.Encoder.fill_seat`, reading the state's
fields) against its definition (:meth:`~robotable.envs.core.Encoder.fill`, reading ``view(seat)``):
byte-identical observations for every seat at every step of seeded games, and no leak of what a
seat cannot see (``determinize`` redraws it; the fast path must not move).

Random games rarely get far (random Droids players eliminate themselves before a shot hits an
emitter, before a robot carries anything), so the games' heuristic bots play a second set, with
a random action one time in five."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from robotable import games
from robotable.core.game import REFEREE, Seat, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.envs.core import Layout, Parts, SeatMemo

from .cases import CASES, HIDDEN, EnvCase, encoder, new_state, playout

SEEDS = range(4)
MAX_ACTIONS = 500
WITH_BOTS = [case for case in CASES if "heuristic" in games.get(case.game_id).bots()]


def bot_playout(case: EnvCase, seed: int, max_actions: int) -> Iterator[tuple[Seat, State]]:
    """A seeded game of the heuristic bots (a random action one time in five): before each
    action, yields every seat to act with the state, as :func:`playout` does."""
    game, state = games.get(case.game_id), new_state(case, seed)
    bots = [game.bots()["heuristic"](seed=seed + seat) for seat in range(case.seats)]
    rng = Rng(seed ^ 0xB07)
    for _ in range(max_actions):
        if state.is_over():
            return
        acting, timers = state.to_act(), state.timers()
        for seat in acting:
            yield seat, state
        if timers and (not acting or rng.random() < 0.05):
            state.apply(REFEREE, timers[0].action)
            continue
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        if rng.random() < 0.8:
            chosen = bots[seat].act(Turn(seat, state.view(seat), legal, game))
            action = action if isinstance(chosen, Wait) else chosen
        state.apply(seat, action)


def assert_paths_agree(case: EnvCase, states: Iterator[tuple[Seat, State]]) -> int:
    """Every seat's observation of every state, on both paths; how many were compared."""
    enc = encoder(case)
    compared = 0
    for step, (seat, state) in enumerate(states):
        for observer in range(case.seats):  # the seats that wait observe too
            fast = enc.observe_seat(state, observer)
            assert np.array_equal(fast, enc.observe(state.view(observer), observer)), (
                f"step {step}, seat {observer} (seat {seat} to act)"
            )
            compared += 1
    return compared


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_the_fast_path_writes_what_the_view_path_writes(case: EnvCase) -> None:
    compared = sum(assert_paths_agree(case, playout(case, seed, MAX_ACTIONS)) for seed in SEEDS)
    assert compared > 100


@pytest.mark.parametrize("case", WITH_BOTS, ids=lambda c: c.label)
def test_the_fast_path_writes_what_the_view_path_writes_in_bots_games(case: EnvCase) -> None:
    compared = sum(assert_paths_agree(case, bot_playout(case, seed, 300)) for seed in range(3))
    assert compared > 100


@pytest.mark.parametrize("case", HIDDEN, ids=lambda c: c.label)
def test_the_fast_path_reads_nothing_its_seat_cannot_see(case: EnvCase) -> None:
    enc = encoder(case)
    checked = 0
    games_played = [playout(case, 5, 400)]
    if case in WITH_BOTS:
        games_played.append(bot_playout(case, 6, 300))
    for states in games_played:
        for step, (seat, state) in enumerate(states):
            if step % 5:
                continue
            seen = enc.observe_seat(state, seat).tobytes()
            for k in range(3):
                world = state.determinize(seat, Rng(7919 * step + k))
                assert enc.observe_seat(world, seat).tobytes() == seen
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_the_fast_path_keeps_nothing_of_another_game(case: EnvCase) -> None:
    """Two seeded games observed in turns (another board, another deal, each step): what the
    encoder keeps between observations (the fixed blocks, the parts met before) follows the
    state it is given."""
    enc = encoder(case)
    compared = 0
    for first in range(10, 30, 2):  # random Droids games are short: a few pairs
        games_played = [playout(case, first, 200), playout(case, first + 1, 200)]
        for step, pair in enumerate(zip(*games_played, strict=False)):
            for seat, state in pair:
                observer = (seat + step) % case.seats
                fast = enc.observe_seat(state, observer)
                assert np.array_equal(fast, enc.observe(state.view(observer), observer)), f"step {step}"
                compared += 1
    assert compared > 100


def test_parts_are_made_from_their_key_once() -> None:
    made: list[tuple[int, ...]] = []

    def make(cells: memoryview, key: tuple[int, ...]) -> None:
        made.append(key)
        for position in key:
            cells[position] = 1.0

    parts = Parts(4, make)
    out = np.zeros(10, dtype=np.float32)
    cells = memoryview(out)
    parts.write(cells, 2, (0, 3))
    parts.write(cells, 6, (1,))
    parts.write(cells, 2, (0, 3))
    assert made == [(0, 3), (1,)]
    assert out.tolist() == [0, 0, 1, 0, 0, 1, 0, 1, 0, 0]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_an_observation_handed_out_never_changes_afterwards(case: EnvCase) -> None:
    """Each seat's last observation is kept and brought up to date in place: what a learner
    was given must be a copy that later steps leave alone."""
    enc = encoder(case)
    given: list[tuple[np.ndarray, bytes]] = []
    for seed in range(3, 13):  # random Droids games are short: a few games
        for step, (seat, state) in enumerate(playout(case, seed, 300)):
            observation = enc.observe_seat(state, seat)
            given.append((observation, observation.tobytes()))
            if step % 7 == 0:  # the other seats too, now and then
                for other in range(case.seats):
                    enc.observe_seat(state, other)
    assert len(given) > 50
    assert len({data for _, data in given}) > 1  # the game moved: the memo was written again
    for observation, data in given:
        assert observation.tobytes() == data


def test_a_seat_memo_rewrites_a_part_only_when_its_key_changes() -> None:
    layout = Layout()
    layout.add("fixed", 2, "")
    layout.add("part", 3, "")
    blank = np.array([7.0, 7.0, 0.0, 0.0, 0.0], dtype=np.float32)
    memo = SeatMemo(blank, layout)
    live = [1, 2]
    assert memo.moved("part", live, 2, 5)  # first time: written
    memo.cells[3] = 1.0
    assert not memo.moved("part", live, 2, 5)  # equal to the copy kept: left as written
    assert memo.data.tolist() == [7, 7, 0, 1, 0]
    live.append(3)  # the state mutates its list in place: the copy kept does not follow
    assert memo.moved("part", live, 2, 5)
    assert memo.data.tolist() == [7, 7, 0, 0, 0]  # cleared back to the blank for the rewrite
    assert memo.stale("other", (1, 2), 0, 1)
    assert not memo.stale("other", (1, 2), 0, 1)
    assert memo.stale("other", None, 0, 1)  # None is a key like any other
    assert not memo.stale("other", None, 0, 1)
