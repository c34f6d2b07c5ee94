"""Issue 27, every drawing in French too, in real Chromium: a French table page's board says
the rulebook's words (DR2D's legend: convoyeur, nid-de-poule, tourniquet, presse), names the
seats as the panel does, and is drawn again in English when the page's language changes; the
lobby's pictures are in the page's language."""

from __future__ import annotations

from typing import Any

import pytest

from ..server.process import Server
from .conftest import new_page
from .test_pages import create_from_lobby

pytestmark = pytest.mark.timeout(120)

BOARD_TEXTS = "() => [...document.querySelectorAll('#board svg text')].map((t) => t.textContent)"


def board_says(page: Any, word: str) -> None:
    page.wait_for_function(f"(word) => ({BOARD_TEXTS})().includes(word)", arg=word, timeout=30_000)


def test_a_french_table_page_draws_its_board_in_french(server: Server, browser: Any) -> None:
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        pictures = page.locator("article[data-game=dr2d] img").get_attribute("src")
        assert pictures.endswith("picture.svg?lang=fr"), pictures
        create_from_lobby(page, "dr2d")
        for word in ("convoyeur", "nid-de-poule", "tourniquet", "presse", "mur"):
            board_says(page, word)
        texts = page.evaluate(BOARD_TEXTS)
        assert not {"conveyor", "pit", "turntable", "press", "wall"} & set(texts), texts
        assert any(text.startswith("A : Ada,") for text in texts), texts  # the seat's name, as the panel says
        assert any(text.startswith("tour ") for text in texts), texts
        page.select_option("#language", "en")
        board_says(page, "conveyor")
        texts = page.evaluate(BOARD_TEXTS)
        assert "convoyeur" not in texts and any(text.startswith("A: Ada,") for text in texts), texts
        assert not page.errors
    finally:
        french.close()
