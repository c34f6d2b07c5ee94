"""The seats of a table: a seat's row (:class:`SeatRow`, as stored), who may sit (``human``,
``bot:NAME``, ``open``), who plays each seat now (its bot, or the stand-in of its person who
left), and what everyone sees of them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from robotable.agents.levels import bots_of
from robotable.core.errors import InvalidOptions
from robotable.core.game import JSON, Game, Seat
from robotable.play.words import DELETED_PLAYER, bot_numbers, public_names

SEAT_KINDS = "human, bot, bot:NAME, open"
STAND_IN_LEVEL = "medium"
"""The level that stands in for a person who left, unless the table chose another bot."""


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table, as the store keeps it (the token only as its hash: :mod:`.tokens`)."""

    seat: Seat
    kind: str
    """``human``, ``bot:NAME`` or ``open``."""
    name: str
    token_hash: str | None
    stand_in: str | None = None
    """``bot:NAME`` playing a ``human`` seat while its person is away (its token still grants it)."""
    away_since: float | None = None
    """When the person's last connection closed (None: connected, or never connected)."""
    account: int | None = None
    """The account holding a person's seat (None: a guest's, by its token alone)."""
    account_gone: bool = False
    """An account held the seat and was deleted: shown as "deleted player", its name erased."""
    account_bot: bool = False
    """The account holding it is a bot's (issue 32): every face marks the seat as a bot."""


@dataclass(frozen=True)
class Holder:
    """A signed-in person taking a seat: their account, and its name (what the seat shows)."""

    account: int
    name: str
    bot: bool = False
    """A bot's account (it came with its token, not a person's cookie)."""


def held_by(rows: list[SeatRow], holder: Holder | None) -> Holder | None:
    """``holder`` if their account holds no seat of the table yet, else None: an account holds
    one seat a table (a second seat it takes, e.g. on a shared screen, stays a guest's)."""
    if holder is None or any(row.account == holder.account for row in rows):
        return None
    return holder


def held_row(row: SeatRow, holder: Holder | None) -> SeatRow:
    """A person's seat taken by ``holder`` (unchanged without one): under their account's name."""
    if holder is None:
        return row
    return replace(row, account=holder.account, account_gone=False, account_bot=holder.bot, name=holder.name)


def stand_in_kind(game: Game, spec: str | None, *, timers: bool) -> str | None:
    """The bot (``bot:NAME``) a table gives a person's seat when they leave, from the table's
    ``stand_in`` (a bot's name, ``none``, or None: the default). By default the game's medium
    level; none on a turn-based table, where people come back hours later on purpose."""
    if spec is None:
        if not timers:
            return None
        bots = bots_of(game)
        name = STAND_IN_LEVEL if STAND_IN_LEVEL in bots else next(iter(bots), None)
        return None if name is None else f"bot:{name}"
    if spec.strip().lower() == "none":
        return None
    return seat_kind(game, f"bot:{spec.strip()}")


def seat_kind(game: Game, spec: str) -> str:
    """``human``, ``open`` or ``bot:NAME`` (the game's first bot for a plain ``bot``)."""
    kind, _, name = spec.strip().lower().partition(":")
    if kind in ("human", "open") and not name:
        return kind
    if kind == "bot":
        bots = bots_of(game)
        if not bots:
            raise InvalidOptions(f"{game.title} has no bots")
        name = name or next(iter(bots))
        if name not in bots:
            raise InvalidOptions(f"unknown bot {name!r} for {game.id}; bots: {', '.join(bots)}")
        return f"bot:{name}"
    raise InvalidOptions(f"unknown seat {spec!r}: use {SEAT_KINDS}")


def seat_list(rows: list[SeatRow]) -> list[JSON]:
    """The seats as everyone sees them. A bot named by its level has ``number``, its number among
    the table's bots of that level (``name`` empty: each face words it in its reader's language,
    ``Medium bot 2``: :func:`robotable.play.words.bot_name`)."""
    listed: list[JSON] = []
    numbers = bot_numbers([r.kind for r in rows], [r.name for r in rows])
    for r, number in zip(rows, numbers, strict=True):
        shown: dict[str, JSON] = {"seat": r.seat, "kind": r.kind, "name": r.name}
        if number is not None:
            shown["name"], shown["number"] = "", number  # no English word stored before numbers
        if r.account is not None:  # the name is an account's (a profile's), not one typed at a table
            shown["account"] = True
            if r.account_bot:  # a program plays it: each face says so beside the name
                shown["bot_account"] = True
        elif r.account_gone:  # each face words it: "deleted player", "joueur supprimé"
            shown["name"], shown["gone"] = "", True
        if r.stand_in is not None:  # a person's seat played by a bot while they are away
            shown["stand_in"] = r.stand_in.removeprefix("bot:")
        listed.append(shown)
    return listed


def public_seat_names(rows: list[SeatRow], lang: str = "en") -> list[str]:
    """The seats' names as people read them in ``lang`` (:func:`~robotable.play.words.public_names`);
    a deleted account's seat is "deleted player"."""
    names = [DELETED_PLAYER.get(lang, DELETED_PLAYER["en"]) if r.account_gone else r.name for r in rows]
    return public_names([r.kind for r in rows], names, lang)


def who_plays(row: SeatRow) -> str | None:
    """The bot (``bot:NAME``) that plays a seat now: its own, or its away person's stand-in."""
    if row.kind.startswith("bot:"):
        return row.kind
    return row.stand_in if row.kind == "human" else None


def seat_notice(before: SeatRow, after: SeatRow) -> dict[str, JSON] | None:
    """What everyone is told when a person's seat changes hands with its stand-in."""
    if before.kind != "human" or after.kind != "human" or before.stand_in == after.stand_in:
        return None
    if after.stand_in is not None:
        return {
            "type": "notice",
            "notice": "stand-in",
            "seat": after.seat,
            "bot": after.stand_in.removeprefix("bot:"),
        }
    return {"type": "notice", "notice": "back", "seat": after.seat}


def with_row(rows: list[SeatRow], row: SeatRow) -> list[SeatRow]:
    """The seats with one of them replaced."""
    return [row if old.seat == row.seat else old for old in rows]


def seat_name(kind: str, seat: Seat, name: str) -> str:
    """A person's name as stored, cleaned; ``seat N`` for none, which the table page reads as a
    seat nobody named yet (it asks its invited person's name: ``web/static/js/table/name_ask.js``);
    a bot's is empty: each face words it from its level and number."""
    if kind.startswith("bot:"):
        return ""
    clean = " ".join(name.split())[:40]
    return clean or f"seat {seat}"
