"""DR2D's tutorial in a real browser, where its actions are long: the placement is chosen by
clicking a start tile on the board, as step 2 says; a wrong tile (or a wrong word of the list)
is explained, and the learner is brought back to where the expected choice is marked again."""

from __future__ import annotations

from typing import Any

from robotable import games
from robotable.play import tutorials

from ..server.process import Server
from .test_tutorial import POINTED, at_step, follow_one_step, open_tutorial

TUTORIAL = tutorials.load(games.get("dr2d"))
PLACING = next(i for i, step in enumerate(TUTORIAL.steps) if step.waits_for_action)
MARKED_ACTION = f"#legal button.action{POINTED}"


def test_the_start_tile_is_clicked_on_the_board_and_a_wrong_one_leads_back(
    server: Server, page_at: Any
) -> None:
    page = open_tutorial(page_at, server, "dr2d")
    for number in range(PLACING):
        follow_one_step(page, TUTORIAL, number)
    assert TUTORIAL.steps[PLACING].point.action == "place 0 2 S"
    page.click('#board svg rect.pickable[data-cell="2 0"]')  # S1: a start tile, not the lesson's
    page.click('#legal button.action[data-action="place 2 0 N"]')
    page.wait_for_function("() => document.body.dataset.wrong === 'yes'")
    assert page.get_attribute("body", "data-step") == str(PLACING)
    assert page.locator('#legal button.action[data-action="place 2 0 N"]').count() == 0  # the cell let go
    page.click(f'#board svg rect.pickable[data-cell="0 2"]{POINTED}')  # the pointed tile, S7
    assert page.locator(MARKED_ACTION).count() == 1
    page.click(MARKED_ACTION)
    at_step(page, PLACING + 1)
    assert 'data-piece="A"' in page.inner_html("#board") and not page.errors


def test_after_wrong_words_the_list_goes_back_to_the_marked_word(server: Server, page_at: Any) -> None:
    page = open_tutorial(page_at, server, "dr2d")
    for number in range(PLACING):
        follow_one_step(page, TUTORIAL, number)
    for word in ("place", "9", "11"):  # S2, another start tile
        page.click(f'#legal button.word[data-word="{word}"]')
    page.click('#legal button.action[data-action="place 9 11 E"]')
    page.wait_for_function("() => document.body.dataset.wrong === 'yes'")
    assert page.locator(f"#legal button.word{POINTED}").inner_text() == "0 …"  # "place" kept, on the way
    follow_one_step(page, TUTORIAL, PLACING)
    assert page.locator("#wrong").is_hidden() and not page.errors
