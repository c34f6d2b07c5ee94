"""What every command shares: consoles, the error policy and option parsing."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from robotable.core.errors import InvalidOptions, RobotableError
from robotable.core.numbers import MAX_DIGITS

BAD_INPUT = 2  # exit status for a refused command line (unknown game, bad option...)


def out() -> Console:
    # made per call: the test runner swaps sys.stdout between invocations
    return Console(highlight=False)


def err() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = BAD_INPUT) -> typer.Exit:
    """Print ``message`` in red on stderr; the exit to raise."""
    err().print(Text(f"error: {message}", style="red"), soft_wrap=True)
    return typer.Exit(code)


def check_writable(path: Path) -> None:
    """Refuse an output file whose folder is missing before any long work starts."""
    folder = path.parent
    if not folder.is_dir():
        raise fail(f"cannot write {path}: there is no folder {folder}")


def write_file(path: Path, text: str) -> None:
    """Write a text file; a failure is one red line, not a traceback."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}") from None


@contextmanager
def reporting(code: int = BAD_INPUT) -> Iterator[None]:
    """Turn a RobotableError into one red line and an exit status, never a traceback."""
    try:
        yield
    except RobotableError as exc:
        raise fail(str(exc), code) from None


def parse_options(pairs: Sequence[str], flag: str = "--option") -> dict[str, Any]:
    """``key=value`` pairs; values are JSON when they parse as JSON, else strings.

    Numbers no option could mean are refused here, before Python's own readers fail on
    them: NaN and Infinity, numbers past the float range, and whole numbers of more than
    :data:`~robotable.core.numbers.MAX_DIGITS` digits.

    >>> parse_options(["chips_to_win=1", "board=1A2A3A4A", "stall_after_s=null"])
    {'chips_to_win': 1, 'board': '1A2A3A4A', 'stall_after_s': None}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOptions(f"{flag} expects key=value, not {quoted(pair)}")
        options[key.strip()] = _option_value(key.strip(), value, flag)
    return options


def _option_value(key: str, text: str, flag: str) -> Any:
    def whole(digits: str) -> int:
        size = len(digits.lstrip("-"))
        if size > MAX_DIGITS:
            raise InvalidOptions(
                f"{flag} {key}: the number is too large ({size} digits; at most {MAX_DIGITS})"
            )
        return int(digits)

    def real(digits: str) -> float:
        number = float(digits)
        if not math.isfinite(number):
            raise InvalidOptions(f"{flag} {key}: {quoted(digits)} is too large to be a number")
        return number

    def constant(name: str) -> float:
        raise InvalidOptions(f"{flag} {key}: {name} is not a number an option takes")

    try:
        return json.loads(text, parse_int=whole, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError:
        return text
    except RecursionError:  # thousands of nested brackets: Python's own stack gives out
        raise InvalidOptions(f"{flag} {key}: the value is nested too deeply to be an option") from None


def quoted(text: str, limit: int = 40) -> str:
    """Typed text quoted for a message, cut when long, control characters escaped."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"
