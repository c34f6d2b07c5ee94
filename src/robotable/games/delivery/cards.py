"""Robot Delivery cards: names, kinds and the few facts the engine asks about them.

A card is its name, a short upper-case string (``"FWD"``, ``"LOOP"``, ``"FN-B"``). Cards of
one name are interchangeable, so hands and piles are plain lists of names.
"""

from __future__ import annotations

from robotable.core.errors import NotationError

LETTERS = "ABCD"
SLOTS = 4  # RD-6: onPlay and function boards have 4 slots
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

CARD_LEGEND = (
    "FWD forward 1 cell",
    "BACK back 1 cell",
    "SL/SR slide left/right 1 cell (facing kept)",
    "RL/RR rotate left/right a quarter turn",
    "UT U-turn",
    "LOOP doubles the slot's card (2 LOOPs: x4)",
    "LASER fires ahead: the pawn hit gets a BUG, and gives you its parcel if you have none",
    "BUG plays the top card of your draw pile",
    "FN-A..FN-D run function board A..D",
)
"""What the card codes mean, one entry per code or pair of codes, for legends and hints."""

HOW_TO_TYPE = (
    "slot 1 FWD: a card face down into onPlay slot 1",
    "take 1: slot 1 back into your hand",
    "fn A 2 LOOP: a card face up, for good, into slot 2 of your function board A",
    "submit: your four onPlay slots are ready",
)
"""The player's actions as typed at the prompt (several on one line: commas between)."""

_ALIASES = {"F": "FWD", "FORWARD": "FWD", "B": "BACK", "U": "UT", "UTURN": "UT", "U-TURN": "UT", "L": "LOOP"}


def legend_of(cards: list[str]) -> list[str]:
    """The entries of :data:`CARD_LEGEND` that explain ``cards``, in legend order."""
    codes = {"FN-A..FN-D" if card.startswith("FN-") else card for card in cards}
    return [entry for entry in CARD_LEGEND if codes & set(entry.split()[0].split("/"))]


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
    # ASCII only: upper() would turn the long s of "ſl" into the S of SL
    word = text.strip().upper().replace("_", "-") if text.isascii() else ""
    word = _ALIASES.get(word, word)
    if len(word) == 3 and word.startswith("FN") and word[2] in LETTERS:
        word = f"FN-{word[2]}"
    if word not in CARD_ORDER:
        raise NotationError(f"unknown card {shown(text)}: one of {', '.join(ALL_CARDS)}")
    return word


def shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, cut when long: a 5,000-character word stays one short line."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in the canonical order of :data:`ALL_CARDS` (for readable displays)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)
