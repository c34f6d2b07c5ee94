"""Issue 30, the classroom in real Chromium, four browser contexts: a teacher opens a room from
/puzzles; three pupils join with its code and their names; the teacher sees each pupil's
progress, and the attempt of the pupil they watch change move by move without a reload; no
pupil receives another's attempt until the teacher shows it to all. Phone width for a pupil."""

from __future__ import annotations

import json
from typing import Any

import pytest

from robotable.games.ricochet.puzzle_file import series

from ..server.process import Server
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(60)
PHONE = {"width": 412, "height": 915}
FIRST = series("course")[0]
SOLUTION = [str(move) for move in FIRST.solution]
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def open_context(browser: Any, viewport: dict[str, int] | None = None, locale: str = "en-GB") -> Any:
    size = viewport or {"width": 1280, "height": 900}
    return browser.new_context(viewport=size, locale=locale, bypass_csp=True)


def play(page: Any, move: str, number: int) -> None:
    robot, direction = move.split()
    page.click(f"#board svg g[data-piece={robot}]")
    page.click(f"#directions button[data-action='{robot} {direction}']")
    page.wait_for_selector(f"body[data-moves='{number}']")


def join(browser: Any, server: Server, code: str, name: str, heard: list[str]) -> tuple[Any, Any]:
    context = open_context(browser, PHONE, "fr-FR" if name == "Zoé" else "en-GB")  # Zoé reads French
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def listen(response: Any) -> None:  # every answer of the room this pupil receives
        if "/api/classrooms/" in response.url:
            heard.append(response.text())

    page.on("response", listen)
    page.goto(f"{server.url}/classroom")
    assert page.inner_text("#join button") == ("Rejoindre" if name == "Zoé" else "Join")
    page.fill("#join-code", code.lower())
    page.fill("#join-name", name)
    page.click("#join button[type=submit]")
    page.wait_for_selector("#work li a[data-puzzle=course-1]")
    assert page.evaluate(FITS)
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


@pytest.mark.long
def test_a_teacher_follows_three_pupils_live_and_shows_one_solution(server: Server, browser: Any) -> None:
    contexts = [open_context(browser)]
    try:
        teacher = contexts[0].new_page()
        teacher.goto(f"{server.url}/puzzles")
        teacher.click("#teach-link")
        teacher.click("#open-room")
        code = teacher.wait_for_selector("body[data-room]").get_attribute("data-room")
        heard: dict[str, list[str]] = {"Léa": [], "Tom": [], "Zoé": []}
        pupils = {}
        for name in heard:
            context, page = join(browser, server, code, name, heard[name])
            contexts.append(context)
            pupils[name] = page
        for name in heard:
            teacher.wait_for_selector(f"#pupils tr[data-name='{name}']")
        teacher.click("#pupils tr[data-name='Léa'] button")
        lea = pupils["Léa"]
        lea.click("#work li a[data-puzzle=course-1]")
        lea.wait_for_selector("#room-bar:not([hidden])")
        teacher.wait_for_selector("#pupils tr[data-name='Léa'] td.now:has-text('First slides')")  # opened
        for number, move in enumerate(SOLUTION, start=1):
            play(lea, move, number)
            teacher.wait_for_selector(f"#watch[data-moves='{number}']")  # live: no reload
            teacher.wait_for_selector(f"#pupils tr[data-name='Léa'][data-moves='{number}']")
        lea.wait_for_selector("body[data-result=optimal]")
        teacher.wait_for_selector("#pupils tr[data-name='Léa'][data-solved='1']")
        tom = pupils["Tom"]
        tom.click("#work li a[data-puzzle=course-1]")
        play(tom, SOLUTION[0], 1)
        teacher.wait_for_selector("#pupils tr[data-name='Tom'][data-moves='1']")
        assert teacher.get_attribute("#pupils tr[data-name='Zoé']", "data-moves") == "0"
        moves = json.dumps(SOLUTION)[1:-1]
        for name in ("Tom", "Zoé"):
            assert heard[name] and not any("Léa" in text or moves in text for text in heard[name])
        teacher.click("#show-all")
        tom.wait_for_selector("#shown-solution:has-text('Léa')")
        pupils["Zoé"].wait_for_selector("#shown-solution:has-text('Regardez la solution de Léa')")
        assert grave_violations(teacher) == [] and grave_violations(tom) == []
        assert not any(page.errors for page in pupils.values())  # type: ignore[attr-defined]
    finally:
        for context in contexts:
            context.close()
