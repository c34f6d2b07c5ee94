"""Data files: PV tables and AI cards, validated with errors naming file, line and field (RT-2, RT-3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from robotable.core.errors import DataFileError, InvalidOptions
from robotable.games.robotick.cards import DROCO, card, load_ai_cards, load_pv

from .conftest import new, play, start, table

PV_HEAD = "#    1  2  3  4  5  6  7  8  9 10 11 12 13\n"
ROW = " 1  2  3  4  5  6  7  8  9 10 11 12 13\n"


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_rt2_user_pv_file(tmp_path: Path) -> None:
    """RT-2: a user PV table is loaded by option; PV never decide who wins a trick."""
    reversed_row = " ".join(str(14 - s) for s in range(1, 14)) + "\n"
    path = write(tmp_path, "pv.txt", PV_HEAD + "".join(f"{t} {reversed_row}" for t in "ABCD"))
    assert load_pv(path)[card("A13")] == 1
    state = table(droco="C11", p0="C2", p1="C12", p2="C3", trump="D8", cards_file=path)
    start(state)
    play(state, (1, "C12"), (2, "C3"), (0, "C2"))
    assert state.scores == [[0, 3, 0]]  # C12 still beat C3 and C2; C11 is worth 14 - 11


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("A" + ROW + "B" + ROW + "C" + ROW, "types", "no row for type D"),
        ("A" + ROW + "A" + ROW, "line 2", "already given on line 1"),
        ("E" + ROW, "line 1", "type A, B, C or D"),
        ("A 1 2 3\n", "line 1", "needs 13 PV values, found 3"),
        ("A 1 2 3 4 5 6 7 8 9 10 11 twelve 13\n", "line 1, card A12", "digits 0-9, not 'twelve'"),
        ("A --5 2 3 4 5 6 7 8 9 10 11 12 13\n", "line 1, card A1", "digits 0-9, not '--5'"),
        ("A 1 \u00b2 3 4 5 6 7 8 9 10 11 12 13\n", "line 1, card A2", "digits 0-9, not '\u00b2'"),
    ],
)
def test_rt2_broken_pv_files(tmp_path: Path, text: str, field: str, reason: str) -> None:
    """RT-2: a broken PV table is refused, naming the file, the line or card, and the reason."""
    path = write(tmp_path, "pv.txt", text)
    with pytest.raises(DataFileError) as info:
        load_pv(path)
    assert info.value.file == path and info.value.field == field and reason in info.value.reason
    with pytest.raises(DataFileError):
        new(cards_file=path)


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("01 | Faible | Faible Max\n", "line 1", "found 3 fields"),
        ("01 | Faible | Faible Max | Forte Strong\n", "line 1, column Ouvre", "unknown criterion 'Strong'"),
        (
            "01 | - Faible | Faible Max | Forte Min\n",
            "line 1, column Suit",
            "primary criterion cannot be empty",
        ),
        ("01 | Faible | Faible Max Min | Forte\n", "line 1, column Ne suit pas", "optionally a secondary"),
        ("# only comments\n", "cards", "no AI card"),
        ("01 | Faible | Faible | Forte\n\n01 | Forte | Forte | Forte\n", "line 3, id", "already on line 1"),
    ],
)
def test_rt3_broken_ai_files(tmp_path: Path, text: str, field: str, reason: str) -> None:
    """RT-3: a broken AI card file is refused, naming the file, the line and column, and the reason."""
    path = write(tmp_path, "ai.txt", text)
    with pytest.raises(DataFileError) as info:
        load_ai_cards(path)
    assert info.value.file == path and info.value.field == field and reason in info.value.reason


def test_rt6_ai_file_needs_three_cards_unless_fixed(tmp_path: Path) -> None:
    """RT-6: three rounds draw three different cards; one card is enough with fixed_ai_card."""
    path = write(tmp_path, "ai.txt", "solo | Forte | Forte Max | Faible Min\n")
    with pytest.raises(InvalidOptions, match="3 different"):
        new(ai_cards_file=path)
    state = new(ai_cards_file=path, fixed_ai_card=True)
    assert state.ai_card.id == "solo" and state.ai_card.open == ("Faible", "Min")
    assert state.hands[DROCO]


def test_missing_file_is_named(tmp_path: Path) -> None:
    """RT-3: a file that cannot be read is named in the error."""
    path = str(tmp_path / "nowhere.txt")
    with pytest.raises(DataFileError, match="nowhere"):
        load_ai_cards(path)


@pytest.mark.parametrize("loader", [load_pv, load_ai_cards])
def test_rt2_rt3_file_not_utf8(tmp_path: Path, loader: object) -> None:
    """RT-2, RT-3: a file that is not UTF-8 text is refused naming the file and the line, not a crash."""
    path = tmp_path / "broken.txt"
    path.write_bytes(b"# fine\nA 1 2 \xff 4\n")
    with pytest.raises(DataFileError) as info:
        loader(str(path))  # type: ignore[operator]
    assert info.value.file == str(path) and info.value.field == "line 2" and "UTF-8" in info.value.reason
