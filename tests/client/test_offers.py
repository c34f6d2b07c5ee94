"""A bot account's program looking at its offers (robotable.client.offers): a refusal of one
offer (the bot at its cap of tables, a table full meanwhile) is logged and the other offers are
still answered, that one asked again at the next look; a refused token stops the program."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from robotable.client import SeatAddress, SeatError, offers
from robotable.client.levels import LevelBot

OFFERED = [
    {"table": "full", "seat": 1, "game": "robotick"},
    {"table": "free", "seat": 2, "game": "robotick"},
    {"table": "other", "seat": 1, "game": "droids"},
]


def answering(monkeypatch: pytest.MonkeyPatch, refusal: SeatError) -> dict[str, list[str]]:
    """The server's answers faked: the bot's tables list OFFERED (a seat taken is the bot's
    table then, a seat declined is offered no more); joining "full" is refused."""
    asked: dict[str, list[str]] = {"joined": [], "declined": []}
    listed: dict[str, list[dict[str, Any]]] = {"playing": [], "offered": [dict(o) for o in OFFERED]}

    def taken_away(table: str) -> dict[str, Any]:
        offer = next(offer for offer in listed["offered"] if offer["table"] == table)
        listed["offered"].remove(offer)
        return offer

    def join_table(server: str, table: str, **_: Any) -> SeatAddress:
        asked["joined"].append(table)
        if table == "full":
            raise refusal
        listed["playing"].append(taken_away(table))
        return SeatAddress(server, table, "token")

    def decline(_server: str, table: str, *_: Any) -> None:
        asked["declined"].append(table)
        taken_away(table)

    answer = lambda *_: {part: [dict(entry) for entry in entries] for part, entries in listed.items()}  # noqa: E731
    monkeypatch.setattr(offers, "bot_tables", answer)  # a new answer each time, as over the network
    monkeypatch.setattr(offers, "join_table", join_table)
    monkeypatch.setattr(offers, "decline", decline)
    return asked


def test_a_refused_offer_leaves_the_others_answered_and_is_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = answering(monkeypatch, SeatError("the bot sits at 8 tables", 429))
    bot = offers.Offers("http://server", "token", lambda game: LevelBot(game, "easy"), games={"robotick"})
    still = SimpleNamespace(done=lambda: False)  # a game being played, without a server
    monkeypatch.setattr(bot, "_start", lambda seat, game: bot.playing.setdefault(seat.table, still))
    asyncio.run(bot.look())
    assert asked == {"joined": ["full", "free"], "declined": ["other"]}
    assert list(bot.playing) == ["free"]
    asyncio.run(bot.look())
    assert asked["joined"] == ["full", "free", "full"]  # asked again; "free" is played already


def test_a_refused_token_stops_the_look(monkeypatch: pytest.MonkeyPatch) -> None:
    answering(monkeypatch, SeatError("signed out", 401))
    bot = offers.Offers("http://server", "token", lambda game: LevelBot(game, "easy"), games={"robotick"})
    with pytest.raises(SeatError, match="signed out"):
        asyncio.run(bot.look())
