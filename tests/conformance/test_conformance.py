"""Random playouts of every game in CASES, checking the contract along the way.

``ROBOTABLE_CONFORMANCE_GAMES=20 pytest tests/conformance`` plays fewer games per case.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings

from robotable import games
from robotable.core.game import Action, Turn
from robotable.core.rng import Rng

from . import toygame
from .cases import CASES
from .harness import (
    Case,
    ConformanceFailure,
    Playout,
    check_replay,
    check_state,
    play_and_check,
    playouts,
    random_playout,
)
from .toygame import Call, DuelGame, DuelState, Play


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    with toygame.registered():
        yield


@pytest.mark.parametrize(
    ("case", "seed"),
    [pytest.param(case, seed, id=f"{case.id}-{seed}") for case in CASES for seed in range(case.count())],
)
def test_random_playout(case: Case, seed: int) -> None:
    play_and_check(case, seed)


RANDOM_CASES = [case for case in CASES if not case.bots]  # Hypothesis draws every choice itself


@pytest.mark.parametrize("case", RANDOM_CASES, ids=[case.id for case in RANDOM_CASES])
def test_hypothesis_playouts(case: Case) -> None:
    # the strategy needs the registry, so it is built inside the registered block
    @settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(playout=playouts(case))
    def run(playout: Playout) -> None:
        state = games.get(case.game).new_state(case.options, seed=playout.seed, seats=case.seats)
        pool: dict[Action, None] = {}
        for seat, action in playout.actions:
            check_state(state, case.seats, pool, Rng(playout.seed))
            pool[action] = None
            state.apply(seat, action)
        check_state(state, case.seats, pool, Rng(playout.seed))
        check_replay(case, playout.seed, playout.actions, state)

    run()


# --------------------------------------------------------------------------- the harness catches bugs

TOY = Case("toy", seats=2, games=1, max_steps=100, check_rate=0.5)


def first_failure(seeds: range = range(10)) -> str:
    for seed in seeds:
        try:
            play_and_check(TOY, seed)
        except ConformanceFailure as exc:
            return str(exc)
    raise AssertionError("the harness found nothing wrong with a broken game")


def test_catches_a_view_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    view = DuelState.view
    monkeypatch.setattr(DuelState, "view", lambda self, seat: {**view(self, seat), "top": self.deck[-1:]})
    assert "depends on data hidden from it" in first_failure()


def test_catches_a_clone_that_shares_data(monkeypatch: pytest.MonkeyPatch) -> None:
    to_dict = DuelState.to_dict
    monkeypatch.setattr(DuelState, "to_dict", lambda self: {**to_dict(self), "hands": self.hands})
    from_dict = DuelGame.decode_state

    def shared(game: DuelGame, data: dict) -> DuelState:
        state = from_dict(game, data)
        state.hands = data["hands"]
        return state

    monkeypatch.setattr(DuelGame, "decode_state", shared)
    assert "changed the original" in first_failure()


def test_catches_an_illegal_action_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    check = DuelState.check

    def lax(self: DuelState, seat: int, action: Action) -> None:
        # the bug: a seat that has already played may play again
        if not (isinstance(action, Play) and 0 <= seat < 2 and action.card in self.hands[seat]):
            check(self, seat, action)

    monkeypatch.setattr(DuelState, "check", lax)
    assert "though not in its legal actions" in first_failure()


def test_catches_a_legal_action_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    legal = DuelState.legal_actions

    def listed(self: DuelState, seat: int) -> list[Action]:  # the bug: offers a call while cards are played
        return [*legal(self, seat), Call("even")] if self.phase == "play" else legal(self, seat)

    monkeypatch.setattr(DuelState, "legal_actions", listed)
    assert "was refused" in first_failure()


def test_catches_a_refusal_that_changes_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    check = DuelState.check

    def dirty(self: DuelState, seat: int, action: Action) -> None:
        self.discards.append(0)  # the bug: touch the state, then refuse
        check(self, seat, action)
        self.discards.pop()

    monkeypatch.setattr(DuelState, "check", dirty)
    assert "changed the state" in first_failure()


def test_catches_chance_outside_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    outside = Rng(12345)  # not saved in to_dict, so a replay rolls other dice
    roll = DuelState._roll

    def unsaved(self: DuelState, parity: str) -> list:
        saved, self.rng = self.rng, outside
        try:
            return roll(self, parity)
        finally:
            self.rng = saved

    monkeypatch.setattr(DuelState, "_roll", unsaved)
    assert "replay" in first_failure() or "differs" in first_failure()


def test_catches_state_data_that_is_not_json(monkeypatch: pytest.MonkeyPatch) -> None:
    to_dict = DuelState.to_dict
    monkeypatch.setattr(DuelState, "to_dict", lambda self: {**to_dict(self), "scores": tuple(self.scores)})
    assert "changes through JSON" in first_failure()


def test_bot_seats_play_the_bots_choice() -> None:
    """Case.bots: a seat played by a game's bot plays what the bot chose, from its own view."""
    played = random_playout(games.get("robotick"), {}, 3, 4, 400, bots={0: "heuristic"})
    bot = games.get("robotick").bots()["heuristic"]()
    replayed = games.get("robotick").new_state({}, seed=4, seats=3)
    for seat, action in played:
        if seat == 0:
            turn = Turn(0, replayed.view(0), replayed.legal_actions(0), replayed.game)
            assert bot.act(turn) == action
        replayed.apply(seat, action)
    assert replayed.is_over()
