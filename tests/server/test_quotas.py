"""Quotas (issue 28): tables created per address per hour, unfinished tables per address, bot
seats per address and overall, WebSocket connections per address. Past one, a 429 in the one
error shape says which limit (with its number) and when to try again (``Retry-After`` and the
sentence), and nothing is created; a finished table gives its counts back; this machine has
its own, generous limits; a trusted proxy's clients are counted apart."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.quotas import LOOPBACK, OverQuota, PerAddress, Quotas, Tally, counted_as
from robotable.server.store import open_store

pytestmark = pytest.mark.timeout(120)

SOMEONE = ("203.0.113.7", 4000)
SOMEONE_ELSE = ("198.51.100.2", 4000)
TWO_PEOPLE = {"game": "dr2d", "seats": ["human", "human"], "timers": False}
"""A table that changes only when a person acts: nothing ends it but a concession."""
PERSON_AND_BOT = {"game": "dr2d", "seats": ["human", "bot"], "timers": False}
"""One bot seat; the bot waits for the person's turn to come round."""
T0 = 1_800_000_000.0


class Clock:
    """The server's clock, moved by hand: the hour's window slides without sleeping."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def limits(**numbers: int) -> PerAddress:
    """Generous limits but the ones named."""
    return PerAddress(**({"tables_per_hour": 100, "running_tables": 100, "bot_seats": 100} | numbers))


@contextmanager
def serving(
    tmp_path: Path, quotas: Quotas, *, clock: Clock | None = None, proxies: tuple[str, ...] = ()
) -> Iterator[TestClient]:
    """The application running (started and stopped once), for clients of any address
    (:func:`client_of`)."""
    app = create_app(
        open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"),
        clock=clock or Clock(),
        quotas=quotas,
        trusted_proxies=proxies,
    )
    with TestClient(app, client=("127.0.0.1", 1)) as running:
        yield running


def client_of(running: TestClient, address: tuple[str, int]) -> TestClient:
    """A client from ``address`` of the running application: on its event loop, where its
    tables live (a client of its own would start the application again, on another loop)."""
    client = TestClient(running.app, client=address)
    client.portal = running.portal
    return client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def created(client: TestClient, body: dict[str, Any], **headers: str) -> dict[str, Any]:
    answer = client.post("/api/tables", json=body, headers=headers)
    assert answer.status_code == 201, answer.text
    return answer.json()


def concede(client: TestClient, table: dict[str, Any]) -> None:
    """At two seats the other seat wins at once: the game is over."""
    answer = client.post(
        f"/api/tables/{table['table']}/actions", json={"action": "concede"}, headers=bearer(table["token"])
    )
    assert answer.status_code == 200 and answer.json()["state"]["outcome"] is not None, answer.text


def assert_refused(answer: Any, limit: str, most: int, retry_after: int, words: str) -> None:
    assert answer.status_code == 429, answer.text
    body = answer.json()
    assert body["code"] == "quota" and body["params"] == {
        "limit": limit,
        "most": most,
        "retry_after": retry_after,
    }
    assert words in body["error"] and body["error_fr"], body
    assert answer.headers["Retry-After"] == str(retry_after)


def stored(running: TestClient) -> int:
    return running.app.state.hall.store.count()  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- tables an hour


def test_tables_an_hour_are_refused_past_the_limit_and_the_hour_slides(tmp_path: Path) -> None:
    clock = Clock()
    with serving(tmp_path, Quotas(address=limits(tables_per_hour=3)), clock=clock) as server:
        someone = client_of(server, SOMEONE)
        for minute in range(3):
            clock.now = T0 + 60 * minute
            created(someone, TWO_PEOPLE)
        refused = someone.post("/api/tables", json=TWO_PEOPLE)
        # the first creation leaves the hour 58 minutes from now
        assert_refused(refused, "tables_per_hour", 3, 3600 - 120, "at most 3 an hour from one address")
        assert refused.json()["error"].endswith("try again in 58 minutes")
        assert refused.json()["error_fr"].endswith("réessayez dans 58 minutes")
        assert stored(server) == 3  # the refusal created nothing
        assert created(client_of(server, SOMEONE_ELSE), TWO_PEOPLE)  # another address goes on
        clock.now = T0 + 3600  # the first creation is an hour old: one more
        created(someone, TWO_PEOPLE)
        clock.now = T0 + 3600 + 15
        refused = someone.post("/api/tables", json=TWO_PEOPLE)
        assert_refused(refused, "tables_per_hour", 3, 45, "try again in 45 seconds")
        assert stored(server) == 5


def test_a_game_played_again_is_not_a_new_table_of_the_hour(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(address=limits(tables_per_hour=1))) as server:
        someone = client_of(server, SOMEONE)
        first = created(someone, TWO_PEOPLE)
        concede(someone, first)
        again = someone.post(f"/api/tables/{first['table']}/again", headers=bearer(first["token"]))
        assert again.status_code == 200, again.text
        assert_refused(someone.post("/api/tables", json=TWO_PEOPLE), "tables_per_hour", 1, 3600, "an hour")


# --------------------------------------------------------------------------- unfinished tables


def test_unfinished_tables_are_refused_past_the_limit_until_one_is_over(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(address=limits(running_tables=2))) as server:
        someone = client_of(server, SOMEONE)
        tables = [created(someone, TWO_PEOPLE) for _ in range(2)]
        refused = someone.post("/api/tables", json={**TWO_PEOPLE, "seats": ["human", "open"]})
        assert_refused(refused, "running_tables", 2, 60, "at most 2 at once from one address")
        assert refused.json()["error"].endswith("until one of their games is over: try again in 60 seconds")
        assert stored(server) == 2
        concede(someone, tables[0])  # over: it no longer counts
        created(someone, TWO_PEOPLE)
        assert_refused(someone.post("/api/tables", json=TWO_PEOPLE), "running_tables", 2, 60, "at most 2")


def test_a_game_played_again_counts_as_an_unfinished_table(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(address=limits(running_tables=1))) as server:
        someone = client_of(server, SOMEONE)
        first = created(someone, TWO_PEOPLE)
        concede(someone, first)
        assert someone.post(f"/api/tables/{first['table']}/again", headers=bearer(first["token"])).is_success
        assert_refused(someone.post("/api/tables", json=TWO_PEOPLE), "running_tables", 1, 60, "at most 1")


# --------------------------------------------------------------------------- bot seats


def test_bot_seats_of_one_address_are_refused_past_the_limit_until_a_game_is_over(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(address=limits(bot_seats=3))) as server:
        someone = client_of(server, SOMEONE)
        first = created(someone, PERSON_AND_BOT)
        created(someone, {**PERSON_AND_BOT, "seats": ["human", "bot", "bot"]})
        refused = someone.post("/api/tables", json=PERSON_AND_BOT)
        assert_refused(refused, "bot_seats", 3, 60, "at most 3 bot seats at once")
        assert "they hold 3, this asks for 1 more" in refused.json()["error"]
        assert stored(server) == 2
        assert created(someone, TWO_PEOPLE)  # a table of people only is not a bot
        assert created(client_of(server, SOMEONE_ELSE), PERSON_AND_BOT)  # nor another address's bots
        concede(someone, first)  # its bot seat is free again
        created(someone, PERSON_AND_BOT)


def test_bot_seats_overall_are_refused_past_the_limit_whoever_asks(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(bot_seats_overall=3)) as server:
        someone, someone_else = client_of(server, SOMEONE), client_of(server, SOMEONE_ELSE)
        first = created(someone, PERSON_AND_BOT)
        created(someone, PERSON_AND_BOT)
        refused = someone_else.post("/api/tables", json={**PERSON_AND_BOT, "seats": ["human", "bot", "bot"]})
        assert_refused(refused, "bot_seats_overall", 3, 60, "at most 3 bot seats at once on this server")
        assert stored(server) == 2
        created(someone_else, PERSON_AND_BOT)  # one more fits
        assert_refused(someone_else.post("/api/tables", json=PERSON_AND_BOT), "bot_seats_overall", 3, 60, "")
        concede(someone, first)
        created(someone_else, PERSON_AND_BOT)


def test_a_seat_handed_to_a_bot_is_a_bot_seat_and_past_the_limit_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path, Quotas(address=limits(bot_seats=1))) as server:
        someone = client_of(server, SOMEONE)
        people = created(someone, TWO_PEOPLE)
        hand_over = f"/api/tables/{people['table']}/seats/1/bot"
        handed = someone.post(hand_over, json={}, headers=bearer(people["token"]))
        assert handed.status_code == 200, handed.text
        assert_refused(someone.post("/api/tables", json=PERSON_AND_BOT), "bot_seats", 1, 60, "they hold 1")
        other = created(someone, TWO_PEOPLE)
        refused = someone.post(
            f"/api/tables/{other['table']}/seats/1/bot", json={}, headers=bearer(other["token"])
        )
        assert_refused(refused, "bot_seats", 1, 60, "at most 1 bot seats")
        seats = someone.get(f"/api/tables/{other['table']}").json()["seats"]
        assert [seat["kind"] for seat in seats] == ["human", "human"]  # nothing changed


def test_counts_do_not_outlive_their_reason(tmp_path: Path) -> None:
    """Finished tables leave the counts at the next check, an address's hour after the hour:
    a server that runs for months keeps no count of what is gone."""
    clock = Clock()
    with serving(tmp_path, Quotas(address=limits(running_tables=3)), clock=clock) as server:
        someone = client_of(server, SOMEONE)
        for table in [created(someone, TWO_PEOPLE) for _ in range(3)]:
            concede(someone, table)
        clock.now = T0 + 3600 + 61
        created(client_of(server, SOMEONE_ELSE), TWO_PEOPLE)
        tally = server.app.state.hall.quotas  # type: ignore[attr-defined]
        assert [claim.address for claim in tally.claims.values()] == [SOMEONE_ELSE[0]]
        assert list(tally.created) == [SOMEONE_ELSE[0]]


def test_a_table_that_could_not_be_stored_counts_for_nothing() -> None:
    tally = Tally(Quotas(address=limits(tables_per_hour=1, bot_seats=2)), tables=list, clock=Clock())
    claim = tally.claim("t1", "203.0.113.7", ["human", "bot", "bot"])
    with pytest.raises(OverQuota, match="at most 1 an hour"):
        tally.claim("t2", "203.0.113.7", ["human"])
    tally.cancel("t1", claim)
    assert not tally.claims and not tally.created
    tally.claim("t2", "203.0.113.7", ["bot", "bot"])


# --------------------------------------------------------------------------- this machine


def test_this_machine_has_generous_limits_that_still_exist(tmp_path: Path) -> None:
    assert Quotas().of("127.0.0.1") == LOOPBACK == Quotas().of("::1") == Quotas().of("::ffff:127.0.0.2")
    assert Quotas().of("203.0.113.7") == PerAddress() and Quotas().of("testclient") == PerAddress()
    tally = Tally(Quotas(), tables=list, clock=Clock())
    for number in range(40):  # forty bot-only tables of four bots, as the flood test makes them
        tally.claim(f"t{number}", "127.0.0.1", ["bot:expert"] * 4)
    assert sum(claim.bot_seats for claim in tally.claims.values()) == 160
    with serving(tmp_path, Quotas()) as server:  # past a club's hour and unfinished tables
        local = client_of(server, ("127.0.0.1", 4000))
        for _ in range(PerAddress().tables_per_hour + 1):
            created(local, TWO_PEOPLE)
    with serving(tmp_path, Quotas(loopback=limits(running_tables=2))) as server:  # the limits exist
        local = client_of(server, ("127.0.0.1", 4000))
        created(local, TWO_PEOPLE), created(local, TWO_PEOPLE)
        assert_refused(local.post("/api/tables", json=TWO_PEOPLE), "running_tables", 2, 60, "at most 2")


# --------------------------------------------------------------------------- connections


def wait_until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.01)


def hello(socket: Any) -> dict[str, Any]:
    message = socket.receive_json()
    socket.receive_json()  # its state
    return message


def test_connections_of_one_address_are_refused_past_the_limit_and_taken_again_after_one_closes(
    tmp_path: Path,
) -> None:
    with serving(tmp_path, Quotas(address=limits(sockets=2))) as server:
        someone = client_of(server, SOMEONE)
        table = created(someone, TWO_PEOPLE)
        path = f"/ws/tables/{table['table']}?token={table['token']}"
        with someone.websocket_connect(path) as first, someone.websocket_connect(path) as second:
            assert hello(first)["type"] == hello(second)["type"] == "hello"
            with someone.websocket_connect(path) as third:
                closing = third.receive_json()
                assert closing == {
                    "type": "closing",
                    "code": "quota",
                    "reason": "too many connections: at most 2 at once from one address (close a tab): "
                    "try again in 60 seconds",
                    "reason_fr": "trop de connexions : au plus 2 à la fois depuis une même adresse (fermez "
                    "un onglet) : réessayez dans 60 secondes",
                }
            with client_of(server, SOMEONE_ELSE).websocket_connect(path) as other:  # another address
                assert hello(other)["type"] == "hello"
            first.close()
            wait_until(lambda: server.app.state.hall.quotas.sockets[SOMEONE[0]] == 1)  # its end counted
            with someone.websocket_connect(path) as again:  # one closed: room for one
                assert hello(again)["type"] == "hello"
        assert not server.app.state.hall.quotas.sockets  # every connection given back


def test_an_ipv6_network_of_64_bits_is_one_client() -> None:
    """A home connection is given a whole /64: each of its addresses is the same client."""
    tally = Tally(Quotas(address=limits(running_tables=1, sockets=1)), tables=list, clock=Clock())
    tally.claim("t1", "2001:db8:1:2::1", ["human"])
    with pytest.raises(OverQuota, match="at most 1 at once"):
        tally.claim("t2", "2001:db8:1:2:ffff::7", ["human"])
    tally.claim("t3", "2001:db8:1:3::1", ["human"])  # another network
    tally.claim("t4", "::ffff:203.0.113.7", ["human"])  # IPv4 written as IPv6 is that IPv4 address
    with pytest.raises(OverQuota):
        tally.claim("t5", "203.0.113.7", ["human"])
    tally.open_socket("2001:db8:1:2::1")
    with pytest.raises(OverQuota, match="at most 1 at once"):
        tally.open_socket("2001:db8:1:2::2")
    tally.close_socket("2001:db8:1:2::1")
    assert not tally.sockets
    assert counted_as("::1") == "::1" and counted_as("testclient") == "testclient"


# --------------------------------------------------------------------------- behind a proxy


def test_a_trusted_proxys_clients_are_counted_each_by_its_own_address(tmp_path: Path) -> None:
    quotas = Quotas(address=limits(running_tables=1))
    with serving(tmp_path, quotas, proxies=("10.0.0.0/8",)) as server:
        proxy = client_of(server, ("10.0.0.2", 4000))
        created(proxy, TWO_PEOPLE, **{"X-Forwarded-For": "203.0.113.9"})
        refused = proxy.post(
            "/api/tables", json=TWO_PEOPLE, headers={"X-Forwarded-For": "6.6.6.6, 203.0.113.9"}
        )
        assert_refused(refused, "running_tables", 1, 60, "at most 1")  # what it claimed is ignored
        created(proxy, TWO_PEOPLE, **{"X-Forwarded-For": "203.0.113.10"})  # another client of the proxy
        stranger = client_of(server, SOMEONE)  # not a proxy: its header is not believed
        created(stranger, TWO_PEOPLE, **{"X-Forwarded-For": "192.0.2.1"})
        refused = stranger.post("/api/tables", json=TWO_PEOPLE, headers={"X-Forwarded-For": "192.0.2.2"})
        assert_refused(refused, "running_tables", 1, 60, "at most 1")


def test_a_tables_creator_is_known_by_its_id_for_the_costly_actions_share() -> None:
    from robotable.server.quotas import Quotas, Tally

    tally = Tally(Quotas(), lambda: [], lambda: 1_000.0)
    tally.claim("t1", "203.0.113.5", ["human"])
    tally.claim("t2", None, ["human"])
    assert tally.address_of("t1") == "203.0.113.5"
    assert tally.address_of("t2") is None and tally.address_of("unknown") is None
