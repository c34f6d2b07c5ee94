"""A game's options in words, per language, from the game's catalogue (:mod:`robotable.core.words`):

- ``option.NAME``: its label, a few words (``Sand timer (s)``);
- ``option.NAME.help``: what it does, in a sentence without rule IDs (the terminal adds them);
- ``choice.NAME.VALUE``: a word for a choice that is a code (``fewest_chips``); a choice without
  one is shown as it is (``1999+C``, ``A``);
- ``drawing.NAME.help``: what one of the game's drawing options does (``render -D``).

A face reads these and never shows an option's identifier to a person (the terminal shows it
too, since ``-O NAME=VALUE`` is typed with it).

>>> from robotable import games
>>> ricochet = games.get("ricochet")
>>> tie_break, french = next(o for o in ricochet.options if o.name == "tie_break"), ricochet.words("fr")
>>> option_label(french, tie_break), choice_word(french, tie_break, "earliest_bid")
('Annonces égales', "la première annonce d'abord")
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import DRAWING_WORDS, Option, without_rule_ids

SHARED_DRAWING_HELP: Mapping[str, Mapping[str, str]] = {
    "en": {option.name: without_rule_ids(option.help) for option in DRAWING_WORDS},
    "fr": {
        "lang": "La langue des mots du dessin : en ou fr (notation, nombres et noms restent tels quels)",
        "names": "Les noms des places, dans l'ordre, dessinés au lieu des « place 0 » du jeu",
    },
}
"""What every game's drawing options :data:`DRAWING_WORDS` do, per language (no game owns them)."""


def option_label(words: Mapping[str, str], option: Option) -> str:
    """The option's label (its name in words only when the catalogue lacks one)."""
    return words.get(f"option.{option.name}") or option.name.replace("_", " ")


def option_help(words: Mapping[str, str], option: Option) -> str:
    """What the option does, without rule IDs (the code's English when the catalogue lacks it)."""
    return words.get(f"option.{option.name}.help") or without_rule_ids(option.help)


def choice_word(words: Mapping[str, str], option: Option, value: Any) -> str:
    """A choice of the option in words, or the value itself (a code such as ``1999+C``)."""
    return words.get(f"choice.{option.name}.{value}", str(value))


def drawing_help(words: Mapping[str, str], option: Option, lang: str) -> str:
    """What a drawing option does: the game's words, or the shared ones for ``lang``/``names``."""
    shared = SHARED_DRAWING_HELP.get(lang, SHARED_DRAWING_HELP["en"])
    return (
        words.get(f"drawing.{option.name}.help")
        or shared.get(option.name)
        or SHARED_DRAWING_HELP["en"].get(option.name)
        or without_rule_ids(option.help)
    )
