"""Issue 27, the seats' names in real Chromium: two bots of one level have distinct names, their
level and a number ("Medium bot 1", "Medium bot 2"; "Robot moyen 1" in French), in the players'
panels, the log and the end of the game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server
from .conftest import new_page
from .test_pages import choose

pytestmark = pytest.mark.timeout(180)

LOCALES = {"en": "en-GB", "fr": "fr-FR"}
BOTS = {"en": ("Medium bot 1", "Medium bot 2"), "fr": ("Robot moyen 1", "Robot moyen 2")}


def play_to_the_end(server: Server, table: str, token: str) -> None:
    """Seat 0 plays its first onward action until the game is over (the bots play theirs)."""
    headers = {"authorization": f"Bearer {token}"}
    for _ in range(500):
        state = httpx.get(f"{server.url}/api/tables/{table}", headers=headers, timeout=30).json()
        if state["outcome"] is not None:
            return
        if state["legal"]:
            httpx.post(
                f"{server.url}/api/tables/{table}/actions",
                json={"action": choose(state["legal"])},
                headers=headers,
                timeout=30,
            )
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_two_bots_of_one_level_have_distinct_names_in_panels_log_and_end(
    server: Server, browser: Any, lang: str
) -> None:
    body = {
        "game": "dr2d",
        "seats": ["human", "bot:medium", "bot:medium"],
        "options": {"turn_limit": 1, "start_placement": "assigned"},
        "timers": False,
        "name": "Ada",
        "seed": 2,
    }
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale=LOCALES[lang], bypass_csp=True
    )
    try:
        page = new_page(context, f"{server.url}/tables/{made['table']}#token={made['token']}")
        page.wait_for_selector("#panels section[data-seat='2'] h3")
        first, second = BOTS[lang]
        assert page.inner_text("#panels section[data-seat='1'] h3") == first
        assert page.inner_text("#panels section[data-seat='2'] h3") == second
        play_to_the_end(server, made["table"], made["token"])
        page.wait_for_selector("#outcome li[data-rank]")
        ranks = page.inner_text("#outcome")
        assert first in ranks and second in ranks and "Ada" in ranks, ranks
        log = page.inner_text("#log")
        assert first in log and second in log, log
        assert "medium" not in page.inner_text("#panels h3")
        assert not page.errors
    finally:
        context.close()
