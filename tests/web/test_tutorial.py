"""Ricochet's tutorial in a real browser (issue 27): followed to its end in English and in French
by clicking what each step points at (the Continue button, or the button of the expected action,
word by word for a bid); a wrong click is explained and changes nothing; the lobby's and the
table page's "Learn to play" links open it."""

from __future__ import annotations

from typing import Any

import httpx

from robotable import games
from robotable.play import tutorials

from ..server.process import Server

TUTORIAL = tutorials.load(games.get("ricochet"))
LAST = len(TUTORIAL.steps) - 1
POINTED = ".tutorial-point"


def open_tutorial(page_at: Any, server: Server, lang: str = "en") -> Any:
    page = page_at(f"{server.url}/learn/ricochet")
    page.evaluate("lang => localStorage.setItem('robotable:language', lang)", lang)
    page.evaluate("() => localStorage.setItem('robotable:movement', 'off')")
    page.reload()
    at_step(page, 0)
    return page


def at_step(page: Any, number: int) -> None:
    page.wait_for_function(
        "n => document.body.dataset.step === n && document.body.dataset.pending === 'no'", arg=str(number)
    )


def follow_one_step(page: Any, number: int) -> None:
    """Clicks what step ``number`` points at, as a learner told "click here" would."""
    step = TUTORIAL.steps[number]
    if step.point.board:  # the drawing's element the step talks about is marked
        assert page.locator(f"#board svg {step.point.board}{POINTED}").count() == 1
    if not step.waits_for_action:
        page.click(f"#continue{POINTED}")
    else:
        if page.locator(f"#legal button.word{POINTED}").count():  # a long list: the word first
            page.click(f"#legal button.word{POINTED}")
        page.click(f"#legal button.action{POINTED}")
    at_step(page, number + 1)


def follow_to_the_end(page: Any, lang: str) -> None:
    for number, step in enumerate(TUTORIAL.steps[:-1]):
        assert page.inner_text("#lesson-text") == step.text[lang]
        follow_one_step(page, number)
    assert page.inner_text("#lesson-text") == TUTORIAL.steps[-1].text[lang]
    assert page.get_attribute("body", "data-waits") == "done"
    assert page.locator("#play-real").is_visible() and page.locator("#continue").is_hidden()
    assert page.locator("#legal button").count() == 0
    assert page.locator(f"#board svg .target.current{POINTED}").count() == 1  # the next round's chip


def test_the_tutorial_is_followed_to_its_end_in_english(server: Server, page_at: Any) -> None:
    page = open_tutorial(page_at, server, "en")
    assert page.inner_text("#title") == "Learn Ricochet Robots"
    assert page.inner_text("#lesson-step") == f"Step 1 of {LAST + 1}"
    follow_to_the_end(page, "en")
    assert page.inner_text("#play-real") == "Play a real game" and not page.errors


def test_the_tutorial_is_followed_to_its_end_in_french(server: Server, page_at: Any) -> None:
    page = open_tutorial(page_at, server, "fr")
    assert page.inner_text("#title") == "Apprendre Ricochet Robots"
    assert page.inner_text("#continue") == "Continuer"
    follow_to_the_end(page, "fr")
    assert page.inner_text("#play-real") == "Jouer une vraie partie" and not page.errors


def test_a_wrong_click_is_explained_and_changes_nothing(server: Server, page_at: Any) -> None:
    page = open_tutorial(page_at, server, "en")
    bid = next(i for i, step in enumerate(TUTORIAL.steps) if step.expect == ("bid 3",))
    for number in range(bid):
        follow_one_step(page, number)
    board = page.inner_html("#board")
    page.click("#legal button.word[data-word=bid]")
    page.click("#legal button.action[data-action='bid 7']")  # a legal bid, not the one the step asks
    page.wait_for_function("() => document.body.dataset.wrong === 'yes'")
    assert page.inner_text("#wrong") == TUTORIAL.steps[bid].wrong["en"]  # type: ignore[index]
    assert page.get_attribute("body", "data-step") == str(bid) and page.inner_html("#board") == board
    follow_one_step(page, bid)  # the right one still goes on, and the explanation goes away
    assert page.locator("#wrong").is_hidden()
    page.click("#restart")
    at_step(page, 0)
    assert not page.errors


def test_switching_the_language_mid_tutorial_keeps_the_step(server: Server, page_at: Any) -> None:
    page = open_tutorial(page_at, server, "en")
    for number in range(3):
        follow_one_step(page, number)
    page.select_option("#language", "fr")
    page.wait_for_function(
        "t => document.getElementById('lesson-text').textContent === t", arg=TUTORIAL.steps[3].text["fr"]
    )
    assert page.get_attribute("body", "data-step") == "3" and not page.errors


def test_the_lobby_and_a_table_page_lead_to_the_tutorial(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    page.wait_for_selector("article[data-game=ricochet] a.learn")
    with_tutorial = {game.id for game in games.all_games() if tutorials.has_tutorial(game)}
    assert page.locator(".card a.learn").count() == len(with_tutorial)
    page.click("article[data-game=ricochet] a.learn")
    page.wait_for_url(f"{server.url}/learn/ricochet")
    at_step(page, 0)
    body = {"game": "ricochet", "seats": ["human", "human"], "seed": 3}
    created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    table = page_at(f"{server.url}/tables/{created['table']}#token={created['token']}")
    table.wait_for_selector("#learn-link:visible")
    assert table.get_attribute("#learn-link", "href") == "/learn/ricochet"
    assert table.inner_text("#learn-link") == "Learn to play" and not table.errors
