"""A saved Robot Delivery state checked before anything is built from it.

A state read from outside (a file, a message from the network) could claim a billion seats,
put a pawn off the board, hold 1,000 LOOP cards in one slot (2**1000 executions) or cards no
deck holds. :func:`check_saved` refuses all of that, naming the field, before a list is
allocated or a rule runs. Its strongest check is the card count: a state holds exactly its
decks (after the RD-7 gifts) and the bug pile, wherever the cards are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from robotable.core.errors import DataFileError, InvalidOptions, StateError
from robotable.core.game import Game
from robotable.core.numbers import MAX_INT
from robotable.games.delivery.board import WALL, Board, load_board, load_decks
from robotable.games.delivery.cards import BUG, CARD_ORDER, LETTERS, SLOTS, function_letter, is_action
from robotable.games.delivery.engine import EXECUTION_BUDGET, WINNING_DELIVERIES

PHASES = ("programming", "over")
LAST_KEYS = {"round", "order", "programs", "paths"}
MAX_PATH = EXECUTION_BUDGET + 3  # one cell per card move, then at most two conveyor steps
RNG_LIMIT = 1 << 64
Decks = tuple[tuple[str, int], ...]
"""One colour's deck as :func:`~robotable.games.delivery.board.load_decks` reads it."""


def check_saved(game: Game, data: Mapping[str, Any]) -> None:
    """Raise :class:`StateError` naming the first field of ``data`` that no game reaches."""
    try:
        options = game.validate_options(_get(data, "options", Mapping))
    except (InvalidOptions, DataFileError) as exc:  # options name the board and deck files
        raise StateError(f"field 'options': {exc}") from None
    check_on_board(game, data, options, load_board(options["board_file"]))


def check_on_board(
    game: Game,
    data: Mapping[str, Any],
    options: Mapping[str, Any],
    board: Board,
    decks: Decks | None = None,
) -> None:
    """:func:`check_saved` once the options are valid and the board is read. A world made from a
    view (:mod:`~robotable.games.delivery.world`) plays on the view's board, which no file holds,
    with ``decks`` guessed from the view (None: the options' decks file)."""
    seats = _number(data, "seats", game.min_seats, game.max_seats)
    if seats > len(board.starts):
        raise StateError(f"field 'seats': the board has {len(board.starts)} start points, not {seats}")
    _number(data, "rng", 0, RNG_LIMIT - 1)
    _number(data, "round", 1, options["turn_limit"])
    _number(data, "first", 0, seats - 1)
    _number(data, "bug_pile", 0, options["bug_pile"])
    _check_pawns(data, seats, board)
    _check_progress(data, seats)
    _check_function_boards(data, seats, options["function_boards"])
    _check_cards(data, seats, options, load_decks(options["decks_file"]) if decks is None else decks)
    _check_last(data.get("last", _MISSING), seats, board, data["round"])


# --------------------------------------------------------------------------- reading fields

_MISSING = object()


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise KeyError(key)  # the contract says "missing field ..."
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise StateError(f"field {key!r}: not {_kind(kind)}")
    return value


def _kind(kind: type | tuple[type, ...]) -> str:
    names = {Mapping: "an object", list: "a list", int: "a whole number", bool: "true or false", str: "text"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _show(value: object) -> str:
    """A value for a message, short (messages stay one line of the contract's 80 characters)."""
    if type(value) is int and abs(value) > MAX_INT:  # str() of a 5,000-digit number raises
        return f"a {int(value.bit_length() * 0.30103) + 1}-digit number"
    text = repr(value)
    return text if len(text) <= 12 else text[:9] + "..."


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _number(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = _get(data, key, int)
    if not _is_int(value, low, high):
        raise StateError(f"field {key!r}: a whole number from {low} to {high}, not {_show(value)}")
    return value


def _per_seat(data: Mapping[str, Any], key: str, seats: int) -> list[Any]:
    value = _get(data, key, list)
    if len(value) != seats:
        raise StateError(f"field {key!r}: one entry per seat ({seats}), not {len(value)}")
    return value


def _cards(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(type(card) is str and card in CARD_ORDER for card in value):
        raise StateError(f"field {where!r}: a list of card names")
    return value


def _slots(value: object, where: str) -> list[list[str]]:
    """Four slots of cards, each with at most one action card (RD-6)."""
    if not isinstance(value, list) or len(value) != SLOTS:
        raise StateError(f"field {where!r}: a list of {SLOTS} slots")
    for i, cards in enumerate(value):
        if sum(is_action(card) for card in _cards(cards, f"{where}[{i}]")) > 1:
            raise StateError(f"field '{where}[{i}]': two action cards in one slot")
    return value


# --------------------------------------------------------------------------- the parts of a state


def _check_pawns(data: Mapping[str, Any], seats: int, board: Board) -> None:
    pos = _per_seat(data, "pos", seats)
    for seat, cell in enumerate(pos):
        if not _is_int(cell, 0, board.size - 1) or board.kinds[cell] == WALL:
            raise StateError(
                f"field 'pos[{seat}]': a cell of the board that is not a wall, not {_show(cell)}"
            )
    if len(set(pos)) != seats:
        raise StateError("field 'pos': two pawns on one cell")
    for seat, facing in enumerate(_per_seat(data, "facing", seats)):
        if not _is_int(facing, 0, 3):
            raise StateError(f"field 'facing[{seat}]': 0 to 3 (N, E, S, W), not {_show(facing)}")


def _check_progress(data: Mapping[str, Any], seats: int) -> None:
    """Parcels, deliveries, submissions, phase and winner, consistent with each other (RD-22)."""
    for key in ("parcel", "submitted"):
        for seat, flag in enumerate(_per_seat(data, key, seats)):
            if type(flag) is not bool:
                raise StateError(f"field '{key}[{seat}]': true or false, not {_show(flag)}")
    delivered = _per_seat(data, "delivered", seats)
    for seat, count in enumerate(delivered):
        if not _is_int(count, 0, WINNING_DELIVERIES):
            raise StateError(f"field 'delivered[{seat}]': 0 to {WINNING_DELIVERIES}, not {_show(count)}")
    phase = _get(data, "phase", str)
    if phase not in PHASES:
        raise StateError(f"field 'phase': one of {', '.join(PHASES)}, not {_show(phase)}")
    winner = data.get("winner", _MISSING)
    winners = [seat for seat, count in enumerate(delivered) if count == WINNING_DELIVERIES]
    if winner is _MISSING:
        raise KeyError("winner")
    if winner is not None and not _is_int(winner, 0, seats - 1):
        raise StateError(f"field 'winner': a seat or null, not {_show(winner)}")
    if winners != ([] if winner is None else [winner]) or (winner is not None and phase != "over"):
        raise StateError("field 'winner': not the one seat with 2 deliveries of a game over")
    if phase == "programming" and all(data["submitted"]):
        raise StateError("field 'submitted': every program is in, yet the round was not resolved")


def _check_cards(data: Mapping[str, Any], seats: int, options: Mapping[str, Any], decks: Decks) -> None:
    """Every card where the rules can put it, and exactly the cards of the decks and the bug pile."""
    piles = {key: _per_seat(data, key, seats) for key in ("hands", "draw", "discard", "program")}
    fboards = data["fboards"]  # checked by _check_function_boards
    bug_top = _per_seat(data, "bug_top", seats)
    bugs = data["bug_pile"]
    for seat in range(seats):
        hand = _cards(piles["hands"][seat], f"hands[{seat}]")
        draw = _cards(piles["draw"][seat], f"draw[{seat}]")
        discard = _cards(piles["discard"][seat], f"discard[{seat}]")
        program = _slots(piles["program"][seat], f"program[{seat}]")
        placed = [card for slots in fboards[seat].values() for cards in slots for card in cards]
        programmed = [card for cards in program for card in cards]
        if len(hand) + len(programmed) > options["hand_size"]:
            raise StateError(f"field 'hands[{seat}]': more cards in hand and program than a hand holds")
        if BUG in discard:
            raise StateError(f"field 'discard[{seat}]': BUG cards go back to the bug pile, not the discard")
        top = bug_top[seat]
        if not _is_int(top, 0, len(draw)) or any(card != BUG for card in draw[len(draw) - top :]):
            raise StateError(f"field 'bug_top[{seat}]': the number of BUG cards on top of the draw pile")
        held = Counter([*hand, *draw, *discard, *programmed, *placed])
        bugs += held.pop(BUG, 0)
        if held != deck_of(decks, seat, seats):
            raise StateError(f"seat {seat}'s cards are not the cards of their deck")
    if bugs != options["bug_pile"]:
        raise StateError(f"field 'bug_pile': {bugs} BUG cards in the game, not {options['bug_pile']}")


def deck_of(decks: Decks, seat: int, seats: int) -> Counter[str]:
    """The cards of ``seat``'s deck after the RD-7 gift (one own Function card to the left,
    one from the right neighbour)."""
    cards: Counter[str] = Counter()
    for name, count in decks:
        cards[f"FN-{LETTERS[seat]}" if name == "FN-OWN" else name] += count
    cards[f"FN-{LETTERS[seat]}"] -= 1
    cards[f"FN-{LETTERS[(seat - 1) % seats]}"] += 1
    return +cards


def _check_function_boards(data: Mapping[str, Any], seats: int, mode: str) -> None:
    """Each seat's own boards, no BUG on them, and no board that can run itself (RD-10, RD-11)."""
    calls: dict[tuple[int, str], set[tuple[int, str]]] = {}
    for seat, boards in enumerate(_per_seat(data, "fboards", seats)):
        letters = LETTERS if mode == "per_player_ad" else LETTERS[seat]
        if not isinstance(boards, Mapping) or set(boards) != set(letters):
            raise StateError(f"field 'fboards[{seat}]': the function boards {', '.join(letters)}")
        for letter, slots in boards.items():
            where = f"fboards[{seat}].{letter}"
            cards = [card for held in _slots(slots, where) for card in held]
            if BUG in cards:
                raise StateError(f"field {where!r}: BUG cards cannot go on a function board")
            targets = {target for card in cards if (target := function_letter(card))}
            runs = {(seat if mode == "per_player_ad" else LETTERS.index(t), t) for t in targets}
            calls[(seat, letter)] = {(owner, t) for owner, t in runs if owner < seats}  # RD-18
    for start in calls:
        if _reaches(calls, start):
            raise StateError(f"field 'fboards': board {start[1]} of seat {start[0]} can run itself")


def _reaches(calls: Mapping[tuple[int, str], set[tuple[int, str]]], start: tuple[int, str]) -> bool:
    seen: set[tuple[int, str]] = set()
    todo = list(calls.get(start, ()))
    while todo:
        board = todo.pop()
        if board == start:
            return True
        if board not in seen:
            seen.add(board)
            todo += calls.get(board, ())
    return False


def _check_last(last: object, seats: int, board: Board, round_now: int) -> None:
    """The last resolution as the views show it: revealed slots and the pawns' paths."""
    if last is _MISSING:
        raise KeyError("last")
    if last is None:
        return
    if not isinstance(last, Mapping) or set(last) != LAST_KEYS:
        raise StateError(f"field 'last': null or an object with {', '.join(sorted(LAST_KEYS))}")
    if not _is_int(last["round"], 1, round_now):
        raise StateError(f"field 'last.round': a round from 1 to {round_now}")
    order = last["order"]
    if (
        not isinstance(order, list)
        or not all(type(s) is int for s in order)
        or sorted(order) != [*range(seats)]
    ):
        raise StateError("field 'last.order': the seats in their order of play")
    programs = last["programs"]
    if not isinstance(programs, list) or len(programs) != seats:
        raise StateError("field 'last.programs': one program per seat")
    for seat, slots in enumerate(programs):
        if not isinstance(slots, list) or len(slots) != SLOTS:
            raise StateError(f"field 'last.programs[{seat}]': {SLOTS} slots")
        for i, cards in enumerate(slots):
            if cards is not None:
                _cards(cards, f"last.programs[{seat}][{i}]")
    paths = last["paths"]
    if not isinstance(paths, list) or len(paths) != SLOTS:
        raise StateError(f"field 'last.paths': {SLOTS} slots")
    for slot, by_seat in enumerate(paths):
        if not isinstance(by_seat, list) or len(by_seat) != seats:
            raise StateError(f"field 'last.paths[{slot}]': one path per seat")
        for seat, path in enumerate(by_seat):
            if not isinstance(path, list) or len(path) > MAX_PATH or not all(_on(board, xy) for xy in path):
                raise StateError(f"field 'last.paths[{slot}][{seat}]': a list of cells [x, y] of the board")


def _on(board: Board, xy: object) -> bool:
    return (
        isinstance(xy, list)
        and len(xy) == 2
        and _is_int(xy[0], 0, board.width - 1)
        and _is_int(xy[1], 0, board.height - 1)
    )
