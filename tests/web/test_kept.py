"""The browser contexts kept between tests (tests/web/kept.py) come back cleared: what one test
left (cookies, stored words, listeners, a route) never reaches the next."""

from __future__ import annotations

from typing import Any

from ..server.process import Server
from .kept import KeptBrowser

OPTIONS = {"viewport": {"width": 800, "height": 600}, "locale": "en-GB", "bypass_csp": True}
STORED = "() => [localStorage.getItem('left'), document.cookie]"


def leave_traces(browser: KeptBrowser, url: str) -> tuple[Any, Any]:
    context = browser.new_context(**OPTIONS)
    page = context.new_page()
    page.on("console", lambda _message: None)
    page.goto(url)
    page.evaluate("() => { localStorage.setItem('left', 'yes'); document.cookie = 'left=yes; path=/'; }")
    assert page.evaluate(STORED) == ["yes", "left=yes"]
    real_context, real_page = context.real, page.real
    context.close()
    return real_context, real_page


def test_a_context_given_back_is_lent_again_cleared(server: Server, browser: KeptBrowser) -> None:
    real_context, real_page = leave_traces(browser, server.url)
    assert real_page.url == "about:blank" and not real_page.is_closed()
    again = browser.new_context(**OPTIONS)
    try:
        page = again.new_page()
        assert (again.real, page.real) == (real_context, real_page)  # the same, kept
        assert not real_page._impl_obj.listeners("console")  # the last test's listener is gone
        page.goto(server.url)
        assert page.evaluate(STORED) == [None, ""]
        assert again.real.cookies() == []
    finally:
        again.close()


def test_other_options_get_another_context(server: Server, browser: KeptBrowser) -> None:
    real_context, _ = leave_traces(browser, server.url)
    other = browser.new_context(**{**OPTIONS, "locale": "fr-FR"})
    try:
        assert other.real is not real_context
    finally:
        other.close()


def test_what_clearing_cannot_undo_closes_the_page_and_its_context(
    server: Server, browser: KeptBrowser
) -> None:
    context = browser.new_context(**OPTIONS)
    page = context.new_page()
    page.route("**/api/games", lambda route: route.abort())  # a route outlives the document
    page.goto(server.url)
    real_context, real_page = context.real, page.real
    context.close()
    assert real_page.is_closed()
    again = browser.new_context(**OPTIONS)
    try:
        assert again.real is not real_context
    finally:
        again.close()


FRAMES_IN_A_SECOND = """() => new Promise(done => {
  let frames = 0;
  const start = performance.now();
  const tick = () => {
    if (performance.now() - start >= 1000) return done(frames);
    frames++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""


def test_a_page_lent_again_is_drawn_at_full_rate(server: Server, browser: KeptBrowser) -> None:
    """Chromium draws a context's pages behind the front one a few times a second, and
    Playwright's waits poll on frames: a kept page lent while its context holds others would
    make every wait on it last seconds (a Delivery game by clicks took 83 s instead of 3)."""
    first = browser.new_context(**OPTIONS)
    for _ in range(2):
        first.new_page().goto(server.url)
    first.close()
    again = browser.new_context(**OPTIONS)
    try:
        pages = [again.new_page() for _ in range(2)]
        assert {page.real for page in pages} == set(again.real.pages)  # both kept pages lent again
        pages[1].goto(server.url)
        assert pages[1].evaluate(FRAMES_IN_A_SECOND) >= 10  # 60 drawn; 1 to 3 for a page behind
    finally:
        again.close()
