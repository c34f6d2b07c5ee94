"""One real server and one real Chromium for the browser tests (each stopped by its process
id at the end), and a cleared browser context (cookies, storage) per test: contexts and pages
are kept from one test to the next, cleared in between (:mod:`tests.web.kept`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from ..server import process
from . import chromium
from .kept import KeptBrowser

REQUIRED = os.environ.get("ROBOTABLE_REQUIRE_BROWSER") == "1"
"""Set by CI: a missing Chromium is then a failure, not a skip."""


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    folder = tmp_path_factory.mktemp("web")
    running = process.start(f"sqlite:///{folder / 'tables.sqlite3'}", folder)
    try:
        yield running
    finally:
        process.stop(running)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not chromium.available():
        if REQUIRED:
            pytest.fail(f"no Chromium at {chromium.EXECUTABLE}: apt-get install chromium")
        pytest.skip(f"no Chromium at {chromium.EXECUTABLE} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    started = chromium.start()
    try:
        with sync_playwright() as playwright:
            kept = KeptBrowser(playwright.chromium.connect_over_cdp(started.endpoint))
            yield kept
            kept.close()
    finally:
        chromium.stop(started)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    # Playwright's waits on page conditions evaluate strings, which the pages' own policy
    # (no eval) forbids: the policy is lifted for the driving, and tested on its own
    made = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    try:
        yield made
    finally:
        made.close()


def new_page(context: Any, url: str) -> Any:
    """A page that fails the test on any script error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    return page


@pytest.fixture
def page_at(context: Any) -> Any:
    return lambda url: new_page(context, url)


def sit_down(page: Any, name: str | None = None) -> None:
    """An invited person's page asks their name first: give ``name`` (None: leave what it offers)."""
    page.wait_for_selector("#name-dialog[open]")
    if name is not None:
        page.fill("#name-input", name)
    page.click("#name-sit")
