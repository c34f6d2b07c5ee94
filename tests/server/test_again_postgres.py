"""Playing again across processes (issue 27): two ``robotable serve`` processes on one
PostgreSQL database; the two people of a finished table ask to play again at the same moment,
each through a different process, and both land at the same one new table (its id is derived
from the old one's, and the database keeps one table per id), each in their own seat."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from .. import pg
from . import process


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.timeout(240)
def test_two_people_through_two_processes_find_one_new_table(cluster: str, tmp_path: Path) -> None:
    url = pg.new_database(cluster, "again")  # the cluster is the test process's: a database of its own
    first = process.start(url, tmp_path)
    second = process.start(url, tmp_path)
    try:
        body = {"game": "delivery", "seats": ["human", "human"], "seed": 5, "options": {"turn_limit": 2}}
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
        table, ann, bob = created["table"], created["token"], created["invites"]["1"]
        conceded = httpx.post(
            f"{first.url}/api/tables/{table}/actions",
            json={"action": "concede"},
            headers=bearer(bob),
            timeout=30,
        )
        assert conceded.status_code == 200, conceded.text
        answers: dict[str, Any] = {}

        def again(name: str, server: process.Server, token: str) -> None:
            answers[name] = httpx.post(
                f"{server.url}/api/tables/{table}/again", headers=bearer(token), timeout=60
            )

        threads = [
            threading.Thread(target=again, args=("ann", first, ann)),
            threading.Thread(target=again, args=("bob", second, bob)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(90)
        assert answers["ann"].status_code == answers["bob"].status_code == 200, (
            answers["ann"].text,
            answers["bob"].text,
        )
        assert answers["ann"].json()["table"] == answers["bob"].json()["table"] != table
        new = answers["ann"].json()["table"]
        assert answers["ann"].json()["seat"] == 0 and answers["bob"].json()["seat"] == 1
        listed = [
            t for t in httpx.get(f"{second.url}/api/tables", timeout=30).json() if t["game"] == "delivery"
        ]
        assert [t["table"] for t in listed] == [new]  # one new table; the finished one is not listed
        for server, token, seat in ((second, ann, 0), (first, bob, 1)):
            state = httpx.get(f"{server.url}/api/tables/{new}", headers=bearer(token), timeout=30).json()
            assert state["seat"] == seat and state["outcome"] is None
    finally:
        process.stop(second)
        process.stop(first)
