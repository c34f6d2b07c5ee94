"""Screenshots of Ricochet's puzzle pages for docs/puzzles.md.

    python -m tests.web.puzzle_screenshots docs/screenshots [fr]

starts its own ``robotable serve`` and Debian's Chromium (both stopped by their ids), solves the
course's seventh puzzle by its stored solution and asks a hint, then writes
``puzzles-list-desktop.png``, ``puzzle-desktop.png`` and ``puzzle-phone.png`` (``-fr`` in French).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from robotable.games.ricochet.puzzle_file import series

from .screenshots import LOCALES, SIZES
from .shooting import command_line

SHOWN = 6  # the course's seventh puzzle: a reversal, drawn as numbered arrows


def take(browser: Any, base: str, folder: Path, lang: str) -> list[Path]:
    suffix = "" if lang == "en" else f"-{lang}"
    puzzle = series("course")[SHOWN]
    written = []
    for size, viewport in SIZES.items():
        phone = size == "phone"
        context = browser.new_context(
            viewport=viewport, locale=LOCALES[lang], is_mobile=phone, has_touch=phone
        )
        try:
            page = context.new_page()
            page.goto(f"{base}/puzzles/ricochet/{puzzle.extra['id']}")
            page.wait_for_selector("body[data-moves='0']")
            for number, move in enumerate(puzzle.solution, start=1):
                robot, direction = str(move).split()
                page.click(f"#robots button[data-robot={robot}]")
                page.click(f"#directions button[data-action='{robot} {direction}']")
                page.wait_for_selector(f"body[data-moves='{number}']")
            page.click("#hint")
            page.wait_for_selector("#hint-text:not(:empty)")
            page.wait_for_timeout(1500)  # the last path walked
            written.append(folder / f"puzzle-{size}{suffix}.png")
            page.screenshot(path=str(written[-1]), full_page=phone)
            if not phone:
                page.goto(f"{base}/puzzles")
                page.wait_for_selector("#course li[data-solved=yes]")
                written.append(folder / f"puzzles-list-{size}{suffix}.png")
                page.screenshot(path=str(written[-1]))
        finally:
            context.close()
    return written


if __name__ == "__main__":
    command_line("puzzle_screenshots", take)
