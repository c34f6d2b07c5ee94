"""Issue 27: every word in French. Each game's table page and each tutorial, opened at the same
moment in English and in French: every visible text node (the page's and the board drawing's)
that reads the same in both must be notation (a number, a cell, a card, an emitter, a register
letter), a name (a seat's, a game's title, a robot's letter) or one of the few words the two
languages share, listed below with the reason. Anything else is English left in the French page."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from robotable import games
from robotable.play import tutorials

from ..server.process import Server
from .conftest import new_page

pytestmark = pytest.mark.timeout(180)

VISIBLE_TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, text = node.textContent.trim(), el = node.parentElement;
    if (!text || !el || el.closest('script, style, [hidden]')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    out.push(text);
  }
  return out;
}"""

NOTATION = re.compile(
    r"[^A-Za-zÀ-ÿ]*"  # numbers, arrows, signs: no letter
    r"|[A-Z]{1,2}\d{0,2}"  # letters and codes: N, STAY's letters, L1, S3, RR, robot letters
    r"|(pass |donner )?[A-D]\d{1,2}"  # Robotick's cards
    r"|e\d(\.\d)?|F[A-D]\.\d|FN-[A-D]|[A-Z]{2,5}"  # Droids' emitters, Delivery's slots and cards
)
SHARED = {
    "laser",  # the same word in French (DR2D's lasers)
    "mine",  # Droids' mines: "mine" in both
    "statue",  # Droids' statue
    "obstacle",  # Droids
    "orange",  # Robotick's colour
    "violet",  # Droids' order colour
    "(Ouvre)",  # Robotick's AI card: the column's title printed on the card, in both pages
    "(Suit)",
    "(Ne suit pas)",
}
SHARED_PATTERNS = (re.compile(r"type [A-D]( \(orange\))?"),)  # Robotick: "type C (orange)"
TITLES = {game.title for game in games.all_games()}


def allowed(text: str, names: set[str]) -> bool:
    text = text.removeprefix("← ").removesuffix(" …")  # a button of words: its words
    if text in SHARED or text in TITLES or text in names:
        return True
    return bool(NOTATION.fullmatch(text)) or any(p.fullmatch(text) for p in SHARED_PATTERNS)


def texts_in(browser: Any, url: str, lang: str, ready: str) -> list[str]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = new_page(context, url)
        page.evaluate("l => localStorage.setItem('robotable:language', l)", lang)
        page.reload()
        page.wait_for_selector(ready)
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        page.wait_for_timeout(500)  # the games' words arrive after the first drawing
        assert not page.errors
        return page.evaluate(VISIBLE_TEXTS)
    finally:
        context.close()


def english_left(browser: Any, url: str, ready: str, names: set[str]) -> list[str]:
    english = set(texts_in(browser, url, "en", ready))
    french = texts_in(browser, url, "fr", ready)
    return sorted({text for text in french if text in english and not allowed(text, names)})


SEATS = {"ricochet": 2, "dr2d": 2, "droids": 2, "delivery": 2, "robotick": 3}


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.long
def test_a_table_page_has_no_english_left_in_french(server: Server, browser: Any, game: str) -> None:
    """Seat 0's page of a table of people (nothing moves between the two looks)."""
    seats = [{"kind": "human", "name": name} for name in ("Ada", "Bea", "Cy")[: SEATS[game]]]
    body = {"game": game, "seats": ["human"] * SEATS[game], "timers": game == "ricochet", "name": "Ada"}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    table = made.json()
    names = {seat["name"] for seat in seats} | {f"seat {n}" for n in range(8)}
    url = f"{server.url}/tables/{table['table']}#token={table['token']}"
    assert english_left(browser, url, "#board svg", names) == []


@pytest.mark.parametrize(
    "game", [g.id for g in games.all_games() if tutorials.has_tutorial(g)], ids=lambda game: game
)
@pytest.mark.long
def test_a_tutorial_has_no_english_left_in_french(server: Server, browser: Any, game: str) -> None:
    tutorial = tutorials.load(games.get(game))
    names = set(tutorial.names.get("en", [])) if tutorial.names else set()
    url = f"{server.url}/learn/{game}"
    assert english_left(browser, url, "#board svg", names) == []


BUTTON = "document.querySelector('#legal [data-action=%s]')"


def test_action_buttons_speak_french_and_still_send_the_notation(server: Server, browser: Any) -> None:
    """The notation stays what is typed and sent; the buttons' faces are the catalogue's words."""
    body = {"game": "dr2d", "seats": ["human", "human"], "timers": False, "name": "Ada"}
    body["options"] = {"start_placement": "assigned"}
    table = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = new_page(context, f"{server.url}/tables/{table['table']}#token={table['token']}")
        page.evaluate("() => localStorage.setItem('robotable:language', 'fr')")
        page.reload()
        stay = page.locator('#legal button.action[data-action="STAY"]')
        stay.wait_for()
        page.wait_for_function(f"() => {BUTTON % 'STAY'}.textContent === 'sur place (STAY)'")
        stay.click()
        undo = page.locator('#legal button.action[data-action="undo"]')
        undo.wait_for()
        assert undo.inner_text() == "annuler"
        page.select_option("#language", "en")
        page.wait_for_function(f"() => {BUTTON % 'undo'}.textContent === 'undo'")
        assert not page.errors
    finally:
        context.close()
