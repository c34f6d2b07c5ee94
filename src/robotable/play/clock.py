"""Clocks for matches: real time for people, virtual time for bots.

Engines know no clock (see :mod:`robotable.core.game`); a match reads the time from
one of these and, when every seat is waiting, asks the clock to get to the next
deadline. A :class:`VirtualClock` jumps there at once, so a bots-only game with a
one-minute sand timer per round still finishes in seconds; a :class:`RealClock`
sleeps. Both count seconds from the start of the match.

>>> clock = VirtualClock()
>>> clock.wait_until(60.0)
>>> clock.now()
60.0
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    """What a match needs from a clock."""

    realtime: bool
    """True when time passes on its own (people are watching)."""

    def now(self) -> float:
        """Seconds since the match started."""
        ...

    def wait_until(self, when: float) -> None:
        """Return once ``now() >= when`` (at once if that time has passed)."""
        ...


class VirtualClock:
    """Time that stands still until the match jumps it to the next deadline."""

    realtime = False

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def wait_until(self, when: float) -> None:
        # never backwards: a deadline already passed leaves the time alone
        self._now = max(self._now, when)


class RealClock:
    """Monotonic wall time; waiting sleeps.

    ``monotonic`` and ``sleep`` can be replaced, which lets tests drive the very same
    code with a fake time that they step by hand.
    """

    realtime = True

    def __init__(
        self,
        monotonic: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._monotonic = monotonic
        self._sleep = sleep
        self._start = monotonic()

    def now(self) -> float:
        return self._monotonic() - self._start

    def wait_until(self, when: float) -> None:
        # sleep() may wake early (signals, coarse timers): loop until really there
        while (left := when - self.now()) > 0:
            self._sleep(left)
