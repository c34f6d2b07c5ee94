"""Issue 29, people who come back, in real Chromium with two people in two browsers: Ann and
Bob sign up; Ann invites Bob by name to a rated Robotick table, Bob takes the seat from his
"My tables", both concede at the table's page, the bots play it to its end, and both profiles
show the game and the new ratings; then a turn-based DR2D table where Bob's "My tables", open
in the background, counts the table once it waits for him again and shows a notification."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server
from .accounts import a_name, sign_up
from .conftest import new_page
from .test_my_tables_page import SPY

pytestmark = pytest.mark.timeout(240)

POST = """async ([path, body]) => {
  const answer = await fetch(path, {method: 'POST', headers: {'content-type': 'application/json'},
                                    body: JSON.stringify(body)});
  return [answer.status, await answer.json().catch(() => null)];
}"""
"""A request of the page itself (its cookie, its Origin): what the page's own buttons send."""


@pytest.fixture
def people(browser: Any) -> Iterator[tuple[Any, Any]]:
    ann = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    bob = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    try:
        yield ann, bob
    finally:
        ann.close()
        bob.close()


def post(page: Any, path: str, body: dict[str, Any]) -> Any:
    status, answer = page.evaluate(POST, [path, body])
    assert status < 300, answer
    return answer


def concede_at(page: Any) -> None:
    page.locator("#concede-box:not([hidden]) #concede").click()
    page.locator("#concede-yes").click()


def take_offered_seat(page: Any, server: Server, table: str) -> None:
    page.goto(f"{server.url}/mine")
    offered = page.locator(f"#mine-offered li[data-table='{table}']")
    offered.wait_for()
    offered.locator("button.take").click()
    page.wait_for_url(f"**/tables/{table}")


def test_a_rated_game_between_friends_ends_on_both_profiles(server: Server, people: Any) -> None:
    ann_name, bob_name = a_name("Ann"), a_name("Bob")
    ann = new_page(people[0], server.url)
    bob = new_page(people[1], server.url)
    sign_up(ann, server.url, ann_name)
    sign_up(bob, server.url, bob_name)
    seats = ["human", f"invite:{bob_name}", "bot:easy"]
    table = post(ann, "/api/tables", {"game": "robotick", "seats": seats, "rated": True})["table"]
    take_offered_seat(bob, server, table)
    ann.goto(f"{server.url}/tables/{table}")
    for page in (ann, bob):  # each sees the other by name, with a rating (a rated table)
        page.locator("section.panel[data-seat='1'] h3").filter(has_text=bob_name).wait_for()
        assert "1,500" in page.inner_text("section.panel[data-seat='0']")
        assert page.locator("#suggest-box").is_hidden()  # a rated table suggests nothing
    concede_at(ann)
    concede_at(bob)
    for page in (ann, bob):
        page.locator("#outcome .ranks").wait_for(timeout=90_000)  # the bots played it to its end
    for page, name in ((ann, ann_name), (bob, bob_name)):
        page.goto(f"{server.url}/players/{name}")
        page.locator(f"#profile-last li[data-table='{table}']").wait_for()
        row = page.locator("#profile-games tr[data-game='robotick']")
        assert row.locator("td[data-played]").get_attribute("data-played") == "1"
        rating = row.locator("td").last.inner_text()
        assert rating.replace(",", "").isdigit() and rating != "1,500"  # moved by the result
        page.locator(".rating-plot[data-game='robotick'] img").wait_for()
    assert ann.errors == [] and bob.errors == []


def test_a_turn_based_table_waiting_for_bob_notifies_his_page_in_the_background(
    server: Server, people: Any
) -> None:
    ann_name, bob_name = a_name("Ann"), a_name("Bob")
    ann = new_page(people[0], server.url)
    bob = new_page(people[1], server.url)
    sign_up(ann, server.url, ann_name)
    sign_up(bob, server.url, bob_name)
    body = {"game": "dr2d", "seats": ["human", f"invite:{bob_name}"], "turn_based": {"bank": 3 * 86400}}
    table = post(ann, "/api/tables", body)["table"]
    take_offered_seat(bob, server, table)
    play_until(bob, table, seat=1, waiting_for=lambda state: 1 not in state["to_act"])

    people[1].grant_permissions(["notifications"], origin=server.url)
    people[1].add_init_script(SPY)
    background = people[1].new_page()
    background.clock.install()
    background.goto(f"{server.url}/mine")
    background.locator("#mine-signed-in").wait_for()
    assert background.locator(f"#mine-waiting li[data-table='{table}']").count() == 0
    play_until(ann, table, seat=0, waiting_for=lambda state: 1 in state["to_act"])  # Bob's turn again
    background.clock.run_for(21_000)
    background.wait_for_function("window.__notes.length > 0")
    assert background.evaluate("window.__notes")[0]["tag"] == f"robotable-{table}"
    background.locator(f"#mine-waiting li[data-table='{table}']").wait_for()
    assert background.inner_text("#my-tables") == "My tables (1)"


def play_until(page: Any, table: str, *, seat: int, waiting_for: Any) -> None:
    """The seat's first legal action, again and again (as the page would send it, by its cookie),
    until ``waiting_for(state)``."""
    for _ in range(60):
        state = page.evaluate(f"async () => (await fetch('/api/tables/{table}')).json()")
        if waiting_for(state):
            return
        assert state["seat"] == seat and state["legal"], state
        post(page, f"/api/tables/{table}/actions", {"action": state["legal"][0]})
    raise AssertionError("the table never came to what was waited for")
