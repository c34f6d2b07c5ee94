"""Issue 27: every game option is worded for people in the game's catalogue, in English and in
French (``option.NAME``, ``option.NAME.help``, ``choice.NAME.VALUE``: :mod:`robotable.core.option_words`):
a label in words (never the identifier), a help without rule IDs, and a word for each choice that
is a code. The rule IDs stay in the code's help (the spec's reference), which the terminal adds."""

from __future__ import annotations

import re

import pytest

from robotable import games
from robotable.core.game import Game, Option
from robotable.core.option_words import choice_word, option_help, option_label
from robotable.core.words import LANGUAGES

RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")

ALL_OPTIONS = [(game, option) for game in games.all_games() for option in game.options]
IDS = [f"{g.id}-{o.name}" for g, o in ALL_OPTIONS]


def worded_choices(option: Option) -> bool:
    """``fewest_chips``, ``per_colour``: codes a person reads in words (``1999+C``, ``A``, 4 are
    the same in both languages)."""
    return option.choices is not None and any(
        isinstance(choice, str) and any(c.islower() for c in choice) for choice in option.choices
    )


@pytest.mark.parametrize(("game", "option"), ALL_OPTIONS, ids=IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_has_a_label_in_words_and_a_help_without_rule_ids(
    game: Game, option: Option, lang: str
) -> None:
    words = game.words(lang)
    label, help_ = words.get(f"option.{option.name}", ""), words.get(f"option.{option.name}.help", "")
    assert label.strip() and len(label) <= 40, f"{game.id} option {option.name}: no short label in {lang}"
    assert "_" not in label and label != option.name, label  # words, not the identifier
    assert help_.strip() and not RULE_ID.search(label + help_), (label, help_)
    assert (option_label(words, option), option_help(words, option)) == (label, help_)


@pytest.mark.parametrize(("game", "option"), ALL_OPTIONS, ids=IDS)
def test_the_french_words_are_french(game: Game, option: Option) -> None:
    english, french = game.words("en"), game.words("fr")
    assert french[f"option.{option.name}.help"] != english[f"option.{option.name}.help"]


@pytest.mark.parametrize(("game", "option"), ALL_OPTIONS, ids=IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_choices_that_are_codes_have_words_each_told_apart(game: Game, option: Option, lang: str) -> None:
    words = game.words(lang)
    if not worded_choices(option):
        assert not any(key.startswith(f"choice.{option.name}.") for key in words), option.name
        return
    assert option.choices is not None
    named = [choice_word(words, option, value) for value in option.choices]
    assert all(f"choice.{option.name}.{value}" in words for value in option.choices), named
    assert len(set(named)) == len(named) and "_" not in "".join(named)


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.id)
def test_the_schema_carries_the_rules_apart_and_no_words_of_its_own(game: Game) -> None:
    for option in game.options:
        schema = game.options_schema()["properties"][option.name]
        named = list(dict.fromkeys(RULE_ID.findall(option.help)))
        assert schema.get("rules", []) == list(option.rules) == named
        assert not RULE_ID.search(schema["description"])
        assert not {"description_fr", "title_fr", "enum_fr"} & set(schema)  # the catalogue's words


def test_a_missing_word_falls_back_to_the_option_itself() -> None:
    option = Option("demo_timeout_s", 1.0, "RR-21: seconds allowed for one demonstration", float)
    assert option_label({}, option) == "demo timeout s"
    assert option_help({}, option) == "Seconds allowed for one demonstration"
    assert choice_word({}, option, "1999+C") == "1999+C"
