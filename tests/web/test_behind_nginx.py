"""docs/deploy.md's nginx settings, as written there, in front of a real ``robotable serve``:
plain HTTP is sent to HTTPS, a person makes an account and plays a whole game in Chromium over HTTPS
and a WebSocket through the proxy, the server sees the player's address and scheme (the session
cookie is ``Secure``), and /metrics answers this machine. nginx (Debian's) and its certificate
(made by ``openssl`` for the test) are started and removed by the test, by process id."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server import process
from .accounts import a_name, sign_up
from .conftest import new_page
from .test_new_person import NewPerson

DEPLOY = Path(__file__).parents[2] / "docs" / "deploy.md"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REQUIRED = os.environ.get("ROBOTABLE_REQUIRE_BROWSER") == "1"
"""CI installs nginx with Chromium (.ci/run): missing, it is a failure there, a skip elsewhere."""

pytestmark = pytest.mark.timeout(180)


@dataclass
class Proxy:
    https: str
    """The site's address through nginx."""
    http: str
    server: process.Server


def documented_settings() -> str:
    """The ```nginx block of docs/deploy.md."""
    found = re.search(r"```nginx\n(.*?)```", DEPLOY.read_text(encoding="utf-8"), re.DOTALL)
    assert found, "docs/deploy.md has no nginx block"
    return found.group(1)


def localised(settings: str, folder: Path, ports: dict[str, int]) -> str:
    """The documented settings on this machine's free ports and the test's certificate; each
    line replaced must be there exactly once (the page and this test change together)."""
    replaced = {
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{ports['app']};",
        "listen 80;": f"listen 127.0.0.1:{ports['http']};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{ports['https']} ssl http2;",
        "/etc/letsencrypt/live/games.example.org/fullchain.pem": str(folder / "cert.pem"),
        "/etc/letsencrypt/live/games.example.org/privkey.pem": str(folder / "key.pem"),
    }
    for documented, here in replaced.items():
        assert settings.count(documented) == 1, f"docs/deploy.md: {documented!r} once"
        settings = settings.replace(documented, here)
    return settings


def main_settings(folder: Path) -> str:
    """What the distribution's nginx.conf holds around the site's settings, in the test's folder."""
    temps = "\n".join(f"  {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy"))
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers would be nobody, locked out of the folder
    return (
        f"{user}daemon off;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n  access_log {folder / 'access.log'};\n{temps}\n"
        f"  fastcgi_temp_path {folder / 'fastcgi'};\n  uwsgi_temp_path {folder / 'uwsgi'};\n"
        f"  scgi_temp_path {folder / 'scgi'};\n  include {folder / 'robotable.conf'};\n}}\n"
    )


def self_signed(folder: Path) -> None:
    subprocess.run(
        [
            *(
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "1",
                "-subj",
                "/CN=127.0.0.1",
            ),
            *("-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")),
        ],
        check=True,
        capture_output=True,
    )


def wait_for_port(port: int, nginx: subprocess.Popen[bytes], folder: Path) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if nginx.poll() is not None:
            raise AssertionError(f"nginx stopped:\n{(folder / 'error.log').read_text(errors='replace')}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError("nginx did not listen")


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxy]:
    if not Path(NGINX).is_file():
        if REQUIRED:
            pytest.fail("no nginx: apt-get install nginx-light")
        pytest.skip("no nginx (apt-get install nginx-light)")
    folder = tmp_path_factory.mktemp("nginx")
    ports = {"app": process.free_port(), "http": process.free_port(), "https": process.free_port()}
    self_signed(folder)
    (folder / "robotable.conf").write_text(localised(documented_settings(), folder, ports))
    (folder / "nginx.conf").write_text(main_settings(folder))
    server = process.start(
        f"sqlite:///{folder / 'tables.sqlite3'}",
        folder,
        port=ports["app"],
        extra=["--trusted-proxy", "127.0.0.1"],
    )
    nginx = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(ports["https"], nginx, folder)
        yield Proxy(f"https://127.0.0.1:{ports['https']}", f"http://127.0.0.1:{ports['http']}", server)
    finally:
        nginx.terminate()  # nginx's master: a fast stop of its workers too
        try:
            nginx.wait(10)
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.wait(10)
        process.stop(server)


def test_plain_http_is_sent_to_https_and_the_health_and_metrics_answer_through_the_proxy(
    proxy: Proxy,
) -> None:
    sent = httpx.get(f"{proxy.http}/lobby", timeout=10)
    assert sent.status_code == 301 and sent.headers["location"] == "https://127.0.0.1/lobby"
    with httpx.Client(base_url=proxy.https, verify=False, timeout=10) as client:
        assert client.get("/healthz").json() == {"alive": True}
        assert client.get("/readyz").json() == {"ready": True, "reasons": []}
        assert "robotable_connections" in client.get("/metrics").text  # this machine is the operators'


def test_a_person_signs_up_and_plays_a_whole_game_through_the_proxy(proxy: Proxy, browser: Any) -> None:
    """A short Droids game against a bot, played to its end by clicks: every action and its news
    over the WebSocket, through nginx."""
    context = browser.new_context(ignore_https_errors=True, locale="en-GB", bypass_csp=True)
    try:
        page = new_page(context, f"{proxy.https}/account")
        sign_up(page, proxy.https, a_name())  # Host passed on: the site's own page, not another site
        cookie = next(c for c in context.cookies() if c["name"] == "robotable_session")
        assert cookie["secure"]  # the server believed nginx's X-Forwarded-Proto: https
        body = {"game": "droids", "seats": ["human", "bot:easy"], "seed": 5, "options": {"turn_limit": 2}}
        created = page.request.post(f"{proxy.https}/api/tables", data=body).json()
        table = created["table"]
        page.evaluate("() => localStorage.setItem('robotable:movement', 'off')")
        page.goto(f"{proxy.https}/tables/{table}#token={created['token']}")
        page.wait_for_selector("body[data-seat='0'] #board svg", timeout=30_000)
        clicks = NewPerson(page).play()
        assert clicks["decision"] + clicks["board"] > 0, clicks
        page.wait_for_selector("#outcome ol.ranks li", timeout=30_000)
        record = httpx.get(f"{proxy.server.url}/api/tables/{table}/record", timeout=30).json()
        assert record["outcome"] is not None and len(record["actions"]) > 1
        assert not page.errors
    finally:
        context.close()
