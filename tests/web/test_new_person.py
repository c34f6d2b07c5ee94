"""Issue 27, a new person's path through each game, in real Chromium: the lobby, the game's
"Quick" preset against the bots the form offers, the whole game played by clicking what the page
draws (the decision in progress of #decision, the pieces, cards and cells of the board; the
buttons of #legal only where nothing else can be clicked), the end panel's ranks equal to the
server's record, and "Play again" opening a new table."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from robotable import games

from ..server.process import Server
from .test_end_panel import shown_outcome, table_of
from .test_pages import click_action, legal_actions, record_of

pytestmark = pytest.mark.timeout(300)

GAME_DEADLINE = 150.0
SHORTER_SAND_TIMER = {"ricochet": {"bid_window_s": "3"}}
"""Ricochet's Quick preset keeps the rulebook's 60-second sand timer: three chips to win is three
minutes at least. The person takes Quick, then Custom (which starts from Quick's values) only to
shorten the sand timer."""


def create_quick_table(page: Any, game: str) -> str:
    """The new-table form of ``game`` with its Quick preset and the seats it offers (the person
    and bots), created; the table's id once its board is drawn."""
    page.evaluate("() => localStorage.setItem('robotable:movement', 'off')")
    page.click(f"article[data-game={game}] button.new-table")
    page.wait_for_selector("#presets-box label[data-preset=quick]")
    page.locator("#presets-box label[data-preset=quick]").click()
    assert page.is_checked("input[name=preset][value=quick]")
    if game in SHORTER_SAND_TIMER:
        page.check("input[name=preset][value=custom]")
        for name, value in SHORTER_SAND_TIMER[game].items():
            page.fill(f"#option-{name}", value)
    kinds = page.locator(".seat-kind").evaluate_all("ss => ss.map(s => s.value)")
    assert kinds and all(kind.startswith("bot:") for kind in kinds), kinds
    if page.locator("#player-name").is_editable():  # signed in: the account's name, not to change
        page.fill("#player-name", "Ada")
    page.click("#create-button")
    page.wait_for_function(
        "location.pathname.startsWith('/tables/') || document.querySelector('#create-error')?.textContent"
    )
    assert "/tables/" in page.url, page.inner_text("#create-error")
    page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
    return table_of(page)


def wanted(action: str) -> bool:
    """What the person chooses among what the page offers: never take a card back or undo."""
    return not action.startswith(("take ", "undo", "give-up"))


IN_LINE = re.compile(r"in line with emitters? ((?:e\d+(?:, | and | or )?)+)")


class NewPerson:
    """Plays by clicking what the page draws: the decision panel first, then the board, buttons
    of #legal last. Reads what the page asks before a move that loses: when it names the emitters
    the robot is in line with (Droids), the person cancels, puts the order elsewhere and places
    the next ones on those emitters; else says yes."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.clicks = {"decision": 0, "board": 0, "buttons": 0}
        self.asked: list[str] = []
        self.in_line: list[str] = []  # the emitters the page said the robot is in line with
        self.go_back = self.cancelled = self.stop_refused = False
        self.buttons: list[str] = []  # the actions played by a button of #legal

    def play(self, deadline: float = GAME_DEADLINE) -> dict[str, int]:
        """Click until the end panel; how many clicks went where."""
        page, end = self.page, time.monotonic() + deadline
        while page.get_attribute("body", "data-over") != "yes":
            assert time.monotonic() < end, f"no end in time: {self.clicks} {page.inner_text('body')[:1500]}"
            assert not page.errors, page.errors
            actions = legal_actions(page)
            if not actions or page.get_attribute("body", "data-pending") == "yes":
                page.wait_for_timeout(50)
                continue
            version = page.get_attribute("body", "data-version")
            if self.answer() or self.click_decision():
                self.clicks["decision"] += 1
            elif click_board(page):
                self.clicks["board"] += 1
            elif (button := choose_button(actions)) and click_action(page, button):
                self.clicks["buttons"] += 1
                self.buttons.append(button)
            else:
                page.wait_for_timeout(50)
                continue
            page.wait_for_function(
                "v => document.querySelector('#confirm[open]') || document.body.dataset.pending !== 'yes'"
                " || document.body.dataset.version !== v",
                arg=version,
                timeout=30_000,
            )
        return self.clicks

    def answer(self) -> bool:
        """The page asks first before a move that loses by the rules."""
        page = self.page
        if not page.locator("#confirm[open]").count():
            return False
        why = page.inner_text("#confirm-why")
        self.asked.append(why)
        named = IN_LINE.search(why)
        if named and page.get_attribute("#confirm", "data-action") == "stop":
            self.in_line = re.findall(r"e\d+", named.group(1))
            self.stop_refused = True  # orders first, on those emitters
            page.click("#confirm-no")
        elif named and not self.cancelled:  # once: asked again, the person goes on
            self.in_line = re.findall(r"e\d+", named.group(1))
            self.go_back = self.cancelled = True
            page.click("#confirm-no")
        else:
            self.cancelled = False
            page.click("#confirm-yes")
        return True

    def click_decision(self) -> bool:
        """A choice of the slot open, else the next slot (which opens its choices or sends at
        once), else the button that finishes the decision; False when the panel has nothing."""
        page = self.page
        back = page.locator('#decision button.finish[data-finish="back"]')
        if self.go_back and back.count():
            self.go_back = False
            back.first.click()
            return True
        chooser = page.locator("#decision .chooser button.choice")
        stop = page.locator('#decision button.finish[data-finish="stop"]:not([disabled])')
        if not self.stop_refused and not chooser.count() and stop.count():
            stop.first.click()  # Droids: as few orders as keep the robot in the game, for a short run
            self.answer()
            return True
        if click_a_choice(page, chooser):
            self.stop_refused = False
            return True
        slots = page.locator('#decision button.slot[data-state="next"]:not([disabled])')
        keys = slots.evaluate_all("bs => bs.map(b => [b.dataset.slot, b.dataset.send || ''])")
        usable = [(key, send) for key, send in keys if wanted(send)]
        lined = [(key, send) for key, send in usable if key.split(".")[0] in self.in_line]
        if usable:
            key, send = (lined or usable)[0]
            page.locator(f'#decision button.slot[data-slot="{key}"]').click()
            choices = page.locator(f'#decision .chooser[data-for="{key}"] button.choice')
            return bool(send) or click_a_choice(page, choices)
        finish = page.locator("#decision button.finish:not([disabled])")
        if finish.count() and finish.last.is_visible():
            finish.last.click()
            self.answer()
            return True
        return False


def click_a_choice(page: Any, choices: Any) -> bool:
    for index in range(choices.count()):
        choice = choices.nth(index)
        if wanted(choice.get_attribute("data-choice") or "") and choice.is_visible() and choice.is_enabled():
            choice.click()
            return True
    return False


def click_board(page: Any) -> bool:
    """Click a piece, card or cell the board offers, then the first of its actions."""
    pickable = page.locator("#board svg .pickable")
    if not pickable.count():
        return False
    pickable.first.click()
    try:
        page.wait_for_selector("#legal button.unpick", timeout=2_000)
    except Exception:  # the board was drawn again meanwhile (a bot played): look again
        return False
    offered = page.locator("#legal button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")
    chosen = next((action for action in offered if wanted(action)), None)
    if chosen is None:
        page.click("#legal button.unpick")
        return False
    return click_action(page, chosen)


def choose_button(actions: list[str]) -> str | None:
    """A button, where nothing else can be clicked: a program submitted, one bid of 99 moves in a
    round (Ricochet: the bots find shorter solutions), else the first; None: the person waits."""
    for first in ("submit", "bid 99"):
        if first in actions:
            return first
    return next((action for action in actions if wanted(action) and not action.startswith("bid ")), None)


@pytest.mark.parametrize("game", ["ricochet", "dr2d", "droids", "delivery", "robotick"])
@pytest.mark.long
def test_a_new_person_plays_a_quick_game_against_bots_by_clicking_the_page(
    server: Server, page_at: Any, game: str
) -> None:
    page = page_at(server.url)
    table = create_quick_table(page, game)
    person = NewPerson(page)
    clicks = person.play()
    if game == "ricochet":  # its robots are drawn figures, nothing on the board to click: bids
        assert clicks["buttons"] > 0, clicks
    else:
        assert clicks["decision"] + clicks["board"] > 0, (clicks, person.buttons)
    page.wait_for_selector("#outcome ol.ranks li", timeout=30_000)
    record = record_of(server, table)
    shown = shown_outcome(page)
    assert [shown[seat][0] for seat in sorted(shown)] == list(record.outcome.ranks)
    assert shown[0][2] == "Ada (you)"
    quick = next(preset for preset in games.get(game).presets() if preset.name == "quick").options
    assert record.game == game and {name: record.options.get(name) for name in quick} == quick

    page.click("#play-again")
    page.wait_for_function("t => !location.pathname.endsWith('/' + t)", arg=table, timeout=30_000)
    page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
    new = table_of(page)
    listed = {
        entry["table"]: entry["game"] for entry in httpx.get(f"{server.url}/api/tables", timeout=30).json()
    }
    assert new != table and listed[new] == game
    assert not page.locator("#outcome ol.ranks li").count() and not page.errors
