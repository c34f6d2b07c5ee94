"""The fixed encodings: action tables that round-trip, masks equal to the legal actions,
observations in their box, built from the view only (no leak), and the end rewards.

``ROBOTABLE_ENV_GAMES=10000`` plays that many games per case in the round-trip test instead
of the few that keep the suite fast (the slow check the issue asks for, run on demand; about
40 minutes on one core, the Ricochet cases 4 to 12 minutes each, past pytest-timeout's 600 s,
hence)::

    ROBOTABLE_ENV_GAMES=10000 pytest -o timeout=0 tests/envs/test_encoding.py -k round_trips
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from robotable.core.errors import IllegalAction
from robotable.core.game import Outcome
from robotable.core.rng import Rng
from robotable.envs.core import WAIT, ActionTable, UnknownAction, check_choice, final_rewards
from robotable.games.ricochet.actions import Bid
from robotable.games.robotick.actions import Pass, Play

from .cases import CASES, HIDDEN, EnvCase, encoder, new_state, playout

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs.md"
GAMES = int(os.environ.get("ROBOTABLE_ENV_GAMES", "0"))
QUICK_GAMES = {"ricochet": 5, "dr2d": 10, "droids": 40, "delivery": 8, "robotick": 30}
"""Games per case in the suite (about 5 s in all); the on-demand check plays 10,000."""
MAX_ACTIONS = 600  # Ricochet's random bidding alone could last 30,000 actions: a slice is enough


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_action_space_sizes_are_the_documented_ones(case: EnvCase) -> None:
    enc = encoder(case)
    assert enc.action_count == case.actions
    assert len(set(map(str, enc.table.actions))) == case.actions  # every action has its own notation


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_every_legal_action_round_trips_and_the_mask_is_the_legal_set(case: EnvCase) -> None:
    enc = encoder(case)
    games = GAMES or QUICK_GAMES[case.game_id]
    seen = 0
    for seed in range(games):
        for seat, state in playout(case, seed, MAX_ACTIONS):
            legal = state.legal_actions(seat)
            numbers = [enc.encode(action) for action in legal]
            assert [enc.decode(n) for n in numbers] == legal
            mask = enc.mask(legal)
            assert set(np.flatnonzero(mask)) == set(numbers)
            seen += len(legal)
    assert seen > 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_observations_are_in_the_box_and_cut_into_the_documented_blocks(case: EnvCase) -> None:
    enc = encoder(case)
    for step, (seat, state) in enumerate(playout(case, 7, 300)):
        if step % 10:
            continue
        obs = enc.observe(state.view(seat), seat)
        assert obs.dtype == np.float32 and obs.shape == (enc.observation_size,)
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        blocks = enc.blocks(obs)
        assert sum(b.size for b in blocks.values()) == obs.size
        assert all(b.shape == enc.layout.blocks[name].shape for name, b in blocks.items())


@pytest.mark.parametrize("case", HIDDEN, ids=lambda c: c.label)
def test_no_leak_worlds_with_the_same_view_give_byte_identical_observations(case: EnvCase) -> None:
    """``determinize`` redraws what a seat cannot see: its observation and mask must not move."""
    enc = encoder(case)
    checked = 0
    for step, (seat, state) in enumerate(playout(case, 11, 400)):
        if step % 7:
            continue
        view = state.view(seat)
        obs = enc.observe(view, seat).tobytes()
        mask = enc.mask(state.legal_actions(seat)).tobytes()
        for k in range(3):
            world = state.determinize(seat, Rng(1000 * step + k))
            assert world.view(seat) == view, "the game's determinize changed the seat's own view"
            assert enc.observe(world.view(seat), seat).tobytes() == obs
            assert enc.mask(world.legal_actions(seat)).tobytes() == mask
            checked += 1
    assert checked > 0


def test_seats_see_their_own_secrets_in_their_observations() -> None:
    """The leak test's counterpart: what differs between two seats' views reaches their arrays."""
    case = next(c for c in CASES if c.game_id == "robotick")
    enc, state = encoder(case), new_state(case, 3)
    hands = [enc.blocks(enc.observe(state.view(s), s))["hand"] for s in range(3)]
    assert all(h.sum() == 12 for h in hands)
    assert not np.array_equal(hands[0], hands[1])


def test_tables_refuse_unknown_actions_and_numbers() -> None:
    table = ActionTable([Pass(1), Play(1)])
    assert table.encode(Play(1)) == 1 and table.decode(np.int64(0)) == Pass(1)
    with pytest.raises(UnknownAction):
        table.encode(Play(2))
    for bad in (2, -1, 1.0, True, "0", None):
        with pytest.raises(UnknownAction):
            table.decode(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="listed twice"):
        ActionTable([Play(1), Play(1)])


def test_index_rules_are_checked_against_the_table_and_build_the_same_masks() -> None:
    actions = [Pass(1), Pass(2), Play(1), Play(2)]
    with pytest.raises(ValueError, match=r"index rule of Play puts .+ at 0, not 2"):
        ActionTable(actions, {Play: lambda a: a.card - 1})
    ruled = ActionTable(actions, {Play: lambda a: 1 + a.card})
    assert ruled.mask([Play(2), Pass(1)]).tolist() == ActionTable(actions).mask([Play(2), Pass(1)]).tolist()
    with pytest.raises(UnknownAction, match="Pass\\(card=7\\)"):
        ruled.mask([Play(1), Pass(7)])


def test_masks_by_identity_learn_each_object_once_and_equal_the_rules_masks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    actions = [Pass(1), Pass(2), Play(1), Play(2)]
    by_id = ActionTable(actions, {Play: lambda a: 1 + a.card}, by_id=True)
    ready = [Play(2), Pass(1)]
    assert by_id.mask(ready).tolist() == ActionTable(actions).mask(ready).tolist() == [1, 0, 0, 1]
    assert by_id.mask(ready).tolist() == [1, 0, 0, 1]  # known now: looked up by identity
    assert sorted(by_id._known.values()) == [0, 3] and by_id._held == ready
    equal = [Play(2), Play(1)]  # equal to known ones, other objects: learnt by the rules
    assert by_id.mask(equal).tolist() == [0, 0, 1, 1] and len(by_id._held) == 4
    with pytest.raises(UnknownAction, match="Pass\\(card=7\\)"):
        by_id.mask([Play(1), Pass(7)])
    monkeypatch.setattr(ActionTable, "KNOWN_LIMIT", 4)  # full: forgotten, then learnt again
    assert by_id.mask([Pass(2)]).tolist() == [0, 1, 0, 0] and len(by_id._held) == 1


def test_shared_masks_are_kept_per_list_of_action_objects_and_never_written() -> None:
    case = next(c for c in CASES if c.game_id == "ricochet")
    enc = encoder(case)
    legal = new_state(case, 3).legal_actions(0)  # the bids
    first = enc.shared_mask(legal)
    assert enc.shared_mask(list(legal)) is first  # the same objects: the same mask
    assert not first.flags.writeable and first.sum() == len(legal)
    with_wait = enc.shared_mask(legal, may_wait=True)
    assert with_wait[-1] == 1 and first[-1] == 0 and with_wait.sum() == len(legal) + 1
    fresh = [Bid(a.moves) for a in legal]  # equal actions, new objects: another entry, the same mask
    assert fresh[0] is not legal[0] and enc.shared_mask(fresh).tobytes() == first.tobytes()
    own = enc.mask(legal)
    own[:] = 0  # a caller's mask is its own copy: the shared one is untouched
    assert enc.shared_mask(legal).sum() == len(legal)


def test_a_choice_outside_the_mask_is_refused_naming_what_is_legal() -> None:
    case = next(c for c in CASES if c.game_id == "robotick")
    enc, state = encoder(case), new_state(case, 3)
    legal = state.legal_actions(0)
    assert check_choice(enc, enc.encode(legal[0]), legal, False, 0) == legal[0]
    outside = next(n for n in range(enc.action_count) if enc.decode(n) not in legal)
    with pytest.raises(IllegalAction, match=f"cannot play action {outside}.*the mask allows"):
        check_choice(enc, outside, legal, False, 0)
    with pytest.raises(IllegalAction, match="not an integer"):
        check_choice(enc, enc.action_count, legal, False, 0)


def test_wait_is_the_last_action_of_games_with_timers_only() -> None:
    by_game = {c.game_id: encoder(c) for c in CASES}
    assert by_game["ricochet"].decode(by_game["ricochet"].action_count - 1) is WAIT
    assert WAIT not in by_game["robotick"].table.actions


@pytest.mark.parametrize(
    ("scores", "mode", "expected"),
    [
        ((3.0, 1.0), "win", [1.0, -1.0]),
        ((2.0, 2.0), "win", [0.0, 0.0]),
        ((5.0, 5.0, 1.0), "win", [1.0, 1.0, -1.0]),
        ((-28.0, -53.0, -26.0), "score", [-2.0, -27.0, 2.0]),
        ((1.5, 0.0), "score", [1.5, -1.5]),
    ],
)
def test_final_rewards(scores: tuple[float, ...], mode: str, expected: list[float]) -> None:
    assert final_rewards(Outcome.from_scores(scores), mode) == expected


def test_a_solo_loss_is_minus_one() -> None:
    assert final_rewards(Outcome((0.0,), (2,))) == [-1.0]
    assert final_rewards(Outcome((1.0,), (1,))) == [1.0]


@pytest.mark.parametrize(
    ("game_id", "seats"), [("ricochet", 2), ("dr2d", 2), ("droids", 2), ("delivery", 2), ("robotick", 3)]
)
def test_the_docs_show_each_encoders_own_layout(game_id: str, seats: int) -> None:
    enc = encoder(EnvCase(game_id, {}, seats))
    text = DOC.read_text(encoding="utf-8")
    assert enc.layout_table() in text, (
        f"docs/envs.md: the {game_id} table differs from Encoder.layout_table()"
    )
    assert f"`{game_id}`, {seats} seats" in text
