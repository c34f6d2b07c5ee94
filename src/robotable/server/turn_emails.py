"""Turn emails (issue 29, notifications): when the server sends email, a person who asked for
it (``notify_by_email``, a confirmed address) is told by one email when a turn-based table
begins to wait for their seat, and by no other for that table until their seat has played there.

Which tables: turn-based ones only (no game clocks: people come back hours later); at a
real-time table the people are at their screens. Which seats: a person's, held by an account,
not played by its stand-in bot right now (its person is away, the bot plays for them) nor by a
bot since its time bank ran out.

When: after an action is stored and told (:meth:`TurnEmails.acted`, called by the process
that stored it), the seats the game waits for now and did not wait for before it. The work,
database and SMTP alike, runs in threads, in order, through a queue the game never waits for:
a full queue drops the email (logged). A row of ``turn_emails`` per account and table
(:mod:`.turn_email_store`) is written before the email goes, and its key decides who sends:
a process that loses the insert sends nothing. The row goes when that seat plays there (any
action of the seat: its person's, or its stand-in's), when the game ends, when its email could
not be sent (logged without secrets: :class:`.mail.Mailer`), and with the account or the table.

When the server stops, the emails still waiting are given :data:`STOP_WITHIN` seconds, then
dropped (their rows stay: that person is not emailed for that table until they play there);
one already being handed to the mail server finishes in its thread (within its timeout).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from robotable.core.game import Seat
from robotable.server import email_texts
from robotable.server.account_store import Account
from robotable.server.mail import Mailer
from robotable.server.passwords import AccountRefusal
from robotable.server.seats import public_seat_names
from robotable.server.store import Store, StoreError
from robotable.server.turn_email_store import Recipient, TurnEmailStore

if TYPE_CHECKING:
    from robotable.server.live import LiveTable

log = logging.getLogger("robotable.server.mail")

QUEUE_SIZE = 1000
"""Tables' news waiting to be looked at, at most: past it, news is dropped (and logged)."""
SENDING = 4
"""Emails handed to the SMTP server at once, at most."""
STOP_WITHIN = 5.0
"""Seconds a stopping server gives the emails still waiting."""
LANGUAGES = ("en", "fr")


@dataclass(frozen=True)
class Waited:
    """A seat held by an account that the table began to wait for, and what its email says."""

    account: int
    seat: Seat
    names: dict[str, list[str]]
    """The other seats' names, by language."""


@dataclass(frozen=True)
class News:
    """What one stored action means for the turn emails of its table."""

    table_id: str
    game: dict[str, str]
    """The game's title, by language."""
    version: int
    played: Seat | None
    """The seat that played, if an account holds it (its row goes)."""
    waited: list[Waited] = field(default_factory=list)
    over: bool = False


def news_of(live: LiveTable, seat: Seat, waited_before: set[Seat]) -> News | None:
    """What the action just stored at ``live`` by ``seat`` means for its turn emails (None:
    nothing; a real-time table, or no account concerned)."""
    if live.timers:
        return None
    rows = live.seats
    played = seat if 0 <= seat < len(rows) and rows[seat].account is not None else None
    over = live.over
    waited = [] if over else _newly_waited(live, waited_before)
    if played is None and not waited and not over:
        return None
    titles = {lang: live.game.words(lang).get("title", live.game.title) for lang in LANGUAGES}
    return News(live.id, titles, live.version, played, waited, over)


def _newly_waited(live: LiveTable, waited_before: set[Seat]) -> list[Waited]:
    found = []
    for seat in live.table.to_act():
        row = live.seats[seat] if 0 <= seat < len(live.seats) else None
        if seat in waited_before or row is None or row.account is None:
            continue
        if row.kind != "human" or row.stand_in is not None or live.timed_out(seat):
            continue  # a bot plays it now (its stand-in, or since its bank ran out)
        names = {lang: public_seat_names(live.seats, lang) for lang in LANGUAGES}
        others = {lang: [n for i, n in enumerate(every) if i != seat] for lang, every in names.items()}
        found.append(Waited(row.account, seat, others))
    return found


class TurnEmails:
    """The turn emails of one server process: ``acted`` queues, a worker task does the rest.
    Without a ``mailer`` it sends nothing and only exports what is stored."""

    def __init__(self, store: Store, mailer: Mailer | None, clock: Callable[[], float]) -> None:
        self.store = TurnEmailStore(store)
        self.mailer = mailer
        self.clock = clock
        self.queue: asyncio.Queue[News] = asyncio.Queue(QUEUE_SIZE)
        self.worker: asyncio.Task[None] | None = None
        self.sending: set[asyncio.Task[None]] = set()
        self.turns = asyncio.Semaphore(SENDING)
        self.stopped = False

    # ------------------------------------------------------------------ from the tables

    def acted(self, live: LiveTable, seat: Seat, waited_before: set[Seat]) -> None:
        """An action was stored and told at ``live``: queued, never waited for."""
        if self.stopped or self.mailer is None:
            return
        news = news_of(live, seat, waited_before)
        if news is None:
            return
        try:
            self.queue.put_nowait(news)
        except asyncio.QueueFull:
            log.warning("table %s: too many turn emails waiting: this one is dropped", live.id)
            return
        if self.worker is None:
            self.worker = asyncio.get_running_loop().create_task(self._work(), name="turn emails")

    async def _work(self) -> None:
        while True:
            news = await self.queue.get()
            try:
                await self._handle(news)
            except StoreError as exc:
                log.error("table %s: the turn emails were not looked at: %s", news.table_id, exc)
            except Exception:  # a bug here never ends the worker: the next news is looked at
                log.exception("table %s: the turn emails failed", news.table_id)
            finally:
                self.queue.task_done()

    async def _handle(self, news: News) -> None:
        """In order, so that a seat's play removes only the rows written before it."""
        if news.played is not None:
            await asyncio.to_thread(self.store.played, news.table_id, news.played, news.version)
        if news.over:
            await asyncio.to_thread(self.store.ended, news.table_id)
        for waited in news.waited:
            recipient = await asyncio.to_thread(
                self.store.claim, waited.account, news.table_id, waited.seat, news.version, self.clock()
            )
            if recipient is not None:
                task = asyncio.get_running_loop().create_task(self._send(news, waited, recipient))
                self.sending.add(task)
                task.add_done_callback(self.sending.discard)

    async def _send(self, news: News, waited: Waited, recipient: Recipient) -> None:
        mailer = self.mailer
        assert mailer is not None  # nothing is queued without one
        language = "fr" if recipient.language == "fr" else "en"
        site = mailer.site
        subject, body = email_texts.your_turn(
            language,
            recipient.name,
            news.game[language],
            waited.names[language],
            f"{site}/tables/{news.table_id}",
            f"{site}/account",
        )
        async with self.turns:
            try:
                await mailer.send(recipient.address, subject, body)
                return
            except AccountRefusal:  # not sent (logged by the mailer): a later turn may try again
                pass
            except Exception as exc:  # never the message nor the address in the log
                log.error("table %s: a turn email was not sent: %s", news.table_id, type(exc).__name__)
        try:
            await asyncio.to_thread(self.store.forget, waited.account, news.table_id, news.version)
        except StoreError as exc:
            log.error("table %s: %s", news.table_id, exc)

    # ------------------------------------------------------------------ the account's part

    async def state(self, _account: Account) -> dict[str, Any]:
        return {}

    async def export(self, account: Account) -> dict[str, Any]:
        """The language its emails speak and the tables it was told of (until it plays there)."""
        language, told = await asyncio.to_thread(self.store.of_account, account.id)
        rows = [{"table": row.table, "seat": row.seat, "sent": row.sent} for row in told]
        return {"email_language": language, "turn_emails": rows}

    # ------------------------------------------------------------------ stopping

    async def settled(self) -> None:
        """Every news looked at and every email sent (or failed)."""
        await self.queue.join()
        while self.sending:
            await asyncio.gather(*list(self.sending), return_exceptions=True)

    async def close(self, within: float = STOP_WITHIN) -> None:
        """Nothing more is queued; what waits gets ``within`` seconds, then is dropped."""
        self.stopped = True
        try:
            async with asyncio.timeout(within):
                await self.settled()
        except TimeoutError:
            log.warning("the server stops: the turn emails still waiting are dropped")
        tasks = [task for task in (self.worker, *self.sending) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.worker = None
