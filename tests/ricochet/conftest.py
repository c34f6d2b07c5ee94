"""Helpers for the Ricochet Robots rule tests: positions from the spec by puzzle code."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.games import get
from robotable.games.ricochet.board import cell_xy
from robotable.games.ricochet.state import RicochetState

P1 = "1A2A3A4A-8A44FF0F-RC"  # RR-EX-1
P2 = "1A2A3A4A-4ACCFF0F-RC"  # RR-EX-5
P3 = "1A2A3A4A-6B2B0108-MV"  # RR-EX-6
HARDEST = "4B3B2B1A-2E03B221-BT"  # RR-EX-15, 25 moves


def new(puzzle: str | None = None, *, seats: int = 2, seed: int = 0, **options: Any) -> RicochetState:
    if puzzle is not None:
        options["puzzle"] = puzzle
    return get("ricochet").new_state(options, seed=seed, seats=seats)


def play(state: RicochetState, seat: int, *actions: str) -> list:
    """Apply actions in notation for one seat; return all events."""
    events = []
    for text in actions:
        events += state.apply_text(seat, text)
    return events


def demonstrating(puzzle: str, bid: int, **options: Any) -> RicochetState:
    """Two players; seat 0 bids ``bid`` and the sand timer runs out: seat 0 demonstrates."""
    state = new(puzzle, **options)
    state.apply_text(0, f"bid {bid}")
    state.apply_text(-1, "time-up")
    return state


def robots_xy(state: RicochetState) -> list[tuple[int, int]]:
    return [cell_xy(c) for c in state.robots]


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


@pytest.fixture
def p1() -> RicochetState:
    return new(P1)
