"""Reading a user's data file (a board, a deck, a table): one place for the errors.

>>> read_user_text("/no/such/board.txt")
Traceback (most recent call last):
...
robotable.core.errors.DataFileError: /no/such/board.txt: file: cannot read it (No such file or directory)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from robotable.core.errors import DataFileError


def read_user_text(path: str | Path) -> str:
    """The file's text; a missing, unreadable or non-UTF-8 file is a :class:`DataFileError`
    naming the file (and the line of the first bad byte)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise DataFileError(str(path), "file", f"cannot read it ({exc.strerror or exc})") from None
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
