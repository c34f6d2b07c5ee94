"""Turn-based tables with a time bank per seat (issue 29), on the server's clock (a hand-moved
one): created with ``turn_based``, refused clearly when its settings are bad; the game's own
timers do not run; each seat's bank runs down while the table waits for it (every awaited seat
at once in a simultaneous phase), is derived from the stored actions' times (the same after a
restart), and a seat out of time is handed to the stand-in bot, everyone told."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.play.time_banks import BankRule
from robotable.server.app import create_app
from robotable.server.seats import SeatRow
from robotable.server.store import new_header, open_store

from .clients import socket_path
from .test_stand_in import wait_until

pytestmark = pytest.mark.timeout(120)

HOUR, DAY = 3600, 86400
START = 1_000_000.0


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextmanager
def serving(url: str, clock: Clock) -> Iterator[TestClient]:
    app = create_app(open_store(url), clock=clock, think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


def create(client: TestClient, seats: int, **extra: Any) -> dict[str, Any]:
    body = {"game": "dr2d", "seats": ["human"] * seats, "seed": 4, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {0: created["token"], **{int(seat): token for seat, token in created["invites"].items()}}


def state(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.get(f"/api/tables/{table}", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def play(client: TestClient, table: str, token: str, action: str | None = None) -> Any:
    action = action or state(client, table, token)["legal"][0]
    headers = {"Authorization": f"Bearer {token}"}
    return client.post(f"/api/tables/{table}/actions", json={"action": action}, headers=headers)


def until_programming(client: TestClient, table: str, tokens: dict[int, str], clock: Clock) -> None:
    """Every robot placed, one seat after the other, an hour each."""
    while (shown := state(client, table))["view"]["phase"] != "programming":
        clock.now += HOUR
        assert play(client, table, tokens[shown["to_act"][0]]).status_code == 200


def program(client: TestClient, table: str, token: str, seat: int) -> None:
    """A whole program for ``seat`` (its registers, then done)."""
    while seat in state(client, table)["to_act"]:
        assert play(client, table, token).status_code == 200


def lefts(shown: dict[str, Any]) -> list[float]:
    return [bank["left"] for bank in shown["banks"]["seats"]]


def wake(client: TestClient, table: str) -> None:
    """The clock moved by hand: the table's driver looks again now (a real clock wakes it)."""
    live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
    client.portal.call(live.changed.set)  # type: ignore[union-attr]


def test_a_simultaneous_phase_spends_every_awaited_bank_and_a_restart_derives_the_same(url: str) -> None:
    """DR2D, four seats, 3 days each: placing one robot at a time spends only the placer's bank;
    programming (all four at once) spends every seat still programming; the game's programming
    time-out never fires; a restarted server derives the very same banks."""
    clock = Clock(START)
    options = {"program_timeout_s": 60.0}  # the game's timer: not on a turn-based table
    with serving(url, clock) as client:
        created = create(client, 4, options=options, turn_based={"bank": 3 * DAY, "per_move": 0})
        table, tokens = created["table"], tokens_of(created)
        shown = state(client, table)
        assert shown["banks"] == {
            "bank": 3 * DAY,
            "per_move": 0,
            "seats": [
                {"left": 3 * DAY, "running": seat == shown["to_act"][0], "out": False} for seat in range(4)
            ],
        }
        until_programming(client, table, tokens, clock)
        assert lefts(state(client, table)) == [3 * DAY - HOUR] * 4  # each placed in an hour
        clock.now += 2 * HOUR
        program(client, table, tokens[2], 2)  # seat 2's program is done after two hours
        clock.now += 5 * HOUR  # far past the 60-second time-out: nobody is made to stay
        shown = state(client, table)
        assert shown["timers"] == [] and shown["view"]["phase"] == "programming"
        spent = [8 * HOUR, 8 * HOUR, 3 * HOUR, 8 * HOUR]  # seat 2 stopped when its program was done
        assert lefts(shown) == [3 * DAY - hours for hours in spent]
        assert [bank["running"] for bank in shown["banks"]["seats"]] == [True, True, False, True]
        before = state(client, table, tokens[0])
    with serving(url, clock) as again:  # the stored actions' times alone give the banks back
        after = state(again, table, tokens[0])
        assert after["banks"] == before["banks"] and after["version"] == before["version"]


def test_a_move_adds_its_time_never_past_the_start(url: str) -> None:
    clock = Clock(START)
    with serving(url, clock) as client:
        created = create(client, 2, turn_based={"bank": DAY, "per_move": 6 * HOUR})
        table, tokens = created["table"], tokens_of(created)
        first = state(client, table)["to_act"][0]
        clock.now += 2 * HOUR
        assert play(client, table, tokens[first]).status_code == 200  # 2 hours spent, 6 added
        assert lefts(state(client, table))[first] == DAY  # capped at the start
        second = state(client, table)["to_act"][0]
        clock.now += 10 * HOUR
        assert play(client, table, tokens[second]).status_code == 200
        # the last robot placed, programming begins: still awaited, its turn goes on, nothing added
        assert lefts(state(client, table))[second] == DAY - 10 * HOUR
        clock.now += HOUR
        program(client, table, tokens[second], second)  # its program done: its move has ended
        assert lefts(state(client, table))[second] == DAY - 11 * HOUR + 6 * HOUR


def test_a_seat_out_of_time_goes_to_the_stand_in_and_its_person_keeps_watching(url: str) -> None:
    """DR2D, two people, one hour each: Ann programs, Bob does not; when his hour is up the
    driver hands his seat to the game's medium bot for the rest of the game, everyone is told,
    the bot programs for him; Bob's link still shows him his seat, but he plays no more."""
    clock = Clock(START)
    with serving(url, clock) as client:
        created = create(client, 2, turn_based={"bank": HOUR, "per_move": 0}, name="Ann")
        table, tokens = created["table"], tokens_of(created)
        for _ in range(2):  # each places a robot within a minute
            clock.now += 60
            shown = state(client, table)
            assert play(client, table, tokens[shown["to_act"][0]]).status_code == 200
        program(client, table, tokens[0], 0)
        with client.websocket_connect(socket_path(table, tokens[0])) as ann:
            ann.receive_json()
            legal = state(client, table, tokens[1])["legal"]
            clock.now += HOUR  # Bob's hour, less the minute of his placing, is over
            assert state(client, table, tokens[1])["legal"] == []  # out of time: nothing to choose
            refused = play(client, table, tokens[1], legal[0])  # too late, even before the hand-over
            assert refused.status_code == 409 and refused.json()["code"] == "out_of_time"
            assert "réserve de temps" in refused.json()["error_fr"]
            wake(client, table)
            for _ in range(200):
                message = ann.receive_json()
                if message["type"] == "notice":
                    break
            assert message == {"type": "notice", "notice": "out-of-time", "seat": 1, "bot": "medium"}
        seats = wait_until(
            lambda: (s := state(client, table)["seats"])[1]["kind"] == "bot:medium" and s, 60.0
        )
        assert seats[1]["name"] == "seat 1"  # the person's name stays on the seat
        # the stand-in programs for Bob: the table goes on past programming
        wait_until(lambda: 1 not in state(client, table)["to_act"] or state(client, table)["outcome"], 60.0)
        bob = state(client, table, tokens[1])
        assert bob["seat"] == 1 and bob["banks"]["seats"][1] == {"left": 0.0, "running": False, "out": True}
        assert bob["legal"] == []  # he watches his seat: nothing to choose
        assert play(client, table, tokens[1], "concede").status_code == 409  # his seat plays on without him
        with serving(url, clock) as again:  # after a restart: still the bot's, still Bob's to watch
            assert state(again, table, tokens[1])["seats"][1]["kind"] == "bot:medium"


def test_a_table_s_own_stand_in_takes_a_seat_out_of_time(url: str) -> None:
    clock = Clock(START)
    with serving(url, clock) as client:
        created = create(client, 2, turn_based={"bank": HOUR}, stand_in="easy")
        table = created["table"]
        (first,) = state(client, table)["to_act"]
        live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
        assert live._next_wake() == START + HOUR  # the driver wakes when the first bank runs out
        clock.now += HOUR + 1  # the first placer never came
        wake(client, table)
        seats = wait_until(lambda: (s := state(client, table)["seats"])[first]["kind"] != "human" and s, 60.0)
        assert seats[first]["kind"] == "bot:easy" and seats[1 - first]["kind"] == "human"
        wakes = live._next_wake()  # its bank, run out, wakes the driver no more (no busy loop)
        assert wakes is None or wakes > clock.now


def test_the_store_hands_a_seat_out_of_time_over_once(url: str) -> None:
    """Two processes' drivers (a lease just changed hands) both see the bank run out: the store
    changes the seat only while it is still a person's, so one of them hands it over."""
    store = open_store(url)
    bank = BankRule(HOUR, 0)
    store.create(new_header("t1", "dr2d", "dr2d-1", {}, seed=1, created=0.0, bank=bank), [
        SeatRow(0, "human", "Ann", "hash0"), SeatRow(1, "human", "Bob", "hash1"),
    ])  # fmt: skip
    assert store.load("t1").bank == bank
    handed = SeatRow(1, "bot:medium", "Bob", "hash1")
    assert store.set_seat("t1", handed, only_if_kind=("human", "open"))
    assert not store.set_seat("t1", SeatRow(1, "bot:easy", "Bob", "hash1"), only_if_kind=("human", "open"))
    assert store.seats("t1")[1] == handed


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"turn_based": {"bank": 60}}, "bank", "from 3,600 to 2,592,000 (1 hour to 30 days)"),
        ({"turn_based": {"bank": 40 * DAY}}, "bank", "from 3,600 to 2,592,000"),
        ({"turn_based": {"bank": DAY, "per_move": 2 * DAY}}, "per_move", "from 0 to 86,400"),
        ({"turn_based": {"bank": "3 days"}}, "bank", "whole number"),
        ({"turn_based": {"per_move": HOUR}}, "bank", "is missing"),
        ({"turn_based": [DAY]}, "turn_based", "must be an object"),
        ({"turn_based": {"bank": DAY, "max": 1}}, "turn_based", "no setting 'max'"),
        ({"turn_based": {"bank": DAY}, "timers": True}, "timers", "leave the game's clocks off"),
    ],
)
def test_bad_bank_settings_are_refused_clearly_and_make_nothing(
    server: TestClient, extra: dict[str, Any], field: str, words: str
) -> None:
    body = {"game": "dr2d", "seats": ["human", "human"], **extra}
    refused = server.post("/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    answer = refused.json()
    assert words in answer["error"] and answer["error_fr"] and answer["error_fr"] != answer["error"]
    assert answer["code"] == "bad_bank" and answer["params"]["field"] == field
    assert answer["option"] == "turn_based"
    assert server.get("/api/tables").json() == []


def test_a_game_that_needs_its_clock_refuses_a_bank_too(server: TestClient) -> None:
    body = {"game": "ricochet", "seats": ["human", "human"], "turn_based": {"bank": DAY}}
    refused = server.post("/api/tables", json=body)
    assert refused.status_code == 400 and refused.json()["code"] == "needs_clock"


def test_timers_off_without_a_bank_is_as_before(server: TestClient) -> None:
    created = server.post("/api/tables", json={"game": "dr2d", "seats": ["human", "human"], "timers": False})
    shown = server.get(f"/api/tables/{created.json()['table']}").json()
    assert "banks" not in shown and shown["timers"] == []
    real = server.post("/api/tables", json={"game": "dr2d", "seats": ["human", "human"]}).json()
    assert "banks" not in server.get(f"/api/tables/{real['table']}").json()


def test_two_processes_one_hand_over_and_everyone_told(cluster: str) -> None:
    """Two server processes on one PostgreSQL database, one clock: the table's driver (the
    process that created it) hands the seat out of time over; the other process only hears of
    it, and tells its own connections (the notice comes from the seat's stored change)."""
    from .. import pg

    url = pg.new_database(cluster, "banks_two")
    clock = Clock(START)
    with serving(url, clock) as first, serving(url, clock) as second:
        created = create(first, 2, turn_based={"bank": HOUR})
        table, tokens = created["table"], tokens_of(created)
        (placer,) = state(second, table)["to_act"]
        other = second.app.state.hall.tables[table]  # type: ignore[attr-defined]
        driver = first.app.state.hall.tables[table]  # type: ignore[attr-defined]
        assert driver.driven and not other.driven
        with second.websocket_connect(socket_path(table, tokens[1 - placer])) as watcher:
            watcher.receive_json()
            clock.now += HOUR
            wake(second, table)  # not its table to drive: nothing happens there
            wake(first, table)
            notices = []
            while not notices:
                message = watcher.receive_json()
                if message["type"] == "notice":
                    notices.append(message)
            assert notices == [{"type": "notice", "notice": "out-of-time", "seat": placer, "bot": "medium"}]
        assert state(second, table)["seats"][placer]["kind"] == "bot:medium"
        assert not other.driven
