"""``robotable play``: set up seats, run the match, print the log, keep the record."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import typer
from rich.console import Console
from rich.text import Text

from robotable import games
from robotable.cli.common import check_writable, fail, parse_options
from robotable.cli.human import Keyboard
from robotable.cli.log import action_line, describe_outcome, describe_played, event_line, log_viewer
from robotable.cli.seats import default_seats, make_agents, parse_seats, seat_label
from robotable.core.errors import InvalidOptions
from robotable.core.game import Game, Outcome
from robotable.core.records import Recorder, write_record
from robotable.play.match import DEFAULT_MAX_ACTIONS, Match, MatchAbandoned, Played, default_clock
from robotable.play.words import plural

INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a process ended by SIGINT."""


@dataclass
class PlayRequest:
    game: str
    seats: str | None = None
    """Seat words (``human,bot``); None: one person and enough bots for the game."""
    seed: int | None = None
    record: Path | None = None
    options: list[str] = field(default_factory=list)
    puzzle: str | None = None
    quiet: bool = False
    max_actions: int = DEFAULT_MAX_ACTIONS
    step: bool = False
    """Wait for Enter after each event (a program trace, a turn report, read at one's pace)."""
    stdin: TextIO | None = None


def run_play(request: PlayRequest, console: Console) -> Outcome | None:
    """Play one game; its outcome, or None when a person left before the end.

    Ctrl-C abandons the game like ``quit`` (the record so far is written) and exits with 130."""
    game = games.get(request.game)
    options = parse_options(request.options)
    if request.puzzle is not None:
        options["puzzle"] = request.puzzle
    labels = [seat_label(game, spec) for spec in parse_seats(request.seats or default_seats(game))]
    if request.record is not None:
        check_writable(request.record)  # before the game, not after it
        if request.record.is_dir():
            raise InvalidOptions(f"--record {request.record}: is a folder; give a file name")
    seed = request.seed if request.seed is not None else secrets.randbelow(2**31)
    check_seed(seed)
    if request.max_actions < 1:
        raise InvalidOptions(f"--max-actions must be at least 1, not {request.max_actions}")
    recorder = Recorder(game, options, seed=seed, seats=labels)
    keyboard = Keyboard(request.stdin)
    agents = make_agents(game, labels, seed=seed, console=console, keyboard=keyboard)
    clock = default_clock(agents)
    seats = ", ".join(f"{seat}: {label}" for seat, label in enumerate(labels))
    kind = "real" if clock.realtime else "virtual"
    console.print(Text(f"{game.title} - seats {seats} - seed {seed} - {kind} clock", style="bold"))
    if "human" in labels:
        console.print("type 'help' for the commands, 'quit' to leave")

    viewer = log_viewer(labels)

    def log(played: Played) -> None:
        events = recorder.state.events_for(played.events, viewer)
        if not request.step or played.action.secret:  # a secret action shows nothing worth a pause
            console.print(describe_played(game, played, labels, events))
            return
        console.print(action_line(played, labels))
        for step in steps(events):
            for event in step[:-1]:
                console.print(event_line(game, event, labels))
            console.print(event_line(game, step[-1], labels), end="")
            wait_for_enter(keyboard, console)

    match = Match(
        game,
        recorder.state,
        agents,
        clock,
        recorder,
        on_events=None if request.quiet else log,
        max_actions=request.max_actions,
    )
    outcome, reason, interrupted, unwritten = None, "", False, None
    try:
        warm_up(game, console)
        outcome = match.run()
    except MatchAbandoned as exc:
        reason = str(exc) or "a person left"
    except KeyboardInterrupt:
        reason, interrupted = "interrupted (Ctrl-C)", True
    finally:  # an unfinished game is worth keeping too
        if request.record is not None:
            unwritten = keep_record(request.record, recorder)
    if outcome is not None:
        console.print(Text(describe_outcome(outcome, labels), style="bold green"))
        if unwritten:
            raise fail(unwritten, code=1)
        if request.record is not None:
            console.print(f"record written to {request.record}")
        return outcome
    kept = request.record if unwritten is None else None
    console.print(Text(abandoned(reason, len(match.actions), kept), style="yellow"))
    if unwritten:
        raise fail(unwritten, code=INTERRUPTED if interrupted else 1)
    if interrupted:
        raise typer.Exit(INTERRUPTED)
    return None


def keep_record(path: Path, recorder: Recorder) -> str | None:
    """Write the record; why it could not be, if so. The file may vanish or fill the disk
    during a game: the result is still shown and the failure said in one line."""
    try:
        write_record(path, recorder.record)
    except OSError as exc:
        return f"cannot write the record to {path}: {exc.strerror or exc}"
    return None


def check_seed(seed: int) -> None:
    """A seed a record can keep: the generator holds 64 bits, records refuse more."""
    if not -(2**64) < seed < 2**64:
        raise InvalidOptions("--seed must be a whole number between -2^64 and 2^64")


def warm_up(game: Game, console: Console) -> None:
    """The game's one-off preparation (compiling Ricochet's solver: seconds, the first time
    only) under a spinner, so a first game does not look frozen."""
    with console.status(f"preparing {game.id} (compiled once, then cached)...", spinner="dots"):
        game.warm_up()


def abandoned(reason: str, actions: int, record: Path | None) -> str:
    """``game abandoned: interrupted (Ctrl-C) after 12 actions; the record so far is in r.json``."""
    when = f"after {plural(actions, 'action')}" if actions else "before any action"
    kept = f"; the record so far is in {record}" if record is not None else ""
    return f"game abandoned: {reason} {when}{kept}"


def steps(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The pauses of ``--step``: one per event, except that consecutive events of one
    program instruction (the same ``stack`` field, as in a program trace) pause once."""
    grouped: list[list[dict[str, Any]]] = []
    for event in events:
        stack = event.get("stack")
        if grouped and stack is not None and grouped[-1][-1].get("stack") == stack:
            grouped[-1].append(event)
        else:
            grouped.append([event])
    return grouped


def wait_for_enter(keyboard: Keyboard, console: Console) -> None:
    """One step of ``--step``: a line from the keyboard (at end of input, go on without pausing).
    Text typed instead of a bare Enter is not lost: it is the next prompt's line.

    On a terminal the echoed Enter ends the event's line; otherwise we end it."""
    console.print(Text("  [Enter]", style="dim"), end="")
    line = keyboard.stream.readline()
    if line.strip():
        keyboard.keep(line)
    if not _is_terminal(keyboard.stream):
        console.print()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
