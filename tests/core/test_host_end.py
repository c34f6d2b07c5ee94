"""An administrator's end of a table (``robotable admin end``): the referee's record entry
``[-1, "ended: REASON"]``, which ends the game at once, nobody winning, and replays."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.concession import EndedByHost, ended_entry, is_table_entry, parse_entry
from robotable.core.errors import IllegalAction, RobotableError
from robotable.core.game import Outcome
from robotable.games import replay
from robotable.play.table import Table


def robotick() -> Table:
    return Table(games.get("robotick"), None, seed=5, seats=["human", "bot:easy", "bot:easy"])


def test_the_end_ends_the_game_with_no_winner_and_replays() -> None:
    table = robotick()
    accepted = table.submit(-1, "ended: the club closes", 1.0)
    assert [event.to_dict() for event in accepted.events] == [{"kind": "ended", "reason": "the club closes"}]
    outcome = table.outcome()
    assert outcome is not None and outcome.winners == () and outcome.ranks == (3, 3, 3)
    assert outcome.detail == "ended by the administrator: the club closes"
    assert table.to_act() == [] and table.running_timers() == []
    assert table.news(accepted, 0)["events"] == [{"kind": "ended", "reason": "the club closes"}]
    record = table.record
    assert record.actions == [(-1, "ended: the club closes")]
    replay(record)


def test_only_the_referee_ends_a_game_and_only_once() -> None:
    table = robotick()
    with pytest.raises(IllegalAction, match="only the server's administrator"):
        table.submit(0, "ended: I am bored", 1.0)
    assert table.version == 0 and table.outcome() is None
    seat = table.to_act()[0]
    legal = table.state.legal_actions(seat)[0]  # legal until the end
    table.submit(-1, "ended: closing", 1.0)
    with pytest.raises(IllegalAction, match="the server's administrator ended it") as refused:
        table.submit(seat, legal, 2.0)
    assert refused.value.fr == "la partie est finie : l'administrateur du serveur l'a arrêtée"
    for seat, text in ((-1, "ended: again"), (0, "concede")):
        with pytest.raises(IllegalAction, match="over"):
            table.submit(seat, text, 2.0)
    assert table.to_act() == [] and table.version == 1


def test_a_reason_is_one_short_line() -> None:
    assert str(ended_entry("  two   words ")) == "ended: two words"
    assert is_table_entry("ended: x") and is_table_entry("concede") and not is_table_entry("play 3")
    for bad in ("", "   ", "x" * 301, "bell \a"):
        with pytest.raises(ValueError):
            ended_entry(bad)


@pytest.mark.parametrize("game", [game.id for game in games.all_games()])
def test_no_game_reads_an_end_as_its_own_notation(game: str) -> None:
    with pytest.raises(RobotableError):
        games.get(game).parse_action("ended: a reason")
    assert parse_entry(games.get(game), " ended: a reason") == EndedByHost("a reason")


def test_a_solo_game_ended_is_lost_like_a_lost_solo_game() -> None:
    table = Table(games.get("ricochet"), {"puzzle": "1A2A3A4A-8A44FF0F-RC"}, seed=1, seats=["human"])
    table.submit(-1, "ended: maintenance", 1.0)
    assert table.outcome() == Outcome((0.0,), (2,), "ended by the administrator: maintenance")
