"""Every game's tutorial in a real browser (issue 27): followed to its end in English and in French
by clicking what each step points at (the Continue button, or the button of the expected action,
word by word in a long list); a wrong click is explained and changes nothing; the lobby's and the
table page's "Learn to play" links open Ricochet's. A game's new tutorial file is followed here
with no test of its own."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from robotable import games
from robotable.core.words import LANGUAGES
from robotable.play import tutorials

from ..server.process import Server

WITH_TUTORIAL = [game for game in games.all_games() if tutorials.has_tutorial(game)]
POINTED = ".tutorial-point"


def open_tutorial(page_at: Any, server: Server, game: str, lang: str = "en") -> Any:
    page = page_at(f"{server.url}/learn/{game}")
    page.evaluate("lang => localStorage.setItem('robotable:language', lang)", lang)
    page.evaluate("() => localStorage.setItem('robotable:movement', 'off')")
    page.reload()
    at_step(page, 0)
    return page


def at_step(page: Any, number: int) -> None:
    page.wait_for_function(
        "n => document.body.dataset.step === n && document.body.dataset.pending === 'no'", arg=str(number)
    )


def follow_one_step(page: Any, tutorial: tutorials.Tutorial, number: int) -> None:
    """Clicks what step ``number`` points at, as a learner told "click here" would."""
    step = tutorial.steps[number]
    if step.point.board:  # the drawing's element the step talks about is marked
        assert page.locator(f"#board svg {step.point.board}{POINTED}").count() >= 1
    if not step.waits_for_action:
        page.click(f"#continue{POINTED}")
    else:
        while page.locator(f"#legal button.word{POINTED}").count():  # a long list: word by word
            page.click(f"#legal button.word{POINTED}")
        page.click(f"#legal button.action{POINTED}")
    at_step(page, number + 1)


def click_action(page: Any, action: str) -> None:
    """Clicks ``action``'s button, choosing its words first when the list goes word by word."""
    button = page.locator(f'#legal button.action[data-action="{action}"]')
    for word in action.split():
        if button.count():
            break
        page.click(f'#legal button.word[data-word="{word}"]')
    button.click()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", WITH_TUTORIAL, ids=lambda game: game.id)
def test_the_tutorial_is_followed_to_its_end(server: Server, page_at: Any, game: Any, lang: str) -> None:
    tutorial = tutorials.load(game)
    page = open_tutorial(page_at, server, game.id, lang)
    assert page.inner_text("#title") == tutorial.title[lang]
    for number, step in enumerate(tutorial.steps[:-1]):
        assert page.inner_text("#lesson-text") == step.text[lang]
        follow_one_step(page, tutorial, number)
    last = tutorial.steps[-1]
    assert page.inner_text("#lesson-text") == last.text[lang]
    assert page.get_attribute("body", "data-waits") == "done"
    assert page.locator("#play-real").is_visible() and page.locator("#continue").is_hidden()
    assert page.locator("#legal button").count() == 0
    if last.point.board:
        assert page.locator(f"#board svg {last.point.board}{POINTED}").count() >= 1
    assert page.inner_text("#play-real") == {"en": "Play a real game", "fr": "Jouer une vraie partie"}[lang]
    assert not page.errors


@pytest.mark.parametrize("game", WITH_TUTORIAL, ids=lambda game: game.id)
def test_a_wrong_click_is_explained_and_changes_nothing(server: Server, page_at: Any, game: Any) -> None:
    tutorial = tutorials.load(game)
    page = open_tutorial(page_at, server, game.id, "en")
    asking = next(i for i, step in enumerate(tutorial.steps) if step.waits_for_action)
    for number in range(asking):
        follow_one_step(page, tutorial, number)
    legal = [str(action) for action in tutorial.at(asking).state.legal_actions(tutorial.learner)]
    wrong = next(action for action in legal if action not in tutorial.steps[asking].expect)
    board = page.inner_html("#board")
    click_action(page, wrong)
    page.wait_for_function("() => document.body.dataset.wrong === 'yes'")
    assert page.inner_text("#wrong") == tutorial.steps[asking].wrong["en"]  # type: ignore[index]
    assert page.get_attribute("body", "data-step") == str(asking) and page.inner_html("#board") == board
    follow_one_step(page, tutorial, asking)  # the right one still goes on, and the explanation goes away
    assert page.locator("#wrong").is_hidden()
    page.click("#restart")
    at_step(page, 0)
    assert not page.errors


def test_switching_the_language_mid_tutorial_keeps_the_step(server: Server, page_at: Any) -> None:
    tutorial = tutorials.load(games.get("ricochet"))
    page = open_tutorial(page_at, server, "ricochet", "en")
    for number in range(3):
        follow_one_step(page, tutorial, number)
    french = tutorial.steps[3].text["fr"]
    page.select_option("#language", "fr")
    page.wait_for_function("t => document.getElementById('lesson-text').textContent === t", arg=french)
    assert page.get_attribute("body", "data-step") == "3" and page.inner_text("#continue") == "Continuer"
    assert not page.errors


def test_the_lobby_and_a_table_page_lead_to_the_tutorial(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    page.wait_for_selector("article[data-game=ricochet] a.learn")
    assert page.locator(".card a.learn").count() == len(WITH_TUTORIAL)
    page.click("article[data-game=ricochet] a.learn")
    page.wait_for_url(f"{server.url}/learn/ricochet")
    at_step(page, 0)
    body = {"game": "ricochet", "seats": ["human", "human"], "seed": 3}
    created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    table = page_at(f"{server.url}/tables/{created['table']}#token={created['token']}")
    table.wait_for_selector("#learn-link:visible")
    assert table.get_attribute("#learn-link", "href") == "/learn/ricochet"
    assert table.inner_text("#learn-link") == "Learn to play" and not table.errors


def test_on_a_phone_the_tutorial_fits_and_the_pointed_button_is_on_screen(
    server: Server, browser: Any
) -> None:
    """A 390-pixel-wide screen: nothing scrolls sideways, the board scales down, and the button a
    step points at (here the bid's number, below the board and the step's text) is in view."""
    tutorial = tutorials.load(games.get("ricochet"))
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, bypass_csp=True
    )
    try:
        page = phone.new_page()
        page.goto(f"{server.url}/learn/ricochet")
        at_step(page, 0)
        wide = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"
        assert page.evaluate(wide), "the tutorial scrolls sideways"
        board = page.locator("#board svg").bounding_box()
        assert board is not None and board["width"] <= 390
        asking = next(i for i, step in enumerate(tutorial.steps) if step.waits_for_action)
        for number in range(asking):
            follow_one_step(page, tutorial, number)
        page.click(f"#legal button.word{POINTED}")
        in_view = f"""() => {{
          const box = document.querySelector("#legal button.action{POINTED}")?.getBoundingClientRect();
          return Boolean(box) && box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
        }}"""
        page.wait_for_function(in_view)
        assert page.evaluate(wide), "the tutorial scrolls sideways"
    finally:
        phone.close()
