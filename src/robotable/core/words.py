"""A game's catalogue of words: every word a person reads about the game, per language.

A game keeps its catalogue in its own package, one JSON file per language
(``words/en.json``, ``words/fr.json``): a flat object of keys to templates such as
``"timer.choose_emitters": "{robot} chooses {count} emitter(s) to {what}"``. The faces
word the engine's facts with it (a timer's ``code`` and ``params``, a view's ``phase``),
so rewording a sentence never changes a code that a page or a program reads.

A template's ``{name}`` is filled with the catalogue's word for ``name.VALUE`` when the
catalogue has one (``robot.Yellow`` is "Jaune" in French), else with the value itself;
the browser's pages follow the same rule (``web/static/js/game_words.js``).

>>> words = {"timer.choose": "{robot} chooses {count}", "robot.Yellow": "Jaune"}
>>> fill(words, "timer.choose", {"robot": "Yellow", "count": 2})
'Jaune chooses 2'
>>> fill(words, "timer.unknown", {})
'timer.unknown'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from robotable.core.datafile import read_packaged_object
from robotable.core.errors import DataFileError

LANGUAGES = ("en", "fr")
"""The languages the faces offer; English is behind every other (a missing word is English)."""

_PLACE = re.compile(r"\{(\w+)\}")


def fill(words: Mapping[str, str], key: str, params: Mapping[str, Any]) -> str:
    """The template ``key`` with its ``{name}`` places filled (see the module's rule); the
    key itself when the catalogue has no such template."""
    template = words.get(key, key)

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in params:
            return match.group(0)
        given = params[name]
        return words.get(f"{name}.{given}", str(given))

    return _PLACE.sub(value, template)


@cache
def catalogue(package: str, lang: str) -> dict[str, str]:
    """The words of the game in ``package`` in ``lang``, English filling what ``lang`` lacks
    (a language the game does not have is English). A malformed file is a
    :class:`DataFileError` naming the file and the key at fault."""
    english = _read(package, "en")
    if lang == "en" or lang not in LANGUAGES:
        return english
    return english | _read(package, lang)


def _read(package: str, lang: str) -> dict[str, str]:
    data, where = read_packaged_object(
        package, "words", f"{lang}.json", "a catalogue is a JSON object of keys to words"
    )
    if data is None:
        return {}
    for key, text in data.items():
        if not isinstance(text, str):
            raise DataFileError(where, key, f"words are text, not {type(text).__name__}")
    return data
