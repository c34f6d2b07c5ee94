"""A table page past its address's connections (issue 28): the server closes it with the code
``quota`` before its greeting, and the page says so in its own language (not the server's
English sentence) and does not reconnect in a loop. This machine's limit is lowered to one
connection in a server of its own."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server import process
from .conftest import new_page

pytestmark = pytest.mark.timeout(180)

LAUNCH = """
import sys
from robotable.cli import serve
from robotable.server.quotas import PerAddress, Quotas
from robotable.server.store import open_store

port, url = int(sys.argv[1]), sys.argv[2]
settings = serve.AppSettings(think_limit=30.0, quotas=Quotas(loopback=PerAddress(sockets=1)))
serve._run(open_store(url), serve._bind("127.0.0.1", port), settings, serve._uvicorn_settings(False))
"""
CONNECTED = {"en-GB": "Connected.", "fr-FR": "Connecté."}
SAID = {
    "en-GB": "Closed by the server: too many pages of this server are open from your address: close one, "
    "then reload this one.",
    "fr-FR": "Fermé par le serveur : trop de pages de ce serveur sont ouvertes depuis votre adresse : "
    "fermez-en une, puis rechargez celle-ci.",
}


@pytest.fixture(scope="module")
def one_connection_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    folder: Path = tmp_path_factory.mktemp("quota")
    port = process.free_port()
    command = [sys.executable, "-c", LAUNCH, str(port), f"sqlite:///{folder / 'tables.sqlite3'}"]
    with process.launched(command, folder, port) as server:
        yield server


@pytest.mark.parametrize("locale", sorted(SAID))
def test_a_page_past_the_connections_of_its_address_says_so_and_stays_closed(
    one_connection_server: process.Server, browser: Any, locale: str
) -> None:
    url = one_connection_server.url
    body = {"game": "delivery", "seats": ["human", "human"], "timers": False}
    table = httpx.post(f"{url}/api/tables", json=body, timeout=30).json()["table"]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale, bypass_csp=True)
    try:
        watching = new_page(context, f"{url}/tables/{table}")  # a spectator: the one connection
        watching.wait_for_function(
            "said => document.querySelector('#connection').textContent === said", arg=CONNECTED[locale]
        )
        refused = new_page(context, f"{url}/tables/{table}")
        refused.wait_for_function(
            "said => document.querySelector('#connection').textContent === said", arg=SAID[locale]
        )
        refused.wait_for_timeout(1500)  # a page told why it was closed stays closed
        assert refused.inner_text("#connection") == SAID[locale] and not refused.errors
        assert not watching.errors
    finally:
        context.close()
