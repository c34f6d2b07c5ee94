"""Issue 27: ``robotable options GAME`` says what each option does in the game's catalogue's
words, in English or, with ``--lang fr`` (as ``robotable rules``), in French: labels, help, the
choices in words, the presets; the identifiers stay (``-O NAME=VALUE`` is typed with them) and
the spec's rules are named apart."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.cli.main import app

runner = CliRunner()


def options_output(*args: str) -> str:
    result = runner.invoke(app, ["options", *args], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.id)
def test_options_in_french_are_the_catalogues_french(game) -> None:
    shown = options_output(game.id, "--lang", "fr")
    french = game.words("fr")
    for option in game.options:
        assert option.name in shown  # what -O takes
        assert french[f"option.{option.name}"] in shown and french[f"option.{option.name}.help"] in shown
    assert french["preset.quick"] in shown and french["preset.quick.about"] in shown
    assert "par défaut" in shown and "signification" in shown and "meaning" not in shown


def test_options_in_english_by_default_with_choices_in_words_and_rules_apart() -> None:
    shown = options_output("ricochet")
    assert "Equal bids: Order of equal bids" in shown
    assert '"earliest_bid" = earliest bid first' in shown
    assert "[rules RR-20]" in shown and "Quick" in shown and "Le jeu" not in shown


def test_options_in_french_words_the_choices_in_french() -> None:
    shown = options_output("dr2d", "--lang", "fr")
    assert '"assigned" = attribuée' in shown and "[règles DR-7]" in shown


def test_an_unknown_language_is_refused_by_name() -> None:
    result = runner.invoke(app, ["options", "dr2d", "--lang", "de"])
    assert result.exit_code == 2 and "'de'" in result.output
