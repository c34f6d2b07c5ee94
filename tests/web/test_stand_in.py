"""A person who closes their page gets a stand-in bot after the server's grace period; the others
are told in the log, in the page's language, and the seat comes back when its person does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..server import process
from .conftest import sit_down
from .test_pages import create_from_lobby

pytestmark = pytest.mark.timeout(120)


def test_a_bot_stands_in_for_a_person_who_left_until_they_come_back(
    tmp_path: Path, browser: Any, context: Any, page_at: Any
) -> None:
    server = process.start(f"sqlite:///{tmp_path / 'tables.sqlite3'}", tmp_path, extra=["--grace", "1"])
    try:
        ada = page_at(server.url)
        create_from_lobby(ada, "delivery", seats=["human"], timers=True)  # a turn-based table waits
        link = ada.input_value("#panels section[data-seat='1'] input.invite")
        bob_context = browser.new_context(locale="en-GB", bypass_csp=True)
        try:
            bob = bob_context.new_page()
            bob.goto(link)
            sit_down(bob, "Bob")  # asked once: his name is the table's from now on
            bob.wait_for_selector("body[data-seat='1'] #board svg")
            bob.close()  # Bob leaves: a second later a bot plays for him
            ada.wait_for_selector("#log li.notice[data-notice='stand-in']", timeout=20_000)
            assert "Bob left: bot medium plays for them until they come back." in ada.inner_text("#log")
            bob_panel = "#panels section[data-seat='1']"
            assert ada.inner_text(f"{bob_panel} h3") == "Bob"
            assert ada.inner_text(f"{bob_panel} .kind") == "away: bot medium plays for them"

            ada.select_option("#language", "fr")  # the next notice in French
            bob = bob_context.new_page()
            bob.goto(link.split("#")[0])  # his token is kept in his browser: his seat again
            bob.wait_for_selector("body[data-seat='1'] #board svg")
            ada.wait_for_selector("#log li.notice[data-notice='back']", timeout=20_000)
            assert "Bob est de retour et reprend sa place." in ada.inner_text("#log")
            assert "absent" not in ada.inner_text("#panels")
            assert not ada.errors
        finally:
            bob_context.close()
    finally:
        process.stop(server)
