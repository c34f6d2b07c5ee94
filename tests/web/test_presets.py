"""Issue 27, the new-table form's presets in real Chromium: "Standard" (the rulebook's game) is
chosen by default, "Quick" creates a table with the options the game's preset sets, and "Custom"
shows every option in the catalogue's words, with no option identifier and no rule ID."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from robotable import games

from ..server.process import Server
from .conftest import new_page

pytestmark = pytest.mark.timeout(120)

RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")


def open_form(page: Any, game: str) -> None:
    page.click(f"article[data-game={game}] button.new-table")
    page.wait_for_selector("#presets-box label[data-preset]")


def test_quick_creates_a_table_with_the_presets_options(server: Server, page_at: Any) -> None:
    """DR2D, Standard chosen at first and no option shown; Quick: the table is made with its
    turns and start tiles (the seat's view says the options the game runs with)."""
    page = page_at(server.url)
    open_form(page, "dr2d")
    assert page.is_checked("input[name=preset][value=standard]")
    assert not page.locator("#options-box").is_visible()
    quick = page.locator("#presets-box label[data-preset=quick]")
    assert "Quick" in quick.inner_text() and "12 turns" in quick.inner_text()
    quick.click()
    page.select_option("#seat-count", "2")
    page.fill("#player-name", "Ada")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/tables/"))
    table = page.url.split("/tables/")[1].split("#")[0].split("?")[0]
    token = page.evaluate(f"() => localStorage.getItem('robotable:token:{table}')")
    seen = httpx.get(
        f"{server.url}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}, timeout=10
    ).json()
    options = seen["view"]["options"]
    assert (options["turn_limit"], options["start_placement"]) == (12, "assigned")
    assert not page.errors


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", ["ricochet", "droids"])
def test_custom_shows_every_option_in_words_without_identifiers(
    server: Server, browser: Any, game_id: str, lang: str
) -> None:
    game = games.get(game_id)
    words = game.words(lang)
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale={"en": "en-GB", "fr": "fr-FR"}[lang], bypass_csp=True
    )
    try:
        page = new_page(context, server.url)
        open_form(page, game_id)
        page.check("input[name=preset][value=custom]")
        page.wait_for_selector("#options-box:visible")
        shown = page.inner_text("#options-box")
        for option in game.options:
            if option.name.endswith("_file"):
                assert not page.locator(f"#option-{option.name}").count()  # the terminal's
                continue
            assert page.inner_text(f"label[for=option-{option.name}]") == words[f"option.{option.name}"]
            assert page.get_attribute(f"label[for=option-{option.name}]", "title") is None
        assert not RULE_ID.search(shown) and "_" not in shown, shown  # no identifier, no rule ID
        assert "demo timeout s" not in shown and "tie break" not in shown  # the old form's labels
        page.check("input[name=preset][value=quick]")
        assert not page.locator("#options-box").is_visible()
        assert not page.errors
    finally:
        context.close()


def test_custom_starts_from_the_preset_chosen_before_it(server: Server, page_at: Any) -> None:
    """Quick, then Custom: the fields hold Quick's values, which the person may change."""
    page = page_at(server.url)
    open_form(page, "ricochet")
    page.check("input[name=preset][value=quick]")
    page.check("input[name=preset][value=custom]")
    assert page.input_value("#option-chips_to_win") == "3"
    page.check("input[name=preset][value=standard]")
    page.check("input[name=preset][value=custom]")
    assert page.input_value("#option-chips_to_win") == ""  # the default: by the number of players
