"""Browser contexts and pages kept from one test to the next, cleared in between.

A new context's first page costs Chromium a new renderer process: about 1.2 CPU-seconds on a
two-core machine, where the same page opened again in a kept context costs 0.4. The browser
tests open several hundred pages, so the suite (which is processor-bound: docs/testing.md)
keeps them: ``browser.new_context(...)`` hands out a cleared context made with the same options
when one is free, and ``context.new_page()`` a page left on ``about:blank``.

Closing gives them back, cleared: every page goes to ``about:blank`` (its connections close as
a closed page's do) and loses the listeners the test gave it; then the context's cookies,
permissions and the storage of every origin its pages visited are cleared. A test that changes
what clearing cannot undo (routes, init scripts, exposed functions, offline mode, a page's
viewport or clock...) taints what it touched: anything not in the lists below taints it, and a
tainted page or context is really closed when given back.
"""

from __future__ import annotations

import contextlib
from typing import Any


def _words(names: str) -> frozenset[str]:
    return frozenset(names.split())


PAGE_CALLS = _words(
    """goto reload go_back go_forward wait_for_load_state wait_for_url wait_for_selector
    wait_for_function wait_for_timeout wait_for_event expect_request expect_response
    expect_download expect_event expect_popup expect_console_message expect_file_chooser
    expect_navigation locator get_by_role get_by_label get_by_text get_by_placeholder
    get_by_alt_text get_by_title get_by_test_id frame_locator query_selector query_selector_all
    click dblclick fill type press check uncheck set_checked select_option hover tap focus
    dispatch_event set_input_files drag_and_drop evaluate evaluate_handle eval_on_selector
    eval_on_selector_all content title url text_content inner_text inner_html input_value
    get_attribute is_visible is_hidden is_enabled is_disabled is_checked is_editable screenshot
    keyboard mouse touchscreen main_frame frames frame viewport_size is_closed set_content
    bring_to_front add_script_tag add_style_tag request"""
)
"""What a test may do to a page and still leave it for the next: nothing here outlives the
document (``about:blank`` ends it), or it is undone when the page is given back."""

CONTEXT_CALLS = _words(
    "cookies add_cookies clear_cookies clear_permissions storage_state request expect_page wait_for_event"
)
"""The same for a context: cookies and permissions are cleared when it is given back."""

FREE_PER_KIND = 4
"""Kept contexts made with the same options; more are closed (each holds renderer processes)."""


class KeptBrowser:
    """The session's browser, handing out kept contexts (see the module's description)."""

    def __init__(self, browser: Any) -> None:
        self.real = browser
        self.free: dict[str, list[KeptContext]] = {}

    def new_context(self, **options: Any) -> KeptContext:
        kind = repr(sorted(options.items()))
        free = self.free.setdefault(kind, [])
        if free:
            return free.pop().checked_out()
        return KeptContext(self, kind, self.real.new_context(**options))

    def give_back(self, context: KeptContext) -> None:
        free = self.free.setdefault(context.kind, [])
        if len(free) < FREE_PER_KIND:
            free.append(context)
        else:
            context.real.close()

    def close(self) -> None:
        for free in self.free.values():
            for context in free:
                with contextlib.suppress(Exception):
                    context.real.close()
        self.free.clear()
        self.real.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class KeptContext:
    """A browser context lent to one test at a time."""

    def __init__(self, browser: KeptBrowser, kind: str, real: Any) -> None:
        self.browser = browser
        self.kind = kind
        self.real = real
        self.free_pages: list[Any] = []
        self.lent: list[KeptPage] = []
        self.origins: set[str] = set()
        """Every origin a page of this context showed since it was last cleared."""
        self.tainted = False
        self.closed = False
        # every page of the context, pop-ups too: what it shows is cleared when it comes back
        real.on("page", lambda page: page.on("framenavigated", lambda frame: self._visited(frame.url)))

    def checked_out(self) -> KeptContext:
        self.closed = False
        return self

    def new_page(self) -> KeptPage:
        if self.free_pages:
            page = KeptPage(self, self.free_pages.pop())
        else:
            page = KeptPage(self, self.real.new_page())
        # Chromium draws only the front page of a context at full rate (the others get a few
        # frames a second, and Playwright's waits poll on frames): the page lent is the front one
        page.real.bring_to_front()
        self.lent.append(page)
        return page

    def _visited(self, url: str) -> None:
        if url.startswith(("http://", "https://")):
            scheme, rest = url.split("://", 1)
            self.origins.add(f"{scheme}://{rest.split('/', 1)[0]}")

    def close(self) -> None:
        """Give every page back, clear what the test left, and give the context back."""
        if self.closed:
            return
        self.closed = True
        for page in list(self.lent):
            page.close()
        kept = set(map(id, self.free_pages))
        for real in self.real.pages:  # pages the site opened itself (pop-ups)
            if id(real) not in kept:
                real.close()
        if self.tainted or not self._cleared():
            self.real.close()
            return
        self.browser.give_back(self)

    def _cleared(self) -> bool:
        if self.origins and not self.free_pages:
            return False
        try:
            self.real.clear_cookies()
            self.real.clear_permissions()
            if not self.origins:
                return True
            session = self.real.new_cdp_session(self.free_pages[0])
            for origin in self.origins:
                session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            session.detach()
        except Exception:  # a context left broken by its test is closed, not lent again
            return False
        self.origins.clear()
        return True

    def give_back(self, page: KeptPage) -> None:
        self.lent.remove(page)
        if page.tainted:
            self.tainted = True  # init scripts and routes may be the context's too: not worth telling apart
            page.real.close()
            return
        try:
            page.real.mouse.move(0, 0)  # a hover left by the test would show on the next page
            page.real.goto("about:blank")
        except Exception:
            page.real.close()
            return
        self.free_pages.append(page.real)

    def new_cdp_session(self, page: KeptPage | Any) -> Any:
        self.tainted = True  # the protocol reaches what clearing does not
        return self.real.new_cdp_session(getattr(page, "real", page))

    def __getattr__(self, name: str) -> Any:
        if name not in CONTEXT_CALLS:
            self.tainted = True
        return getattr(self.real, name)


class KeptPage:
    """A page lent to one test: the listeners it is given are taken off when it is given back."""

    def __init__(self, context: KeptContext, real: Any) -> None:
        self.context = context
        self.real = real
        self.listeners: list[tuple[str, Any]] = []
        self.tainted = False
        self.closed = False

    def on(self, event: str, handler: Any) -> None:
        self.listeners.append((event, handler))
        self.real.on(event, handler)

    def is_closed(self) -> bool:
        return self.closed or self.real.is_closed()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for event, handler in self.listeners:
            self.real.remove_listener(event, handler)
        self.context.give_back(self)

    def __getattr__(self, name: str) -> Any:
        if name not in PAGE_CALLS:
            self.tainted = True
        return getattr(self.real, name)
