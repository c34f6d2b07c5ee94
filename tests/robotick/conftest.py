"""Helpers for the Robotick rule tests: tables written in card notation.

A fixture reads like the spec's examples::

    state = table(ai="01", trump="C8", droco="A10 A8 A4 A2 B9 B1 C7 C5 C3 D10 D6 D5",
                  p0="D13 A5 A1 B3", p1="D12 A11 B2 C4", p2="C2 A13 A3 B4")
"""

from __future__ import annotations

from typing import Any

from robotable.core.errors import IllegalAction
from robotable.core.game import Event
from robotable.core.rng import Rng
from robotable.games import get
from robotable.games.robotick.cards import DROCO, card, cards, names
from robotable.games.robotick.state import RobotickState

GAME = get("robotick")
H = "A10 A8 A4 A2 B9 B1 C7 C5 C3 D10 D6 D5"  # the spec's reference hand for Droco


def new(seed: int = 0, **options: Any) -> RobotickState:
    return GAME.new_state(options, seed=seed, seats=3)


def table(
    *,
    droco: str,
    p0: str,
    p1: str,
    p2: str,
    ai: str = "01",
    trump: str = "C8",
    round: int = 1,
    leader: int = DROCO,
    **options: Any,
) -> RobotickState:
    """A round in its trick phase with these hands (Droco has not played yet)."""
    state = new(**options)
    state.round = round - 1
    ids = [c.id for c in state.ai_deck]
    drawn = 0 if state.options["fixed_ai_card"] else state.round
    state.ai_order.remove(ids.index(ai))
    state.ai_order.insert(drawn, ids.index(ai))
    state.trump = card(trump)
    state.hands = [sorted(cards(h)) for h in (p0, p1, p2, droco)]
    used = {c for h in state.hands for c in h} | {state.trump}
    state.aside = [c for c in range(52) if c not in used][:3]
    state.chosen = [[], [], []]
    state.given = [[], [], []]
    state.phase = "play"
    state.leader = leader
    return state


def start(state: RobotickState) -> list[Event]:
    """Let the engine play Droco's turn if it is due (as it does after each action)."""
    return state._advance()


def play(state: RobotickState, *moves: tuple[int, str]) -> list[Event]:
    """Apply ``(seat, notation)`` moves; return all events."""
    events: list[Event] = []
    for seat, text in moves:
        events += state.apply_text(seat, text)
    return events


def played_by(events: list[Event], player: int) -> list[str]:
    return [e.card for e in events if e.kind == "played" and e.player == player]


def refused(state: RobotickState, seat: int, text: str) -> str:
    """The reason ``text`` is refused for ``seat``; asserts the state did not change."""
    before = state.to_json()
    try:
        state.apply_text(seat, text)
    except IllegalAction as exc:
        assert state.to_json() == before
        return exc.reason
    raise AssertionError(f"{text!r} was accepted for seat {seat}")


def random_moves(state: RobotickState, rng: Rng, until: Any) -> list[Event]:
    """Random legal moves until ``until(state)`` holds or the game ends."""
    events: list[Event] = []
    while not state.is_over() and not until(state):
        seat = rng.choice(state.to_act())
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return events


def hand(state: RobotickState, player: int) -> list[str]:
    return names(state.hands[player])
