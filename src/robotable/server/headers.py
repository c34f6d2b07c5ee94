"""The headers every answer carries, ``HEAD`` for every ``GET``, and the API's own pages.

- ``X-Content-Type-Options: nosniff`` on every answer: a browser never reads a JSON answer (or
  a board's SVG) as something else, a page or a script;
- ``Cache-Control: no-store`` on every answer of ``/api/`` that does not choose its own: the
  tokens of a creation or a join, a seat's state, help and board must not stay in a browser's
  or a proxy's cache (the lobby's game pictures keep theirs: they hold no secret);
- ``HEAD`` is answered wherever ``GET`` is, as ``GET`` without its body (FastAPI's routes
  answer only the methods they name: ``HEAD /`` was a 405);
- ``/docs`` (FastAPI's Swagger UI) only when asked for (``serve --api-docs``), and then with a
  Content-Security-Policy: its page runs a script from a CDN (``cdn.jsdelivr.net``, a floating
  version, no integrity hash) on the server's own origin, where the pages keep seat tokens; a
  server should not run a third party's code there unless its owner chose to. ``/openapi.json``
  (the same description, as data) is always served.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import MutableHeaders

DOCS_CDN = "https://cdn.jsdelivr.net"
"""Where FastAPI's Swagger UI page loads its script and style from."""


class AnswerHeaders:
    """An ASGI layer (outermost) that gives every HTTP answer the headers above and answers
    ``HEAD`` as ``GET`` without a body (its ``Content-Length`` stays the ``GET``'s)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}
        private = scope["path"].startswith("/api/")

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("X-Content-Type-Options", "nosniff")
                if private:
                    headers.setdefault("Cache-Control", "no-store")
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def add_api_docs(app: FastAPI) -> None:
    """``/docs``: FastAPI's Swagger UI over ``/openapi.json``, with a policy that lets its page
    run only its CDN's script and its own inline start-up (by hash), and talk only to this
    server."""
    page = get_swagger_ui_html(openapi_url="/openapi.json", title="robotable API")
    body = bytes(page.body).decode()
    inline = re.findall(r"<script>(.*?)</script>", body, flags=re.DOTALL)
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in inline
    )
    policy = (
        f"default-src 'none'; script-src {DOCS_CDN} {hashes}; style-src {DOCS_CDN} 'unsafe-inline'; "
        "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    )

    @app.get("/docs", include_in_schema=False)
    async def api_docs() -> Response:
        return HTMLResponse(
            body, headers={"Content-Security-Policy": policy, "Referrer-Policy": "no-referrer"}
        )
