"""``robotable replay FILE --watch``: a recorded game, action by action, in the terminal.

Each step shows the action, what it caused (the game's own log sentences) and the board
as one seat (or a spectator) sees it. At the prompt: Enter for the next action, ``b``
back, a number to go to the position after that many actions, ``q`` to stop. At the
end of input (stdin not a terminal, nothing typed) the rest is printed without pauses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from robotable.cli.common import quoted
from robotable.cli.human import Keyboard, board_for, plain_text
from robotable.cli.log import describe_outcome, event_line, seat_namer
from robotable.core.concession import ENDED, Conceded, Ended, is_concession, parse_entry
from robotable.core.errors import RecordError
from robotable.core.game import JSON, Game, Seat, State
from robotable.core.numbers import is_int
from robotable.core.records import Record
from robotable.games import replay
from robotable.play.words import plural

CHECKPOINT_EVERY = 100
"""A copy of the position is kept every so many actions, so going back replays a few only."""

PROMPT = "Enter: next, b: back, NUMBER: go to action, q: quit> "


@dataclass
class Step:
    """The position after ``number`` actions, and the events of the last one as the viewer sees them."""

    number: int
    state: State
    events: list[dict[str, JSON]]


class RecordCursor:
    """Positions of a record by number of actions, computed forward from kept copies."""

    def __init__(self, record: Record, game: Game, viewer: Seat | None) -> None:
        self.record = record
        self.game = game
        self.viewer = viewer
        start = replay(record, stop_after=0)
        self._checkpoints: dict[int, State] = {0: start.clone()}
        self._current = Step(0, start, [])

    @property
    def total(self) -> int:
        return len(self.record.actions)

    def go(self, number: int) -> Step:
        """The position after ``number`` actions (0 .. total)."""
        number = max(0, min(number, self.total))
        if number < self._current.number:
            base = max(n for n in self._checkpoints if n < number or n == 0)
            self._current = Step(base, self._checkpoints[base].clone(), [])
        while self._current.number < number:
            self._advance()
        return self._current

    def _advance(self) -> None:
        step = self._current
        seat, text = self.record.actions[step.number]
        step.number += 1
        if is_concession(text):  # the table's entry: the engine's state stays as it was
            conceded = sum(is_concession(t) for _, t in self.record.actions[: step.number])
            step.events = [Conceded(seat, ends=conceded >= len(self.record.seats) - 1).to_dict()]
        elif text.lstrip().startswith(ENDED):  # the administrator's end: the engine's state stays too
            step.events = [Ended(text.lstrip().removeprefix(ENDED).strip()).to_dict()]
        else:
            step.events = step.state.events_for(step.state.apply_text(seat, text), self.viewer)
        if step.number % CHECKPOINT_EVERY == 0 and step.number not in self._checkpoints:
            self._checkpoints[step.number] = step.state.clone()


class Watcher:
    """Shows the steps of one record and reads where to go next."""

    def __init__(self, record: Record, console: Console, keyboard: Keyboard, seat: Seat | None) -> None:
        final = replay(record)  # the whole record checked first: stepping through it cannot fail
        if seat is not None and not 0 <= seat < len(record.seats):
            raise RecordError(f"--seat {seat}: this record has seats 0 to {len(record.seats) - 1}")
        self.game = final.game
        self.cursor = RecordCursor(record, self.game, seat)
        self.record = record
        self.console = console
        self.keyboard = keyboard
        self.seat = seat
        self.labels = record.seats
        self._shown: str | None = None
        self.pausing = True

    def run(self) -> bool:
        """Step through the record; False when the person asked to quit."""
        viewer = "a spectator" if self.seat is None else f"seat {self.seat}"
        self.console.print(
            Text(f"{self.game.title}: {plural(self.cursor.total, 'action')}, seen by {viewer}", style="bold")
        )
        number = 0
        while True:
            self.show(self.cursor.go(number))
            if number >= self.cursor.total:
                self._finish()
                return True
            if not self.pausing:
                number += 1
                continue
            wanted = self._ask(number)
            if wanted is None:
                return False
            number = wanted

    def show(self, step: Step) -> None:
        self._action_lines(step)
        board = board_for(self.game, step.state.view(self.seat))
        plain = plain_text(board)
        if plain != self._shown:  # an action that changed nothing visible does not redraw
            self.console.print(board)
            self._shown = plain

    def _action_lines(self, step: Step) -> None:
        if step.number == 0:
            self.console.print(Text("start", style="bold"))
            return
        seat, text = self.record.actions[step.number - 1]
        if parse_entry(self.game, text).secret and seat != self.seat:
            text = "(secret)"
        line = Text(f"action {step.number}/{self.cursor.total}  ", style="dim")
        line.append(f"{seat_namer(self.labels)(seat)}: ", style="bold")
        line.append(text)
        self.console.print(line)
        for event in step.events:
            self.console.print(event_line(self.game, event, self.labels))

    def _ask(self, number: int) -> int | None:
        """The next position wanted: None to quit; at the end of input, no more pauses."""
        while True:
            self.console.print(Text(PROMPT, style="bold"), end="")
            line = self.keyboard.readline()
            if not line:
                self.console.print()
                self.pausing = False
                return number + 1
            answer = line.strip().lower()
            if answer in ("", "n", "next"):
                return number + 1
            if answer in ("b", "back"):
                self._shown = None
                return max(0, number - 1)
            if answer in ("q", "quit"):
                return None
            if is_int(answer) and len(answer) <= 9:
                self._shown = None
                return min(int(answer), self.cursor.total)
            self.console.print(Text(f"not understood: {quoted(line.strip())}; {PROMPT[:-2]}", style="red"))

    def _finish(self) -> None:
        outcome = self.record.outcome
        result = describe_outcome(outcome, self.labels) if outcome else "unfinished game"
        self.console.print(Text(f"end of the record: {result}", style="bold green"))


def watch_records(records: Iterable[Record], console: Console, keyboard: Keyboard, seat: Seat | None) -> None:
    """Watch each record in turn until the person quits."""
    for record in records:
        if not Watcher(record, console, keyboard, seat).run():
            return
