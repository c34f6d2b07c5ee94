"""A short chat per table (issue 29): what a table's people say to each other, beside the game.

A seated person (a connection with its seat's token) says something with the socket's ``say``;
everyone connected to the table, seats and spectators, hears it as a ``chat`` message, and a
connection that joins later is greeted with the last :data:`RECENT` (``chat_history``). Every
message is hostile: its text is cleaned to plain text (:func:`cleaned`), and refused
(:class:`ChatRefused`, a ``chat_refused`` answer with a code, in English and French) when it is
empty or too long, when its seat says too much too fast, when the table keeps no more, or when
a spectator sends it. A message is stored (:mod:`.chat_store`) before anyone hears it, like an
action; nothing of it goes into the game's record, and a finished table's chat stays open (as
on Board Game Arena: people say "good game" once it is over).

Each live table has one :class:`ChatRoom` per process, which keeps the last messages in memory
so that a connection's greeting reads them in the same step as it joins the audience (no await
in between: a message is either in its greeting or told to it afterwards, never lost).
"""

from __future__ import annotations

import asyncio
import math
import time
import unicodedata
from collections import deque
from collections.abc import Callable

from robotable.core.errors import RobotableError
from robotable.core.game import JSON, Seat
from robotable.server.chat_store import ChatFull, ChatLine, ChatStore

MOST_CHARACTERS = 300
"""Characters of a message, once cleaned (a 300-character message of the widest characters,
escaped as JSON, stays within the socket's 4096 bytes)."""
MOST_KEPT = 1000
"""Messages a table keeps: past them, its chat is full (a table lasts a game, not a forum)."""
RECENT = 50
"""Messages a connection is greeted with."""
SEAT_BURST = 5
SEAT_WINDOW = 10
"""A seat says at most :data:`SEAT_BURST` messages in any :data:`SEAT_WINDOW` seconds."""
HIDDEN = frozenset([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""The bidirectional embeddings, overrides and isolates: one would reverse how the rest of the
line reads (a name or a link made to look like another)."""

Message = dict[str, JSON]


def cleaned(text: str) -> str:
    """Plain text: line breaks, tabs and runs of spaces become one space; other control
    characters, lone surrogates (not text: they cannot even be stored) and the bidirectional
    overrides are removed; NFC; no space at either end.

    >>> cleaned("  hi\\n\\n there\\x00\\u202e!  ")
    'hi there!'
    >>> cleaned("e\\u0301t\\u00e9")  # an accent typed apart is one character again
    'été'
    """
    kept = "".join(_kept(char) for char in text)
    return " ".join(unicodedata.normalize("NFC", kept).split())


def _kept(char: str) -> str:
    if char.isspace():
        return " "
    if unicodedata.category(char) in ("Cc", "Cs") or ord(char) in HIDDEN:
        return ""
    return char


class ChatRefused(RobotableError):
    """A message not said: ``code`` (``spectator``, ``empty``, ``too_long``, ``rate``, ``full``)
    and ``params`` for a page that words it itself, the sentence in English and French."""

    def __init__(self, code: str, english: str, french: str, **params: object) -> None:
        super().__init__(english, fr=french)
        self.code = code
        self.params = dict(params)


def refusal_message(exc: ChatRefused) -> Message:
    """The ``chat_refused`` answer to the sender (nothing was stored or told)."""
    params: Message = dict(exc.params)  # type: ignore[arg-type]
    said: Message = {"type": "chat_refused", "code": exc.code, "params": params}
    return {**said, "reason": str(exc), "reason_fr": exc.fr}


def checked(seat: Seat | None, text: str) -> str:
    """The text cleaned, or why it cannot be said at all (a spectator, nothing left, too long)."""
    if seat is None:
        raise ChatRefused(
            "spectator",
            "spectators read the chat but cannot write in it: only the table's players can",
            "les spectateurs lisent la discussion sans pouvoir y écrire : seuls les joueurs le peuvent",
        )
    clean = cleaned(text)
    if not clean:
        raise ChatRefused(
            "empty",
            "an empty message is not sent: write at least one character",
            "un message vide n'est pas envoyé : écrivez au moins un caractère",
        )
    if len(clean) > MOST_CHARACTERS:
        raise ChatRefused(
            "too_long",
            f"a message has at most {MOST_CHARACTERS} characters, this one has {len(clean)}",
            f"un message a au plus {MOST_CHARACTERS} caractères, celui-ci en a {len(clean)}",
            most=MOST_CHARACTERS,
            length=len(clean),
        )
    return clean


class ChatRoom:
    """One table's chat in this process: its last messages, and how much each seat said lately.

    ``tell`` sends one message to every connection of the table; ``name_of`` gives a seat's
    public name now (a message stores its seat, and is shown under its seat's current name)."""

    def __init__(
        self,
        table_id: str,
        chats: ChatStore,
        clock: Callable[[], float],
        tell: Callable[[Message], None],
        name_of: Callable[[Seat], str],
    ) -> None:
        self.table_id = table_id
        self.chats = chats
        self.clock = clock
        self.tell = tell
        self.name_of = name_of
        self.lines: deque[ChatLine] = deque(maxlen=RECENT)
        self.last = 0
        """The number of the newest message told here (0: none)."""
        self.loaded = False
        self.lock = asyncio.Lock()
        """One telling at a time: messages are told in their order, each once."""
        self.said: dict[Seat, deque[float]] = {}
        """When each seat's last messages were said (at most :data:`SEAT_BURST` of them), on the
        monotonic clock: a wall clock set back would otherwise silence a seat for as long."""

    async def ready(self) -> None:
        """The last messages read from the store, once (before the first greeting)."""
        if self.loaded:
            return
        async with self.lock:
            if not self.loaded:
                lines = await asyncio.to_thread(self.chats.recent, self.table_id, RECENT)
                self.lines.extend(lines)
                self.last = lines[-1].number if lines else 0
                self.loaded = True

    def recent(self) -> list[Message]:
        """The last messages, oldest first, as ``chat`` messages (a greeting's)."""
        return [line.message(self.name_of(line.seat)) for line in self.lines]

    async def say(self, seat: Seat | None, text: str) -> ChatLine:
        """Check, store, then tell everyone; :class:`ChatRefused` (nothing stored) otherwise."""
        clean = checked(seat, text)
        assert seat is not None
        await self.ready()  # read before anything is told here (a greeting may have failed to)
        tick = time.monotonic()
        self._refuse_if_too_fast(seat, tick)
        if self.last >= MOST_KEPT:
            raise _full()
        self.said.setdefault(seat, deque(maxlen=SEAT_BURST)).append(tick)  # before the wait: counted
        try:
            at = self.clock()
            line = await asyncio.to_thread(self.chats.add, self.table_id, seat, at, clean, most=MOST_KEPT)
        except ChatFull:
            raise _full() from None
        async with self.lock:
            if line.number == self.last + 1:
                self._told([line])
            elif line.number > self.last:  # another process's messages came first: in order
                await self._catch_up_locked()
        return line

    async def catch_up(self) -> None:
        """Tell the messages other processes stored since the newest told here."""
        async with self.lock:
            if self.loaded:
                await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        self._told(await asyncio.to_thread(self.chats.after, self.table_id, self.last))

    def _told(self, lines: list[ChatLine]) -> None:
        for line in lines:
            self.lines.append(line)
            self.last = line.number
            self.tell(line.message(self.name_of(line.seat)))

    def _refuse_if_too_fast(self, seat: Seat, now: float) -> None:
        said = self.said.get(seat)
        if said is None or len(said) < SEAT_BURST or now - said[0] >= SEAT_WINDOW:
            return
        wait = max(1, math.ceil(SEAT_WINDOW - (now - said[0])))
        raise ChatRefused(
            "rate",
            f"at most {SEAT_BURST} messages in {SEAT_WINDOW:g} seconds: wait {wait} seconds",
            f"au plus {SEAT_BURST} messages en {SEAT_WINDOW:g} secondes : attendez {wait} secondes",
            most=SEAT_BURST,
            seconds=SEAT_WINDOW,
            retry_after=wait,
        )


def _full() -> ChatRefused:
    most_fr = f"{MOST_KEPT:,}".replace(",", "\u202f")  # French groups digits with a narrow space
    return ChatRefused(
        "full",
        f"this table's chat is full: it keeps at most {MOST_KEPT:,} messages",
        f"la discussion de cette table est pleine : elle garde au plus {most_fr} messages",
        most=MOST_KEPT,
    )
