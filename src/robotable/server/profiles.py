"""A page per player (issue 29, "Profiles"): what a person played and won, game by game, their
last finished games with links to the replays, and, once ratings exist, their rating per game
and its history drawn.

- ``GET /api/players/{name}`` (a name as an account's, whatever its capitals): 200 the profile
  (:func:`profile`); 404 ``no_player`` for a name no account has, a malformed one, and a
  profile its person hid (the same answer: nobody learns that a hidden name exists), except to
  that person, signed in, who sees it with ``hidden: true``.
- ``GET /api/players/{name}/rating/{game}.svg?lang=en|fr``: the rating's history drawn
  (:mod:`.rating_plot`); 404 ``no_rating`` while the player has no rating in that game.
- ``POST /api/account/profile`` {hidden} (signed in): hide one's profile, or show it again
  (200 {profile_hidden}). ``GET /api/account`` and the export say ``profile_hidden``.

A profile holds only what every spectator of a finished game sees (its seats' names, ranks and
scores, its replay) and how many of the player's tables are under way: never anything of an
unfinished table (its game, its seats, whose turn, a hand or a program).

**Where ratings plug in**: :func:`player_ratings` (nothing yet); the rest follows from it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

from fastapi import Depends, FastAPI, Request, Response
from pydantic import BaseModel

from robotable.server.account_store import Account
from robotable.server.accounts import Accounts, same_site_json
from robotable.server.inputs import Language
from robotable.server.passwords import NAME_LENGTH, AccountRefusal, name_key, tidy_name
from robotable.server.profile_store import Ended, Finished, Player, ProfileStore
from robotable.server.rating_plot import History, cached_svg, summary
from robotable.server.rating_store import history_of_account
from robotable.server.seats import seat_list
from robotable.server.store import Store

LAST_GAMES = 20
"""The finished games a profile lists, the last ended first."""
LONGEST_ASKED = 100
"""Characters of a name in a profile's address read at all (a longer one is no player's)."""


def player_ratings(store: Store, account_id: int) -> dict[str, History]:
    """The account's rating history per game, ``{game: [(time, rating shown), ...]}``, oldest
    first, its last point the current rating (:mod:`.rating_store`); a game it has no rating in
    is left out. Blocking (called in a thread)."""
    with store._reading() as connection:
        return history_of_account(connection, account_id)


def no_player() -> AccountRefusal:
    """The one answer for a name no account has, a malformed one, and a hidden profile."""
    return AccountRefusal(
        "no_player",
        "no player by that name, or their profile is hidden",
        "aucun joueur de ce nom, ou son profil est caché",
        status=404,
    )


def no_rating() -> AccountRefusal:
    return AccountRefusal(
        "no_rating", "no rating yet in this game", "pas encore de classement dans ce jeu", status=404
    )


def could_be_a_name(name: str) -> bool:
    """Whether an account could have ``name`` (tidied): its length and characters (:func:`.clean_name`)."""
    low, high = NAME_LENGTH
    return low <= len(name) <= high and all(ch.isalnum() or ch in "_- " for ch in name)


class Hiding(BaseModel):
    hidden: bool


class ProfilePart:
    """What the accounts say of the profile (:class:`~.accounts.AccountPart`): hidden or not."""

    def __init__(self, profiles: ProfileStore) -> None:
        self.profiles = profiles

    async def state(self, account: Account) -> dict[str, Any]:
        return {"profile_hidden": await asyncio.to_thread(self.profiles.hidden, account.id)}

    async def export(self, account: Account) -> dict[str, Any]:
        return await self.state(account)


Ratings = Callable[[Store, int], dict[str, History]]


def add_profiles(app: FastAPI, store: Store) -> None:
    """The routes of the module's description. The ratings are ``app.state.player_ratings``'s
    (:func:`player_ratings`; a test may give its own)."""
    accounts: Accounts = app.state.accounts
    profiles = ProfileStore(store)
    accounts.parts.append(ProfilePart(profiles))
    app.state.player_ratings = player_ratings

    def ratings() -> Ratings:
        return app.state.player_ratings  # type: ignore[no-any-return]

    async def visible(request: Request, name: str) -> tuple[Player, bool]:
        """The player of ``name`` and whether the request is theirs; :func:`no_player` unless
        someone may see the profile."""
        tidy = tidy_name(name[:LONGEST_ASKED])
        if len(name) > LONGEST_ASKED or not could_be_a_name(tidy):
            raise no_player()  # no account has such a name: not worth a query (nor a NUL to PostgreSQL)
        player = await asyncio.to_thread(profiles.player, name_key(tidy))
        if player is None:
            raise no_player()
        signed_in = await accounts.sessions.current(request)
        own = signed_in is not None and signed_in.account.id == player.id
        if player.hidden and not own:
            raise no_player()
        return player, own

    @app.get("/api/players/{name}")
    async def player_profile(request: Request, name: str) -> dict[str, Any]:
        """A player's profile (see the module's description)."""
        player, own = await visible(request, name)
        return await asyncio.to_thread(profile, profiles, player, own, ratings())

    @app.get("/api/players/{name}/rating/{game}.svg", response_class=Response)
    async def rating_drawing(request: Request, name: str, game: str, lang: Language = "en") -> Response:
        """The player's rating in ``game`` over time, drawn."""
        player, _ = await visible(request, name)
        history = (await asyncio.to_thread(ratings(), store, player.id)).get(game)
        if not history:
            raise no_rating()
        svg = await asyncio.to_thread(cached_svg, tuple((at, rating) for at, rating in history), lang)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @app.post("/api/account/profile", dependencies=[Depends(same_site_json)])
    async def hide(body: Hiding, request: Request) -> dict[str, Any]:
        """Hide one's profile from everyone else, or show it again."""
        signed_in = await accounts.sessions.required(request)
        await asyncio.to_thread(profiles.set_hidden, signed_in.account.id, body.hidden)
        return {"profile_hidden": body.hidden}


def profile(profiles: ProfileStore, player: Player, own: bool, ratings: Ratings) -> dict[str, Any]:
    """The profile's JSON (blocking: the route calls it in a thread). ``own``: asked by its person."""
    # read in this order (each read its own transaction): a game that ends meanwhile is counted
    # wherever it is listed, never listed without being counted
    under_way = profiles.under_way(player.id)
    last = last_games(profiles, player.id)
    histories = ratings(profiles.store, player.id)
    return {
        "name": player.name,
        "since": player.created,
        "own": own,
        "hidden": player.hidden,
        **({} if player.bot_of is None else {"bot_of": player.bot_of}),
        "games": per_game(profiles.finished(player.id), histories),
        "last_games": last,
        "under_way": under_way,
    }


def per_game(finished: list[Finished], histories: dict[str, History]) -> list[dict[str, Any]]:
    """Games played and won (first places, shared ones too) in each game, the most played first,
    with the current rating where there is one."""
    played: dict[str, int] = {}
    wins: dict[str, int] = {}
    for game in finished:
        played[game.game] = played.get(game.game, 0) + 1
        wins[game.game] = wins.get(game.game, 0) + (game.outcome.ranks[game.seat] == 1)
    for game in histories:  # a rating without a finished game held here (a deleted seat's?) still shows
        played.setdefault(game, 0)
        wins.setdefault(game, 0)
    return [
        {"game": game, "played": played[game], "wins": wins[game], "rating": rating_of(histories.get(game))}
        for game in sorted(played, key=lambda g: (-played[g], g))
    ]


def rating_of(history: History | None) -> dict[str, Any] | None:
    """The current rating and what its drawing shows, in words (None: no rating)."""
    if not history:
        return None
    return {
        "now": round(history[-1][1]),
        "first": round(history[0][1]),
        "points": len(history),
        "summary": {lang: summary(history, lang) for lang in ("en", "fr")},
    }


def last_games(profiles: ProfileStore, account_id: int) -> list[dict[str, Any]]:
    """The account's last finished games, the last ended first."""
    games = profiles.last_finished(account_id, LAST_GAMES)
    held = {row.account for ended in games for row in ended.stored.seats if row.account is not None}
    names = profiles.names(held)
    return [last_game(ended, account_id, names) for ended in games]


def last_game(ended: Ended, account_id: int, names: dict[int, str]) -> dict[str, Any]:
    """One finished game as a spectator sees it: its seats, ranks and scores, and the account's
    seat; an account's seat says whose ``profile`` it is (its name may be the one typed there)."""
    stored = ended.stored
    seat = next(row.seat for row in stored.seats if row.account == account_id)
    outcome = stored.outcome
    seats = [cast(dict[str, Any], shown) for shown in seat_list(list(stored.seats))]
    for shown, row in zip(seats, stored.seats, strict=True):
        if row.account in names:
            shown["profile"] = names[row.account]
    return {
        "table": stored.id,
        "game": stored.game,
        "ended": ended.ended,
        "seat": seat,
        "seats": seats,
        "ranks": [] if outcome is None else list(outcome.ranks),
        "scores": [] if outcome is None else list(outcome.scores),
        "replay": f"/tables/{stored.id}/replay",
    }
