"""Screenshots of the classroom for docs/puzzles.md.

    python -m tests.web.classroom_screenshots docs/screenshots [fr]

starts its own ``robotable serve`` and Debian's Chromium (both stopped by their ids); a teacher
opens a room, three pupils join, two play the course's first puzzle, the teacher watches one
and sends a hint; writes ``classroom-teacher-desktop.png``, ``classroom-pupil-phone.png`` and
``classroom-puzzle-phone.png``; then a Robot Delivery room, a pupil programming "A calls B" and
the teacher watching their run: ``classroom-delivery-teacher-desktop.png`` (``-fr`` in French).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from robotable.games.delivery.puzzles import course, parse_program
from robotable.games.ricochet.puzzle_file import series

from .screenshots import LOCALES, SIZES
from .shooting import command_line

MOVES = [str(move) for move in series("course")[0].solution]
HINT = {"en": "Tom: try the blue robot first", "fr": "Tom : essaie d’abord le robot bleu"}


def play(page: Any, moves: list[str]) -> None:
    for number, move in enumerate(moves, start=1):
        robot, direction = move.split()
        page.click(f"#robots button[data-robot={robot}]")
        page.click(f"#directions button[data-action='{robot} {direction}']")
        page.wait_for_selector(f"body[data-moves='{number}']")


def take(browser: Any, base: str, folder: Path, lang: str) -> list[Path]:
    suffix = "" if lang == "en" else f"-{lang}"
    desk = browser.new_context(viewport=SIZES["desktop"], locale=LOCALES[lang])
    phone = {"viewport": SIZES["phone"], "locale": LOCALES[lang], "is_mobile": True}
    phones = [browser.new_context(**phone) for _ in range(3)]
    try:
        teacher = desk.new_page()
        teacher.goto(f"{base}/teach")
        teacher.click("#open-room")
        code = teacher.wait_for_selector("body[data-room]").get_attribute("data-room")
        pupils = []
        for context, name in zip(phones, ("Léa", "Tom", "Zoé"), strict=True):
            page = context.new_page()
            page.goto(f"{base}/classroom/{code}")
            page.fill("#join-name", name)
            page.click("#join button[type=submit]")
            page.wait_for_selector("#work li a")
            pupils.append(page)
        pupils[0].click("#work li a[data-puzzle=course-1]")
        play(pupils[0], MOVES)
        pupils[1].click("#work li a[data-puzzle=course-1]")
        play(pupils[1], MOVES[:1])
        teacher.click("#pupils tr[data-name='Tom'] button")
        teacher.fill("#hint-text", HINT[lang])
        teacher.select_option("#hint-to", label="Tom")
        teacher.click("#hint-form button[type=submit]")
        pupils[1].wait_for_selector("#pushed-hint")
        teacher.wait_for_timeout(1500)
        written = [folder / f"classroom-teacher-desktop{suffix}.png"]
        teacher.screenshot(path=str(written[-1]), full_page=True)
        pupils[0].goto(f"{base}/classroom/{code}")
        pupils[0].wait_for_selector("#work li[data-solved=yes]")
        written.append(folder / f"classroom-pupil-phone{suffix}.png")
        pupils[0].screenshot(path=str(written[-1]))
        written.append(folder / f"classroom-puzzle-phone{suffix}.png")
        pupils[1].screenshot(path=str(written[-1]), full_page=True)
        return written
    finally:
        for context in (desk, *phones):
            context.close()


def lay(page: Any, program: dict[str, Any]) -> None:
    """Lays a program card by card, as a pupil clicks it: a card of the palette, then a slot."""
    boards = {"P": program["onplay"], **program["functions"]}
    for board, slots in boards.items():
        for number, cards in enumerate(slots, start=1):
            for card in cards:
                page.click(f"#palette button[data-card={card}]")
                page.click(f"#program button[data-slot={board}{number}]")


def take_delivery(browser: Any, base: str, folder: Path, lang: str) -> Path:
    suffix = "" if lang == "en" else f"-{lang}"
    desk = browser.new_context(viewport=SIZES["desktop"], locale=LOCALES[lang])
    phone = browser.new_context(viewport=SIZES["phone"], locale=LOCALES[lang], is_mobile=True)
    try:
        teacher = desk.new_page()
        teacher.goto(f"{base}/teach")
        teacher.select_option("#open-game", "delivery")
        teacher.click("#open-room")
        code = teacher.wait_for_selector("body[data-room]").get_attribute("data-room")
        pupil = phone.new_page()
        pupil.goto(f"{base}/classroom/{code}")
        pupil.fill("#join-name", "Léa")
        pupil.click("#join button[type=submit]")
        pupil.click("#work li a[data-puzzle=course-22]")
        teacher.click("#pupils tr[data-name='Léa'] button")
        lay(pupil, parse_program(course()[21].solution).to_dict())
        pupil.click("#run")
        teacher.wait_for_selector("#watch-program button[data-slot=B2][data-running=yes]")  # the run, halfway
        written = folder / f"classroom-delivery-teacher-desktop{suffix}.png"
        teacher.screenshot(path=str(written), full_page=True)
        return written
    finally:
        desk.close()
        phone.close()


def take_all(browser: Any, base: str, folder: Path, lang: str) -> list[Path]:
    """The Ricochet room's pictures, then the teacher watching a Delivery pupil."""
    return [*take(browser, base, folder, lang), take_delivery(browser, base, folder, lang)]


if __name__ == "__main__":
    command_line("classroom_screenshots", take_all)
