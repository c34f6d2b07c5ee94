"""Finding a seat for a bot over the server's HTTP API: taking an open seat at a table, or
opening a new table against the server's own bots (docs/protocol.md, "HTTP API")."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from robotable.client.seat import SeatAddress, SeatError

TIMEOUT = 30.0


def join_table(
    server: str, table: str, name: str = "bot", *, seat: int | None = None, bot_token: str | None = None
) -> SeatAddress:
    """Take an open seat of ``table`` (the first one, or ``seat``) under ``name``, or under the
    bot account's name with its ``bot_token``."""
    body: dict[str, Any] = {"name": name} | ({} if seat is None else {"seat": seat})
    answer = _post(server, f"/api/tables/{table}/join", body, bot_token)
    return SeatAddress(server, answer["table"], answer["token"], bot_token)


def new_table(
    server: str,
    game: str,
    opponents: Sequence[str],
    *,
    name: str = "bot",
    options: dict[str, Any] | None = None,
    timers: bool = True,
    rated: bool = False,
    bot_token: str | None = None,
    seed: int | None = None,
) -> SeatAddress:
    """A new table of ``game`` where the bot takes seat 0 and ``opponents`` the others: the
    server's bots (``bot:easy``...), or ``open`` seats for people to join by the table's link;
    with ``bot_token``, seat 0 is the bot account's, under its name; ``rated``: its result moves
    the players' ratings (a bot account's too); ``seed``: the table's deal and its bots' choices
    (the same game again), else the server's pick."""
    body = {
        "game": game,
        "seats": ["human", *opponents],
        "options": options or {},
        "timers": timers,
        "name": name,
        "rated": rated,
    }
    if seed is not None:
        body["seed"] = seed
    answer = _post(server, "/api/tables", body, bot_token)
    return SeatAddress(server, answer["table"], answer["token"], bot_token)


def bot_tables(server: str, bot_token: str) -> dict[str, Any]:
    """The bot account's unfinished tables (``playing``) and the seats offered to it (``offered``)."""
    return _call(server, "/api/bot/tables", None, bot_token)


def bot_challenges(server: str, bot_token: str) -> dict[str, Any]:
    """What the bot account's owner lets it take (``games``, ``turn_based``, ``clocked``,
    ``seats``; ``set`` false: its owner never chose, and any game goes)."""
    return _call(server, "/api/bot/challenges", None, bot_token)


def decline(server: str, table: str, seat: int, bot_token: str) -> None:
    """Say no to a seat offered to the bot account."""
    _post(server, f"/api/tables/{table}/invitations/decline", {"seat": seat}, bot_token)


def join_arena(server: str, game: str, bot_token: str) -> None:
    """The bot account joins ``game``'s arena: from then on the server seats it at rated games
    with bots of about its rating, found in :func:`bot_tables` (docs/bots.md, "The arena")."""
    _post(server, f"/api/arena/{game}", {}, bot_token)


def _post(server: str, path: str, body: dict[str, Any], bot_token: str | None) -> dict[str, Any]:
    return _call(server, path, body, bot_token)


def _call(server: str, path: str, body: dict[str, Any] | None, bot_token: str | None) -> dict[str, Any]:
    """A GET (no ``body``) or a JSON POST, its JSON answer; a refusal as a :class:`SeatError`."""
    headers = {"Content-Type": "application/json"} | ({} if bot_token is None else {"Bot-Token": bot_token})
    data = None if body is None else json.dumps(body).encode()
    method = "GET" if body is None else "POST"
    request = urllib.request.Request(server.rstrip("/") + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise SeatError(f"the server refused ({exc.code}): {_reason(exc)}", exc.code) from exc
    except (urllib.error.URLError, OSError) as exc:
        raise SeatError(f"the server at {server} cannot be reached: {exc}") from exc


def _reason(error: urllib.error.HTTPError) -> str:
    try:
        answer = json.loads(error.read())
    except ValueError:
        return error.reason
    if isinstance(answer, dict):
        return str(answer.get("error") or answer.get("detail") or answer)
    return str(answer)
