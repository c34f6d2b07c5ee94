"""Where published puzzles are kept (:mod:`.puzzle_editor`): one row per puzzle, its file's text
with the optimum the server proved. Every method is blocking: the callers run them in a thread."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, select

from robotable.server import schema
from robotable.server.store import Store

PUBLISHED = schema.published_puzzles.c


@dataclass(frozen=True)
class Published:
    """A published puzzle: its slug, game, title, author (an account id or None for a guest, the
    name shown), the file's text, its proven optimum and when it was published."""

    id: str
    game: str
    title: str
    account: int | None
    name: str | None
    file: str
    optimum: tuple[int, ...]
    created: float
    guest_hash: str | None = None

    def data(self) -> dict[str, Any]:
        """The puzzle file's object."""
        return json.loads(self.file)


class TooMany(Exception):
    """The author already has as many puzzles as they may publish."""


class PublishedStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def publish(self, puzzle: Published, cap: int) -> Published:
        """Keeps ``puzzle``, or gives back the same author's puzzle of the same file when there is
        one (publishing again changes nothing); :class:`TooMany` past ``cap`` puzzles an author."""
        mine = _author(puzzle.account, puzzle.guest_hash)
        with self.store._writing() as connection:
            same = (
                connection.execute(
                    select(schema.published_puzzles).where(
                        mine, PUBLISHED.game == puzzle.game, PUBLISHED.file == puzzle.file
                    )
                )
                .mappings()
                .first()
            )
            if same is not None:
                return _published(same)
            count = connection.execute(select(func.count()).where(mine)).scalar_one()
            if count >= cap:
                raise TooMany
            row = {
                "id": puzzle.id,
                "game": puzzle.game,
                "title": puzzle.title,
                "author_account_id": puzzle.account,
                "author_name": puzzle.name,
                "file": puzzle.file,
                "optimum": json.dumps(list(puzzle.optimum)),
                "created": puzzle.created,
                "guest_key_hash": puzzle.guest_hash,
            }
            connection.execute(schema.published_puzzles.insert().values(**row))
        return puzzle

    def find(self, slug: str) -> Published | None:
        with self.store._reading() as connection:
            row = (
                connection.execute(select(schema.published_puzzles).where(PUBLISHED.id == slug))
                .mappings()
                .first()
            )
        return _published(row) if row else None

    def listed(self, game: str | None, limit: int) -> list[Published]:
        """The puzzles of account authors (a guest's is reached by its link only), newest first."""
        query = select(schema.published_puzzles).where(PUBLISHED.author_account_id.is_not(None))
        if game is not None:
            query = query.where(PUBLISHED.game == game)
        query = query.order_by(PUBLISHED.created.desc(), PUBLISHED.id).limit(limit)
        with self.store._reading() as connection:
            return [_published(row) for row in connection.execute(query).mappings()]

    def count(self) -> int:
        with self.store._reading() as connection:
            return connection.execute(select(func.count()).select_from(schema.published_puzzles)).scalar_one()

    def of_account(self, account: int) -> list[Published]:
        query = select(schema.published_puzzles).where(PUBLISHED.author_account_id == account)
        with self.store._reading() as connection:
            return [
                _published(row) for row in connection.execute(query.order_by(PUBLISHED.created)).mappings()
            ]


def _author(account: int | None, guest_hash: str | None) -> Any:
    if account is not None:
        return PUBLISHED.author_account_id == account
    return and_(PUBLISHED.author_account_id.is_(None), PUBLISHED.guest_key_hash == guest_hash)


def _published(row: Any) -> Published:
    found = dict(row)
    return Published(
        id=found["id"],
        game=found["game"],
        title=found["title"],
        account=found["author_account_id"],
        name=found["author_name"],
        file=found["file"],
        optimum=tuple(json.loads(found["optimum"])),
        created=found["created"],
        guest_hash=found["guest_key_hash"],
    )
