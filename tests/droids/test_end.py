"""Elimination, victory, teams and the turn limit (DD-31..DD-34)."""

from __future__ import annotations

from robotable.games.droids.state import DRAW, OVER

from .conftest import at, four, new, order, pieces, send, sending


def test_ex19a_no_order_sent_eliminates_robot_stays() -> None:
    """DD-EX-19 a, DD-31: Blue (all emitters destroyed) sends nothing this turn: eliminated at the
    end of phase 3; its robot stays on the board and can be pushed."""
    s = four()
    pieces(s, Y=(1, 8), B=(1, 7), R=(6, 1), G=(8, 2))
    for em in s.emitters[2]:
        em[0] = True
    sending(s, 0, {1: ["M1:N"]}, others=True)
    s.sent[2] = 0
    events = send(s, 0, 1)
    assert [e.seat for e in events if e.kind == "eliminated"] == [2]
    assert s.eliminated == [False, False, True, False] and s.phase == DRAW
    assert at(s, "B") == (1, 6) and at(s, "Y") == (1, 7)  # pushed like any robot
    assert 2 not in s.turn_order()


def test_ex19b_teams() -> None:
    """DD-EX-19 b, DD-33: Yellow+Red against Blue+Green; the game goes on while both teams
    have a player; a team wins when only it is left, its eliminated members too."""
    s = four(teams=True)
    s.eliminated = [False, True, True, False]
    s.sent = [1, 0, 0, 1]
    s._end_turn([])
    assert s.outcome() is None
    s = four(teams=True)
    s.sent = [1, 0, 0, 0]
    s.eliminated = [False, False, False, False]
    s.sent = [1, 1, 0, 0]
    s._end_turn([])
    assert s.phase == OVER and s.outcome().winners == (0, 1)


def test_dd32_last_player_and_draw() -> None:
    """DD-32: the last player left wins; all remaining eliminated at once is a draw."""
    s = new()
    s.sent = [1, 0]
    s._end_turn([])
    assert s.outcome().winners == (0,) and s.outcome().scores == (1.0, 0.0)
    s = new(1, 3)
    s.eliminated = [True, False, False]
    s.sent = [0, 0, 0]
    s._end_turn([])
    out = s.outcome()
    assert out.winners == (1, 2) and out.scores == (0.0, 0.5, 0.5)


def test_dd34_turn_limit() -> None:
    """DD-34: at the end of the last turn: a draw; scenario 3: most containers; scenario 7: a loss."""
    s = new(turn_limit=1)
    s.sent = [1, 1]
    s._end_turn([])
    assert s.outcome().scores == (0.5, 0.5) and "turn limit" in s.outcome().detail
    s = new(3, turn_limit=1)
    s.sent, s.scores = [1, 1], [0, 2]
    s._end_turn([])
    assert s.outcome().winners == (1,)
    s = new(7, 1, turn_limit=1)
    s.sent = [1]
    s._end_turn([])
    assert s.outcome().scores == (0.0,) and s.phase == OVER


def test_dd31_ten_destroyed_emitters_cannot_send() -> None:
    """DD-31, DD-25: a player whose 10 emitters are destroyed has no candidate at all."""
    s = new()
    pieces(s, Y=(3, 8))
    for em in s.emitters[0]:
        em[0] = True
    assert s.sendable(0) == [] and not s._can_place(0)


def test_dd18_token_returns_to_its_bin() -> None:
    """DD-18: a sent token, executed or not, goes back to its bin at once."""
    s = new()
    pieces(s, Y=(5, 9))
    before = s.bins["M1"]
    order(s, 0, "M1:N")
    assert s.bins["M1"] == before
