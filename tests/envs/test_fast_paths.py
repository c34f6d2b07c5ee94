"""Each encoder's fast path (:meth:`~robotable.envs.core.Encoder.fill_seat`, reading the state's
fields) against its definition (:meth:`~robotable.envs.core.Encoder.fill`, reading ``view(seat)``):
byte-identical observations for every seat at every step of seeded games, and no leak of what a
seat cannot see (``determinize`` redraws it; the fast path must not move)."""

from __future__ import annotations

import numpy as np
import pytest

from robotable.core.rng import Rng

from .cases import CASES, HIDDEN, EnvCase, encoder, playout

SEEDS = range(4)
MAX_ACTIONS = 500


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_the_fast_path_writes_what_the_view_path_writes(case: EnvCase) -> None:
    enc = encoder(case)
    compared = 0
    for seed in SEEDS:
        for seat, state in playout(case, seed, MAX_ACTIONS):
            for observer in range(case.seats):  # the seats that wait observe too
                fast = enc.observe_seat(state, observer)
                assert np.array_equal(fast, enc.observe(state.view(observer), observer)), (
                    f"seed {seed}, seat {observer} (seat {seat} to act)"
                )
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("case", HIDDEN, ids=lambda c: c.label)
def test_the_fast_path_reads_nothing_its_seat_cannot_see(case: EnvCase) -> None:
    enc = encoder(case)
    checked = 0
    for step, (seat, state) in enumerate(playout(case, 5, 400)):
        if step % 5:
            continue
        seen = enc.observe_seat(state, seat).tobytes()
        for k in range(3):
            world = state.determinize(seat, Rng(7919 * step + k))
            assert enc.observe_seat(world, seat).tobytes() == seen
            checked += 1
    assert checked > 0
