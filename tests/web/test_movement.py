"""Issue 14, movement shown, not teleported, in real Chromium: pieces walk the paths the events
give, cell by cell (a Ricochet robot's two moves turn the corner of its ricochet), "off" makes
them jump, a DR2D robot is placed by clicking a cell of the board and its turn report is walked
register by register, Delivery's programs run with their call frames shown."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server
from .test_pages import choose, legal_actions

pytestmark = pytest.mark.timeout(120)

PUZZLE = "1A2A3A4A-8A44FF0F-RC"  # red at (8,10): west to (4,10), then north to (4,5)

# The cell under the middle of a piece as Chromium shows it now (its animation included).
SHOWN_CELL = """piece => {
  const svg = piece.ownerSVGElement;
  const box = piece.getBoundingClientRect();
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2)
    .matrixTransform(svg.getScreenCTM().inverse());
  const [ox, oy] = svg.dataset.origin.split(" ").map(Number);
  const size = Number(svg.dataset.cellSize);
  return [Math.floor((point.x - ox) / size), Math.floor((point.y - oy) / size)];
}"""


def open_table(server: Server, page_at: Any, game: str, seats: list[str], options: dict[str, Any]) -> Any:
    """A table made through the HTTP API, its page opened on seat 0 with its board drawn."""
    body = {"game": game, "seats": seats, "options": options, "timers": False, "name": "Ada"}
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    table = made.json()
    page = page_at(f"{server.url}/tables/{table['table']}#token={table['token']}")
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#legal-list option", state="attached")
    return page


def play(page: Any, action: str) -> None:
    """Type ``action`` in the notation box and wait for the table to take it."""
    version = int(page.get_attribute("body", "data-version"))
    page.fill("#notation", action)
    page.press("#notation", "Enter")
    page.wait_for_function("v => +document.body.dataset.version > v", arg=version)


def test_a_ricochet_robot_walks_both_moves_and_turns_the_corner(server: Server, page_at: Any) -> None:
    """Solo: red W then red N reach the page in one drawing (its request held back meanwhile,
    as on a slow network); red walks (8,10) to (4,10) cell by cell, turns north there, and
    stops at (4,5). The animation is stopped at chosen moments to see where red is drawn."""
    page = open_table(server, page_at, "ricochet", ["human"], {"puzzle": PUZZLE})
    page.select_option("#movement", "slow")
    held: list[Any] = []
    page.route("**/board.svg", lambda route: held.append(route))
    play(page, "red W")
    play(page, "red N")
    page.wait_for_timeout(100)
    assert len(held) == 1  # one drawing asked for while the moves came
    held[0].continue_()
    page.unroute("**/board.svg")
    red = page.locator('#board svg [data-piece="red"]')
    red.wait_for(state="attached")
    page.wait_for_function("() => document.querySelector('#board [data-piece=red]')?.dataset.path")
    cells = [(8, 10), (7, 10), (6, 10), (5, 10), (4, 10), (4, 9), (4, 8), (4, 7), (4, 6), (4, 5)]
    assert red.get_attribute("data-path") == " ".join(f"{x},{y}" for x, y in cells)
    duration = red.evaluate(
        "e => { const [a] = e.getAnimations(); a.pause(); return a.effect.getTiming().duration; }"
    )
    shown = []
    for index in (0, 2, 4, 6, 9):  # the start, half-way west, the corner, half-way north, the end
        red.evaluate("(e, t) => { e.getAnimations()[0].currentTime = t; }", duration * index / 9 + 1)
        shown.append(tuple(red.evaluate(SHOWN_CELL)))
    assert shown == [cells[i] for i in (0, 2, 4, 6, 9)]
    assert page.get_attribute("body", "data-steps") == "2" and not page.errors


def test_with_movement_off_the_robot_jumps(server: Server, page_at: Any) -> None:
    page = open_table(server, page_at, "ricochet", ["human"], {"puzzle": PUZZLE})
    page.select_option("#movement", "off")
    board = page.get_attribute("body", "data-board")
    play(page, "red W")
    page.wait_for_function("b => document.body.dataset.board !== b", arg=board)
    red = page.locator('#board svg [data-piece="red"]')
    assert red.evaluate("e => e.getAnimations().length") == 0 and red.get_attribute("data-path") is None
    assert tuple(red.evaluate(SHOWN_CELL)) == (4, 10)
    assert page.get_attribute("body", "data-steps") == "0" and page.get_attribute("body", "data-moved") == "0"
    assert not page.errors


def test_a_dr2d_robot_is_placed_by_clicking_a_cell_then_a_facing(server: Server, page_at: Any) -> None:
    """Only the start tiles offer themselves; a click on one leaves the four facings there."""
    page = open_table(server, page_at, "dr2d", ["human", "bot"], {"turn_limit": 2})
    x, y = legal_actions(page)[0].split()[1:3]
    starts = {" ".join(action.split()[1:3]) for action in legal_actions(page)}
    page.wait_for_selector("#board svg rect.pickable")
    offered = page.locator("#board svg rect.pickable").evaluate_all("rs => rs.map(r => r.dataset.cell)")
    assert set(offered) == starts
    page.locator(f'#board svg rect[data-cell="{x} {y}"]').click(force=True)  # whatever is drawn over it
    page.wait_for_selector("#legal button.unpick")
    buttons = page.locator("#legal button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert buttons == [f"place {x} {y} {facing}" for facing in "NESW"], buttons
    version = page.get_attribute("body", "data-version")
    page.click(f'#legal button.action[data-action="place {x} {y} S"]')
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    page.wait_for_selector('#board svg [data-piece="A"]')
    assert tuple(page.locator('#board svg [data-piece="A"]').evaluate(SHOWN_CELL)) == (int(x), int(y))
    # then a turn: five registers forward, locked; the bot's program and ours run, register by register
    page.select_option("#movement", "slow")
    for action in ["N"] * 5 + ["lock"]:
        page.wait_for_function(
            "a => [...document.querySelectorAll('#legal-list option')].some(o => o.value === a)", arg=action
        )
        play(page, action)
    page.wait_for_function("() => document.querySelector('#frame').textContent.startsWith('register ')")
    walked = page.locator("#board svg [data-piece][data-path]").evaluate_all(
        "ps => ps.map(p => p.dataset.path)"
    )
    assert walked and all(len(path.split()) >= 2 for path in walked), walked
    assert not page.errors


def test_delivery_programs_run_with_their_call_frames_shown(server: Server, page_at: Any) -> None:
    """Programs submitted, the trace runs: the frame of the instruction shown (slot N > ...) is
    written under the board while the pawns walk."""
    page = open_table(server, page_at, "delivery", ["human", "bot"], {"turn_limit": 2})
    page.select_option("#movement", "slow")
    while page.get_attribute("body", "data-steps") in (None, "0"):
        page.wait_for_function("() => document.querySelector('#legal-list option')")
        play(page, choose(legal_actions(page)))
    page.wait_for_function("() => /^slot \\d/.test(document.querySelector('#frame').textContent)")
    assert not page.errors
