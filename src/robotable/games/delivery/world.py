"""A whole Robot Delivery game made from one seat's view (RD-28: what a seat sees): what the
view shows as it is, the rest dealt at random as :meth:`DeliveryState.determinize` deals it
(the other players' hands and face-down programs, the order of every draw pile below its
known BUG cards), from the cards no public fact places.

A bot that searches over the hidden parts of the game (``hard``, ``expert``) needs such a world
to start from; the server makes one from the true game, a remote bot (``robotable.client``)
from the view the server sent its seat, which is all it has.

Each seat's cards are its deck after the RD-7 gift, less the cards the view places (its
discard, its function boards, and the seat's own hand and program); what the hidden places
hold beyond those are BUG cards. The view carries the board, the round limit and the
function-board mode, not the decks: they are the default ones when the view's cards fit them
(see :func:`_decks`); the hand size and the size of the bug pile are read from the counts
(see :func:`_hand_size`). No timer runs in the world: the view shows none.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.game import JSON, Game
from robotable.core.rng import Rng
from robotable.games.delivery.board import (
    CONVEYOR_CODES,
    DECK_NAMES,
    DIRECTIONS,
    DROP,
    EXPRESS_CODES,
    MAX_BUG_PILE,
    MAX_DECK,
    MAX_LOOPS,
    MAX_SIDE,
    PICKUP,
    VIEW_CODES,
    Board,
    load_decks,
)
from robotable.games.delivery.cards import BUG, CARD_ORDER, COLOURS, LETTERS, LOOP, SLOTS
from robotable.games.delivery.engine import WINNING_DELIVERIES
from robotable.games.delivery.state import DeliveryState
from robotable.games.delivery.state_check import Decks, check_on_board, deck_of

CARD_LIMIT = MAX_DECK + MAX_BUG_PILE
"""Cards one seat can hold at most, BUG cards included (a deck, and a bug pile as large as the
``bug_pile`` option allows): a count above it is no game's, and nothing larger is allocated."""
Known = tuple[list[str], list[list[str]]]
"""The seat's own hand and onPlay slots, which its view shows it."""
CELL_CODES = frozenset(VIEW_CODES.values()) | frozenset(CONVEYOR_CODES) | frozenset(EXPRESS_CODES)


class _Broken(ValueError):
    """A part of the view no game shows (turned into :func:`not_a_view`)."""


@dataclass(frozen=True)
class Seen:
    """What every seat sees of one player (a ``players`` entry of the view)."""

    cell: int
    facing: int
    parcel: bool
    delivered: int
    hand_size: int
    draw_size: int
    bugs_on_top: int
    discard: list[str]
    submitted: bool
    counts: list[int]  # cards in each onPlay slot


def world_from_view(game: Game, view: Mapping[str, JSON], seed: int = 0) -> DeliveryState:
    """A state whose :meth:`~DeliveryState.view` for the view's seat is ``view`` (a spectator's
    view has no seat: every hand and program is then a guess)."""
    try:
        seat = world_seat(view)
        world = _made(game, view, seat, Rng(seed))
        shows_it = _canonical(world.view(seat)) == _canonical(view)
    except (LookupError, TypeError, ValueError, AttributeError, RecursionError) as exc:  # from the wire
        raise not_a_view() from exc
    if not shows_it:
        raise not_a_view()
    return world


def world_seat(view: Mapping[str, Any]) -> int | None:
    """The view's seat (None: a spectator's)."""
    seat = view["seat"]
    return None if seat is None else _int(seat, 0, len(COLOURS) - 1)


def not_a_view() -> RobotableError:
    return RobotableError(
        "this is not a Robot Delivery view the server sends: no whole game shows it",
        fr="ce n’est pas une vue de Robot Delivery envoyée par le serveur : aucune partie ne la montre",
    )


# --------------------------------------------------------------------------- the whole game


def _made(game: Game, view: Mapping[str, Any], mine: int | None, rng: Rng) -> DeliveryState:
    if view["game"] != game.id:
        raise _Broken("another game's view")
    seats = _int(view["seats"], game.min_seats, game.max_seats)
    if mine is not None and mine >= seats:
        raise _Broken("a seat of another game")
    board = _board(view["board"])
    seen = [_player(entry, board) for entry in _list(view["players"], seats)]
    boards = _function_boards(view["function_boards"], seats)
    hand = _cards(view["hand"]) if mine is not None else []
    program = _slots(view["players"][mine]["program"]) if mine is not None else []
    holdings = [
        _holding(seen[seat], boards[seat], (hand, program) if seat == mine else None) for seat in range(seats)
    ]
    decks = _decks(holdings)
    pools = [_pool(seat, decks, holdings) for seat in range(seats)]
    data = _whole(view, seen, boards, pools, mine, (hand, program))
    data["options"] = _options(game, view, seen, boards, data)
    check_on_board(game, data, data["options"], board, decks)  # all else a saved game must be
    world = DeliveryState.from_dict(game, data)
    world.board = board
    return world.determinize(mine, rng)


def _whole(
    view: Mapping[str, Any],
    seen: list[Seen],
    boards: list[dict[str, list[list[str]]]],
    pools: list[list[str]],
    mine: int | None,
    known: Known,
) -> dict[str, Any]:
    """The state's fields (as :meth:`DeliveryState.to_dict` writes them), options aside; each
    other seat's pool is laid out in a first order that determinize then redeals."""
    hands, draws, programs = [], [], []
    for seat, (player, pool) in enumerate(zip(seen, pools, strict=True)):
        if seat == mine:
            hand, program, draw = list(known[0]), [list(cards) for cards in known[1]], pool
        else:
            program, rest = _programmed(pool, player.counts)
            hand, draw = rest[: player.hand_size], rest[player.hand_size :]
        hands.append(hand)
        programs.append(program)
        draws.append(draw + [BUG] * player.bugs_on_top)
    return {
        "rng": 0,  # determinize gives the world a generator of its own
        "seats": len(seen),
        "round": view["round"],
        "first": view["first_player"],
        "phase": view["phase"],
        "winner": view["winner"],
        "pos": [p.cell for p in seen],
        "facing": [p.facing for p in seen],
        "parcel": [p.parcel for p in seen],
        "delivered": [p.delivered for p in seen],
        "hands": hands,
        "draw": draws,
        "discard": [list(p.discard) for p in seen],
        "bug_top": [p.bugs_on_top for p in seen],
        "program": programs,
        "submitted": [p.submitted for p in seen],
        "fboards": boards,
        "bug_pile": _int(view["bug_pile"], 0, CARD_LIMIT),
        "last": json.loads(json.dumps(view["last"])),
    }


def _options(
    game: Game,
    view: Mapping[str, Any],
    seen: list[Seen],
    boards: list[dict[str, list[list[str]]]],
    data: Mapping[str, Any],
) -> dict[str, Any]:
    """The options the view carries, and those its counts tell; no timer (the view shows none)."""
    bugs = data["bug_pile"] + sum(cards.count(BUG) for seat in _places(data) for cards in seat)
    return game.validate_options(
        {
            "turn_limit": view["turn_limit"],
            "function_boards": view["function_boards_mode"],
            "hand_size": _hand_size(game, seen, boards),
            "bug_pile": bugs,
        }
    )


def _places(data: Mapping[str, Any]) -> list[list[list[str]]]:
    """Each seat's hand, draw pile and onPlay slots (where BUG cards can be)."""
    return [
        [hand, draw, *program]
        for hand, draw, program in zip(data["hands"], data["draw"], data["program"], strict=True)
    ]


def _hand_size(game: Game, seen: list[Seen], boards: list[dict[str, list[list[str]]]]) -> int:
    """A full hand (RD-25), which the view does not show. A seat holds, in hand and program, a
    full hand less the cards it put on its function boards this round; a seat whose draw pile
    or discard still holds cards filled its hand. The default when those counts allow it."""
    option = next(option for option in game.options if option.name == "hand_size")
    held = [p.hand_size + sum(p.counts) for p in seen]
    low = max([*held, int(option.minimum or 0)])
    highs = [
        held[seat] + sum(len(cards) for slots in boards[seat].values() for cards in slots)
        for seat, p in enumerate(seen)
        if p.draw_size or p.discard
    ]
    return option.default if low <= option.default <= min(highs, default=option.default) else low


# --------------------------------------------------------------------------- hidden cards


@dataclass(frozen=True)
class Holding:
    """One seat's cards as the view tells them."""

    shown: Counter[str]  # the cards the view places: discard, function boards, own hand and program
    hidden: int  # the places the view hides: hand, face-down slots, draw pile below its known BUGs
    loops: int  # LOOP cards its face-down slots hold at least (RD-6)


def _holding(player: Seen, boards: dict[str, list[list[str]]], known: Known | None) -> Holding:
    """``known``: the seat's own hand and program, shown to it (BUG cards aside: no deck holds them)."""
    placed = [card for slots in boards.values() for cards in slots for card in cards]
    shown = Counter(player.discard) + Counter(placed)
    hidden, loops = player.draw_size - player.bugs_on_top, 0
    if known is None:
        hidden += player.hand_size + sum(player.counts)
        loops = sum(max(0, count - 1) for count in player.counts)
    else:
        shown += Counter(c for c in [*known[0], *(c for cards in known[1] for c in cards)] if c != BUG)
    return Holding(shown, hidden, loops)


def _decks(holdings: list[Holding]) -> Decks:
    """The default decks when the view's cards fit them. Otherwise the game has a decks file of
    its own, which the view does not carry: the default decks grown to hold every card shown,
    or else the smallest decks that do."""
    default = load_decks(None)
    least = _least_decks(holdings)
    grown = Counter(dict(default)) | least
    for decks in (default, _as_decks(grown), _as_decks(least)):
        if _fits(decks, holdings):
            return decks
    raise _Broken("no decks hold the cards the view shows")


def _least_decks(holdings: list[Holding]) -> Counter[str]:
    """Per card of a deck file, the most any seat shows (plus the Function card it gave away
    and the LOOP cards its face-down slots need)."""
    need: Counter[str] = Counter({"FN-OWN": 1})
    for seat, holding in enumerate(holdings):
        own = f"FN-{LETTERS[seat]}"
        wanted = Counter({card: n for card, n in holding.shown.items() if card in DECK_NAMES})
        wanted["FN-OWN"] = holding.shown[own] + 1
        wanted[LOOP] += holding.loops
        need |= wanted
    return need


def _as_decks(counts: Counter[str]) -> Decks:
    return tuple((name, counts[name]) for name in DECK_NAMES if counts[name] > 0)


def _fits(decks: Decks, holdings: list[Holding]) -> bool:
    """Whether every seat's deck (after the RD-7 gifts) holds the cards it shows, with room
    for them in its hidden places and LOOP cards enough for its face-down slots."""
    counts = dict(decks)
    if sum(counts.values()) > MAX_DECK or counts.get(LOOP, 0) > MAX_LOOPS:
        return False
    for seat, holding in enumerate(holdings):
        deck = deck_of(decks, seat, len(holdings))
        left = deck - holding.shown
        if holding.shown - deck or left.total() > holding.hidden or left[LOOP] < holding.loops:
            return False
    return True


def _pool(seat: int, decks: Decks, holdings: list[Holding]) -> list[str]:
    """The cards of ``seat`` in places the view hides, sorted: its deck less the cards shown,
    then BUG cards in the room left."""
    left = deck_of(decks, seat, len(holdings)) - holdings[seat].shown
    return sorted(left.elements()) + [BUG] * (holdings[seat].hidden - left.total())


def _programmed(pool: list[str], counts: list[int]) -> tuple[list[list[str]], list[str]]:
    """Face-down slots of ``counts`` cards from ``pool``: a slot of n cards holds at least
    n - 1 LOOP cards (RD-6); the rest of the pool after them."""
    rest = list(pool)
    program: list[list[str]] = []
    for count in counts:
        loops = [rest.pop(rest.index(LOOP)) for _ in range(count - 1)]  # too few: a ValueError
        program.append(loops)
    for cards, count in zip(program, counts, strict=True):
        if count:
            cards.insert(0, rest.pop())
    return program, rest


# --------------------------------------------------------------------------- reading the view


def _player(entry: Mapping[str, Any], board: Board) -> Seen:
    x, y = _list(entry["cell"], 2)
    draw_size = _int(entry["draw_size"], 0, CARD_LIMIT)
    player = Seen(
        cell=board.cell(_int(x, 0, board.width - 1), _int(y, 0, board.height - 1)),
        facing=_direction(entry["facing"]),
        parcel=_bool(entry["parcel"]),
        delivered=_int(entry["delivered"], 0, WINNING_DELIVERIES),
        hand_size=_int(entry["hand_size"], 0, CARD_LIMIT),
        draw_size=draw_size,
        bugs_on_top=_int(entry["bugs_on_top"], 0, draw_size),
        discard=_cards(entry["discard"]),
        submitted=_bool(entry["submitted"]),
        counts=[_int(count, 0, CARD_LIMIT) for count in _list(entry["program_counts"], SLOTS)],
    )
    if player.hand_size + player.draw_size + len(player.discard) + sum(player.counts) > CARD_LIMIT:
        raise _Broken("more cards than a seat holds")
    return player


def _function_boards(entries: Any, seats: int) -> list[dict[str, list[list[str]]]]:
    """Each seat's function boards by letter, in the view's order."""
    boards: list[dict[str, list[list[str]]]] = [{} for _ in range(seats)]
    for entry in _list(entries, None, 4 * seats):
        letter = entry["letter"]
        if not isinstance(letter, str):
            raise _Broken("a board letter")
        boards[_int(entry["owner"], 0, seats - 1)][letter] = _slots(entry["slots"])
    return boards


def _board(data: Mapping[str, Any]) -> Board:
    """The view's board, checked before :meth:`Board.from_view` (which keeps what it reads)."""
    rows = _list(data["rows"], None, MAX_SIDE)
    width = len(rows[0]) if rows and isinstance(rows[0], str) else 0
    if len(rows) < 2 or not 2 <= width <= MAX_SIDE:
        raise _Broken("a board of 2 to 40 cells a side")
    if any(not isinstance(row, str) or len(row) != width or not set(row) <= CELL_CODES for row in rows):
        raise _Broken("board rows of cell codes, all as long")
    if not all(any(VIEW_CODES[kind] in row for row in rows) for kind in (PICKUP, DROP)):
        raise _Broken("a board with pickup and drop points")
    starts = _list(data["starts"], None, width * len(rows))
    for start in starts:
        x, y, facing = _list(start, 3)
        _int(x, 0, width - 1)
        _int(y, 0, len(rows) - 1)
        _direction(facing)
    return Board.from_view({"rows": rows, "starts": starts})


def _slots(value: Any) -> list[list[str]]:
    return [_cards(cards) for cards in _list(value, SLOTS)]


def _cards(value: Any) -> list[str]:
    cards = _list(value, None, CARD_LIMIT)
    if not all(type(card) is str and card in CARD_ORDER for card in cards):
        raise _Broken("card names")
    return list(cards)


def _list(value: Any, size: int | None, most: int | None = None) -> list[Any]:
    """``value`` if it is a list of ``size`` items (None: any size up to ``most``)."""
    if not isinstance(value, list) or (size is not None and len(value) != size):
        raise _Broken(f"a list of {size} items")
    if most is not None and len(value) > most:
        raise _Broken(f"a list of at most {most} items")
    return value


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _Broken(f"a whole number from {low} to {high}")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _Broken("true or false")
    return value


def _direction(value: Any) -> int:
    if not isinstance(value, str) or len(value) != 1 or value not in DIRECTIONS:
        raise _Broken("a direction N, E, S or W")
    return DIRECTIONS.index(value)


def _canonical(view: Mapping[str, Any] | Sequence[Any]) -> str:
    """A view as it travels, compared exactly (``true`` is not ``1``, nor ``1.0`` ``1``)."""
    return json.dumps(view, sort_keys=True)
