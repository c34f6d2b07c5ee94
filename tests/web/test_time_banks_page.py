"""Turn-based tables with time banks in real Chromium (issue 29): the lobby's form makes one
(3 days per player and a day per move unless the person chooses otherwise), and each person's
panel shows their time left, counted down while the table waits for them, in English and in
French ("2 d 23 h", "2 j 23 h")."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server
from .test_pages import create_from_lobby

pytestmark = pytest.mark.timeout(120)

DAY = 86400


def table_state(server: Server, table: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/tables/{table}", timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_lobby_makes_a_turn_based_table_and_the_panels_show_the_banks(
    server: Server, page_at: Any
) -> None:
    page = page_at(server.url)
    page.click("article[data-game=dr2d] button.new-table")
    page.check("#turn-based")
    assert page.is_disabled("#timers") and not page.is_checked("#timers")  # a bank replaces the clocks
    assert page.input_value("#bank") == str(3 * DAY) and page.input_value("#per-move") == str(DAY)
    assert page.inner_text("#bank option[value='86400']") == "1 day"
    page.select_option("#bank", str(7 * DAY))
    table = create_from_lobby(page, "dr2d", seats=["human"], timers=False)
    shown = table_state(server, table)
    assert shown["banks"]["bank"] == 7 * DAY and shown["banks"]["per_move"] == DAY and shown["timers"] == []

    panels = "#panels section[data-seat='{}'] .bank"
    first = shown["to_act"][0]
    page.wait_for_selector(panels.format(first) + "[data-bank='running']")
    assert page.inner_text(panels.format(first)) == "time left: 6 d 23 h"  # counting down from 7 days
    assert page.inner_text(panels.format(1 - first)) == "time left: 7 d"  # not awaited: stands still
    page.select_option("#language", "fr")
    page.wait_for_function(f"document.querySelector(\"{panels.format(first)}\").textContent.includes('j')")
    assert page.inner_text(panels.format(first)) == "temps restant : 6 j 23 h"
    assert page.inner_text(panels.format(1 - first)) == "temps restant : 7 j"
    assert not page.errors, page.errors


def test_a_bank_of_hours_counts_down_in_hours_and_minutes(server: Server, page_at: Any) -> None:
    body = {"game": "delivery", "seats": ["human", "human"], "name": "Ada", "turn_based": {"bank": 3 * 3600}}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    table = made.json()
    page = page_at(f"{server.url}/tables/{table['table']}#token={table['token']}")
    page.wait_for_selector("#panels .bank[data-bank='running']")
    texts = page.locator("#panels .bank").all_inner_texts()
    running = page.locator("#panels .bank[data-bank='running']").all_inner_texts()
    assert running and all(text == "time left: 2 h 59 min" for text in running)
    assert all(text in ("time left: 2 h 59 min", "time left: 3 h") for text in texts)
    assert not page.errors, page.errors
