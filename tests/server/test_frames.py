"""The messages waiting for a connection written at once (:mod:`robotable.server.frames`), over a
real uvicorn server in this process, with and without compression (the client asks for it): four
people programming their robots at once and a spectator each receive every update in order (no
gap, none twice, each the state of its action), the last one the table's state as stored for it,
while several messages did go in one write."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from robotable.cli.serve_checks import bind
from robotable.server.app import create_app
from robotable.server.frames import Frames
from robotable.server.store import open_store

pytestmark = pytest.mark.timeout(120)

ACTIONS = 120
"""Actions played before the people stop (DR2D: several turns of four programs)."""


@pytest.fixture(params=[False, True], ids=["plain", "deflate"])
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A server; compressed messages too (``serve --deflate``: each compressed after the last)."""
    store = open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    app = create_app(store)
    listener = bind("127.0.0.1", 0)
    config = uvicorn.Config(
        app, lifespan="on", log_level="warning", ws="websockets-sansio", ws_per_message_deflate=request.param
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not running.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        yield f"127.0.0.1:{listener.getsockname()[1]}"
    finally:
        running.should_exit = True
        thread.join(30)
        listener.close()
        store.close()
    assert not thread.is_alive(), "the server stopped"


async def person(
    address: str, table: str, token: str | None, heard: list[dict[str, Any]], played: list[int]
) -> None:
    """Plays the first legal action whenever its seat is awaited (one in flight, the next one
    from the last state once it is answered), until :data:`ACTIONS` were played at the table; a
    spectator (no token) only listens."""
    query = f"?token={token}" if token else ""
    async with websockets.connect(f"ws://{address}/ws/tables/{table}{query}") as socket:
        in_flight, state = False, None
        while sum(played) < ACTIONS or in_flight:
            message = json.loads(await asyncio.wait_for(socket.recv(), 20))
            heard.append(message)
            if message["type"] in ("accepted", "refused"):
                in_flight = False  # its action's update came first: the last state is after it
            state = message.get("state", state)
            if token and state and state["legal"] and not in_flight and sum(played) < ACTIONS:
                await socket.send(json.dumps({"type": "action", "action": state["legal"][0]}))
                in_flight = True
                played.append(1)
        await asyncio.sleep(0.3)  # the last updates of the others' actions
        while True:
            try:
                heard.append(json.loads(await asyncio.wait_for(socket.recv(), 0.3)))
            except TimeoutError:
                break


def test_every_connection_hears_every_update_in_order_while_writes_join(served: str) -> None:
    body = {"game": "dr2d", "seats": ["human"] * 4, "seed": 2, "timers": False}
    created = httpx.post(f"http://{served}/api/tables", json=body).json()
    table = created["table"]
    tokens = [created["token"], *(created["invites"][str(seat)] for seat in range(1, 4))]
    joined = Frames.joined
    heard: list[list[dict[str, Any]]] = [[] for _ in range(5)]
    played: list[int] = []

    async def everyone() -> None:
        await asyncio.gather(
            *(person(served, table, t, h, played) for t, h in zip([*tokens, None], heard, strict=True))
        )

    asyncio.run(everyone())
    for token, messages in zip([*tokens, None], heard, strict=True):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        final = httpx.get(f"http://{served}/api/tables/{table}", headers=headers).json()
        assert final["version"] >= ACTIONS
        shown = [m for m in messages if m["type"] in ("state", "update")]
        version = shown[0]["state"]["version"]  # the greeting's
        for m in shown[1:]:
            if m["type"] == "update":  # each action's, in order: no gap, none twice
                version += 1
                assert m["news"]["number"] == m["state"]["version"] == version
            else:  # a seat's change (its person left): the table as it is
                assert m["state"]["version"] == version
        assert version == final["version"]
        last = [m for m in messages if m["type"] in ("state", "update")][-1]["state"]
        assert last["view"] == final["view"] and last["to_act"] == final["to_act"]
    assert Frames.joined > joined  # several messages did go in one write
