"""Ricochet's phase help in French (issue 14): the same commands in every phase, typed the same,
explained in the rulebook's words; English stays the default (the terminal's)."""

from __future__ import annotations

from typing import Any

from robotable import games
from robotable.core.game import REFEREE
from robotable.games.ricochet.game import phase_commands
from tests.ricochet.conftest import P1, new, play

GAME = games.get("ricochet")


def _views_of_every_phase() -> dict[str, dict[str, Any]]:
    solo = new(P1, seats=1)
    bidding = new(P1)
    views = {"puzzle": solo.view(0), "solving": bidding.view(0)}
    play(bidding, 0, "bid 3")
    views["countdown"] = bidding.view(1)
    bidding.apply_text(REFEREE, "time-up")
    views["demonstrator"], views["watcher"] = bidding.view(0), bidding.view(1)
    return views


def test_every_phase_has_the_same_commands_explained_in_french() -> None:
    for phase, view in _views_of_every_phase().items():
        english, french = phase_commands(view), phase_commands(view, "fr")
        assert english, phase
        forms = [form for form, _ in english]
        if phase != "watcher":  # the watcher's only line is an empty one, named in each language
            assert [form for form, _ in french] == forms, phase
        for (_, meaning), (_, sens) in zip(english, french, strict=True):
            assert sens and sens != meaning, (phase, meaning)
        assert GAME.phase_help(view) == GAME.phase_help(view, "en")  # English unless asked
        assert GAME.phase_help(view, "de") == GAME.phase_help(view)  # no German: English


def test_the_french_help_uses_the_rulebooks_words() -> None:
    views = _views_of_every_phase()
    assert "annoncer un nombre de coups, de 1 à 99" in GAME.phase_help(views["solving"], "fr")
    assert "jetons de couleur" in GAME.phase_help(views["puzzle"], "fr")  # RR: the markers
    assert "démonstration" in GAME.phase_help(views["watcher"], "fr")
    demonstrator = GAME.phase_help(views["demonstrator"], "fr")
    assert "give-up" in demonstrator and "red N" in demonstrator and "nord" in demonstrator
