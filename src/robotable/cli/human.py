"""A person at the terminal, as an agent of the match loop.

The prompt waits for a line at most until the match's next wake-up (a sand timer
running out), using ``select`` on a real terminal. Limitation: a line half typed
when the timer fires stays in the terminal's buffer and is read at the next prompt;
where ``select`` cannot watch stdin (pipes in tests, Windows) the prompt blocks and
timers are checked after each line.
"""

from __future__ import annotations

import io
import os
import select
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from robotable.core.errors import IllegalAction, NotationError, RobotableError
from robotable.core.game import Action, Turn, Wait
from robotable.play.match import MatchAbandoned

HELP = """\
Type an action in the game's notation, for example: {examples}
  several actions on one line:  separate them with commas
  (empty line)                  do nothing for now (wait)
  hint                          a hint (again: a bigger one)
  board                         draw the board again
  legal                         list the legal actions
  help                          this text
  quit                          leave the game"""
QUIT_WORDS = {"quit", "exit", "q"}


class HotSeat:
    """One keyboard shared by several people in a game with secrets.

    Before a different person's turn the screen is cleared and the match waits until
    that person says they alone are looking, so nobody reads another's hand.
    """

    def __init__(self) -> None:
        self.current: str | None = None

    def hand_over(self, seat_name: str, console: Console, stdin: TextIO) -> None:
        if self.current == seat_name:
            return
        console.clear()
        console.print(Text(f"Pass the keyboard to {seat_name}; Enter when only they look.", style="bold"))
        if not stdin.readline():
            raise MatchAbandoned("end of input")
        self.current = seat_name


class TerminalPlayer:
    """Reads actions typed at the terminal; refusals are shown and asked again."""

    interactive = True

    def __init__(
        self,
        seat_name: str,
        console: Console | None = None,
        stdin: TextIO | None = None,
        hot_seat: HotSeat | None = None,
    ) -> None:
        self.name = "human"
        self.seat_name = seat_name
        self.hot_seat = hot_seat
        self.console = console or Console(highlight=False)
        self._stdin = stdin
        self.pending: list[str] = []  # the rest of a comma-separated line
        self._queued_phase: Any = None
        self._shown: str | None = None  # plain text of the last board drawn
        self._hints: dict[Any, int] = {}  # hints asked per position

    @property
    def stdin(self) -> TextIO:
        return self._stdin or sys.stdin  # looked up late: test runners swap sys.stdin

    # ------------------------------------------------------------------ agent protocol

    def act(self, turn: Turn) -> Action | Wait:
        if self.hot_seat is not None and self.hot_seat.current != self.seat_name:
            self.hot_seat.hand_over(self.seat_name, self.console, self.stdin)
            self._shown = None  # the screen was cleared: draw the board again
        while True:
            if not self.pending:
                self.show(turn)
                line = self._read(turn)
                if line is None:
                    return Wait(turn.extra.get("wake"))  # the clock ran to the next deadline
                answer = self._command(line.strip(), turn)
                if answer is not None:
                    return answer
                continue
            if turn.view.get("phase") != self._queued_phase:
                self._drop_pending()  # the line was meant for another phase (a demonstration ended)
                continue
            action = self._parse(self.pending.pop(0), turn)
            if action is not None:
                return action

    def refused(self, action: Action, error: IllegalAction) -> None:
        self.console.print(Text(f"refused: {action}: {error.reason}", style="bold red"))
        self._drop_pending()

    # ------------------------------------------------------------------ commands

    def _command(self, line: str, turn: Turn) -> Action | Wait | None:
        """What a typed line asks for; None when it was handled here (help, board...)."""
        word = line.lower()
        if not line:
            return Wait()  # pass for now: the match asks again
        if word in QUIT_WORDS:
            raise MatchAbandoned(f"{self.seat_name} left the game")
        if word in ("help", "?"):
            self._help(turn)
        elif word == "hint":
            self._hint(turn)
        elif word == "board":
            self.show(turn, force=True)
        elif word == "legal":
            self.console.print(", ".join(str(a) for a in turn.legal) or "nothing: wait")
        else:
            self.pending = [part.strip() for part in line.split(",") if part.strip()]
            self._queued_phase = turn.view.get("phase")
        return None

    def _hint(self, turn: Turn) -> None:
        """Each ``hint`` on the same position tells more (for Ricochet: length, then move)."""
        position = turn.view.get("puzzle") or turn.view.get("phase")
        self._hints[position] = level = self._hints.get(position, 0) + 1
        try:
            self.console.print(Text(f"hint: {turn.game.hint(turn.view, level)}", style="cyan"))
        except RobotableError as exc:
            self.console.print(Text(str(exc), style="red"))

    def _parse(self, text: str, turn: Turn) -> Action | None:
        try:
            return turn.game.parse_action(text)
        except NotationError as exc:
            reason = str(exc)
            message = reason if reason.startswith("cannot read") else f"cannot read {text!r}: {reason}"
            self.console.print(Text(message, style="bold red"))
            self._drop_pending()
            return None

    def _drop_pending(self) -> None:
        if self.pending:
            self.console.print(Text(f"not played: {', '.join(self.pending)}", style="red"))
        self.pending.clear()

    def _help(self, turn: Turn) -> None:
        examples = ", ".join(f"'{a}'" for a in turn.legal[:3]) or "'help'"
        self.console.print(HELP.format(examples=examples), markup=False)

    # ------------------------------------------------------------------ display and input

    def show(self, turn: Turn, force: bool = False) -> None:
        """The board when its drawing changed since last shown, then the status line."""
        board = board_renderable(turn)
        plain = _plain(board)
        if force or plain != self._shown:  # a new bid alone does not redraw the board
            self.console.print(board)
            self._shown = plain
        self.console.print(status_line(turn.view, turn.extra.get("timers", ())))

    def _read(self, turn: Turn) -> str | None:
        """One line, or None when the wake-up time came first; end of input quits."""
        self.console.print(Text(f"{self.seat_name}> ", style="bold"), end="")
        wake = turn.extra.get("wake")
        if wake is not None and _selectable(self.stdin):
            ready, _, _ = select.select([self.stdin], [], [], max(0.0, wake - turn.now))
            if not ready:
                self.console.print()
                return None
        line = self.stdin.readline()
        if not line:
            raise MatchAbandoned("end of input")
        return line


def board_renderable(turn: Turn) -> Any:
    """The game's own terminal drawing; a plain line if it has none yet."""
    try:
        return turn.game.render_text(turn.view)
    except RobotableError:
        code = turn.view.get("puzzle") if isinstance(turn.view, Mapping) else None
        return Text(f"(no board drawing for {turn.game.title} yet) {code or ''}", style="dim")


def status_line(view: Mapping[str, Any], timers: Sequence[Mapping[str, Any]]) -> Text:
    """Phase, target, bids, chips and the running timer, from whichever the view has."""
    parts: list[Text] = []
    for key in ("round", "turn"):
        if isinstance(view.get(key), int):
            parts.append(Text(f"{key} {view[key]}"))
    for key in ("phase", "target"):
        if view.get(key) is not None:
            parts.append(Text(str(view[key]), style="bold"))
    if view.get("demonstrator") is not None:
        parts.append(Text(f"seat {view['demonstrator']} demonstrates"))
    if view.get("bids"):
        parts.append(Text("bids " + " ".join(f"{s}:{b['moves']}" for s, b in view["bids"].items())))
    if len(view.get("chips") or ()) > 1:
        parts.append(Text("chips " + "/".join(str(len(c)) for c in view["chips"])))
    if view.get("moves"):
        parts.append(Text("moves " + ", ".join(view["moves"])))
    for timer in timers:
        parts.append(Text(f"{timer['label'] or 'timer'} in {timer['left']:.0f} s", style="yellow"))
    return Text(" | ", style="dim").join(parts)


def _plain(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def _selectable(stream: TextIO) -> bool:
    if os.name == "nt":  # select() watches sockets only there
        return False
    try:
        return os.isatty(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return False
