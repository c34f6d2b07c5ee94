"""What a bot is to the client: something that, shown its seat's view and legal actions, picks one.

A bot never sees more than a person at its seat: the view is the seat's ``view`` of the
protocol's ``state`` message, and the legal actions are its ``legal`` list, in the game's
notation. Answering ``None`` means "nothing now": the bot is asked again when the table changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

View = dict[str, Any]
Decide = Callable[[View, list[str]], "str | None"]


class Bot:
    """Subclass it and define :meth:`decide`, or make one from a function with :func:`bot`."""

    name = "bot"

    def decide(self, view: View, legal: list[str]) -> str | None:
        """One of ``legal`` (the game's notation), or None to wait for the next change."""
        raise NotImplementedError

    def act_on(self, state: dict[str, Any]) -> str | None:
        """What the client calls with the protocol's whole ``state`` of the seat (its clock,
        timers, seats, counters): a bot that wants more than the view overrides this; by
        default, :meth:`decide` on the view and the legal actions."""
        return self.decide(state["view"], list(state["legal"]))

    def wait_seconds(self) -> float | None:
        """After a None from :meth:`decide`: seconds until it should be asked again even if
        nothing changes (None: only on a change)."""
        return None

    def game_over(self, outcome: dict[str, Any]) -> None:
        """Told once at the end: the protocol's ``outcome`` (``scores``, ``ranks``, ``detail``)."""


class _FunctionBot(Bot):
    def __init__(self, decide: Decide, name: str) -> None:
        self._decide, self.name = decide, name

    def decide(self, view: View, legal: list[str]) -> str | None:
        return self._decide(view, legal)


def bot(decide: Decide) -> Bot:
    """A bot from a function ``decide(view, legal) -> action``, as a decorator::

    @bot
    def first(view, legal):
        return legal[0]
    """
    return _FunctionBot(decide, getattr(decide, "__name__", "bot"))
