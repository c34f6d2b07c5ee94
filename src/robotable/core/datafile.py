"""Reading a user's data file (a board, a deck, a table): one place for the errors.

>>> read_user_text("/no/such/board.txt")
Traceback (most recent call last):
...
robotable.core.errors.DataFileError: /no/such/board.txt: file: cannot read it (No such file or directory)
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from functools import lru_cache, wraps
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from robotable.core.errors import DataFileError, NotationError
from robotable.core.numbers import MAX_INT, read_int

T = TypeVar("T")


MAX_FILE_BYTES = 4_000_000
"""No board, deck or table needs more; a bigger file is a mistake (or /dev/zero)."""


def read_packaged_object(
    package: str, folder: str, name: str, shape: str
) -> tuple[dict[str, Any] | None, str]:
    """A JSON object shipped in ``package`` (``folder/name``), and where it is as errors name it
    (``ricochet/words/fr.json``); ``None`` when the package has no such file. Text that is not
    JSON, or JSON that is not an object, is a :class:`DataFileError` saying ``shape`` (what the
    object should be)."""
    file = resources.files(package).joinpath(folder, name)
    where = f"{package.rpartition('.')[2]}/{folder}/{name}"
    if not file.is_file():
        return None, where
    try:
        data = json.loads(file.read_text("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataFileError(where, "file", f"not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise DataFileError(where, "file", shape)
    return data, where


def read_user_text(path: str | Path) -> str:
    """The file's text; a missing, unreadable, special, huge or non-UTF-8 file is a
    :class:`DataFileError` naming the file (and the line of the first bad byte)."""
    try:
        with Path(path).open("rb") as stream:
            regular = stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
            raw = stream.read(MAX_FILE_BYTES + 1) if regular else b""
    except IsADirectoryError:
        regular, raw = False, b""
    except OSError as exc:
        raise DataFileError(str(path), "file", f"cannot read it ({exc.strerror or exc})") from None
    except ValueError:  # a NUL byte in the path
        raise DataFileError(repr(str(path)), "file", "is not a file name (it holds a NUL byte)") from None
    if not regular:
        raise DataFileError(str(path), "file", "is not a regular file")
    if len(raw) > MAX_FILE_BYTES:
        raise DataFileError(str(path), "file", f"is too large (at most {MAX_FILE_BYTES:,} bytes)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DataFileError(str(path), f"line {line}", "is not UTF-8 text (save the file as UTF-8)") from None


def read_data(package: str, default: str, path: str | Path | None) -> tuple[str, str]:
    """``(text, label)`` of a user's file, or of the default file ``data/<default>`` shipped
    in ``package`` when ``path`` is None. The label names the file in error messages."""
    if path is None:
        return resources.files(package).joinpath("data", default).read_text("utf-8"), default
    return read_user_text(path), str(path)


def cached_by_file(loader: Callable[..., T]) -> Callable[..., T]:
    """Cache ``loader(path, *rest)`` per path *and* file modification time: loading again is
    free, and a file edited while the program runs (a server, a notebook) is read again.
    ``path=None`` (the shipped default) is cached once."""

    @lru_cache(maxsize=64)
    def load_stamped(path: str | None, stamp: int, *rest: Any) -> T:
        return loader(path, *rest)

    @wraps(loader)
    def load(path: str | Path | None = None, *rest: Any) -> T:
        if path is None:
            return load_stamped(None, 0, *rest)
        try:
            stamp = Path(path).stat().st_mtime_ns
        except (OSError, ValueError):
            stamp = -1  # missing: the loader raises the error naming the file
        return load_stamped(str(path), stamp, *rest)

    return load


def data_int(
    text: str,
    file: str,
    field: str,
    *,
    signed: bool = False,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """A number of a data file, read like every number in robotable (ASCII digits, bounded):
    anything else is a :class:`DataFileError` naming ``file`` and ``field``.

    >>> data_int("²", "deck.txt", "line 3")
    Traceback (most recent call last):
    ...
    robotable.core.errors.DataFileError: deck.txt: line 3: the number is written with the digits 0-9, not '²'
    """
    try:
        return read_int(text, "the number", signed=signed, minimum=minimum, maximum=maximum)
    except NotationError as exc:
        raise DataFileError(file, field, str(exc)) from None


def data_number(
    value: object, file: str, field: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """A whole number read from JSON data: an ``int`` (not a bool, not a float), bounded."""
    if type(value) is not int:
        raise DataFileError(file, field, f"expected a whole number, not {value!r}")
    if abs(value) > MAX_INT:
        raise DataFileError(file, field, f"the number is too large (at most {MAX_INT})")
    return data_int(str(value), file, field, signed=True, minimum=minimum, maximum=maximum)
