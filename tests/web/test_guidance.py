"""Issue 27, guidance while playing, in real Chromium: the moments a new player met with no word
from the page. Droids: orders placed on emitters that do not face the player's robot, then
``stop``, eliminated in turn 1 (DD-16, DD-31): the page now names the emitter facing the robot,
lights its line, and asks before a ``stop`` that leaves no order to send. Robot Delivery: the
hand ran out before slot 3 had a card, and nothing said why ``submit`` was missing (RD-9).
Ricochet: the bid buttons and "Played." stayed into the next round.

The positions are reached through the HTTP API with each seat's token; the page shows seat 0."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from ..server.process import Server
from .test_pages import click_action

pytestmark = pytest.mark.timeout(180)

Position = Callable[[dict[str, Any]], bool]


def new_table(
    server: Server, game: str, seats: int, options: dict[str, Any], timers: bool = False, seed: int = 0
) -> dict[str, Any]:
    body = {
        "game": game,
        "seats": ["human"] * seats,
        "options": options,
        "timers": timers,
        "name": "Ada",
        "seed": seed,
    }
    made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert made.status_code == 201, made.text
    table = made.json()
    table["tokens"] = {0: table["token"], **{int(seat): token for seat, token in table["invites"].items()}}
    return table


def state_of(server: Server, table: dict[str, Any], seat: int) -> dict[str, Any]:
    answer = httpx.get(
        f"{server.url}/api/tables/{table['table']}",
        headers={"authorization": f"Bearer {table['tokens'][seat]}"},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def act(server: Server, table: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
    answer = httpx.post(
        f"{server.url}/api/tables/{table['table']}/actions",
        json={"action": action},
        headers={"authorization": f"Bearer {table['tokens'][seat]}"},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return answer.json()["state"]


def first_legal_until(server: Server, table: dict[str, Any], reached: Position, seats: int) -> dict[str, Any]:
    """Every seat to act plays its first legal action until ``reached(seat 0's state)``."""
    for _ in range(500):
        mine = state_of(server, table, 0)
        if reached(mine):
            return mine
        seat = mine["to_act"][0]
        act(server, table, seat, state_of(server, table, seat)["legal"][0])
    raise AssertionError("the position was never reached")


def open_seat0(page_at: Any, server: Server, table: dict[str, Any]) -> Any:
    page = page_at(f"{server.url}/tables/{table['table']}#token={table['token']}")
    page.wait_for_selector("#board svg")
    return page


# ----------------------------------------------------------------------------- Droids


def test_droids_names_the_facing_emitter_and_asks_before_a_stop_that_eliminates(
    server: Server, page_at: Any
) -> None:
    """Seat 0 places an order on an emitter that does not face its robot: the page says which
    emitter does (and lights its line on the board) and that no placed order can be sent;
    ``stop`` opens a dialog that says the player would be eliminated. Cancel sends nothing; yes
    sends the stop."""
    table = new_table(server, "droids", 2, {"scenario": 1, "turn_limit": 3})
    placing = first_legal_until(
        server, table, lambda s: s["view"]["phase"] == "place" and s["to_act"] == [0], seats=2
    )
    view = placing["view"]
    robot = next(r for r in view["robots"] if r["kind"] == "player" and r["seat"] == 0)
    facing = robot["cell"][0] if view["colours"][0] in "YR" else robot["cell"][1]  # DD-16: S/N columns
    away = (facing + 5) % 10
    token = next(a for a in placing["legal"] if a != "stop")
    for step in (token, f"e{away}.1"):
        act(server, table, 0, step)
    arrow = state_of(server, table, 0)["legal"][0]
    act(server, table, 0, arrow)
    if state_of(server, table, 0)["to_act"] != [0]:
        act(server, table, 1, "stop")  # the other player stops: seat 0 places alone from now
    page = open_seat0(page_at, server, table)
    page.wait_for_selector('#guide [data-guide="facing"]')
    assert f"e{facing}" in page.inner_text('#guide [data-guide="facing"]')
    assert page.locator('#guide [data-guide="none_sendable"]').count() == 1
    assert page.locator("#board svg [data-cell].guided").count() == 10  # the line of the facing emitter
    lit = page.locator("#board svg g.guided[data-emitter]")  # and the emitter itself
    assert lit.count() == 1 and lit.get_attribute("data-emitter").endswith(f" e{facing}")
    version = page.get_attribute("body", "data-version")
    assert click_action(page, "stop", confirm=False)
    page.wait_for_selector("#confirm[open]")
    why = page.inner_text("#confirm-why")
    assert "eliminated" in why and f"e{facing}" in why
    page.click("#confirm-no")
    page.wait_for_selector("#confirm:not([open])", state="attached")
    page.wait_for_timeout(300)
    assert page.get_attribute("body", "data-version") == version  # nothing was sent
    assert page.get_attribute("body", "data-pending") == "no"
    assert click_action(page, "stop", confirm=False)
    page.click("#confirm-yes")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    assert not page.errors, page.errors


# ----------------------------------------------------------------------------- Robot Delivery


DELIVERY_SEED = 2
"""Seat 0's hand holds a LOOP, and two cards for the function board besides those for slots 1, 2 and 4."""


def test_delivery_says_why_submit_is_missing_when_the_hand_ran_out(server: Server, page_at: Any) -> None:
    """Two cards on the function board, two in slot 1 (one a LOOP), one each in slots 2 and 4:
    the hand runs out before slot 3 has a card, and only ``take 1/2/4`` are offered. The page
    says slot 3 has no card and the hand is short (take one back), and seat 0's panel shows its
    hand of 0 cards."""
    table = new_table(server, "delivery", 2, {"turn_limit": 2}, seed=DELIVERY_SEED)
    legal = lambda: state_of(server, table, 0)["legal"]  # noqa: E731
    for _ in range(2):
        act(server, table, 0, next(a for a in legal() if a.startswith("fn ") and not a.endswith(" LOOP")))
    act(server, table, 0, "slot 1 LOOP")
    for slot in (1, 2, 4):
        act(
            server,
            table,
            0,
            next(a for a in legal() if a.startswith(f"slot {slot} ") and not a.endswith(" LOOP")),
        )
    mine = state_of(server, table, 0)
    assert mine["view"]["hand"] == [] and mine["legal"] == ["take 1", "take 2", "take 4"]
    page = open_seat0(page_at, server, table)
    page.wait_for_selector('#guide [data-guide="empty_slots"]')
    assert "3" in page.inner_text('#guide [data-guide="empty_slots"]')
    assert "take back the cards of a slot" in page.inner_text('#guide [data-guide="hand_short"]')
    page.wait_for_selector('#panels [data-seat="0"] [data-counter="hand"]')
    assert page.inner_text('#panels [data-seat="0"] [data-counter="hand"]') == "hand: 0"
    assert not page.errors, page.errors


# ----------------------------------------------------------------------------- Ricochet


PUZZLE = "1A2A3A4A-8A44FF0F-RC"
SEED = 1
"""With this seed the chip drawn after RC is RH (another target): the round's change shows."""


def test_ricochet_panels_show_chips_and_bids_and_played_goes_with_the_round(
    server: Server, page_at: Any
) -> None:
    """Seat 0 bids from the page: both panels show their chips, seat 0's its bid, and "Played."
    shows. The round ends (the two moves bid miss the target): in the next round "Played." is
    gone and the box says to bid again."""
    options = {"chips_to_win": 2, "puzzle": PUZZLE, "bid_window_s": 1.0, "demo_timeout_s": 60.0}
    table = new_table(server, "ricochet", 2, options, timers=True, seed=SEED)
    page = open_seat0(page_at, server, table)
    page.wait_for_selector("#legal-list option", state="attached")
    assert click_action(page, "bid 2")
    page.wait_for_selector("#answer.ok")
    page.wait_for_selector('#panels [data-seat="0"] [data-counter="bid"]')
    assert "2" in page.inner_text('#panels [data-seat="0"] [data-counter="bid"]')
    for seat in (0, 1):
        assert "0" in page.inner_text(f'#panels [data-seat="{seat}"] [data-counter="chips"]')
    page.wait_for_selector('#guide [data-guide="demonstrate"]', timeout=30_000)
    assert page.get_attribute('#panels [data-seat="0"]', "data-turn") == "yes"
    act(server, table, 0, "red W")
    state = act(server, table, 0, "red N")  # the bid's two moves miss the target: the next round
    assert state["view"]["phase"] == "solving" and state["view"]["target"] == "RH"
    page.wait_for_function("v => +document.body.dataset.version >= v", arg=state["version"])
    page.wait_for_selector('#guide [data-guide="bid_first"]')
    assert page.inner_text("#answer") == ""
    assert not page.errors, page.errors


def test_ricochet_bid_buttons_do_not_stay_into_the_next_round(server: Server, page_at: Any) -> None:
    """Seat 0 opens the bid's number buttons and nobody bids: the sand timer turns by itself
    and the round ends with the chip returned. The next round shows "bid …" again, not the
    numbers chosen for the last one."""
    options = {"chips_to_win": 2, "puzzle": PUZZLE, "bid_window_s": 2.0, "stall_after_s": 3.0}
    table = new_table(server, "ricochet", 2, options, timers=True, seed=SEED)
    page = open_seat0(page_at, server, table)
    page.wait_for_selector("#legal button.word[data-word='bid']")
    page.click("#legal button.word[data-word='bid']")
    assert page.get_attribute("#legal", "data-prefix") == "bid"
    page.wait_for_function("() => +document.body.dataset.version > 1", timeout=30_000)  # the round ended
    assert page.get_attribute("#legal", "data-prefix") == ""
    assert page.locator("#legal button.word[data-word='bid']").count() == 1
    assert not page.errors, page.errors
