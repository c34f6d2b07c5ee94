"""Issue 13: a scripted client plays a full game of each game against the server's bots over
the WebSocket protocol, and the stored record replays to the same outcome."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.records import Record

from .clients import SHORT_GAMES, play, policy_for


@pytest.mark.timeout(60)
@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_a_person_plays_a_whole_game_against_server_bots(server: TestClient, game: str) -> None:
    case = SHORT_GAMES[game]
    body = {
        "game": game,
        "seats": ["human"] + ["bot"] * (case.seats - 1),
        "options": case.options,
        "seed": 11,
        "timers": case.timers,
    }
    created = server.post("/api/tables", json=body).json()
    talk = play(server, created["table"], created["token"], policy=policy_for(game))

    assert talk.seat == 0 and talk.sent, "the person played"
    accepted = [m for m in talk.received if m["type"] == "accepted"]
    # every action sent is accepted, refused, or bounced by the rate limit (and sent again)
    bounced = sum(m["type"] == "error" and "too many messages" in m["reason"] for m in talk.received)
    refused = sum(m["type"] == "refused" for m in talk.received)
    assert len(accepted) == len(talk.sent) - refused - bounced
    outcome = talk.outcome()
    record = Record.from_dict(server.get(f"/api/tables/{created['table']}/record").json())
    assert record.seats == ["human"] + [f"bot:{next(iter(games.get(game).bots()))}"] * (case.seats - 1)
    assert games.replay(record).outcome().to_dict() == outcome == record.outcome.to_dict()
    assert any((seat, text) == (0, m["action"]) for m in talk.sent for seat, text in record.actions)
