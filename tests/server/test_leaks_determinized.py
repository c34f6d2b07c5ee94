"""Issue 13, hidden information stays on the server, in its "determinized copy" form: what a
seat is sent must not change when everything it cannot see is redrawn.

For every game, seeded games run through the server with one person's connection per seat
and a spectator. From the finished game's record every state is replayed; then, for each
connection (seat S, ``None`` for the spectator):

- every ``state`` it received at version v is byte for byte (``json.dumps``, sorted keys) the
  ``view``, ``to_act``, ``legal`` and ``outcome`` of ``determinize(S, rng)`` of state v, for
  several generators: a copy where the other hands, programs and draw orders are redrawn
  gives S the same message, so the message says nothing of them;
- the news of every action is the same when the action is played again in a determinized
  copy of the state before it (a token drawn face down is then another token);
- the news of another seat's secret action (a card programmed, a register entered, a card
  chosen to pass) names no action, and its events for S are the same when that seat had
  chosen differently (another of its legal secret actions, on a clone).

News are compared only where S cannot tell the two games apart by its own view afterwards:
a choice S sees (a card put in another slot, whose count every seat sees) or a reveal (the
last ``lock`` runs the redrawn programs, and the robots end elsewhere) may change its news
too; the views themselves are held by the first check. The action that ends the game is not
replayed in other copies: the final views drop the board (Droids empties its emitters), so
they no longer show what its news revealed to everyone (the token just placed).

``test_leaks.py`` recomputes every message from the record; this file shows that they say
nothing more than the seat may know.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.errors import IllegalAction
from robotable.core.game import REFEREE, Action, Event, Seat, State
from robotable.core.records import Record
from robotable.core.rng import Rng
from robotable.play.table import Table

from .clients import SHORT_GAMES, Client, chooser_for, play_together, policy_for, socket_path

GAMES = sorted(SHORT_GAMES)
WORLDS = 3
"""Determinized copies of each state per seat (each from its own generator)."""
ALTERNATIVES = 12
"""Other secret choices tried per secret action (spread over the legal ones)."""


def canonical(value: Any) -> str:
    """A value as it travels, byte for byte (tuples become lists, keys strings, sorted)."""
    return json.dumps(json.loads(json.dumps(value)), sort_keys=True)


def shown_part(state: State, seat: Seat | None) -> dict[str, Any]:
    """The fields of a ``state`` message that come from the game's state."""
    outcome = state.outcome()
    return {
        "view": state.view(seat),
        "to_act": state.to_act(),
        "legal": [] if seat is None else [str(a) for a in state.legal_actions(seat)],
        "outcome": None if outcome is None else outcome.to_dict(),
    }


def world(state: State, seat: Seat | None, number: int) -> State:
    """The ``number``-th determinized copy of ``state`` for ``seat`` (the same every run)."""
    return state.determinize(seat, Rng(1_000_003 * number + 7))


def hidden_differs(state: State, other: State) -> bool:
    """Whether two states differ in more than their generators."""
    mine, theirs = state.to_dict(), other.to_dict()
    return {k: v for k, v in mine.items() if k != "rng"} != {k: v for k, v in theirs.items() if k != "rng"}


@dataclass
class Story:
    """A finished game replayed from its record: the state at every version and each action
    parsed."""

    record: Record
    states: list[State] = field(default_factory=list)
    """``states[v]``: the state at version v (after v actions)."""
    actions: list[Action] = field(default_factory=list)

    def __post_init__(self) -> None:
        record = self.record
        table = Table(games.get(record.game), record.options, seed=record.seed, seats=record.seats)
        self.states.append(table.state.clone())
        for seat, text in record.actions:
            self.actions.append(table.submit(seat, text, 0.0).action)
            self.states.append(table.state.clone())

    def secret_moves(self) -> Iterator[tuple[int, Seat, Action]]:
        """(number, seat, action) of every player's secret action."""
        for number, ((seat, _text), action) in enumerate(
            zip(self.record.actions, self.actions, strict=True), 1
        ):
            if seat != REFEREE and type(action).secret:
                yield number, seat, action


@dataclass
class Tally:
    """How many comparisons each check made: a check that compared nothing proved nothing."""

    generators_redrawn: int = 0
    worlds_redrawn: int = 0
    other_choices: int = 0
    other_worlds: int = 0


def play_seeded(server: TestClient, game: str, seed: int) -> tuple[Record, list[Client]]:
    """One person's connection per seat and a spectator, to the end; the record and the talks,
    each followed by its connection again after the game with ``since=0`` (``hello``,
    ``missed``: the news of every action, ``state``), so no action goes unchecked for a
    connection that came after it."""
    case = SHORT_GAMES[game]
    body = {"game": game, "seats": ["human"] * case.seats, "options": case.options, "seed": seed}
    created = server.post("/api/tables", json={**body, "timers": case.timers}).json()
    tokens = [created["token"], *(created["invites"][str(s)] for s in range(1, case.seats)), None]
    talks = play_together(
        server, created["table"], tokens, policy_for(game), choosers=lambda: chooser_for(game)
    )
    assert [t.seat for t in talks] == [*range(case.seats), None]
    assert all(t.sent for t in talks[:-1]), "every person played"
    record = Record.from_dict(server.get(f"/api/tables/{created['table']}/record").json())
    for talk, token in zip(talks, tokens, strict=True):
        with server.websocket_connect(socket_path(created["table"], token, since=0)) as socket:
            talk.received += [socket.receive_json() for _ in range(3)]
        assert [m["type"] for m in talk.received[-3:]] == ["hello", "missed", "state"]
    return record, talks


def check_states_redrawn(story: Story, talk: Client, tally: Tally) -> None:
    """Every state the connection received is what each determinized copy shows its seat."""
    expected: dict[tuple[int, int], str] = {}
    for shown in talk.states():
        version = shown["version"]
        received = canonical({k: shown[k] for k in ("view", "to_act", "legal", "outcome")})
        for number in range(WORLDS):
            if (version, number) not in expected:
                real = story.states[version]
                copy = world(real, talk.seat, number)
                tally.generators_redrawn += copy.rng != real.rng
                tally.worlds_redrawn += hidden_differs(real, copy)
                expected[version, number] = canonical(shown_part(copy, talk.seat))
            assert received == expected[version, number], (
                f"seat {talk.seat}, version {version}: the message changes when what the seat "
                f"cannot see is redrawn (determinized copy {number})"
            )


def news_received(talk: Client) -> dict[int, dict[str, Any]]:
    """The news of each action number, as the connection was told it, live or missed (the
    same both ways)."""
    told: dict[int, dict[str, Any]] = {}
    for message in talk.received:
        batch = {"update": [message.get("news")], "missed": message.get("news")}.get(message["type"], [])
        for news in batch:
            number = news["number"]
            assert told.setdefault(number, news) == news, f"seat {talk.seat}: action {number} told two ways"
    return told


def spread(items: list[Action], count: int) -> list[Action]:
    """At most ``count`` of ``items``, evenly spaced (each slot, each kind of card)."""
    if len(items) <= count:
        return items
    return [items[i * len(items) // count] for i in range(count)]


def events_after(state: State, seat: Seat, action: Action) -> tuple[State, list[Event]] | None:
    """A clone of ``state`` with ``action`` applied and its events; None if it is illegal there."""
    twin = state.clone()
    try:
        events = twin.apply(seat, action)
    except IllegalAction:
        return None
    return twin, events


def check_secret_choices(story: Story, talks: list[Client], tally: Tally) -> None:
    """Another seat's secret action: no notation, and news its choice cannot change."""
    received = {talk.seat: news_received(talk) for talk in talks}
    for number, actor, action in story.secret_moves():
        before, after = story.states[number - 1], story.states[number]
        listeners = [talk.seat for talk in talks if talk.seat != actor]
        for seat in listeners:
            news = received[seat][number]
            assert news["action"] is None, f"seat {seat} was told seat {actor}'s secret {action}"
        choices = [b for b in before.legal_actions(actor) if b != action and type(b).secret]
        for other in spread(choices, ALTERNATIVES):
            played = events_after(before, actor, other)
            assert played is not None, f"{other} was legal for seat {actor} at version {number - 1}"
            tally.other_choices += compare_news(played, after, listeners, received, number)


def check_news_redrawn(story: Story, talks: list[Client], tally: Tally) -> None:
    """Every action (a person's, secret or not, or the referee's) played again in each
    determinized copy of the state before it, for each listener: the news it was sent must
    not depend on what was redrawn (a token drawn face down, another seat's hand)."""
    received = {talk.seat: news_received(talk) for talk in talks}
    for number, (actor, _text) in enumerate(story.record.actions, 1):
        before, after = story.states[number - 1], story.states[number]
        if after.is_over():
            continue  # the final views drop the board: they no longer show what the last news revealed
        action = story.actions[number - 1]
        for seat in received:
            for index in range(WORLDS):
                played = events_after(world(before, seat, index), actor, action)
                if played is not None:
                    tally.other_worlds += compare_news(played, after, [seat], received, number)


def compare_news(
    played: tuple[State, list[Event]],
    after: State,
    listeners: list[Seat | None],
    received: dict[Seat | None, dict[int, dict[str, Any]]],
    number: int,
) -> int:
    """For each listener that cannot tell ``played`` from the real game by its view, its
    events there must be those it was sent; how many were compared."""
    state, events = played
    compared = 0
    for seat in listeners:
        if canonical(state.view(seat)) != canonical(after.view(seat)):
            continue  # a choice this seat sees (another slot): its news may differ
        told = canonical(received[seat][number]["events"])
        assert canonical(state.events_for(events, seat)) == told, (
            f"seat {seat}: the news of action {number} depends on what it cannot see"
        )
        compared += 1
    return compared


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", GAMES)
def test_messages_do_not_change_when_the_unseen_is_redrawn(server: TestClient, game: str) -> None:
    record, talks = play_seeded(server, game, seed=2027)
    story = Story(record)
    tally = Tally()
    for talk in talks:
        check_states_redrawn(story, talk, tally)
    check_news_redrawn(story, talks, tally)
    check_secret_choices(story, talks, tally)

    assert tally.generators_redrawn > 0, f"{game}: no copy drew its future differently"
    if games.get(game).hidden_information:
        assert tally.worlds_redrawn > 0, (
            f"{game}: no copy redrew a hand or a program, the test proves nothing"
        )
        assert any(True for _ in story.secret_moves()), f"{game}: no secret action was played"
        assert tally.other_choices > 0, f"{game}: no other secret choice could be compared"
        assert tally.other_worlds > 0, f"{game}: no action could be replayed in a determinized copy"
