"""The arena's ratings as stored (issue 32): :func:`rate_arena` runs inside the transaction
that marks an arena table over (:func:`.rating_store.rate_finished` hands it the table), so the
outcome, the ratings and the strikes commit together or not at all, whichever process finished
the table. The rules are :mod:`robotable.play.arena`'s."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, and_, insert, select, update

from robotable.core.game import Outcome
from robotable.play.arena import arena_ranks, rated_after, strikes_after
from robotable.play.rated import Skill
from robotable.server import schema

ENTRIES, SEATS = schema.arena_entries.c, schema.seats.c

EntryKey = tuple[str, Any]
"""``("account", ID)``: a bot account's program; ``("level", "hard")``: one of robotable's levels."""


def rate_arena(connection: Connection, table_id: str, game: str, outcome: Outcome, at: float) -> None:
    """Rate an arena table this transaction has just marked over: each seat's bot's arena rating,
    its games and wins, and a bot account's strikes (a seat out of time or left to a stand-in at
    the end ranks last: :func:`robotable.play.arena.arena_ranks`)."""
    seat_rows = connection.execute(
        select(schema.seats).where(SEATS.table_id == table_id).order_by(SEATS.seat)
    ).all()
    keys = {row.seat: key for row in seat_rows if (key := seat_key(row)) is not None}
    entries = _locked_entries(connection, game, set(keys.values()))
    seats = [seat for seat in sorted(keys) if keys[seat] in entries]
    if len(seats) < 2:
        return
    rows = {row.seat: row for row in seat_rows}
    timed_out = [_timed_out(rows[seat]) for seat in seats]
    before = [Skill(entries[keys[seat]].mu, entries[keys[seat]].sigma) for seat in seats]
    ranks = arena_ranks([outcome.ranks[seat] for seat in seats], timed_out)
    after = rated_after(before, ranks)
    for seat, rank, out, old, new in zip(seats, ranks, timed_out, before, after, strict=True):
        entry = entries[keys[seat]]
        result = {"table_id": table_id, "seat": seat, "entry_id": entry.id, "rank": rank, "timed_out": out}
        connection.execute(
            insert(schema.arena_results).values(**result, mu_before=old.mu, mu_after=new.mu, at=at)
        )
        strikes, paused = strikes_after(entry.strikes, out, at) if keys[seat][0] == "account" else (0, None)
        changes: dict[str, Any] = {"mu": new.mu, "sigma": new.sigma, "strikes": strikes}
        if paused is not None:
            changes["paused_until"] = paused
        connection.execute(
            update(schema.arena_entries)
            .where(ENTRIES.id == entry.id)
            .values(games=ENTRIES.games + 1, wins=ENTRIES.wins + int(rank == 1), **changes)
        )


def _timed_out(row: Any) -> bool:
    """A bot account's seat that ran out of time (given to a bot for the rest of the game) or
    whose program was away at the end (its stand-in playing)."""
    return row.account_id is not None and (row.kind != "human" or row.stand_in is not None)


def _locked_entries(connection: Connection, game: str, keys: set[EntryKey]) -> dict[EntryKey, Any]:
    accounts = [key for kind, key in keys if kind == "account"]
    levels = [key for kind, key in keys if kind == "level"]
    query = (
        select(schema.arena_entries)
        .where(
            ENTRIES.game == game,
            ENTRIES.account_id.in_(accounts) | and_(ENTRIES.account_id.is_(None), ENTRIES.level.in_(levels)),
        )
        .order_by(ENTRIES.id)
        .with_for_update()
    )
    return {entry_key(row): row for row in connection.execute(query)}


def seat_key(row: Any) -> EntryKey | None:
    """The arena entry a stored seat belongs to: its account's, or the level seated there from
    the start (no name, no account); None for anyone else."""
    if row.account_id is not None:
        return ("account", row.account_id)
    if row.kind.startswith("bot:") and not row.name:
        return ("level", row.kind.removeprefix("bot:"))
    return None


def entry_key(row: Any) -> EntryKey:
    return ("account", row.account_id) if row.account_id is not None else ("level", row.level)
