"""A whole DR2D game made from one seat's view (DR-34: what a seat sees): what the view shows
as it is, the rest guessed as :meth:`DR2DState.determinize` guesses it.

DR-34 makes almost everything public: the board, every robot (tile, facing, PC, laws, pit
slots, standby, exit tile), the seat order and the programs once revealed. Hidden are the
other seats' registers while they program (DR-10: how many they entered, and what), the
generator that draws the fumbles (DR-11), and, in a standby window (DR-31), which other seats
have already answered "go" (an answer that leaves no trace). A few fields are not shown but
follow from what is: the revealed programs still running, the stamp of the next robot to
leave the board (only the order of stamps matters, DR-32), whose placement it is.

A bot that searches (``hard``, ``expert``) starts from such a world; the server makes one from
the true game, a remote bot (``robotable.client``) from the view its seat was sent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from robotable.core.errors import DataFileError, RobotableError
from robotable.core.fields import listing, mapping, short, whole
from robotable.core.game import JSON, Game, Seat
from robotable.core.rng import Rng
from robotable.games.dr2d.board import DIRS, OFF, SIZE, load_board, tile_of
from robotable.games.dr2d.engine import LETTERS, STAY
from robotable.games.dr2d.fleet import Fleet, Robot
from robotable.games.dr2d.state import PLACEMENT, PROGRAMMING, REGISTER_COUNT, WINDOW, DR2DState
from robotable.games.dr2d.state_check import MAX_PATH

FACINGS = {letter: number for number, letter in enumerate(DIRS)}
CODES = {letter: code for code, letter in enumerate(LETTERS)}
MAX_SEATS = 8
RUNNING = ("window", "over")
"""Phases in which the programs revealed last are the ones the fleet runs (or ran last)."""


class UnknownBoard(RobotableError):
    """The view's game is played on a board file this machine cannot read as the same board."""


def world_from_view(game: Game, view: Mapping[str, JSON], seed: int = 0) -> DR2DState:
    """A state whose :meth:`~DR2DState.view` for the view's seat is ``view`` (a spectator's view
    has no seat: every program being written is then a guess). A view that no whole game
    shows is refused with :class:`RobotableError`, in words."""
    rng = Rng(seed)
    try:
        sent = _as_sent(view)
        seat = _seat(sent)
        world = DR2DState.from_dict(game, _saved(sent, seat, _options(game, sent)))
        _check_facts_agree(world, seat)
        world = world.determinize(seat, rng)  # the others' registers and the fumbles' generator
        if world.phase == WINDOW:
            world.waiting = _waiting(world, seat, rng)
        shows_it = _as_sent(world.view(seat)) == sent
    except UnknownBoard:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise not_a_view() from exc  # a view from the wire: any field may be anything
    if not shows_it:
        raise not_a_view()
    return world


def not_a_view() -> RobotableError:
    return RobotableError("this is not a DR2D view the server sends: no whole game shows it")


def _seat(sent: Mapping[str, Any]) -> Seat | None:
    """The view's seat (None: a spectator's); a player's seat is one of the view's robots."""
    seat = sent["seat"]
    if seat is None:
        return None
    return whole(seat, "seat", 0, len(listing(sent["robots"], "robots", most=MAX_SEATS)) - 1)


def _options(game: Game, sent: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options, its board read from the same file as the server's (a table set up
    with a board file of the server's own); refused in words when this machine has no such
    file, without echoing what a file of that name holds."""
    options = mapping(sent["options"], "options")
    try:
        values = game.validate_options(options)
    except DataFileError:
        raise UnknownBoard(
            f"this table plays on a board from the server's file {short(options.get('board_file'))}, "
            "which this machine cannot read: the whole game cannot be rebuilt here"
        ) from None
    if values["board_file"] is not None and load_board(values["board_file"]).name != sent["board"]:
        raise UnknownBoard(
            f"this table's board {short(sent['board'])} is not the one in this machine's file "
            f"{short(values['board_file'])}: the whole game cannot be rebuilt here"
        )
    return values


def _saved(sent: Mapping[str, Any], seat: Seat | None, options: dict[str, Any]) -> dict[str, Any]:
    """The view as :meth:`DR2DState.to_dict` data, checked by :meth:`DR2DState.from_dict` as
    hostile; the others' drafts are placeholders of the right length, redrawn afterwards."""
    robots = [mapping(robot, "robots[]") for robot in listing(sent["robots"], "robots", most=MAX_SEATS)]
    seats, phase = len(robots), sent["phase"]
    order = listing(sent["seat_order"], "seat_order", seats)
    last = [_program(p) for p in listing(sent["last_programs"], "last_programs", seats)]
    locked = [robot["locked"] for robot in robots]
    drafts: list[list[int]] = [[STAY] * REGISTER_COUNT if lock is True else [] for lock in locked]
    if seat is not None:
        drafts[seat] = _program(sent["program"]) or []
    return {
        "options": options,
        "rng": 0,  # determinize draws the generator
        "seats": seats,
        "fleet": _fleet(robots, last if phase in RUNNING else [None] * seats),
        "order": order,
        "turn": sent["turn"],
        "phase": phase,
        "placing": _placing(sent, order, options),
        "drafts": drafts,
        "locked": locked,
        "register": sent["register"] if phase == WINDOW else 0,
        "waiting": [],  # guessed once the world stands (_waiting)
        "last_programs": last,
        "paths": [_path(path) for path in listing(sent["paths"], "paths", seats)],
    }


def _placing(sent: Mapping[str, Any], order: list[Any], options: dict[str, Any]) -> int:
    """Which seat in seat order places now; after the placement, what the state keeps
    (assigned start tiles are dealt without counting)."""
    if sent["phase"] == PLACEMENT:
        return order.index(sent["to_place"])
    return 0 if options["start_placement"] == "assigned" else len(order)


def _fleet(robots: list[Mapping[str, Any]], programs: list[list[int] | None]) -> dict[str, Any]:
    fleet = Fleet.new(len(robots))
    for seat, robot in enumerate(robots):
        fleet.put(seat, _robot(robot))
    fleet.program = programs
    # the next robot to leave gets a later stamp than any shown: only their order counts (DR-32)
    fleet.leave_count = max(fleet.left)
    return fleet.to_dict()


def _robot(robot: Mapping[str, Any]) -> Robot:
    """One robot of the view as the fleet keeps it; from_dict checks every value's range."""
    return Robot(
        tile=_tile(robot["tile"]),
        facing=FACINGS[robot["facing"]],
        pc=robot["pc"],
        laws=_laws(robot["laws"]),
        pit_slots=robot["skip"],
        finished_turn=0 if robot["finished"] is None else robot["finished"],
        finish_pc=0 if robot["finish_pc"] is None else robot["finish_pc"],
        inactive=robot["inactive"],
        standby_pending=robot["standby_pending"],
        cancelled=robot["cancelled"],
        repair_pending=robot["repair_pending"],
        exit_tile=_tile(robot["exit"]),
        left_order=robot["left_order"],
        placed=robot["placed"],
    )


def _tile(value: Any) -> int:
    """``[x, y]`` on the board, or None: off it."""
    if value is None:
        return OFF
    x, y = listing(value, "tile", 2)
    return tile_of(whole(x, "x", 0, SIZE - 1), whole(y, "y", 0, SIZE - 1))


def _laws(value: Any) -> int:
    bits = 0
    for law in listing(value, "laws", most=3):
        bits |= 1 << (whole(law, "law", 1, 3) - 1)
    return bits


def _program(value: Any) -> list[int] | None:
    """Register letters as codes (None stays None: no program)."""
    if value is None:
        return None
    return [CODES[letter] for letter in listing(value, "program", most=REGISTER_COUNT)]


def _path(value: Any) -> list[int]:
    return [_tile(tile) for tile in listing(value, "path", most=MAX_PATH)]


def _check_facts_agree(world: DR2DState, seat: Seat | None) -> None:
    """What the view shows but the saved data's checks do not tie together: the robots placed
    so far are those before the seat placing now, and only a robot that programs this turn
    (DR-10) has a program locked or being entered."""
    f = world.fleet
    if world.phase == PLACEMENT and {s for s in range(world.seats) if f.placed[s]} != set(
        world.order[: world.placing]
    ):
        raise ValueError("the robots placed are not the ones before the seat placing now (DR-7)")
    writes = world.phase == PROGRAMMING
    for other in range(world.seats):
        if world.locked[other] and not (writes and f.must_program(other)):
            raise ValueError(f"seat {other} locked a program it does not write (DR-10)")
    if seat is not None and world.drafts[seat] and not f.must_program(seat):
        raise ValueError("the seat enters a program for a robot that programs nothing (DR-10)")


def _waiting(world: DR2DState, seat: Seat | None, rng: Rng) -> list[int]:
    """DR-31: the seats still to answer the standby window. Those that may declare standby
    were all asked when it opened; an answer "go" leaves no trace, so whether another seat
    still has to answer is a coin toss. The view's own seat is still to answer (a bot is asked
    only then). A window stays open only while someone is to answer."""
    able = [
        s
        for s in range(world.seats)
        if world.fleet.pos[s] >= 0
        and not (world.fleet.inactive[s] or world.fleet.pending[s] or world.fleet.cancelled[s])
    ]
    if not able:
        raise ValueError("a standby window open with nobody to answer it (DR-31)")
    waiting = [s for s in able if s == seat or rng.random() < 0.5]
    return waiting or [rng.choice(able)]


def _as_sent(view: Any) -> Any:
    """A view as it travels (JSON: tuples become lists)."""
    return json.loads(json.dumps(view))
