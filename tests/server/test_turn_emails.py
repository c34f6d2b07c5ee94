"""Turn emails (issue 29, notifications), with a real SMTP server on this machine (``aiosmtpd``,
as in test_mail.py): a person who asked for them, with a confirmed address, gets one email when
a turn-based table begins to wait for them, and no other for that table until they have played
there; in their language, with the table's link; none at a real-time table, none without the
wish or the address; a mail server that fails or is slow never holds the game; the rows go with
the account and with the game's end; two processes telling the same person: one email."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from email.message import EmailMessage
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from robotable.server import schema
from robotable.server.app import create_app
from robotable.server.seats import SeatRow
from robotable.server.store import open_store
from robotable.server.turn_email_store import TurnEmailStore
from robotable.server.turn_emails import news_of

from .test_accounts import OWN, PASSWORD, cheap_hashes, client_of, sign_up  # noqa: F401
from .test_mail import Clock, Inbox, count, local_smtp, post, settings_of

pytestmark = pytest.mark.timeout(120)

DAY = 86400


class PickyInbox(Inbox):
    """An SMTP server that may refuse every message, or take its time."""

    def __init__(self) -> None:
        super().__init__()
        self.refuse = False
        self.delay = 0.0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.refuse:
            return "554 no thank you"
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def inbox() -> Iterator[PickyInbox]:
    with local_smtp(PickyInbox()) as handler:
        yield handler


@pytest.fixture
def server(url: str, inbox: PickyInbox) -> Iterator[TestClient]:
    store = open_store(url)
    application = create_app(store, clock=Clock(), mail=settings_of(inbox))
    with TestClient(application, client=("127.0.0.1", 50000)) as client:
        yield client
    store.close()


def person(
    server: TestClient, name: str, *, address: bool = True, notify: bool = True, lang: str = "en"
) -> TestClient:
    """A signed-in person on their own device; with a confirmed address (set in the store: the
    confirmation is test_mail.py's) and the wish for email, in ``lang``."""
    device = client_of(server)
    sign_up(device, name)
    account = device.get("/api/account").json()
    if address:
        with server.app.state.hall.store.engine.begin() as connection:  # type: ignore[attr-defined]
            connection.execute(
                update(schema.accounts)
                .where(schema.accounts.c.name == name)
                .values(email=f"{name.lower()}@example.org", email_key=f"{name.lower()}@example.org",
                        email_confirmed=1.0)
            )  # fmt: skip
    if notify:
        answer = post(device, "notify", {"notify_by_email": True, "language": lang})
        assert answer.status_code == 200, answer.text
    assert account["name"] == name
    return device


def table_of(ann: TestClient, bob: TestClient, *, turn_based: bool = True) -> str:
    """A DR2D table of Ann's (seat 0) and Bob's (seat 1): they place robots one after the other."""
    body: dict[str, Any] = {"game": "dr2d", "seats": ["human", "human"], "seed": 1, "name": "x"}
    if turn_based:
        body["turn_based"] = {"bank": 3 * DAY, "per_move": 0}
    answer = ann.post("/api/tables", json=body, headers=OWN)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table, invite = created["table"], created["invites"]["1"]
    joined = bob.post(
        f"/api/tables/{table}/join", json={"name": "x"}, headers={**OWN, "Authorization": f"Bearer {invite}"}
    )
    assert joined.status_code == 200, joined.text
    assert [seat.get("account") for seat in ann.get(f"/api/tables/{table}").json()["seats"]] == [True, True]
    return table


def play(device: TestClient, table: str) -> None:
    """The device's seat (its account's) plays its first legal action."""
    shown = device.get(f"/api/tables/{table}").json()
    assert shown["seat"] in shown["to_act"], shown["to_act"]
    answer = device.post(f"/api/tables/{table}/actions", json={"action": shown["legal"][0]}, headers=OWN)
    assert answer.status_code == 200, answer.text


def program(device: TestClient, table: str) -> None:
    """The device's seat programs its robot, register after register."""
    while (shown := device.get(f"/api/tables/{table}").json())["seat"] in shown["to_act"]:
        play(device, table)


def settle(server: TestClient) -> None:
    """Every action's turn emails looked at, and sent."""
    server.portal.call(server.app.state.hall.turn_emails.settled)  # type: ignore[union-attr,attr-defined]


def turn_emails(inbox: Inbox, to: str) -> list[EmailMessage]:
    return [m for m in inbox.messages if m["To"] == to]


def to_act(server: TestClient, table: str) -> list[int]:
    return server.get(f"/api/tables/{table}").json()["to_act"]


# --------------------------------------------------------------------------- when


def test_one_email_when_it_becomes_their_turn_and_one_more_only_after_they_played(
    server: TestClient, inbox: PickyInbox
) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    table = table_of(ann, bob)
    assert to_act(server, table) == [0]
    settle(server)
    assert inbox.messages == []  # nothing was played yet: Ann made the table, she is at it
    play(ann, table)
    settle(server)
    (first,) = turn_emails(inbox, "bob@example.org")
    assert first["Subject"] == "Your turn at Des Robots et Des Dalles with Ann"
    text = first.get_content()
    assert f"http://testserver/tables/{table}" in text.splitlines()
    assert "http://testserver/account" in text.splitlines()
    assert "Hello Bob," in text and "until you have played there" in text
    assert count(server, schema.turn_emails) == 1
    play(bob, table)  # the last robot placed: both program at once
    settle(server)
    assert to_act(server, table) == [0, 1]
    assert len(turn_emails(inbox, "ann@example.org")) == 1  # the table waits for Ann again
    assert len(turn_emails(inbox, "bob@example.org")) == 1  # Bob just played: he is at the table
    program(bob, table)
    program(ann, table)  # the registers are carried out: the table waits for Bob again
    settle(server)
    assert 1 in to_act(server, table)
    assert len(turn_emails(inbox, "bob@example.org")) == 2  # he played since his first
    assert len(turn_emails(inbox, "ann@example.org")) == 1  # she played last: she is at the table
    assert count(server, schema.turn_emails) == 1


def test_told_again_before_they_played_the_person_gets_no_second_email(
    server: TestClient, inbox: PickyInbox
) -> None:
    """The same news handled twice (a second process, a second action while the table waits for
    Bob): the row's key says he was told; he is told again only once he has played."""
    ann, bob = person(server, "Ann"), person(server, "Bob")
    table = table_of(ann, bob)
    play(ann, table)
    settle(server)
    hall = server.app.state.hall  # type: ignore[attr-defined]
    live = hall.tables[table]
    for _ in range(3):
        server.portal.call(hall.turn_emails.acted, live, 0, set())
        settle(server)
    assert len(turn_emails(inbox, "bob@example.org")) == 1
    play(bob, table)  # the last robot placed: both program
    program(bob, table)
    program(ann, table)  # the registers carried out: the table waits for Bob again
    settle(server)
    assert len(turn_emails(inbox, "bob@example.org")) == 2


def test_two_processes_telling_one_person_at_once_one_of_them_writes_the_row(url: str) -> None:
    """Two stores on one database (two server processes): the insert of the key decides."""
    first, second = open_store(url), open_store(url)
    with first.engine.begin() as connection:
        connection.execute(schema.accounts.insert().values(
            id=1, name="Bob", name_key="bob", password_hash="x", created=0.0, password_changed=0.0,
            email="bob@example.org", email_key="bob@example.org", email_confirmed=1.0, notify_by_email=True,
        ))  # fmt: skip
        connection.execute(schema.game_tables.insert().values(
            id="t", game="dr2d", rules_version="1", options="{}", seed=1, created=0.0, timers=False,
            version=3, status="running",
        ))  # fmt: skip
    results: list[Any] = []
    start = threading.Barrier(2)

    def claim(store: Any) -> None:
        start.wait()
        results.append(TurnEmailStore(store).claim(1, "t", 1, 3, 10.0))

    threads = [threading.Thread(target=claim, args=(store,)) for store in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(result is None for result in results) == [False, True]
    mine = TurnEmailStore(first)
    assert mine.claim(1, "t", 1, 5, 11.0) is None  # told already, not played since
    mine.played("t", 1, 4)
    assert mine.claim(1, "t", 1, 5, 12.0) is not None  # played action 4: told of action 5
    mine.played("t", 1, 5)  # an action before the row's: a quicker process's row stays
    assert mine.claim(1, "t", 1, 6, 13.0) is None
    first.close()
    second.close()


# --------------------------------------------------------------------------- who, and where


def test_no_email_without_the_wish_or_a_confirmed_address(server: TestClient, inbox: PickyInbox) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob", notify=False)
    table = table_of(ann, bob)
    play(ann, table)
    cy, dee = person(server, "Cyd"), person(server, "Dee", address=False, notify=False)
    other = table_of(cy, dee)
    play(cy, other)
    settle(server)
    assert inbox.messages == [] and count(server, schema.turn_emails) == 0


def test_no_email_at_a_real_time_table(server: TestClient, inbox: PickyInbox) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    table = table_of(ann, bob, turn_based=False)
    play(ann, table)
    assert to_act(server, table) == [1]
    settle(server)
    assert inbox.messages == [] and count(server, schema.turn_emails) == 0


def test_a_french_person_is_written_to_in_french(server: TestClient, inbox: PickyInbox) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob", lang="fr")
    table = table_of(ann, bob)
    play(ann, table)
    settle(server)
    (message,) = turn_emails(inbox, "bob@example.org")
    assert message["Subject"] == "À vous de jouer à Des Robots et Des Dalles avec Ann"
    text = message.get_content()
    assert "Bonjour Bob," in text and f"http://testserver/tables/{table}" in text.splitlines()
    assert "M'écrire quand c'est mon tour" in text and "http://testserver/account" in text.splitlines()


def test_the_language_is_the_page_s_when_it_last_added_an_address_or_set_the_wish(
    server: TestClient, inbox: PickyInbox
) -> None:
    dee = person(server, "Dee", address=False, notify=False)
    assert post(dee, "email", {"address": "dee@example.org", "language": "fr"}).status_code == 202
    assert dee.get("/api/account/export").json()["email_language"] == "fr"
    with server.app.state.hall.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(update(schema.accounts).values(email="dee@example.org", email_confirmed=1.0))
    assert post(dee, "notify", {"notify_by_email": True}).status_code == 200  # no language: kept
    assert dee.get("/api/account/export").json()["email_language"] == "fr"
    assert post(dee, "notify", {"notify_by_email": True, "language": "en"}).status_code == 200
    assert dee.get("/api/account/export").json()["email_language"] == "en"


def fake_table(rows: list[SeatRow], to_act: list[int], *, timers: bool = False, out: int = -9) -> Any:
    """What :func:`news_of` reads of a live table."""
    game = SimpleNamespace(title="Robotick", words=lambda lang: {"title": "Robotick"})
    return SimpleNamespace(
        id="t", version=7, timers=timers, over=False, seats=rows, game=game,
        table=SimpleNamespace(to_act=lambda: to_act), timed_out=lambda seat: seat == out,
    )  # fmt: skip


def test_only_a_person_s_seat_held_by_an_account_and_played_by_that_person_is_told() -> None:
    ann = SeatRow(0, "human", "Ann", None, account=1)
    bob = SeatRow(1, "human", "Bob", None, account=2)
    news = news_of(fake_table([ann, bob], [1]), 0, {0})
    assert news is not None and news.played == 0
    assert [(w.account, w.seat, w.names) for w in news.waited] == [(2, 1, {"en": ["Ann"], "fr": ["Ann"]})]
    assert news.game == {"en": "Robotick", "fr": "Robotick"}
    away = replace(bob, stand_in="bot:easy")  # its stand-in plays for Bob: nothing waits for him
    guest = replace(bob, account=None)
    for rows in ([ann, away], [ann, guest], [ann, SeatRow(1, "bot:easy", "easy", None)]):
        assert news_of(fake_table(rows, [1]), 0, {0}).waited == []  # type: ignore[union-attr]
    assert news_of(fake_table([ann, bob], [1], out=1), 0, {0}).waited == []  # type: ignore[union-attr]
    assert news_of(fake_table([ann, bob], [0, 1]), 0, {0, 1}).waited == []  # type: ignore[union-attr]
    assert news_of(fake_table([ann, bob], [1], timers=True), 0, {0}) is None  # a real-time table
    assert news_of(fake_table([replace(ann, account=None), guest], [1]), 0, {0}) is None  # guests


# --------------------------------------------------------------------------- failures and rows


def test_a_mail_server_that_fails_or_is_slow_never_holds_the_game(
    server: TestClient, inbox: PickyInbox, caplog: pytest.LogCaptureFixture
) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    table = table_of(ann, bob)
    inbox.refuse = True
    play(ann, table)
    settle(server)
    assert "could not be sent" in caplog.text and "bob@example.org" not in caplog.text
    assert count(server, schema.turn_emails) == 0  # not sent: his next turn may try again
    inbox.refuse, inbox.delay = False, 3.0
    started = time.monotonic()
    play(bob, table)  # the last robot placed: Ann's email is handed over slowly, meanwhile...
    program(bob, table)  # ... the game goes on
    assert time.monotonic() - started < 2.0
    settle(server)
    assert len(turn_emails(inbox, "ann@example.org")) == 1
    inbox.delay = 0.0
    program(ann, table)  # the table waits for Bob again: his first email failed, this one goes
    settle(server)
    assert len(turn_emails(inbox, "bob@example.org")) == 1


def test_a_stopping_server_gives_the_emails_waiting_a_bounded_time(
    server: TestClient, inbox: PickyInbox, caplog: pytest.LogCaptureFixture
) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    table = table_of(ann, bob)
    inbox.delay = 3.0
    play(ann, table)
    started = time.monotonic()
    server.portal.call(server.app.state.hall.turn_emails.close, 0.3)  # type: ignore[attr-defined]
    assert time.monotonic() - started < 2.0
    assert "still waiting are dropped" in caplog.text
    play(bob, table)  # the game goes on; nothing more is queued
    assert server.app.state.hall.turn_emails.queue.empty()  # type: ignore[attr-defined]


def test_the_rows_go_with_the_account_and_with_the_game_s_end(server: TestClient, inbox: PickyInbox) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    table = table_of(ann, bob)
    play(ann, table)
    settle(server)
    assert count(server, schema.turn_emails) == 1
    exported = bob.get("/api/account/export").json()
    assert exported["email_language"] == "en"
    assert [row["table"] for row in exported["turn_emails"]] == [table]
    answer = bob.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN)
    assert answer.status_code == 204, answer.text
    assert count(server, schema.turn_emails) == 0

    cy, dee = person(server, "Cyd"), person(server, "Dee")
    other = table_of(cy, dee)
    play(cy, other)
    settle(server)
    assert count(server, schema.turn_emails) == 1
    answer = cy.post(f"/api/tables/{other}/actions", json={"action": "concede"}, headers=OWN)
    assert answer.status_code == 200, answer.text
    settle(server)
    assert server.get(f"/api/tables/{other}").json()["outcome"] is not None
    assert count(server, schema.turn_emails) == 0


def test_without_smtp_nothing_is_sent_and_the_export_still_holds_what_is_stored(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with TestClient(create_app(store, clock=Clock()), client=("127.0.0.1", 50000)) as server:
        assert server.app.state.hall.turn_emails is None  # type: ignore[attr-defined]
        ann = client_of(server)
        sign_up(ann, "Ann")
        exported = ann.get("/api/account/export").json()
        assert exported["email_language"] is None and exported["turn_emails"] == []
    store.close()
