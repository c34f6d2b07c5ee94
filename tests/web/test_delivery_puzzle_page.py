"""Issue 30, Robot Delivery puzzles in real Chromium: from the puzzles list, the course's first
three puzzles programmed by clicks (a card of the palette, then a slot), run and replayed with
the slot being run marked, are "optimal", and so is one with a LOOP on a Function card; each is
ticked on the list; the page fits a phone and speaks French."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.games.delivery.puzzles import course, parse_program

from ..server.process import Server
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(60)
PHONE = {"width": 412, "height": 915}
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def program_by_clicks(page: Any, notation: str) -> None:
    """Lays the program of ``notation`` card by card: a card of the palette, then its slot."""
    program = parse_program(notation)
    boards = {"P": program.onplay} | {"ABCD"[i]: board for i, board in enumerate(program.functions)}
    for letter, board in boards.items():
        for number, cards in enumerate(board, start=1):
            for card in cards:
                page.click(f"#palette button[data-card='{card}']")
                page.click(f"#program button[data-slot={letter}{number}]")
            page.wait_for_selector(
                f"#program button[data-slot={letter}{number}][data-cards='{'+'.join(cards)}']"
            )


@pytest.mark.long
def test_the_first_delivery_puzzles_solved_by_clicks(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/puzzles")
        page.click("#delivery-course a[data-puzzle=course-1]")
        first = course()[0]
        page.wait_for_selector(f"#lesson:text-is('{first.lesson['en']}')")
        page.select_option("#movement", "slow")  # the replay lasts long enough to be seen
        program_by_clicks(page, first.solution or "")
        assert "1 left" in page.inner_text("#palette button[data-card=FWD]")
        page.click("#run")
        page.wait_for_selector("#program button[data-slot=P2][data-running=yes]")  # the slot being run
        page.wait_for_selector("body[data-result=optimal]")
        assert page.inner_text("#result") == "Solved with 2 cards: optimal!"
        assert page.is_visible("#next") and page.evaluate(FITS)
        assert grave_violations(page) == []
        page.select_option("#movement", "off")  # the pawn jumps
        for number in (2, 3):  # the next ones, by the link
            page.click("#next")
            page.wait_for_selector(f"#lesson:text-is('{course()[number - 1].lesson['en']}')")
            program_by_clicks(page, course()[number - 1].solution or "")
            page.click("#run")
            page.wait_for_selector("body[data-result=optimal]")
        page.select_option("#movement", "normal")
        page.goto(f"{server.url}/puzzles/delivery/course-17")  # LOOP on a function card
        program_by_clicks(page, course()[16].solution or "")
        page.click("#run")
        page.wait_for_selector("#program button[data-slot=A3][data-running=yes]")
        page.wait_for_selector("body[data-result=optimal]")
        page.select_option("#language", "fr")
        page.wait_for_selector(f"#lesson:text-is('{course()[16].lesson['fr']}')")
        assert "avancer" in page.inner_text("#palette") and page.evaluate(FITS)
        page.goto(f"{server.url}/puzzles")
        page.wait_for_selector("#delivery-course li[data-solved=yes] a[data-puzzle=course-1]")
        assert page.locator("#delivery-course li[data-solved=yes]").count() == 4
        assert not errors
    finally:
        context.close()


def test_a_solved_delivery_puzzle_shows_its_record(server: Server, browser: Any) -> None:
    """Once the run is replayed, the page sends the program and says the puzzle's record; a guest
    gives a name for it; run again in French, the record is said in French."""
    context = browser.new_context(locale="en-GB", bypass_csp=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/puzzles/delivery/course-4")
        page.wait_for_selector(f"#lesson:text-is('{course()[3].lesson['en']}')")
        page.select_option("#movement", "off")
        program_by_clicks(page, "BACK BACK")
        page.click("#run")
        page.wait_for_selector("#record:text-is('No record with a name yet; 1 person solved it')")
        page.fill("#record-name input", "Léa")
        page.click("#record-name button")
        said = "Record: 2 cards, 2 instructions by Léa, optimal; 1 person solved it"
        page.wait_for_selector(f"#record:text-is('{said}')")
        page.select_option("#language", "fr")  # the run is put away, the program kept: run again
        page.wait_for_selector("#record", state="hidden")
        page.click("#run")
        said = "Record : 2 cartes, 2 instructions par Léa, optimal ; 1 personne l’a résolu"
        page.wait_for_selector(f"#record:text-is('{said}')")
        assert not errors
    finally:
        context.close()
