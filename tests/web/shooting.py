"""What every screenshot script of the docs shares (``python -m tests.web.NAME FOLDER [en|fr]``):
a throwaway server and Chromium, both stopped by their ids, and the command line."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..server import process
from . import chromium


@contextmanager
def served_browser(extra: Sequence[str] = ()) -> Iterator[tuple[Any, str]]:
    """A browser and the address of a fresh server on a scratch SQLite database (``extra``: more
    options of ``robotable serve``)."""
    from playwright.sync_api import sync_playwright

    scratch = Path(tempfile.mkdtemp(prefix="robotable-screenshots-"))
    server = process.start(f"sqlite:///{scratch / 'tables.sqlite3'}", scratch, extra=extra)
    started = chromium.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.connect_over_cdp(started.endpoint)
            yield browser, server.url
            browser.close()
    finally:
        chromium.stop(started)
        process.stop(server)


Take = Callable[[Any, str, Path, str], Iterable[Path]]
"""A script's pictures: ``take(browser, server's address, folder, language)`` -> the files written."""


def command_line(module: str, take: Take, extra: Sequence[str] = ()) -> None:
    """``python -m tests.web.MODULE FOLDER [en|fr]``: the pictures ``take`` makes, each file's
    path printed; or the usage."""
    if len(sys.argv) not in (2, 3) or sys.argv[2:] not in ([], ["en"], ["fr"]):
        sys.exit(f"usage: python -m tests.web.{module} FOLDER [en|fr]")
    folder, lang = Path(sys.argv[1]), (sys.argv[2:] or ["en"])[0]
    folder.mkdir(parents=True, exist_ok=True)
    with served_browser(extra) as (browser, base):
        for path in take(browser, base, folder, lang):
            print(path)
