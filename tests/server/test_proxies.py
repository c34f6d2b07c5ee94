"""Forwarded addresses (issue 28): ``X-Forwarded-For`` is believed only from the proxies named by
``robotable serve --trusted-proxy``; from them the client is the right-most address that is
not a trusted proxy, and the request limit counts that address. From any other peer the header
changes nothing (uvicorn believed it from 127.0.0.1 by default: a rotating header made one
client many)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from robotable.core.errors import InvalidOptions
from robotable.server.app import create_app
from robotable.server.proxies import TrustedProxies
from robotable.server.store import open_store

from . import process

pytestmark = pytest.mark.timeout(180)

REQUESTS = 150
"""More than the burst of 60 a second allows, sent within a second or two."""


def refused(url: str, forwarded_for: list[str]) -> int:
    """How many of :data:`REQUESTS` list requests, each with its ``X-Forwarded-For``, got 429."""
    with httpx.Client(base_url=url, timeout=10.0) as client:
        answers = [
            client.get("/api/tables", headers={"X-Forwarded-For": forwarded_for[i % len(forwarded_for)]})
            for i in range(REQUESTS)
        ]
    return sum(answer.status_code == 429 for answer in answers)


def test_the_header_of_a_peer_not_named_changes_nothing(tmp_path: Path) -> None:
    """From this machine, not named as a proxy: the peer is this machine (not limited), whatever
    the header claims; uvicorn used to take the header's address, and limit it."""
    with process.running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path) as server:
        assert refused(server.url, ["203.0.113.9"]) == 0


def test_behind_a_named_proxy_the_client_it_saw_is_limited_whatever_it_claims(tmp_path: Path) -> None:
    """The proxy (this machine) appends the address it saw; the client rotates what it claims
    to the left of it: the limit counts the one address the proxy saw."""
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    server = process.start(db, tmp_path, extra=["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1"])
    try:
        rotating = [f"198.51.100.{i % 250}, 203.0.113.9" for i in range(REQUESTS)]
        assert refused(server.url, rotating) > 0
        other = httpx.get(f"{server.url}/api/tables", headers={"X-Forwarded-For": "203.0.113.10"})
        assert other.status_code == 200  # another client behind the proxy goes on
    finally:
        process.stop(server)


def test_serve_refuses_a_trusted_proxy_that_is_not_an_address(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match=r"--trusted-proxy 'a\.proxy': an IP address"):
        process.start(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, extra=["--trusted-proxy", "a.proxy"])


@pytest.mark.parametrize(
    ("peer", "forwarded_for", "client"),
    [
        ("198.51.100.7", "203.0.113.9", "198.51.100.7"),  # not a proxy: its header is ignored
        ("10.0.0.2", None, "10.0.0.2"),  # a proxy that sent no header
        ("10.0.0.2", "203.0.113.9", "203.0.113.9"),
        ("10.0.0.2", "6.6.6.6, 203.0.113.9", "203.0.113.9"),  # what the client claimed is left of it
        ("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.3", "203.0.113.9"),  # a chain of trusted proxies
        ("10.0.0.2", "10.0.0.4, 10.0.0.3", "10.0.0.2"),  # only proxies: the nearest one
        ("127.0.0.1", "2001:db8::5", "2001:db8::5"),
        ("::ffff:127.0.0.1", "203.0.113.9", "203.0.113.9"),  # IPv4 written as IPv6
        ("10.0.0.2", "203.0.113.9 , ", "203.0.113.9"),
        ("10.0.0.2", "x" * 5000, "x" * 64),  # a broken header: cut short
    ],
)
def test_the_client_is_the_rightmost_address_no_trusted_proxy_wrote(
    peer: str, forwarded_for: str | None, client: str
) -> None:
    trusted = TrustedProxies(["10.0.0.0/8", "127.0.0.1"])
    assert trusted.client(peer, forwarded_for) == client


@pytest.mark.parametrize("wrong", ["a.proxy", "", "10.0.0.0/33", "1.2.3.4.5"])
def test_a_trusted_proxy_is_an_address_or_a_network(wrong: str) -> None:
    with pytest.raises(InvalidOptions, match="an IP address"):
        TrustedProxies([wrong])


def test_a_peer_not_named_is_limited_by_its_own_address_whatever_it_forwards(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), trusted_proxies=["10.0.0.0/8"])
    with TestClient(app, client=("198.51.100.7", 50000)) as client:
        answers = [
            client.get("/api/tables", headers={"X-Forwarded-For": f"203.0.113.{i % 250}"}) for i in range(100)
        ]
    assert sum(answer.status_code == 429 for answer in answers) > 0
