"""A user's data file that cannot be read is one clear error naming the file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from robotable.core.datafile import read_user_text
from robotable.core.errors import DataFileError
from robotable.games.ricochet.board import load_faces


def test_a_file_in_another_encoding_names_the_line_of_the_first_bad_byte(tmp_path: Path) -> None:
    latin = tmp_path / "board.txt"
    latin.write_bytes("first line\nsecond\nthird: caf\xe9\n".encode("latin-1"))
    with pytest.raises(DataFileError, match=r"board.txt: line 3: is not UTF-8 text"):
        read_user_text(latin)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"nothing.txt: file: cannot read it"):
        read_user_text(tmp_path / "nothing.txt")


def test_ricochet_faces_file_in_another_encoding_is_refused(tmp_path: Path) -> None:
    """RR-5: a user's faces file is read through the same door."""
    binary = tmp_path / "faces.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataFileError, match="not UTF-8"):
        load_faces(binary)


def test_an_edited_data_file_is_read_again(tmp_path: Path) -> None:
    """Loaders cache per file and modification time: a board edited while running counts."""
    import os

    from robotable.core.datafile import cached_by_file

    reads: list[str] = []

    @cached_by_file
    def load(path: str | None) -> str:
        reads.append(str(path))
        return read_user_text(path) if path else "default"

    data = tmp_path / "deck.txt"
    data.write_text("one")
    assert load(data) == load(str(data)) == "one"
    assert load() == load(None) == "default"
    assert len(reads) == 2  # once per file, once for the default
    data.write_text("two")
    os.utime(data, ns=(data.stat().st_atime_ns, data.stat().st_mtime_ns + 1_000_000))
    assert load(data) == "two"
    with pytest.raises(DataFileError, match="cannot read it"):
        load(tmp_path / "missing.txt")


def test_special_huge_and_nul_named_files_are_refused(tmp_path: Path) -> None:
    """/dev/zero would never end, a folder is no board, a NUL byte is no file name."""
    from robotable.core.datafile import MAX_FILE_BYTES

    for path, reason in (
        ("/dev/zero", "not a regular file"),
        (str(tmp_path), "cannot read it|not a regular"),
    ):
        with pytest.raises(DataFileError, match=reason):
            read_user_text(path)
    with pytest.raises(DataFileError, match="NUL byte"):
        read_user_text("board\0.txt")
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    with pytest.raises(DataFileError, match="too large"):
        read_user_text(huge)
