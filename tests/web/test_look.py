"""Issue 27, a finished look: the site's icon, the sound on "your turn", the board zoomed and
panned on a phone, in real Chromium."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ..server.process import Server

pytestmark = pytest.mark.timeout(300)

PAGES = ("/", "/tables/none", "/replay", "/learn/ricochet")
FETCHED = "(url) => fetch(url).then((r) => [r.status, r.headers.get('content-type')])"


def test_every_page_links_the_sites_icon_and_the_server_serves_it(server: Server, page_at: Any) -> None:
    """``/favicon.ico`` was a 404 on every page."""
    icon = httpx.get(f"{server.url}/favicon.ico", timeout=30)
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/")
    assert b"<svg" in icon.content and b"<script" not in icon.content
    for path in PAGES:
        page = page_at(server.url + path)
        linked = page.locator("link[rel=icon]").get_attribute("href")
        assert linked == "/favicon.ico", path
        # the browser's own request for it, as a page makes it
        fetched = page.evaluate(FETCHED, linked)
        assert fetched[0] == 200 and fetched[1].startswith("image/svg+xml"), path
