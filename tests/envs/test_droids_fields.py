"""The fields a Droids state keeps for the learning environments beside the ones the rules
read (``bin_totals``, the change tags ``pieces_tag`` and ``emitter_tags``): right at every step
of seeded games, in clones that then go their own way, in determinized worlds and in states
loaded from their records. A tag is right when it is unchanged only while what it tags is."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from robotable import games
from robotable.core.game import REFEREE
from robotable.core.rng import Rng
from robotable.envs.core import UnknownAction
from robotable.games.droids.actions import Draw
from robotable.games.droids.board import SIZE
from robotable.games.droids.phases import DRAW
from robotable.games.droids.state import DroidsState
from robotable.games.droids.tokens import bin_totals

from .cases import CASES, EnvCase, encoder, playout
from .test_fast_paths import assert_paths_agree, bot_playout

STATUE = EnvCase("droids", {"scenario": 5}, 3, 208)
"""Where robots carry the statue and put it down: a put the shared cases hardly reach."""
DROIDS = [*(case for case in CASES if case.game_id == "droids"), STATUE]


def kept_right(state: DroidsState) -> bool:
    return state.bin_totals == bin_totals(state.bins)


def tagged(state: DroidsState) -> list[tuple[object, object]]:
    """Each tag with a copy of what it tags."""
    pieces = ([robot.cell for robot in state.robots], dict(state.objects))
    emitters = [[list(em) for em in ems] for ems in state.emitters]
    return [(state.pieces_tag, pieces), *zip(state.emitter_tags, emitters, strict=True)]


@pytest.mark.parametrize("case", DROIDS, ids=lambda c: c.label)
def test_the_kept_fields_follow_the_game(case: EnvCase) -> None:
    checked = changed = 0
    for seed in range(3):
        for states in (playout(case, seed, 400), bot_playout(case, seed, 200)):
            before: list[tuple[object, object]] = []
            for _, state in states:
                assert isinstance(state, DroidsState)
                where = f"seed {seed}, turn {state.turn}, phase {state.phase}"
                assert kept_right(state), where
                now = tagged(state)
                for (tag, shown), (old_tag, old_shown) in zip(now, before, strict=False):
                    assert tag != old_tag or shown == old_shown, f"{where}: a change kept its tag"
                    changed += tag != old_tag
                before = now
                checked += 1
    assert checked > 100 and changed > 10


def a_state_in_the_draw_phase(seed: int) -> DroidsState:
    game = games.get("droids")
    state = game.new_state({}, seed=seed, seats=2)
    rng = Rng(seed)
    while not (state.phase == DRAW and any(state.hands)):  # a hand to redraw, a draw to make
        acting = state.to_act()
        seat = acting[0] if acting else REFEREE
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, DroidsState)
    return state


def test_a_clone_keeps_its_own_fields() -> None:
    state = a_state_in_the_draw_phase(5)
    before = dict(state.bin_totals)
    twin = state.clone()
    seat = twin.to_act()[0]
    draw = next(a for a in twin.legal_actions(seat) if isinstance(a, Draw))
    twin.apply(seat, draw)
    assert state.bin_totals == before and kept_right(state)
    assert twin.bin_totals != before and kept_right(twin)


def test_a_clone_shares_the_tags_until_it_changes_what_they_tag() -> None:
    game = games.get("droids")
    state = game.new_state({}, seed=2, seats=2)
    assert isinstance(state, DroidsState)
    twin = state.clone()
    assert tagged(twin) == tagged(state)
    seat = twin.to_act()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])  # a setup obstacle
    assert twin.pieces_tag != state.pieces_tag and twin.emitter_tags == state.emitter_tags
    assert tagged(state)[0][1] != tagged(twin)[0][1]
    other = game.new_state({}, seed=2, seats=2)
    assert isinstance(other, DroidsState) and other.pieces_tag != state.pieces_tag  # new games: new tags
    assert not set(other.emitter_tags) & set(state.emitter_tags)


def test_determinized_and_loaded_states_keep_their_fields_right() -> None:
    game = games.get("droids")
    state = a_state_in_the_draw_phase(8)
    for seat in (0, 1, None):
        world = state.determinize(seat, Rng(3))
        assert kept_right(world) and world.bin_totals == state.bin_totals  # redrawn within each bin
    loaded = game.state_from_dict(state.to_dict())
    assert isinstance(loaded, DroidsState) and loaded.bin_totals == state.bin_totals
    assert loaded.pieces_tag != state.pieces_tag  # a loaded state's are new: nothing is assumed


def test_an_unpickled_state_gets_new_tags() -> None:
    """Another process's tag counter hands out the same numbers to its own states: a state sent
    from there (pickled, as a process pool or Ray does) must not match an encoder's memo here."""
    state = a_state_in_the_draw_phase(4)
    for copy_of in (lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy):
        twin = copy_of(state)
        assert twin.to_dict() == state.to_dict() and kept_right(twin)
        assert twin.pieces_tag != state.pieces_tag
        assert not set(twin.emitter_tags) & set(state.emitter_tags)


def test_the_statue_scenario_observes_as_its_view_says() -> None:
    games_played = [playout(STATUE, seed, 400) for seed in range(3)]
    games_played += [bot_playout(STATUE, seed, 400) for seed in range(4)]
    assert sum(assert_paths_agree(STATUE, states) for states in games_played) > 100


def test_a_repair_renews_the_emitters_tag() -> None:
    """Random and bot games hardly ever reach a repair (a grey order adjacent to a damaged
    robot): the engine's choice is made here directly, a damage then its repair."""
    state, enc = a_state_in_the_draw_phase(6), encoder(DROIDS[0])
    for what, destroyed in (("damage", True), ("repair", False)):
        enc.observe_seat(state, 0)  # the memo holds the emitters as they were
        tag = state.emitter_tags[0]
        state.pending_hits = [[0, what, 1]]
        state._choose(0, what, 3, [])
        assert state.emitters[0][3][0] is destroyed and state.emitter_tags[0] != tag
        assert np.array_equal(enc.observe_seat(state, 0), enc.observe(state.view(0), 0)), what


def test_a_put_renews_the_pieces_tag() -> None:
    """A robot putting down what it carries (the statue, in scenario 5), made directly: in the
    seeded games a put always comes with another move that renews the tag anyway."""
    state = next(s for _, s in bot_playout(STATUE, 0, 400) if any(r.carry for r in s.robots))
    assert isinstance(state, DroidsState)
    state = state.clone()
    enc = encoder(STATUE)
    carrier = next(i for i, r in enumerate(state.robots) if r.carry)
    cell = state.robots[carrier].cell
    around = (cell - 1, cell + 1, cell - SIZE, cell + SIZE)
    free = next(c for c in around if 0 <= c < SIZE * SIZE and state.is_free(c))
    enc.observe_seat(state, 0)  # the memo holds the pieces as they were
    tag = state.pieces_tag
    state._put(carrier, free, [])
    assert state.robots[carrier].carry is None and state.pieces_tag != tag
    assert np.array_equal(enc.observe_seat(state, 0), enc.observe(state.view(0), 0))


def test_a_mask_of_an_action_not_in_the_table_is_refused_clearly() -> None:
    enc = encoder(DROIDS[0])
    for legal in ([Draw("violet"), "draw a card"], ["draw a card"], [Draw("violet"), Draw("nowhere")]):
        with pytest.raises(UnknownAction, match="not in this game's action table"):
            enc.step_mask(legal, False)  # type: ignore[arg-type]
