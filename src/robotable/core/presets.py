"""A game's presets: named sets of options a person picks instead of every option one by one.

``standard`` (no option changed: the rulebook's game) comes first for every game; a game adds its
own in ``data/presets.json`` of its package, an object of a preset's name to its options::

    {"quick": {"options": {"turn_limit": 15}}}

Each preset's options are checked by the game when it loads (an unknown option or a value the
game refuses is a :class:`DataFileError` naming the file and the preset). A preset's words (its
label and a one-line description) are the game catalogue's ``preset.NAME`` and
``preset.NAME.about`` (:mod:`robotable.core.words`), so a sixth game brings its presets and
their words in its own folder.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from robotable.core.datafile import read_packaged_object
from robotable.core.errors import DataFileError, InvalidOptions

STANDARD = "standard"
"""The rulebook's game: every option at its default."""

FILE = "presets.json"
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass(frozen=True)
class Preset:
    """A named set of options: what it changes, the rest at the game's defaults."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "options": dict(self.options)}


def read_presets(package: str, check: Callable[[Mapping[str, Any]], object]) -> tuple[Preset, ...]:
    """The presets of the game in ``package``: ``standard`` first, then those of its
    ``data/presets.json`` in the file's order, each one's options passed to ``check`` (the game's
    ``validate_options``)."""
    data, where = read_packaged_object(
        package, "data", FILE, "presets are a JSON object of a preset's name to its options"
    )
    if data is None:
        return (Preset(STANDARD),)
    presets = [Preset(STANDARD)]
    for name, entry in data.items():
        presets.append(_preset(where, name, entry, check))
    return tuple(presets)


def _preset(where: str, name: str, entry: object, check: Callable[[Mapping[str, Any]], object]) -> Preset:
    if not _NAME.match(name) or name == STANDARD:
        raise DataFileError(where, name, "a preset's name is a short lower-case word, and not 'standard'")
    if not isinstance(entry, dict) or set(entry) != {"options"} or not isinstance(entry["options"], dict):
        raise DataFileError(where, name, 'a preset is {"options": {...}}')
    try:
        check(entry["options"])
    except InvalidOptions as exc:
        raise DataFileError(where, f"{name}.options", str(exc)) from None
    return Preset(name, dict(entry["options"]))
