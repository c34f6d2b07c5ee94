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
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from robotable.cli.common import quoted
from robotable.core.concession import parse_entry
from robotable.core.errors import IllegalAction, RobotableError
from robotable.core.game import JSON, Action, Game, Turn, Wait
from robotable.play.match import MatchAbandoned

TERMINAL_COMMANDS = """\
  several actions on one line:  separate them with commas
  (empty line)                  pass for now (with others at the keyboard: hand it on)
  legal                         list every legal action now
  hint                          a hint (again: a bigger one)
  board                         draw the board again
  help                          this text
  concede                       give up: with 2 players the other wins now; with more you
                                are ranked last and a bot plays your seat to the end
  quit                          leave the game"""
QUIT_WORDS = {"quit", "exit", "q"}
CLEAR_SCROLLBACK = "\x1b[3J"
"""Erases the terminal's scrollback (xterm and its heirs): a screen clear alone leaves the
previous hand one scroll away."""
MAX_FORMS = 12


class Keyboard:
    """The lines typed at the terminal, shared by every prompt and pause of one game.

    A line typed where only Enter was expected (a ``--step`` pause) is kept and becomes
    the next prompt's input instead of being thrown away."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream
        self._kept: list[str] = []

    @property
    def stream(self) -> TextIO:
        return self._stream or sys.stdin  # looked up late: test runners swap sys.stdin

    def keep(self, line: str) -> None:
        self._kept.append(line)

    @property
    def kept(self) -> bool:
        return bool(self._kept)

    def readline(self) -> str:
        """The next line: a kept one first, else one from the stream ("" at end of input)."""
        return self._kept.pop(0) if self._kept else self.stream.readline()

    def forget(self) -> None:
        """Drop kept lines: the keyboard changed hands, they were not the new person's."""
        self._kept.clear()


class HotSeat:
    """One keyboard shared by several people in a game with secrets.

    Before a different person's turn the screen and the terminal's scrollback are
    cleared and the match waits until that person says they alone are looking, so
    nobody reads another's hand, not even by scrolling up.
    """

    def __init__(self) -> None:
        self.current: str | None = None

    def hand_over(self, seat_name: str, console: Console, keyboard: Keyboard) -> None:
        if self.current == seat_name:
            return
        keyboard.forget()
        clear_screen(console)
        console.print(Text(f"Pass the keyboard to {seat_name}; Enter when only they look.", style="bold"))
        if not keyboard.stream.readline():
            raise MatchAbandoned("end of input")
        self.current = seat_name


def clear_screen(console: Console) -> None:
    """The screen and the scrollback, on a terminal (nothing to clear in a file or a pipe)."""
    if not console.is_terminal:
        return
    console.clear()
    console.file.write(CLEAR_SCROLLBACK)
    console.file.flush()


class TerminalPlayer:
    """Reads actions typed at the terminal; refusals are shown and asked again."""

    interactive = True

    def __init__(
        self,
        seat_name: str,
        console: Console | None = None,
        stdin: TextIO | Keyboard | None = None,
        hot_seat: HotSeat | None = None,
        *,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = "human"
        self.seat_name = seat_name
        self.hot_seat = hot_seat
        self.console = console or Console(highlight=False)
        self.keyboard = stdin if isinstance(stdin, Keyboard) else Keyboard(stdin)
        self.pending: list[str] = []  # the rest of a comma-separated line
        self._queued_phase: Any = None
        self._shown: str | None = None  # plain text of the last board drawn
        self._hints: dict[str, int] = {}  # hints asked per position
        self._monotonic = monotonic
        self._asked_at = monotonic()

    @property
    def stdin(self) -> TextIO:
        return self.keyboard.stream

    # ------------------------------------------------------------------ agent protocol

    def act(self, turn: Turn) -> Action | Wait:
        self._asked_at = self._monotonic()  # timers shown later count from here
        if self.hot_seat is not None and self.hot_seat.current != self.seat_name:
            self.hot_seat.hand_over(self.seat_name, self.console, self.keyboard)
            self._shown = None  # the screen was cleared: draw the board again
        while True:
            try:
                answer = self._next_answer(turn)
            except RobotableError as exc:  # anything refused on purpose: one line, ask again
                self._say(str(exc))
                self._drop_pending()
                continue
            if answer is not None:
                return answer

    def refused(self, action: Action, error: IllegalAction) -> None:
        self._say(f"refused: {action}: {error.reason}")
        self._drop_pending()

    # ------------------------------------------------------------------ commands

    def _next_answer(self, turn: Turn) -> Action | Wait | None:
        """An action or a pass from what is typed; None when the line was handled here."""
        if not self.pending:
            self.show(turn)
            line = self._read(turn)
            if line is None:
                return Wait(turn.extra.get("wake"))  # the clock ran to the next deadline
            return self._command(line.strip(), turn)
        if turn.view.get("phase") != self._queued_phase:
            self._drop_pending()  # the line was meant for another phase (a demonstration ended)
            return None
        return self._parse(self.pending.pop(0), turn)

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
            self.console.print(Text(", ".join(str(a) for a in turn.legal) or "nothing now: wait"))
        else:
            self.pending = [part.strip() for part in line.split(",") if part.strip()]
            self._queued_phase = turn.view.get("phase")
        return None

    def _hint(self, turn: Turn) -> None:
        """Each ``hint`` on the same position tells more (for Ricochet: length, then move)."""
        position = str(turn.view.get("puzzle") or turn.view.get("phase"))
        self._hints[position] = level = self._hints.get(position, 0) + 1
        self.console.print(Text(f"hint: {turn.game.hint(turn.view, level)}", style="cyan"))

    def _parse(self, text: str, turn: Turn) -> Action | None:
        try:
            return parse_entry(turn.game, text)  # the game's notation, or `concede`
        except RobotableError as exc:
            reason = str(exc)
            self._say(reason if reason.startswith("cannot read") else f"cannot read {quoted(text)}: {reason}")
            self._drop_pending()
            return None

    def _drop_pending(self) -> None:
        if self.pending:
            self._say(f"not played: {', '.join(self.pending)}")
        self.pending.clear()

    def _say(self, message: str) -> None:
        """A refusal or an error: one red line, whatever the message held."""
        self.console.print(Text(one_line(message), style="bold red"))

    def _help(self, turn: Turn) -> None:
        self.console.print(help_text(turn.legal, turn.game.phase_help(turn.view)), markup=False)

    # ------------------------------------------------------------------ display and input

    def now(self, turn: Turn) -> float:
        """The match clock now: the turn's time plus what passed since it was asked."""
        return turn.now + max(0.0, self._monotonic() - self._asked_at)

    def show(self, turn: Turn, force: bool = False) -> None:
        """The board when its drawing changed since last shown, then the status line."""
        board = board_for(turn.game, turn.view)
        plain = plain_text(board)
        if force or plain != self._shown:  # a new bid alone does not redraw the board
            self.console.print(board)
            self._shown = plain
        self.console.print(status_line(turn.view, turn.extra.get("timers", ()), self.now(turn)))

    def _read(self, turn: Turn) -> str | None:
        """One line, or None when the wake-up time came first; end of input quits."""
        self.console.print(Text(f"{self.seat_name}> ", style="bold"), end="")
        if self.keyboard.kept:  # typed at a pause: shown as if typed now
            line = self.keyboard.readline()
            self.console.print(Text(line.rstrip("\n")))
            return line
        wake = turn.extra.get("wake")
        stream = self.keyboard.stream
        if wake is not None and _selectable(stream):
            ready, _, _ = select.select([stream], [], [], max(0.0, wake - self.now(turn)))
            if not ready:
                self.console.print()
                return None
        line = self.keyboard.readline()
        if not line:
            raise MatchAbandoned("end of input")
        return line


def help_text(legal: Sequence[Action], phase_help: str | None = None) -> str:
    """What may be typed now: the game's words for this phase (when it has them), the forms of
    the legal actions, then the terminal's commands."""
    forms = action_forms([str(action) for action in legal])
    lines = ["In this phase:", phase_help] if phase_help else []
    lines += ["Actions now:" if forms else "No action now: wait (empty line), or:"]
    lines += [f"  {form}" for form in forms]
    lines += ["At any prompt:", TERMINAL_COMMANDS]
    return "\n".join(lines)


def action_forms(texts: Sequence[str]) -> list[str]:
    """The legal actions summed up, one form per first word: ``bid 1-99``, ``red N|E|S|W``,
    ``place N N N|E|S|W  (e.g. place 2 0 N)``; one-word actions share a line.

    >>> action_forms(["bid 1", "bid 2", "bid 3", "red N", "red W", "reset", "next"])
    ['bid 1-3', 'red N|W', 'reset, next']
    """
    words: list[str] = []
    groups: dict[tuple[str, int], list[list[str]]] = {}
    for text in texts:
        tokens = text.split()
        if len(tokens) == 1:
            if tokens[0] not in words:
                words.append(tokens[0])
        elif tokens:
            groups.setdefault((tokens[0], len(tokens)), []).append(tokens)
    forms = [_form(group) for group in groups.values()]
    if len(forms) > MAX_FORMS:
        forms = [*forms[:MAX_FORMS], f"... and {len(forms) - MAX_FORMS} more (type 'legal')"]
    if words:
        listed = words if len(words) <= 2 * MAX_FORMS else [*words[: 2 * MAX_FORMS], "..."]
        forms.append(", ".join(listed))
    return forms


def _form(group: list[list[str]]) -> str:
    """``slot 1-4 FWD|BACK`` for the actions of one first word and length."""
    parts = [group[0][0]]
    for position in range(1, len(group[0])):
        values = list(dict.fromkeys(tokens[position] for tokens in group))
        parts.append(_alternatives(values))
    form = " ".join(parts)
    example = " ".join(group[0])
    return form if len(group) == 1 or "N" not in parts[1:] else f"{form}  (e.g. {example})"


def _alternatives(values: list[str]) -> str:
    """One position of a form: the value, a range of numbers, ``N``, or ``a|b|c``."""
    if len(values) == 1:
        return values[0]
    if all(value.isascii() and value.isdigit() for value in values):
        numbers = sorted(int(value) for value in values)
        contiguous = numbers == list(range(numbers[0], numbers[-1] + 1))
        return f"{numbers[0]}-{numbers[-1]}" if contiguous else "N"
    return "|".join(values) if len(values) <= 8 else "|".join(values[:6]) + "|..."


def board_for(game: Game, view: Mapping[str, JSON]) -> Any:
    """The game's own terminal drawing; a plain line if it has none yet."""
    try:
        return game.render_text(view)
    except RobotableError:
        code = view.get("puzzle") if isinstance(view, Mapping) else None
        return Text(f"(no board drawing for {game.title} yet) {code or ''}", style="dim")


def status_line(
    view: Mapping[str, Any], timers: Sequence[Mapping[str, Any]], now: float | None = None
) -> Text:
    """Phase, target, bids, chips and the running timers, from whichever the view has.

    A timer's time left is counted from ``now`` (the match clock) when given: the line is
    printed again after ``help`` or ``legal``, seconds after the turn was asked."""
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
        parts.append(Text(f"{timer['label'] or 'timer'} in {_left(timer, now):.0f} s", style="yellow"))
    return Text(" | ", style="dim").join(parts)


def _left(timer: Mapping[str, Any], now: float | None) -> float:
    if now is None or timer.get("deadline") is None:
        return float(timer["left"])
    return max(0.0, float(timer["deadline"]) - now)


def one_line(message: str, limit: int = 300) -> str:
    """A message on one line (a reason with a line break, a 5,000-character echo), with any
    control character typed (an escape sequence) written out rather than sent to the terminal."""
    text = " ".join(message.split())
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain_text(renderable: Any) -> str:
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
