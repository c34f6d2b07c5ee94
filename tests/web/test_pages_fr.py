"""Issue 14, French for every word of the pages, in real Chromium: the lobby's table-creation
form explains each option in the page's language, and the table page says what to type in the
phase in it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from robotable import games

from ..server.process import Server
from .conftest import new_page
from .test_pages import create_from_lobby

pytestmark = pytest.mark.timeout(120)


def option_help(page: Any, name: str) -> str:
    return page.locator(f"#option-{name} ~ small").inner_text()


def test_the_french_lobby_explains_every_option_in_french(server: Server, browser: Any) -> None:
    """A browser that prefers French, the Custom preset: each option's help under its field is the
    game catalogue's French (DR2D's 'trappe', 'PC') under its French label; switched to English,
    the English words, what was typed kept. No identifier and no rule ID is shown: people read it."""
    dr2d = games.get("dr2d")
    shown = [opt for opt in dr2d.options if not opt.name.endswith("_file")]  # files: the terminal's
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        page.click("article[data-game=dr2d] button.new-table")
        page.check("input[name=preset][value=custom]")
        page.wait_for_selector("#option-pit_damage:visible")
        for lang in ("fr", "en"):
            words = dr2d.words(lang)
            for option in shown:
                assert option_help(page, option.name) == words[f"option.{option.name}.help"], option.name
                assert page.inner_text(f"label[for=option-{option.name}]") == words[f"option.{option.name}"]
            if lang == "fr":
                assert "PC" in option_help(page, "pit_damage") and "trappe" in option_help(page, "pit_damage")
                placement = page.locator("#option-start_placement option").all_inner_texts()
                assert placement == ["au choix", "attribuée", "n'importe quelle dalle libre"], placement
                page.select_option("#option-start_placement", "free")  # the value, the same in both languages
                page.fill("#option-turn_limit", "7")
                page.select_option("#language", "en")
                page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert page.input_value("#option-turn_limit") == "7"  # the form redrawn, what was typed kept
        assert page.input_value("#option-start_placement") == "free"
        assert page.locator("#option-start_placement option").all_inner_texts() == [
            "chosen by each player",
            "assigned",
            "any free floor tile",
        ]
        assert not page.errors
    finally:
        french.close()


def test_the_french_table_page_says_what_to_type_in_french(server: Server, browser: Any) -> None:
    """Ricochet in French: the phase's commands are explained in the rulebook's words (bid N:
    'annoncer un nombre de coups'); switched to English, the English help; a spectator has none."""
    french = browser.new_context(viewport={"width": 412, "height": 915}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        create_from_lobby(page, "ricochet", options={"puzzle": "1A2A3A4A-8A44FF0F-RC"})
        page.wait_for_selector("#phase-help-box:not([hidden])")
        assert page.inner_text("#phase-help-box summary") == "Dans cette phase (quoi taper)"
        page.click("#phase-help-box summary")
        help_text = page.inner_text("#phase-help")
        assert "bid N" in help_text and "annoncer un nombre de coups, de 1 à 99" in help_text, help_text
        scroll = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert scroll, "the help makes the phone-sized page scroll sideways"
        page.select_option("#language", "en")
        page.wait_for_function(
            "() => document.querySelector('#phase-help').textContent.includes('bid a number of moves')"
        )
        watcher = new_page(french, page.url + "?watch")
        watcher.wait_for_selector("#board svg")
        assert watcher.locator("#phase-help-box").is_hidden()
        assert not page.errors and not watcher.errors
    finally:
        french.close()


def test_the_french_lobby_says_why_a_table_is_refused(server: Server, browser: Any) -> None:
    """Ricochet in French: a puzzle code the game cannot read is refused in French, its field
    marked and focused (its help says the form); clocks off, the sand timer's game says to tick
    them, in French."""
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        page.click("article[data-game=ricochet] button.new-table")
        page.check("input[name=preset][value=custom]")
        page.fill("#option-puzzle", "pas-un-code")
        page.click("#create-button")
        page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
        said = page.inner_text("#create-error")
        assert said == "L'option « Problème » n'est pas acceptée : voyez son aide, sous le champ.", said
        assert page.get_attribute("#option-puzzle", "aria-invalid") == "true"
        assert page.evaluate("() => document.activeElement.id") == "option-puzzle"
        page.fill("#option-puzzle", "")
        assert page.get_attribute("#option-puzzle", "aria-invalid") is None  # typing clears the mark
        page.locator("#timers").set_checked(False)
        page.click("#create-button")
        page.wait_for_function(
            "() => document.querySelector('#create-error').textContent.includes('horloges')"
        )
        said = page.inner_text("#create-error")
        assert (
            said
            == "Ricochet Robots se joue avec ses horloges : cochez « Horloges actives (sablier, délais) »."
        ), said
        assert "/tables/" not in page.url and not page.errors
        page.click("#create-cancel")
        page.click("article[data-game=droids] button.new-table")
        page.select_option("#seat-count", "4")
        page.check("input[name=preset][value=custom]")
        page.fill("#option-scenario", "6")  # a duel: two players only
        page.click("#create-button")
        page.wait_for_function("() => document.querySelector('#create-error').textContent.includes('joue')")
        said = page.inner_text("#create-error")
        assert said == "le scénario 6 (Duel dans le labyrinthe) se joue à 2 joueur(s)", said
    finally:
        french.close()


def test_a_french_page_says_why_the_server_closed_it_in_french(server: Server, browser: Any) -> None:
    """An invited person's French page is open when the table's creator hands their seat to a
    bot: the server closes that connection with the code ``handed_to_bot``, and the page says
    so in French (not the server's English sentence) and does not reconnect."""
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "delivery", "seats": ["human", "human"], "timers": False, "name": "Ada"},
        timeout=30,
    )
    assert made.status_code == 201, made.text
    table = made.json()
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        invited = table["invites"]["1"]
        page = new_page(french, f"{server.url}/tables/{table['table']}#token={invited}")
        page.wait_for_function("() => document.querySelector('#connection').textContent === 'Connecté.'")
        handed = httpx.post(
            f"{server.url}/api/tables/{table['table']}/seats/1/bot",
            json={},
            headers={"Authorization": f"Bearer {table['token']}"},
            timeout=30,
        )
        assert handed.status_code == 200, handed.text
        page.wait_for_function("() => document.querySelector('#connection').textContent.includes('bot')")
        said = page.inner_text("#connection")
        assert said == "Fermé par le serveur : votre place a été confiée à un bot.", said
        page.wait_for_timeout(1500)  # a page told why it was closed stays closed
        assert page.inner_text("#connection") == said and not page.errors
    finally:
        french.close()
