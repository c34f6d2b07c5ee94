"""Reading the numbers people type and files hold: one reader for every notation and data file.

Python's own readers accept far more than a person means: ``"²".isdigit()`` is true and
``int("²")`` fails, ``int("３")`` is 3 (a full-width digit), ``int("٣")`` is 3 (Arabic-Indic),
and a 5,000-digit number is refused with an interpreter limit message. Here a number is
the ASCII digits 0-9, a sign only where the format allows one, and at most
:data:`MAX_DIGITS` digits, so whatever reaches a game is a small plain ``int``.

>>> read_int("12", "a bid")
12
>>> read_int("²", "a bid")
Traceback (most recent call last):
...
robotable.core.errors.NotationError: a bid is written with the digits 0-9, not '²'
>>> read_int("-2", "a column", signed=True)
-2
>>> read_int("-2", "a column")
Traceback (most recent call last):
...
robotable.core.errors.NotationError: a column cannot be negative, not '-2'
"""

from __future__ import annotations

import re

from robotable.core.errors import NotationError

MAX_DIGITS = 9
"""No number in any game needs more digits; more is a typing accident or an attack."""

MAX_INT = 10**MAX_DIGITS - 1

_UNSIGNED = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")


def is_int(text: str, *, signed: bool = False) -> bool:
    """True when ``text`` is a whole number in the ASCII digits (no other check)."""
    return (_SIGNED if signed else _UNSIGNED).fullmatch(text) is not None


def read_int(
    text: str,
    what: str = "a number",
    *,
    signed: bool = False,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """The whole number ``text`` spells, or a :class:`NotationError` saying why not.

    ``what`` names the number in the message ("a bid", "the slot"); ``minimum`` and
    ``maximum`` bound it (inclusive)."""
    shown = _shown(text)
    if not isinstance(text, str) or not text:
        raise NotationError(f"{what} is missing")
    if not is_int(text, signed=True):
        raise NotationError(f"{what} is written with the digits 0-9, not {shown}")
    if not signed and text[0] in "+-":
        raise NotationError(
            f"{what} cannot be negative, not {shown}"
            if text[0] == "-"
            else f"{what} is written without a sign, not {shown}"
        )
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise NotationError(f"{what} is too large ({len(text.lstrip('+-'))} digits; at most {MAX_DIGITS})")
    value = int(text)
    low = "" if minimum is None else str(minimum)
    high = "" if maximum is None else str(maximum)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        if low and high:
            raise NotationError(f"{what} must be from {low} to {high}, not {value}")
        raise NotationError(
            f"{what} must be at least {low}, not {value}"
            if low
            else f"{what} must be at most {high}, not {value}"
        )
    return value


def _shown(text: object, limit: int = 20) -> str:
    """``text`` quoted for a message, cut when long (a 5,000-character line stays one line)."""
    if not isinstance(text, str):
        return repr(text)
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"
