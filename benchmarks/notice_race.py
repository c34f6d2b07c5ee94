"""A reproduction (not a benchmark) of a lost notice between two server processes on PostgreSQL,
found by ``server_chaos.py`` as a stuck table.

    python benchmarks/notice_race.py [--rounds 5] [--tables 12] [--db URL]

A process that loads a table it was not holding (its first connection or request for it) while
another process stores an action of that table can miss the action's notice and stay behind:
``peers._heard`` drops a notice for a table not in ``hall.tables`` yet, and ``hall.find``
puts a table there only once it is loaded and replayed, with no catch-up after. Its copy stays
behind until another notice for that table comes; when the next seat to act is connected to
it, that person is shown an old state where it is not their turn, and nobody ever acts again
(a stuck table). The window is widest in a process just started: after a restart.

Each round starts process B afresh, then, for ``--tables`` DR2D tables of 4 people (no clock)
at once: the table is created on process A, and a spectator connects to B while A stores the
table's first action. 3 s later each table's version is asked of A and of B. Exit status 1 when
B stayed behind for any table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from server_chaos import Node, database, servers  # benchmarks/ is the script's folder

SETTLE = 3.0
"""Seconds for B to hear of the action (a notice takes milliseconds)."""


async def spectator_version(node: Node, table: str) -> int:
    """The newest version a spectator connected to ``node`` sees within ``SETTLE`` seconds."""
    version = -1
    async with connect(f"{node.url.replace('http', 'ws')}/ws/tables/{table}") as link:
        try:
            async with asyncio.timeout(SETTLE):
                while True:
                    message = json.loads(await link.recv())
                    if message["type"] in ("state", "update"):
                        version = message["state"]["version"]
        except TimeoutError:
            return version


async def one_table(http: httpx.AsyncClient, a: Node, b: Node, seed: int) -> str | None:
    """Created on A; B's spectator connects while A stores its first action. What went wrong."""
    body = {"game": "dr2d", "seats": ["human"] * 4, "seed": seed, "timers": False}
    created = (await http.post(f"{a.url}/api/tables", json=body)).json()
    table = created["table"]
    tokens = {created["seat"]: created["token"]} | {int(s): t for s, t in created["invites"].items()}
    seat = (await http.get(f"{a.url}/api/tables/{table}")).json()["to_act"][0]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    legal = (await http.get(f"{a.url}/api/tables/{table}", headers=headers)).json()["legal"]
    play = http.post(f"{a.url}/api/tables/{table}/actions", json={"action": legal[0]}, headers=headers)
    seen, _ = await asyncio.gather(spectator_version(b, table), play)
    on_a = (await http.get(f"{a.url}/api/tables/{table}")).json()["version"]
    on_b = (await http.get(f"{b.url}/api/tables/{table}")).json()["version"]
    if on_a == on_b == seen:
        return None
    return f"table {table}: version {on_a} on A, {on_b} on B; B's spectator saw {seen} ({SETTLE:g} s later)"


async def round_of(a: Node, b: Node, tables: int, first_seed: int) -> list[str]:
    async with httpx.AsyncClient(timeout=60) as http:
        found = await asyncio.gather(*(one_table(http, a, b, first_seed + i) for i in range(tables)))
    return [line for line in found if line]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="B started afresh each round (default 5)")
    parser.add_argument("--tables", type=int, default=12, help="tables at once a round (default 12)")
    parser.add_argument("--db", metavar="URL", help="a PostgreSQL database (default: a throwaway cluster)")
    args = parser.parse_args(argv)
    behind: list[str] = []
    with (
        tempfile.TemporaryDirectory(prefix="notice-race-") as folder,
        database(args.db) as url,
        servers(url, Path(folder)) as (a, b),
    ):
        for number in range(args.rounds):
            if number:
                b.kill()
                b.start()
            behind += asyncio.run(round_of(a, b, args.tables, number * args.tables))
    for line in behind:
        print(line)
    tables = args.rounds * args.tables
    print(f"{len(behind)} of {tables} tables stayed behind on the process that loaded them late")
    return 1 if behind else 0


if __name__ == "__main__":
    sys.exit(main())
