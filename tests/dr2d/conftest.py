"""Helpers for DR2D rule tests: small ASCII boards, robots, programs and per-register traces.

A scenario board is test board P of the spec (12 x 12 plain floor) with a drawing pasted at
``(left, top)``: one token per tile as in ``data/board_default.txt`` (``.`` floor, ``> < ^ v``
conveyors, ``O`` pit, ``L R`` turntables, ``P`` press, ``w W`` wrenches). The laws and the
start tiles the format requires sit out of the way on row 11.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from robotable.games.dr2d import GAME
from robotable.games.dr2d.actions import LOCK, parse_action
from robotable.games.dr2d.board import DIRS, OFF, Board, load_board, parse_board, tile_of, xy
from robotable.games.dr2d.engine import LETTERS, Rules, end_turn, run_register
from robotable.games.dr2d.event_sink import EventLog
from robotable.games.dr2d.fleet import Fleet
from robotable.games.dr2d.state import DR2DState

Tile = tuple[int, int]
DEFAULT = load_board()
FLOOR_ROW = ". " * 12
LAST_ROW = "a b c d e f g h . 1 2 3"


def board_text(
    art: str = "",
    left: int = 0,
    top: int = 0,
    walls: Iterable[str] = (),
    lasers: Iterable[str] = (),
    pushers: Iterable[str] = (),
) -> str:
    rows = [FLOOR_ROW.split() for _ in range(11)] + [LAST_ROW.split()]
    for dy, line in enumerate(line for line in art.strip("\n").splitlines() if line.strip()):
        for dx, token in enumerate(line.split()):
            rows[top + dy][left + dx] = token
    parts = ["name: test board P", "[map]", *(" ".join(r) for r in rows)]
    parts += ["[walls]", *walls, "[lasers]", *lasers, "[pushers]", *pushers]
    return "\n".join(parts) + "\n"


def p_board(art: str = "", left: int = 0, top: int = 0, **elements: Iterable[str]) -> Board:
    """Test board P plus the drawn elements (see the module docstring)."""
    return parse_board(board_text(art, left, top, **elements), "test-board")


def fleet(*robots: tuple[Tile, str] | tuple[Tile, str, int]) -> Fleet:
    """Robots as ``((x, y), facing)`` or ``((x, y), facing, pc)``, seat 0, 1, ..."""
    f = Fleet.new(len(robots))
    for i, robot in enumerate(robots):
        tile, facing = robot[0], robot[1]
        f.pos[i], f.facing[i], f.placed[i] = tile_of(*tile), DIRS.index(facing), True
        if len(robot) > 2:
            f.pc[i] = robot[2]  # type: ignore[misc]
    return f


def codes(program: str) -> list[int]:
    return [LETTERS.index(word.upper()) for word in program.split()]


def run_turn(
    board: Board,
    f: Fleet,
    programs: Sequence[str | None],
    rules: Rules | None = None,
    *,
    end: bool = False,
    turn: int = 1,
) -> tuple[list[list[Tile | None]], list[dict[str, Any]]]:
    """Run registers 1..5 (and the end of the turn when ``end``) on the engine directly.

    Returns the tile of every robot after each register (``trace[k - 1][seat]``) and the
    events as dicts. ``None`` as a program: the robot does not act.
    """
    rules = rules or Rules()
    f.program = [None if p is None else codes(p) for p in programs]
    events: list = []
    trace = []
    for k in range(1, 6):
        run_register(board, f, rules, k, EventLog(events))
        trace.append([None if p == OFF else xy(p) for p in f.pos])
    if end:
        end_turn(board, f, rules, turn, EventLog(events))
    return trace, [e.to_dict() for e in events]


def kinds(events: Iterable[dict[str, Any]], kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind and (seat is None or e.get("seat") == seat)]


def tile(f: Fleet, seat: int) -> Tile | None:
    return None if f.pos[seat] == OFF else xy(f.pos[seat])


# --------------------------------------------------------------------------- whole states


def write_board(tmp_path: Path, text: str) -> str:
    path = tmp_path / "board.txt"
    path.write_text(text, "utf-8")
    return str(path)


def game_with(
    robots: Sequence[tuple[Tile, str] | tuple[Tile, str, int]], *, seed: int = 0, **options: Any
) -> DR2DState:
    """A state in turn 1's programming with the robots placed as given (seat 0, 1, ...)."""
    options.setdefault("start_placement", "assigned")
    state = GAME.new_state(options, seed=seed, seats=len(robots))
    placed = fleet(*robots)
    f = state.fleet
    for i in range(len(robots)):
        f.pos[i], f.facing[i], f.pc[i] = placed.pos[i], placed.facing[i], placed.pc[i]
    return state


def program(state: DR2DState, seat: int, text: str, *, lock: bool = True) -> list[Any]:
    """Enter a program like ``"N E S W STAY"`` for a seat; the events of the last action."""
    events: list[Any] = []
    for word in text.split():
        events = state.apply(seat, parse_action(word))
    if lock:
        events = state.apply(seat, LOCK)
    return events


def as_dicts(events: Iterable[Any]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in events]
