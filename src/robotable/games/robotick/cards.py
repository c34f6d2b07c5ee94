"""Robot cards, AI cards and their data files.

A robot card is an integer ``0..51``: ``type * 13 + strength - 1`` with types
``0..3`` = A (red), B (blue), C (orange), D (green). Its notation is type letter plus
strength, ``B9`` (RT-2).

>>> card("B9"), name(21), strength(21), kind(21)
(21, 'B9', 9, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from robotable.core.datafile import cached_by_file, data_int, read_data
from robotable.core.errors import DataFileError, NotationError
from robotable.core.numbers import is_int, read_int

TYPES = "ABCD"
STRENGTHS = 13
DECK = 52
TYPE_COLOURS = ("red", "blue", "orange", "green")

CRITERIA = ("Faible", "Forte", "Max", "Min")
"""Weakest card, strongest card, largest column, smallest column (RT-20)."""

COLUMNS = ("follow", "no-follow", "open")
"""AI card columns: Suit, Ne suit pas, Ouvre (RT-18)."""
COLUMN_TITLES = {"follow": "Suit", "no-follow": "Ne suit pas", "open": "Ouvre"}
"""The printed (French) column titles, as the data files and the rulebook write them."""

COLUMN_ENGLISH = {"follow": "can follow", "no-follow": "cannot follow", "open": "leads"}
CRITERION_ENGLISH = {
    "Faible": "weakest",
    "Forte": "strongest",
    "Max": "largest type",
    "Min": "smallest type",
}
CRITERIA_EXPLAINED = (
    "weakest/strongest = by strength 1-13, trump or not",
    "largest/smallest type = the type Droco holds the most/fewest cards of; then A > B > C > D",
)
"""Two lines for screens: what the English criteria mean (RT-20, RT-21)."""

PV_MAX = 99
"""Highest PV a table may give (printed cards go up to 15); PV are never negative (RT-23)."""
MAX_AI_CARDS = 100
"""An AI deck holds 10 cards; a custom one may hold more, within reason."""
MAX_ID_LENGTH = 12

HUMANS = 3  # the players, seats 0..2
DROCO = HUMANS
"""Droco's hand, the fourth (RT-1): its player number in events, views and seatings."""
HANDS = HUMANS + 1  # the players' and Droco's
ROUNDS = 3
HAND = 12  # cards per hand (RT-7)
PASS_COUNT = 2  # cards passed to the left (RT-9)
ASIDE = 3  # cards set aside face down (RT-7)

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
    return NAMES[c]


NAMES = tuple(f"{TYPES[kind(c)]}{strength(c)}" for c in range(DECK))
"""Every card's name, made once: a view names some seventy cards, and every face, bot and
learner asks for views all the time."""


def column_label(column: str) -> str:
    """An AI card column in English with its printed French title: ``leads (Ouvre)``."""
    return f"{COLUMN_ENGLISH[column]} ({COLUMN_TITLES[column]})"


def criterion_label(criterion: str) -> str:
    """A criterion in English with its printed French word: ``weakest (Faible)``."""
    return f"{CRITERION_ENGLISH[criterion]} ({criterion})"


def column_rule(column: str, criteria: Sequence[str]) -> str:
    """One AI card column in words: ``leads (Ouvre): 1. strongest (Forte), 2. smallest type (Min)``."""
    steps = ", ".join(f"{i}. {criterion_label(c)}" for i, c in enumerate(criteria, start=1))
    return f"{column_label(column)}: {steps}"


def card(text: str) -> int:
    """Read ``B9`` (any case) as a card; :class:`NotationError` names what is wrong.

    >>> card("a²")
    Traceback (most recent call last):
    ...
    robotable.core.errors.NotationError: card A's strength is written with the digits 0-9, not '²'
    """
    word = text.strip()
    letter = word[:1]
    if letter not in TYPES + TYPES.lower():
        raise NotationError(f"a card is a type A-D and a strength 1-13, like B9; not {_shown(word)}")
    letter = letter.upper()
    value = read_int(word[1:], f"card {letter}'s strength", minimum=1, maximum=STRENGTHS)
    return make(TYPES.index(letter), value)


def _shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, cut when long: an error stays one short line."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def cards(text: str) -> list[int]:
    """Read space-separated cards: ``"A10 A8 B1"``."""
    return [card(word) for word in text.split()]


def names(hand: list[int] | tuple[int, ...]) -> list[str]:
    return [NAMES[c] for c in hand]


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
            reason = f"a row starts with a type A, B, C or D, not {_shown(words[0])}"
            raise DataFileError(label, where, reason)
        if letter in seen:
            raise DataFileError(label, where, f"type {letter} already given on line {seen[letter]}")
        seen[letter] = number
        values = words[1:]
        if len(values) != STRENGTHS:
            raise DataFileError(label, where, f"type {letter} needs 13 PV values, found {len(values)}")
        for index, value in enumerate(values):
            pv[make(TYPES.index(letter), index + 1)] = _pv(value, label, f"{where}, card {letter}{index + 1}")
    missing = [t for t in TYPES if t not in seen]
    if missing:
        raise DataFileError(label, "types", f"no row for type {', '.join(missing)}")
    return tuple(pv)


def _pv(text: str, label: str, where: str) -> int:
    """One PV value: a whole number 0..PV_MAX. Nothing in the rules makes a PV negative, and a
    negative one would turn a face-down capture into a gain (RT-23), so it is refused."""
    if is_int(text, signed=True) and text.startswith("-"):
        raise DataFileError(
            label, where, f"PV {text} is negative; PV are life points from 0 to {PV_MAX} (RT-2, RT-23)"
        )
    return data_int(text, label, where, minimum=0, maximum=PV_MAX)


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
    raise DataFileError(label, where, f"unknown criterion {_shown(word)}; use Faible, Forte, Max, Min or -")


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
        card_id = _ai_id(parts[0], label, number)
        if card_id in seen:
            raise DataFileError(
                label, f"line {number}, id", f"AI card {card_id} already on line {seen[card_id]}"
            )
        seen[card_id] = number
        if len(deck) == MAX_AI_CARDS:
            raise DataFileError(label, f"line {number}", f"an AI deck holds at most {MAX_AI_CARDS} cards")
        columns_read = [
            _ai_column(text, label, f"line {number}, column {COLUMN_TITLES[column]}")
            for column, text in zip(COLUMNS, parts[1:], strict=True)
        ]
        deck.append(AiCard(card_id, *columns_read))
    if not deck:
        raise DataFileError(label, "cards", "the file holds no AI card")
    return tuple(deck)


def _ai_id(text: str, label: str, number: int) -> str:
    """An id is one short printable ASCII word: it is shown on every screen."""
    if not text or not text.isascii() or not text.isprintable() or " " in text or len(text) > MAX_ID_LENGTH:
        raise DataFileError(
            label,
            f"line {number}, id",
            f"an id is one word of at most {MAX_ID_LENGTH} ASCII characters, not {_shown(text)}",
        )
    return text


def _ai_column(text: str, label: str, where: str) -> tuple[str, ...]:
    """A column's primary criterion and optional secondary one (``-`` for none)."""
    words = text.split()
    if not 1 <= len(words) <= 2:
        raise DataFileError(label, where, "give a primary criterion and optionally a secondary one")
    if words[0] == "-":
        raise DataFileError(label, where, "the primary criterion cannot be empty")
    return tuple(_criterion(w, label, where) for w in words if w != "-")
