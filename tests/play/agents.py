"""Small agents with scripted behaviour, to drive the match loop in tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from robotable.core.errors import IllegalAction
from robotable.core.game import Action, Turn, Wait

Answer = Action | Wait


class Scripted:
    """Answers from a list, then waits; remembers what it saw."""

    def __init__(self, answers: Iterable[Answer] = (), name: str = "scripted") -> None:
        self.name = name
        self.answers = list(answers)
        self.turns: list[Turn] = []

    def act(self, turn: Turn) -> Answer:
        self.turns.append(turn)
        return self.answers.pop(0) if self.answers else Wait()


class Person(Scripted):
    """An interactive seat: refusals come back instead of stopping the match."""

    interactive = True

    def __init__(self, answers: Iterable[Answer] = (), on_act: Callable[[], None] | None = None) -> None:
        super().__init__(answers, "person")
        self.refusals: list[tuple[str, str]] = []
        self.on_act = on_act

    def act(self, turn: Turn) -> Answer:
        if self.on_act is not None:
            self.on_act()  # e.g. time passes while the person types
        return super().act(turn)

    def refused(self, action: Action, error: IllegalAction) -> None:
        self.refusals.append((str(action), error.reason))


class FakeTime:
    """A monotonic time that ticks on every reading and jumps on sleep: no real waiting."""

    def __init__(self, tick: float = 0.25) -> None:
        self.t = 1000.0
        self.tick = tick
        self.slept: list[float] = []

    def monotonic(self) -> float:
        self.t += self.tick
        return self.t

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.t += seconds
