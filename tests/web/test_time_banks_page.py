"""Turn-based tables with time banks in real Chromium (issue 29): the lobby's form makes one
(3 days per player and a day per move unless the person chooses otherwise), and each person's
panel shows their time left, counted down while the table waits for them, in English and in
French ("2 d 23 h", "2 j 23 h"); a person whose bank ran out comes back to watch their seat."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server import process
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


def test_a_person_out_of_time_comes_back_to_their_seat_played_by_a_bot(
    tmp_path: Path, browser: Any, page_at: Any
) -> None:
    """Bob's hour ran out while the server was down: restarted, its driver gives his seat to the
    medium bot for good. Ada's panel says Bob is out of time; Bob, back with his link (in
    French), watches his seat: no action to choose, no Concede button, a line saying why."""
    db = tmp_path / "tables.sqlite3"
    server = process.start(f"sqlite:///{db}", tmp_path)
    try:
        body = {"game": "dr2d", "seats": ["human", "human"], "name": "Ada", "turn_based": {"bank": 3600}}
        made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
        assert made.status_code == 201, made.text
        table = made.json()
        (placer,) = table_state(server, table["table"])["to_act"]
    finally:
        process.stop(server)
    with sqlite3.connect(db) as connection:  # the table was made two hours ago: the placer's hour is up
        connection.execute("UPDATE game_tables SET created = created - 7200")
    server = process.start(f"sqlite:///{db}", tmp_path)
    try:
        tokens = {0: table["token"], 1: table["invites"]["1"]}
        out = f"#panels section[data-seat='{placer}'] .bank[data-bank='out']"
        ada = page_at(f"{server.url}/tables/{table['table']}#token={tokens[1 - placer]}")
        ada.wait_for_selector(out, timeout=30_000)
        assert ada.inner_text(out) == "out of time: a bot plays"

        french = browser.new_context(locale="fr-FR", bypass_csp=True)
        try:
            bob = french.new_page()
            bob.goto(f"{server.url}/tables/{table['table']}#token={tokens[placer]}")
            bob.wait_for_selector(f"body[data-seat='{placer}'] #board svg")
            bob.wait_for_selector(out)
            assert bob.inner_text(out) == "temps épuisé : un robot joue"
            assert "Votre réserve de temps est épuisée" in bob.inner_text("#concede-note")
            assert bob.locator("#concede").is_hidden()
        finally:
            french.close()
        assert not ada.errors, ada.errors
    finally:
        process.stop(server)
