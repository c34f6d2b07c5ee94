"""The headers of every answer (issue 28): ``Cache-Control: no-store`` on every answer that
holds a token or a seat's view, ``X-Content-Type-Options: nosniff`` on JSON, ``HEAD`` wherever
``GET`` is allowed, and ``/docs`` (its script from a CDN) only when asked for, under a
Content-Security-Policy."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.store import open_store

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def table(server: TestClient) -> dict[str, Any]:
    body = {"game": "ricochet", "seats": ["human", "open"], "options": {"chips_to_win": 1}, "seed": 3}
    created = server.post("/api/tables", json=body)
    assert created.status_code == 201
    return {**created.json(), "answer": created}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_private(answer: Any) -> None:
    assert answer.headers.get("cache-control") == "no-store", (answer.request.url, dict(answer.headers))
    assert answer.headers.get("x-content-type-options") == "nosniff", answer.request.url


def test_every_answer_with_a_token_or_a_seats_view_is_not_stored(
    server: TestClient, table: dict[str, Any]
) -> None:
    table_id, mine = table["table"], bearer(table["token"])
    assert_private(table["answer"])  # the creator's token
    joined = server.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    assert_private(joined)  # the joiner's token
    bob = bearer(joined.json()["token"])
    for answer in (
        server.get(f"/api/tables/{table_id}", headers=mine),
        server.get(f"/api/tables/{table_id}"),
        server.post(f"/api/tables/{table_id}/actions", json={"action": "bid 5"}, headers=mine),
        server.post(f"/api/tables/{table_id}/actions", json={"action": "bid 0"}, headers=bob),  # refused
        server.get(f"/api/tables/{table_id}/help", headers=mine),
        server.get(f"/api/tables/{table_id}/board.svg", headers=bob),
        server.get(f"/api/tables/{table_id}/record"),  # refused: not over
        server.get("/api/tables"),
        server.get("/api/tables/nothing"),
    ):
        assert_private(answer)


def test_every_json_answer_says_nosniff(server: TestClient) -> None:
    for answer in (
        server.get("/api/games"),
        server.get("/openapi.json"),
        server.post("/api/tables", json={"game": "chess", "seats": ["human"]}),
        server.post("/api/tables", content=b"not json", headers={"content-type": "application/json"}),
        server.get("/api/games/ricochet/rules"),
    ):
        assert answer.headers["content-type"].startswith("application/json")
        assert answer.headers.get("x-content-type-options") == "nosniff", answer.request.url


def test_the_lobbys_pictures_keep_their_cache(server: TestClient) -> None:
    answer = server.get("/api/games/ricochet/picture.svg")
    assert answer.headers["cache-control"] == "max-age=3600"
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_head_is_answered_wherever_get_is(server: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table"]
    paths = [
        "/",
        f"/tables/{table_id}",
        "/replay",
        "/learn/ricochet",
        "/api/games",
        "/api/tables",
        f"/api/tables/{table_id}",
        f"/api/tables/{table_id}/board.svg",
        f"/api/tables/{table_id}/help",
        "/api/games/ricochet/picture.svg",
        "/api/games/ricochet/rules",
        "/openapi.json",
        "/static/css/site.css",
        "/api/tables/nothing",
    ]
    for path in paths:
        got, head = server.get(path), server.head(path)
        assert head.status_code == got.status_code, (path, head.status_code, got.status_code)
        assert head.content == b"", path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path
    assert server.head("/api/tables/x/join").status_code == 405  # POST only: no GET, no HEAD


def test_api_docs_are_served_only_when_asked_for_and_then_under_a_policy(tmp_path: Path) -> None:
    assert_docs(tmp_path / "without.sqlite3", False)
    assert_docs(tmp_path / "with.sqlite3", True)


def assert_docs(db: Path, api_docs: bool) -> None:
    with app_client(db, api_docs) as client:
        docs = client.get("/docs")
        assert client.get("/openapi.json").status_code == 200
        assert client.get("/redoc").status_code == 404
        if not api_docs:
            assert docs.status_code == 404
            return
        assert docs.status_code == 200
        policy = docs.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "connect-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy and "https://cdn.jsdelivr.net" in policy
        inline = re.findall(r"<script>(.*?)</script>", docs.text, flags=re.DOTALL)
        assert inline, "Swagger UI's start-up script is inline"
        for script in inline:  # the page's own start-up runs, and no other inline script would
            digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy
        assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def app_client(db: Path, api_docs: bool) -> Any:
    app = create_app(open_store(f"sqlite:///{db}"), api_docs=api_docs)
    return TestClient(app, client=("127.0.0.1", 50000))
