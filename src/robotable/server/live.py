"""One live table of a server process: storage first, then the players, then bots and timers.

Each :class:`LiveTable` wraps a :class:`~robotable.play.table.Table` with a lock, its
:class:`Audience` (who hears it) and a driver task that fires timers and asks bots. It is the
table's one actor in its process: every change goes through it, and whatever a route or a
connection needs of the table is one of its methods. Every action, whoever sends it (a person,
a bot, the referee's clock), goes through :meth:`LiveTable.submit`:

1. parsed and checked, under the table's lock, against the table as it will be once the actions
   before it are stored (:mod:`.ahead`), and carried out there;
2. queued for the store, and the lock let go: actions made at once share a commit;
3. once its commit is done, and the actions before it are told, carried out on the stored
   table (:attr:`LiveTable.table`);
4. only then told to the audience, seat by seat, from that seat's ``view`` and ``events_for``.

A refusal of the store (another process wrote the table first, the database failed) changes
nothing anyone was told: the table catches up with the store, and the actions queued after the
refused one, made on a state that was not stored, are checked again on it.

The table speaks to seats, never to sockets: like boardgame.io's master, which is handed a
transport, it is handed an :class:`Audience` (the server's is
:class:`robotable.server.sockets.Connections`), which encodes, words and queues each message for
the connections of a seat and closes those that cannot keep up.

The clock is the wall clock (seconds since the epoch), so deadlines are absolute and a
restarted server resumes them: a deadline that passed while it was down fires at once.

A person may concede (``concede``, an action like any other: :mod:`robotable.core.concession`).
At a table of 3 seats or more the game goes on: once the concession is stored, the seat becomes
the table's stand-in bot (its default level when the table has none), under the person's name;
their token still shows them the seat, as it is played to the end, but acts no more.

Several processes may serve the same tables (PostgreSQL): each keeps its own copy of a table,
caught up from the store whenever another process accepted an action (:meth:`LiveTable.catch_up`),
and only the table's driver process fires its timers and asks its bots (:mod:`.peers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import zlib
from collections.abc import Callable, Coroutine
from dataclasses import replace
from itertools import count
from typing import Any, Protocol

from robotable.agents.levels import bots_of
from robotable.core.concession import Concede
from robotable.core.errors import IllegalAction, RobotableError
from robotable.core.game import JSON, REFEREE, Action, Agent, Game, Seat, State, Wait, searches
from robotable.play.rated import provisional
from robotable.play.rated import shown as shown_rating
from robotable.play.suggestions import Suggestion, suggestion_refusal, suggestion_turn
from robotable.play.table import Accepted, Table
from robotable.play.time_banks import Banks
from robotable.server import rated_tables
from robotable.server.ahead import Ahead, Unstored
from robotable.server.banks import HANDED_KINDS, out_of_time, out_of_time_notice, timed_out_row
from robotable.server.chat import ChatRoom
from robotable.server.chat_store import ChatStore
from robotable.server.presence import Presence
from robotable.server.quotas import Tally
from robotable.server.rating_store import seat_player
from robotable.server.seats import (
    Holder,
    SeatRow,
    held_by,
    held_row,
    public_seat_names,
    seat_kind,
    seat_list,
    seat_name,
    seat_notice,
    stand_in_kind,
    who_plays,
    with_row,
)
from robotable.server.store import Append, StaleTable, Store, StoreError
from robotable.server.thinking import BotSpec, Carried, Thinking
from robotable.server.tokens import hash_token, new_token, token_matches
from robotable.server.updates import Message, Updates
from robotable.server.workers import TooCostly, WorkerLost
from robotable.server.writer import Writer

log = logging.getLogger("robotable.server")

STALE_RETRIES = 8
"""Times an action is checked again after another process wrote the table first."""
MAX_ACTIONS = 50_000
"""Actions a table takes at most: the most a record may hold to be replayed (an uploaded record's
limit too), far past any real game (Delivery's longest run to a few thousand)."""
FINISH_TRIES = 3
"""Times a table's end (and its rating) is written before it is left to the next restart."""
LINEAGES = count(1)
"""Numbers each try of a table in this process at its writes (:attr:`LiveTable.lineage`)."""
SEATINGS = count()
FALLBACK_LEVEL = "easy"
"""The level that decides for a bot that failed: every game has it, and it thinks quickly."""
"""Numbers each bot seated in this process: a bot that takes a seat again starts afresh."""


class Forbidden(RobotableError):
    """The token does not grant what was asked."""


def taken_meanwhile() -> Forbidden:
    """A seat another process gave someone else while this one named it."""
    refusal = Forbidden("this seat was just taken by someone else")
    refusal.fr = "cette place vient d'être prise par quelqu'un d'autre"
    return refusal


def held_elsewhere() -> Forbidden:
    """A seat's token from someone who is not the account holding the seat."""
    refusal = Forbidden("this seat is held by its player's account: sign in as them to play it")
    refusal.fr = (
        "cette place appartient au compte de son joueur : connectez-vous avec ce compte pour la jouer"
    )
    return refusal


class SpectatorCannotPlay(Forbidden):
    """An action without a seat: a spectator watches."""

    code = "spectator"


class TableOver(IllegalAction):
    """A finished table: nothing changes it or its record any more (an action, a concession,
    a seat taken or handed to a bot). A 409, and ``refused`` with code ``over`` on the socket."""

    code = "over"

    def __init__(self, what: str, what_fr: str) -> None:
        super().__init__(f"the game is over: {what}")
        self.fr = f"la partie est finie : {what_fr}"


class SeatTakenBack(RobotableError):
    """A stand-in's answer came after its person took the seat back: not played."""


PLAYED = (
    "nothing can be played or conceded at this table any more",
    "on ne peut plus rien jouer ni abandonner à cette table",
)
JOINED = ("its seats can no longer be taken", "ses places ne peuvent plus être prises")
RENAMED = ("its players' names stay as they were", "les noms de ses joueurs restent tels qu'ils étaient")
HANDED_OVER = (
    "its seats can no longer be handed to a bot: its record stays as it was played",
    "ses places ne peuvent plus être confiées à un robot : son enregistrement reste tel qu'il a été joué",
)
"""What :class:`TableOver` says each kind of change is (English, French)."""

"""One message of the protocol (docs/protocol.md), before it is encoded."""


class Audience(Protocol):
    """Who hears a table, as the table sees them: seats (``None``: the spectators), never
    sockets. The table decides what each seat is told and when (only once it is stored); the
    audience encodes it once per seat, words its events for the connections that asked for
    sentences, queues it, and closes a connection that falls too far behind."""

    def here(self) -> set[Seat | None]:
        """The seats with at least one connection open now (None: a spectator's)."""
        ...

    def send_to_all(self, message_for: Callable[[Seat | None], Message]) -> None:
        """Every connection gets ``message_for(its seat)``, made once per seat."""
        ...

    def close_seat(self, seat: Seat, code: str, reason: str) -> None:
        """End the connections of ``seat``, saying why: a ``closing`` with ``code`` (a stable
        word a page says in its own language) and ``reason`` (in English)."""
        ...

    def close_all(self, code: str, reason: str) -> None:
        """End every connection, saying why (as :meth:`close_seat`)."""
        ...


AudienceFor = Callable[["LiveTable"], Audience]
"""What a hall makes each of its tables' audience with (the server's: ``Connections``)."""


class Host(Protocol):
    """What a live table needs of its process (:class:`robotable.server.hall.Hall`)."""

    store: Store
    clock: Callable[[], float]
    suggestions: bool
    """Whether the tables give "suggest a move" (:meth:`LiveTable.gives_suggestions`)."""
    grace: float
    """Seconds a person who left has to come back before the table's stand-in plays for them."""
    closing: bool
    """The process is stopping: connections closing now are not people leaving."""
    thinking: Thinking
    """Where the bots think (:mod:`.thinking`)."""
    quotas: Tally
    """What each address holds: here, who created a table (:meth:`Tally.address_of`)."""
    writer: Writer
    presence: Presence
    """Who is at each table through the other processes (:mod:`.presence`)."""

    def forget_if_over(self, live: LiveTable) -> None: ...

    def turns_changed(self, live: LiveTable, seat: Seat, waited: set[Seat]) -> None:
        """An action of ``seat`` was stored and told; ``waited``: the seats awaited before it."""
        ...


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
        *,
        audience: AudienceFor,
        banks: Banks | None = None,
        rated: bool = False,
    ) -> None:
        self.hall = hall
        self.rated = rated
        """Its result moves its players' ratings (:mod:`.rated_tables`' rules)."""
        self.seat_ratings: dict[Seat, dict[str, JSON]] = {}
        """Each rated seat's public rating, as its seat list shows it (:meth:`refresh_ratings`)."""
        self._ratings_reads = count(1)
        self._ratings_read = 0  # the number of the read shown last: an older one ending later is stale
        self.id = table_id
        self.table = table
        self.seats = seats
        self.seat_list = seat_list(seats)
        """The seats as every seat and spectator may see them (kinds and names, no token)."""
        self.timers = timers
        self.banks = banks
        """A turn-based table's time banks (None: no bank), fed every action carried out."""
        self.creator = creator
        self.stand_in = stand_in
        """The bot (``bot:NAME``) given to a person's seat when they leave; None: the seat waits."""
        self.opened = hall.clock()
        """When this process opened the table: a person away before a restart gets a whole grace
        period from here (while the server was down nobody could come back)."""
        self.lock = asyncio.Lock()
        """Held to change the table: its seats, and the actions let in (:meth:`submit`)."""
        self.ahead = Ahead()
        """The actions let in whose commit is not done yet; told, in order, by :attr:`teller`."""
        self.teller: asyncio.Task[None] | None = None
        self.lineage = next(LINEAGES)
        """This try's number, new at each of the store's refusals: the writer refuses unwritten the
        actions a try queued after one of its actions was refused."""
        self.repaired = asyncio.Event()
        self.repaired.set()
        """Cleared while the table catches up after a refusal: nothing is let in meanwhile."""
        self.changed = asyncio.Event()
        self.updates = Updates(self)
        """The states its seats are shown after each change, made for all of them at once
        (:mod:`.updates`): what :meth:`snapshot` gives each seat, at a fraction of the cost."""
        self.audience = audience(self)
        self.agents: dict[Seat, Agent] = {}
        self.bot_specs: dict[Seat, BotSpec] = {}
        """What a worker makes each seat's bot from (:mod:`.thinking`)."""
        self.bot_wake: dict[Seat, float | None] = {}
        self.suggesting: dict[Seat, asyncio.Task[Suggestion]] = {}
        """The suggestion each seat asked for last (one at a time per seat)."""
        self.driver: asyncio.Task[None] | None = None
        self.behind = False
        """A catch-up is waiting for the lock (see :meth:`fell_behind`)."""
        self.chores: set[asyncio.Task[None]] = set()
        """Catching up with other processes: kept here so they are not collected mid-way."""
        self.boards: dict[tuple[Seat | None, str, tuple[str, ...]], str] = {}
        """The board as each seat sees it at :attr:`boards_version`, by seat, language and seats'
        names (every page of a seat, and every spectator, asks for it after each action: drawn
        once)."""
        self.boards_version = -1
        self.chat = ChatRoom(
            table_id,
            ChatStore(hall.store),
            hall.clock,
            lambda message: self.audience.send_to_all(lambda _seat: message),
            lambda seat: self.seat_names()[seat],
        )
        """What its people say (:mod:`.chat`): beside the game, never in its record."""
        self._start_bots()

    # ------------------------------------------------------------------ what it is

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def version(self) -> int:
        """How many actions the table accepted."""
        return self.table.version

    @property
    def version_ahead(self) -> int:
        """How many actions the table accepted or let in on their way to the store."""
        return self.table.version + len(self.ahead.queue)

    @property
    def over(self) -> bool:
        """Whether the game has ended (in this process's copy)."""
        return self.table.outcome() is not None

    @property
    def bot_seats(self) -> int:
        """Its seats a bot plays now (a person's stand-in and a conceded seat's bot included: they
        think like any bot): what the quotas count."""
        return sum(who_plays(row) is not None for row in self.seats)

    @property
    def driven(self) -> bool:
        """Whether this process runs its timers and bots (:mod:`.peers`)."""
        return self.driver is not None

    def seat_names(self, lang: str = "en") -> list[str]:
        """The seats' public names in ``lang``, in order (what sentences and drawings call them)."""
        return public_seat_names(self.seats, lang)

    # ------------------------------------------------------------------ seats and tokens

    def seat_for(self, token: str | None, account: int | None = None) -> Seat | None:
        """The seat a token grants (every seat compared, in constant time), else the seat the
        signed-in ``account`` holds; None with neither (a spectator). A person who conceded keeps
        seeing their seat, now a bot's, as it is played to the end. A seat an account holds is
        granted to that account only: its invitation's token, which the table's creator kept,
        no longer plays it nor shows its hidden view to anyone else."""
        if not token:
            return None if account is None else self._seat_of_account(account)
        found = None
        for row in self.seats:
            if token_matches(token, row.token_hash) and self._persons(row):
                found = row
        if found is None:
            raise Forbidden("this token grants no seat at this table")
        if found.account is not None and found.account != account:
            raise held_elsewhere()
        return found.seat

    def _refuse_unrated_person(self, holder: Holder | None) -> None:
        """A rated table seats signed-in people only, each account once."""
        if not self.rated:
            return
        if holder is None:
            raise rated_tables.needs_account()
        if held_by(self.seats, holder) is None:
            raise rated_tables.one_seat()

    def _unrated_person(self, seat: Seat) -> bool:
        """A person's seat of a rated table that no account holds (an invitation's link alone)."""
        row = self.person_at(seat)
        return self.rated and row is not None and row.account is None

    def _persons(self, row: SeatRow) -> bool:
        """Whether a person's token or account still shows them the seat: theirs, or handed to
        a bot when they conceded or ran out of time (they watch it played to the end)."""
        handed = self.table.concessions.conceded(row.seat) or self.timed_out(row.seat)
        return row.kind == "human" or handed

    def _seat_of_account(self, account: int) -> Seat | None:
        """The seat the account holds here (None: it watches, as a spectator)."""
        return next((r.seat for r in self.seats if r.account == account and self._persons(r)), None)

    async def authorize(self, token: str | None, account: int | None = None) -> Seat | None:
        """:meth:`seat_for`, after reading the seats again when the token grants nothing here
        (another process may have just given it out)."""
        try:
            return self.seat_for(token, account)
        except Forbidden:
            if not self.hall.store.shared:
                raise
        await self.reload_seats()
        return self.seat_for(token, account)

    def _start_bots(self) -> None:
        for row in self.seats:
            if who_plays(row) is not None:
                self._seat_bot(row)

    def _seat_bot(self, row: SeatRow) -> None:
        kind = who_plays(row)
        assert kind is not None
        level = kind.removeprefix("bot:")
        # a seed of its own per table and seat: a bot that draws random numbers is not predictable
        # from outside, and the same table's bot starts alike after a restart
        seed = zlib.crc32(f"{self.id}/{row.seat}".encode())
        self.agents[row.seat] = bots_of(self.table.game)[level](seed=seed)
        key = f"{self.id}/{row.seat}/{next(SEATINGS)}"
        self.bot_specs[row.seat] = BotSpec(key, self.game.id, level, seed)
        self.bot_wake[row.seat] = None

    async def hand_to_bot(
        self, requester: Seat | None, seat: Seat, bot: str | None, *, admit: Callable[[], None] = lambda: None
    ) -> SeatRow:
        """The creator gives a person's seat to a bot (its person left): the seat's token stops
        granting it, its connections are closed, and the bot plays from the current state.
        ``admit``: raises when one more bot seat is past a quota (:mod:`.quotas`)."""
        if requester is None or requester != self.creator:
            raise Forbidden("only the table's creator can hand a seat to a bot")
        self.refuse_if_over(*HANDED_OVER)
        if self.rated:
            raise rated_tables.no_hand_over()
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human":
            raise Forbidden(f"seat {seat} is not a person's seat")
        kind = seat_kind(self.table.game, f"bot:{bot}" if bot else "bot")
        row = SeatRow(seat, kind, seat_name(kind, seat, ""), None)
        async with self.lock:  # not while an action of this seat is being stored
            self.refuse_if_over(*HANDED_OVER)  # the game may have ended while this call waited
            admit()
            if not await asyncio.to_thread(self.hall.store.set_seat, self.id, row):
                await self._catch_up_locked()  # another process ended the game: its actions here too
                raise TableOver(*HANDED_OVER)
            self.take_seats(with_row(self.seats, row))
        return row

    async def reload_seats(self) -> None:
        """The seats as stored (another process let someone join or handed a seat to a bot).

        Read under the lock, as every seat change of this process is stored and taken: a read
        begun before such a change and ended after it would put the older seats back over it
        (on PostgreSQL each seat change's notice, this process's own too, reads the seats
        again: a join shown undone, a deleted account's name shown again)."""
        async with self.lock:
            rows = await asyncio.to_thread(self.hall.store.seats, self.id)
            if rows != self.seats:
                self.take_seats(rows)
        await self.refresh_ratings()

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
                self.bot_specs.pop(row.seat, None)
                self.bot_wake.pop(row.seat, None)
        for old, new in zip(before, rows, strict=True):
            if new.token_hash != old.token_hash:  # the old token grants nothing now
                self.audience.close_seat(old.seat, "handed_to_bot", f"seat {old.seat} was handed to a bot")
        for old, new in zip(before, rows, strict=True):
            timed_out = self.timed_out(new.seat) and not self.table.concessions.conceded(new.seat)
            notice = (out_of_time_notice(old, new) if timed_out else None) or seat_notice(old, new)
            if notice is not None:
                self.audience.send_to_all(lambda _seat, told=notice: told)
        self._show_all()
        self.changed.set()

    async def join(self, seat: Seat | None, name: str, holder: Holder | None = None) -> tuple[Seat, str]:
        """Seat a person at an open seat (the first one when ``seat`` is None): the seat and its
        new token; a signed-in ``holder``'s account holds it, under its name. The store decides
        between two people racing for one seat."""
        await self.reload_seats()  # another process may have seated someone
        self.refuse_if_over(*JOINED)
        open_seats = [r.seat for r in self.seats if r.kind == "open"]
        if not open_seats:
            raise Forbidden("this table has no open seat")
        chosen = open_seats[0] if seat is None else seat
        if chosen not in open_seats:
            raise Forbidden(f"seat {chosen} is not open")
        self._refuse_unrated_person(holder)
        token = new_token()
        row = SeatRow(chosen, "human", seat_name("human", chosen, name), hash_token(token))
        async with self.lock:  # the game may end (a concession) while the seat is being taken
            self.refuse_if_over(*JOINED)
            self._refuse_unrated_person(holder)  # again: another join of this account came first
            row = held_row(row, held_by(self.seats, holder))
            if not await asyncio.to_thread(self.hall.store.set_seat, self.id, row, only_if_open=True):
                await self._catch_up_locked()  # taken, or the game ended in another process
                self.refuse_if_over(*JOINED)
                raise Forbidden(f"seat {chosen} was just taken")
            self.take_seats(with_row(self.seats, row))
        await self.refresh_ratings()
        if not any(r.kind == "open" for r in self.seats):
            await asyncio.to_thread(self.hall.store.set_status, self.id, "running")
        return chosen, token

    async def name_seat(self, token: str, name: str, holder: Holder | None = None) -> Seat:
        """A person invited to a seat sits down with their name (``POST .../join`` with their
        invitation's ``token``): the name, cleaned, is what everyone sees from now on; a signed-in
        ``holder``'s account holds the seat, under its name, unless it holds one here already."""
        seat = await self.authorize(token)
        if self.person_at(seat) is None:
            raise Forbidden("only a person's own seat token can name its seat")
        async with self.lock:
            if self.over:  # the record's names are part of the finished game
                raise TableOver(*RENAMED)
            if not self._still_grants(token, seat):  # seated elsewhere while this waited for the table
                raise taken_meanwhile()
            row = self.seats[seat]
            named = replace(row, name=seat_name("human", row.seat, name))
            if row.account is None:
                self._refuse_unrated_person(holder)
                named = held_row(named, held_by(self.seats, holder))
            store = self.hall.store
            if named != row:
                if not await asyncio.to_thread(store.set_seat, self.id, named, only_if_still=row):
                    await self._catch_up_locked()  # seated elsewhere meanwhile, or the game ended
                    self.take_seats(await asyncio.to_thread(store.seats, self.id))
                    self.refuse_if_over(*RENAMED)
                    raise taken_meanwhile()
                self.take_seats(with_row(self.seats, named))
        await self.refresh_ratings()
        return seat

    def _still_grants(self, token: str, seat: Seat) -> bool:
        row = self.seats[seat]
        return token_matches(token, row.token_hash) and row.account is None

    async def hold(self, seat: Seat, holder: Holder) -> bool:
        """A signed-in person's account takes the person's seat they hold by its token (a guest
        who signed up keeps their seat), under its name while the game goes on; False when an
        account holds it already, or the account holds another seat here."""
        async with self.lock:
            row = self.seats[seat]
            if row.account is not None or row.account_gone or held_by(self.seats, holder) is None:
                return False
            held = held_row(row, holder) if not self.over else replace(row, account=holder.account)
            if not await asyncio.to_thread(self.hall.store.hold_seat, self.id, held):
                return False
            self.take_seats(with_row(self.seats, held))
        await self.refresh_ratings()
        return True

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
        if self.person_at(seat) is None or self.over:
            return  # a finished table's seats are its record's: nothing to take back
        assert seat is not None
        await self.hall.presence.arrived(self.id, seat)  # first: the driver never sees them gone
        async with self.lock:
            await self.drained()  # a stand-in's action let in before they came back is told first
            row = None if self.over else self.person_at(seat)
            if row is not None and (row.away_since is not None or row.stand_in is not None):
                await self._set_seat(replace(row, stand_in=None, away_since=None))

    def left(self, seat: Seat | None) -> None:
        """A connection of ``seat`` closed (or failed before it opened): when it was its
        person's last one here, they are away from now (stored, so the grace period and the
        stand-in outlive a restart)."""
        if self.hall.closing or self.person_at(seat) is None or self.over:
            return
        if seat in self.audience.here():
            return
        self.later(self._mark_away(seat, self.hall.clock()))
        self.changed.set()  # the driver counts a grace period only for people not connected

    async def away_until_connected(self, seat: Seat | None) -> None:
        """A bot account's program took ``seat`` over HTTP (issue 32): it is away until it
        connects, so a bot that never does gets the grace period, then the stand-in, as a
        person who left (a person's page connects at once; a program may never)."""
        if self.person_at(seat) is not None and not self.over and seat not in self.audience.here():
            await self._mark_away(seat, self.hall.clock())
            self.changed.set()

    async def _mark_away(self, seat: Seat | None, now: float) -> None:
        if seat is not None and seat not in self.audience.here():
            await self.hall.presence.left(self.id, seat)
        async with self.lock:
            row = self.person_at(seat)
            here = seat in self.here_anywhere()  # came back meanwhile
            if row is not None and row.away_since is None and not here:
                await self._set_seat(replace(row, away_since=now))

    async def mark_all_away(self) -> None:
        """The server is stopping: every person connected now is away from now, so a person who
        does not come back after the restart gets a stand-in too."""
        now = self.hall.clock()
        for seat in sorted(seat for seat in self.audience.here() if seat is not None):
            row = self.person_at(seat)
            if row is not None and row.away_since is None and not self.over:
                await asyncio.to_thread(self.hall.store.set_seat, self.id, replace(row, away_since=now))

    async def mark_unseen_away(self) -> None:
        """This lone process has just restored the table and nobody is connected yet: every
        person not marked away is away from now. A process killed (``kill -9``) could not mark
        those connected at that moment; like everyone after a clean stop, they now get the
        grace period, then the stand-in while someone else is at the table."""
        if self.over:
            return
        async with self.lock:
            for row in list(self.seats):
                if row.kind == "human" and row.away_since is None:
                    await self._set_seat(replace(row, away_since=self.hall.clock()))

    def here_anywhere(self) -> set[Seat | None]:
        """The seats with a connection open through this process or another (:mod:`.presence`)."""
        return self.audience.here() | self.hall.presence.here(self.id)

    def seen_elsewhere(self, vanished: set[Seat]) -> None:
        """Who is here through other processes changed. The driver marks away each person who
        vanished with no mark of leaving (their process died with their connection open)."""
        self.changed.set()  # a person here elsewhere: the grace periods of those away count
        if self.driven and not self.over and vanished:
            self.later(self._mark_vanished(vanished))

    async def _mark_vanished(self, vanished: set[Seat]) -> None:
        still = await self.hall.presence.present_now(self.id)  # a fresh read: not back meanwhile
        for seat in sorted(vanished - still - self.audience.here()):
            await self._mark_away(seat, self.hall.clock())
        self.changed.set()

    def grace_ends(self) -> dict[Seat, float]:
        """When each away person's grace period ends (the tables with a stand-in only; a person
        marked away while connected, a race of a reload, has none). Only while another person
        is here: a table everybody left waits for them, bots playing it would serve nobody; the
        first to come back finds a stand-in for each person away longer than the grace period."""
        if self.stand_in is None or self.over:
            return {}
        here = {seat for seat in self.here_anywhere() if self.person_at(seat) is not None}
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
                if gone and seat not in self.here_anywhere():
                    await self._set_seat(replace(row, stand_in=self.stand_in))
                    self.hall.metrics.stand_ins.labels(self.game.id).inc()
                    seated = True
        return seated

    def timed_out(self, seat: Seat | None, now: float | None = None) -> bool:
        """Whether ``seat``'s time bank ran out (by ``now``, default the clock's now)."""
        if self.banks is None or seat is None:
            return False
        return seat in self.banks.out_at(self.hall.clock() if now is None else now)

    async def _out_of_time_due(self, now: float) -> bool:
        """Give every seat whose bank ran out, still a person's (or open), to the table's stand-in
        bot for the rest of the game (:meth:`conceder_bot`); only the driver does, and the store
        changes the seat only if it is still a person's: one hand-over, whichever process."""
        if self.banks is None or self.over:
            return False
        due = [seat for seat in self.banks.out_at(now) if self.seats[seat].kind in HANDED_KINDS]
        if not due:
            return False
        async with self.lock:
            for seat in due:
                row = timed_out_row(self.seats[seat], self.conceder_bot())
                store = self.hall.store
                if not await asyncio.to_thread(store.set_seat, self.id, row, only_if_kind=HANDED_KINDS):
                    await self._catch_up_locked()  # the game ended, or the seat changed elsewhere
                    rows = await asyncio.to_thread(store.seats, self.id)
                    self.take_seats(rows)
                    return True
                self.take_seats(with_row(self.seats, row))
                self.hall.metrics.stand_ins.labels(self.game.id).inc()
        return True

    def conceder_bot(self) -> str:
        """The bot that plays the seat of a person who conceded: the table's stand-in, else the
        game's default stand-in level (a table without stand-ins still needs someone to play
        the seat to the end)."""
        default = stand_in_kind(self.game, None, timers=True)
        kind = self.stand_in or default
        assert kind is not None, f"{self.game.id} has no bots"
        return kind

    async def _seat_conceders(self) -> bool:
        """Give each seat whose person conceded, and that is still theirs, to its bot (the caller
        holds the lock): under the person's name, their token kept so they still see it. Done
        just after the concession is stored, and again by the driver after a restart that came
        between the two writes. True when a seat changed hands."""
        if self.over:
            return False
        changed = False
        for seat in self.table.concessions.order:
            row = self.seats[seat]
            if row.kind == "human":
                await self._set_seat(replace(row, kind=self.conceder_bot(), stand_in=None, away_since=None))
                changed = True
        return changed

    def shown_seats(self) -> list[JSON]:
        """The seats as shown, each seat that conceded marked ``conceded``."""
        conceded = self.table.concessions.conceded
        shown = [{**row, "conceded": True} if conceded(row["seat"]) else row for row in self.seat_list]  # type: ignore[dict-item,index]
        return [{**row, **self.seat_ratings.get(row["seat"], {})} for row in shown]  # type: ignore[dict-item,index]

    async def refresh_ratings(self) -> None:
        """Read the rated seats' ratings again (a person sat down, the game ended) and show
        everyone the seats with them when they changed. Only public numbers: the number shown
        and whether it is provisional (:mod:`robotable.play.rated`)."""
        if not self.rated:
            return
        read = next(self._ratings_reads)
        players = {row.seat: player for row in self.seats if (player := seat_player(row)) is not None}
        try:
            skills = await asyncio.to_thread(self.hall.store.skills_of, self.game.id, set(players.values()))
        except StoreError as exc:
            log.error("table %s: the seats' ratings were not read: %s", self.id, exc)
            return
        if read < self._ratings_read:  # a read begun later (the seats or ratings newer) was shown
            return
        self._ratings_read = read
        ratings: dict[Seat, dict[str, JSON]] = {}
        for seat, player in players.items():
            skill = skills[player]
            ratings[seat] = {"rating": shown_rating(skill.mu)}
            if provisional(skill.sigma):
                ratings[seat]["provisional"] = True
        if ratings != self.seat_ratings:
            self.seat_ratings = ratings
            self._show_all()

    async def _set_seat(self, row: SeatRow) -> None:
        """Store a seat's change, then tell everyone (the caller holds the lock)."""
        await asyncio.to_thread(self.hall.store.set_seat, self.id, row)
        self.take_seats(with_row(self.seats, row))

    # ------------------------------------------------------------------ acting

    async def submit(self, seat: Seat, action: Action | str, *, agent: Agent | None = None) -> Accepted:
        """Check, store, carry out and announce one action (see the module's steps); returns once
        everyone was told of it.

        When another process wrote the table first, this copy catches up and the action is
        checked again on the newer state: it is refused only if it is no longer legal, never
        for having been made on an older version (two people programming at once). ``agent``:
        the bot that chose it, which must still play the seat (its person may be back)."""
        self.refuse_if_over(*PLAYED)  # before the notation is read: nothing is played any more
        self._refuse_if_full()
        parsed = self.table.parse(action)
        arrived = time.perf_counter()
        for _ in range(STALE_RETRIES):
            async with self.lock:
                unstored = await self._let_in(seat, parsed, agent)
            try:  # shielded: a sender who leaves does not stop the news of what was stored
                accepted = await asyncio.shield(unstored.told)
                break
            except StaleTable:  # refused by the store: checked again on the table caught up
                continue
        else:
            raise StoreError(f"table {self.id} is too busy: try again")
        if isinstance(parsed, Concede):
            async with self.lock:
                await self._after_concession()
        self.hall.metrics.actions.labels(self.game.id).observe(time.perf_counter() - arrived)
        return accepted

    async def _let_in(self, seat: Seat, action: Action, agent: Agent | None) -> Unstored:
        """Check an action on the table as it will be once the actions on their way are stored,
        carry it out there and queue its write (the caller holds the lock)."""
        await self.repaired.wait()
        if agent is not None and self.agents.get(seat) is not agent:
            raise SeatTakenBack(f"seat {seat} is its person's again")
        latest = self.ahead.latest(self.table)
        if latest.outcome() is not None:  # ended while this call waited, or in another process
            raise TableOver(*PLAYED)
        if agent is None and not isinstance(action, Concede):
            self._refuse_conceder(seat, latest)
        if agent is None and self._unrated_person(seat):  # an invitation's link, not signed in
            raise rated_tables.needs_account()
        now = self.hall.clock()
        if agent is None and self.timed_out(seat, now):
            raise out_of_time(seat)
        self._check(latest, seat, action, now)
        carried = await self._carried_out_elsewhere(latest.state, seat, action)  # None: here
        latest = self.ahead.latest(self.table)  # the same actions: none is let in while locked
        append = Append(self.id, latest.version + 1, seat, str(action), now, self.lineage)
        stored = self.hall.writer.write(append)
        unstored = Unstored(seat, action, now, carried, set(latest.to_act()), stored)
        self.ahead.add(unstored)
        if self.teller is None or self.teller.done():
            self.teller = asyncio.get_running_loop().create_task(self._tell(), name=f"teller {self.id}")
        return unstored

    async def _tell(self) -> None:
        """Tell each action on its way, in order, once its commit is done (the table's one teller)."""
        while self.ahead:
            first = self.ahead.queue[0]
            try:
                await first.stored
            except StoreError as exc:
                await self._refused_by_store(exc)
                continue
            self.ahead.first_stored()
            try:
                first.told.set_result(await self._tell_stored(first))
            except Exception as exc:  # a bug: its sender hears of it, the next actions are told
                log.exception("table %s: a stored action was not told", self.id)
                first.told.set_exception(StoreError(f"the action was stored but not told: {exc}"))

    async def _tell_stored(self, unstored: Unstored) -> Accepted:
        """A stored action carried out on the stored table, then told to everyone."""
        accepted = self._carry_out(unstored.seat, unstored.action, unstored.at, unstored.carried)
        if (outcome := self.table.outcome()) is not None:
            await self._mark_over(outcome)  # before the news: a told outcome has its record
        self._announce(accepted)
        self.hall.turns_changed(self, unstored.seat, unstored.waited)
        self.changed.set()
        return accepted

    async def _refused_by_store(self, refusal: StoreError) -> None:
        """The store refused the first action on its way (another process wrote the table first,
        or the database failed). Those after it were made on a state that was not stored: the
        writer refuses them unwritten. The table catches up with the store; the senders try
        again on it, and the first one's is told the database's failure."""
        self.repaired.clear()
        try:
            self.lineage = next(LINEAGES)
            dropped = self.ahead.drop_all()
            for unstored in dropped[1:]:
                with contextlib.suppress(StoreError):
                    await unstored.stored  # refused unwritten: the writer is done with them
            try:
                await self._catch_up_stored()
            except (StoreError, RobotableError) as exc:
                log.error("table %s: catching up after a refused action failed: %s", self.id, exc)
            for n, unstored in enumerate(dropped):
                again = n > 0 or isinstance(refusal, StaleTable)
                unstored.told.set_exception(StaleTable(str(refusal)) if again else StoreError(str(refusal)))
        finally:
            self.repaired.set()

    async def drained(self) -> None:
        """Once every action let in was told (the caller holds the lock, so no other comes in)."""
        while self.teller is not None and not self.teller.done():
            await asyncio.wait([self.teller])

    async def _carried_out_elsewhere(self, state: State, seat: Seat, action: Action) -> Carried | None:
        """A costly action carried out where the bots think, on a copy of the state, before it
        is stored (a worker that fails refuses the action and stores nothing); None for the
        others, carried out here once stored."""
        if not self.game.costly(state, action):
            return None
        owner = self.hall.quotas.address_of(self.id) or self.id  # an address's tables share its part
        return await self.hall.thinking.carry_out(state, seat, action, owner)

    def _carry_out(self, seat: Seat, action: Action, now: float, carried: Carried | None) -> Accepted:
        """The stored action carried out: here, or by taking the state that carried it out (and
        counted in the time banks, at the time it was stored)."""
        if carried is None:
            accepted = self.table.accept(seat, action, now)
        else:
            accepted = self.table.adopt(seat, action, now, *carried)
        if self.banks is not None:
            self.banks.record(seat, at=now, to_act=self.table.to_act())
        return accepted

    def _refuse_if_full(self) -> None:
        """A table past :data:`MAX_ACTIONS` takes nothing more: a game its record could not
        replay, and a table whose every rebuild (a restart, a visitor) would cost seconds."""
        if self.version >= MAX_ACTIONS:
            most = f"{MAX_ACTIONS:,}"
            full = IllegalAction(
                f"this table has taken {most} actions, the most a game may have here: "
                "nothing more can be played at it"
            )
            most_fr = most.replace(",", "\u202f")  # French groups digits with a narrow space
            full.fr = (
                f"cette table a reçu {most_fr} actions, le plus qu'une partie puisse avoir ici : "
                "on ne peut plus rien y jouer"
            )
            full.code = "full"
            raise full

    def refuse_if_over(self, what: str, what_fr: str) -> None:
        """Nothing changes a finished table (:class:`TableOver`, saying ``what`` cannot be done)."""
        if self.over:
            raise TableOver(what, what_fr)

    def _refuse_conceder(self, seat: Seat, latest: Table) -> None:
        """A person's action at the seat they conceded: its bot plays it now."""
        if latest.concessions.conceded(seat) and latest.outcome() is None:
            refusal = IllegalAction("you conceded: a bot plays this seat to the end", seat=seat)
            refusal.fr = "vous avez abandonné : un robot joue cette place jusqu'à la fin"
            refusal.code = "conceded"
            raise refusal

    async def _after_concession(self) -> None:
        """The concession is stored and told: its seat goes to its bot. A failure to store the
        seat's change is logged, not refused (the concession stands): the driver tries again."""
        try:
            await self._seat_conceders()
        except StoreError as exc:
            log.error("table %s: the conceded seat was not handed to its bot: %s", self.id, exc)

    def _check(self, latest: Table, seat: Seat, action: Action, now: float) -> None:
        if self.timers:
            latest.check(seat, action, now)
        else:  # no clock: a deadline that passed refuses nothing (people come back hours later)
            latest.check_rules(seat, action)

    async def catch_up(self) -> None:
        """Carry out and announce the actions other processes stored since this copy's version."""
        async with self.lock:
            await self._catch_up_locked()
        self.changed.set()

    async def _catch_up_locked(self) -> None:
        await self.drained()  # the actions this process let in are told first: they are stored
        await self._catch_up_stored()

    async def _catch_up_stored(self) -> None:
        """Carry out and announce what the store holds past the stored table (nothing is on its
        way: the lock and :meth:`drained`, or the teller itself after a refusal)."""
        newer = await asyncio.to_thread(self.hall.store.actions_after, self.id, self.table.version)
        for seat, notation, at in newer:
            # stored, so accepted by its process: carried out as it was, at its time (a costly
            # one where the bots think, like here; a worker that cannot: here, since it is stored)
            action = self.table.parse(notation)
            try:
                carried = await self._carried_out_elsewhere(self.table.state, seat, action)
            except RobotableError:
                carried = None
            self._announce(self._carry_out(seat, action, at, carried))
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
        here is logged and the game stays won; a restart writes it again. A rated table's ratings
        are updated in the same transaction, which PostgreSQL may abort when two of them lock the
        same players at once: tried again a few times before a restart is left to do it."""
        for attempt in range(FINISH_TRIES):
            try:
                await asyncio.to_thread(self.hall.store.finish, self.id, outcome)
                break
            except StoreError as exc:
                if attempt == FINISH_TRIES - 1:
                    log.error("table %s: the outcome was not stored: %s", self.id, exc)
                    return
                await asyncio.sleep(0.05 * (attempt + 1))
        if self.rated:  # its players' new ratings, once the news of the end is out
            self.later(self.refresh_ratings())

    def _announce(self, accepted: Accepted) -> None:
        state_for = self.updates.states()
        self.audience.send_to_all(
            lambda seat: {"type": "update", "news": self.news(accepted, seat), "state": state_for(seat)}
        )

    def _show_all(self) -> None:
        """Everyone shown the table again (its seats changed): a ``state`` message each."""
        state_for = self.updates.states()
        self.audience.send_to_all(lambda seat: {"type": "state", "state": state_for(seat)})

    # ------------------------------------------------------------------ what each seat is shown

    def news(self, accepted: Accepted, seat: Seat | None) -> Message:
        """What ``seat`` is told of an action (:meth:`Table.news`)."""
        return self.table.news(accepted, seat)

    def missed(self, seat: Seat | None, since: int) -> list[Message]:
        """The news of every action after the first ``since`` (:meth:`Table.missed`)."""
        return self.table.missed(seat, since)

    def snapshot(self, seat: Seat | None) -> Message:
        """Everything ``seat`` is shown now (a ``state`` message's ``state``). After a change,
        :attr:`updates` makes the same for every seat at once, by parts: a change here (or in
        :meth:`Table.snapshot`) is made there too (``tests/server/test_updates.py`` compares them)."""
        snap = self.table.snapshot(seat)
        if not self.timers:
            snap["timers"] = []
        snap["now"] = self.hall.clock()
        if self.banks is not None:
            snap["banks"] = self.banks.to_dict(snap["now"])
            if self.timed_out(seat, snap["now"]):  # a bot plays it now: its person only watches
                snap["legal"], snap["guidance"] = [], self.game.guidance(snap["view"], None)
        snap["seats"] = self.shown_seats()
        if self.rated:  # the page offers no suggestion there
            snap["rated"] = True
        return snap

    def board_svg(self, seat: Seat | None, lang: str = "en") -> str:
        """The board as ``seat`` sees it now (None: a spectator), drawn from that seat's view,
        its words in ``lang`` and its seats named as the table names them."""
        if self.boards_version != self.table.version:
            self.boards, self.boards_version = {}, self.table.version
        names = tuple(self.seat_names(lang))
        key = (seat, lang, names)
        if key not in self.boards:
            view = self.table.state.view(seat)
            self.boards[key] = self.table.game.render_svg(view, lang=lang, names=list(names))
        return self.boards[key]

    # The routes' reads show the table as told (never an action before it is stored), after a
    # change of seats in progress (they wait for the lock); the socket's greeting, which must
    # not wait, reads :meth:`snapshot` in the same step as it joins the audience.

    async def state_for(self, seat: Seat | None) -> Message:
        """:meth:`snapshot`, once no seat is being changed."""
        async with self.lock:
            return self.snapshot(seat)

    async def board_for(self, seat: Seat | None, lang: str = "en") -> str:
        """:meth:`board_svg`, once no seat is being changed."""
        async with self.lock:
            return self.board_svg(seat, lang)

    async def help_for(self, seat: Seat | None, lang: str) -> tuple[int, str | None]:
        """The table's version and what ``seat`` may type in the phase it is in, in words (the
        game's ``phase_help`` of that seat's view); None for a spectator, who types nothing."""
        async with self.lock:
            if seat is None:
                return self.version, None
            return self.version, self.game.phase_help(self.table.state.view(seat), lang)

    @property
    def gives_suggestions(self) -> bool:
        """Whether a seat may ask what the medium bot would play (a casual table: every table
        today, unless the server was started without suggestions), never a rated table."""
        return self.hall.suggestions and not self.rated

    async def suggest(self, seat: Seat | None) -> Message:
        """What the ``medium`` bot would play for ``seat`` now and why, from that seat's view
        alone (:mod:`robotable.play.suggestions`), thought where the bots think (at most
        :data:`~.thinking.SUGGEST_LIMIT` seconds; one question at a time per seat, a few in the
        whole server). Nothing is played. The answer says at which ``version`` of the table
        it was asked."""
        if seat is None:
            raise SpectatorCannotPlay("a move is suggested to a seat: send its token")
        if self.rated:
            raise rated_tables.no_suggestions()
        if not self.gives_suggestions:
            refused = Forbidden("this table gives no suggestions")
            refused.fr, refused.code = "cette table ne suggère pas de coups", "no_suggestions"
            raise refused
        async with self.lock:
            asked = self.suggesting.get(seat)
            if asked is not None and not asked.done():
                raise suggestion_refusal(
                    "a suggestion is still being thought over: wait for it",
                    "une suggestion est encore à l'étude : attendez-la",
                    "busy",
                )
            turn = suggestion_turn(self.table, seat, self.hall.clock())
            version = self.version
            seed = zlib.crc32(f"{self.id}/{seat}/{version}".encode())
            thought = asyncio.get_running_loop().create_task(self.hall.thinking.suggest(turn, seed))
            self.suggesting[seat] = thought
        suggestion = await asyncio.shield(thought)  # a client that leaves does not stop the worker
        return {"version": version, "seat": seat, **suggestion.to_dict()}

    async def settled_over(self) -> bool:
        """Whether the game is over, once the actions let in were told: the one that ended it
        marks the table over in the store before it is told, so the stored table then has its
        outcome too."""
        async with self.lock:
            await self.drained()
            return self.over

    # ------------------------------------------------------------------ the chat (:mod:`.chat`)

    async def chat_ready(self) -> None:
        """The chat's last messages read, once, before the first greeting reads them. A database
        that fails here costs the greeting its chat, not the game (read again at the next one)."""
        try:
            await self.chat.ready()
        except StoreError as exc:
            log.error("table %s: the chat was not read: %s", self.id, exc)

    def chat_history(self) -> list[Message]:
        """The chat's last messages, oldest first, as ``chat`` messages (a greeting's: no await)."""
        return self.chat.recent()

    async def say(self, seat: Seat | None, text: str) -> None:
        """A seat's message, stored then told to everyone (:class:`~.chat.ChatRefused` otherwise)."""
        await self.chat.say(seat, text)

    async def heard_chat(self) -> None:
        """Another process stored a message of this table's chat: tell it here too."""
        await self.chat.catch_up()

    # ------------------------------------------------------------------ the audience

    def connected(self, seat: Seat | None) -> None:
        """A connection of ``seat`` joined the audience (after :meth:`arrive`)."""
        self.changed.set()  # a person here: the grace periods of those away count again

    def at_rest(self) -> bool:
        """Over, nobody connected, not driving: nothing here changes or is told any more."""
        return self.over and not self.audience.here() and self.driver is None

    # ------------------------------------------------------------------ the driver: timers and bots

    def start(self) -> None:
        if self.driver is None and not self.over:
            self.driver = asyncio.get_running_loop().create_task(self._drive(), name=f"table {self.id}")

    async def close(self) -> None:
        """Stop everything: the driver, the catch-ups, the teller, the connections."""
        self.stop_chores()
        await self.stop()
        if self.teller is not None:
            self.teller.cancel()
        for unstored in self.ahead.drop_all():  # their senders hear it (their writes may land)
            if not unstored.told.done():
                unstored.told.set_exception(StoreError("the server is stopping: the action was not told"))
        self.audience.close_all("stopping", "the server is stopping")

    def stop_chores(self) -> None:
        """Cancel the catch-ups and marks waiting in the background."""
        for chore in list(self.chores):
            chore.cancel()

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
        while not self.over:
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
        latest = self.ahead.latest(self.table)  # the actions on their way are played already
        due = latest.due(now) if self.timers else None
        if due is not None:
            await self.submit(REFEREE, due.timer.action)
            return True
        if await self._stand_in_due(now):
            return True
        if await self._out_of_time_due(now):
            return True
        if any(self.seats[seat].kind == "human" for seat in self.table.concessions.order):
            async with self.lock:  # killed between storing a concession and handing its seat
                if await self._seat_conceders():
                    return True
        for seat in latest.state.to_act():
            if seat not in self.agents or (self.bot_wake.get(seat) or 0.0) > now:
                continue
            version, agent = latest.version, self.agents[seat]
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
                if self._replace_bot(seat):
                    return True  # asked again at once
                self.bot_wake[seat] = float("inf")  # a buggy fallback is not asked again
                continue
            return True
        return False

    def _moved_on(self, version: int) -> bool:
        """Whether the table is past ``version`` or has a timer to fire first."""
        latest = self.ahead.latest(self.table)
        due = self.timers and latest.due(self.hall.clock()) is not None
        return due or latest.version != version

    async def _ask_bot(self, seat: Seat, now: float) -> Action | Wait:
        turn = self.ahead.latest(self.table).turn(seat, now, world=searches(self.agents[seat]))
        try:
            asked = time.perf_counter()
            decided = await self._decide(self.agents[seat], self.bot_specs[seat], turn)
            self.hall.metrics.thinking.labels(self.game.id).observe(time.perf_counter() - asked)
            return decided
        except TooCostly as exc:  # its worker was stopped and replaced: the fallback decides
            log.warning("table %s: bot at seat %d: %s", self.id, seat, exc)
            return await self._fall_back(seat, turn)
        except WorkerLost as exc:  # the server is stopping, or its worker was killed: asked again
            if not self.hall.closing:
                log.warning("table %s: bot at seat %d: %s", self.id, seat, exc)
            return Wait(self.hall.clock() + 1.0)
        except Exception:  # a bot's bug ends that bot, not the table's driver (timers go on)
            log.exception("table %s: the bot at seat %d failed", self.id, seat)
            return Wait(self.hall.clock() if self._replace_bot(seat) else float("inf"))

    async def _decide(self, agent: Agent, spec: BotSpec, turn: Any) -> Action | Wait:
        people = any(self.person_at(here) is not None for here in self.audience.here())  # go first
        return await self.hall.thinking.decide(agent, spec, turn, urgent=people)

    async def _fall_back(self, seat: Seat, turn: Any) -> Action | Wait:
        """A bot past its think limit has this decision made by :data:`FALLBACK_LEVEL`, so that
        its table goes on even without a clock (when the fallback is the bot that failed, or
        fails too: asked again in a moment)."""
        fallback = self._fallback_for(seat)
        if fallback is None:
            return Wait(self.hall.clock() + 1.0)
        self.hall.metrics.bot_fallbacks.labels(self.game.id).inc()
        try:
            return await self._decide(*fallback, turn)
        except RobotableError as exc:
            log.warning("table %s: the fallback bot at seat %d: %s", self.id, seat, exc)
            return Wait(self.hall.clock() + 1.0)

    def _replace_bot(self, seat: Seat) -> bool:
        """A bot that crashed or played what the rules refuse cannot be trusted: the fallback
        plays its seat to the end of the game. False when the fallback is the bot that failed."""
        fallback = self._fallback_for(seat)
        if fallback is None:
            return False
        self.hall.metrics.bot_fallbacks.labels(self.game.id).inc()
        self.agents[seat], self.bot_specs[seat] = fallback
        return True

    def _fallback_for(self, seat: Seat) -> tuple[Agent, BotSpec] | None:
        failed, bots = self.bot_specs[seat], bots_of(self.game)
        if failed.level == FALLBACK_LEVEL or FALLBACK_LEVEL not in bots:
            return None
        seed = zlib.crc32(f"{self.id}/{seat}/fallback".encode())
        spec = BotSpec(f"{failed.key}/fallback", self.game.id, FALLBACK_LEVEL, seed)
        return bots[FALLBACK_LEVEL](seed=seed), spec

    def _next_wake(self) -> float | None:
        times = [t for t in self.bot_wake.values() if t is not None and t != float("inf")]
        times.extend(self.grace_ends().values())
        deadline = self.table.next_deadline() if self.timers else None
        if deadline is not None:
            times.append(deadline)
        if self.banks is not None and not self.over:
            # only a seat still to hand over: once its bot plays it, a bank run out wakes nobody
            expiries = self.banks.expiries().items()
            times.extend(end for seat, end in expiries if self.seats[seat].kind in HANDED_KINDS)
        return min(times, default=None)
