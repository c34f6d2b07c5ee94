"""Conceding in the browser (issue 27): the Concede button asks first, saying what it does at
this table; at 2 seats the game ends at once with the ranks the record holds, at 4 seats the
seat goes to a bot (under the person's name) that plays it to the end, the conceder last. The
log, the end panel and the replay viewer show the concession."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from robotable import games
from robotable.core.records import Record

from ..server.process import Server

pytestmark = pytest.mark.timeout(180)


def open_seat(server: Server, page_at: Any, seats: list[str]) -> tuple[Any, dict[str, Any]]:
    """A Delivery table made through the API, Ada at seat 0; her page, once it shows the board."""
    body = {"game": "delivery", "seats": seats, "seed": 5, "name": "Ada"}
    created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    page = page_at(f"{server.url}/tables/{created['table']}#token={created['token']}")
    page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
    page.wait_for_selector("#concede:visible")
    return page, created


def ranks_shown(page: Any) -> list[int]:
    items = page.locator("#outcome ol.ranks li")
    by_seat = {
        int(items.nth(i).get_attribute("data-seat")): int(items.nth(i).get_attribute("data-rank"))
        for i in range(items.count())
    }
    return [by_seat[seat] for seat in sorted(by_seat)]


def checked_record(server: Server, table: str) -> Record:
    record = Record.from_dict(httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json())
    games.replay(record)  # its outcome replays exactly
    return record


def test_conceding_against_a_bot_ends_the_game_with_the_ranks_of_the_record(
    server: Server, page_at: Any
) -> None:
    page, created = open_seat(server, page_at, ["human", "bot:easy"])
    table = created["table"]
    page.click("#concede")
    assert (
        page.inner_text("#concede-why") == "You lose now: Easy bot 1 wins."
    )  # the bot by its level and number
    page.click("#concede-no")  # keep playing: nothing is sent
    assert not page.locator("#concede-dialog").is_visible()
    page.select_option("#language", "fr")
    page.click("#concede")
    assert page.inner_text("#concede-why") == "Vous perdez tout de suite : Robot facile 1 gagne."
    assert page.inner_text("#concede-yes") == "Abandonner"
    page.click("#concede-no")
    page.select_option("#language", "en")
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#outcome ol.ranks li", timeout=30_000)
    record = checked_record(server, table)
    assert record.actions[-1] == (0, "concede")
    assert ranks_shown(page) == list(record.outcome.ranks) == [2, 1]
    assert page.inner_text("#outcome .verdict") == "Ada concedes."
    assert "Ada concedes." in page.inner_text("#log")
    assert not page.locator("#concede").is_visible()

    page.click("#replay-link")
    page.wait_for_selector("#board svg", timeout=30_000)
    page.click("#last")
    page.wait_for_function(
        "document.getElementById('news').textContent.includes('Ada concedes.')", timeout=30_000
    )
    assert not page.errors


def test_conceding_at_four_seats_hands_the_seat_to_a_bot_and_ranks_the_conceder_last(
    server: Server, page_at: Any
) -> None:
    page, created = open_seat(server, page_at, ["human", "human", "bot:easy", "bot:easy"])
    table, bob = created["table"], created["invites"]["1"]
    page.click("#concede")
    assert "ranked last whatever happens, and a bot plays your seat to the end" in page.inner_text(
        "#concede-why"
    )
    page.click("#concede-yes")
    # Bob has not played: the game waits for him, and Ada watches her seat played by its bot
    page.wait_for_selector("#concede-note:has-text('You conceded: a bot plays your seat to the end.')")
    assert not page.locator("#concede").is_visible()
    # the seat goes to its bot in a second step after the concession is written: wait for it
    page.wait_for_selector("#panels section[data-seat='0'] .kind:has-text('bot: medium, conceded')")
    assert "Ada concedes: ranked last, a bot plays the seat to the end." in page.inner_text("#log")
    assert "Your turn." not in page.inner_text("#status")
    assert page.locator("#legal button.action").count() == 0
    actions = f"{server.url}/api/tables/{table}/actions"
    conceded = httpx.post(
        actions, json={"action": "concede"}, headers={"Authorization": f"Bearer {bob}"}, timeout=30
    )
    assert conceded.status_code == 200, conceded.text  # two seats still stand: the bots play on
    page.wait_for_selector("#outcome ol.ranks li", timeout=120_000)
    record = checked_record(server, table)
    assert ranks_shown(page) == list(record.outcome.ranks)
    assert record.outcome.ranks[:2] == (4, 3)  # Bob gave up after Ada: he ranks above her
    assert page.locator("#outcome p.conceded").all_inner_texts() == ["Ada conceded.", "seat 1 conceded."]
    conceded_at = record.actions.index((0, "concede"))
    assert any(seat == 0 for seat, _ in record.actions[conceded_at + 1 :]), "the bot played Ada's seat"
    assert not page.errors
