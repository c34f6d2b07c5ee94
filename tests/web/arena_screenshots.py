"""Screenshots of the bot arena for the README and docs/bots.md.

    python -m tests.web.arena_screenshots docs/screenshots [fr]

starts its own ``robotable serve`` with Robotick's arena (robotable's easy and medium levels)
and Debian's Chromium (both stopped by their ids); Ada's bot account "Marvin" joins the arena
and plays eight games with the medium level's program over the network; writes
``arena-desktop.png``: the standings, and Marvin's latest games (``-fr`` in French).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx

from robotable.client.levels import LevelBot
from robotable.client.offers import Offers
from robotable.client.tables import join_arena

from .screenshots import LOCALES, SIZES
from .shooting import command_line

ARENA = ["--arena-every", "0.5", "--arena-games", "robotick", "--arena-levels", "easy,medium"]
GAMES = 8


def marvin_plays(base: str) -> None:
    """Ada's bot account Marvin joins Robotick's arena and plays :data:`GAMES` games there."""
    with httpx.Client(base_url=base, timeout=30) as ada:
        ada.post("/api/account/signup", json={"name": "Ada", "password": "correct horse battery"})
        token = ada.post("/api/account/bots", json={"name": "Marvin"}).json()["token"]
    join_arena(base, "robotick", token)
    offers = Offers(base, token, lambda game: LevelBot(game, "medium"), games=set())
    # in a thread of its own: Playwright's synchronous API keeps an event loop in this one
    playing = threading.Thread(target=lambda: asyncio.run(offers.serve(games_to_play=GAMES, every=0.2)))
    playing.start()
    playing.join()
    httpx.delete(f"{base}/api/arena/robotick", headers={"Bot-Token": token}, timeout=30)


def take(browser: Any, base: str, folder: Path, lang: str) -> list[Path]:
    suffix = "" if lang == "en" else f"-{lang}"
    marvin_plays(base)
    context = browser.new_context(viewport=SIZES["desktop"], locale=LOCALES[lang])
    try:
        page = context.new_page()
        page.goto(f"{base}/arena/robotick")
        page.locator("#arena-table:not([hidden])").wait_for()
        page.locator("tr.account th button").click()
        page.locator("li.arena-game >> nth=0").wait_for()
        path = folder / f"arena-desktop{suffix}.png"
        page.screenshot(path=str(path), full_page=True)
        return [path]
    finally:
        context.close()


if __name__ == "__main__":
    command_line("arena_screenshots", take, ARENA)
