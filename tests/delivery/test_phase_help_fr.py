"""Delivery's phase help in French (issue 14): how to type a program and every card code, in the
rulebook's words; the notation is typed the same in both languages."""

from __future__ import annotations

from robotable import games
from robotable.games.delivery.cards import CARD_LEGEND, HOW_TO_TYPE
from robotable.games.delivery.game import CARD_LEGEND_FR, HOW_TO_TYPE_FR

GAME = games.get("delivery")


def test_every_line_of_the_help_has_its_french_with_the_same_codes() -> None:
    assert len(HOW_TO_TYPE_FR) == len(HOW_TO_TYPE) and len(CARD_LEGEND_FR) == len(CARD_LEGEND)
    for english, french in zip(HOW_TO_TYPE, HOW_TO_TYPE_FR, strict=True):
        assert french.split(" : ")[0] == english.split(": ")[0] and french != english  # the notation
    for english, french in zip(CARD_LEGEND, CARD_LEGEND_FR, strict=True):
        assert french.split()[0] == english.split()[0] and french != english  # the card codes


def test_the_french_help_is_asked_for_and_english_stays_the_default() -> None:
    view = GAME.new_state({}, seed=1, seats=2).view(0)
    french = GAME.phase_help(view, "fr")
    assert french is not None and "Cartes :" in french and "Boucle × 2" in french
    assert "emplacement" in french and "plateau fonction" in french
    assert GAME.phase_help(view) == GAME.phase_help(view, "en") and "Cards:" in GAME.phase_help(view)
