"""Issue 27, the seats' names in real Chromium: two bots of one level have distinct names, their
level and a number ("Medium bot 1", "Medium bot 2"; "Robot moyen 1" in French), in the players'
panels, the log and the end of the game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server
from .conftest import new_page, sit_down
from .test_pages import choose, create_from_lobby

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


def test_an_invited_person_is_asked_a_name_and_the_panels_show_it(server: Server, browser: Any) -> None:
    """Ada's table invites a second person: their page asks a name before they sit; both pages'
    panels show it. Next time this browser offers the same name, and a name left empty is the
    seat's "Joueur 2" on a French page."""
    body = {"game": "delivery", "seats": ["human", "human"], "timers": False, "name": "Ada"}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    creator = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    invited = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        ada = new_page(creator, f"{server.url}/tables/{made['table']}#token={made['token']}")
        ada.wait_for_selector("#board svg")
        assert not ada.locator("#name-dialog[open]").count()  # Ada gave her name when she made it
        # the link as Ada's panel gives it
        link = f"{server.url}/tables/{made['table']}#token={made['invites']['1']}&invited=1"
        zoe = new_page(invited, link)
        zoe.wait_for_selector("#name-dialog[open]")
        assert zoe.input_value("#name-input") == "" and "Joueur 2" in zoe.inner_text("#name-hint")
        assert not zoe.locator("#board svg").count()  # she sits first
        zoe.fill("#name-input", "Zoé")
        zoe.click("#name-sit")
        zoe.wait_for_selector("#panels section[data-seat='1'] h3")
        assert zoe.inner_text("#panels section[data-seat='1'] h3").startswith("Zoé")
        ada.wait_for_selector("#panels section[data-seat='1'] h3:has-text('Zoé')")
        zoe.reload()  # named now: not asked again
        zoe.wait_for_selector("#board svg")
        assert not zoe.locator("#name-dialog[open]").count()

        again = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
        zoe.goto(f"{server.url}/tables/{again['table']}#token={again['invites']['1']}&invited=1")
        zoe.wait_for_selector("#name-dialog[open]")
        assert zoe.input_value("#name-input") == "Zoé"  # remembered in this browser, editable
        zoe.fill("#name-input", "   ")
        zoe.click("#name-sit")
        zoe.wait_for_selector("#panels section[data-seat='1'] h3:has-text('Joueur 2')")
        assert not zoe.errors and not ada.errors
    finally:
        creator.close()
        invited.close()


def test_the_creators_invitation_link_and_bot_button_are_in_the_seats_own_panel(
    server: Server, page_at: Any
) -> None:
    """The old "Seats" list is folded into the panels: the creator finds the invited seat's link
    and the button that gives it to a bot in that seat's panel, and no other list repeats the
    seats; the invited person's page shows neither."""
    page = page_at(server.url)
    create_from_lobby(page, "delivery", seats=["human"])
    invited = "#panels section[data-seat='1']"
    link = page.input_value(f"{invited} input.invite")
    assert "#token=" in link and link.endswith("&invited=1")
    assert page.locator(f"{invited} button.to-bot").count() == 1
    assert page.locator("#panels input.invite, #panels button.to-bot").count() == 2  # seat 1's only
    assert not page.locator("#seats, #invites").count()
    assert page.locator("#side li:has-text('Ada'), #side h3:has-text('Ada')").count() == 1  # her panel only
    other = page.context.browser.new_context(locale="en-GB", bypass_csp=True)
    try:
        bob = new_page(other, link)
        sit_down(bob, "Bob")
        bob.wait_for_selector("#panels section[data-seat='1'] h3")
        assert not bob.locator("#panels input.invite, #panels button.to-bot").count()
        page.wait_for_selector(f"{invited} h3:has-text('Bob')")
        assert page.locator(f"{invited} button.to-bot").count() == 1  # still the creator's to give
    finally:
        other.close()


def test_a_person_taking_an_open_seat_from_the_lobby_is_asked_a_name(server: Server, browser: Any) -> None:
    body = {"game": "delivery", "seats": ["human", "open"], "timers": False, "name": "Ada"}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(context, server.url)
        page.click(f"#tables li[data-table='{made['table']}'] button.join")
        sit_down(page, "Léa")
        page.wait_for_selector("#panels section[data-seat='1'] h3:has-text('Léa')")
        assert page.get_attribute("body", "data-seat") == "1" and not page.errors
    finally:
        context.close()
