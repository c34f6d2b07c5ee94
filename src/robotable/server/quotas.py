"""How much one address may hold at once, and the whole process (issue 28): tables created per
address per hour, unfinished tables per address, bot seats per address and overall, WebSocket
connections per address. :class:`Quotas` is the settings (``robotable serve`` options),
:class:`Tally` the counts of one server process (each process on a shared PostgreSQL database
counts its own).

The address is the one :mod:`.proxies` resolved (behind a trusted proxy, the client's). This
machine's addresses (loopback: tests, ``robotable play --web``, the owner's scripts) get their
own, much higher limits (:data:`LOOPBACK`): bounded, but never in the way of a local flood test.

Nothing is counted that could outlive its reason: a table counts while its game is not over
(each check sweeps away the tables whose game ended), a creation for an hour, a connection
while it is open. A refusal is :class:`OverQuota`, answered 429 with ``Retry-After``; a check
comes before anything is stored, and a refused request changes nothing.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import math
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from robotable.core.errors import RobotableError
from robotable.server.proxies import parsed_address

HOUR = 3600.0
WAIT_FOR_AN_END = 60
"""Seconds a refusal that waits for a game to end asks the client to wait: no one knows when
a game ends, and a minute is short for a person and long for a script's loop."""
IPV6_PREFIX = 64
"""Bits of an IPv6 address that make one client for the quotas (:func:`counted_as`)."""
SWEEP_EVERY = 60.0
"""Seconds between two sweeps of every address's hour of creations (an address that created
one table and never came back is forgotten within the hour)."""


@dataclass(frozen=True)
class PerAddress:
    """The limits of one address. The defaults are a club server's, open to the internet."""

    tables_per_hour: int = 30
    """A table every two minutes, all hour: more than a club evening's people at one device
    create (a game lasts minutes), far fewer than a script's loop."""
    running_tables: int = 10
    """Unfinished tables at once: one person plays one or two; a family behind one router's
    address a handful more (a school behind one address needs more: an option)."""
    bot_seats: int = 16
    """Bot seats at once in its unfinished tables: four bot-filled tables of four (a person
    learning against bots, a club's demonstration tables); the bot flood of the issue (forty
    tables of four bots) is refused at its fifth table."""
    sockets: int = 20
    """WebSocket connections at once: a page holds one per table it shows; a household or a
    club room behind one address has a few people, each with a couple of tabs."""


LOOPBACK = PerAddress(tables_per_hour=100_000, running_tables=2_000, bot_seats=1_000, sockets=10_000)
"""This machine's limits: far past what tests, ``robotable play --web`` and the load benchmark
(a thousand connections, hundreds of tables played game after game) ask, yet finite. Behind a
reverse proxy on this machine, name it (``--trusted-proxy``): unnamed, every client is this
machine."""


@dataclass(frozen=True)
class Quotas:
    """Every quota of a server process (``create_app(store, quotas=Quotas(...))``)."""

    address: PerAddress = PerAddress()
    """The limits of any address but this machine's."""
    loopback: PerAddress = LOOPBACK
    """The limits of this machine's addresses (127.0.0.0/8, ::1)."""
    bot_seats_overall: int = 200
    """Bot seats at once in every unfinished table this process drives, whoever made them:
    fifty tables of four bots, more than a club's evening fills; past it a bot flood from many
    addresses waits. (Their CPU is bounded apart: the bots' share of the cores.)"""
    bot_tables: int = 8
    """Unfinished tables one bot account sits at, at once, wherever its program runs (issue 32,
    ``robotable serve --bot-tables``): a program playing a handful of challenges at once, while
    one bot cannot fill a server's evening alone. Counted in the database, so across processes."""
    bot_requests: int = 10
    """API requests a second one bot's token may send, on average (``robotable serve
    --bot-requests``; bursts of three times as many: :attr:`bot_burst`). A bot plays over its
    WebSocket; over HTTP it asks a few things a game (a table made or joined, its state) and looks
    for its offers every two seconds (``robotable.client.offers``): ten a second is twenty times
    that, and a program's loop gone wrong is slowed at once. Counted by each process."""

    def __post_init__(self) -> None:
        for name, value in [*_numbers(self.address), *_numbers(self.loopback)]:
            if value < 1:
                raise ValueError(f"quota {name}: at least 1, not {value}")
        for name in ("bot_seats_overall", "bot_tables", "bot_requests"):
            if getattr(self, name) < 1:
                raise ValueError(f"quota {name}: at least 1, not {getattr(self, name)}")

    @property
    def bot_sockets(self) -> int:
        """WebSocket connections one bot account holds open at once: two for each table it may
        sit at (a program that reconnects while its old connection closes) and four more (a
        person watching its tables with its token): 20 with the default :attr:`bot_tables`."""
        return 2 * self.bot_tables + 4

    @property
    def bot_burst(self) -> int:
        """Requests a bot's token may send at once: a program starting and taking every seat
        offered to it (a few requests for each of its tables) never waits."""
        return 3 * self.bot_requests

    def of(self, address: str) -> PerAddress:
        """The limits of ``address``."""
        return self.loopback if is_loopback(address) else self.address

    def to_json(self) -> str:
        """As ``robotable serve --workers N`` hands them to its worker processes."""
        return json.dumps(dataclasses.asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Quotas:
        """The quotas :meth:`to_json` wrote (a field it did not write keeps its default)."""
        given = json.loads(text)
        return cls(
            **{
                name: PerAddress(**value) if isinstance(value, dict) else value
                for name, value in given.items()
                if name in cls.__dataclass_fields__
            }
        )


def _numbers(limits: PerAddress) -> list[tuple[str, int]]:
    return [(name, getattr(limits, name)) for name in PerAddress.__dataclass_fields__]


DEFAULT_QUOTAS = Quotas()


def counted_as(address: str) -> str:
    """What a quota counts ``address`` as: itself, but an IPv6 address as its /64 network (one
    home connection or one rented server is given a whole /64: counted by address, it would
    be 2^64 clients), and IPv4 written as IPv6 as IPv4."""
    parsed = parsed_address(address)
    if parsed is None:
        return address
    if isinstance(parsed, ipaddress.IPv6Address) and not parsed.is_loopback:
        return str(ipaddress.IPv6Network((parsed, IPV6_PREFIX), strict=False))
    return str(parsed)


def is_loopback(address: str) -> bool:
    """Whether ``address`` is this machine (127.0.0.0/8, ::1, IPv4 written as IPv6)."""
    if address == "localhost":
        return True
    parsed = parsed_address(address)
    return parsed is not None and parsed.is_loopback


class OverQuota(RobotableError):
    """A request past a quota: 429, ``Retry-After`` (``retry`` seconds), the limit met in
    words with its number and when to try again; ``params`` name the limit (``limit``, its
    number ``most``) and ``retry_after`` for a page that words it itself."""

    code = "quota"

    def __init__(self, limit: str, most: int, english: str, french: str, retry_after: int) -> None:
        retry_after = max(1, retry_after)
        super().__init__(f"{english}: try again {_in_english(retry_after)}")
        self.fr = f"{french} : réessayez {_in_french(retry_after)}"
        self.retry = retry_after
        self.params = {"limit": limit, "most": most, "retry_after": retry_after}


def _in_english(seconds: int) -> str:
    if seconds < 90:
        return f"in {seconds} second{'s' if seconds != 1 else ''}"
    return f"in {math.ceil(seconds / 60)} minutes"


def _in_french(seconds: int) -> str:
    if seconds < 90:
        return f"dans {seconds} seconde{'s' if seconds != 1 else ''}"
    return f"dans {math.ceil(seconds / 60)} minutes"


# --------------------------------------------------------------------------- the counts


class Counted(Protocol):
    """What the counts read of a live table (:class:`robotable.server.live.LiveTable`)."""

    @property
    def over(self) -> bool: ...

    @property
    def bot_seats(self) -> int:
        """Its seats that are a bot's now (a seat handed to a bot counts)."""
        ...

    @property
    def driven(self) -> bool:
        """Whether this process runs its timers and bots."""
        ...


def bot_seats(kinds: Iterable[str]) -> int:
    """The bot seats among seat kinds (``bot:NAME``); a person's stand-in is not one: it plays
    a person's seat only while they are away."""
    return sum(kind.startswith("bot") for kind in kinds)


@dataclass
class Claim:
    """A table counted for its address from the moment it passed the check: its seats' kinds
    until it is open (``live``), then the live table's own seats (a seat handed to a bot counts)."""

    address: str | None
    bots: int
    stamp: float | None
    """When it counted toward its address's hour (None: it does not)."""
    live: Counted | None = None

    @property
    def over(self) -> bool:
        return self.live is not None and self.live.over

    @property
    def bot_seats(self) -> int:
        return self.bots if self.live is None else self.live.bot_seats


@dataclass
class Tally:
    """The counts of one server process, checked against ``quotas``. ``tables``: the process's
    live tables (the hall's), whose bots count toward :attr:`Quotas.bot_seats_overall` when this
    process drives them, whoever made them (a table restored at start-up has no address: it
    counts there alone). ``clock``: the server's (tests give their own)."""

    quotas: Quotas
    tables: Callable[[], Iterable[Counted]]
    clock: Callable[[], float]
    created: dict[str, deque[float]] = field(default_factory=dict)
    """Each address's creations of the last hour, oldest first."""
    claims: dict[str, Claim] = field(default_factory=dict)
    """The tables created here (by id) whose game is not known to be over."""
    sockets: Counter[str] = field(default_factory=Counter)
    bot_sockets: Counter[int] = field(default_factory=Counter)
    """Each bot account's open connections (issue 32), by its account's id."""
    swept: float = float("-inf")

    # ------------------------------------------------------------------ tables

    def claim(
        self, table_id: str, address: str | None, kinds: Sequence[str], *, hourly: bool = True
    ) -> Claim:
        """Count a new table of ``address`` (None: no address, an in-process caller) with these
        seat kinds, or :class:`OverQuota`. ``hourly``: it counts toward the tables created an
        hour (not a game played again: at most one per finished table). :meth:`opened` gives it
        its live table; :meth:`cancel` takes it back when it could not be stored."""
        now = self.clock()
        self._sweep(now)
        bots = bot_seats(kinds)
        address = None if address is None else counted_as(address)
        if address is not None:
            self._check_address(address, bots, now, hourly=hourly)
        self._check_overall(bots)
        hourly = hourly and address is not None
        claim = Claim(address, bots, now if hourly else None)
        self.claims[table_id] = claim
        if address is not None and hourly:
            self.created.setdefault(address, deque()).append(now)
        return claim

    def address_of(self, table_id: str) -> str | None:
        """The address that created the table (as counted), if this process knows it."""
        claim = self.claims.get(table_id)
        return None if claim is None else claim.address

    def opened(self, table_id: str, live: Counted) -> None:
        """The claimed table is open: from now on its own seats count, until its game is over."""
        if (claim := self.claims.get(table_id)) is not None:
            claim.live = live

    def cancel(self, table_id: str, claim: Claim) -> None:
        """The claimed table was not made: it counts for nothing (nor its creation)."""
        if self.claims.get(table_id) is claim:
            del self.claims[table_id]
        stamps = self.created.get(claim.address or "")
        if stamps and claim.stamp in stamps:
            stamps.remove(claim.stamp)
            if not stamps:
                del self.created[claim.address or ""]

    def check_bot_added(self, table_id: str) -> None:
        """One more bot seat at a table (a person's seat handed to a bot), or :class:`OverQuota`."""
        self._sweep(self.clock())
        claim = self.claims.get(table_id)
        if claim is not None and claim.address is not None:
            self._check_bots(claim.address, 1)
        self._check_overall(1)

    def _check_address(self, address: str, bots: int, now: float, *, hourly: bool) -> None:
        limits = self.quotas.of(address)
        stamps = self._hour_of(address, now)
        if hourly and len(stamps) >= limits.tables_per_hour:
            raise OverQuota(
                "tables_per_hour",
                limits.tables_per_hour,
                f"too many new tables: at most {limits.tables_per_hour} an hour from one address",
                f"trop de nouvelles tables : au plus {limits.tables_per_hour} par heure depuis une même "
                "adresse",
                math.ceil(stamps[0] + HOUR - now),
            )
        running = sum(claim.address == address for claim in self.claims.values())
        if running >= limits.running_tables:
            raise OverQuota(
                "running_tables",
                limits.running_tables,
                f"too many unfinished tables: at most {limits.running_tables} at once from one "
                "address, until one of their games is over",
                f"trop de tables en cours : au plus {limits.running_tables} à la fois depuis une même "
                "adresse, jusqu'à ce qu'une de leurs parties soit finie",
                WAIT_FOR_AN_END,
            )
        self._check_bots(address, bots)

    def _check_bots(self, address: str, bots: int) -> None:
        most = self.quotas.of(address).bot_seats
        held = sum(claim.bot_seats for claim in self.claims.values() if claim.address == address)
        if bots and held + bots > most:
            raise OverQuota(
                "bot_seats",
                most,
                f"too many bots: at most {most} bot seats at once in the unfinished tables from one "
                f"address (they hold {held}, this asks for {bots} more), until one of their games is over",
                f"trop de robots : au plus {most} places de robots à la fois dans les tables en cours "
                f"d'une même adresse (elles en ont {held}, il en faudrait {bots} de plus), jusqu'à ce "
                "qu'une de leurs parties soit finie",
                WAIT_FOR_AN_END,
            )

    def _check_overall(self, bots: int) -> None:
        most = self.quotas.bot_seats_overall
        if not bots:
            return
        pending = sum(claim.bots for claim in self.claims.values() if claim.live is None)
        driven = sum(live.bot_seats for live in self.tables() if live.driven and not live.over)
        held = pending + driven
        if held + bots > most:
            raise OverQuota(
                "bot_seats_overall",
                most,
                f"the server's bots are all busy: at most {most} bot seats at once on this server "
                f"(this asks for {bots} more)",
                f"les robots du serveur sont tous occupés : au plus {most} places de robots à la fois "
                f"sur ce serveur (il en faudrait {bots} de plus)",
                WAIT_FOR_AN_END,
            )

    def _sweep(self, now: float) -> None:
        """Forget the tables whose game is over, and (at most once a minute) every address's
        creations older than an hour."""
        for table_id in [table_id for table_id, claim in self.claims.items() if claim.over]:
            del self.claims[table_id]
        if now - self.swept < SWEEP_EVERY:
            return
        self.swept = now
        for address in list(self.created):
            self._hour_of(address, now)

    def _hour_of(self, address: str, now: float) -> deque[float]:
        """The creations of ``address`` in the hour before ``now`` (older ones forgotten)."""
        stamps = self.created.get(address, deque())
        while stamps and stamps[0] <= now - HOUR:
            stamps.popleft()
        if not stamps:
            self.created.pop(address, None)
        return stamps

    # ------------------------------------------------------------------ connections

    def open_socket(self, address: str) -> None:
        """Count a WebSocket connection of ``address``, or :class:`OverQuota`; each one
        counted is given back by :meth:`close_socket` when it ends."""
        address = counted_as(address)
        most = self.quotas.of(address).sockets
        if self.sockets[address] >= most:
            raise OverQuota(
                "sockets",
                most,
                f"too many connections: at most {most} at once from one address (close a tab)",
                f"trop de connexions : au plus {most} à la fois depuis une même adresse (fermez un onglet)",
                WAIT_FOR_AN_END,
            )
        self.sockets[address] += 1

    def close_socket(self, address: str) -> None:
        address = counted_as(address)
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]

    def open_bot_socket(self, account: int) -> None:
        """Count a WebSocket connection of a bot account (issue 32), or :class:`OverQuota`: a
        bot's connections count toward its account, not its address (many bots may run behind
        one address); each counted is given back by :meth:`close_bot_socket`."""
        most = self.quotas.bot_sockets
        if self.bot_sockets[account] >= most:
            raise OverQuota(
                "bot_sockets",
                most,
                f"too many connections for one bot: at most {most} at once with its token (close "
                "the connections of the tables it left)",
                f"trop de connexions pour un même robot : au plus {most} à la fois avec son jeton "
                "(fermez les connexions des tables qu'il a quittées)",
                WAIT_FOR_AN_END,
            )
        self.bot_sockets[account] += 1

    def close_bot_socket(self, account: int) -> None:
        self.bot_sockets[account] -= 1
        if self.bot_sockets[account] <= 0:
            del self.bot_sockets[account]
