"""Screenshots of each game's table page at desktop and phone size, for the README.

    python -m tests.web.screenshots docs/screenshots [fr]

starts its own ``robotable serve`` (a throwaway SQLite file) and Debian's Chromium, plays a
few actions of each game against bots (so the log and the board have something to show), and
writes ``GAME-desktop.png`` and ``GAME-phone.png`` (``GAME-desktop-fr.png``... in French), and
the first step of each tutorial (``learn-GAME-SIZE.png``); both processes are stopped by their ids.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

from ..server import process
from ..server.clients import SHORT_GAMES
from . import chromium

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
PICTURED = {"ricochet": ({"puzzle": "1A2A3A4A-8A44FF0F-RC"}, True)}
"""Ricochet needs its clock (the sand timer closes the bids): the default minute, pictured."""
OPENING_ACTIONS = 6
"""Actions the person plays before the picture (the first legal ones; bids in Ricochet)."""


def open_table(base: str, game: str) -> tuple[str, str]:
    """A table of ``game`` against bots, turn-based where the game allows it (no clock runs out
    while the pictures are taken), a few actions in; its id and the person's token."""
    short = SHORT_GAMES[game]
    seats = ["human"] + ["bot"] * (short.seats - 1)
    options, timers = PICTURED.get(game, (short.options, False))
    body = {"game": game, "seats": seats, "options": options, "seed": 7, "timers": timers, "name": "Ada"}
    created = httpx.post(f"{base}/api/tables", json=body, timeout=30).raise_for_status().json()
    table, token = created["table"], created["token"]
    headers = {"authorization": f"Bearer {token}"}
    for _ in range(OPENING_ACTIONS):
        legal = httpx.get(f"{base}/api/tables/{table}", headers=headers, timeout=30).json()["legal"]
        if not legal:
            break
        chosen = next((a for a in legal if a == "bid 9"), legal[0])
        httpx.post(f"{base}/api/tables/{table}/actions", json={"action": chosen}, headers=headers, timeout=30)
    return table, token


LOCALES = {"en": "en-GB", "fr": "fr-FR"}


def take(
    browser: Any, base: str, game: str, folder: Path, lang: str = "en", tutorial: bool = False
) -> list[Path]:
    table, token = open_table(base, game)
    suffix = "" if lang == "en" else f"-{lang}"
    written = []
    for size, viewport in SIZES.items():
        # a phone as phones are: touch, and scrollbars drawn over the page (a desktop window's
        # scrollbar would take 15 of its 390 pixels and cut the right edge off the picture)
        phone = size == "phone"
        context = browser.new_context(
            viewport=viewport, locale=LOCALES[lang], device_scale_factor=1, is_mobile=phone, has_touch=phone
        )
        try:
            page = context.new_page()
            page.goto(f"{base}/tables/{table}#token={token}")
            page.locator("#board svg").wait_for(timeout=30_000)
            page.locator("#log > li").first.wait_for(timeout=30_000)
            path = folder / f"{game}-{size}{suffix}.png"
            page.screenshot(path=str(path), full_page=size == "phone")
            written.append(path)
            if tutorial:
                page.goto(f"{base}/learn/{game}")
                page.locator("#board svg").wait_for(timeout=30_000)
                path = folder / f"learn-{game}-{size}{suffix}.png"
                page.screenshot(path=str(path), full_page=size == "phone")
                written.append(path)
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
            listed = httpx.get(f"{server.url}/api/games", timeout=30).raise_for_status().json()
            tutorials = {entry["id"] for entry in listed if entry.get("tutorial")}
            for game in SHORT_GAMES:
                for path in take(browser, server.url, game, folder, lang, game in tutorials):
                    print(path)
            browser.close()
    finally:
        chromium.stop(started)
        process.stop(server)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3) or sys.argv[2:] not in ([], ["en"], ["fr"]):
        sys.exit("usage: python -m tests.web.screenshots FOLDER [en|fr]")
    main(Path(sys.argv[1]), *sys.argv[2:])
