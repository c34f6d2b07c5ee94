"""Time banks of a turn-based table (Board Game Arena style): each seat has a bank of seconds
that runs down while the table waits for that seat, whatever the game's own timers would say.

A bank is never stored: it is derived from the table's record, the time the table was created
and the time each action was accepted (:class:`Banks` is fed them in order), so every process
that replays the same record computes the same banks, to the bit.

The rule (a digital decision; no rulebook has banks):

- Every seat starts with the table's ``start`` seconds.
- Between two accepted actions (or from the table's creation to the first), every seat the
  table waits for (``to_act``) spends the time that passed: in a simultaneous phase each seat
  still to act spends its own bank at once.
- When a seat's own action ends its turn (after it, the table no longer waits for that seat),
  ``per_move`` seconds are added to its bank, never past ``start``. A decision the game splits
  into several small actions (a card into a slot, then the next) is one move: the seat is
  credited once, when it is done, so splitting a decision earns nothing.
- A bank that reaches zero while its seat is awaited is *out*, for the rest of the game: it
  earns nothing more, and its seat is played by a bot from then on (the host's job).

>>> rule = BankRule(start=3600, per_move=600)
>>> banks = Banks(rule, seats=2, created=0.0, to_act=[0])
>>> banks.record(0, at=1000.0, to_act=[1])   # seat 0 spent 1000 s, then earned 600
>>> banks.left(1500.0)
[3200.0, 3100.0]
>>> banks.running()
[1]
>>> banks.expiry()
4600.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from robotable.core.errors import InvalidOptions
from robotable.core.game import JSON, Seat

HOUR = 3600
DAY = 24 * HOUR
LEAST_BANK = HOUR
MOST_BANK = 30 * DAY


class InvalidBank(InvalidOptions):
    """A turn-based table's bank settings that cannot be used (``params``: ``field``, and the
    bounds ``least`` and ``most`` in seconds), worded in English and French."""

    code = "bad_bank"


@dataclass(frozen=True)
class BankRule:
    """A table's bank settings: ``start`` seconds per seat, ``per_move`` added after a move."""

    start: int
    per_move: int = 0

    def to_dict(self) -> dict[str, JSON]:
        return {"bank": self.start, "per_move": self.per_move}


def bank_rule(settings: Any) -> BankRule:
    """The settings a client sent (``{"bank": SECONDS, "per_move": SECONDS}``) as a rule, or
    :class:`InvalidBank` saying what is wrong: a bank of whole seconds from one hour to 30 days,
    and a time per move from 0 to the bank."""
    if not isinstance(settings, Mapping):
        raise _refused("turn_based", "must be an object: {\"bank\": SECONDS, \"per_move\": SECONDS}",
                       "doit être un objet : {\"bank\": SECONDES, \"per_move\": SECONDES}")  # fmt: skip
    unknown = sorted(str(key) for key in settings if key not in ("bank", "per_move"))
    if unknown:
        raise _refused("turn_based", f"has no setting {unknown[0]!r}: only bank and per_move",
                       f"n'a pas de réglage {unknown[0]!r} : seulement bank et per_move")  # fmt: skip
    if "bank" not in settings:
        raise _refused("bank", "is missing: the seconds each player has, from 1 hour to 30 days",
                       "manque : les secondes de chaque joueur, de 1 heure à 30 jours")  # fmt: skip
    start = _seconds(settings["bank"], "bank", LEAST_BANK, MOST_BANK)
    per_move = _seconds(settings.get("per_move", 0), "per_move", 0, start)
    return BankRule(start, per_move)


def _seconds(value: Any, field: str, least: int, most: int) -> int:
    whole = isinstance(value, int) and not isinstance(value, bool)
    if not whole and isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value, whole = int(value), True
    if not whole or not least <= value <= most:
        refused = _refused(
            field,
            f"must be a whole number of seconds from {least:,} to {most:,} ({_span(least)} to {_span(most)})",
            f"doit être un nombre entier de secondes de {least} à {most} "
            f"({_span(least, 'fr')} à {_span(most, 'fr')})",
        )
        refused.params = {"field": field, "least": least, "most": most}
        raise refused
    return int(value)


def _refused(field: str, reason: str, reason_fr: str) -> InvalidBank:
    name = "turn_based" if field == "turn_based" else f"turn_based.{field}"
    refused = InvalidBank(f"{name} {reason}", option="turn_based", reason=f"{name} {reason}",
                          fr=f"{name} {reason_fr}")  # fmt: skip
    refused.params = {"field": field}
    return refused


def _span(seconds: int, lang: str = "en") -> str:
    """A bound in words: ``30 days``, ``1 hour``, ``0 s``."""
    if seconds >= DAY and seconds % DAY == 0:
        days = seconds // DAY
        return f"{days} {'day' if lang == 'en' else 'jour'}{'s' if days > 1 else ''}"
    if seconds >= HOUR and seconds % HOUR == 0:
        hours = seconds // HOUR
        return f"{hours} {'hour' if lang == 'en' else 'heure'}{'s' if hours > 1 else ''}"
    return f"{seconds} s"


class Banks:
    """Every seat's bank, fed the table's accepted actions in order (see the module's rule)."""

    def __init__(self, rule: BankRule, *, seats: int, created: float, to_act: Iterable[Seat]) -> None:
        self.rule = rule
        self.seats = seats
        self.banks = [float(rule.start)] * seats
        """Seconds left at :attr:`since`."""
        self.since = created
        self.awaited: list[Seat] = []
        self.out: set[Seat] = set()
        """Seats whose bank reached zero while awaited: out for the rest of the game."""
        self._await(to_act)

    def record(self, seat: Seat, *, at: float, to_act: Iterable[Seat]) -> None:
        """An action of ``seat`` accepted at ``at``; ``to_act``: the seats awaited after it."""
        self._spend(at)
        self._await(to_act)
        if 0 <= seat < self.seats and seat not in self.out and seat not in self.awaited:
            self.banks[seat] = min(float(self.rule.start), self.banks[seat] + self.rule.per_move)

    def _spend(self, at: float) -> None:
        spent = max(0.0, at - self.since)  # two processes' clocks a hair apart: never backwards
        for seat in self.awaited:
            self.banks[seat] -= spent
            if self.banks[seat] <= 0.0:
                self.banks[seat] = 0.0
                self.out.add(seat)
        self.since = max(self.since, at)

    def _await(self, to_act: Iterable[Seat]) -> None:
        self.awaited = sorted({s for s in to_act if 0 <= s < self.seats and s not in self.out})

    # ------------------------------------------------------------------ reading, at a time

    def left(self, now: float) -> list[float]:
        """Each seat's seconds left at ``now`` (at least 0)."""
        passed = max(0.0, now - self.since)
        awaited = set(self.awaited)
        return [max(0.0, bank - passed) if seat in awaited else bank for seat, bank in enumerate(self.banks)]

    def running(self) -> list[Seat]:
        """The seats whose bank runs now (awaited, and not out)."""
        return list(self.awaited)

    def out_at(self, now: float) -> list[Seat]:
        """The seats out of time at ``now``: out already, or awaited with nothing left."""
        passed = max(0.0, now - self.since)
        late = {seat for seat in self.awaited if self.banks[seat] - passed <= 0.0}
        return sorted(self.out | late)

    def expiries(self) -> dict[Seat, float]:
        """When each running bank reaches zero (or reached it: a time past)."""
        return {seat: self.since + self.banks[seat] for seat in self.awaited}

    def expiry(self) -> float | None:
        """When the first running bank reaches zero (None: none runs)."""
        return min(self.expiries().values(), default=None)

    def to_dict(self, now: float) -> dict[str, JSON]:
        """What every seat and spectator is shown: the settings, and per seat its seconds left
        at ``now``, whether it runs, whether it is out."""
        out = set(self.out_at(now))
        running = set(self.awaited) - out
        return {
            **self.rule.to_dict(),
            "seats": [
                {"left": round(left, 3), "running": seat in running, "out": seat in out}
                for seat, left in enumerate(self.left(now))
            ],
        }


def banks_of(
    rule: BankRule,
    *,
    seats: int,
    created: float,
    first: Sequence[Seat],
    steps: Iterable[tuple[Seat, float, Sequence[Seat]]],
) -> Banks:
    """The banks after ``steps`` (each action's seat, time, and the seats awaited after it), from
    a table created at ``created`` awaiting ``first``."""
    banks = Banks(rule, seats=seats, created=created, to_act=first)
    for seat, at, to_act in steps:
        banks.record(seat, at=at, to_act=to_act)
    return banks
