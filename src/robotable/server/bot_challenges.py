"""Challenging bot accounts (issue 32; docs/bots.md "Challenges", docs/protocol.md "Bot
accounts"): each bot's owner says what it takes, the lobby lists the bots that take a game, and
an invitation of a bot to a table it does not take is refused at once, with its reason.

- ``GET /api/account/bots/{name}/challenges``: the owner's bot's settings, ``{games, turn_based,
  clocked, seats: [fewest, most], set}`` (``set`` false: its owner never chose; it is offered
  any seat, its program decides, and the lobby does not list it).
- ``POST /api/account/bots/{name}/challenges`` {games, turn_based, clocked, seats}: the settings
  replaced (200, as the GET answers); a body that is not such an object is refused, in English
  and French (``bad_challenges``), and nothing changes.
- ``GET /api/bot/challenges`` with ``Bot-Token``: the same, for the bot's program
  (:class:`robotable.client.offers.Offers` follows it).
- ``GET /api/bots?game=ID&limit=N&offset=M``: public, the bots that take challenges in that game
  and can answer (a live token), best rated there first: ``{game, bots: [{name, owner, rating?,
  provisional?, games, turn_based, clocked, seats}], more, allowed}``.

:func:`refuse_unless_taken` is what the invitations by name (:mod:`.invitations`) ask before
offering a seat to a bot: the refusal ``challenge_refused`` says why, in a person's words.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Depends, FastAPI, Query, Request

from robotable import games
from robotable.play.rated import provisional, shown
from robotable.server.account_store import Account
from robotable.server.accounts import ExportOnly, same_site_json
from robotable.server.bot_challenge_store import SEATS_RANGE, BotChallengeStore, Challenges
from robotable.server.bot_store import BotStore, no_such_bot
from robotable.server.passwords import AccountRefusal, name_key, signed_out

LISTED = 20
"""Bots ``GET /api/bots`` lists by default."""
MOST_LISTED = 50
"""Bots it lists at most in one answer."""
LONGEST_BODY = 2000
"""Bytes a settings body may have (a list of five game ids and three choices is far less)."""


@dataclass(frozen=True)
class TableKind:
    """What a challenge's table is, for a bot's settings to judge."""

    game: str
    turn_based: bool
    clocked: bool
    seats: int


def bad_challenges(english: str, french: str) -> AccountRefusal:
    return AccountRefusal("bad_challenges", english, french, status=400)


def challenge_refused(english: str, french: str) -> AccountRefusal:
    return AccountRefusal("challenge_refused", english, french, status=409)


def _titles(ids: tuple[str, ...], lang: str) -> str:
    """The games' titles joined as a sentence does: "Droids and Robotick"."""
    titles = [str(games.get(i).words(lang).get("title") or i) for i in ids]
    word = {"en": "and", "fr": "et"}[lang]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} {word} {titles[-1]}"


def refusal(name: str, taken: Challenges, table: TableKind) -> AccountRefusal | None:
    """Why the bot ``name`` with settings ``taken`` does not take ``table`` (None: it does)."""
    if not taken.games:
        return challenge_refused(f"{name} takes no challenges", f"{name} n'accepte aucun défi")
    if table.game not in taken.games:
        return challenge_refused(
            f"{name} takes challenges in {_titles(taken.games, 'en')} only",
            f"{name} n'accepte de défis qu'à {_titles(taken.games, 'fr')}",
        )
    if table.turn_based and not taken.turn_based:
        return challenge_refused(
            f"{name} takes no turn-based tables: invite it to a live table",
            f"{name} n'accepte pas les tables au tour par tour : invitez-le à une table en direct",
        )
    if table.clocked and not taken.clocked:
        return challenge_refused(
            f"{name} takes no tables with clocks: switch the clocks off",
            f"{name} n'accepte pas les tables avec horloges : désactivez les horloges",
        )
    low, high = taken.seats
    if not low <= table.seats <= high:
        seats_en = f"{low} seats" if low == high else f"{low} to {high} seats"
        seats_fr = f"{low} places" if low == high else f"{low} à {high} places"
        return challenge_refused(
            f"{name} plays only at tables of {seats_en}", f"{name} ne joue qu'aux tables de {seats_fr}"
        )
    return None


async def refuse_unless_taken(app: FastAPI, account: Account, table: TableKind) -> None:
    """The refusal ``challenge_refused`` when ``account`` is a bot whose owner's settings do not
    take ``table`` (a person, a bot never set, or a game nobody knows: nothing to say here)."""
    store: BotChallengeStore | None = getattr(app.state, "bot_challenges", None)
    if store is None or not account.is_bot or table.game not in games.ids():
        return
    taken = await asyncio.to_thread(store.of_bot, account.id)
    if taken is not None and (refused := refusal(account.name, taken, table)) is not None:
        raise refused


def read_challenges(raw: bytes) -> Challenges:
    """The body of ``POST .../challenges``, checked, or ``bad_challenges``."""
    if len(raw) > LONGEST_BODY:
        raise bad_challenges("these settings are too long", "ces réglages sont trop longs")
    try:
        body = json.loads(raw)
    except ValueError:
        body = None
    if not isinstance(body, dict) or set(body) - {"games", "turn_based", "clocked", "seats"}:
        raise bad_challenges(
            "the settings are an object {games, turn_based, clocked, seats}",
            "les réglages sont un objet {games, turn_based, clocked, seats}",
        )
    chosen = body.get("games", [])
    known = games.ids()
    if not isinstance(chosen, list) or not all(isinstance(g, str) and g in known for g in chosen):
        raise bad_challenges(
            f"games is a list of the server's games: {', '.join(known)}",
            f"games est une liste des jeux du serveur : {', '.join(known)}",
        )
    flags = {key: body.get(key, True) for key in ("turn_based", "clocked")}
    if not all(isinstance(flag, bool) for flag in flags.values()):
        raise bad_challenges(
            "turn_based and clocked are true or false", "turn_based et clocked valent true ou false"
        )
    seats = body.get("seats", list(SEATS_RANGE))
    low, high = SEATS_RANGE
    if (
        not isinstance(seats, list)
        or len(seats) != 2
        or not all(type(n) is int for n in seats)
        or not low <= seats[0] <= seats[1] <= high
    ):
        raise bad_challenges(
            f"seats is [fewest, most], from {low} to {high}, the fewest first",
            f"seats vaut [moins, plus], de {low} à {high}, le plus petit d'abord",
        )
    return Challenges(tuple(sorted(set(chosen))), flags["turn_based"], flags["clocked"], (seats[0], seats[1]))


def answer(taken: Challenges | None) -> dict[str, Any]:
    """Settings as the routes answer them (never set: every game, every table)."""
    shown_ = taken if taken is not None else Challenges(tuple(games.ids()))
    return {**shown_.to_dict(), "set": taken is not None}


def add_bot_challenges(app: FastAPI, *, clock: Callable[[], float] = time.time) -> None:
    """The routes of the module's description (after :func:`~.bot_accounts.add_bot_accounts`)."""
    accounts = app.state.accounts
    bots = BotStore(accounts.store.store)
    store = BotChallengeStore(accounts.store.store)
    app.state.bot_challenges = store
    sessions = accounts.sessions

    async def exported(account: int) -> dict[str, Any]:
        return {"bot_challenges": await asyncio.to_thread(store.of_owner, account)}

    accounts.parts.append(ExportOnly(exported))

    async def owned(request: Request, name: str) -> int:
        me = (await sessions.required(request)).account
        bot_id = await asyncio.to_thread(bots.owned, me.id, name_key(name))
        if bot_id is None:
            raise no_such_bot(name[:40])
        return bot_id

    @app.get("/api/account/bots/{name}/challenges")
    async def settings(name: str, request: Request) -> dict[str, Any]:
        """What the owner's bot takes."""
        return answer(await asyncio.to_thread(store.of_bot, await owned(request, name)))

    @app.post("/api/account/bots/{name}/challenges", dependencies=[Depends(same_site_json)])
    async def change(name: str, request: Request) -> dict[str, Any]:
        """What the owner's bot takes, replaced."""
        bot_id = await owned(request, name)
        taken = read_challenges(await request.body())
        await asyncio.to_thread(store.save, bot_id, taken, clock())
        return answer(taken)

    @app.get("/api/bot/challenges")
    async def own_settings(request: Request) -> dict[str, Any]:
        """What the bot of the ``Bot-Token`` takes: its program follows it."""
        signed_in = await sessions.bot(request)
        if signed_in is None:
            raise signed_out()
        return answer(await asyncio.to_thread(store.of_bot, signed_in.account.id))

    @app.get("/api/bots")
    async def challengeable(
        game: str = Query(max_length=32),
        limit: int = Query(LISTED, ge=1, le=MOST_LISTED),
        offset: int = Query(0, ge=0, le=10_000),
    ) -> dict[str, Any]:
        """The bots that take challenges in ``game``, best rated there first."""
        known = games.get(game).id  # an unknown game: its refusal
        if not sessions.bots_allowed:
            return {"game": known, "bots": [], "more": False, "allowed": False}
        found = await asyncio.to_thread(store.accepting, known, clock(), limit + 1, offset)
        listed = []
        for bot in found[:limit]:
            line: dict[str, Any] = {"name": bot.name, "owner": bot.owner, "games": bot.games}
            if bot.mu is not None and bot.sigma is not None:
                line["rating"] = shown(bot.mu)
                if provisional(bot.sigma):
                    line["provisional"] = True
            listed.append(line | {k: v for k, v in bot.challenges.to_dict().items() if k != "games"})
        return {"game": known, "bots": listed, "more": len(found) > limit, "allowed": True}
