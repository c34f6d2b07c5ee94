"""Issue 30, the classroom for Robot Delivery (and DR2D, shorter) in real Chromium, four browser
contexts: a teacher opens a Robot Delivery room; three pupils join and program the first puzzle
of the course by clicking cards into slots, then run it; the teacher's table shows each pupil's
progress in cards against the optimum, and the program of the pupil they watch changes slot by
slot without a reload, then its run; no pupil receives another pupil's program (nor any program)
until the teacher shows Léa's to all, and then it arrives."""

from __future__ import annotations

from typing import Any

import pytest

from ..server.process import Server
from .test_accessibility import grave_violations
from .test_classroom_page import open_context

pytestmark = pytest.mark.timeout(60)
OFF = "localStorage.setItem('robotable:movement', 'off')"  # runs replayed at once


def join(
    browser: Any, server: Server, code: str, name: str, heard: list[str], game: str = "delivery"
) -> tuple[Any, Any]:
    """A pupil on their way to the room's first puzzle (:func:`arrived` waits for it): Léa through
    the join form and the room's page, the others (quicker) joining with the room's route and
    going straight to the puzzle, their pages loading together. Runs are replayed at once."""
    context = open_context(browser, locale="fr-FR" if name == "Zoé" else "en-GB")  # Zoé reads French
    context.add_init_script(OFF)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda response: "/api/classrooms/" in response.url and heard.append(response.text()))
    if name == "Léa":
        page.goto(f"{server.url}/classroom")
        page.fill("#join-code", code)
        page.fill("#join-name", name)
        page.click("#join button[type=submit]")
        page.click("#work li a[data-puzzle=course-1][href^='/puzzles/delivery/']")
    else:
        joined = context.request.post(
            f"{server.url}/api/classrooms/{code}/join", data={"name": name}, headers={"Origin": server.url}
        ).json()
        context.add_init_script(f"localStorage.setItem('robotable:classroom:{code}', '{joined['token']}')")
        page.goto(f"{server.url}/puzzles/{game}/course-1?room={code}", wait_until="commit")
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


def arrived(page: Any) -> Any:
    page.wait_for_selector("#room-bar:not([hidden]) #room-back")
    return page


def lay(page: Any, card: str, slot: str) -> None:
    page.click(f"#palette button[data-card={card}]")
    page.click(f"#program button[data-slot={slot}]")
    page.wait_for_selector(f"#program button[data-slot={slot}][data-cards={card}]")


def run(page: Any, result: str) -> None:
    page.click("#run")
    page.wait_for_selector(f"body[data-result={result}]")


@pytest.mark.long
def test_a_teacher_follows_three_pupils_programs_live_and_shows_one(server: Server, browser: Any) -> None:
    contexts = [open_context(browser)]
    try:
        contexts[0].add_init_script(OFF)
        teacher = contexts[0].new_page()
        teacher.goto(f"{server.url}/teach")
        teacher.select_option("#open-game", "delivery")
        teacher.click("#open-room")
        code = teacher.wait_for_selector("body[data-room]").get_attribute("data-room")
        heard: dict[str, list[str]] = {"Léa": [], "Tom": [], "Zoé": []}
        pupils = {}
        for name in heard:
            context, pupils[name] = join(browser, server, code, name, heard[name])
            contexts.append(context)
        lea, tom, zoe = (arrived(pupils[name]) for name in heard)
        teacher.click("#pupils tr[data-name='Léa'] button")
        teacher.wait_for_selector("#watch-program button[data-slot=P1][data-cards='']")  # on it, no card yet
        lay(lea, "FWD", "P1")
        teacher.wait_for_selector("#watch-program button[data-slot=P1][data-cards=FWD]")  # live
        teacher.wait_for_selector("#pupils tr[data-name='Léa'][data-moves='1']")
        lay(lea, "FWD", "P2")
        teacher.wait_for_selector("#watch-program button[data-slot=P2][data-cards=FWD]")
        run(lea, "optimal")
        teacher.wait_for_selector("#watch[data-run=optimal]")  # the run, replayed on the teacher's board
        teacher.wait_for_selector("#pupils tr[data-name='Léa'] td.solved:has-text('2 cards / 2 optimal')")
        lay(tom, "FWD", "P1")
        run(tom, "unsolved")
        for slot in ("P1", "P2", "P3"):
            lay(zoe, "FWD", slot)
        run(zoe, "solved")
        teacher.wait_for_selector("#pupils tr[data-name='Tom'] td.tried:has-text('runs: 1')")
        teacher.wait_for_selector("#pupils tr[data-name='Zoé'][data-solved='1'] td:has-text('3 cards / 2')")
        for name in ("Tom", "Zoé"):
            assert heard[name] and not any("Léa" in text or '"onplay"' in text for text in heard[name])
        teacher.click("#show-all")
        teacher.wait_for_selector("#showing:has-text('Léa')")
        tom.click("#room-back")
        tom.wait_for_selector("#shown-solution:has-text('Léa'):has-text('forward')")
        zoe.click("#room-back")
        zoe.wait_for_selector("#shown-solution:has-text('Regardez la solution de Léa')")
        assert any('"onplay"' in text and "Léa" in text for text in heard["Tom"])  # the shown one arrived
        assert grave_violations(teacher) == [] and grave_violations(lea) == []  # watching; a puzzle in a room
        assert not any(page.errors for page in pupils.values())  # type: ignore[attr-defined]
    finally:
        for context in contexts:
            context.close()


def test_a_teacher_follows_a_dr2d_pupils_registers_live(server: Server, browser: Any) -> None:
    contexts = [open_context(browser, locale="fr-FR")]  # a French teacher
    try:
        contexts[0].add_init_script(OFF)
        teacher = contexts[0].new_page()
        teacher.goto(f"{server.url}/teach")
        teacher.select_option("#open-game", "dr2d")
        teacher.click("#open-room")
        code = teacher.wait_for_selector("body[data-room]").get_attribute("data-room")
        heard: list[str] = []
        context, pupil = join(browser, server, code, "Tom", heard, game="dr2d")
        contexts.append(context)
        arrived(pupil)
        teacher.click("#pupils tr[data-name='Tom'] button")
        pupil.click("#program button[data-choice=STAY]")
        teacher.wait_for_selector("#watch-program button[data-slot='1-1'][data-letter=STAY]")  # live
        pupil.click("#program button.slot[data-slot='1-1']")  # taken back
        pupil.click("#program button[data-choice=N]")
        teacher.wait_for_selector("#watch-program button[data-slot='1-1'][data-letter=N]")
        pupil.click("#run")  # its steps are played one by one: the teacher's page says first
        teacher.wait_for_selector("#watch[data-run=optimal]")
        teacher.wait_for_selector("#pupils tr[data-name='Tom'] td.solved:has-text('tours : 1 / 1 optimal')")
        assert not pupil.errors  # type: ignore[attr-defined]
    finally:
        for context in contexts:
            context.close()
