"""Issue 29, the leaderboard page (/leaderboard/{game}) in real Chromium, in English and in
French: a real table with its caption and headers, a person rated after a rated game, each bot
level marked as a bot, best rating first, no accessibility fault; and the lobby's "Rated" box,
shown only to a signed-in person and disabled, saying why, for seats that cannot be rated; and
a rated table's page, which shows each seat's rating and offers no suggestion."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from ..server.process import Server
from .test_accessibility import grave_violations
from .test_french_everywhere import english_left

pytestmark = pytest.mark.timeout(120)
ALL_IMPACTS = {"critical", "serious", "moderate", "minor"}


PHONE = {"width": 412, "height": 915}


def rated_player(server: Server) -> str:
    """A new account that lost a rated DR2D game to the easy bot (it conceded)."""
    name = f"Rated {uuid.uuid4().hex[:6]}"
    with httpx.Client(base_url=server.url, timeout=30) as client:
        made = client.post("/api/account/signup", json={"name": name, "password": "correct horse"})
        assert made.status_code == 201, made.text
        table = client.post(
            "/api/tables", json={"game": "dr2d", "seats": ["human", "bot:easy"], "rated": True}
        )
        assert table.status_code == 201, table.text
        played = client.post(f"/api/tables/{table.json()['table']}/actions", json={"action": "concede"})
        assert played.status_code == 200, played.text
    return name


def shown_ratings(page: Any) -> list[int]:
    cells = page.locator("#leaderboard-rows tr td:nth-child(3)").all_inner_texts()
    return [int("".join(ch for ch in cell.split("(")[0] if ch.isdigit())) for cell in cells]


def test_the_leaderboard_in_english(server: Server, page_at: Any) -> None:
    name = rated_player(server)
    page = page_at(f"{server.url}/leaderboard/dr2d")
    page.locator("#leaderboard-table:not([hidden])").wait_for()
    assert page.inner_text("caption") == "Des Robots et Des Dalles: players and bots, best rating first"
    headers = page.locator("thead th[scope=col]").all_inner_texts()
    assert headers == ["Rank", "Player", "Rating", "Rated games", "Wins"]
    person = page.locator("tr.person", has_text=name)
    assert person.count() == 1 and "provisional" in person.inner_text()
    assert person.locator("th[scope=row]").inner_text() == name
    expert = page.locator("tr.bot[data-bot=expert]")
    assert expert.locator(".bot-mark").inner_text() == "Expert bot"  # said to be a bot
    assert page.locator("tr.bot").count() == 4
    ratings = shown_ratings(page)
    assert ratings == sorted(ratings, reverse=True)
    assert "1,500" in page.inner_text("#leaderboard-about")
    assert page.title() == "Des Robots et Des Dalles leaderboard · robotable"
    assert grave_violations(page, ALL_IMPACTS) == []
    assert page.errors == []


def test_the_leaderboard_in_french(server: Server, browser: Any) -> None:
    rated_player(server)
    context = browser.new_context(locale="fr-FR", bypass_csp=True, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/leaderboard/dr2d")
        page.locator("#leaderboard-table:not([hidden])").wait_for()
        assert page.get_attribute("html", "lang") == "fr"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing sideways
        assert page.inner_text("h1") == "Classement"
        assert "joueurs et robots" in page.inner_text("caption")
        assert page.locator("thead th").all_inner_texts()[0] == "Rang"
        expert = page.locator("tr.bot[data-bot=expert]")
        assert expert.locator(".bot-mark").inner_text() == "Robot expert"
        assert "provisoire" in page.inner_text("tr.person >> nth=0")
        assert grave_violations(page, ALL_IMPACTS) == []
    finally:
        context.close()
    ready = "#leaderboard-table:not([hidden])"
    lines = httpx.get(f"{server.url}/api/leaderboard/dr2d", timeout=30).json()["players"]
    names = {line["name"] for line in lines if line["name"]}  # people's names are their own
    assert english_left(browser, f"{server.url}/leaderboard/dr2d", ready, names) == []


def test_an_unknown_game_is_said_plainly(server: Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/leaderboard/nosuchgame")
    page.locator("#leaderboard-status", has_text="no game").wait_for()
    assert page.locator("#leaderboard-table").is_hidden()


def test_the_lobby_offers_rated_tables_to_a_signed_in_person(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    page.locator("#who[data-signed-in=no]").wait_for()
    page.click("article[data-game=dr2d] button.new-table")
    assert page.locator("#rated-box").is_hidden()  # a guest creates no rated table
    assert page.locator("article[data-game=dr2d] a.leaderboard").get_attribute("href") == "/leaderboard/dr2d"
    name = f"Ada {uuid.uuid4().hex[:6]}"
    signed = page.request.post(
        f"{server.url}/api/account/signup", data={"name": name, "password": "correct horse"}
    )
    assert signed.status == 201
    page.reload()
    page.locator("#who[data-signed-in=yes]").wait_for()
    page.click("article[data-game=dr2d] button.new-table")
    page.locator("#rated-box:not([hidden])").wait_for()
    assert page.input_value(".seat-kind >> nth=0") == "bot:heuristic"  # the game's first bot: not rated
    assert page.is_disabled("#rated")
    assert "easy, medium, hard and expert" in page.inner_text("#rated-why")
    page.select_option(".seat-kind >> nth=0", "bot:expert")
    assert page.is_enabled("#rated") and page.inner_text("#rated-why") == ""
    page.select_option("#seat-count", "3")
    page.select_option(".seat-kind >> nth=1", "here")  # two people at one screen: not rated
    assert page.is_disabled("#rated") and "own account" in page.inner_text("#rated-why")
    page.select_option("#seat-count", "2")
    page.select_option(".seat-kind >> nth=0", "bot:expert")
    page.check("#rated")
    page.click("#create-button")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    listed = {entry["table"]: entry for entry in httpx.get(f"{server.url}/api/tables", timeout=30).json()}
    assert listed[table]["rated"] is True
    lobby = page_at(server.url)
    lobby.locator(f"li[data-table='{table}'] .rated", has_text="rated").wait_for()
    # the table's page: each seat's rating in its panel, and no "suggest a move"
    page.locator(".panel[data-seat='0'] .kind", has_text="rating 1,500 (provisional)").wait_for()
    assert "rating" in page.inner_text(".panel[data-seat='1'] .kind")
    page.locator("#legal button").first.wait_for(timeout=30_000)
    assert page.locator("#suggest-box").is_hidden()
    assert page.errors == []
