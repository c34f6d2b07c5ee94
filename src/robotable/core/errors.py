"""Specific errors whose messages a player or a file author can act on.

All of them derive from :class:`ValueError` (as in python-chess) so that callers who
only care about "bad input" can catch one thing.
"""

from __future__ import annotations

QUOTED = 40
"""Characters of a value an error quotes: enough to recognise it, never a hostile value whole."""


def quoted(value: object, limit: int = QUOTED) -> str:
    """A value as an error message quotes it (its ``repr``): whole when short, else its first
    ``limit`` characters and its length. A 4,000-digit number or a 3 MB text sent by a client
    is not echoed back whole (nor, for the number, turned into text: Python refuses to print
    an integer of more than 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a number of more than {limit} digits"
    try:
        return clipped(repr(value), limit)
    except ValueError:  # a list holding a number too long to print
        return f"a {type(value).__name__} too large to quote"


def clipped(text: str, limit: int = QUOTED) -> str:
    """A text an error message shows: whole when short, else its first ``limit`` characters
    and its length."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


class RobotableError(ValueError):
    """Base class of every error robotable raises on purpose.

    ``fr``: the same sentence in French, for the refusals a person meets in the browser's
    French pages (the server sends it as ``error_fr``); the message stays the English one.
    ``code`` and ``params``: what a face reacts to or words itself (``too_late`` with the
    timer that ran out), so that no face ever reads the English sentence; empty when the
    sentence is all there is to say."""

    code: str = ""
    params: dict[str, object]

    def __init__(self, *args: object, fr: str | None = None) -> None:
        super().__init__(*args)
        self.fr = fr
        self.params = {}


class IllegalAction(RobotableError):
    """An action was refused. The state is exactly as it was before the call.

    ``reason`` is a short sentence meant for the player ("cannot raise your own bid").
    """

    def __init__(self, reason: str, *, seat: object = None, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class NotationError(RobotableError):
    """A text could not be read as an action, a puzzle code or another notation."""


class InvalidOptions(RobotableError):
    """Game options are unknown, of the wrong type or out of range.

    ``option``: the one option at fault, when there is one (a page marks its field), and
    ``reason``: what is wrong with it, without its name."""

    def __init__(
        self, *args: object, option: str | None = None, reason: str | None = None, fr: str | None = None
    ) -> None:
        super().__init__(*args, fr=fr)
        self.option = option
        self.reason = reason


class DataFileError(RobotableError):
    """A data file (board, deck, scenario) is malformed; the message names file and field."""

    def __init__(self, file: str, field: str, reason: str) -> None:
        super().__init__(f"{file}: {field}: {reason}")
        self.file = file
        self.field = field
        self.reason = reason


class StateError(RobotableError):
    """A saved state (a file, a message) is not a state of the game it claims to be."""


class RecordError(RobotableError):
    """A game record is malformed or does not replay to what it claims."""


class PuzzleError(RobotableError):
    """A puzzle (a file, an editor's message, an attempt) cannot be honoured: malformed, too
    large, or asking for what the game cannot do. The message says why in plain words; ``fr``
    says it in French for the pages."""
