"""Robot cards, AI cards and their data files.

A robot card is an integer ``0..51``: ``type * 13 + strength - 1`` with types
``0..3`` = A (red), B (blue), C (orange), D (green). Its notation is type letter plus
strength, ``B9`` (RT-2).

>>> card("B9"), name(21), strength(21), kind(21)
(21, 'B9', 9, 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from robotable.core.datafile import cached_by_file, read_data
from robotable.core.errors import DataFileError, NotationError

TYPES = "ABCD"
STRENGTHS = 13
DECK = 52
TYPE_COLOURS = ("red", "blue", "orange", "green")

CRITERIA = ("Faible", "Forte", "Max", "Min")
"""Weakest card, strongest card, largest column, smallest column (RT-20)."""

COLUMNS = ("follow", "no-follow", "open")
"""AI card columns: Suit, Ne suit pas, Ouvre (RT-18)."""
COLUMN_TITLES = {"follow": "Suit", "no-follow": "Ne suit pas", "open": "Ouvre"}

PV_TABLES = {"strength": "cards.txt", "fifteen": "cards_fifteen.txt"}
DEFAULT_AI_FILE = "ai_cards.txt"


def kind(c: int) -> int:
    """The card's type, 0..3 for A..D."""
    return c // STRENGTHS


def strength(c: int) -> int:
    return c % STRENGTHS + 1


def make(type_index: int, strength_value: int) -> int:
    return type_index * STRENGTHS + strength_value - 1


def name(c: int) -> str:
    return f"{TYPES[kind(c)]}{strength(c)}"


def card(text: str) -> int:
    """Read ``B9`` (any case) as a card; :class:`NotationError` names what is wrong."""
    word = text.strip().upper()
    if len(word) < 2 or word[0] not in TYPES or not word[1:].isdigit():
        raise NotationError(f"a card is a type A-D and a strength 1-13, like B9; not {text!r}")
    value = int(word[1:])
    if not 1 <= value <= STRENGTHS:
        raise NotationError(f"strengths go from 1 to 13, not {value} (in {text!r})")
    return make(TYPES.index(word[0]), value)


def cards(text: str) -> list[int]:
    """Read space-separated cards: ``"A10 A8 B1"``."""
    return [card(word) for word in text.split()]


def names(hand: list[int] | tuple[int, ...]) -> list[str]:
    return [name(c) for c in hand]


def columns(hand: list[int] | tuple[int, ...]) -> list[list[int]]:
    """A hand sorted in four columns by type A..D, strongest first (RT-8)."""
    out: list[list[int]] = [[] for _ in TYPES]
    for c in sorted(hand, reverse=True):
        out[kind(c)].append(c)
    return out


# --------------------------------------------------------------------------- data files


def _lines(path: str | None, default: str) -> tuple[str, list[tuple[int, str]]]:
    """The file's label and its meaningful lines (number, text without comment)."""
    text, label = read_data("robotable.games.robotick", default, path)
    rows = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            rows.append((number, line))
    return label, rows


@cached_by_file
def load_pv(path: str | None = None, table: str = "strength") -> tuple[int, ...]:
    """The 52 PV values indexed by card (RT-2), from a user file or a built-in table."""
    label, rows = _lines(path, PV_TABLES[table])
    pv = [0] * DECK
    seen: dict[str, int] = {}
    for number, line in rows:
        words = line.split()
        letter = words[0].upper()
        where = f"line {number}"
        if letter not in TYPES:
            raise DataFileError(label, where, f"a row starts with a type A, B, C or D, not {words[0]!r}")
        if letter in seen:
            raise DataFileError(label, where, f"type {letter} already given on line {seen[letter]}")
        seen[letter] = number
        values = words[1:]
        if len(values) != STRENGTHS:
            raise DataFileError(label, where, f"type {letter} needs 13 PV values, found {len(values)}")
        for index, value in enumerate(values):
            if not re.fullmatch(r"-?[0-9]+", value):
                raise DataFileError(
                    label, f"{where}, card {letter}{index + 1}", f"PV {value!r} is not a number"
                )
            pv[make(TYPES.index(letter), index + 1)] = int(value)
    missing = [t for t in TYPES if t not in seen]
    if missing:
        raise DataFileError(label, "types", f"no row for type {', '.join(missing)}")
    return tuple(pv)


@dataclass(frozen=True)
class AiCard:
    """One AI card: per column the primary and optional secondary criterion (RT-3)."""

    id: str
    follow: tuple[str, ...]
    no_follow: tuple[str, ...]
    open: tuple[str, ...]

    def criteria(self, column: str) -> tuple[str, ...]:
        return {"follow": self.follow, "no-follow": self.no_follow, "open": self.open}[column]

    def to_dict(self) -> dict[str, list[str] | str]:
        return {"id": self.id, **{col: list(self.criteria(col)) for col in COLUMNS}}


def _criterion(word: str, label: str, where: str) -> str:
    for known in CRITERIA:
        if word.lower() == known.lower():
            return known
    raise DataFileError(label, where, f"unknown criterion {word!r}; use Faible, Forte, Max, Min or -")


@cached_by_file
def load_ai_cards(path: str | None = None) -> tuple[AiCard, ...]:
    """The AI cards of a file (the default deck when ``path`` is None), validated."""
    label, rows = _lines(path, DEFAULT_AI_FILE)
    deck: list[AiCard] = []
    seen: dict[str, int] = {}
    for number, line in rows:
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 4:
            raise DataFileError(
                label,
                f"line {number}",
                f"expected 'id | Suit | Ne suit pas | Ouvre', found {len(parts)} fields",
            )
        card_id = parts[0]
        if not card_id or " " in card_id:
            raise DataFileError(label, f"line {number}, id", f"an id is one word, not {card_id!r}")
        if card_id in seen:
            raise DataFileError(
                label, f"line {number}, id", f"AI card {card_id} already on line {seen[card_id]}"
            )
        seen[card_id] = number
        columns_read = []
        for column, text in zip(COLUMNS, parts[1:], strict=True):
            where = f"line {number}, column {COLUMN_TITLES[column]}"
            words = text.split()
            if not 1 <= len(words) <= 2:
                raise DataFileError(label, where, "give a primary criterion and optionally a secondary one")
            if words[0] == "-":
                raise DataFileError(label, where, "the primary criterion cannot be empty")
            chosen = tuple(_criterion(w, label, where) for w in words if w != "-")
            columns_read.append(chosen)
        deck.append(AiCard(card_id, *columns_read))
    if not deck:
        raise DataFileError(label, "cards", "the file holds no AI card")
    return tuple(deck)
