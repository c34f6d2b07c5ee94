"""Robot Delivery cards: names, kinds and the few facts the engine asks about them.

A card is its name, a short upper-case string (``"FWD"``, ``"LOOP"``, ``"FN-B"``). Cards of
one name are interchangeable, so hands and piles are plain lists of names.
"""

from __future__ import annotations

from robotable.core.errors import NotationError

LETTERS = "ABCD"
COLOURS = ("red", "blue", "green", "yellow")  # seat i plays colour i, letter LETTERS[i] (spec conventions)

MOVES = {"FWD": 0, "SR": 1, "BACK": 2, "SL": 3}  # move direction relative to the facing, quarter turns
TURNS = {"RR": 1, "UT": 2, "RL": 3}  # clockwise quarter turns
LOOP = "LOOP"
LASER = "LASER"
BUG = "BUG"
FUNCTIONS = tuple(f"FN-{letter}" for letter in LETTERS)
ALL_CARDS = (*MOVES, *TURNS, LOOP, LASER, BUG, *FUNCTIONS)
CARD_ORDER = {name: i for i, name in enumerate(ALL_CARDS)}

CARD_WORDS = {
    "FWD": "forward",
    "BACK": "back",
    "SL": "slide left",
    "SR": "slide right",
    "RL": "rotate left",
    "RR": "rotate right",
    "UT": "U-turn",
    "LOOP": "loop x2",
    "LASER": "laser",
    "BUG": "bug",
} | {f"FN-{letter}": f"function {letter}" for letter in LETTERS}

_ALIASES = {"F": "FWD", "FORWARD": "FWD", "B": "BACK", "U": "UT", "UTURN": "UT", "U-TURN": "UT", "L": "LOOP"}


def is_action(card: str) -> bool:
    """RD-6: every card but LOOP is an action card (BUG and Function cards included)."""
    return card != LOOP


def function_letter(card: str) -> str | None:
    """``"B"`` for ``"FN-B"``; None for any other card."""
    return card[3] if card.startswith("FN-") else None


def parse_card(text: str) -> str:
    """A card name from what a person types: ``fwd``, ``FN-A``, ``fna``, ``loop``.

    >>> parse_card("fn-b"), parse_card("fna"), parse_card("Fwd")
    ('FN-B', 'FN-A', 'FWD')
    """
    word = text.strip().upper().replace("_", "-")
    word = _ALIASES.get(word, word)
    if len(word) == 3 and word.startswith("FN") and word[2] in LETTERS:
        word = f"FN-{word[2]}"
    if word not in CARD_ORDER:
        raise NotationError(f"unknown card {text!r}: one of {', '.join(ALL_CARDS)}")
    return word


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in the canonical order of :data:`ALL_CARDS` (for readable displays)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)
