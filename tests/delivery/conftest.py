"""Helpers for the Robot Delivery rule tests: positions on the default board or on small
ASCII boards drawn in the test, pawns placed by hand, one slot or a whole round played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from robotable.games import get
from robotable.games.delivery.board import DIRECTIONS
from robotable.games.delivery.engine import Resolver
from robotable.games.delivery.state import DeliveryState

RED, BLUE, GREEN, YELLOW = range(4)
PARKING = [(0, 1), (8, 1), (0, 9), (8, 9)]  # out-of-the-way cells for pawns a test does not use


def new(seats: int = 2, *, seed: int = 0, **options: Any) -> DeliveryState:
    return get("delivery").new_state(options, seed=seed, seats=seats)


def board_file(tmp_path: Path, text: str, name: str = "board.txt") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def place(state: DeliveryState, pawns: Mapping[int, tuple[tuple[int, int], str]]) -> None:
    """Put pawns on cells with facings; pawns not listed go to parking cells."""
    for seat in range(state.seats):
        if seat in pawns:
            (x, y), facing = pawns[seat]
        else:
            (x, y), facing = PARKING[seat], "N"
        state.pos[seat] = state.board.cell(x, y)
        state.facing[seat] = DIRECTIONS.index(facing)


def where(state: DeliveryState, seat: int) -> tuple[tuple[int, int], str]:
    return state.board.xy(state.pos[seat]), DIRECTIONS[state.facing[seat]]


def run_slot(state: DeliveryState, seat: int, cards: Sequence[str], slot: int = 0) -> list:
    """Resolve one onPlay slot holding ``cards`` for ``seat``, cell effects included."""
    state.program[seat][slot] = list(cards)
    resolver = Resolver(state)
    resolver.run_slot(seat, slot)
    return resolver.events


def give_hand(state: DeliveryState, seat: int, cards: Sequence[str]) -> None:
    """Replace a hand: the old cards go to the bottom of the draw pile and the new ones are taken
    from the draw pile when it has them (so the deck cycle keeps its size), else made up."""
    state.draw[seat] = state.hands[seat] + state.draw[seat]
    for card in cards:
        if card in state.draw[seat][: len(state.draw[seat]) - state.bug_top[seat]]:
            state.draw[seat].remove(card)
    state.hands[seat] = list(cards)


def play(state: DeliveryState, seat: int, *actions: str) -> list:
    events = []
    for text in actions:
        events += state.apply_text(seat, text)
    return events


def program_all(state: DeliveryState, programs: Mapping[int, Sequence[Sequence[str]]]) -> list:
    """Give each seat exactly its program's cards, program them and submit; all events."""
    events = []
    for seat, slots in programs.items():
        give_hand(state, seat, [card for cards in slots for card in cards])
        for i, cards in enumerate(slots):
            for card in cards:
                events += state.apply_text(seat, f"slot {i + 1} {card}")
    for seat in programs:
        events += state.apply_text(seat, "submit")
    return events


def kinds(events: Sequence) -> list[str]:
    return [e.kind for e in events]
