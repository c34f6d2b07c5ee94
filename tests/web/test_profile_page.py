"""Issue 29, a player's profile (/players/NAME) in real Chromium: a person with two finished
games sees them on their profile, game by game and in the last games' list, in English and in
French; the replay link opens the replay; "My profile" leads there from the account page and
"My tables"; "Hide my profile" makes the page say, to anyone else, what it says of an unknown
name, while its person still sees it with a note; axe-core finds nothing grave."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from ..server.process import Server
from .accounts import a_name, sign_up
from .test_accessibility import grave_violations
from .test_french_everywhere import english_left
from .test_leaderboard_page import PHONE

pytestmark = pytest.mark.timeout(180)

NONE = "No player by that name, or their profile is hidden."


def signed_up(page: Any, server: Server) -> str:
    """A new account, made on the account page: its name."""
    return sign_up(page, server.url, a_name())


def finished_games(page: Any, server: Server, name: str, count: int) -> list[str]:
    """``count`` Robotick games the person concedes at once (their bots play them out), waited for."""
    own = {"Origin": server.url}
    tables = []
    for _ in range(count):
        body = {"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"], "name": name}
        created = page.request.post(f"{server.url}/api/tables", data=body, headers=own)
        assert created.status == 201, created.text()
        table = created.json()["table"]
        conceded = page.request.post(
            f"{server.url}/api/tables/{table}/actions", data={"action": "concede"}, headers=own
        )
        assert conceded.status == 200, conceded.text()
        tables.append(table)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = page.request.get(f"{server.url}/api/players/{quote(name)}").json()
        if len(answer["last_games"]) == count:
            return tables
        time.sleep(0.2)
    raise AssertionError("the bots did not finish the games")


def test_a_player_sees_their_two_games_follows_a_replay_and_hides_their_profile(
    server: Server, browser: Any, page_at: Any
) -> None:
    page = page_at(f"{server.url}/account")
    name = signed_up(page, server)
    tables = finished_games(page, server, name, 2)
    page.click("#my-profile")
    page.wait_for_url(f"**/players/{quote(name)}")
    page.locator("#profile-found").wait_for()
    assert page.inner_text("#profile-title") == name and page.title() == f"{name} · player · robotable"
    table = page.locator("#profile-games table")
    assert table.locator("caption").inner_text() == "Finished games and wins, game by game"
    assert [h.inner_text() for h in table.locator("thead th").all()] == ["Game", "Played", "Wins"]
    row = table.locator("tbody tr[data-game=robotick]")
    assert row.locator("th").inner_text() == "Robotick" and row.locator("td").first.inner_text() == "2"
    assert row.locator("td").nth(1).inner_text() == "0"  # conceded: last both times
    games = page.locator("#profile-last li.profile-game")
    assert games.count() == 2
    assert {games.nth(i).get_attribute("data-table") for i in range(2)} == set(tables)
    first = games.first.inner_text()
    assert "Robotick" in first and "with Easy bot 1, Easy bot 2" in first and "place 3 of 3" in first, first
    assert page.locator("#profile-only-you").is_hidden() and page.locator("#profile-ratings").is_hidden()
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []

    games.first.locator("a.replay").click()
    page.wait_for_selector("#board svg", timeout=30_000)
    assert page.url.endswith(f"/tables/{games_table(page, tables)}/replay")

    page.goto(f"{server.url}/mine")
    page.locator("#mine-signed-in").wait_for()
    page.locator(f"#my-profile[href='/players/{quote(name)}']").wait_for()

    page.goto(f"{server.url}/account")
    page.locator("#signed-in").wait_for()
    page.check("#profile-hidden")
    page.wait_for_function("!document.getElementById('profile-hidden').disabled")
    page.reload()
    page.locator("#signed-in").wait_for()
    assert page.is_checked("#profile-hidden")  # what the server keeps
    with page.expect_download() as downloading:
        page.click("#export")
    assert json.loads(Path(downloading.value.path()).read_text("utf-8"))["profile_hidden"] is True

    stranger = browser.new_context(locale="en-GB", bypass_csp=True)
    try:
        other = stranger.new_page()
        for asked in (name, name.upper(), "Nobody at all"):
            other.goto(f"{server.url}/players/{quote(asked)}")
            other.locator("#profile-none").wait_for()
            assert other.inner_text("#profile-none") == NONE and other.locator("#profile-found").is_hidden()
        assert grave_violations(other, {"serious", "critical", "moderate"}) == []
    finally:
        stranger.close()
    page.goto(f"{server.url}/players/{quote(name.lower())}")  # its person still sees it
    page.locator("#profile-only-you").wait_for()
    assert page.inner_text("#profile-only-you") == "Your profile is hidden: only you see this page."
    assert page.inner_text("#profile-title") == name
    assert page.errors == []


def games_table(page: Any, tables: list[str]) -> str:
    """Which of ``tables`` the page's address names."""
    return next(table for table in tables if f"/tables/{table}/" in page.url)


def test_the_profile_in_french(server: Server, browser: Any, page_at: Any) -> None:
    page = page_at(f"{server.url}/account")
    name = signed_up(page, server)
    finished_games(page, server, name, 2)
    context = browser.new_context(locale="fr-FR", bypass_csp=True, viewport=PHONE)
    try:
        french = context.new_page()
        french.goto(f"{server.url}/players/{quote(name)}")
        french.locator("#profile-found").wait_for()
        assert french.get_attribute("html", "lang") == "fr"
        assert french.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing sideways
        assert french.inner_text("#last-title") == "Dernières parties"
        headers = french.locator("#profile-games thead th")
        assert [h.inner_text() for h in headers.all()] == ["Jeu", "Parties", "Victoires"]
        item = french.locator("#profile-last li.profile-game").first.inner_text()
        assert "avec Robot facile 1, Robot facile 2" in item, item
        assert "place 3 sur 3" in item and "Revoir la partie" in item, item
        assert french.inner_text("#profile-facts").startswith("Joue ici depuis le ")
        french.select_option("#language", "en")  # back to English, drawn again
        assert french.inner_text("#last-title") == "Last games"
        assert "place 3 of 3" in french.locator("#profile-last li.profile-game").first.inner_text()
    finally:
        context.close()
    url = f"{server.url}/players/{quote(name)}"
    assert english_left(browser, url, "#profile-found:not([hidden])", {name, "2", "0"}) == []


def test_the_ratings_parts_are_drawn_once_ratings_exist(server: Server, page_at: Any) -> None:
    """The profile's answer as it will be once ratings plug in (made up here, in the browser's
    network): a rating column, and a drawing per rated game with its text alternative."""
    from robotable.server.rating_plot import rating_svg

    history = [(1_796_000_000.0 + n * 86_400, 1500.0 + 10 * n) for n in range(14)]
    profile = {
        "name": "Rated Ann",
        "since": 1_796_000_000.0,
        "own": False,
        "hidden": False,
        "games": [
            {
                "game": "robotick",
                "played": 14,
                "wins": 5,
                "rating": {
                    "now": 1630,
                    "first": 1500,
                    "points": 14,
                    "summary": {
                        "en": "Rating went from 1,500 to 1,630 over 14 games",
                        "fr": "Le classement est passé de 1\u202f500 à 1\u202f630 en 14 parties",
                    },
                },
            },
            {"game": "dr2d", "played": 1, "wins": 1, "rating": None},
        ],
        "last_games": [],
        "under_way": 0,
    }
    page = page_at("about:blank")
    page.route("**/api/players/*", lambda route: route.fulfill(json=profile))
    page.route(
        "**/api/players/*/rating/robotick.svg*",
        lambda route: route.fulfill(body=rating_svg(history), content_type="image/svg+xml"),
    )
    page.goto(f"{server.url}/players/Rated%20Ann")
    page.locator("#profile-ratings:not([hidden])").wait_for()
    headers = page.locator("#profile-games thead th")
    assert [h.inner_text() for h in headers.all()] == ["Game", "Played", "Wins", "Rating"]
    assert page.locator("tr[data-game=robotick] td").nth(2).inner_text() == "1,630"
    assert page.locator("tr[data-game=dr2d] td").nth(2).inner_text() == "none yet"
    figures = page.locator("#profile-plots figure")
    assert figures.count() == 1
    image = figures.locator("img")
    assert image.get_attribute("alt") == "Rating went from 1,500 to 1,630 over 14 games"
    page.wait_for_function("document.querySelector('#profile-plots img').naturalWidth > 0")
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []
    page.select_option("#language", "fr")
    assert image.get_attribute("alt") == "Le classement est passé de 1\u202f500 à 1\u202f630 en 14 parties"
    assert "lang=fr" in (image.get_attribute("src") or "")
    assert page.locator("tr[data-game=robotick] td").nth(2).inner_text() == "1\u202f630"
    assert page.errors == []


def test_names_of_accounts_link_to_their_profiles_on_my_tables_and_the_table(
    server: Server, browser: Any, page_at: Any
) -> None:
    """Bob, signed in, takes the seat Ann invited him to: on Ann's "My tables" and on the
    table's panels his name is a link to his profile; a bot's name is no link."""
    ann = page_at(f"{server.url}/account")
    ann_name = signed_up(ann, server)
    own = {"Origin": server.url}
    body = {"game": "dr2d", "seats": ["human", "human"], "name": ann_name, "timers": False}
    created = ann.request.post(f"{server.url}/api/tables", data=body, headers=own).json()
    table = created["table"]
    context = browser.new_context(locale="en-GB", bypass_csp=True)
    try:
        bob = context.new_page()
        bob_name = signed_up(bob, server)
        joined = bob.request.post(
            f"{server.url}/api/tables/{table}/join",
            data={"name": "x"},
            headers={**own, "Authorization": f"Bearer {created['invites']['1']}"},
        )
        assert joined.status == 200, joined.text()
    finally:
        context.close()
    ann.goto(f"{server.url}/mine")
    link = ann.locator(f"li.mine-table[data-table='{table}'] a.player")
    link.wait_for()
    assert link.inner_text() == bob_name and link.get_attribute("href") == f"/players/{quote(bob_name)}"
    ann.goto(f"{server.url}/tables/{table}")
    panel_link = ann.locator("#panels section[data-seat='1'] h3 a.player")
    panel_link.wait_for(timeout=30_000)
    assert panel_link.inner_text() == bob_name
    assert ann.locator("#panels section[data-seat='0'] h3").inner_text() == f"{ann_name} (you)"
    panel_link.click()
    ann.wait_for_url(f"**/players/{quote(bob_name)}")
    ann.locator("#profile-found").wait_for()
    assert ann.inner_text("#profile-title") == bob_name
    assert ann.errors == []
