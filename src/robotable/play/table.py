"""A table: one game in progress, driven by events, for every face (terminal, server, tests).

A table never blocks and never keeps time itself: whoever hosts it passes ``now`` (seconds on
any clock: a match's clock, the server's wall time) with every call. Actions come in through
:meth:`Table.submit` (or :meth:`Table.check` then :meth:`Table.accept`, so a server can write
the action to storage between the two: nothing is told before it is kept). What each seat and
the spectators may learn comes out of :meth:`Table.snapshot` and :meth:`Table.news`, built only
from the contract's ``view`` and ``events_for``.

Timers are the state's own (:meth:`State.timers`); a timer starts when its key first appears,
that is at the time of the action after which it appeared. The action times are therefore
all a table needs to know its deadlines again after a restart (:meth:`Table.restore`). So the
state must change only through the table: an action applied behind its back would start no
timer.

A seat may concede (``concede``, :mod:`robotable.core.concession`): the table takes it like an
action, records it and tells it, but no engine sees it; :meth:`Table.outcome` is the game's end
with the concessions counted, and once they end the game nothing else is taken or timed.

The server opens a table from options (:class:`Table`) or from storage (:meth:`Table.restore`);
the terminal's match loop (:mod:`robotable.play.match`) opens one around the state it was
given (:meth:`Table.around`) and asks its agents in turn, blocking, where the server asks
its bots in threads.

>>> from robotable import games
>>> table = Table(games.get("ricochet"), {"chips_to_win": 1}, seed=1, seats=["human", "human"])
>>> accepted = table.submit(0, "bid 9", now=5.0)
>>> [(t.timer.code, t.label, t.deadline) for t in table.running_timers()]
[('bidding_closes', 'bidding closes', 65.0)]
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from robotable.core.concession import Concessions, TableEntry, parse_entry
from robotable.core.errors import IllegalAction, RecordError, RobotableError
from robotable.core.game import (
    JSON,
    REFEREE,
    Action,
    Event,
    Game,
    Outcome,
    Seat,
    State,
    Timer,
    Turn,
    world_for,
)
from robotable.core.records import Record, Recorder


@dataclass(frozen=True)
class RunningTimer:
    """A state's timer with the time it started at."""

    timer: Timer
    start: float
    label: str = ""
    """What runs out in English words (the game's catalogue): for logs and the terminal. Pages
    word the timer's ``code`` and ``params`` in their own language instead."""

    @property
    def deadline(self) -> float:
        return self.start + self.timer.seconds

    def left(self, now: float) -> float:
        return max(0.0, self.deadline - now)

    def to_dict(self) -> dict[str, JSON]:
        timer = self.timer
        return {
            "key": timer.key,
            "code": timer.code,
            "params": dict(timer.params),
            "label": self.label,
            "deadline": self.deadline,
        }


@dataclass(frozen=True)
class Accepted:
    """One action the table took, with what it caused."""

    number: int
    """1-based, as in records: the table's version after it."""
    seat: Seat
    action: Action
    time: float
    events: list[Event]

    @property
    def notation(self) -> str:
        return str(self.action)


class Table:
    """One game with its seats, its record and its running timers."""

    def __init__(
        self,
        game: Game,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        seats: Sequence[str],
        now: float = 0.0,
    ) -> None:
        recorder = Recorder(game, options, seed=seed, seats=seats)
        self._open(game, recorder.state, recorder, now)

    @classmethod
    def around(cls, state: State, recorder: Recorder | None = None, *, now: float = 0.0) -> Table:
        """A table over a state someone already holds (a match's), its timers starting at ``now``.

        With a ``recorder`` (whose ``state`` must be ``state``) every accepted action is also
        written to ``recorder.record``; without one the table keeps no record, only its
        :attr:`history`. Either way :attr:`version` counts from here."""
        if recorder is not None and recorder.state is not state:
            raise ValueError("the recorder must hold the table's state")
        table = cls.__new__(cls)
        table._open(state.game, state, recorder, now)
        return table

    def _open(self, game: Game, state: State, recorder: Recorder | None, now: float) -> None:
        self.game = game
        self._state = state
        self.recorder = recorder
        self.concessions = Concessions(state.seats) if recorder is None else recorder.concessions
        """The seats that conceded (the recorder's when there is one: one list, one rule)."""
        self._perform = self._apply if recorder is None else recorder.apply
        self.history: list[Accepted] = []
        """Every accepted action with its events, so a seat that reconnects is told what it missed."""
        self._starts: dict[str, float] = {}
        self._sync_timers(now)

    @classmethod
    def restore(
        cls,
        game: Game,
        record: Record,
        times: Sequence[float],
        *,
        created: float = 0.0,
        each: Callable[[Table, Accepted], None] | None = None,
    ) -> Table:
        """The table again after a restart: its record replayed action by action at the times
        they were accepted, so the state (verified by the contract at every step) and the
        timers' start times are what they were. ``each`` is told every action replayed, with
        the table just after it (what a host derives from the record: a turn-based table's
        time banks)."""
        if len(times) != len(record.actions):
            raise RecordError(f"the record has {len(record.actions)} actions but {len(times)} action times")
        table = cls(game, record.options, seed=record.seed, seats=record.seats, now=created)
        for number, ((seat, text), time) in enumerate(zip(record.actions, times, strict=True), 1):
            try:
                accepted = table.submit(seat, text, time)
            except RobotableError as exc:
                raise RecordError(f"action {number} (seat {seat}: {text!r}): {exc}") from exc
            if each is not None:
                each(table, accepted)
        return table

    def fork(self) -> Table:
        """A copy to carry actions out ahead on (a server checks its next actions there while
        the ones before are being stored): the same state, concessions, timers and version,
        but no record, and nothing it does changes this table."""
        twin = Table.__new__(Table)
        twin._open(self.game, self.state.clone(), None, 0.0)
        twin.concessions = copy.copy(self.concessions)  # who conceded, and an administrator's end
        twin.concessions.order = list(self.concessions.order)
        twin.history = list(self.history)
        twin._starts = dict(self._starts)
        return twin

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> State:
        return self._state

    @property
    def record(self) -> Record:
        if self.recorder is None:
            raise RobotableError(
                "this table keeps no record: it was opened around a state without a recorder"
            )
        return self.recorder.record

    @property
    def version(self) -> int:
        """How many actions the table accepted."""
        return len(self.history)

    @property
    def times(self) -> list[float]:
        """The time of each accepted action, in the record's order."""
        return [a.time for a in self.history]

    def missed(self, seat: Seat | None, since: int) -> list[dict[str, JSON]]:
        """The news of every action after the first ``since``, as ``seat`` may see them."""
        return [self.news(a, seat) for a in self.history[max(0, since) :]]

    @property
    def seats(self) -> int:
        return self.state.seats

    def outcome(self) -> Outcome | None:
        """The game's end, concessions counted (:meth:`Concessions.outcome`)."""
        return self.concessions.outcome(self.state.outcome())

    def to_act(self) -> list[Seat]:
        """The seats awaited: the state's, none once concessions ended the game."""
        return self.concessions.to_act(self.state)

    def running_timers(self) -> list[RunningTimer]:
        if self.concessions.ended:  # the engine's game stopped where it was: its timers with it
            return []
        running = []
        for timer in self.state.timers():
            if timer.key not in self._starts:  # only an action the table did not take adds a timer
                raise RobotableError(
                    f"the state changed behind the table's back: timer {timer.key!r} never started"
                )
            label = self.game.say(f"timer.{timer.code}", timer.params) if timer.code else timer.key
            running.append(RunningTimer(timer, self._starts[timer.key], label))
        return running

    def next_deadline(self) -> float | None:
        return min((t.deadline for t in self.running_timers()), default=None)

    def due(self, now: float) -> RunningTimer | None:
        """The timer to fire now (the earliest past its deadline), if any."""
        late = [t for t in self.running_timers() if t.deadline <= now]
        return min(late, key=lambda t: t.deadline) if late else None

    def snapshot(self, seat: Seat | None) -> dict[str, JSON]:
        """Everything ``seat`` (``None``: a spectator) is shown on arrival: the view, what it may
        do now, the running deadlines, the outcome, and the game's counters and guidance, read
        from that same view (so they tell nothing it hides). A server makes the same by parts
        (``robotable.server.updates``): a change here is made there too."""
        # a seat that conceded chooses nothing more (its bot is asked through turn()); nobody
        # chooses once concessions ended the game
        chooses = not self.concessions.ended and not self.concessions.conceded(seat)
        player = seat is not None and 0 <= seat < self.seats and chooses
        view = self.state.view(seat)
        return {
            "version": self.version,
            "seat": seat,
            "view": view,
            "to_act": self.to_act(),
            "legal": [str(a) for a in self.state.legal_actions(seat)] if player else [],
            "timers": [t.to_dict() for t in self.running_timers()],
            "outcome": None if (o := self.outcome()) is None else o.to_dict(),
            "counters": self.game.counters(view),
            "guidance": self.game.guidance(view, seat if player else None),
        }

    def news(self, accepted: Accepted, seat: Seat | None) -> dict[str, JSON]:
        """What ``seat`` is told of one accepted action: its events as that seat may see them,
        and the action's notation unless it is another seat's secret."""
        secret = type(accepted.action).secret and seat != accepted.seat
        if isinstance(accepted.action, TableEntry):  # the table's own event: no game filters it
            events = [event.to_dict() for event in accepted.events]
        else:
            events = self.state.events_for(accepted.events, seat)
        return {
            "number": accepted.number,
            "seat": accepted.seat,
            "action": None if secret else accepted.notation,
            "events": events,
        }

    def turn(self, seat: Seat, now: float, *, world: bool = False) -> Turn:
        """What an agent sees when asked to act for ``seat`` (``world``: with a guessed whole
        state, for an agent that searches)."""
        running = self.running_timers()
        wake = min((t.deadline for t in running), default=None)
        return agent_turn(self.state, seat, running, now, wake, world=world)

    # ------------------------------------------------------------------ acting

    def parse(self, action: Action | str) -> Action:
        """A notation read as the game's action, or ``concede``."""
        return parse_entry(self.game, action) if isinstance(action, str) else action

    def check(self, seat: Seat, action: Action, now: float) -> None:
        """Refuse (:class:`IllegalAction`) what :meth:`accept` would not take, changing nothing.

        A player's action comes too late once a timer is past its deadline: the referee's
        action is due first, whatever order the messages arrived in. A concession is never late:
        a person may give up at any moment."""
        late = None if isinstance(action, TableEntry) else self.due(now)
        if late is not None and seat != REFEREE:
            refusal = IllegalAction(f"too late: the timer ran out ({late.label})", seat=seat)
            refusal.code, refusal.params = "too_late", {"timer": late.timer.code}
            raise refusal
        self.check_rules(seat, action)

    def check_rules(self, seat: Seat, action: Action) -> None:
        """:meth:`check` without the clock (a table without timers): the game's rules and the
        concessions' (nothing is taken once they ended the game, nobody concedes twice)."""
        self.concessions.check(self.state, seat, action)

    def accept(self, seat: Seat, action: Action, now: float) -> Accepted:
        """Carry out an action that passed :meth:`check` at this ``now``."""
        events = self._perform(seat, action)
        accepted = Accepted(self.version + 1, seat, action, now, events)
        self.history.append(accepted)
        self._sync_timers(now)
        return accepted

    def adopt(self, seat: Seat, action: Action, now: float, state: State, events: list[Event]) -> Accepted:
        """Accept an action that passed :meth:`check` at this ``now`` and was carried out
        elsewhere, on a copy of :attr:`state` (a costly one, :meth:`Game.costly`): ``state`` is
        that copy after it, ``events`` what it told. A concession is never carried elsewhere."""
        if isinstance(action, TableEntry):
            raise ValueError("a concession or an end is carried out by the table's own concessions")
        if self.recorder is not None:
            self.recorder.adopt(seat, action, state)
        self._state = state
        accepted = Accepted(self.version + 1, seat, action, now, events)
        self.history.append(accepted)
        self._sync_timers(now)
        return accepted

    def submit(self, seat: Seat, action: Action | str, now: float) -> Accepted:
        """Parse, check and accept in one call (no storage in between)."""
        parsed = self.parse(action)
        self.check(seat, parsed, now)
        return self.accept(seat, parsed, now)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        return self.concessions.apply(self.state, seat, action)

    def fire_due(self, now: float) -> Accepted | None:
        """Apply the referee's action of the timer past its deadline, if any."""
        late = self.due(now)
        if late is None:
            return None
        return self.submit(REFEREE, late.timer.action, now)

    def _sync_timers(self, now: float) -> None:
        keys = {t.key for t in self.state.timers()}
        self._starts = {k: v for k, v in self._starts.items() if k in keys}
        for key in keys:
            self._starts.setdefault(key, now)


def agent_turn(
    state: State,
    seat: Seat,
    running: Sequence[RunningTimer],
    now: float,
    wake: float | None,
    *,
    world: bool = False,
) -> Turn:
    """What an agent is shown: its view, its legal actions, the running timers and when it will
    be asked again at the latest (``wake``); with ``world``, a whole state guessed from that view
    (:attr:`Turn.world`), made now: the agent may think in another thread while the table goes on."""
    timers = [{**t.to_dict(), "left": t.left(now)} for t in running]
    return Turn(
        seat,
        state.view(seat),
        state.legal_actions(seat),
        state.game,
        now,
        extra={"timers": timers, "wake": wake},
        world=world_for(state, seat) if world else None,
    )
