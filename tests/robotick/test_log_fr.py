"""robotick's log sentences in French: every kind of event has one, and the golden games' events are
all said in French (no English sentence slips through)."""

from __future__ import annotations

from robotable.games.robotick import sentences

from ..sentences import check_french


def test_every_event_of_the_golden_games_is_said_in_french() -> None:
    seen = check_french("robotick", sentences)
    assert seen, "the golden games made no event"
