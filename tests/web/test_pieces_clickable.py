"""Issue 27: a game played by clicking its pieces. Ricochet's robots are drawn figures with no
word on them; a click on one shows the actions that move it ("red N", "red E"...), as a word of
the board would, and one of them plays."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server

pytestmark = pytest.mark.timeout(180)
PUZZLE = "1A2A3A4A-8A44FF0F-RC"


def test_a_click_on_a_robot_shows_its_moves_and_one_plays(server: Server, page_at: Any) -> None:
    body = {"game": "ricochet", "seats": ["human"], "options": {"puzzle": PUZZLE}, "name": "Ada"}
    created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert created.status_code == 201, created.text
    table = created.json()
    page = page_at(f"{server.url}/tables/{table['table']}#token={table['token']}")
    page.evaluate("() => localStorage.setItem('robotable:movement', 'off')")
    page.reload()
    red = page.locator('#board svg g.pickable[data-piece="red"]')
    red.wait_for()
    assert page.locator('#board svg g[data-piece="green"].pickable').count() == 1  # every robot moves
    red.click()
    page.wait_for_selector("#legal button.unpick")
    moves = page.locator("#legal button.action").evaluate_all(
        "(buttons) => buttons.map((b) => b.dataset.action)"
    )
    assert moves and all(move.startswith("red ") for move in moves), moves
    version = page.get_attribute("body", "data-version")
    page.click(f'#legal button.action[data-action="{moves[0]}"]')
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    state = httpx.get(
        f"{server.url}/api/tables/{table['table']}",
        headers={"Authorization": f"Bearer {table['token']}"},
        timeout=30,
    ).json()
    assert state["view"]["moves"] == [moves[0]]
    assert not page.errors
