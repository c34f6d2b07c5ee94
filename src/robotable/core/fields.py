"""Reading the fields of JSON data that came from outside (a saved state, a message).

Each reader takes the value, the field's name for the message and its bounds, and returns the
value only if it is exactly of the expected JSON type and within bounds; otherwise it raises
``TypeError`` or ``ValueError`` naming the field, which :meth:`Game.state_from_dict` turns into
a :class:`~robotable.core.errors.StateError`. A hostile value never reaches a loop or an
allocation: a list is measured before it is walked, a number before it is used.

>>> whole(3, "round", 1, 99)
3
>>> whole(True, "round", 1, 99)
Traceback (most recent call last):
...
TypeError: round must be a whole number, not True
>>> listing([1, 2, 3], "hand", most=2)
Traceback (most recent call last):
...
ValueError: hand holds at most 2 items, not 3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_TEXT = 200
"""The longest text field of a saved state (a phase name, a card, a label)."""


def short(value: object, limit: int = 40) -> str:
    """``repr(value)`` for a message, cut to ``limit``; a huge number is described, since its
    repr past 4,300 digits is itself an error."""
    if type(value) is int and value.bit_length() > 64:
        return f"a number of {value.bit_length()} bits"
    try:
        shown = repr(value)
    except Exception:  # a hostile value: its repr is not ours to trust
        return f"a {type(value).__name__}"
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def whole(value: object, field: str, low: int, high: int) -> int:
    """An exact ``int`` (not a bool, not a float) in ``low .. high``."""
    if type(value) is not int:
        raise TypeError(f"{field} must be a whole number, not {short(value)}")
    if not low <= value <= high:
        raise ValueError(f"{field} must be from {low} to {high}, not {short(value)}")
    return value


def flag(value: object, field: str) -> bool:
    """Exactly ``true`` or ``false``."""
    if type(value) is not bool:
        raise TypeError(f"{field} must be true or false, not {short(value)}")
    return value


def text(value: object, field: str, allowed: tuple[str, ...] | None = None) -> str:
    """A string of at most :data:`MAX_TEXT` characters, one of ``allowed`` when given."""
    if type(value) is not str:
        raise TypeError(f"{field} must be text, not {short(value)}")
    if len(value) > MAX_TEXT or (allowed is not None and value not in allowed):
        raise ValueError(f"{field} cannot be {short(value)}")
    return value


def listing(value: object, field: str, length: int | None = None, most: int | None = None) -> list[Any]:
    """A JSON list of exactly ``length`` (or at most ``most``) items."""
    if type(value) is not list:
        raise TypeError(f"{field} must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise ValueError(f"{field} must hold {length} items, not {len(value)}")
    if most is not None and len(value) > most:
        raise ValueError(f"{field} holds at most {most} items, not {len(value)}")
    return value


def mapping(value: object, field: str, keys: tuple[str, ...] | None = None) -> Mapping[str, Any]:
    """A JSON object; with ``keys``, one with exactly those keys."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{field} must be an object, not {type(value).__name__}")
    if keys is not None and set(value) != set(keys):
        odd = sorted(set(value) ^ set(keys), key=str)[0]
        raise ValueError(f"{field} must have the keys {', '.join(keys)}; not {short(odd)}")
    return value
