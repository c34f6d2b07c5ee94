"""Where the server's bots think (their decisions, the suggestions people ask for), and where
an action the rules make costly is carried out (:meth:`robotable.core.game.Game.costly`).

:class:`BotProcesses` (the server's): in worker processes (:mod:`.workers`), as many as the bots'
share of the cores allows (``--bot-cpu-share``: with half of 2 cores, one process for every bot
of every table), each decision within the think limit of processor time. A bot stays in its
worker between decisions (:func:`bot_decides`, by the key of its seat); a worker stopped
for a decision past its limit takes its bots with it, and makes them again from their seeds.

:class:`BotThreads`: in this process's threads, as before the workers existed, for bots that
exist only in this process (a test's bot) and programs that embed the server. A thread past the
limit cannot be stopped: the seat is not asked again until it ends.

Both answer a decision past its limit with :class:`~.workers.TooCostly` and keep at most
:data:`SUGGESTIONS_AT_ONCE` suggestions thinking in the whole server.

A costly action (a solo Ricochet reveal: the solver proves the optimum) is carried out by
:class:`BotProcesses` in a worker of its own, on a copy of the table's state (a few kilobytes:
the table's history stays) that comes back changed with the action's events;
:class:`BotThreads` leaves it to the table, in this process.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from robotable import games
from robotable.agents.levels import bots_of
from robotable.core.game import Action, Agent, Event, Seat, State, Turn, Wait
from robotable.play.suggestions import Suggestion, suggestion_refusal, think
from robotable.server.workers import Budget, Busy, TooCostly, WorkerPool

BOT_CPU_SHARE = 0.5
"""Share of the cores the bots of all tables may take together: the rest answers people."""
BOT_MEMORY_MB = 1024
"""Memory a bot's decision may add to its worker."""
BOT_THREADS = 16
"""Bots thinking at once in :class:`BotThreads`."""
SUGGEST_LIMIT = 10.0
"""Seconds a suggested move may be thought over (the server's think limit, if shorter)."""
SUGGESTIONS_AT_ONCE = 8
"""Suggestions thinking at once in the whole server: more people asking wait a moment."""
BOTS_KEPT = 4096
"""Bots a worker keeps between decisions (the least recently asked are made again if needed)."""
DECISIONS_QUEUED = 100_000
"""Bot decisions waiting: never refused in practice (the quotas bound the bot seats)."""
SEARCH_SECONDS = 90.0
"""Processor time for a costly action (Ricochet's solver stops itself at 60 s at most)."""
SEARCH_MEMORY_MB = 1024
"""Memory a costly action may add to its worker (the solver's tables are a few hundred MB)."""
SEARCHES_QUEUED = 16
"""Costly actions waiting or being carried out in the whole server; more are refused (busy)."""
SEARCHES_PER_ADDRESS = 2
"""Costly actions of one address's tables at once: one client cannot keep the worker for itself."""


Carried = tuple[State, list[Event]]
"""A state after a costly action carried out in a worker, and the action's events."""


@dataclass(frozen=True)
class BotSpec:
    """What a worker makes a seat's bot from: its game's level, its seed, and the key that
    names this seat's bot (a new key each time a bot takes the seat: it starts afresh)."""

    key: str
    game: str
    level: str
    seed: int


class Thinking(Protocol):
    """What a live table asks of the server's bots."""

    think_limit: float

    async def decide(self, agent: Agent, spec: BotSpec, turn: Turn, *, urgent: bool) -> Action | Wait:
        """The bot's decision; ``urgent``: people play at its table (they go first)."""
        ...

    async def suggest(self, turn: Turn, seed: int) -> Suggestion: ...

    async def carry_out(self, state: State, seat: Seat, action: Action, owner: str) -> Carried | None:
        """The costly ``action`` carried out on a copy of ``state``, or None: the table carries
        it out itself. ``owner``: the address whose table it is (at most
        :data:`SEARCHES_PER_ADDRESS` of its actions at once)."""
        ...

    def warm(self) -> None:
        """Start the workers now rather than at the first question."""
        ...

    def close(self) -> None: ...


def bot_cpu_processes(share: float) -> int:
    """Worker processes for the bots: ``share`` of this process's cores, at least one."""
    if not 0.0 < share <= 1.0:
        raise ValueError(f"the bots' share of the cores is more than 0 and at most 1, not {share:g}")
    return max(1, int(len(os.sched_getaffinity(0)) * share))


class BotProcesses:
    """The bots in worker processes (see the module's description)."""

    def __init__(self, think_limit: float, share: float = BOT_CPU_SHARE) -> None:
        self.think_limit = think_limit
        budget = Budget(think_limit, BOT_MEMORY_MB)
        self.pool = WorkerPool("bots", bot_cpu_processes(share), budget, queue=DECISIONS_QUEUED)
        search = Budget(SEARCH_SECONDS, SEARCH_MEMORY_MB)
        self.searches = WorkerPool(
            "searches", 1, search, queue=SEARCHES_QUEUED, per_owner=SEARCHES_PER_ADDRESS
        )
        self.suggesting = 0

    async def decide(self, agent: Agent, spec: BotSpec, turn: Turn, *, urgent: bool) -> Action | Wait:
        del agent  # the worker's own copy of it decides
        priority = 0 if urgent else 1
        answer: Action | Wait = await self.pool.run(bot_decides, spec, turn, key=spec.key, priority=priority)
        return answer

    async def suggest(self, turn: Turn, seed: int) -> Suggestion:
        with OneSuggestionMore(self):
            limit = min(self.think_limit, SUGGEST_LIMIT)
            try:
                made: Suggestion = await self.pool.run(suggested, turn, seed, cpu_seconds=limit)
            except TooCostly:
                raise _too_long() from None
            return made

    async def carry_out(self, state: State, seat: Seat, action: Action, owner: str) -> Carried | None:
        busy = ("with other players' puzzles", "avec les énigmes d'autres joueurs")
        carried: Carried = await self.searches.run(carried_out, state, seat, action, owner=owner, busy=busy)
        return carried

    def warm(self) -> None:
        self.pool.warm()  # the costly actions' worker starts at its first one: they are rare

    def close(self) -> None:
        self.pool.close()
        self.searches.close()


class BotThreads:
    """The bots in this process's threads (see the module's description)."""

    def __init__(self, think_limit: float, threads: int = BOT_THREADS) -> None:
        self.think_limit = think_limit
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="bot")
        self.late: dict[str, asyncio.Future[Action | Wait]] = {}
        """Decisions past the limit that still hold a thread, by bot."""
        self.suggesting = 0

    async def decide(self, agent: Agent, spec: BotSpec, turn: Turn, *, urgent: bool) -> Action | Wait:
        del urgent  # the threads take every bot at once
        late = self.late.get(spec.key)
        if late is not None and not late.done():  # still on an old question: no second thread
            raise TooCostly(*_thinking_past(self.think_limit, "still "))
        self.late.pop(spec.key, None)  # an answer to an old state is not played
        future = asyncio.get_running_loop().run_in_executor(self.threads, agent.act, turn)
        try:
            async with asyncio.timeout(self.think_limit):  # not wait_for: see live._drive_until_over
                return await asyncio.shield(future)
        except TimeoutError:
            self.late[spec.key] = future
            future.add_done_callback(_seen)
            raise TooCostly(*_thinking_past(self.think_limit)) from None

    async def suggest(self, turn: Turn, seed: int) -> Suggestion:
        with OneSuggestionMore(self):
            future = asyncio.get_running_loop().run_in_executor(self.threads, partial(think, turn, seed=seed))
            future.add_done_callback(_seen)
            try:
                async with asyncio.timeout(min(self.think_limit, SUGGEST_LIMIT)):
                    return await asyncio.shield(future)
            except TimeoutError:  # the thread goes on, and counts as thinking until it ends
                raise _too_long() from None

    async def carry_out(self, state: State, seat: Seat, action: Action, owner: str) -> Carried | None:
        return None

    def warm(self) -> None:
        pass  # threads start as they are needed

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)


class OneSuggestionMore:
    """Counts a suggestion thinking in ``thinking``, refused past :data:`SUGGESTIONS_AT_ONCE`."""

    def __init__(self, thinking: BotProcesses | BotThreads) -> None:
        self.thinking = thinking

    def __enter__(self) -> None:
        if self.thinking.suggesting >= SUGGESTIONS_AT_ONCE:
            raise Busy("suggesting moves to other players", "à suggérer des coups à d'autres joueurs")
        self.thinking.suggesting += 1

    def __exit__(self, *_exc: object) -> None:
        self.thinking.suggesting -= 1


def _too_long() -> Exception:
    return suggestion_refusal(
        "the bot took too long to think: ask again in a moment",
        "le robot a réfléchi trop longtemps : redemandez dans un instant",
        "too_long",
    )


def _seen(future: Future[object] | asyncio.Future[object]) -> None:
    """A late thread's failure is read, so asyncio does not report it as never retrieved."""
    if not future.cancelled():
        future.exception()


# ---------------------------------------------------------------------- inside a worker

_bots: OrderedDict[str, Agent] = OrderedDict()


def bot_decides(spec: BotSpec, turn: Turn) -> Action | Wait:
    """A seat's bot decides (in a worker): the same bot as for its last decision, kept here."""
    agent = _bots.pop(spec.key, None)
    if agent is None:
        agent = bots_of(games.get(spec.game))[spec.level](seed=spec.seed)
    _bots[spec.key] = agent
    while len(_bots) > BOTS_KEPT:
        _bots.popitem(last=False)
    return agent.act(turn)


def carried_out(state: State, seat: Seat, action: Action) -> Carried:
    """``state`` (a copy, in a worker: only the state travels, not the table's history) with
    ``action`` carried out, and what it told."""
    events = state.perform(seat, action)
    return state, events


def suggested(turn: Turn, seed: int) -> Suggestion:
    """:func:`robotable.play.suggestions.think`, in a worker."""
    return think(turn, seed=seed)


def _thinking_past(limit: float, still: str = "") -> tuple[str, str]:
    """What a bot past its think limit needed, in English and French (:class:`TooCostly`)."""
    return f"a bot {still}thinking past {limit:g} s", f"un robot qui réfléchit plus de {limit:g} s"
