"""A table's accepted actions on their way to the store, so that actions made at once share a commit.

A live table checks and accepts each action at once, queues its write and lets the next action
in: four people programming their robots at once wait for one commit, not for four in a row.
Nobody is told of an action before its commit is done, so the table everyone is shown stays the
stored one (:attr:`LiveTable.table <robotable.server.live.LiveTable.table>`). The actions on their
way wait here, in order, with the table as it will be once they are stored
(:meth:`Ahead.latest`): the next actions are checked there.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

from robotable.core.game import Action, Seat
from robotable.play.table import Accepted, Table
from robotable.server.thinking import Carried


@dataclass(eq=False)
class Unstored:
    """One accepted action whose commit is not done yet."""

    seat: Seat
    action: Action
    at: float
    carried: Carried | None
    """The state after it when it was carried out where the bots think (a costly action)."""
    waited: set[Seat]
    """The seats awaited before it (the turn emails)."""
    stored: asyncio.Future[None]
    """The writer's answer: done once committed, or refused."""
    told: asyncio.Future[Accepted] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    """Done once everyone was told of it (or with why it was not stored)."""

    def carry_out_on(self, table: Table) -> None:
        if self.carried is None:
            table.accept(self.seat, self.action, self.at)
        else:  # its own copy: the stored table takes the carried state itself once it is stored
            state, events = self.carried
            table.adopt(self.seat, self.action, self.at, state.clone(), events)


class Ahead:
    """The actions on their way, oldest first, and the table after them (made when first asked:
    an action alone on its way costs no copy)."""

    def __init__(self) -> None:
        self.queue: deque[Unstored] = deque()
        self._tip: Table | None = None

    def __bool__(self) -> bool:
        return bool(self.queue)

    def latest(self, stored: Table) -> Table:
        """The table as it will be once the actions on their way are stored (``stored`` when none is)."""
        if not self.queue:
            return stored
        if self._tip is None:
            tip = stored.fork()
            for unstored in self.queue:
                unstored.carry_out_on(tip)
            self._tip = tip
        return self._tip

    def add(self, unstored: Unstored) -> None:
        self.queue.append(unstored)
        if self._tip is not None:
            unstored.carry_out_on(self._tip)

    def first_stored(self) -> Unstored:
        """The oldest action, now stored and carried out on the stored table."""
        first = self.queue.popleft()
        if not self.queue:
            self._tip = None
        return first

    def drop_all(self) -> list[Unstored]:
        """Every action on its way, which will not be stored (one before them was refused)."""
        dropped = list(self.queue)
        self.queue.clear()
        self._tip = None
        return dropped
