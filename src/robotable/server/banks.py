"""A turn-based table's time banks as the server keeps them (the rule and its arithmetic are in
:mod:`robotable.play.time_banks`): made when the table opens, fed every action the table
carries out, shown in every state, and what the table says and refuses once a seat is out of
time. The hand-over itself is the table's driver's (:meth:`.live.LiveTable._out_of_time_due`),
so that one process does it."""

from __future__ import annotations

from dataclasses import replace

from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.core.game import JSON, Seat
from robotable.play.table import Table
from robotable.play.time_banks import BankRule, Banks, InvalidBank
from robotable.server.seats import SeatRow

HANDED_KINDS = ("human", "open")
"""The seats a bank running out hands to a bot: a person's, or an open one nobody took (the
game waits for it; nobody would ever play it)."""


def new_banks(rule: BankRule, table: Table, created: float) -> Banks:
    """The banks of a table opened at ``created`` (no action yet)."""
    return Banks(rule, seats=table.seats, created=created, to_act=table.to_act())


def bank_with_clocks() -> InvalidOptions:
    """A table asked with both a bank and the game's clocks: the bank replaces the clocks."""
    refused = InvalidBank(
        "a turn-based table (turn_based) runs on its time banks: leave the game's clocks off "
        "(timers: false, or leave timers out)",
        option="turn_based",
        fr="une table au tour par tour (turn_based) se joue avec ses réserves de temps : "
        "laissez les horloges du jeu arrêtées (timers: false, ou sans timers)",
    )
    refused.reason = "needs the game's clocks off (timers: false)"
    refused.params = {"field": "timers"}
    return refused


def out_of_time(seat: Seat) -> IllegalAction:
    """A person's action after their bank ran out: their seat is a bot's from then on."""
    refusal = IllegalAction("your time bank ran out: a bot plays your seat to the end", seat=seat)
    refusal.fr = "votre réserve de temps est épuisée : un robot joue votre place jusqu'à la fin"
    refusal.code = "out_of_time"
    return refusal


def timed_out_row(row: SeatRow, bot: str) -> SeatRow:
    """A seat out of time, given to ``bot`` under its person's name; their token (kept) still
    shows them the seat, as it is played to the end, but acts no more."""
    return replace(row, kind=bot, stand_in=None, away_since=None)  # its account, if any, kept


def out_of_time_notice(before: SeatRow, after: SeatRow) -> dict[str, JSON] | None:
    """What everyone is told when a seat out of time went to its bot (None: another change)."""
    if before.kind not in HANDED_KINDS or not after.kind.startswith("bot:"):
        return None
    bot = after.kind.removeprefix("bot:")
    return {"type": "notice", "notice": "out-of-time", "seat": after.seat, "bot": bot}
