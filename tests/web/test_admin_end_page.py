"""A table its server's administrator ended (``robotable admin end``, issue 31), in real
Chromium: the end panel says so with the administrator's reason, as it says an ending
concession, and nobody is ranked first. On SQLite the running server learns it at the table's
next action, here the person's own move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server import process
from ..server.admin_tables import admin

pytestmark = pytest.mark.timeout(180)


def test_the_end_panel_says_the_administrator_ended_the_game(tmp_path: Path, page_at: Any) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    server = process.start(url, tmp_path)
    try:
        body = {"game": "delivery", "seats": ["human", "bot:easy"], "seed": 5, "name": "Ada"}
        created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
        table, token = created["table"], created["token"]
        page = page_at(f"{server.url}/tables/{table}#token={token}")
        page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
        bearer = {"Authorization": f"Bearer {token}"}
        legal = httpx.get(f"{server.url}/api/tables/{table}", headers=bearer, timeout=30).json()["legal"]
        assert admin("end", table, "--reason", "the club closes", "--db", url).exit_code == 0
        refused = httpx.post(
            f"{server.url}/api/tables/{table}/actions", json={"action": legal[0]}, headers=bearer, timeout=30
        )
        assert refused.status_code == 409 and refused.json()["code"] == "over"
        page.wait_for_selector("#outcome ol.ranks li", timeout=30_000)
        verdict = "The server's administrator ended the game: the club closes"
        assert page.inner_text("#outcome .verdict") == verdict
        ranks = page.locator("#outcome ol.ranks li")
        assert {ranks.nth(i).get_attribute("data-rank") for i in range(ranks.count())} == {"2"}
        assert verdict in page.inner_text("#log")
        assert not page.locator("#concede").is_visible()
        assert not page.errors
    finally:
        process.stop(server)
