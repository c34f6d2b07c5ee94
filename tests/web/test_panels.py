"""Issue 27, player panels and the developer's details out of the way, in real Chromium: a panel
per seat (name, person or bot with its level, the game's counters, lit while the table waits for
it, with its clock), and the notation box, the action number and the raw view hidden until the
page's "notation box" switch is on (remembered by this browser; "/" still reaches the box)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server
from .test_guidance import new_table, open_seat0, state_of

pytestmark = pytest.mark.timeout(120)

PUZZLE = "1A2A3A4A-8A44FF0F-RC"


def test_a_panel_per_seat_with_its_kind_counters_turn_and_clock(server: Server, page_at: Any) -> None:
    """Ricochet, a person and a bot: both panels name their seat and what plays it (the bot with
    its level), show the chips; both are lit while bidding, with the sand timer's seconds."""
    body = {
        "game": "ricochet",
        "seats": ["human", "bot:easy"],
        "options": {"chips_to_win": 1, "puzzle": PUZZLE, "stall_after_s": 120.0},
        "timers": True,
        "name": "Ada",
    }
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    table = made.json()
    page = open_seat0(page_at, server, table)
    page.wait_for_selector('#panels [data-seat="1"]')
    ada, bot = page.locator('#panels [data-seat="0"]'), page.locator('#panels [data-seat="1"]')
    assert "Ada" in ada.inner_text() and "person" in ada.inner_text() and "you" in ada.inner_text()
    assert "easy" in bot.inner_text()
    assert ada.locator('[data-counter="chips"]').inner_text() == "chips: 0"
    if page.get_attribute("body", "data-version") == "0":  # the random bot may bid at once
        assert ada.get_attribute("data-turn") == "yes"
        assert "s left" in ada.inner_text()
    assert not page.errors, page.errors


def test_a_droids_panel_counts_emitters_score_and_orders_sent(server: Server, page_at: Any) -> None:
    """Droids, two people: each panel counts its emitters (10 of 10), score and orders sent;
    only the seat the table waits for is lit."""
    table = new_table(server, "droids", 2, {"scenario": 1, "turn_limit": 3})
    page = open_seat0(page_at, server, table)
    page.wait_for_selector('#panels [data-seat="1"] [data-counter="emitters"]')
    for seat in (0, 1):
        panel = page.locator(f'#panels [data-seat="{seat}"]')
        assert panel.locator('[data-counter="emitters"]').inner_text() == "emitters: 10/10"
        assert panel.locator('[data-counter="score"]').inner_text() == "score: 0"
    lit = page.locator('#panels [data-turn="yes"]').evaluate_all("ps => ps.map(p => +p.dataset.seat)")
    assert lit == state_of(server, table, 0)["to_act"]
    assert not page.errors, page.errors


def test_the_notation_box_raw_view_and_action_number_wait_for_the_switch(
    server: Server, page_at: Any
) -> None:
    """By default no notation box, no raw view and no "Action N." line; the switch shows them,
    a reload keeps it, "/" reaches the box even when it is off."""
    table = new_table(server, "delivery", 2, {"turn_limit": 2})
    page = open_seat0(page_at, server, table)
    page.wait_for_selector("#status p")
    assert not page.locator("#notation").is_visible()
    assert not page.locator("#view-box").is_visible()
    assert "Action 0." not in page.inner_text("#status")
    page.check("#show-notation")
    assert page.locator("#notation").is_visible() and page.locator("#view-box").is_visible()
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('Action 0.')")
    page.reload()
    page.wait_for_selector("#board svg")
    assert page.locator("#notation").is_visible() and page.is_checked("#show-notation")
    page.uncheck("#show-notation")
    assert not page.locator("#notation").is_visible()
    page.locator("body").press("/")
    assert page.locator("#notation").is_visible()
    assert page.evaluate("document.activeElement.id") == "notation"
    assert not page.errors, page.errors
