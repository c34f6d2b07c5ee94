"""Screenshots of the puzzle editor for docs/puzzles.md.

    python -m tests.web.editor_screenshots docs/screenshots [fr]

starts its own ``robotable serve`` and Debian's Chromium (both stopped by their ids), draws a
small Robot Delivery puzzle by clicks (walls, a parcel, a conveyor to an express one), checks
it and publishes it, then writes ``editor-delivery-desktop.png`` and ``editor-delivery-phone.png``;
a Ricochet position checked, ``editor-ricochet-desktop.png``; and a DR2D factory drawn from the
keyboard (walls, a laser, a pusher, a law as the goal) and checked, ``editor-dr2d-desktop.png``
(``-fr`` in French).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .screenshots import LOCALES, SIZES
from .shooting import command_line

DRAWN = (
    ("#", 3, 0), ("#", 3, 1), ("P", 1, 0), ("v", 1, 1), ("»", 1, 2), ("»", 2, 2), ("»", 3, 2),
    ("D", 4, 2), ("pawn", 0, 0),
)  # fmt: skip
ALLOWED = {"FWD": 3, "SL": 0, "SR": 0, "RL": 1, "RR": 1, "LOOP": 1}
"""The Delivery puzzle drawn: (tool, column, row), in order."""


def delivery(page: Any, base: str) -> None:
    page.goto(f"{base}/puzzles/make/delivery")
    page.wait_for_selector("#ed-board button[data-x='0'][data-y='0']")
    page.fill("#ed-height", "3")
    page.dispatch_event("#ed-height", "change")
    page.wait_for_selector("#ed-board button[data-y='2']")
    for tool, x, y in DRAWN:
        page.click(f"#ed-tools button[data-tool='{tool}']")
        page.click(f"#ed-board button[data-x='{x}'][data-y='{y}']")
    for card, count in ALLOWED.items():
        page.fill(f"#ed-card-{card}", str(count))
        page.dispatch_event(f"#ed-card-{card}", "change")
    page.fill("#ed-title", "Round the wall")
    page.fill("#ed-name", "Léa")
    page.click("#ed-check")
    page.wait_for_selector("#ed-bar-form[data-result=proven]", timeout=30_000)
    page.click("#ed-publish")
    page.wait_for_selector("#ed-published")


FACTORY = (
    (">", 1, 1), (">", 2, 1), ("v", 3, 1), ("1", 3, 2), ("R", 4, 0), ("O", 1, 2),
    ("wall", 2, 0, "E"), ("wall", 4, 2, "W"), ("laser", 5, 2, "W"), ("pusher", 1, 3, "N"),
    ("robot", 0, 3, "N"),
)  # fmt: skip
"""The DR2D factory drawn: (tool, column, row[, direction]), in order."""


def dr2d(page: Any, base: str) -> None:
    page.goto(f"{base}/puzzles/make/dr2d")
    page.wait_for_selector("#ed-board button[data-x='0'][data-y='0']")
    for field, value in (("#ed-width", "6"), ("#ed-height", "4")):
        page.fill(field, value)
        page.dispatch_event(field, "change")
    page.wait_for_selector("#ed-board button[data-x='5'][data-y='3']")
    for tool, x, y, *facing in FACTORY:
        page.click(f"#ed-tools button[data-tool='{tool}']")
        if facing:
            page.click(f"#ed-tools .facings button[data-facing='{facing[0]}']")
        page.focus(f"#ed-board button[data-x='{x}'][data-y='{y}']")
        page.keyboard.press("Enter")  # a wall on the side chosen
    page.fill("#ed-goal-laws", "1")
    page.dispatch_event("#ed-goal-laws", "change")
    page.fill("#ed-turns", "2")
    page.dispatch_event("#ed-turns", "change")
    page.fill("#ed-title", "To law 1")
    page.click("#ed-check")
    page.wait_for_selector("#ed-bar-form[data-result=proven]", timeout=30_000)


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
            delivery(page, base)
            written.append(folder / f"editor-delivery-{size}{suffix}.png")
            page.screenshot(path=str(written[-1]), full_page=True)
            if not phone:
                page.goto(f"{base}/puzzles/make/ricochet")
                page.wait_for_selector("#ed-board svg")
                page.select_option("#ed-target", "GT")
                page.wait_for_selector("#ed-target option[value=GT][selected]", state="attached")
                page.fill("#ed-title", "Green triangle")
                page.click("#ed-check")
                page.wait_for_selector("#ed-bar-form[data-result=proven]", timeout=30_000)
                written.append(folder / f"editor-ricochet-{size}{suffix}.png")
                page.screenshot(path=str(written[-1]), full_page=True)
                dr2d(page, base)
                written.append(folder / f"editor-dr2d-{size}{suffix}.png")
                page.screenshot(path=str(written[-1]), full_page=True)
        finally:
            context.close()
    return written


if __name__ == "__main__":
    command_line("editor_screenshots", take)
