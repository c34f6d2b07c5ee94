"""Every game option is explained in French too (issue 14: French and English for every word of
the pages), and the option schema the lobby reads carries that French."""

from __future__ import annotations

import re

import pytest

from robotable import games
from robotable.core.game import Game, Option, without_rule_ids

RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")

ALL_OPTIONS = [(game.id, option) for game in games.all_games() for option in game.options]


@pytest.mark.parametrize(("game_id", "option"), ALL_OPTIONS, ids=[f"{g}-{o.name}" for g, o in ALL_OPTIONS])
def test_every_option_has_a_french_help_naming_the_same_rules_and_a_french_label(
    game_id: str, option: Option
) -> None:
    assert option.help_fr.strip(), f"{game_id} option {option.name} has no French help"
    assert option.help_fr != option.help
    assert RULE_ID.findall(option.help_fr) == RULE_ID.findall(option.help)  # rule IDs kept as they are
    assert option.label_fr.strip() and len(option.label_fr) <= 40, (
        f"{game_id} option {option.name}: no short label"
    )


@pytest.mark.parametrize(("game_id", "option"), ALL_OPTIONS, ids=[f"{g}-{o.name}" for g, o in ALL_OPTIONS])
def test_choices_that_are_words_have_french_names(game_id: str, option: Option) -> None:
    """``fewest_chips``, ``per_colour``: words a French form names in French (codes such as
    ``1999+C``, ``A``, 4 are the same in both languages)."""
    worded = option.choices is not None and any(
        isinstance(choice, str) and any(c.islower() for c in choice) for choice in option.choices
    )
    if not worded:
        assert option.choices_fr is None, f"{game_id} option {option.name}: its choices are codes"
        return
    assert option.choices_fr is not None and len(option.choices_fr) == len(option.choices)
    assert len(set(option.choices_fr)) == len(option.choices)  # each told apart
    assert option.schema()["enum_fr"] == list(option.choices_fr)


def test_french_choices_name_each_choice_in_order() -> None:
    with pytest.raises(ValueError, match="choices_fr"):
        Option("x", "a", "one", str, choices=("a", "b"), choices_fr=("un",))


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.id)
def test_the_schema_carries_both_languages(game: Game) -> None:
    properties = game.options_schema()["properties"]
    for option in game.options:
        assert properties[option.name]["description"] == without_rule_ids(option.help)
        assert properties[option.name]["description_fr"] == without_rule_ids(option.help_fr)
        # the pages show no rule IDs (issue 27); the terminal's help keeps them
        assert not RULE_ID.search(
            properties[option.name]["description"] + properties[option.name]["description_fr"]
        )
        assert properties[option.name]["title_fr"] == option.label_fr


def test_help_in_a_language_falls_back_to_english() -> None:
    both = Option("x", 1, "one", int, help_fr="un")
    english_only = Option("y", 1, "two", int)
    assert (both.help_in("fr"), both.help_in("en"), both.help_in("de")) == ("un", "one", "one")
    assert english_only.help_in("fr") == "two" and "description_fr" not in english_only.schema()
    assert "title_fr" not in english_only.schema()
