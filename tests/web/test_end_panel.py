"""The end of a game and "suggest a move" in the browser (issue 27), in real Chromium.

A game played to its end shows the end panel: the ranks and scores of the server's record, each
seat by name, and no move box, actions or filter any more; "Play again" opens the new table
with the same game, options and bots (the other person of the table is told, and lands at the
same table in one click); "Watch the replay" and "Back to the lobby" go where they say. "Suggest
a move" shows one of the seat's legal moves with a sentence, lit on the board, and sends nothing.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from ..server.process import Server
from .conftest import new_page
from .test_pages import click_action, create_from_lobby, legal_actions, play_by_clicks, record_of

pytestmark = pytest.mark.timeout(300)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_table(server: Server, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "seed": 5, "name": "Ada", **extra}
    answer = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def open_seat(context: Any, server: Server, table: str, token: str) -> Any:
    page = new_page(context, f"{server.url}/tables/{table}#token={token}")
    page.wait_for_selector("#board svg", timeout=30_000)
    return page


def table_of(page: Any) -> str:
    return page.url.rstrip("/").split("/")[-1].split("?")[0].split("#")[0]


def concede(server: Server, table: str, token: str) -> None:
    url = f"{server.url}/api/tables/{table}/actions"
    answer = httpx.post(url, json={"action": "concede"}, headers=bearer(token), timeout=30)
    assert answer.status_code == 200, answer.text


def shown_outcome(page: Any) -> dict[int, tuple[int, float, str]]:
    """Seat -> (rank, score, name) as the end panel shows them."""
    items = page.locator("#outcome ol.ranks li")
    shown = {}
    for i in range(items.count()):
        item = items.nth(i)
        seat = int(item.get_attribute("data-seat"))
        shown[seat] = (int(item.get_attribute("data-rank")), float(item.get_attribute("data-score")),
                       item.locator(".name").inner_text())  # fmt: skip
    return shown


def test_a_game_played_to_its_end_shows_the_records_ranks_and_plays_again(
    server: Server, page_at: Any
) -> None:
    page = page_at(server.url)
    table = create_from_lobby(page, "delivery")
    assert play_by_clicks(page) > 0
    page.wait_for_selector("#outcome ol.ranks li", timeout=30_000)
    record = record_of(server, table)
    seats = httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()["seats"]
    shown = shown_outcome(page)
    assert [shown[seat][0] for seat in sorted(shown)] == list(record.outcome.ranks)
    assert [shown[seat][1] for seat in sorted(shown)] == list(record.outcome.scores)
    assert shown[0][2] == "Ada (you)" and seats[1]["kind"] == "bot:heuristic"
    assert shown[1][2] == "Heuristic bot 1"  # a bot is named by the page, in its words, with its number
    assert not page.locator("#play").is_visible()  # no greyed move box, no actions, no filter
    assert not page.locator("#filter").is_visible() and not page.locator("#legal").is_visible()
    assert "Phase" not in page.inner_text("#status")  # the last phase is no news once it is over
    assert page.inner_text("#play-again") == "Play again"

    page.click("#play-again")
    page.wait_for_function("t => !location.pathname.endsWith('/' + t)", arg=table, timeout=30_000)
    page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
    new = table_of(page)
    assert new != table and not page.locator("#outcome ol.ranks li").count()
    token = page.evaluate("t => localStorage.getItem('robotable:token:' + t)", new)
    concede(server, new, token)  # the new table's record says what it was made of
    again = record_of(server, new)
    assert (again.game, again.options, again.seats) == (record.game, record.options, record.seats)
    assert not page.errors


def test_the_other_person_is_told_and_lands_at_the_same_new_table(server: Server, browser: Any) -> None:
    created = make_table(server, "delivery", ["human", "human"], options={"turn_limit": 2})
    table, ada_token, bob_token = created["table"], created["token"], created["invites"]["1"]
    size = {"width": 1280, "height": 900}
    contexts = [browser.new_context(viewport=size, bypass_csp=True) for _ in range(3)]
    try:
        ada = open_seat(contexts[0], server, table, ada_token)
        bob = open_seat(contexts[1], server, table, bob_token)
        watcher = new_page(contexts[2], f"{server.url}/tables/{table}?watch")
        concede(server, table, bob_token)
        for page in (ada, bob):
            page.wait_for_selector("#play-again", timeout=30_000)
        watcher.wait_for_selector("#outcome #replay-link", timeout=30_000)
        assert not watcher.locator("#play-again").count()  # a spectator has no seat to take
        ada.click("#play-again")
        ada.wait_for_function("t => !location.pathname.endsWith('/' + t)", arg=table, timeout=30_000)
        ada.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
        new = table_of(ada)
        assert new != table
        bob.wait_for_selector("#again-note", timeout=30_000)
        told = "Ada wants to play again: “Play again” takes your seat at the new table."
        assert bob.inner_text("#again-note") == told
        watcher.wait_for_selector("#watch-again", timeout=30_000)
        assert watcher.get_attribute("#watch-again", "href") == f"/tables/{new}?watch"
        bob.click("#play-again")
        bob.wait_for_function("t => location.pathname.endsWith('/' + t)", arg=new, timeout=30_000)
        bob.wait_for_selector("body[data-seat='1'] #board svg", timeout=30_000)
        assert not ada.errors and not bob.errors and not watcher.errors
    finally:
        for context in contexts:
            context.close()


def test_watch_the_replay_and_back_to_the_lobby_go_where_they_say(server: Server, context: Any) -> None:
    created = make_table(server, "delivery", ["human", "bot:easy"])
    table = created["table"]
    page = open_seat(context, server, table, created["token"])
    concede(server, table, created["token"])
    page.wait_for_selector("#outcome #replay-link", timeout=30_000)
    assert page.inner_text("#replay-link") == "Watch the replay"
    assert page.inner_text("#lobby-link") == "Back to the lobby"
    page.click("#replay-link")
    page.wait_for_selector("#board svg", timeout=30_000)
    assert page.url == f"{server.url}/tables/{table}/replay"
    page.goto(f"{server.url}/tables/{table}")
    page.wait_for_selector("#lobby-link", timeout=30_000)
    page.click("#lobby-link")
    page.wait_for_selector(".card", timeout=30_000)
    assert page.url == f"{server.url}/" and not page.errors


def test_suggest_a_move_shows_a_legal_move_with_a_sentence_and_sends_nothing(
    server: Server, context: Any
) -> None:
    created = make_table(server, "dr2d", ["human", "bot:easy"], options={"turn_limit": 2}, timers=False)
    table, token = created["table"], created["token"]
    page = open_seat(context, server, table, token)
    page.wait_for_selector("#legal button", timeout=30_000)
    version = page.get_attribute("body", "data-version")
    page.click("#suggest")
    page.wait_for_selector(".suggested-move", timeout=30_000)
    action = page.get_attribute(".suggested-move", "data-action")
    assert action.startswith("place ") and action in legal_actions(page)
    assert page.inner_text(".suggested-move") == f"The medium bot would play: {action}"
    assert page.inner_text("#suggestion .why").startswith("The bot tried every start tile")
    x, y = action.split()[1:3]
    assert page.locator(f'#board svg [data-cell="{x} {y}"].suggested').count() == 1
    time.sleep(1.0)  # nothing was sent: the table waits for Ada still
    state = httpx.get(f"{server.url}/api/tables/{table}", headers=bearer(token), timeout=30).json()
    assert state["version"] == int(version) == int(page.get_attribute("body", "data-version"))
    assert action in state["legal"]

    page.select_option("#language", "fr")  # the same suggestion, worded in French
    page.wait_for_function("document.querySelector('#suggestion .why')?.textContent.startsWith('Le robot')")
    assert page.inner_text("#suggest") == "Suggérer un coup"
    page.select_option("#language", "en")
    assert click_action(page, action)  # played by the person: the suggestion goes
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=30_000)
    page.wait_for_function("!document.querySelector('.suggested-move')", timeout=30_000)
    assert not page.errors


def test_two_people_at_one_screen_play_again_at_one_screen(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    table = create_from_lobby(page, "delivery", seats=["here"])  # Ada and a second person here
    here = page.evaluate("t => JSON.parse(localStorage.getItem('robotable:here:' + t))", table)
    assert sorted(here) == ["0", "1"]
    page.wait_for_selector("#concede:visible", timeout=30_000)
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#play-again", timeout=30_000)
    page.click("#play-again")
    page.wait_for_function("t => !location.pathname.endsWith('/' + t)", arg=table, timeout=30_000)
    page.wait_for_selector("#handover-ready:visible", timeout=30_000)  # secrets: the screen is handed first
    page.click("#handover-ready")
    page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
    new = table_of(page)
    assert page.evaluate("t => JSON.parse(localStorage.getItem('robotable:here:' + t))", new) == here
    state = httpx.get(f"{server.url}/api/tables/{new}", headers=bearer(here["1"]), timeout=30).json()
    assert state["seat"] == 1 and state["outcome"] is None and not page.errors
