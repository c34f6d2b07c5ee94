"""Screenshots of DR2D's puzzle page for docs/puzzles.md.

    python -m tests.web.dr2d_puzzle_screenshots docs/screenshots [fr]

starts its own ``robotable serve`` and Debian's Chromium (both stopped by their ids), asks the
first hint of the course's sixteenth puzzle (the whole factory), programs its proven solution by
clicks, runs it and goes to the run's last step, then writes ``dr2d-puzzle-desktop.png`` and
``dr2d-puzzle-phone.png``, and the puzzles list at DR2D's section, ``dr2d-puzzles-list-desktop.png``
(``-fr`` in French).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.puzzles import prove
from robotable.games.dr2d.puzzles.course import load_course

from .screenshots import LOCALES, SIZES
from .shooting import command_line

SHOWN = 16  # the course's sixteenth puzzle: two turns across the whole factory, a pit and a conveyor


def program(page: Any, number: int) -> None:
    """The proven solution of the course's puzzle ``number``, clicked register by register."""
    solution = prove(load_course()[number - 1], limit=200_000).solution
    for turn in solution:
        for code in turn:
            page.click(f"#program button[data-choice={LETTERS[code]}]")


def take(browser: Any, base: str, folder: Path, lang: str) -> list[Path]:
    suffix = "" if lang == "en" else f"-{lang}"
    written = []
    for size, viewport in SIZES.items():
        phone = size == "phone"
        context = browser.new_context(
            viewport=viewport, locale=LOCALES[lang], is_mobile=phone, has_touch=phone
        )
        try:
            page = context.new_page()
            page.goto(f"{base}/puzzles/dr2d/course-{SHOWN}")
            page.wait_for_selector("#program button[data-choice=N]")
            page.click("#hint")
            page.wait_for_selector("#hint-text:not(:empty)")
            program(page, SHOWN)
            page.click("#run")
            page.click("#step-last")
            page.wait_for_selector("body[data-result=optimal]")
            page.wait_for_timeout(500)
            written.append(folder / f"dr2d-puzzle-{size}{suffix}.png")
            page.screenshot(path=str(written[-1]), full_page=phone)
            if not phone:
                page.goto(f"{base}/puzzles")
                page.wait_for_selector("#dr2d-course li[data-solved=yes]")
                page.locator("#dr2d").evaluate("section => section.scrollIntoView()")  # its heading on top
                written.append(folder / f"dr2d-puzzles-list-{size}{suffix}.png")
                page.screenshot(path=str(written[-1]))
        finally:
            context.close()
    return written


if __name__ == "__main__":
    command_line("dr2d_puzzle_screenshots", take)
