"""Checking a saved Ricochet Robots state before a game is built from it.

A state read from a file or the wire (``Game.state_from_dict``) is hostile until proven
otherwise: a ``seats`` of ``10**9`` must not build a billion lists, a robot on cell ``-1``
must not reach the board (Python would read the last cell), a chip held twice must not be
won again. Every field is checked for its type, its size and its range, raising
``TypeError``, ``ValueError`` or ``KeyError`` naming the field (the contract turns them into
a ``StateError``). The checks follow what the engine itself keeps true.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.fields import listing, mapping, short, whole
from robotable.core.game import Game
from robotable.core.numbers import MAX_INT
from robotable.games.ricochet.board import ALL_TARGETS, CELLS, Board, assemble, faces_for
from robotable.games.ricochet.code import parse_board_code

PHASES = ("solving", "countdown", "demonstration", "puzzle", "over")
CODES = frozenset(t.code for t in ALL_TARGETS)
MAX_SEATS = 32  # option max_players at most
MAX_MOVES = 10_000  # a solo attempt has no bid to stop it; a person does not type 10,000 moves
MAX_SOLUTION = 63  # the solver's deepest search
RESULT_KEYS = {"target", "best", "optimum", "solved"}


def check_saved(game: Game, data: Mapping[str, Any]) -> dict[str, Any]:
    """The saved state's options, checked like a new game's, once every field is known sound."""
    options = game.validate_options(mapping(data["options"], "options"))
    seats = whole(data["seats"], "seats", 1, MAX_SEATS)
    game.check_seats(seats, options)  # type: ignore[call-arg]  # Ricochet's takes the options
    whole(data["rng"], "rng", 0, (1 << 64) - 1)
    faces = listing(data["faces"], "faces", 4)
    if not all(type(face) is str for face in faces):
        raise TypeError("faces must be four face ids like '1A'")
    parse_board_code("".join(faces), options["face_set"])
    board = assemble(faces, faces_for(options["faces_file"]))
    robots = cells(data["robots"], "robots", board)
    if len(cells(data["markers"], "markers", board)) != len(robots):
        raise ValueError("markers must be one per robot")
    check_chips(data, seats)
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {short(phase)}")
    if (phase == "over") != (data["chip"] is None):
        raise ValueError("chip: a chip is in play exactly while the game runs")
    if phase != "over" and (phase == "puzzle") != (seats == 1):
        raise ValueError(f"phase {phase!r} is not one of a {'solo' if seats == 1 else 'bidding'} game")
    check_bids(data, seats, options["max_bid"], phase)
    moves(data["moves"], "moves", len(robots), MAX_MOVES)
    check_solo(data, len(robots), board)
    return options


def check_chips(data: Mapping[str, Any], seats: int) -> None:
    """Every chip once: in the pile, in play, or won by one player (RR-9)."""
    pile = [code(c, "pile[]") for c in listing(data["pile"], "pile", most=len(CODES))]
    held = [
        code(c, f"chips[{seat}][]")
        for seat, won in enumerate(listing(data["chips"], "chips", seats))
        for c in listing(won, f"chips[{seat}]", most=len(CODES))
    ]
    chip = data["chip"]
    every = [*pile, *held, *([] if chip is None else [code(chip, "chip")])]
    if len(set(every)) != len(every):
        raise ValueError("pile, chip and chips hold a chip twice")
    whole(data["draws"], "draws", 0, MAX_INT)


def check_bids(data: Mapping[str, Any], seats: int, max_bid: int, phase: str) -> None:
    """Bids of players, numbered in order (RR-16, RR-20); the queue of demonstrators (RR-23)."""
    bid_order = whole(data["bid_order"], "bid_order", 0, MAX_INT)
    bidders = []
    for k, entry in enumerate(listing(data["bids"], "bids", most=seats)):
        seat, moves_bid, order = listing(entry, f"bids[{k}]", 3)
        bidders.append(whole(seat, f"bids[{k}][0]", 0, seats - 1))
        whole(moves_bid, f"bids[{k}][1]", 1, max_bid)
        whole(order, f"bids[{k}][2]", 1, bid_order)
    if len(set(bidders)) != len(bidders):
        raise ValueError("bids holds two bids of one seat")
    queue = [whole(s, "queue[]", 0, seats - 1) for s in listing(data["queue"], "queue", most=seats)]
    if len(set(queue)) != len(queue) or not set(queue) <= set(bidders):
        raise ValueError("queue must name bidders, each once")
    if phase == "demonstration" and not queue:
        raise ValueError("queue: a demonstration needs a demonstrator")
    if phase in ("solving", "puzzle") and bidders:
        raise ValueError(f"bids: there are none in the {phase} phase")


def check_solo(data: Mapping[str, Any], robot_count: int, board: Board) -> None:
    """The solo puzzle fields (RR-30..RR-34)."""
    best = data["best"]
    if best is not None:
        attempt, end = listing(best, "best", 2)
        moves(attempt, "best[0]", robot_count, MAX_MOVES)
        if len(cells(end, "best[1]", board)) != robot_count:
            raise ValueError("best[1] must be one cell per robot")
    optimum = data["optimum"]
    if optimum is not None:
        whole(optimum, "optimum", 1, MAX_SOLUTION)
    if type(data["optimum_known"]) is not bool:
        raise TypeError("optimum_known must be true or false")
    if data["revealed"] is not None:
        moves(data["revealed"], "revealed", robot_count, MAX_SOLUTION)
    for k, result in enumerate(listing(data["results"], "results", most=len(CODES))):
        check_result(mapping(result, f"results[{k}]"), f"results[{k}]")


def check_result(result: Mapping[str, Any], field: str) -> None:
    if set(result) != RESULT_KEYS:
        raise ValueError(f"{field} must have the fields {', '.join(sorted(RESULT_KEYS))}")
    code(result["target"], f"{field}.target")
    if type(result["solved"]) is not bool:
        raise TypeError(f"{field}.solved must be true or false")
    for key in ("best", "optimum"):
        if result[key] is not None:
            whole(result[key], f"{field}.{key}", 1, MAX_MOVES)
    if result["solved"] and result["best"] is None:
        raise ValueError(f"{field}: a solved puzzle has a best length")


# --------------------------------------------------------------------------- values


def cells(value: object, field: str, board: Board) -> list[int]:
    """4 or 5 robot cells: distinct, on the board, off the centre block (RR-1, RR-8)."""
    items = listing(value, field, most=5)
    if len(items) not in (4, 5):
        raise ValueError(f"{field} must hold 4 or 5 cells, not {len(items)}")
    out = [whole(cell, f"{field}[{k}]", 0, CELLS - 1) for k, cell in enumerate(items)]
    if len(set(out)) != len(out):
        raise ValueError(f"{field} puts two robots on one cell")
    if set(out) & board.blocked:
        raise ValueError(f"{field} puts a robot on the centre block")
    return out


def moves(value: object, field: str, robot_count: int, most: int) -> None:
    for k, move in enumerate(listing(value, field, most=most)):
        robot, direction = listing(move, f"{field}[{k}]", 2)
        whole(robot, f"{field}[{k}][0]", 0, robot_count - 1)
        whole(direction, f"{field}[{k}][1]", 0, 3)


def code(value: object, field: str) -> str:
    if type(value) is not str or value not in CODES:
        raise ValueError(f"{field} must be a chip like 'RC' or 'MV', not {short(value)}")
    return value
