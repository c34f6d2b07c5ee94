"""The player's one program: the onPlay board and the function boards, and its notation.

Notation (what a person types in the terminal, and a page may show)::

    FWD+LOOP RR FN-A; A: FWD+LOOP RL

Boards are separated by ``;`` (or new lines). The first board, unlabelled or labelled ``P:``,
is the onPlay board; ``A:`` .. ``D:`` label function boards. Slots are separated by spaces
(or ``|``), a slot's cards by ``+``, and ``-`` is an empty slot. Card names are the game's
(``FWD BACK SL SR RL RR UT LOOP FN-A``), in any case, with its short forms (``f`` forward,
``l`` loop, ``fna`` function A).

>>> str(parse_program("f+l rr fna; a: fwd - rl"))
'FWD+LOOP RR FN-A; A: FWD - RL'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from robotable.core.errors import NotationError, PuzzleError
from robotable.games.delivery.cards import LETTERS, LOOP, SLOTS, function_letter, parse_card, shown
from robotable.games.delivery.puzzles.format import MAX_LOOPS, Puzzle, refuse

Slot = tuple[str, ...]
BoardCards = tuple[Slot, ...]
MAX_NOTATION = 400
"""Characters of a typed program at most (a full program of 20 slots needs about 200)."""


@dataclass(frozen=True)
class Program:
    """Slots of the onPlay board, then of function boards A, B, ... (a slot: its action card,
    if any, first, then its LOOP cards)."""

    onplay: BoardCards
    functions: tuple[BoardCards, ...] = ()

    @property
    def cards(self) -> int:
        """Cards used: the first part of the score."""
        return sum(len(slot) for board in (self.onplay, *self.functions) for slot in board)

    def usage(self) -> Counter[str]:
        return Counter(card for board in (self.onplay, *self.functions) for slot in board for card in slot)

    def board(self, letter: str) -> BoardCards | None:
        index = LETTERS.index(letter)
        return self.functions[index] if index < len(self.functions) else None

    def __str__(self) -> str:
        parts = [_board_text(self.onplay)]
        parts += [
            f"{letter}: {_board_text(board)}"
            for letter, board in zip(LETTERS, self.functions, strict=False)
            if any(board)
        ]
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "onplay": [list(slot) for slot in self.onplay],
            "functions": {
                letter: [list(slot) for slot in board]
                for letter, board in zip(LETTERS, self.functions, strict=False)
            },
        }


def _board_text(board: BoardCards) -> str:
    slots = list(board)
    while slots and not slots[-1]:
        slots.pop()
    return " ".join("+".join(slot) or "-" for slot in slots) or "-"


def make_slot(cards: list[str]) -> Slot:
    """A slot's cards in canonical order: the action card first, then the loops."""
    return tuple(sorted(cards, key=lambda card: card == LOOP))


def make_program(onplay: list[list[str]], functions: Mapping[str, list[list[str]]] | None = None) -> Program:
    boards = dict(functions or {})
    count = max((LETTERS.index(letter) + 1 for letter in boards), default=0)
    return Program(
        tuple(make_slot(slot) for slot in onplay),
        tuple(tuple(make_slot(slot) for slot in boards.get(LETTERS[i], [])) for i in range(count)),
    )


def parse_program(text: str) -> Program:
    """A program from its notation (see the module docstring); :class:`PuzzleError` when unreadable."""
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise refuse(
            f"a program is a text of at most {MAX_NOTATION} characters",
            f"un programme est un texte de {MAX_NOTATION} caractères au plus",
        )
    onplay: list[list[str]] | None = None
    functions: dict[str, list[list[str]]] = {}
    for part in text.replace("\n", ";").split(";"):
        label, _, body = part.rpartition(":")
        label = label.strip().upper()
        if not part.strip():
            continue
        if label in ("", "P"):
            if onplay is not None:
                raise refuse("the onPlay board is written twice", "le tableau onPlay est écrit deux fois")
            onplay = _slots(body)
        elif len(label) == 1 and label in LETTERS:
            if label in functions:
                raise refuse(f"board {label} is written twice", f"le tableau {label} est écrit deux fois")
            functions[label] = _slots(body)
        else:
            raise refuse(
                f"unknown board {shown(label)}: P (onPlay) or A to D",
                f"tableau inconnu {shown(label)} : P (onPlay) ou A à D",
            )
    return make_program(onplay or [], functions)


def _slots(body: str) -> list[list[str]]:
    words = body.replace("|", " ").split()
    if len(words) > SLOTS:
        raise refuse(f"a board has at most {SLOTS} slots", f"un tableau a {SLOTS} cases au plus")
    slots = []
    for word in words:
        if word in ("-", "."):
            slots.append([])
            continue
        try:
            slots.append([parse_card(name) for name in word.split("+")])
        except NotationError as exc:
            raise refuse(str(exc), f"carte inconnue dans {shown(word)}") from None
    return slots


def program_from_data(value: Any) -> Program:
    """A program from its text or its JSON object ``{"onplay": [[cards]...], "functions": {"A": ...}}``."""
    if isinstance(value, Program):
        return value
    if isinstance(value, str):
        return parse_program(value)
    if not isinstance(value, Mapping) or set(value) - {"onplay", "functions"}:
        raise refuse(
            "a program is a text or an object with onplay and functions",
            "un programme est un texte ou un objet avec onplay et functions",
        )
    functions = value.get("functions", {})
    if not isinstance(functions, Mapping) or any(
        key not in tuple(LETTERS) for key in functions
    ):  # "AB", "" too
        raise refuse(
            "functions maps letters A to D to boards", "functions associe les lettres A à D aux tableaux"
        )
    return make_program(
        _board_data(value.get("onplay", [])),
        {letter: _board_data(board) for letter, board in functions.items()},
    )


def _board_data(value: Any) -> list[list[str]]:
    if not isinstance(value, list) or len(value) > SLOTS:
        raise refuse(
            f"a board is a list of at most {SLOTS} slots",
            f"un tableau est une liste de {SLOTS} cases au plus",
        )
    slots = []
    for slot in value:
        if (
            not isinstance(slot, list)
            or len(slot) > 1 + MAX_LOOPS
            or not all(isinstance(c, str) for c in slot)
        ):
            raise refuse("a slot is a list of card names", "une case est une liste de noms de cartes")
        try:
            slots.append([parse_card(card) for card in slot])
        except NotationError as exc:
            raise refuse(str(exc), "carte inconnue") from None
    return slots


# --------------------------------------------------------------------------- the puzzle's rules


def check_program(puzzle: Puzzle, program: Program) -> None:
    """Refuse a program the puzzle does not allow: too many slots, two action cards in a slot,
    cards beyond the allowance, or a function board that could run itself (RD-11)."""
    _check_sizes(puzzle, program)
    allowed = puzzle.allowance
    for card, used in sorted(program.usage().items()):
        if used > allowed.get(card, 0):
            raise refuse(
                f"the program uses {used} {card} card(s); the puzzle allows {allowed.get(card, 0)}",
                f"le programme utilise {used} carte(s) {card} ; le puzzle en permet {allowed.get(card, 0)}",
            )
    for letter, board in zip(LETTERS, program.functions, strict=False):
        if _reaches(program, board, letter):
            raise refuse(
                f"board {letter} could run itself through its Function cards: "
                "a program must end (as in the game)",
                f"le tableau {letter} pourrait se relancer lui-même : "
                "un programme doit finir (comme dans le jeu)",
            )


def _check_sizes(puzzle: Puzzle, program: Program) -> None:
    if used_length(program.onplay) > puzzle.slots:
        raise refuse(
            f"the onPlay board has {puzzle.slots} slot(s) in this puzzle",
            f"le tableau onPlay a {puzzle.slots} case(s) dans ce puzzle",
        )
    for letter, board in zip(LETTERS, program.functions, strict=False):
        size = puzzle.functions[LETTERS.index(letter)] if letter in puzzle.letters else 0
        if used_length(board) > size:
            raise refuse(
                f"function board {letter} has {size} slot(s) in this puzzle",
                f"le tableau de fonction {letter} a {size} case(s) dans ce puzzle",
            )
    for board in (program.onplay, *program.functions):
        for slot in board:
            if len(slot) - slot.count(LOOP) > 1:
                raise refuse(
                    f"a slot holds one action card and any LOOP cards, not {'+'.join(slot)}",
                    f"une case contient une carte action et des cartes LOOP, pas {'+'.join(slot)}",
                )


def used_length(board: BoardCards) -> int:
    """Slots up to the last one holding a card: empty slots at the end are no slots at all."""
    length = len(board)
    while length and not board[length - 1]:
        length -= 1
    return length


def _reaches(program: Program, board: BoardCards, goal: str) -> bool:
    """Whether ``board`` runs board ``goal``, directly or through other boards."""
    seen: set[str] = set()
    todo = [board]
    while todo:
        for slot in todo.pop():
            for card in slot:
                letter = function_letter(card)
                if letter is None or letter in seen:
                    continue
                if letter == goal:
                    return True
                seen.add(letter)
                todo.append(program.board(letter) or ())
    return False


__all__ = ["Program", "PuzzleError", "check_program", "make_program", "parse_program", "program_from_data"]
