"""The fuzz layer for tutorials: a damaged tutorial file is refused at load, naming its file.

A tutorial (``games/<id>/data/tutorial*.json``) is no option file a user passes, so it is not
in :data:`.test_loader_fuzz.DATA_FILES`; it is read by :mod:`robotable.play.tutorials`. Here
every shipped tutorial is damaged (a key deleted, a value replaced by another JSON type, by
junk text, by a huge or negative number, a step's notation garbled) and read: only
:class:`DataFileError` may come out, and a tutorial that is accepted still plays its paths.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robotable import games
from robotable.core.errors import DataFileError
from robotable.play import tutorials

SHIPPED = [(game_id, name) for game_id in games.ids() for name in tutorials.names(games.get(game_id))]

JUNK_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.just("x" * 5000),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _shipped(game_id: str, name: str) -> Any:
    package = f"robotable.games.{game_id}"
    return json.loads(resources.files(package).joinpath("data", f"{name}.json").read_text("utf-8"))


def _places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the JSON tree (a key of an object, an index of a list)."""
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _places(value, (*path, index))
    return found


def _damaged(data: Any, path: tuple[Any, ...], junk: Any, delete: bool) -> Any:
    copied = copy.deepcopy(data)
    parent = copied
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return copied


def test_every_shipped_tutorial_is_fuzzed() -> None:
    """The test below has something to damage (Ricochet has a tutorial)."""
    assert ("ricochet", "tutorial") in SHIPPED


@pytest.mark.parametrize(("game_id", "name"), SHIPPED)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), junk=JUNK_VALUES, delete=st.booleans())
def test_a_damaged_tutorial_is_refused_naming_its_file(
    game_id: str, name: str, data: st.DataObject, junk: Any, delete: bool
) -> None:
    game = games.get(game_id)
    original = _shipped(game_id, name)
    path = data.draw(st.sampled_from(_places(original)))
    damaged = _damaged(original, path, junk, delete)
    file = f"{game_id}/data/{name}.json"
    try:
        tutorials.read(game, damaged, file, name)
    except DataFileError as exc:
        assert str(exc).startswith(file), exc
