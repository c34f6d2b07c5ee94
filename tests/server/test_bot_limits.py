"""A bot account's own limits (issue 32, "Limits"), whatever address it runs from: its token's
API requests (a bucket of its own, not its address's), its WebSocket connections, and its
unfinished tables (``serve --bot-tables``; past them a seat offered to it stays offered). Each
refusal says which limit in English and French, with ``Retry-After``, and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.quotas import DEFAULT_QUOTAS, PerAddress, Quotas
from robotable.server.store import open_store
from tests.server.test_accounts import OWN, cheap_hashes, client_of, sign_up  # noqa: F401

pytestmark = pytest.mark.timeout(60)

UNIVERSITY = "203.0.113.9"
"""One address many bots run behind."""
TWO_SEATS = {"game": "dr2d", "seats": ["human", "open"], "timers": False}
"""A table nothing ends but a concession (at two seats, the other wins at once)."""


@contextmanager
def serving(tmp_path: Path, quotas: Quotas = DEFAULT_QUOTAS) -> Iterator[TestClient]:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), quotas=quotas, bots_in_threads=True)
    with TestClient(app, client=("127.0.0.1", 50000)) as running:
        sign_up(running, "Ann")
        yield running


def bot(server: TestClient, name: str, address: str = UNIVERSITY) -> TestClient:
    """A bot made by Ann (signed in on ``server``), as its program from ``address`` sees the server."""
    made = server.post("/api/account/bots", json={"name": name}, headers=OWN)
    assert made.status_code == 201, made.text
    return client_of(server, address, headers={"Bot-Token": made.json()["token"]})


def refused_for(answer: Any, limit: str) -> dict[str, Any]:
    assert answer.status_code == 429, answer.text
    body = answer.json()
    assert body["code"] == "quota" and body["params"]["limit"] == limit, body
    assert int(answer.headers["Retry-After"]) >= 1 and body["error"] and body["error_fr"] != body["error"]
    return body


def test_a_bot_s_requests_have_their_own_bucket_not_its_address_s(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        marvin, robbie = bot(server, "Marvin"), bot(server, "Robbie")
        burst = 30  # the defaults: 10 a second, bursts of 30
        server.app.state.bot_requests.clock = lambda: 1000.0  # type: ignore[attr-defined]  # time stands still
        table = marvin.post("/api/tables", json=TWO_SEATS).json()["table"]
        answers = [marvin.get("/api/bot").status_code for _ in range(burst - 2)]
        with marvin.websocket_connect(f"/ws/tables/{table}") as socket:  # an opening is a request too
            assert socket.receive_json()["type"] == "hello"
        assert answers == [200] * (burst - 2)
        body = refused_for(marvin.get("/api/bot"), "bot_requests")
        assert "10 a second" in body["error"] and "10 par seconde" in body["error_fr"]
        with marvin.websocket_connect(f"/ws/tables/{table}") as socket:
            closing = socket.receive_json()
        assert closing["code"] == "quota" and "10 par seconde" in closing["reason_fr"], closing
        # another bot behind the same address, and a person there, are not slowed by Marvin
        assert robbie.get("/api/bot").status_code == 200
        assert client_of(server, UNIVERSITY).get("/api/tables").status_code == 200
        # and the bots' requests did not use up the address: sixty more of a person's pass
        person = client_of(server, UNIVERSITY)
        assert all(person.get("/api/games").status_code == 200 for _ in range(55))


def test_the_host_sets_a_bot_s_rate_and_the_account_page_says_it(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(bot_requests=2)) as server:  # ``serve --bot-requests 2``
        limits = server.get("/api/account/bots").json()["limits"]
        assert limits == {"tables": 8, "per_second": 2, "burst": 6}
        marvin = bot(server, "Marvin")
        server.app.state.bot_requests.clock = lambda: 1000.0  # type: ignore[attr-defined]  # time stands still
        assert [marvin.get("/api/bot").status_code for _ in range(6)] == [200] * 6
        body = refused_for(marvin.get("/api/bot"), "bot_requests")
        assert "2 a second" in body["error"] and "2 par seconde" in body["error_fr"]


def test_a_made_up_token_counts_toward_its_address(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        stranger = client_of(server, UNIVERSITY, headers={"Bot-Token": "made-up"})
        answers = [stranger.get("/api/bot").status_code]
        while answers[-1] != 429 and len(answers) < 400:  # the address's own limit: 60 at once, 10 a second
            answers.append(stranger.get("/api/bot").status_code)
        assert answers[0] == 401 and answers[-1] == 429 and len(answers) > 60
        assert server.app.state.bot_requests.known == {}  # type: ignore[attr-defined]


def test_a_revoked_token_is_forgotten_at_once(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        marvin = bot(server, "Marvin")
        assert marvin.get("/api/bot").status_code == 200
        assert len(server.app.state.bot_requests.known) == 1  # type: ignore[attr-defined]
        assert server.post("/api/account/bots/Marvin/revoke", headers=OWN).status_code == 204
        assert server.app.state.bot_requests.known == {}  # type: ignore[attr-defined]
        assert marvin.get("/api/bot").status_code == 401


def test_a_bot_s_connections_count_toward_it_not_its_address(tmp_path: Path) -> None:
    quotas = Quotas(address=PerAddress(sockets=2), bot_tables=1)  # a bot: 2 x 1 + 4 connections
    assert quotas.bot_sockets == 6
    with serving(tmp_path, quotas) as server:
        marvin = bot(server, "Marvin")
        created = marvin.post("/api/tables", json=TWO_SEATS)
        assert created.status_code == 201, created.text
        path = f"/ws/tables/{created.json()['table']}"
        sockets = [marvin.websocket_connect(path) for _ in range(6)]
        try:
            for socket in sockets:
                socket.__enter__()
                assert socket.receive_json()["seat"] == 0  # past the address's two
            with marvin.websocket_connect(path) as seventh:
                closing = seventh.receive_json()
            assert closing["type"] == "closing" and closing["code"] == "quota", closing
            assert "at most 6" in closing["reason"] and "au plus 6" in closing["reason_fr"]
            tally = server.app.state.hall.quotas  # type: ignore[attr-defined]
            assert list(tally.bot_sockets.values()) == [6] and not tally.sockets
        finally:
            for socket in sockets:
                socket.__exit__(None, None, None)


def test_a_bot_sits_at_most_its_cap_of_tables_and_an_offer_waits_for_one_to_end(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(bot_tables=2)) as server:
        marvin = bot(server, "Marvin", "127.0.0.1")
        tables = [marvin.post("/api/tables", json=TWO_SEATS).json() for _ in range(2)]
        body = refused_for(marvin.post("/api/tables", json=TWO_SEATS), "bot_tables")
        assert body["params"]["most"] == 2 and "2 unfinished tables" in body["error"]
        assert "2 tables en cours" in body["error_fr"]
        ann_open = server.post("/api/tables", json=TWO_SEATS, headers=OWN).json()
        refused_for(marvin.post(f"/api/tables/{ann_open['table']}/join", json={}), "bot_tables")
        challenge = {**TWO_SEATS, "seats": ["human", "invite:Marvin"]}
        offered = server.post("/api/tables", json=challenge, headers=OWN)  # the offer is made all the same
        assert offered.status_code == 201, offered.text
        table = offered.json()["table"]
        refused_for(marvin.post(f"/api/tables/{table}/join", json={"seat": 1}), "bot_tables")
        listed = marvin.get("/api/bot/tables").json()
        assert [o["table"] for o in listed["offered"]] == [table], "the offer stays"
        assert len(listed["playing"]) == 2
        assert marvin.get(f"/api/tables/{tables[0]['table']}").json()["seat"] == 0  # its seats play on
        conceded = marvin.post(f"/api/tables/{tables[0]['table']}/actions", json={"action": "concede"})
        assert conceded.json()["state"]["outcome"] is not None  # one game over: room for one
        taken = marvin.post(f"/api/tables/{table}/join", json={"seat": 1})
        assert taken.status_code == 200, taken.text
        assert server.get(f"/api/tables/{table}").json()["seats"][1]["name"] == "Marvin"
        refused_for(marvin.post("/api/tables", json=TWO_SEATS), "bot_tables")
        # a person is never held by a bot's cap, nor is a table of bots only that the bot makes
        for _ in range(3):
            assert server.post("/api/tables", json=TWO_SEATS, headers=OWN).status_code == 201
        only_bots = {"game": "dr2d", "seats": ["bot:easy", "bot:easy"], "timers": False}
        assert marvin.post("/api/tables", json=only_bots).status_code == 201


def test_the_cap_comes_from_the_command_line_a_variable_or_a_settings_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from robotable.cli import serve
    from robotable.cli.main import app
    from tests.server import process

    handed: list[Quotas] = []

    def run(store: Any, listener: Any, settings: Any, _uvicorn: Any) -> None:
        handed.append(settings.quotas)
        listener.close()
        store.close()

    monkeypatch.setattr(serve, "_run", run)
    settings = tmp_path / "serve.toml"
    settings.write_text(f'db = "sqlite:///{tmp_path / "db.sqlite3"}"\nbot-tables = 3\n', encoding="utf-8")
    port = ["--port", str(process.free_port())]
    for env, line, expected in [
        ({}, [], 3),
        ({"ROBOTABLE_BOT_TABLES": "5"}, [], 5),
        ({}, ["--bot-tables", "2"], 2),
    ]:
        done = CliRunner().invoke(app, ["serve", "--config", str(settings), *port, *line], env=env)
        assert done.exit_code == 0, done.output
        assert handed[-1].bot_tables == expected
    refused = CliRunner().invoke(app, ["serve", "--config", str(settings), "--bot-tables", "0"])
    assert refused.exit_code == 2 and "--bot-tables" in refused.output
