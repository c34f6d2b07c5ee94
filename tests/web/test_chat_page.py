"""The table's chat panel in real Chromium (issue 29): two people at one table, each in their own
browser; what one writes the other reads as text (markup shown, never run), a muted seat's
messages are hidden and stay hidden after a reload until shown again, and the panel speaks
French on a French page (its words and the server's refusals)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ..server.process import Server
from .conftest import new_page
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(180)


def new_table(server: Server) -> dict[str, Any]:
    body = {"game": "delivery", "seats": ["human", "human"], "timers": False, "name": "Ann", "seed": 3}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    # Bob gives his name as the table page would, so his link is not an invitation to sit first
    join = {"name": "Bob"}
    named = httpx.post(
        f"{server.url}/api/tables/{made['table']}/join",
        json=join,
        headers={"authorization": f"Bearer {made['invites']['1']}"},
        timeout=30,
    )
    assert named.status_code == 200, named.text
    return made  # type: ignore[no-any-return]


@pytest.fixture
def contexts(browser: Any) -> Iterator[Any]:
    made: list[Any] = []

    def context(locale: str = "en-GB") -> Any:
        made.append(
            browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale, bypass_csp=True)
        )
        return made[-1]

    try:
        yield context
    finally:
        for one in made:
            one.close()


def at_table(context: Any, server: Server, table: str, token: str | None) -> Any:
    page = new_page(context, f"{server.url}/tables/{table}" + (f"#token={token}" if token else ""))
    page.wait_for_selector("#panels section[data-seat='1'] h3")
    return page


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def test_markup_is_shown_as_text_and_a_muted_seat_stays_hidden_after_a_reload(
    server: Server, contexts: Any
) -> None:
    made = new_table(server)
    table = made["table"]
    ann = at_table(contexts(), server, table, made["token"])
    bob = at_table(contexts(), server, table, made["invites"]["1"])
    say(ann, "<b>hi</b> <img src=x onerror=alert(1)>")
    bob.wait_for_selector("#chat li[data-number='1']")
    line = bob.locator("#chat li[data-number='1']")
    assert line.locator(".said").inner_text() == "<b>hi</b> <img src=x onerror=alert(1)>"
    assert line.locator(".who").inner_text() == "Ann"
    assert bob.locator("#chat b, #chat img").count() == 0  # shown, never made into markup
    assert ann.input_value("#chat-text") == ""  # sent: the field is empty again
    ann.wait_for_selector("#chat li[data-number='1']")
    assert ann.locator("#chat li[data-number='1'] button.mute").count() == 0  # nobody mutes themselves
    say(bob, "hello Ann")
    bob.wait_for_selector("#chat li[data-number='2']")

    bob.click("#chat li[data-number='1'] button.mute")  # Bob mutes Ann
    assert bob.locator("#chat li[data-seat='0']").count() == 0
    assert bob.locator("#chat li[data-number='2']").count() == 1  # his own stay
    assert "1 message hidden" in bob.inner_text("#chat-hidden")
    assert grave_violations(bob) == []  # its messages, mute and show-again buttons included
    bob.reload()
    bob.wait_for_selector("#chat li[data-number='2']")
    assert bob.locator("#chat li[data-seat='0']").count() == 0  # remembered in this browser
    say(ann, "are you there?")
    ann.wait_for_selector("#chat li[data-number='3']")
    bob.wait_for_function("document.querySelector('#chat-hidden').textContent.includes('2 messages hidden')")
    assert bob.locator("#chat li[data-seat='0']").count() == 0
    assert ann.locator("#chat li").count() == 3  # Ann sees everything: muting is Bob's alone
    bob.click("#chat-hidden button.unmute[data-seat='0']")
    assert bob.locator("#chat li").count() == 3 and bob.locator("#chat-hidden").is_hidden()
    bob.select_option("#language", "fr")  # the page connects again: the history, each message once
    bob.wait_for_function("document.querySelector('#chat-title').textContent === 'Discussion'")
    say(ann, "à bientôt")  # heard after the new connection's history: by then it was merged
    bob.wait_for_selector("#chat li[data-number='4']")
    assert bob.locator("#chat li").count() == 4
    assert bob.get_attribute("#chat li[data-number='1'] button.mute", "aria-label") == "masquer Ann"
    assert not ann.errors and not bob.errors


def test_the_panel_speaks_french_and_words_the_servers_refusals(server: Server, contexts: Any) -> None:
    made = new_table(server)
    table = made["table"]
    ann = at_table(contexts("fr-FR"), server, table, made["token"])
    assert ann.inner_text("#chat-title") == "Discussion"
    assert ann.inner_text("label[for='chat-text']") == "Votre message"
    assert "Caractères restants : 300" in ann.inner_text("#chat-left")
    ann.fill("#chat-text", "x" * 310)
    assert "Caractères en trop : 10" in ann.inner_text("#chat-left")
    ann.press("#chat-text", "Enter")
    ann.wait_for_function("document.querySelector('#chat-answer').textContent.includes('Trop long')")
    assert "300" in ann.inner_text("#chat-answer")
    assert ann.input_value("#chat-text") == "x" * 310  # refused: given back to change
    for number in range(1, 6):
        say(ann, f"message {number}")
        ann.wait_for_selector(f"#chat li[data-number='{number}']")
    say(ann, "un de trop")
    ann.wait_for_function("document.querySelector('#chat-answer').textContent.includes('attendez')")
    watcher = at_table(contexts("fr-FR"), server, table, None)
    watcher.wait_for_selector("#chat li[data-number='5']")
    assert watcher.locator("#chat-form").is_hidden()
    assert "seuls les joueurs" in watcher.inner_text("#chat-watching")
    assert watcher.get_attribute("#chat-log", "aria-live") == "polite"
    assert watcher.get_attribute("#chat-log", "role") == "log"
    assert not ann.errors and not watcher.errors
