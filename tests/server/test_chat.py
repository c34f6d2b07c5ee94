"""A short chat per table (issue 29), over the table's WebSocket, on SQLite and PostgreSQL: a
seated person says something (``say``), every connection of the table hears it (``chat``),
seats and spectators alike; the text is cleaned to plain text, refused when empty, too long,
too fast, at a full table or from a spectator (``chat_refused``, in English and French, nothing
stored); it is stored before anyone hears it, so a reconnection and a restarted server greet
with it (``chat_history``); it never reaches the game's record."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server import chat
from robotable.server.app import create_app
from robotable.server.chat_store import ChatStore
from robotable.server.store import StoreError, open_store

pytestmark = pytest.mark.timeout(180)

Socket = Any
Message = dict[str, Any]


@contextlib.contextmanager
def serving(url: str) -> Iterator[TestClient]:
    """A server on ``url``: stopped at the end of the block, and a new one on the same database
    is the same server restarted."""
    app = create_app(open_store(url), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


@pytest.fixture
def server(url: str) -> Iterator[TestClient]:  # the conftest's ``server``, on each database
    with serving(url) as client:
        yield client


def new_table(server: TestClient, game: str = "delivery", seats: int = 2) -> Message:
    body = {"game": game, "seats": ["human"] * seats, "seed": 5, "timers": False, "name": "Ann"}
    created = server.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    return created.json()  # type: ignore[no-any-return]


@contextlib.contextmanager
def joined(
    server: TestClient, table: str, token: str | None = None
) -> Iterator[tuple[Socket, list[Message]]]:
    """A connection to the table, and its greeting (hello, state, and the chat's history if any)."""
    query = f"?token={token}" if token else ""
    with server.websocket_connect(f"/ws/tables/{table}{query}") as socket:
        greeting = [socket.receive_json(), socket.receive_json()]
        assert [m["type"] for m in greeting] == ["hello", "state"]
        socket.send_json({"type": "ping"})  # the history, if any, comes before the pong
        while (message := socket.receive_json())["type"] != "pong":
            greeting.append(message)
        yield socket, greeting


def history(greeting: list[Message]) -> list[Message]:
    found = [m for m in greeting if m["type"] == "chat_history"]
    return found[0]["messages"] if found else []


def say(socket: Socket, text: Any) -> Message:
    """Send ``say`` and return the answer the sender gets: its own ``chat``, or a refusal (a
    fresh ``state`` may come first, as in :func:`quiet`)."""
    socket.send_json({"type": "say", "text": text})
    while (message := socket.receive_json())["type"] == "state":
        pass
    return message  # type: ignore[no-any-return]


def next_of(socket: Socket, kind: str) -> Message:
    while (message := socket.receive_json())["type"] != kind:
        pass
    return message


def quiet(socket: Socket) -> None:
    """No chat message was queued for ``socket`` (a ping is answered next). A fresh ``state``
    may come first: the seats change when a person's leaving is marked, which takes a moment."""
    socket.send_json({"type": "ping"})
    while (message := socket.receive_json())["type"] == "state":
        pass
    assert message["type"] == "pong"


def test_two_seats_and_a_spectator_hear_what_each_seat_says(server: TestClient) -> None:
    made = new_table(server)
    table = made["table"]
    with (
        joined(server, table, made["token"]) as (ann, _),
        joined(server, table, made["invites"]["1"]) as (bob, _),
        joined(server, table) as (watcher, _),
    ):
        before = time.time()
        said = say(ann, "good luck!")
        assert said == {
            "type": "chat",
            "seat": 0,
            "name": "Ann",
            "text": "good luck!",
            "at": said["at"],
            "number": 1,
        }
        assert before - 1 <= said["at"] <= time.time() + 1
        assert next_of(bob, "chat") == said and next_of(watcher, "chat") == said
        answer = say(bob, "you too")
        assert (answer["seat"], answer["name"], answer["text"], answer["number"]) == (
            1,
            "seat 1",
            "you too",
            2,
        )
        assert next_of(ann, "chat") == answer and next_of(watcher, "chat") == answer


def test_a_message_is_cleaned_to_plain_text(server: TestClient) -> None:
    made = new_table(server)
    with joined(server, made["table"], made["token"]) as (ann, _):
        said = say(ann, "  well\r\n\n played\t\tBob\x00\x07\u202e!  \u2028 e\u0301  ")
        assert said["text"] == "well played Bob! \u00e9"


def test_html_in_a_message_comes_back_as_the_same_text(server: TestClient) -> None:
    made = new_table(server)
    text = '<b>hi</b> & <script>alert("x")</script> &amp;'
    with joined(server, made["table"], made["token"]) as (ann, _):
        assert say(ann, text)["text"] == text  # escaping is the page's job: it shows text as text
    with joined(server, made["table"]) as (_, greeting):
        assert history(greeting)[0]["text"] == text


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "empty"), (" \n\t\x00\u202e ", "empty"), ("x" * 301, "too_long"), ("é" * 301, "too_long")],
)
def test_an_empty_or_too_long_message_is_refused_and_nothing_is_said(
    server: TestClient, text: str, code: str
) -> None:
    made = new_table(server)
    with (
        joined(server, made["table"], made["token"]) as (ann, _),
        joined(server, made["table"], made["invites"]["1"]) as (bob, _),
    ):
        refused = say(ann, text)
        assert refused["type"] == "chat_refused" and refused["code"] == code, refused
        assert refused["reason"] and refused["reason_fr"] and refused["reason"] != refused["reason_fr"]
        if code == "too_long":
            assert refused["params"] == {"most": 300, "length": 301}
        quiet(bob)  # the other seat heard nothing
        assert say(ann, "x" * 300)["number"] == 1  # the longest message goes, as the first one
    assert ChatStore(store_of(server)).recent(made["table"], 10)[0].text == "x" * 300


def store_of(server: TestClient) -> Any:
    return server.app.state.hall.store  # type: ignore[attr-defined]


def test_a_spectator_cannot_chat(server: TestClient) -> None:
    made = new_table(server)
    with joined(server, made["table"]) as (watcher, _):
        refused = say(watcher, "hello")
        assert refused["type"] == "chat_refused" and refused["code"] == "spectator"
        assert "spectators" in refused["reason"] and "spectateurs" in refused["reason_fr"]
    assert ChatStore(store_of(server)).recent(made["table"], 10) == []


@pytest.mark.parametrize(
    "message", [{"type": "say"}, {"type": "say", "text": 5}, {"type": "say", "text": ["hi"]}]
)
def test_a_say_without_text_is_malformed(server: TestClient, message: Message) -> None:
    made = new_table(server)
    with joined(server, made["table"], made["token"]) as (ann, _):
        ann.send_json(message)
        answer = ann.receive_json()
        assert answer["type"] == "error" and answer["code"] == "malformed", answer


def test_a_seat_saying_too_much_too_fast_is_told_when_to_try_again(server: TestClient) -> None:
    made = new_table(server)
    with (
        joined(server, made["table"], made["token"]) as (ann, _),
        joined(server, made["table"], made["invites"]["1"]) as (bob, _),
    ):
        for number in range(1, 6):
            assert say(ann, f"message {number}")["number"] == number
        refused = say(ann, "one more")
        assert refused["type"] == "chat_refused" and refused["code"] == "rate", refused
        assert refused["params"]["most"] == 5 and refused["params"]["seconds"] == 10
        assert 1 <= refused["params"]["retry_after"] <= 10
        assert f"wait {refused['params']['retry_after']} seconds" in refused["reason"]
        assert [next_of(bob, "chat")["number"] for _ in range(5)] == [1, 2, 3, 4, 5]
        assert say(bob, "my turn to speak")["number"] == 6  # the limit is per seat


def test_a_full_tables_chat_refuses_more(server: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat, "MOST_KEPT", 2)
    made = new_table(server)
    with joined(server, made["table"], made["token"]) as (ann, _):
        say(ann, "one"), say(ann, "two")
        refused = say(ann, "three")
        assert refused["code"] == "full" and refused["params"] == {"most": 2}, refused
    assert [line.text for line in ChatStore(store_of(server)).recent(made["table"], 10)] == ["one", "two"]


def test_a_reconnection_and_a_restart_are_greeted_with_the_last_messages(url: str) -> None:
    with serving(url) as server:
        made = new_table(server)
        table = made["table"]
        with joined(server, table, made["token"]) as (ann, greeting):
            assert history(greeting) == []  # no chat yet: no history message at all
            said = [say(ann, "first"), say(ann, "<i>second</i>")]
        with joined(server, table, made["invites"]["1"]) as (_, greeting):
            assert history(greeting) == said
    with serving(url) as server, joined(server, table) as (_, greeting):  # restarted: read from the store
        assert history(greeting) == said


def test_the_greeting_holds_the_last_fifty_messages(server: TestClient) -> None:
    made = new_table(server)
    chats = ChatStore(store_of(server))
    for number in range(1, 56):
        chats.add(made["table"], number % 2, float(number), f"line {number}", most=1000)
    with joined(server, made["table"]) as (_, greeting):
        messages = history(greeting)
    assert [m["number"] for m in messages] == list(range(6, 56))
    assert messages[-1] == {
        "type": "chat",
        "seat": 1,
        "name": "seat 1",
        "text": "line 55",
        "at": 55.0,
        "number": 55,
    }


def test_a_finished_tables_chat_stays_open_and_stays_out_of_its_record(server: TestClient) -> None:
    made = new_table(server)
    table, headers = made["table"], {"Authorization": f"Bearer {made['invites']['1']}"}
    with joined(server, table, made["token"]) as (ann, _):
        say(ann, "secret words")
        assert server.post(
            f"/api/tables/{table}/actions", json={"action": "concede"}, headers=headers
        ).is_success
        assert next_of(ann, "update")["state"]["outcome"] is not None
        assert say(ann, "good game")["number"] == 2  # open after the end, as on Board Game Arena
    record = server.get(f"/api/tables/{table}/record")
    assert record.status_code == 200 and "secret" not in record.text and "good game" not in record.text
    with joined(server, table) as (_, greeting):
        assert [m["text"] for m in history(greeting)] == ["secret words", "good game"]


def wait_for(check: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_two_processes_on_postgresql_hear_each_others_chat(cluster: str) -> None:
    """Two servers on one PostgreSQL database (two applications in this process, each with its
    own connections and its own listener): what a seat says at one is heard at the other."""
    from .. import pg

    url = pg.new_database(cluster, "chat_two")
    with serving(url) as first, serving(url) as second:
        made = new_table(first)
        table = made["table"]
        with (
            joined(first, table, made["token"]) as (ann, _),
            joined(second, table, made["invites"]["1"]) as (bob, _),
        ):
            said = say(ann, "can you hear me?")
            assert next_of(bob, "chat") == said
            answer = say(bob, "loud and clear")
            assert answer["number"] == 2 and next_of(ann, "chat") == answer


def test_hostile_text_lone_surrogates_and_the_widest_message_within_the_socket_limit(
    server: TestClient,
) -> None:
    made = new_table(server)
    with joined(server, made["table"], made["token"]) as (ann, _):
        ann.send_text('{"type": "say", "text": "a\\ud800b\\udfff"}')  # not text: cannot even be stored
        assert ann.receive_json()["text"] == "ab"
        widest = json.dumps({"type": "say", "text": "\U0001f916" * 300})  # 12 bytes a character, escaped
        assert len(widest) < 4096
        ann.send_text(widest)
        assert ann.receive_json()["text"] == "\U0001f916" * 300
        ann.send_text(json.dumps({"type": "say", "text": "x" * 5000}))  # past the socket's 4096 bytes
        answer = ann.receive_json()
        assert answer["type"] == "error" and answer["code"] == "too_long"
    assert [len(line.text) for line in ChatStore(store_of(server)).recent(made["table"], 10)] == [2, 300]


def test_a_person_who_conceded_still_chats_under_their_name(server: TestClient) -> None:
    """At three seats the game goes on with a bot at the conceder's seat: the person watches it
    through their token, and still talks to the table."""
    made = new_table(server, seats=3)
    conceded = server.post(
        f"/api/tables/{made['table']}/actions",
        json={"action": "concede"},
        headers={"Authorization": f"Bearer {made['token']}"},
    )
    assert conceded.status_code == 200, conceded.text
    with joined(server, made["table"], made["token"]) as (ann, _):
        said = say(ann, "well played, both of you")
        assert (said["type"], said["seat"], said["name"]) == ("chat", 0, "Ann")


def test_a_chat_the_database_cannot_read_costs_the_greeting_its_history_not_the_game(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = new_table(server)
    with joined(server, made["table"], made["token"]) as (ann, _):
        say(ann, "before")
    room = server.app.state.hall.tables[made["table"]].chat  # type: ignore[attr-defined]
    room.loaded, room.last = False, 0  # as if the table were new in this process
    room.lines.clear()
    failing = ChatStore.recent

    def unreadable(self: ChatStore, table_id: str, count: int) -> Any:
        raise StoreError("the database is away")

    monkeypatch.setattr(ChatStore, "recent", unreadable)
    with joined(server, made["table"], made["invites"]["1"]) as (bob, greeting):
        assert history(greeting) == [] and greeting[1]["state"]["legal"]  # the game is served
        refused = say(bob, "hello?")
        assert refused["type"] == "error" and refused["code"] == "server_failed"  # nothing said
        monkeypatch.setattr(ChatStore, "recent", failing)
        assert say(bob, "hello again")["number"] == 2  # read once the database is back, told once
        quiet(bob)
    assert [line.text for line in ChatStore(store_of(server)).recent(made["table"], 10)] == [
        "before",
        "hello again",
    ]
