"""Issue 32, challenging a bot, in real Chromium: the owner chooses on the account page the games
their bot takes; the lobby's "Challenge a bot" lists it in those games only, marked as a bot with
its owner, and its button opens a new table where the seat is offered to the bot by name."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from ..server.process import Server

pytestmark = pytest.mark.timeout(120)


def test_an_owner_s_bot_is_challenged_from_the_lobby_in_the_games_it_takes(
    server: Server, page_at: Any
) -> None:
    page = page_at(f"{server.url}/account")
    owner, bot = f"Owner {uuid.uuid4().hex[:6]}", f"Bot {uuid.uuid4().hex[:6]}"
    page.locator("#signed-out").wait_for()
    page.fill("#signup-name", owner)
    page.fill("#signup-password", "correct horse")
    page.click("#signup-form button[type=submit]")
    page.locator("#signed-in").wait_for()
    page.fill("#bot-name", bot)
    page.click("#bot-form button[type=submit]")
    page.locator("#bot-token-shown").wait_for()
    token = page.inner_text("#bot-token")

    part = page.locator(f"details.bot-challenges[data-bot='{bot}']")
    part.locator("summary").click()
    part.locator(".challenge-game").first.wait_for()
    assert "Not chosen yet" in part.inner_text()
    for box in part.locator(".challenge-game").all():  # Robotick only
        box.set_checked(box.get_attribute("value") == "robotick")
    part.get_by_label("Turn-based tables").uncheck()
    part.get_by_role("button", name="Save").click()
    part.locator(".status", has_text="Saved.").wait_for()
    kept = page.request.get(f"{server.url}/api/bot/challenges", headers={"Bot-Token": token}).json()
    assert kept["games"] == ["robotick"] and kept["turn_based"] is False and kept["set"] is True

    page.goto(server.url)
    page.locator("#challenge:not([hidden])").wait_for()
    page.select_option("#challenge-game", "droids")
    page.locator("#challenge-list li", has_text="No bot takes").wait_for()
    assert bot not in page.inner_text("#challenge-list")
    page.select_option("#challenge-game", "robotick")
    listed = page.locator(f"#challenge-list li[data-bot='{bot}']")
    listed.wait_for()
    assert f"{bot} (bot)" in listed.inner_text() and f"by {owner}" in listed.inner_text()
    assert "not rated yet" in listed.inner_text()
    listed.get_by_role("button", name=f"Challenge {bot}").click()
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    offered = page.request.get(f"{server.url}/api/bot/tables", headers={"Bot-Token": token}).json()["offered"]
    assert [(entry["table"], entry["seat"], entry["game"]) for entry in offered] == [(table, 1, "robotick")]
    assert page.errors == []
