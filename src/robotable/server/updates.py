"""Each seat's state after an action, made for every seat at once and encoded by parts.

Every action a table tells sends each seat, and the spectators, an ``update``: the action's news
and the whole state that seat is shown (:meth:`LiveTable.snapshot
<robotable.server.live.LiveTable.snapshot>`). Made seat by seat from scratch, most of that work
repeats (issue 31, the latency goal: five such updates were most of an action's cost):

- the parts every seat is shown alike (the version, the seats awaited, the timers, the outcome,
  the clock, the time banks, the seats' list) are read and encoded once per action;
- a seat's counters and guidance, which the game reads from its view alone
  (:meth:`Game.counters <robotable.core.game.Game.counters>`, :meth:`Game.guidance
  <robotable.core.game.Game.guidance>`), are read again only when that view changed since the
  last state the seat was made: its JSON differs, or the guidance is for a different seat (a seat
  that conceded or ran out of time reads it as a spectator). In DR2D a robot programmed changes
  only its own seat's view: the four others keep theirs;
- a seat's legal actions are asked of the game only when the seat is awaited: a seat not in
  ``to_act()`` has none (:meth:`State.legal_actions <robotable.core.game.State.legal_actions>`,
  which the games' conformance tests hold them to);
- the parts are kept encoded (:class:`orjson.Fragment`), so a seat's message is encoded by copying
  them.

The text a connection receives is byte for byte what encoding :meth:`LiveTable.snapshot
<robotable.server.live.LiveTable.snapshot>` gives (``tests/server/test_updates.py`` compares them
in every game, action after action, through concessions, time banks running out, seats changing
hands and the end). What is kept is keyed by what it was read from (a view's JSON), never by a
version or a seat's holder, so no change of the table can leave it stale: at worst it is read again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from robotable.core.game import JSON, Seat
from robotable.play.table import Table
from robotable.play.time_banks import Banks

Message = dict[str, JSON]


class Shown(Protocol):
    """What the updates read of a live table (:class:`robotable.server.live.LiveTable`)."""

    table: Table
    banks: Banks | None
    timers: bool
    rated: bool
    hall: Any  # its ``clock()``

    def shown_seats(self) -> list[JSON]: ...

    def timed_out(self, seat: Seat | None, now: float | None = None) -> bool: ...


ENCODING = orjson.OPT_NON_STR_KEYS
"""orjson's options for every message (the same as :func:`robotable.server.sockets.encode`)."""


def encoded(value: object) -> orjson.Fragment:
    """``value`` as JSON, ready to be copied into a message."""
    return orjson.Fragment(orjson.dumps(value, option=ENCODING))


@dataclass(frozen=True, slots=True)
class Read:
    """A seat's view as it was last encoded, and what was read from it."""

    view: bytes
    shown: orjson.Fragment
    """``view`` as a part of a message."""
    guided: Seat | None
    """The seat its guidance was read for (None: read as a spectator's)."""
    counters: orjson.Fragment
    guidance: orjson.Fragment


class Moment:
    """What every seat is shown alike at one moment of a table, read and encoded once, in
    :meth:`LiveTable.snapshot`'s order; and what each seat's own parts are read from."""

    __slots__ = (
        "awaited",
        "banks",
        "end",
        "ended",
        "game",
        "head",
        "live",
        "now",
        "players",
        "state",
        "tail",
    )

    def __init__(self, live: Shown) -> None:
        table = live.table
        self.live, self.state, self.game, self.banks = live, table.state, table.game, live.banks
        self.now = now = live.hall.clock()
        to_act = table.to_act()
        self.awaited = set(to_act)
        concessions = table.concessions
        self.ended = concessions.ended
        self.players = {s for s in range(table.seats) if not concessions.conceded(s)}
        """The seats that still choose (a seat that conceded is its bot's), unless the game ended."""
        timers = [t.to_dict() for t in table.running_timers()]  # read even when not shown: it checks
        outcome = table.outcome()
        self.head = (table.version, encoded(to_act))
        """Before ``legal``: the version, the seats awaited."""
        tail: dict[str, JSON] = {
            "timers": encoded(timers if live.timers else []),  # type: ignore[dict-item]
            "outcome": encoded(None if outcome is None else outcome.to_dict()),  # type: ignore[dict-item]
        }
        self.tail = tail
        """After ``legal``: the timers and the outcome."""
        self.end: dict[str, JSON] = {"now": now}
        if live.banks is not None:
            self.end["banks"] = encoded(live.banks.to_dict(now))  # type: ignore[assignment]
        self.end["seats"] = encoded(live.shown_seats())  # type: ignore[assignment]
        if live.rated:
            self.end["rated"] = True


class Updates:
    """The states a live table's seats are shown, made for all of them at one moment; what each
    seat's view gave is kept from one action to the next (:class:`Read`)."""

    def __init__(self, live: Shown) -> None:
        self.live = live
        self.read: dict[Seat | None, Read] = {}

    def states(self) -> Callable[[Seat | None], Message]:
        """The state each seat is shown now (``state_for(seat)``: what :meth:`LiveTable.snapshot`
        would give, its parts encoded). The parts all seats share are read at the first seat
        asked for, so a table nobody watches costs nothing; every seat must be asked for in the
        same step (no await in between: the table must not change meanwhile)."""
        moment: list[Moment] = []

        def state_for(seat: Seat | None) -> Message:
            if not moment:
                moment.append(Moment(self.live))
            return self._state(seat, moment[0])

        return state_for

    def _state(self, seat: Seat | None, moment: Moment) -> Message:
        player = not moment.ended and seat in moment.players
        view = moment.state.view(seat)
        # a seat whose bank ran out is played by a bot: its person only watches (no legal
        # actions, the guidance of a spectator)
        acts = player and not (moment.banks is not None and self.live.timed_out(seat, moment.now))
        guided = seat if acts else None
        legal = [str(a) for a in moment.state.legal_actions(seat)] if acts and seat in moment.awaited else []  # type: ignore[arg-type]
        text = orjson.dumps(view, option=ENCODING)
        read = self.read.get(seat)
        if read is None or read.view != text or read.guided != guided:
            game = moment.game
            counters, guidance = game.counters(view), game.guidance(view, guided)
            read = Read(text, orjson.Fragment(text), guided, encoded(counters), encoded(guidance))
            self.read[seat] = read
        version, to_act = moment.head
        return {
            "version": version,
            "seat": seat,
            "view": read.shown,  # type: ignore[dict-item]
            "to_act": to_act,  # type: ignore[dict-item]
            "legal": legal,  # type: ignore[dict-item]
            **moment.tail,
            "counters": read.counters,  # type: ignore[dict-item]
            "guidance": read.guidance,  # type: ignore[dict-item]
            **moment.end,
        }
