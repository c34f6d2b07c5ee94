"""A match: seats, agents, a clock and the loop that runs a game to its end.

A match drives a :class:`~robotable.play.table.Table`, the same table the server hosts: the
table checks and accepts the actions, starts the state's timers, says which one is due and
keeps the history and the record. What is left here is what only a blocking loop needs,
one :meth:`Match.step` at a time:

1. The table's timer past its deadline, if any, is fired for
   :data:`~robotable.core.game.REFEREE`.
2. Otherwise every seat in ``state.to_act()`` is asked in seat order, bots before
   people (an interactive seat's prompt blocks, and bots should not queue behind
   it); the first answer that is not a :class:`~robotable.core.game.Wait` goes to the table.
   People share one keyboard: the person who last acted is asked first again until
   they pass (:class:`~robotable.core.game.Wait`) or their action ends their
   decision (the seats to act change); then the keyboard goes round to the next seat.
3. When everyone waits, the clock goes to the earliest timer deadline or
   ``Wait.until``: a virtual clock jumps, a real one sleeps.

Answers never depend on how long a bot thought under a virtual clock, so a
deterministic bots-only game gives the same actions whichever clock ran it.

A person may answer ``concede`` (:mod:`robotable.core.concession`): at a table of 3 seats or
more the game goes on and their seat's agent becomes the match's stand-in bot (by default the
game's ``medium`` level), which plays it to the end; otherwise the game ends with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from robotable.agents.levels import bots_of
from robotable.core.concession import Concede
from robotable.core.errors import IllegalAction, RobotableError
from robotable.core.game import Action, Agent, Game, Outcome, Seat, State, Wait, searches
from robotable.core.records import Recorder
from robotable.play.clock import Clock, RealClock, VirtualClock
from robotable.play.table import Accepted, RunningTimer, Table, agent_turn
from robotable.play.words import plural

DEFAULT_MAX_ACTIONS = 100_000
STAND_IN_LEVEL = "medium"
"""The bot that plays the seat of a person who conceded, unless the match was given another."""

Played = Accepted
"""One accepted action, as passed to ``on_events``: the table's :class:`Accepted`
(``number`` 1-based as in records, ``seat``, ``action``, ``time``, ``events``)."""


class MatchError(RobotableError):
    """A match cannot go on: it is stalled or ran past its action limit."""


class MatchStalled(MatchError):
    """Nobody acts, no timer runs and nobody will ever be woken."""


class MatchAbandoned(Exception):
    """An interactive seat asked to stop (``quit``, end of input)."""


class BotError(RuntimeError):
    """A program played an illegal action: a bug in that program, not a move to refuse."""


class Interactive(Protocol):
    """An agent played by a person (``interactive = True``): refusals go back to it.

    The match asks such seats after the bots, and does not sleep while one of them
    is being asked: its prompt, which may time out at ``turn.extra["wake"]``, is the wait.
    """

    interactive: bool

    def refused(self, action: Action, error: IllegalAction) -> None:
        """Tell the person why ``action`` was refused; they will be asked again."""
        ...


def is_interactive(agent: Agent) -> bool:
    return bool(getattr(agent, "interactive", False))


def default_stand_in(game: Game) -> Callable[[Seat], Agent]:
    """The game's :data:`STAND_IN_LEVEL` bot (its first bot if it has no such level), seeded by
    the seat it plays."""
    bots = bots_of(game)
    make = bots.get(STAND_IN_LEVEL) or next(iter(bots.values()))
    return lambda seat: make(seed=seat)


def default_clock(agents: Sequence[Agent]) -> Clock:
    """Real time as soon as a person plays; otherwise virtual time, so bots race through."""
    return RealClock() if any(is_interactive(a) for a in agents) else VirtualClock()


class Match:
    """Runs ``state`` to its end with one agent per seat, through a table around it.

    With a ``recorder`` (whose ``state`` must be ``state``), every action goes through
    it, so ``recorder.record`` is always the game so far. ``actions`` holds the same
    ``(seat, notation)`` pairs in any case.
    """

    def __init__(
        self,
        game: Game,
        state: State,
        agents: Sequence[Agent],
        clock: Clock | None = None,
        recorder: Recorder | None = None,
        *,
        on_events: Callable[[Played], None] | None = None,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        stand_in: Callable[[Seat], Agent] | None = None,
    ) -> None:
        """``stand_in(seat)``: the bot that plays a seat whose person conceded (by default
        :func:`default_stand_in`, made only when someone concedes)."""
        if recorder is not None and recorder.state is not state:
            raise ValueError("the recorder must hold the match's state")
        self.game = game
        self.state = state
        self.agents = list(agents)
        self.clock = clock if clock is not None else default_clock(self.agents)
        self.recorder = recorder
        self.on_events = on_events
        self.max_actions = max_actions
        self.stand_in = stand_in
        self._table: Table | None = None
        self._keyboard: Seat = 0
        """The person asked first: people after it in seat order, then round to the others."""

    @property
    def table(self) -> Table:
        """The table this match drives, opened on first use (the first step): its first timers
        start when play does, not while the match is being set up (a solver warming up)."""
        if self._table is None:
            self._table = Table.around(self.state, self.recorder, now=self.clock.now())
        return self._table

    @property
    def actions(self) -> list[tuple[Seat, str]]:
        """Every ``(seat, notation)`` applied so far, in order."""
        return [(a.seat, a.notation) for a in self.table.history]

    def timers(self) -> list[RunningTimer]:
        """The state's timers, each started when its key first appeared."""
        return self.table.running_timers()

    # ------------------------------------------------------------------ running

    def run(self) -> Outcome:
        """Play until the game is over (concessions counted); its outcome."""
        while (outcome := self.table.outcome()) is None:
            self.step()
        return outcome

    def step(self) -> None:
        """Apply one action, or let time pass until something can happen."""
        table = self.table
        if table.version >= self.max_actions:
            last = ", ".join(a.notation for a in table.history[-5:])
            raise MatchError(
                f"no result after {plural(self.max_actions, 'action')} (max_actions); last: {last}"
            )
        now = self.clock.now()
        if (fired := table.fire_due(now)) is not None:
            self._tell(fired)
            return
        running = table.running_timers()
        wake = table.next_deadline()
        asked_person = False
        waiting = self.state.to_act()
        for seat in self._asking_order():
            person = is_interactive(self.agents[seat])
            asked_person |= person
            answer = self._ask(seat, running, wake)
            if isinstance(answer, Wait):
                if person:
                    self._keyboard = seat + 1  # they passed: the keyboard goes on
                if answer.until is not None and answer.until > now:  # a past `until` would spin
                    wake = answer.until if wake is None else min(wake, answer.until)
                continue
            self._answer(seat, answer)
            if person:
                # the same decision still open (a program half written): they keep the keyboard
                self._keyboard = seat if self.state.to_act() == waiting else seat + 1
            return
        self._idle(wake, asked_person)

    # ------------------------------------------------------------------ asking

    def _asking_order(self) -> list[Seat]:
        seats = self.state.to_act()
        for seat in seats:
            if not 0 <= seat < len(self.agents):
                raise MatchError(
                    f"seat {seat} must act but the match has {plural(len(self.agents), 'agent')}"
                )
        bots = sorted(s for s in seats if not is_interactive(self.agents[s]))
        people = sorted(s for s in seats if is_interactive(self.agents[s]))
        # from the person holding the keyboard, round the table
        return bots + sorted(people, key=lambda s: (s < self._keyboard, s))

    def _ask(self, seat: Seat, running: list[RunningTimer], wake: float | None) -> Action | Wait:
        now = self.clock.now()  # a real clock moved while earlier seats thought
        agent = self.agents[seat]
        return agent.act(agent_turn(self.state, seat, running, now, wake, world=searches(agent)))

    def _answer(self, seat: Seat, action: Action) -> None:
        """Hand ``action`` to the table; a person hears why it was refused, a bot's refusal is a bug.

        A bot that thought past a real deadline is not refused: the timer fires first, then
        it is asked again. A person typing past it is told they were too late."""
        agent = self.agents[seat]
        now = self.clock.now()
        person = is_interactive(agent)
        if not person and self.table.due(now) is not None:
            return
        try:
            accepted = self.table.submit(seat, action, now)
        except IllegalAction as exc:
            if not person:
                name = getattr(agent, "name", type(agent).__name__)
                raise BotError(f"{name} at seat {seat} played {action}: {exc}") from exc
            agent.refused(action, exc)  # type: ignore[attr-defined]
            return
        if isinstance(action, Concede) and self.table.outcome() is None:
            make = self.stand_in or default_stand_in(self.game)
            self.agents[seat] = make(seat)  # the game goes on: a bot plays the seat to the end
        self._tell(accepted)

    def _idle(self, wake: float | None, asked_person: bool) -> None:
        if asked_person and (wake is None or self.clock.now() < wake):
            return  # a person passed for now: their prompt is the wait, ask again
        if wake is None:
            raise MatchStalled(
                f"nobody acts and no timer runs (waiting: {self.state.to_act()}); the game cannot go on"
            )
        self.clock.wait_until(wake)

    def _tell(self, accepted: Accepted) -> None:
        if self.on_events is not None:
            self.on_events(accepted)
