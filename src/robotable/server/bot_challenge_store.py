"""Where bots' challenge settings are kept (issue 32): ``bot_settings`` (the kinds of table a bot
takes, its owner's choice) and ``bot_games`` (the games it takes challenges in). A bot without a
row was never set by its owner: it is offered any seat, as before there were settings, and the
lobby does not list it. Every method is blocking and one transaction, as in :mod:`.bot_store`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select

from robotable.server import schema
from robotable.server.store import Store

SETTINGS = schema.bot_settings.c
GAMES = schema.bot_games.c
ACCOUNTS = schema.accounts.c
SESSIONS = schema.sessions.c
RATINGS = schema.ratings.c
SEATS_RANGE = (2, 16)
"""The numbers of seats an owner may choose from (a table has 16 seats at most)."""


@dataclass(frozen=True)
class Challenges:
    """What a bot takes: challenges in ``games`` (none: no challenge at all), at turn-based
    tables (time banks) or not, at tables with their clocks running or not (a table without
    either is always taken), of ``seats[0]`` to ``seats[1]`` seats."""

    games: tuple[str, ...]
    turn_based: bool = True
    clocked: bool = True
    seats: tuple[int, int] = SEATS_RANGE

    def to_dict(self) -> dict[str, object]:
        return {
            "games": list(self.games),
            "turn_based": self.turn_based,
            "clocked": self.clocked,
            "seats": list(self.seats),
        }


@dataclass(frozen=True)
class Challengeable:
    """A bot the lobby lists for a game: its name, its owner's (None: the owner hid their
    profile, and a hidden profile's person is listed by name nowhere), what it takes, its rating
    there (None: not rated at that game yet)."""

    name: str
    owner: str | None
    challenges: Challenges
    mu: float | None
    sigma: float | None
    games: int


class BotChallengeStore:
    """The bots' settings of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def of_bot(self, bot_id: int) -> Challenges | None:
        """The bot's settings, or None: never set (it takes any seat)."""
        with self.store._reading() as connection:
            row = connection.execute(select(schema.bot_settings).where(SETTINGS.account_id == bot_id)).first()
            if row is None:
                return None
            games = connection.execute(
                select(GAMES.game).where(GAMES.account_id == bot_id).order_by(GAMES.game)
            ).scalars()
            return _challenges(row, tuple(games))

    def save(self, bot_id: int, challenges: Challenges, now: float) -> None:
        """The bot's settings replaced by ``challenges``."""
        with self.store._writing() as connection:
            connection.execute(delete(schema.bot_settings).where(SETTINGS.account_id == bot_id))
            connection.execute(
                insert(schema.bot_settings).values(
                    account_id=bot_id,
                    turn_based=challenges.turn_based,
                    clocked=challenges.clocked,
                    fewest_seats=challenges.seats[0],
                    most_seats=challenges.seats[1],
                    changed=now,
                )
            )
            if challenges.games:
                connection.execute(
                    insert(schema.bot_games), [{"account_id": bot_id, "game": g} for g in challenges.games]
                )

    def of_owner(self, owner_id: int) -> dict[str, dict[str, object]]:
        """The settings of the owner's bots that have some, by the bot's name (the export)."""
        query = (
            select(ACCOUNTS.id, ACCOUNTS.name)
            .join(schema.bot_settings, SETTINGS.account_id == ACCOUNTS.id)
            .where(ACCOUNTS.owner_id == owner_id)
        )
        with self.store._reading() as connection:
            bots = connection.execute(query).all()
        found = {row.name: self.of_bot(row.id) for row in bots}
        return {name: challenges.to_dict() for name, challenges in found.items() if challenges is not None}

    def accepting(self, game: str, now: float, limit: int, offset: int = 0) -> list[Challengeable]:
        """The bots that take challenges in ``game`` and have a live token (a bot without one
        answers nobody), best rated at that game first, then the unrated by name."""
        owner = schema.accounts.alias("owner")
        live_token = select(SESSIONS.account_id).where(
            SESSIONS.account_id == ACCOUNTS.id, SESSIONS.expiry > now
        )
        rated = (RATINGS.account_id == ACCOUNTS.id) & (RATINGS.game == game)
        query = (
            select(schema.bot_settings, ACCOUNTS.name, owner.c.name.label("owner"))
            .add_columns(owner.c.profile_hidden.label("owner_hidden"))
            .add_columns(RATINGS.mu, RATINGS.sigma, RATINGS.games)
            .select_from(
                schema.bot_games.join(schema.bot_settings, SETTINGS.account_id == GAMES.account_id)
                .join(schema.accounts, ACCOUNTS.id == GAMES.account_id)
                .join(owner, owner.c.id == ACCOUNTS.owner_id)
                .outerjoin(schema.ratings, rated)
            )
            .where(GAMES.game == game, live_token.exists())
            .order_by(RATINGS.mu.is_(None), RATINGS.mu.desc(), ACCOUNTS.name_key)
            .limit(limit)
            .offset(offset)
        )
        with self.store._reading() as connection:
            rows = connection.execute(query).all()
            ids = [row.account_id for row in rows]
            games: dict[int, list[str]] = {i: [] for i in ids}
            if ids:
                for found in connection.execute(
                    select(GAMES.account_id, GAMES.game).where(GAMES.account_id.in_(ids)).order_by(GAMES.game)
                ):
                    games[found.account_id].append(found.game)
        return [
            Challengeable(
                row.name,
                None if row.owner_hidden else row.owner,
                _challenges(row, tuple(games[row.account_id])),
                row.mu,
                row.sigma,
                row.games or 0,
            )
            for row in rows
        ]


def _challenges(row: object, games: tuple[str, ...]) -> Challenges:
    return Challenges(
        games,
        bool(row.turn_based),  # type: ignore[attr-defined]
        bool(row.clocked),  # type: ignore[attr-defined]
        (row.fewest_seats, row.most_seats),  # type: ignore[attr-defined]
    )
