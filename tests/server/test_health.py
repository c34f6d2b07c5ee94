"""Issue 31, first slice: ``/healthz``, ``/readyz`` (not ready while stopping, with a schema
behind the program's, or with the database unreachable) and ``/metrics``, read by
``prometheus-client``'s own parser after real play (actions, a commit, a bot's decision, a
refusal, a connection, live tables per game)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from robotable.server.app import create_app
from robotable.server.store import Store, open_store

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def measured(client: TestClient) -> Samples:
    """Every sample of ``/metrics``, parsed by prometheus-client: (name, labels) -> value."""
    answer = client.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


@pytest.fixture
def served(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, bots_in_threads=True), client=("127.0.0.1", 50000)) as client:
        yield client


def test_alive_and_ready(served: TestClient) -> None:
    assert served.get("/healthz").json() == {"alive": True}
    ready = served.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"ready": True, "reasons": []}


def test_not_ready_while_stopping(served: TestClient) -> None:
    served.app.state.hall.closing = True  # type: ignore[attr-defined]
    try:
        answer = served.get("/readyz")
        assert answer.status_code == 503
        assert answer.json() == {"ready": False, "reasons": ["the server is stopping"]}
        assert served.get("/healthz").status_code == 200  # alive all the same
    finally:
        served.app.state.hall.closing = False  # type: ignore[attr-defined]


def test_not_ready_with_a_schema_behind_the_program(served: TestClient, store: Store) -> None:
    config = Config()
    config.set_main_option("script_location", "robotable.server:migrations")
    script = ScriptDirectory.from_config(config)
    older = script.get_revision(script.get_current_head()).down_revision
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = :older"), {"older": older})
    answer = served.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["reasons"] == ["the database's schema is not this version's (run the migrations)"]


def test_not_ready_while_the_database_is_unreachable(cluster: str) -> None:
    from .. import pg

    url = pg.new_database(cluster, "health_unreachable")
    store = open_store(url)
    admin = cluster.replace("postgresql+psycopg://", "postgresql://")
    try:
        with TestClient(create_app(store, bots_in_threads=True)) as client:
            assert client.get("/readyz").status_code == 200
            switch_connections(admin, "health_unreachable", allowed=False)
            answer = client.get("/readyz")
            assert answer.status_code == 503 and not answer.json()["ready"]
            assert answer.json()["reasons"][0].startswith("the database does not answer")
            switch_connections(admin, "health_unreachable", allowed=True)
            assert client.get("/readyz").status_code == 200  # back by itself
    finally:
        store.close()


def switch_connections(admin: str, database: str, *, allowed: bool) -> None:
    """Open or close ``database`` to new connections; closing also ends its open ones."""
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'ALTER DATABASE "{database}" WITH ALLOW_CONNECTIONS {str(allowed).lower()}')
        if not allowed:
            connection.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (database,)
            )


def test_metrics_count_real_play(served: TestClient) -> None:
    body = {"game": "delivery", "seats": ["human", "bot:easy"], "seed": 5, "timers": False}
    created = served.post("/api/tables", json=body).json()
    table, token = created["table"], created["token"]
    headers = {"Authorization": f"Bearer {token}"}
    refused = served.post(f"/api/tables/{table}/actions", json={"action": "no such action"}, headers=headers)
    assert refused.status_code >= 400
    code = refused.json().get("code", f"http_{refused.status_code}")  # a refusal without a code
    with served.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        socket.receive_json()
        state = served.get(f"/api/tables/{table}", headers=headers).json()
        played = served.post(
            f"/api/tables/{table}/actions", json={"action": state["legal"][0]}, headers=headers
        )
        assert played.status_code == 200, played.text
        socket.send_json({"type": "action", "action": "no such action"})
        while (answer := socket.receive_json())["type"] != "refused":
            pass
        thought = ("robotable_bot_think_seconds_count", (("game", "delivery"),))
        seen = wait_for(served, lambda samples: samples.get(thought))
        assert seen[("robotable_connections", ())] == 1
        assert seen[("robotable_errors_total", (("code", answer["code"]),))] == 1  # over the socket
    assert seen[("robotable_action_seconds_count", (("game", "delivery"),))] >= 1
    assert seen[("robotable_commit_seconds_count", ())] >= 1
    assert seen[("robotable_errors_total", (("code", code),))] == 1
    assert seen[("robotable_live_tables", (("game", "delivery"),))] == 1
    assert ("robotable_write_queue", ()) in seen  # read at the scrape (its value: whatever waits then)


def wait_for(client: TestClient, found: Any, seconds: float = 30.0) -> Samples:
    deadline = time.monotonic() + seconds
    while not found(samples := measured(client)):
        assert time.monotonic() < deadline, "not measured in time"
        time.sleep(0.05)
    return samples
