"""Conceding at a table and in a match (issue 27): at 2 seats the other seat wins at once, at 3
or more the conceder ranks last and a bot plays the seat to the end, a 1-seat game ends lost;
the record keeps the concession and replays to the same outcome; the terminal takes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.agents.levels import bots_of
from robotable.cli.main import app
from robotable.core.concession import Concede
from robotable.core.errors import IllegalAction
from robotable.core.game import Outcome
from robotable.core.records import Recorder, replay
from robotable.play.clock import VirtualClock
from robotable.play.match import Match
from robotable.play.table import Table

from .agents import Person

P1 = "1A2A3A4A-8A44FF0F-RC"
RICOCHET = {"chips_to_win": 1, "puzzle": P1}


def test_two_seats_a_concession_off_turn_ends_the_game_and_everything_stops() -> None:
    table = Table(games.get("ricochet"), RICOCHET, seed=1, seats=["human", "human"])
    table.submit(0, "bid 5", 1.0)  # the sand timer runs; seat 1 concedes without bidding
    assert table.running_timers()
    accepted = table.submit(1, "concede", 2.0)
    assert table.outcome() == Outcome((1.0, 0.0), (1, 2), "seat 1 conceded")
    assert table.news(accepted, 0)["events"] == [{"kind": "conceded", "seat": 1, "ends": True}]
    snapshot = table.snapshot(0)
    assert snapshot["to_act"] == [] and snapshot["legal"] == [] and snapshot["timers"] == []
    assert table.due(1e9) is None  # the sand that ran no longer fires
    with pytest.raises(IllegalAction, match="the game is over") as refused:
        table.submit(0, "bid 4", 3.0)
    assert refused.value.code == "over"
    assert table.record.actions == [(0, "bid 5"), (1, "concede")]
    replay(table.record, table.game)  # the record's outcome replays exactly
    again = Table.restore(table.game, table.record, table.times)
    assert again.outcome() == table.outcome() and again.concessions.order == [1]


def test_a_concession_is_taken_even_when_the_timer_ran_out() -> None:
    table = Table(games.get("ricochet"), RICOCHET, seed=1, seats=["human", "human"])
    table.submit(0, "bid 5", 1.0)
    late = table.running_timers()[0].deadline + 1
    with pytest.raises(IllegalAction, match="too late"):
        table.submit(1, "bid 4", late)
    table.submit(1, "concede", late)
    assert table.outcome() is not None and table.outcome().winners == (0,)


def test_one_seat_game_conceded_is_lost() -> None:
    game = games.get("ricochet")
    recorder = Recorder(game, RICOCHET, seed=1, seats=["human"])
    person = Person([Concede()])
    outcome = Match(game, recorder.state, [person], VirtualClock(), recorder).run()
    assert outcome == Outcome((0.0,), (2,), "seat 0 conceded")
    assert recorder.record.outcome == outcome
    assert len(person.turns) == 1


def test_two_seat_match_ends_at_once_when_the_person_concedes() -> None:
    game = games.get("dr2d")
    recorder = Recorder(game, {}, seed=4, seats=["human", "bot:easy"])
    bot = bots_of(game)["easy"](seed=1)
    outcome = Match(game, recorder.state, [Person([Concede()]), bot], VirtualClock(), recorder).run()
    assert outcome.winners == (1,) and outcome.ranks == (2, 1) and outcome.scores == (0.0, 1.0)
    assert recorder.record.actions[-1] == (0, "concede")
    assert replay(recorder.record, game).outcome() is None  # the engine's game stopped mid-way


def four_seat_delivery(**match: object) -> tuple[Recorder, Match, Person]:
    game = games.get("delivery")
    recorder = Recorder(game, {}, seed=3, seats=["human", "bot:easy", "bot:easy", "bot:easy"])
    easy = bots_of(game)["easy"]
    person = Person([Concede()])
    agents = [person, *(easy(seed=seat) for seat in (1, 2, 3))]
    return recorder, Match(game, recorder.state, agents, VirtualClock(), recorder, **match), person


def test_four_seats_the_game_goes_on_with_a_bot_and_the_conceder_ranks_last() -> None:
    easy = bots_of(games.get("delivery"))["easy"]
    recorder, match, person = four_seat_delivery(stand_in=lambda seat: easy(seed=seat))
    outcome = match.run()
    engine = recorder.state.outcome()
    assert engine is not None  # the engine played its game to the end...
    assert outcome.ranks[0] == 4  # ...but the conceder ranks last whatever it made of it
    assert outcome.scores == engine.scores and outcome.detail.endswith("; seat 0 conceded")
    others = [seat for seat in (1, 2, 3)]
    assert sorted(outcome.ranks[s] for s in others) == sorted(
        1 + sum(engine.ranks[o] < engine.ranks[s] for o in others) for s in others
    )
    assert match.agents[0] is not person and len(person.turns) == 1
    conceded_at = recorder.record.actions.index((0, "concede"))
    assert any(seat == 0 for seat, _ in recorder.record.actions[conceded_at + 1 :])  # the bot played on
    assert replay(recorder.record, match.game) is not None  # outcome replays exactly
    tampered = recorder.record
    tampered.outcome = engine
    with pytest.raises(Exception, match="outcome mismatch"):
        replay(tampered, match.game)


def test_the_default_stand_in_is_the_medium_level() -> None:
    recorder, match, _ = four_seat_delivery()
    while (0, "concede") not in recorder.record.actions:  # the bots answer first, then the person
        match.step()
    assert type(match.agents[0]) is type(bots_of(match.game)["medium"](seed=0))
    assert match.table.snapshot(0)["legal"] == []  # the seat is its bot's: nothing to choose


def test_the_terminal_takes_concede_and_the_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "conceded.json"
    runner = CliRunner()
    played = runner.invoke(
        app,
        ["play", "ricochet", "--seats", "human,bot", "--puzzle", P1, "--seed", "2", "--record", str(record)],
        input="help\nconcede\n",
    )
    assert played.exit_code == 0, played.output
    assert "concede " in played.output  # the help lists it
    assert "seat 0 (human) concedes." in played.output
    assert "winner: seat 1 (bot:" in played.output
    assert json.loads(record.read_text())["actions"][-1] == [0, "concede"]
    verified = runner.invoke(app, ["replay", str(record)])
    assert verified.exit_code == 0 and "verified: winner: seat 1" in verified.output, verified.output
    watched = runner.invoke(app, ["replay", str(record), "--watch"], input="")
    assert watched.exit_code == 0 and "seat 0 (human) concedes." in watched.output, watched.output
