"""Playing a DR2D puzzle: one robot, the game's own engine, a deterministic factory.

A puzzle turn is the game's turn for a fleet of one robot (seat 0): the start of the turn
(:func:`~robotable.games.dr2d.engine.start_turn`: standby, repairs, re-entry), registers 1 to 5
(:func:`~robotable.games.dr2d.engine.run_register`: the move, then the factory) and the end of
the turn (:func:`~robotable.games.dr2d.engine.end_turn`: presses, laws, repairs to come). What
differs from a game, and why, is in ``docs/puzzles.md`` (section DR2D): the program is read as
typed, with no fumble (DR-11 is the game's only chance; a puzzle has none); the goal is checked
at the end of each turn, as laws are downloaded (DR-28); the robot never finishes (the puzzle
keeps its own ordered goal, so the engine's law record is emptied before each end of turn).

:func:`run` plays an attempt with events for a page to replay; the prover and the tests use the
same steps (:func:`begin_turn`, :func:`play_register`, :func:`finish_turn`) with no events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from robotable.core.game import Event
from robotable.games.dr2d import engine
from robotable.games.dr2d import events as E
from robotable.games.dr2d.board import DIRS, OFF, xy
from robotable.games.dr2d.event_sink import NO_EVENTS, EventLog, EventSink
from robotable.games.dr2d.fleet import Fleet
from robotable.games.dr2d.puzzles.format import REGISTERS, Puzzle, Score, parse_attempt

ROBOT = 0  # the puzzle's robot is seat 0 of a fleet of one
Key = tuple[Any, ...]


def new_fleet(puzzle: Puzzle) -> Fleet:
    """The robot on its start tile, facing and PC (DR-1), placed as in ``"free"`` placement."""
    fleet = Fleet.new(1)
    fleet.pos[ROBOT], fleet.facing[ROBOT], fleet.pc[ROBOT] = puzzle.start, puzzle.facing, puzzle.pc
    fleet.placed[ROBOT] = True
    return fleet


def begin_turn(puzzle: Puzzle, fleet: Fleet, sink: EventSink = NO_EVENTS) -> bool:
    """DR-9's start of turn; True when the robot programs this turn (DR-10: on the board and not
    inactive), its program then five STAY until registers are written into it."""
    engine.start_turn(puzzle.board, fleet, puzzle.rules, sink)
    programs = fleet.must_program(ROBOT)
    fleet.set_program(ROBOT, [engine.STAY] * REGISTERS if programs else None)
    return programs


def acts(fleet: Fleet) -> bool:
    """Whether the robot's next register is carried out (not lost to a pit, not cancelled, a
    program this turn): when it is not, every letter gives the same register as STAY."""
    return fleet.free_to_move(ROBOT) and fleet.acts(ROBOT)


def play_register(
    puzzle: Puzzle, fleet: Fleet, register: int, code: int, sink: EventSink = NO_EVENTS
) -> None:
    """Register ``register`` (1..5) with the robot's letter ``code``: DR-14 to DR-24."""
    if fleet.program[ROBOT] is not None:
        fleet.set_register(ROBOT, register, code)
    engine.run_register(puzzle.board, fleet, puzzle.rules, register, sink)


def finish_turn(puzzle: Puzzle, fleet: Fleet, turn: int, progress: int, sink: EventSink = NO_EVENTS) -> int:
    """DR-27 to DR-29, then the goal: the robot ending the turn on its next target tile moves the
    goal on by one (a law is downloaded at the end of a turn, DR-28; a tile is read the same way)."""
    fleet.laws[ROBOT] = 0  # never all three laws: the engine would finish the robot and lift it off
    engine.end_turn(puzzle.board, fleet, puzzle.rules, turn, sink)
    if progress < len(puzzle.targets) and fleet.pos[ROBOT] == puzzle.targets[progress]:
        return progress + 1
    return progress


def state_key(fleet: Fleet, progress: int) -> Key:
    """Everything of the robot that its future depends on: two positions with one key play alike."""
    r = ROBOT
    return (
        fleet.pos[r], fleet.facing[r], fleet.pc[r], fleet.skip[r], fleet.cancelled[r], fleet.pending[r],
        fleet.inactive[r], fleet.repair[r], fleet.exit[r], progress,
    )  # fmt: skip


def moves(programs: list[list[int]]) -> int:
    """The registers that are not STAY: the second part of a score."""
    return sum(code != engine.STAY for program in programs for code in program)


# --------------------------------------------------------------------------- run, with a trace


@dataclass(frozen=True)
class Outcome:
    """A run of an attempt: ``solved``; ``score`` (turns played, registers that are not STAY among
    those programmed; lower is better); ``trace``, one JSON-ready entry per turn played."""

    solved: bool
    score: Score
    trace: tuple[dict[str, Any], ...]
    goals_reached: int


def run(puzzle: Puzzle, attempt: Any) -> Outcome:
    """Play ``attempt`` (see :func:`~robotable.games.dr2d.puzzles.format.parse_attempt`) on the
    puzzle. The run stops at the end of the turn in which the goal is complete: programs for
    later turns are neither played nor counted. A turn in which the robot cannot program (in
    standby, DR-30) plays none of its registers and counts none."""
    programs = parse_attempt(attempt, puzzle)
    fleet, progress, played, trace = new_fleet(puzzle), 0, [], []
    for turn, program in enumerate(programs, start=1):
        entry, progress = _run_turn(puzzle, fleet, turn, program, progress)
        trace.append(entry)
        if entry["program"] is not None:
            played.append(program)
        if progress == len(puzzle.targets):
            break
    solved = progress == len(puzzle.targets)
    return Outcome(solved, (len(trace), moves(played)), tuple(trace), progress)


def _run_turn(
    puzzle: Puzzle, fleet: Fleet, turn: int, program: list[int], progress: int
) -> tuple[dict[str, Any], int]:
    start: list[Event] = []
    programs = begin_turn(puzzle, fleet, EventLog(start))
    start_robot = robot_view(fleet)
    registers = []
    for register in range(1, REGISTERS + 1):
        happened: list[Event] = []
        play_register(puzzle, fleet, register, program[register - 1], EventLog(happened))
        registers.append({"register": register, "events": _dicts(happened), "robot": robot_view(fleet)})
    end: list[Event] = []
    reached = finish_turn(puzzle, fleet, turn, progress, EventLog(end))
    end_events = [e for e in end if not isinstance(e, E.Downloaded) or reached > progress]
    entry = {
        "turn": turn,
        "program": [engine.LETTERS[code] for code in program] if programs else None,
        "start": _dicts(start),
        "start_robot": start_robot,
        "registers": registers,
        "end": {"events": _dicts(end_events), "robot": robot_view(fleet), "goals_reached": reached},
    }
    return entry, reached


def _dicts(events: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


def robot_view(fleet: Fleet) -> dict[str, Any]:
    """The robot as a page draws it after a step."""
    tile = fleet.pos[ROBOT]
    return {
        "tile": None if tile == OFF else list(xy(tile)),
        "facing": DIRS[fleet.facing[ROBOT]],
        "pc": fleet.pc[ROBOT],
        "pit_slots": fleet.skip[ROBOT],
        "inactive": fleet.inactive[ROBOT],  # in standby this turn (DR-30)
        "standby_pending": fleet.pending[ROBOT],  # in standby next turn (DR-24, DR-30)
    }
