"""One live table of a server process: storage first, then the players, then bots and timers.

Each :class:`LiveTable` wraps a :class:`~robotable.play.table.Table` with a lock, the seats'
connections and a driver task that fires timers and asks bots. Every action, whoever sends
it (a person, a bot, the referee's clock), goes through :meth:`LiveTable.submit`:

1. parsed and checked against the current state, under the table's lock;
2. written to the store (its own transaction) — a refusal there changes nothing;
3. carried out in memory;
4. only then told to each connection, from that seat's ``view`` and ``events_for``.

The clock is the wall clock (seconds since the epoch), so deadlines are absolute and a
restarted server resumes them: a deadline that passed while it was down fires at once.

Several processes may serve the same tables (PostgreSQL): each keeps its own copy of a table,
caught up from the store whenever another process accepted an action (:meth:`LiveTable.catch_up`),
and only the table's driver process fires its timers and asks its bots (:mod:`.peers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import orjson

from robotable.agents.levels import bots_of
from robotable.core.errors import IllegalAction, RobotableError
from robotable.core.game import JSON, REFEREE, Action, Agent, Seat, Wait, searches
from robotable.play.table import Accepted, Table
from robotable.play.words import seat_namer, with_sentences
from robotable.server.seats import seat_kind, seat_list, seat_name, seat_notice, who_plays, with_row
from robotable.server.store import (
    Append,
    SeatRow,
    StaleTable,
    Store,
    StoreError,
    token_matches,
)
from robotable.server.writer import GroupWriter

log = logging.getLogger("robotable.server")

QUEUE_LIMIT = 256
"""Messages waiting for one connection; a client that falls this far behind is dropped."""
STALE_RETRIES = 8
"""Times an action is checked again after another process wrote the table first."""


class Forbidden(RobotableError):
    """The token does not grant what was asked."""


class SeatTakenBack(RobotableError):
    """A stand-in's answer came after its person took the seat back: not played."""


@dataclass(eq=False)  # each connection is itself, kept in a set
class Connection:
    """One client of a table: its seat (``None``: a spectator) and its outgoing messages, as
    JSON text (an update is encoded once for every connection of its seat)."""

    seat: Seat | None
    sentences: bool = False
    """Whether its news carry each event's sentence (asked for by the browser page)."""
    lang: str = "en"
    """The language of those sentences (``en`` or ``fr``)."""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))

    def send(self, message: dict[str, JSON]) -> bool:
        """Queue a message; False when the client is too slow and must be dropped."""
        return self.send_text(encode(message))

    def send_text(self, text: str) -> bool:
        """Queue a message already encoded; False as for :meth:`send`."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True


def encode(message: dict[str, JSON]) -> str:
    """A message as sent: compact JSON (orjson: about six times faster than the standard
    library on a view, and every update is one per seat)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Host(Protocol):
    """What a live table needs of its process (:class:`robotable.server.hall.Hall`)."""

    store: Store
    clock: Callable[[], float]
    think_limit: float
    grace: float
    """Seconds a person who left has to come back before the table's stand-in plays for them."""
    closing: bool
    """The process is stopping: connections closing now are not people leaving."""
    bot_pool: ThreadPoolExecutor
    writer: GroupWriter

    def forget_if_over(self, live: LiveTable) -> None: ...


class LiveTable:
    """One table in memory, its connections, bots and timers."""

    def __init__(
        self,
        hall: Host,
        table_id: str,
        table: Table,
        seats: list[SeatRow],
        timers: bool,
        creator: Seat | None = None,
        stand_in: str | None = None,
    ) -> None:
        self.hall = hall
        self.id = table_id
        self.table = table
        self.seats = seats
        self.seat_list = seat_list(seats)
        """The seats as every seat and spectator may see them (kinds and names, no token)."""
        self.timers = timers
        self.creator = creator
        self.stand_in = stand_in
        """The bot (``bot:NAME``) given to a person's seat when they leave; None: the seat waits."""
        self.opened = hall.clock()
        """When this process opened the table: a person away before a restart gets a whole grace
        period from here (while the server was down nobody could come back)."""
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.connections: set[Connection] = set()
        self.agents: dict[Seat, Agent] = {}
        self.bot_wake: dict[Seat, float | None] = {}
        self.thinking: dict[Seat, asyncio.Future[Action | Wait]] = {}
        """Bots' calls that ran past the think limit and still hold a thread."""
        self.driver: asyncio.Task[None] | None = None
        self.behind = False
        """A catch-up is waiting for the lock (see :meth:`fell_behind`)."""
        self.chores: set[asyncio.Task[None]] = set()
        """Catching up with other processes: kept here so they are not collected mid-way."""
        self.boards: dict[Seat | None, str] = {}
        """The board as each seat sees it at :attr:`boards_version` (every page of a seat, and
        every spectator, asks for it after each action: drawn once)."""
        self.boards_version = -1
        self._start_bots()

    # ------------------------------------------------------------------ seats and tokens

    def seat_for(self, token: str | None) -> Seat | None:
        """The seat a token grants (every seat compared, in constant time); None without one."""
        if not token:
            return None
        found = None
        for row in self.seats:
            if token_matches(token, row.token_hash) and row.kind == "human":
                found = row.seat
        if found is None:
            raise Forbidden("this token grants no seat at this table")
        return found

    async def authorize(self, token: str | None) -> Seat | None:
        """:meth:`seat_for`, after reading the seats again when the token grants nothing here
        (another process may have just given it out)."""
        try:
            return self.seat_for(token)
        except Forbidden:
            if not self.hall.store.shared:
                raise
        await self.reload_seats()
        return self.seat_for(token)

    def _start_bots(self) -> None:
        for row in self.seats:
            if who_plays(row) is not None:
                self._seat_bot(row)

    def _seat_bot(self, row: SeatRow) -> None:
        kind = who_plays(row)
        assert kind is not None
        make = bots_of(self.table.game)[kind.removeprefix("bot:")]
        # a seed of its own per table and seat: a bot that draws random numbers is not predictable
        # from outside, and the same table's bot starts alike after a restart
        self.agents[row.seat] = make(seed=zlib.crc32(f"{self.id}/{row.seat}".encode()))
        self.bot_wake[row.seat] = None

    async def hand_to_bot(self, requester: Seat | None, seat: Seat, bot: str | None) -> SeatRow:
        """The creator gives a person's seat to a bot (its person left): the seat's token stops
        granting it, its connections are closed, and the bot plays from the current state."""
        if requester is None or requester != self.creator:
            raise Forbidden("only the table's creator can hand a seat to a bot")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human":
            raise Forbidden(f"seat {seat} is not a person's seat")
        kind = seat_kind(self.table.game, f"bot:{bot}" if bot else "bot")
        row = SeatRow(seat, kind, seat_name(kind, seat, ""), None)
        async with self.lock:  # not while an action of this seat is being stored
            await asyncio.to_thread(self.hall.store.set_seat, self.id, row)
            self.take_seats(with_row(self.seats, row))
        return row

    async def reload_seats(self) -> None:
        """The seats as stored (another process let someone join or handed a seat to a bot)."""
        rows = await asyncio.to_thread(self.hall.store.seats, self.id)
        async with self.lock:
            if rows != self.seats:
                self.take_seats(rows)

    def take_seats(self, rows: list[SeatRow]) -> None:
        """New seats: bots seated (or unseated: a person came back), connections of seats that
        are no longer a person's closed, and everyone told of stand-ins and shown the new seats."""
        before, self.seats = self.seats, rows
        self.seat_list = seat_list(rows)
        for row in rows:
            player = who_plays(row)
            if player is not None and who_plays(before[row.seat]) != player:
                self._seat_bot(row)
            elif player is None:
                self.agents.pop(row.seat, None)
                self.bot_wake.pop(row.seat, None)
        notices = [seat_notice(old, new) for old, new in zip(before, rows, strict=True)]
        told = [encode(notice) for notice in notices if notice is not None]
        for connection in list(self.connections):
            seat = connection.seat
            if seat is not None and self.seats[seat].token_hash != before[seat].token_hash:
                self.drop(connection, "handed_to_bot", f"seat {seat} was handed to a bot")
                continue
            sent = all(connection.send_text(text) for text in told)
            if not (sent and connection.send({"type": "state", "state": self.snapshot(seat)})):
                self.drop(connection, "too_slow", "too slow: messages were piling up")
        self.changed.set()

    # ------------------------------------------------------------------ presence and stand-ins

    def person_at(self, seat: Seat | None) -> SeatRow | None:
        """The seat's row if a person holds it (a stand-in may be playing for them)."""
        if seat is None or not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human":
            return None
        return self.seats[seat]

    async def arrive(self, seat: Seat | None) -> None:
        """A person connected (or acted) with their token: they are here, and take their seat
        back from its stand-in (whose thought in progress is dropped: the person decides).

        Under the lock even when nothing seems to change: a mark of their last leaving may be
        being stored right now, and is undone here once it is."""
        if self.person_at(seat) is None:
            return
        async with self.lock:
            row = self.person_at(seat)
            if row is not None and (row.away_since is not None or row.stand_in is not None):
                await self._set_seat(replace(row, stand_in=None, away_since=None))

    def left(self, seat: Seat | None) -> None:
        """A connection of ``seat`` closed (or failed before it opened): when it was its
        person's last one here, they are away from now (stored, so the grace period and the
        stand-in outlive a restart)."""
        if self.hall.closing or self.person_at(seat) is None or self.table.outcome() is not None:
            return
        if any(other.seat == seat for other in self.connections):
            return
        self.later(self._mark_away(seat, self.hall.clock()))
        self.changed.set()  # the driver counts a grace period only for people not connected

    async def _mark_away(self, seat: Seat | None, now: float) -> None:
        async with self.lock:
            row = self.person_at(seat)
            here = any(other.seat == seat for other in self.connections)  # came back meanwhile
            if row is not None and row.away_since is None and not here:
                await self._set_seat(replace(row, away_since=now))

    async def mark_all_away(self) -> None:
        """The server is stopping: every person connected now is away from now, so a person who
        does not come back after the restart gets a stand-in too."""
        now = self.hall.clock()
        for seat in sorted({c.seat for c in self.connections if c.seat is not None}):
            row = self.person_at(seat)
            if row is not None and row.away_since is None and self.table.outcome() is None:
                await asyncio.to_thread(self.hall.store.set_seat, self.id, replace(row, away_since=now))

    async def mark_unseen_away(self) -> None:
        """This lone process has just restored the table and nobody is connected yet: every
        person not marked away is away from now. A process killed (``kill -9``) could not mark
        those connected at that moment; like everyone after a clean stop, they now get the
        grace period, then the stand-in while someone else is at the table."""
        if self.table.outcome() is not None:
            return
        async with self.lock:
            for row in list(self.seats):
                if row.kind == "human" and row.away_since is None:
                    await self._set_seat(replace(row, away_since=self.hall.clock()))

    def grace_ends(self) -> dict[Seat, float]:
        """When each away person's grace period ends (the tables with a stand-in only; a person
        marked away while connected, a race of a reload, has none). Only while another person
        is here: a table everybody left waits for them, bots playing it would serve nobody; the
        first to come back finds a stand-in for each person away longer than the grace period."""
        if self.stand_in is None or self.table.outcome() is not None:
            return {}
        here = {c.seat for c in self.connections if self.person_at(c.seat) is not None}
        if not here:
            return {}
        return {
            row.seat: max(row.away_since, self.opened) + self.hall.grace
            for row in self.seats
            if row.kind == "human"
            and row.stand_in is None
            and row.away_since is not None
            and row.seat not in here
        }

    async def _stand_in_due(self, now: float) -> bool:
        """Give the table's stand-in bot the seat of every person whose grace period is over."""
        due = [seat for seat, end in self.grace_ends().items() if end <= now]
        if not due:
            return False
        seated = False
        async with self.lock:
            for seat in due:
                row = self.person_at(seat)
                gone = row is not None and row.away_since is not None and row.stand_in is None
                if gone and not any(c.seat == seat for c in self.connections):
                    await self._set_seat(replace(row, stand_in=self.stand_in))
                    seated = True
        return seated

    async def _set_seat(self, row: SeatRow) -> None:
        """Store a seat's change, then tell everyone (the caller holds the lock)."""
        await asyncio.to_thread(self.hall.store.set_seat, self.id, row)
        self.take_seats(with_row(self.seats, row))

    # ------------------------------------------------------------------ acting

    async def submit(self, seat: Seat, action: Action | str, *, agent: Agent | None = None) -> Accepted:
        """Check, store, carry out and announce one action (see the module's steps).

        When another process wrote the table first, this copy catches up and the action is
        checked again on the newer state: it is refused only if it is no longer legal, never
        for having been made on an older version (two people programming at once). ``agent``:
        the bot that chose it, which must still play the seat (its person may be back)."""
        parsed = self.table.parse(action)
        async with self.lock:
            if agent is not None and self.agents.get(seat) is not agent:
                raise SeatTakenBack(f"seat {seat} is its person's again")
            for _ in range(STALE_RETRIES):
                now = self.hall.clock()
                self._check(seat, parsed, now)
                try:
                    await self.hall.writer.append(
                        Append(self.id, self.table.version + 1, seat, str(parsed), now)
                    )
                except StaleTable:  # written by another process first (or by a cancelled submit)
                    await self._catch_up_locked()
                    continue
                accepted = self.table.accept(seat, parsed, now)
                if (outcome := self.table.outcome()) is not None:
                    await self._mark_over(outcome)  # before the news: a told outcome has its record
                self._announce(accepted)  # stored: everyone may be told
                break
            else:
                raise StoreError(f"table {self.id} is too busy: try again")
        self.changed.set()
        return accepted

    def _check(self, seat: Seat, action: Action, now: float) -> None:
        if self.timers:
            self.table.check(seat, action, now)
        else:  # no clock: a deadline that passed refuses nothing (people come back hours later)
            self.table.state.check(seat, action)

    async def catch_up(self) -> None:
        """Carry out and announce the actions other processes stored since this copy's version."""
        async with self.lock:
            await self._catch_up_locked()
        self.changed.set()

    async def _catch_up_locked(self) -> None:
        newer = await asyncio.to_thread(self.hall.store.actions_after, self.id, self.table.version)
        for seat, notation, at in newer:
            # stored, so accepted by its process: carried out as it was, at its time
            self._announce(self.table.accept(seat, self.table.parse(notation), at))
        if newer and (outcome := self.table.outcome()) is not None:
            await self._mark_over(outcome)  # in case its process died before marking it

    def fell_behind(self) -> None:
        """Another process accepted an action: catch up soon. One waiting catch-up is enough,
        since it reads every action stored when it runs (a burst of notices costs one query)."""
        if self.behind:
            return
        self.behind = True

        async def catch_up() -> None:
            try:
                async with self.lock:
                    self.behind = False
                    await self._catch_up_locked()
            finally:
                self.behind = False  # failed or cancelled: the next notice tries again
            self.changed.set()

        self.later(catch_up())

    def later(self, chore: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine in the background (a notice from another process)."""
        task = asyncio.get_running_loop().create_task(chore)
        self.chores.add(task)
        task.add_done_callback(self._chore_done)

    def _chore_done(self, task: asyncio.Task[None]) -> None:
        self.chores.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("table %s: catching up failed: %s", self.id, exc)

    async def _mark_over(self, outcome: Any) -> None:
        """The outcome in the table's row: a cache (replaying the actions gives it), so a failure
        here is logged and the game stays won; a restart writes it again."""
        try:
            await asyncio.to_thread(self.hall.store.finish, self.id, outcome)
        except StoreError as exc:
            log.error("table %s: the outcome was not stored: %s", self.id, exc)

    def _announce(self, accepted: Accepted) -> None:
        # one per seat (and wording), encoded once for its connections
        messages: dict[tuple[Seat | None, bool, str], str] = {}
        for connection in list(self.connections):
            seat, key = connection.seat, (connection.seat, connection.sentences, connection.lang)
            if key not in messages:
                news = self.news(accepted, seat, sentences=connection.sentences, lang=connection.lang)
                messages[key] = encode({"type": "update", "news": news, "state": self.snapshot(seat)})
            if not connection.send_text(messages[key]):
                self.drop(connection, "too_slow", "too slow: messages were piling up")

    def news(
        self, accepted: Accepted, seat: Seat | None, *, sentences: bool = False, lang: str = "en"
    ) -> dict[str, JSON]:
        """What ``seat`` is told of an action (:meth:`Table.news`); with ``sentences``, each event
        also has its sentence (``text``), worded from the event as this seat sees it and the
        seats' public names alone: a sentence tells no more than its event."""
        told = self.table.news(accepted, seat)
        return self._worded(told, lang) if sentences else told

    def missed(
        self, seat: Seat | None, since: int, *, sentences: bool = False, lang: str = "en"
    ) -> list[dict[str, JSON]]:
        """The news of every action after the first ``since`` (:meth:`Table.missed`)."""
        missed = self.table.missed(seat, since)
        return [self._worded(told, lang) for told in missed] if sentences else missed

    def _worded(self, news: dict[str, JSON], lang: str) -> dict[str, JSON]:
        names = seat_namer([row.name for row in self.seats], lang)
        return with_sentences(self.table.game, news, names, lang)

    def snapshot(self, seat: Seat | None) -> dict[str, JSON]:
        snap = self.table.snapshot(seat)
        if not self.timers:
            snap["timers"] = []
        snap["now"] = self.hall.clock()
        snap["seats"] = self.seat_list
        return snap

    def board_svg(self, seat: Seat | None) -> str:
        """The board as ``seat`` sees it now (None: a spectator), drawn from that seat's view."""
        if self.boards_version != self.table.version:
            self.boards, self.boards_version = {}, self.table.version
        if seat not in self.boards:
            self.boards[seat] = self.table.game.render_svg(self.table.state.view(seat))
        return self.boards[seat]

    # ------------------------------------------------------------------ connections

    def connect(self, seat: Seat | None, *, sentences: bool = False, lang: str = "en") -> Connection:
        connection = Connection(seat, sentences=sentences, lang=lang)
        self.connections.add(connection)
        self.changed.set()  # a person here: the grace periods of those away count again
        return connection

    def drop(self, connection: Connection, code: str, reason: str) -> None:
        """Close a connection, saying why: ``code`` a stable word, ``reason`` in English."""
        self.connections.discard(connection)
        with contextlib.suppress(asyncio.QueueFull):
            connection.queue.put_nowait(encode({"type": "closing", "code": code, "reason": reason}))
        with contextlib.suppress(asyncio.QueueFull):
            connection.queue.put_nowait(None)

    # ------------------------------------------------------------------ the driver: timers and bots

    def start(self) -> None:
        if self.driver is None and self.table.outcome() is None:
            self.driver = asyncio.get_running_loop().create_task(self._drive(), name=f"table {self.id}")

    async def close(self) -> None:
        """Stop everything: the driver, the catch-ups, the connections."""
        for chore in list(self.chores):
            chore.cancel()
        await self.stop()
        for connection in list(self.connections):
            self.drop(connection, "stopping", "the server is stopping")

    async def stop(self) -> None:
        """Stop driving (timers, bots); the table still serves its connections."""
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
            self.driver = None

    async def _drive(self) -> None:
        try:
            await self._drive_until_over()
        finally:
            self.driver = None
        self.hall.forget_if_over(self)

    async def _drive_until_over(self) -> None:
        while self.table.outcome() is None:
            self.changed.clear()
            try:
                if await self._step():
                    continue
            except RobotableError as exc:  # a bot's refused move, a storage failure: logged, table kept
                log.warning("table %s: %s", self.id, exc)
            wake = self._next_wake()
            timeout = None if wake is None else max(0.0, wake - self.hall.clock())
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that
            # lands as the event is set, and a closing server then waits for this task forever
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self.changed.wait()

    async def _step(self) -> bool:
        """Fire a due timer, seat a stand-in or apply a bot's answer; True when something was
        applied."""
        now = self.hall.clock()
        due = self.table.due(now) if self.timers else None
        if due is not None:
            await self.submit(REFEREE, due.timer.action)
            return True
        if await self._stand_in_due(now):
            return True
        for seat in self.table.state.to_act():
            if seat not in self.agents or (self.bot_wake.get(seat) or 0.0) > now:
                continue
            version, agent = self.table.version, self.agents[seat]
            answer = await self._ask_bot(seat, now)
            if self._moved_on(version) or self.agents.get(seat) is not agent:
                return True  # while it thought: a past state, a timer ran out, or its person came back
            if isinstance(answer, Wait):
                self.bot_wake[seat] = answer.until
                continue
            self.bot_wake[seat] = None
            try:
                await self.submit(seat, answer, agent=agent)
            except SeatTakenBack:
                return True
            except IllegalAction as exc:
                if self._moved_on(version):  # too late by a hair: asked again on the new state
                    return True
                log.error("table %s: bot at seat %d played %s: %s", self.id, seat, answer, exc)
                self.bot_wake[seat] = float("inf")  # a buggy bot is not asked again
                continue
            return True
        return False

    def _moved_on(self, version: int) -> bool:
        """Whether the table is past ``version`` or has a timer to fire first."""
        due = self.timers and self.table.due(self.hall.clock()) is not None
        return due or self.table.version != version

    async def _ask_bot(self, seat: Seat, now: float) -> Action | Wait:
        late = self.thinking.get(seat)
        if late is not None and not late.done():  # still on an old question: no second thread
            return Wait(self.hall.clock() + 1.0)
        self.thinking.pop(seat, None)  # an answer to an old state is not played
        turn = self.table.turn(seat, now, world=searches(self.agents[seat]))
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.hall.bot_pool, self.agents[seat].act, turn)
        try:
            async with asyncio.timeout(self.hall.think_limit):  # not wait_for: see _drive_until_over
                return await asyncio.shield(future)
        except TimeoutError:
            log.warning("table %s: bot at seat %d thought past %.0f s", self.id, seat, self.hall.think_limit)
            self.thinking[seat] = future  # a thread cannot be stopped: wait for it before asking again
            future.add_done_callback(lambda f: f.cancelled() or f.exception())  # its failure: seen
            return Wait(self.hall.clock() + 1.0)
        except Exception:  # a bot's bug ends that bot, not the table's driver (timers go on)
            log.exception("table %s: the bot at seat %d failed", self.id, seat)
            return Wait(float("inf"))

    def _next_wake(self) -> float | None:
        times = [t for t in self.bot_wake.values() if t is not None and t != float("inf")]
        times.extend(self.grace_ends().values())
        deadline = self.table.next_deadline() if self.timers else None
        if deadline is not None:
            times.append(deadline)
        return min(times, default=None)
