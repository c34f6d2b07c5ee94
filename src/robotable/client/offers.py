"""A bot account at work (docs/bots.md, "Challenges"): it takes the seats people offer it by
name in the games it plays (those given, or else those its owner chose on the account page), says
no to the others, and plays every table it sits at, several
at once, each game with a bot of its own; a table it sat at before its program restarted is
played on where it was."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection
from typing import Any

from robotable.client.bot import Bot
from robotable.client.seat import SeatAddress, SeatError, play_seat
from robotable.client.tables import bot_challenges, bot_tables, decline, join_table

log = logging.getLogger("robotable.client")

MakeBot = Callable[[str], Bot]
"""A new bot for one game of the game it is given (its id)."""


class Offers:
    """The bot account of ``bot_token`` on ``server``: at most ``most_tables`` games at once, in
    ``games`` (None: the games its owner chose on the server's account page, read again each
    time seats are offered; any game, if they never chose)."""

    def __init__(
        self,
        server: str,
        bot_token: str,
        make_bot: MakeBot,
        *,
        games: Collection[str] | None = None,
        most_tables: int = 4,
    ) -> None:
        self.server, self.bot_token, self.make_bot = server, bot_token, make_bot
        self.games, self.most_tables = games, most_tables
        self.playing: dict[str, asyncio.Task[dict[str, Any]]] = {}
        self.outcomes: list[tuple[str, dict[str, Any]]] = []

    async def serve(
        self, *, games_to_play: int | None = None, every: float = 2.0
    ) -> list[tuple[str, dict[str, Any]]]:
        """Look for tables every ``every`` seconds until ``games_to_play`` games ended (None:
        until cancelled); the (table, outcome) of each game played."""
        try:
            while games_to_play is None or len(self.outcomes) < games_to_play:
                try:
                    await self.look()
                except SeatError as exc:
                    if exc.status in (401, 403):  # a revoked token: nothing will change that
                        raise
                    log.warning("%s; looking again in %.0f s", exc, every)  # a server restarting
                await asyncio.sleep(every)
        finally:
            for task in self.playing.values():
                task.cancel()
        return self.outcomes

    async def look(self) -> None:
        """One look at the bot's tables: the games that ended are noted, new ones started."""
        self._reap()
        listed = await asyncio.to_thread(bot_tables, self.server, self.bot_token)
        for entry in listed["playing"]:
            if entry["table"] not in self.playing and self._room():
                self._start(SeatAddress(self.server, entry["table"], None, self.bot_token), entry["game"])
        games = self.games if self.games is not None or not listed["offered"] else await self._chosen()
        for offer in listed["offered"]:
            try:
                await self._answer(offer, games)
            except SeatError as exc:
                if exc.status in (401, 403):  # a revoked token: nothing will change that
                    raise
                # this offer only (its table full, the bot at its cap: 429): the others go on,
                # and this one is looked at again at the next look
                log.warning("table %s: %s", offer["table"], exc)

    async def _answer(self, offer: dict[str, Any], games: Collection[str] | None) -> None:
        """Take a seat offered to the bot, or say no to one outside its games."""
        if games is not None and offer["game"] not in games:
            log.info("declining %s at table %s: not one of its games", offer["game"], offer["table"])
            await asyncio.to_thread(decline, self.server, offer["table"], offer["seat"], self.bot_token)
        elif self._room():  # else it waits for a game to end
            seat = await asyncio.to_thread(
                join_table, self.server, offer["table"], seat=offer["seat"], bot_token=self.bot_token
            )
            self._start(seat, offer["game"])

    async def _chosen(self) -> Collection[str] | None:
        """The games the bot's owner chose on the server's account page, as they are now (None:
        they never chose, or the server is older than the choice: any game)."""
        try:
            chosen = await asyncio.to_thread(bot_challenges, self.server, self.bot_token)
        except SeatError as exc:
            if exc.status != 404:
                raise
            return None
        return chosen["games"] if chosen.get("set") else None

    def _room(self) -> bool:
        return len(self.playing) < self.most_tables

    def _start(self, seat: SeatAddress, game: str) -> None:
        log.info("playing %s at table %s", game, seat.table)
        self.playing[seat.table] = asyncio.create_task(play_seat(seat, self.make_bot(game)))

    def _reap(self) -> None:
        for table, task in list(self.playing.items()):
            if not task.done():
                continue
            del self.playing[table]
            try:
                self.outcomes.append((table, task.result()))
            except SeatError as exc:  # that table is given up; the others go on
                log.warning("table %s: %s", table, exc)


def serve(server: str, bot_token: str, make_bot: MakeBot, **options: Any) -> list[tuple[str, dict[str, Any]]]:
    """:meth:`Offers.serve` for a program that is not async (``games``, ``most_tables``,
    ``games_to_play``, ``every``)."""
    games_to_play, every = options.pop("games_to_play", None), options.pop("every", 2.0)
    offers = Offers(server, bot_token, make_bot, **options)
    return asyncio.run(offers.serve(games_to_play=games_to_play, every=every))
