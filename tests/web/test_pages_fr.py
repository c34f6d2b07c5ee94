"""Issue 14, French for every word of the pages, in real Chromium: the lobby's table-creation
form explains each option in the page's language."""

from __future__ import annotations

from typing import Any

import pytest

from robotable import games

from ..server.process import Server
from .conftest import new_page

pytestmark = pytest.mark.timeout(120)


def option_help(page: Any, name: str) -> str:
    return page.locator(f"#option-{name} ~ small").inner_text()


def test_the_french_lobby_explains_every_option_in_french(server: Server, browser: Any) -> None:
    """A browser that prefers French: each option's help under its field is the game's French
    (DR2D's 'dalle', 'veille', 'PC'); switched to English, the English help, the values kept."""
    dr2d = games.get("dr2d")
    shown = [opt for opt in dr2d.options if not opt.name.endswith("_file")]  # files: the terminal's
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        page.click("article[data-game=dr2d] button.new-table")
        page.wait_for_selector("#option-pit_damage")
        for option in shown:
            assert option_help(page, option.name) == option.help_fr, option.name
        assert "PC" in option_help(page, "pit_damage") and "trappe" in option_help(page, "pit_damage")
        page.fill("#option-turn_limit", "7")
        page.select_option("#language", "en")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        for option in shown:
            assert option_help(page, option.name) == option.help, option.name
        assert page.input_value("#option-turn_limit") == "7"  # the form redrawn, what was typed kept
        assert not page.errors
    finally:
        french.close()
