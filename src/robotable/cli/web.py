"""``robotable play GAME --web``: the same game in the browser.

A server for this machine only starts on a free port (tables kept in the default database, as
``robotable serve`` keeps them), the table is created with the command's seats, options and
seed, and the browser opens on the first person's seat. Other ``human`` seats are people at
the same screen, as in the terminal: the page hands the screen over between their decisions.
"""

from __future__ import annotations

import json
import threading
import time
import webbrowser
from typing import Any
from urllib.parse import quote, urlencode

from rich.console import Console
from rich.text import Text

from robotable import games
from robotable.cli.common import parse_options
from robotable.cli.play import PlayRequest
from robotable.cli.seats import default_seats, parse_seats, seat_label
from robotable.core.errors import InvalidOptions

HOST = "127.0.0.1"
START_DEADLINE = 60.0
"""Seconds for the server to answer before the table is created (imports on a slow machine)."""


def table_request(request: PlayRequest) -> dict[str, Any]:
    """The ``POST /api/tables`` body for the command's game, seats, options and seed; refuses
    what the browser cannot do, before any server starts."""
    if request.record is not None or request.step:
        raise InvalidOptions(
            "--web: --record and --step are for the terminal; the server keeps the record "
            "(GET /api/tables/ID/record once the game is over) and the page shows every step"
        )
    game = games.get(request.game)
    options = parse_options(request.options)
    if request.puzzle is not None:
        options["puzzle"] = request.puzzle
    if files := [name for name in options if name.endswith("_file")]:
        raise InvalidOptions(f"--web: the server reads no file named by a client ({', '.join(files)})")
    game.validate_options(options)  # the server would refuse them too, after starting
    labels = [seat_label(game, spec) for spec in parse_seats(request.seats or default_seats(game))]
    if labels[0] != "human":
        raise InvalidOptions("--web: the first seat is yours, so it must be 'human'")
    if "random" in labels:
        raise InvalidOptions("--web: the server seats bots only ('bot' or 'bot:NAME'), not 'random'")
    # a game on this machine waits for its people: no bot takes a seat when the page is closed
    body: dict[str, Any] = {
        "game": game.id,
        "seats": labels,
        "options": options,
        "timers": True,
        "stand_in": "none",
    }
    if request.seed is not None:
        if not 0 <= request.seed < 2**63:
            raise InvalidOptions("--web: --seed must be a whole number from 0 to 2^63-1 (the server's range)")
        body["seed"] = request.seed
    return body


def table_link(base: str, created: dict[str, Any], body: dict[str, Any]) -> str:
    """The page of the creator's seat; the tokens of the other people at this screen ride in
    the fragment (never sent to a server), for the page's hot seat."""
    here = {"0": created["token"]}
    for seat, token in created["invites"].items():
        if body["seats"][int(seat)] == "human":
            here[seat] = token
    fragment = urlencode({"token": created["token"], "here": json.dumps(here, separators=(",", ":"))})
    return f"{base}/tables/{quote(created['table'])}#{fragment}"


def create_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """Waits for the server to answer, then creates the table; an error names the reason."""
    import httpx

    deadline = time.monotonic() + START_DEADLINE
    while True:
        try:
            answer = httpx.post(f"{base}/api/tables", json=body, timeout=10.0)
            break
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise InvalidOptions(f"the server did not start within {START_DEADLINE:.0f} s") from None
            time.sleep(0.1)
    if answer.status_code != 201:
        raise InvalidOptions(f"the table was refused: {answer.json().get('error', answer.text)}")
    created: dict[str, Any] = answer.json()
    return created


def play_in_browser(request: PlayRequest, console: Console, *, open_browser: bool = True) -> None:
    """Serve until Ctrl-C; the table is created and the browser opened once the server is up."""
    from robotable.cli.serve import AppSettings, _bind, _run, _uvicorn_settings
    from robotable.server.store import open_store

    body = table_request(request)
    store = open_store()
    listener = _bind(HOST, 0)
    base = f"http://{HOST}:{listener.getsockname()[1]}"

    def open_table() -> None:
        try:
            link = table_link(base, create_table(base, body), body)
        except InvalidOptions as exc:
            console.print(Text(f"error: {exc}", style="red"), soft_wrap=True)
            return
        console.print(Text(f"playing at {link}  (Ctrl-C stops the server)", style="green"), soft_wrap=True)
        if open_browser:
            webbrowser.open(link)

    threading.Thread(target=open_table, name="open-table", daemon=True).start()
    _run(store, listener, AppSettings(think_limit=30.0), _uvicorn_settings(False))
