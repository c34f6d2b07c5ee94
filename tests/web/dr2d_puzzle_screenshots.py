"""Screenshots of DR2D's puzzle page for docs/puzzles.md.

    python -m tests.web.dr2d_puzzle_screenshots docs/screenshots [fr]

starts its own ``robotable serve`` and Debian's Chromium (both stopped by their ids), asks the
first hint of the course's sixteenth puzzle (the whole factory), programs its proven solution by
clicks, runs it and goes to the run's last step, then writes ``dr2d-puzzle-desktop.png`` and
``dr2d-puzzle-phone.png``, and the puzzles list at DR2D's section, ``dr2d-puzzles-list-desktop.png``
(``-fr`` in French).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.puzzles import prove
from robotable.games.dr2d.puzzles.course import load_course

from ..server import process
from . import chromium
from .screenshots import LOCALES, SIZES

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


def main(folder: Path, lang: str = "en") -> None:
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="robotable-screenshots-"))
    server = process.start(f"sqlite:///{scratch / 'tables.sqlite3'}", scratch)
    started = chromium.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.connect_over_cdp(started.endpoint)
            for path in take(browser, server.url, folder, lang):
                print(path)
            browser.close()
    finally:
        chromium.stop(started)
        process.stop(server)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3) or sys.argv[2:] not in ([], ["en"], ["fr"]):
        sys.exit("usage: python -m tests.web.dr2d_puzzle_screenshots FOLDER [en|fr]")
    main(Path(sys.argv[1]), *sys.argv[2:])
