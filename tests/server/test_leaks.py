"""Issue 13, hidden information stays on the server: seeded games of every game, two people
each on their own WebSocket and a spectator on a third; every message each one received must
be exactly what its seat's ``view`` and ``events_for`` give at that version (recomputed from
the finished game's record), and nothing else (boardgame.io's leaks of the seed, the initial
state, the log and other players' moves are the checklist). Ricochet has no secret action,
but its bids and views are held to the same rule.

``test_leaks_determinized.py`` checks the same messages the other way round: they must not
change when what the seat cannot see is redrawn."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.game import State
from robotable.core.records import Record
from robotable.play.table import Table
from robotable.server.tokens import hash_token

from .clients import SHORT_GAMES, Client, chooser_for, play_together, policy_for, socket_path

GAMES = sorted(SHORT_GAMES)
STATE_KEYS = {
    *("version", "seat", "view", "to_act", "legal", "timers", "outcome", "now", "seats"),
    *("counters", "guidance"),
}
MESSAGE_KEYS = {
    "hello": {"type", "protocol", "table", "seat"},
    "state": {"type", "state"},
    "update": {"type", "news", "state"},
    "missed": {"type", "news"},
    "accepted": {"type", "number"},
    "refused": {"type", "action", "code", "params", "reason"},
}
OPTIONAL_KEYS = {"refused": {"reason_fr", "behind"}}
"""Fields a message has only sometimes (the game's French, a client behind the table)."""
NEWS_KEYS = {"number", "seat", "action", "events"}
FORBIDDEN_KEYS = {"seed", "rng", "token_hash", "log", "history", "undo"}
"""(``token`` is a game piece in Droids; seat tokens are looked for by value instead.)"""


def plain(value: Any) -> Any:
    """As it travels: JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def keys_anywhere(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_anywhere(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_anywhere(v) for v in value))
    return set()


class Truth:
    """What each seat may know at each version, recomputed from the record alone."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.seats: list[int | None] = [*range(len(record.seats)), None]
        table = Table(games.get(record.game), record.options, seed=record.seed, seats=record.seats)
        self.news: list[dict[int | None, Any]] = []  # index n-1: each seat's news of action n
        self.secret: list[bool] = []
        for seat, text in record.actions:
            accepted = table.submit(seat, text, 0.0)
            self.news.append({s: plain(table.news(accepted, s)) for s in self.seats})
            self.secret.append(type(accepted.action).secret)

    @cache  # noqa: B019 (one Truth per test)
    def state(self, version: int) -> State:
        return games.replay(self.record, stop_after=version)

    def check_state(self, shown: dict[str, Any], seat: int | None) -> None:
        assert set(shown) == STATE_KEYS, f"fields beyond the protocol's: {set(shown) - STATE_KEYS}"
        state = self.state(shown["version"])
        assert shown["seat"] == seat
        assert shown["view"] == plain(state.view(seat)), f"seat {seat}, version {shown['version']}: view"
        # the panels and the guidance are read from that same view: nothing it hides
        game = state.game
        view = state.view(seat)
        assert shown["counters"] == plain(game.counters(view)), f"seat {seat}: counters"
        assert shown["guidance"] == plain(game.guidance(view, seat)), f"seat {seat}: guidance"
        assert shown["to_act"] == plain(state.to_act())
        legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
        assert shown["legal"] == legal
        # a bot's number is public (it names the bot: "Medium bot 2"), and whether a person's name
        # is an account's (a profile's); nothing else is added
        assert all(set(s) - {"number", "account"} == {"seat", "kind", "name"} for s in shown["seats"])
        assert all(s.get("account", True) is True for s in shown["seats"])  # a flag, never an id
        assert all(("number" in s) == s["kind"].startswith("bot:") for s in shown["seats"])

    def check_news(self, news: dict[str, Any], seat: int | None) -> None:
        assert set(news) == NEWS_KEYS
        number = news["number"]
        assert news == self.news[number - 1][seat], f"seat {seat}: the news of action {number}"
        actor, text = self.record.actions[number - 1]
        if self.secret[number - 1] and seat != actor:
            assert news["action"] is None, f"seat {seat} was told seat {actor}'s secret {text!r}"


def check_conversation(truth: Truth, talk: Client, secrets: list[str]) -> int:
    """Every message of one connection against the truth; how many were checked. ``secrets``:
    the seat tokens and their hashes, which no message may hold."""
    for message in talk.received:
        text = json.dumps(message)
        assert not [s for s in secrets if s in text], f"a seat token or its hash in {message['type']}"
        optional = OPTIONAL_KEYS.get(message["type"], set())
        assert set(message) - optional == MESSAGE_KEYS[message["type"]], message["type"]
        leaked = keys_anywhere(message) & FORBIDDEN_KEYS
        assert not leaked, f"forbidden fields {leaked} in {message['type']}"
        if message["type"] == "missed":
            for news in message["news"]:
                truth.check_news(news, talk.seat)
        if "news" in message and message["type"] == "update":
            truth.check_news(message["news"], talk.seat)
        if "state" in message:
            truth.check_state(message["state"], talk.seat)
    return len(talk.received)


@pytest.mark.timeout(90)
@pytest.mark.parametrize("game", GAMES)
def test_every_message_is_what_the_seat_may_know(server: TestClient, game: str) -> None:
    case = SHORT_GAMES[game]
    seats = ["human", "human"] + ["bot"] * (case.seats - 2)
    body = {"game": game, "seats": seats, "options": case.options, "seed": 2026, "timers": case.timers}
    created = server.post("/api/tables", json=body).json()
    table = created["table"]
    connections = [created["token"], created["invites"]["1"], None]
    talks = play_together(server, table, connections, policy_for(game), choosers=lambda: chooser_for(game))
    assert [t.seat for t in talks] == [0, 1, None]
    assert talks[0].sent and talks[1].sent, "both people played"

    tokens = [created["token"], created["invites"]["1"]]
    secrets = tokens + [hash_token(t) for t in tokens]
    record = Record.from_dict(server.get(f"/api/tables/{table}/record").json())
    truth = Truth(record)
    if games.get(game).hidden_information:
        assert any(truth.secret), f"{game}: the game played no secret action, the test proves nothing"
    assert all(t.outcome() == record.outcome.to_dict() for t in talks)
    for talk in talks:
        assert check_conversation(truth, talk, secrets) > 2
        updates = [m for m in talk.received if m["type"] == "update"]
        assert updates, f"seat {talk.seat} was told of no action"

    # coming back after the game: the missed news are the same as the live ones
    for seat, token in [(0, created["token"]), (1, created["invites"]["1"]), (None, None)]:
        with server.websocket_connect(socket_path(table, token, since=0)) as socket:
            again = Client(seat, [socket.receive_json() for _ in range(3)])
        assert [m["type"] for m in again.received] == ["hello", "missed", "state"]
        assert len(again.received[1]["news"]) == len(record.actions)
        check_conversation(truth, again, secrets)


@pytest.mark.timeout(90)
@pytest.mark.parametrize("game", [g for g in GAMES if games.get(g).hidden_information])
def test_seats_held_by_accounts_receive_only_what_their_seat_may_know(server: TestClient, game: str) -> None:
    """The same conversations when each person's seat is found by their account's cookie (no
    token on the socket): every message is still exactly their seat's, and no message names
    an account beyond its name."""
    people = [_signed_up(server, name) for name in ("Ann Leak", "Bob Leak")]
    case = SHORT_GAMES[game]
    seats = ["human", "human"] + ["bot"] * (case.seats - 2)
    body = {"game": game, "seats": seats, "options": case.options, "seed": 2026, "timers": case.timers}
    created = people[0].post("/api/tables", json=body, headers=OWN).json()
    table, invite = created["table"], created["invites"]["1"]
    joined = people[1].post(
        f"/api/tables/{table}/join", json={}, headers={**OWN, "Authorization": f"Bearer {invite}"}
    )
    assert joined.status_code == 200, joined.text
    spectator = _another(server)
    talks = play_together(
        server, table, [None, None, None], policy_for(game),
        choosers=lambda: chooser_for(game), clients=[*people, spectator], headers=OWN,
    )  # fmt: skip
    assert [t.seat for t in talks] == [0, 1, None]
    assert talks[0].sent and talks[1].sent, "both people played"
    record = Record.from_dict(server.get(f"/api/tables/{table}/record").json())
    truth = Truth(record)
    tokens = [created["token"], invite]
    for talk in talks:
        assert check_conversation(truth, talk, tokens + [hash_token(t) for t in tokens]) > 2
        seat_lists = [m["state"]["seats"] for m in talk.received if "state" in m]
        assert all([s.get("account") for s in shown[:2]] == [True, True] for shown in seat_lists)
        assert all([s["name"] for s in shown[:2]] == ["Ann Leak", "Bob Leak"] for shown in seat_lists)


OWN = {"Origin": "http://testserver"}


def _another(server: TestClient) -> TestClient:
    """Another browser (its own cookies), on the running application's loop."""
    client = TestClient(server.app, client=("127.0.0.1", 50001))
    client.portal = server.portal
    return client


def _signed_up(server: TestClient, name: str) -> TestClient:
    client = _another(server)
    answer = client.post(
        "/api/account/signup", json={"name": name, "password": "correct horse battery"}, headers=OWN
    )
    assert answer.status_code == 201, answer.text
    return client
