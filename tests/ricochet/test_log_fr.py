"""ricochet's log sentences in French: every kind of event has one, and the golden games' events are
all said in French (no English sentence slips through)."""

from __future__ import annotations

from robotable.games.ricochet import sentences

from ..sentences import check_french


def test_every_event_of_the_golden_games_is_said_in_french() -> None:
    seen = check_french("ricochet", sentences)
    assert seen, "the golden games made no event"


def test_every_reason_a_demonstration_fails_is_said_in_french() -> None:
    """RR-15, RR-21: the state's English reasons (no ricochet, the bid used up, time out,
    given up) come out in French in both events that carry them."""
    said = {
        "reached the target without a ricochet": "cible atteinte sans ricochet",
        "used all 7 moves of the bid": "les 7 coups annoncés sont joués",
        "used the bid's only move": "le seul coup annoncé est joué",
        "ran out of time": "temps écoulé",
        "gave up": "abandon",
    }
    for reason, french in said.items():
        failed = {"kind": "demonstration-failed", "seat": 0, "reason": reason}
        assert sentences.describe_event(failed, lambda seat: "Ada", "fr") == f"Ada échoue : {french}"
        attempt = {"kind": "attempt-failed", "reason": reason}
        assert sentences.describe_event(attempt, lambda seat: "Ada", "fr") == f"tentative manquée : {french}"
