"""The live tables of one server process (:class:`Hall`): creating them, finding them,
restoring them after a restart, and closing them all when the process stops. Each table's own
life, from an action to the news every seat is told, is in :mod:`.live`."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from robotable import games
from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError
from robotable.core.game import Seat
from robotable.play.table import Accepted, Table
from robotable.play.time_banks import BankRule, Banks, bank_rule
from robotable.server.banks import bank_with_clocks, new_banks
from robotable.server.live import AudienceFor, LiveTable, SpectatorCannotPlay
from robotable.server.metrics import Metrics
from robotable.server.peers import Peers, peers_for
from robotable.server.presence import Presence
from robotable.server.quotas import DEFAULT_QUOTAS, Quotas, Tally
from robotable.server.rated_tables import check_rated_table
from robotable.server.seats import Holder, SeatRow, held_row, seat_kind, seat_name, stand_in_kind
from robotable.server.store import StaleTable, Store, StoredTable, StoreError, UnknownTable, new_header
from robotable.server.thinking import BotThreads, Thinking
from robotable.server.tokens import hash_token, new_table_id, new_token
from robotable.server.turn_emails import TurnEmails
from robotable.server.writer import writer_for

log = logging.getLogger("robotable.server")

GRACE = 60.0
"""Seconds a person who left has to come back before a stand-in bot plays their seat."""


class TableNotFound(RobotableError):
    """No table with that id on this server."""


class NeedsClock(InvalidOptions):
    """A table asked without its clock, of a game whose rules need it (``reason`` says which)."""

    code = "needs_clock"


@dataclass(frozen=True)
class Fresh:
    """What a new table is made of, beside its seats."""

    table_id: str
    game: str
    options: dict[str, Any]
    """Every option, defaults included (validated)."""
    seed: int
    timers: bool
    creator: Seat | None
    stand_in: str | None
    bank: BankRule | None = None
    """A turn-based table's time bank per seat (None: none)."""
    rated: bool = False
    arena: bool = False
    """Made by the bot arena (:mod:`.arena`)."""


@dataclass(frozen=True)
class Created:
    """A new table, with the creator's seat token and the invitations for the other people."""

    table_id: str
    seat: Seat | None
    token: str | None
    invites: dict[Seat, str]


def clocks_run(timers: bool | None, turn_based: Any) -> bool:
    """Whether a new table's clocks run: as asked, else unless it is turn-based."""
    return turn_based is None if timers is None else timers


class Hall:
    """Every live table of this process, over one store: one :class:`LiveTable` per table,
    whose ``audience`` (who hears it) is made by ``audience``."""

    def __init__(
        self,
        store: Store,
        *,
        audience: AudienceFor,
        clock: Callable[[], float] = time.time,
        thinking: Thinking | None = None,
        peers: Peers | None = None,
        grace: float = GRACE,
        suggestions: bool = True,
        quotas: Quotas = DEFAULT_QUOTAS,
    ) -> None:
        self.store = store
        self.audience = audience
        self.clock = clock
        self.grace = grace
        """Seconds a person who left has to come back before the table's stand-in plays for them."""
        self.suggestions = suggestions
        """Whether the tables suggest moves to the seats that ask (casual tables)."""
        self.closing = False
        self.thinking = thinking if thinking is not None else BotThreads(think_limit=30.0)
        """Where the bots think (:mod:`.thinking`): worker processes in a server."""
        self.metrics = Metrics()
        """What this process measures (:mod:`.metrics`, served by :mod:`.health`)."""
        self.writer = writer_for(store, committed=self.metrics.commits.observe)
        self.tables: dict[str, LiveTable] = {}
        self.peers = peers if peers is not None else peers_for(store)
        self.presence = Presence(store, clock, grace)
        """Who is at each table through the other processes on the database (:mod:`.presence`)."""
        self.loading = asyncio.Lock()
        """One table loaded from the store at a time (two clients of one table: loaded once)."""
        self.rebuilds = ThreadPoolExecutor(2, thread_name_prefix="rebuild")
        """The threads that replay a stored table's actions to rebuild it."""
        self.finished = FinishedTables()
        """Finished tables rebuilt for their visitors, kept while they are few (a visitor's
        next request does not replay the game again)."""
        self.again_lock = asyncio.Lock()
        """One table played again at a time: two people asking at once find one new table."""
        self.quotas = Tally(quotas, lambda: self.tables.values(), clock)
        """What each address holds (tables, bots, connections), checked against ``quotas``."""
        self.turn_emails: TurnEmails | None = None
        """Who is told by email that a table waits for them (:mod:`.turn_emails`); None: nobody."""
        self.sign_out_listeners: list[Callable[[int, str | None], None]] = []
        """Told when an account's sessions end in this process or another (:meth:`sessions_ended`)."""

    def sessions_ended(self, account: int, session: str | None) -> None:
        """Sessions of ``account`` ended, here or in another process on the database (a
        sign-out, a new password, a deletion): the listeners close the sockets they opened."""
        for listener in self.sign_out_listeners:
            listener(account, session)

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Restore or claim the unfinished tables (see :mod:`.peers`)."""
        await self.peers.start(self)
        self.presence.start(lambda: self.tables)

    async def recover(self) -> int:
        """Rebuild every unfinished table from the store (replaying its actions) and drive it."""
        ids = await asyncio.to_thread(self.store.table_ids, "open", "running")
        for table_id in ids:
            try:
                live = await self._restore(await asyncio.to_thread(self.store.load, table_id))
            except RobotableError as exc:
                log.error("table %s cannot be restored: %s", table_id, exc)
                continue
            try:  # the only process: nobody is at the table before it starts
                await live.mark_unseen_away()
            except StoreError as exc:  # they stay "here" until they come and go again
                log.error("table %s: who is away was not stored: %s", table_id, exc)
            await self.peers.adopt(live)
        return len(ids)

    async def _restore(self, stored: StoredTable) -> LiveTable:
        """A stored table in memory again: its actions replayed in a thread of its own (a long
        game takes seconds: never on the event loop, nor on the database's threads)."""
        loop = asyncio.get_running_loop()
        table, banks = await loop.run_in_executor(self.rebuilds, rebuilt_with_banks, stored)
        live = LiveTable(
            self,
            stored.id,
            table,
            stored.seats,
            stored.timers,
            stored.creator,
            stored.stand_in,
            audience=self.audience,
            banks=banks,
            rated=stored.rated,
        )
        if (outcome := table.outcome()) is None:
            self.tables[stored.id] = live
            if self.store.shared:  # a notice sent while it was being loaded found no table here
                live.fell_behind()
                live.later(live.reload_seats())  # a seat's too (another process seated someone)
        elif stored.status != "over":  # killed between its last action and this mark (and its rating)
            await asyncio.to_thread(self.store.finish, stored.id, outcome)
        await live.refresh_ratings()
        return live

    async def close(self) -> None:
        self.closing = True  # the connections about to close are not people leaving
        self.thinking.close()  # the bots' thoughts end now: a stopping server does not wait for them
        for live in list(self.tables.values()):
            try:
                await live.mark_all_away()
            except StoreError as exc:
                log.error("table %s: who was connected was not stored: %s", live.id, exc)
        await self.peers.close()
        await self.presence.close()
        for live in list(self.tables.values()):
            await live.close()
        await self.writer.stop()
        self.rebuilds.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ tables

    async def create(
        self,
        game_id: str,
        options: Mapping[str, Any] | None,
        seat_specs: Sequence[str],
        *,
        seed: int | None = None,
        timers: bool | None = None,
        name: str = "",
        stand_in: str | None = None,
        address: str | None = None,
        holder: Holder | None = None,
        turn_based: Any = None,
        rated: bool = False,
    ) -> Created:
        """A new table. The first ``human`` seat is the creator's; the other ``human`` seats get
        invitation tokens; ``open`` seats wait for anyone to join; bots start playing at once.
        ``timers``: whether the game's clocks run (default: yes, unless ``turn_based``).
        ``turn_based``: a time bank per seat (:func:`~robotable.play.time_banks.bank_rule`), the
        game's clocks off. ``stand_in``: the bot that plays for a person who left
        (:func:`stand_in_kind`). ``address``: the client's, whose quotas it counts toward
        (:mod:`.quotas`). ``holder``: the signed-in creator, whose account holds their seat.
        ``rated``: its result moves its players' ratings (:mod:`.rated_tables`' rules)."""
        game = games.get(game_id)
        refuse_file_options(options or {})
        bank = None if turn_based is None else bank_rule(turn_based)
        timers = clocks_run(timers, turn_based)
        if bank is not None and timers:
            raise bank_with_clocks()
        kinds = [seat_kind(game, spec) for spec in seat_specs]
        game.check_seats(len(kinds))
        if rated:
            check_rated_table(game, kinds, holder is not None)
        if not timers and (reason := game.needs_clock(len(kinds))) is not None:
            raise NeedsClock(f"{game.title} needs its clock on (timers: true): {reason}", reason=reason)
        stand_in_bot = stand_in_kind(game, stand_in, timers=timers)
        full = game.validate_options(options)
        seed = secrets.randbits(63) if seed is None else seed
        if not 0 <= seed < 2**63:
            raise InvalidOptions("seed: a whole number from 0 to 2^63-1")
        tokens = {seat: new_token() for seat, kind in enumerate(kinds) if kind == "human"}
        creator = min(tokens, default=None)
        rows = [
            SeatRow(
                seat, kind, seat_name(kind, seat, name if seat == creator else ""), _hashed(tokens.get(seat))
            )
            for seat, kind in enumerate(kinds)
        ]
        if creator is not None:
            rows[creator] = held_row(rows[creator], holder)
        table_id = new_table_id()
        fresh = Fresh(table_id, game.id, full, seed, timers, creator, stand_in_bot, bank, rated)
        await self._open(fresh, rows, address)
        invites = {seat: token for seat, token in tokens.items() if seat != creator}
        return Created(table_id, creator, tokens.get(creator) if creator is not None else None, invites)

    async def open_arranged(self, fresh: Fresh, rows: list[SeatRow]) -> LiveTable:
        """A table whose seats the server arranged (the bot arena's, :mod:`.arena`): nobody's
        address counts it."""
        return await self._open(fresh, rows, hourly=False)

    async def _open(
        self, fresh: Fresh, rows: list[SeatRow], address: str | None = None, *, hourly: bool = True
    ) -> LiveTable:
        """Store a new table with its seats and start it (its bots play at once), counted toward
        ``address``'s quotas (``hourly``: its tables an hour too) and refused past them.
        :class:`~.store.StaleTable` when a table of that id is stored already."""
        game = games.get(fresh.game)
        now = self.clock()
        kinds = [row.kind for row in rows]
        # the Table refuses options the game cannot play
        table = Table(game, fresh.options, seed=fresh.seed, seats=kinds, now=now)
        header = new_header(
            fresh.table_id,
            game.id,
            game.rules_version,
            fresh.options,
            seed=fresh.seed,
            created=now,
            timers=fresh.timers,
            creator=fresh.creator,
            stand_in=fresh.stand_in,
            bank=fresh.bank,
            rated=fresh.rated,
            arena=fresh.arena,
        )
        header.status = "open" if "open" in kinds else "running"
        claim = self.quotas.claim(fresh.table_id, address, kinds, hourly=hourly)  # before it is stored
        try:
            await asyncio.to_thread(self.store.create, header, rows)
        except BaseException:
            self.quotas.cancel(fresh.table_id, claim)
            raise
        live = LiveTable(
            self,
            fresh.table_id,
            table,
            rows,
            fresh.timers,
            fresh.creator,
            fresh.stand_in,
            audience=self.audience,
            banks=None if fresh.bank is None else new_banks(fresh.bank, table, now),
            rated=fresh.rated,
        )
        self.tables[fresh.table_id] = live
        await live.refresh_ratings()
        self.quotas.opened(fresh.table_id, live)
        await self.peers.adopt(live)
        return live

    async def again(
        self, table_id: str, token: str | None, address: str | None = None, account: int | None = None
    ) -> tuple[str, Seat]:
        """The table that plays a finished game again (:func:`again_id`), made by the first
        person of the old table who asks and found by the others: the same game, options, clock
        and stand-in, the same bots at the same seats, a new seed, and each person's seat theirs
        again under their name and with their own token (:func:`again_seats`). Everyone at the
        old table is told (a ``notice``). The answer: the new table's id and the caller's seat.
        The new table counts toward ``address``'s unfinished tables and bots, not its tables an
        hour: a finished table is played again once."""
        old = await self.find(table_id)
        seat = await old.authorize(token, account)
        if seat is None:
            refused: RobotableError = SpectatorCannotPlay("playing again needs a seat's token of this table")
            refused.fr = "pour rejouer, il faut le lien d'une place de cette table"
            raise refused
        if not await old.settled_over():
            refused = IllegalAction("the game is not over: it can be played again once it ends", seat=seat)
            refused.fr = "la partie n'est pas finie : on pourra la rejouer quand elle sera terminée"
            raise refused
        new_id = again_id(table_id)
        async with self.again_lock:  # two people of this process asking at once: one table
            try:
                await self.find(new_id)
                return new_id, seat
            except TableNotFound:
                pass
            stored = await self.stored(table_id)
            if stored.arena:
                refused = IllegalAction("an arena game is not played again: the arena pairs its bots anew")
                refused.fr = "une partie de l'arène ne se rejoue pas : l'arène apparie ses robots à nouveau"
                raise refused
            fresh = Fresh(
                new_id, stored.game, stored.options, secrets.randbits(63), stored.timers, stored.creator,
                stored.stand_in, stored.bank, stored.rated,
            )  # fmt: skip
            try:
                await self._open(fresh, again_seats(stored.seats), address, hourly=False)
            except StaleTable:  # another process made it first
                await self.find(new_id)
                return new_id, seat
        notice = {"type": "notice", "notice": "again", "seat": seat, "table": new_id}
        old.audience.send_to_all(lambda _seat: notice)
        return new_id, seat

    async def join(
        self, table_id: str, seat: Seat | None, name: str, holder: Holder | None = None
    ) -> tuple[Seat, str]:
        """Take an open seat (the first one when ``seat`` is None): the seat and its token."""
        live = await self.find(table_id)
        return await live.join(seat, name, holder)

    async def hold_seat(self, table_id: str, token: str, holder: Holder) -> bool:
        """The seat ``token`` grants at ``table_id`` taken by ``holder``'s account (a guest who
        signed up keeps their seat): whether it was (no account held it, nor another seat here)."""
        live = await self.find(table_id)
        seat = await live.authorize(token)  # given out by another process, maybe
        return seat is not None and await live.hold(seat, holder)

    async def seats_changed(self, table_ids: Sequence[str]) -> None:
        """Read again the seats of those of ``table_ids`` in memory (an account holding seats
        there was deleted: they show "deleted player" now)."""
        for table_id in table_ids:
            live = self.tables.get(table_id) or self.finished.get(table_id)
            if live is not None:
                await live.reload_seats()

    async def listing(self) -> list[StoredTable]:
        """The newest open and running tables, as stored (whichever process serves them)."""
        return await asyncio.to_thread(self.store.listing)

    def turns_changed(self, live: LiveTable, seat: Seat, waited: set[Seat]) -> None:
        """An action was stored and told at ``live``: the turn emails look at who waits now."""
        if self.turn_emails is not None:
            self.turn_emails.acted(live, seat, waited)

    def forget_if_over(self, live: LiveTable) -> None:
        """Let a finished table with nobody connected go from memory: a finished game changes
        no more, and :meth:`find` rebuilds it from the store if someone comes to look."""
        if not live.at_rest():
            return
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        live.stop_chores()

    def watched(self, live: LiveTable) -> LiveTable:
        """The table a connection joins: a finished one, rebuilt for its visitor, stays in memory
        while someone is connected to it (:meth:`forget_if_over` lets it go when the last one
        leaves), so that all of them are one audience: a new table made to play it again is
        announced to everyone at it."""
        return self.tables.setdefault(live.id, live)

    async def find(self, table_id: str) -> LiveTable:
        """The table in memory, else rebuilt from the store (created by another process, or
        finished: a finished table rebuilt for a visitor is kept a while, :attr:`finished`)."""
        live = self.tables.get(table_id) or self.finished.get(table_id)
        if live is not None:
            return live
        async with self.loading:
            if table_id in self.tables:  # loaded while this call waited for its turn
                return self.tables[table_id]
            if table_id in self.finished:
                return self.finished.get(table_id)  # type: ignore[return-value]
            live = await self._restore(await self.stored(table_id))
            if live.over:  # a finished game is not driven: it changes no more
                self.finished.keep(live)
            else:
                await self.peers.adopt(live)
            return live

    async def stored_over(self, table_id: str) -> StoredTable:
        """The table as stored, once its game is over in memory too: a game just won is marked
        over in the store by the submit that won it, under the table's lock, while a visitor
        who saw the outcome may already ask for its record."""
        stored = await self.stored(table_id)
        live = self.tables.get(table_id)
        if stored.outcome is None and live is not None and live.over and await live.settled_over():
            stored = await self.stored(table_id)
        return stored

    async def stored(self, table_id: str) -> StoredTable:
        try:
            return await asyncio.to_thread(self.store.load, table_id)
        except UnknownTable:
            raise TableNotFound(f"no table {table_id!r} on this server") from None


FINISHED_KEPT_ACTIONS = 200_000
"""Actions of the finished tables kept in memory together (a 50,000-action game holds 35 MB)."""


class FinishedTables:
    """Finished tables rebuilt for their visitors, the most recently visited kept while their
    actions together are at most :data:`FINISHED_KEPT_ACTIONS`."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, LiveTable] = OrderedDict()

    def get(self, table_id: str) -> LiveTable | None:
        live = self.kept.get(table_id)
        if live is not None:
            self.kept.move_to_end(table_id)
        return live

    def __contains__(self, table_id: str) -> bool:
        return table_id in self.kept

    def keep(self, live: LiveTable) -> None:
        self.kept[live.id] = live
        while sum(kept.version for kept in self.kept.values()) > FINISHED_KEPT_ACTIONS and len(self.kept) > 1:
            self.kept.popitem(last=False)


def rebuilt_with_banks(stored: StoredTable) -> tuple[Table, Banks | None]:
    """A stored table's game, its actions replayed at the times they were accepted, and a
    turn-based table's time banks derived in the same replay from each action's stored time
    (:mod:`robotable.play.time_banks`): any process computes the same."""
    game = games.get(stored.game)
    # without a clock no deadline refused anything: replay as if every action came at once
    times = stored.times if stored.timers else [stored.created] * len(stored.times)
    if stored.bank is None:
        return Table.restore(game, stored.record(), times, created=stored.created), None
    first = Table(game, stored.options, seed=stored.seed, seats=[s.kind for s in stored.seats])
    banks = new_banks(stored.bank, first, stored.created)

    def each(table: Table, accepted: Accepted) -> None:
        banks.record(accepted.seat, at=stored.times[accepted.number - 1], to_act=table.to_act())

    return Table.restore(game, stored.record(), times, created=stored.created, each=each), banks


def refuse_file_options(options: Mapping[str, Any]) -> None:
    """A client must not make the server read its own files (a board file named ``/etc/passwd``
    would echo a line of it in the error): options naming files stay on the command line."""
    for name, value in options.items():
        if isinstance(name, str) and name.endswith("_file") and value is not None:
            reason = "the server reads no file named by a client"
            raise InvalidOptions(f"option {name!r}: {reason}", option=name, reason=reason)


def again_id(table_id: str) -> str:
    """The id of the table that plays ``table_id``'s game again: derived from the old id, so
    that every person of the old table who asks, through any process, finds the same table
    (the store refuses a second table of that id). Table ids are public (``GET /api/tables``):
    knowing the new one grants nothing, its seats are the old table's people's."""
    digest = hashlib.sha256(f"again {table_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode("ascii")


def again_seats(rows: Sequence[SeatRow]) -> list[SeatRow]:
    """The seats of a game played again: each seat that a person held at the end (their token
    still granted it: playing, away, or conceded and played by a bot) is that person's again,
    under their name and granted by the same token, so each of them takes it in one click and
    nobody else can (and their account, if one held it); every other seat keeps its bot (a seat
    handed to a bot stays the bot's)."""
    return [
        replace(row, kind="human", stand_in=None, away_since=None)
        if row.token_hash is not None
        else SeatRow(row.seat, row.kind, row.name, None)
        for row in rows
    ]


def _hashed(token: str | None) -> str | None:
    return None if token is None else hash_token(token)
