"""Setup, turn order, draw, placement and sending (DD-9..DD-18), information and refusals (DD-46, DD-47)."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.core.rng import Rng
from robotable.games.droids.actions import (
    PASS,
    STOP,
    Arrow,
    Choose,
    Draw,
    Obstacle,
    Pick,
    Send,
    Slot,
    Token,
)
from robotable.games.droids.state import DRAW, PLACE, SEND, SETUP
from robotable.games.droids.tokens import TOKENS, full_bins

from .conftest import GAME, at, dice, four, new, pieces, place, send, sending


def finish_setup(s) -> None:  # type: ignore[no-untyped-def]
    """Play the setup obstacles on the first free cells of row 0 onwards."""
    while s.phase == SETUP:
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])


def test_dd6_token_counts() -> None:
    """DD-6: 120 tokens: violet 32, blue 24, grey 32, red 32, with the printed counts."""
    per_bin: dict[str, int] = {}
    for bin_name, count, _ in TOKENS.values():
        per_bin[bin_name] = per_bin.get(bin_name, 0) + count
    assert per_bin == {"violet": 32, "blue": 24, "grey": 32, "red": 32}
    assert sum(full_bins().values()) == 120
    assert [TOKENS[k][1] for k in ("M1", "MD", "M2", "MM", "W1", "WD", "SH", "TP", "GR")] == [
        8,
        7,
        8,
        9,
        20,
        4,
        14,
        10,
        8,
    ]


def test_dd2_dd9_seats_colours_and_emitters() -> None:
    """DD-2, DD-9: one colour per seat, each with 10 emitters of 3 slots; sides not in play have none."""
    s = new(1, 3)
    assert s.colours == ["Y", "R", "B"]
    assert len(s.emitters) == 3 and all(len(ems) == 10 and len(ems[0]) == 4 for ems in s.emitters)
    assert [at(s, c) for c in "YRB"] == [(3, 8), (6, 1), (1, 7)]
    with pytest.raises(InvalidOptions):
        GAME.new_state({"colours": "YY"}, seats=2)
    with pytest.raises(InvalidOptions):
        GAME.new_state({"scenario": 6, "colours": "YB"}, seats=2)


def test_dd10_first_player_roll_with_tie() -> None:
    """DD-10: highest roll starts; tied highest roll again."""
    s = four()
    dice(s, 9, 3, 9, 2, 4, 7)
    assert s._roll_first() == 2  # Yellow and Blue tie on 9; Blue rolls 7 against 4


def test_ex15_play_order() -> None:
    """DD-EX-15, DD-11: clockwise S, W, N, E from the first player; the next turn starts one further."""
    s = four()
    s.first = 0
    names = lambda: "".join(s.colours[x] for x in s.turn_order())  # noqa: E731
    assert names() == "YBRG"
    s._next_turn([])
    assert names() == "BRGY"
    s = new(1, 3, colours="YRG")
    s.first = 1
    assert names() == "RGY"
    s._next_turn([])
    assert names() == "GYR"


def test_dd35_setup_obstacles_in_play_order_and_dd12_phases() -> None:
    """DD-35, DD-9, DD-12: in scenario 1 the players place 8 obstacles alternately, then the
    turn runs draw, placement, sending."""
    s = new(1, 2, seed=3)
    assert s.phase == SETUP and s.setup_left == 8
    order = []
    while s.phase == SETUP:
        seat = s.to_act()[0]
        order.append(seat)
        s.apply(seat, s.legal_actions(seat)[0])
    assert order == [s.first, 1 - s.first] * 4
    assert sum(1 for k in s.objects.values() if k == "obstacle") == 8
    assert s.phase == DRAW
    with pytest.raises(IllegalAction, match="setup"):
        s.apply(s.to_act()[0], Obstacle(0, 5))


def test_dd47_setup_obstacle_refusals() -> None:
    """DD-47: a setup obstacle never goes on an obstacle or a robot."""
    s = new(1, 2)
    seat = s.to_act()[0]
    before = s.to_json()
    for action, reason in ((Obstacle(9, 0), "obstacle"), (Obstacle(3, 8), "robot")):
        with pytest.raises(IllegalAction, match=reason):
            s.apply(seat, action)
    assert s.to_json() == before


def test_dd13_draw_seven_one_at_a_time() -> None:
    """DD-13: each player in play order draws 7 tokens from bins of their choice; hidden."""
    s = new(1, 2, seed=5)
    finish_setup(s)
    first = s.to_act()[0]
    for _ in range(7):
        assert s.to_act() == [first]
        s.apply(first, Draw("red"))
    assert len(s.hands[first]) == 7 and all(TOKENS[t][0] == "red" for t in s.hands[first])
    assert s.to_act() == [1 - first]
    with pytest.raises(IllegalAction):
        s.apply(first, Draw("red"))  # an 8th token
    with pytest.raises(IllegalAction, match="not used"):
        s.apply(1 - first, Draw("grey"))  # DD-EX-26: grey is removed in scenario 1
    assert sum(s.bins.values()) == 88 - 7


def test_dd13_empty_bins_draw_fewer() -> None:
    """DD-13: when every usable bin is empty the player draws fewer tokens."""
    s = new(1, 2)
    finish_setup(s)
    s.bins = dict.fromkeys(s.bins, 0)
    s.bins["SH"] = 2
    seat = s.to_act()[0]
    s.apply(seat, Draw("red"))
    s.apply(seat, Draw("red"))
    assert s.phase == PLACE


def test_dd14_placement_alternates_and_stop() -> None:
    """DD-14: one token at a time in play order; 'stop' ends a player's placing; unplaced tokens
    go back to the bins when all have stopped."""
    s = new(1, 2)
    finish_setup(s)
    a = s.to_act()[0]
    b = 1 - a
    for seat in (a, a, a, a, a, a, a, b, b, b, b, b, b, b):
        s.apply(seat, Draw("violet"))
    assert s.phase == PLACE and s.to_act() == [a]
    s.hands = [["M1"] * 7, ["M2"] * 7]  # known hands, still 7 violet tokens each
    place(s, a, "M1" if a == 0 else "M2", "N", 2, 3)  # slots need not be filled in order
    assert s.to_act() == [b]
    s.apply(b, STOP)
    assert s.to_act() == [a]
    place(s, a, "M1" if a == 0 else "M2", "N", 2, 1)
    assert s.to_act() == [a]  # b has stopped
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(b, Token("M2" if a == 0 else "M1"))
    s.apply(a, STOP)
    assert s.hands == [[], []]
    assert sum(s.bins.values()) == 88  # the 12 unplaced tokens went back, the 2 placed were never sent


def test_ex26_placement_refusals() -> None:
    """DD-EX-26, DD-47: a 4th token, a destroyed emitter, a diagonal pointing N, a token not in hand."""
    s = new(1, 2)
    s.phase, s.goers, s.cursor = PLACE, [0, 1], 0
    s.hands[0] = ["MD", "M1"]
    s.emitters[0][4][1:] = ["M1:N", "M1:N", "M1:N"]
    s.emitters[0][5][0] = True
    for steps, action, reason in (
        ([Token("M1")], Slot(4, 1), "full"),
        ([Token("M1")], Slot(5, 1), "destroyed"),
        ([Token("MD"), Slot(0, 1)], Arrow("N"), "NE/SE/SW/NW"),
        ([], Token("SH"), "no SH"),
        ([Token("M1"), Slot(0, 1)], Arrow("NE"), "N/E/S/W"),
    ):
        s.placing = []
        for step in steps:
            s.apply(0, step)
        before = s.to_json()
        with pytest.raises(IllegalAction, match=reason):
            s.apply(0, action)
        assert s.to_json() == before
    assert s.hands[0] == ["MD", "M1"] and s.emitters[0][0][1:] == [None, None, None]  # nothing placed


def test_ex26_scenario7_forbidden_pick() -> None:
    """DD-EX-26, DD-41, DD-47: in scenario 7 a shoot token cannot be chosen."""
    s = new(7, 1)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not allowed"):
        s.apply(0, Pick("SH"))
    with pytest.raises(IllegalAction, match="choose"):
        s.apply(0, Draw("violet"))
    assert s.to_json() == before
    assert {str(a) for a in s.legal_actions(0)} == {
        f"pick {t}" for t in ("M1", "MD", "M2", "MM", "W1", "WD", "TP")
    }


def test_ex16a_candidates_in_slot_order() -> None:
    """DD-EX-16 a, DD-15, DD-17: slot 1 then slot 3 on the same emitter; then finished."""
    s = new()
    pieces(s, Y=(3, 8))
    sending(s, 0, {3: ["M1:N", None, "M1:N"]})
    assert s.candidate(0, 3) == (1, "M1:N")
    send(s, 0, 3)
    assert at(s, "Y") == (3, 7) and s.candidate(0, 3) == (3, "M1:N")
    events = send(s, 0, 3)
    assert at(s, "Y") == (3, 6)
    assert [e.sent for e in events if e.kind == "finished-sending"] == [2]


def test_ex16b_nothing_sendable_finishes_and_returns_tokens() -> None:
    """DD-EX-16 b, DD-16, DD-18: a violet order facing only a repairer and a grey order facing
    only the own robot: nothing is sendable, both tokens go back."""
    s = new(4)
    pieces(s, Y=(3, 8), rep1=(0, 0), rep2=(9, 0), R=(6, 1))
    sending(s, 0, {0: ["M1:N"], 3: ["G1:N"]})
    assert s.sendable(0) == []
    bins = dict(s.bins)
    s._run_sending([])
    assert s.finished[0] or s.phase != SEND
    assert s.bins["M1"] == bins["M1"] + 1 and s.bins["G1"] == bins["G1"] + 1


def test_ex16c_pass_refused() -> None:
    """DD-EX-16 c, DD-17, DD-47: asking to pass while holding a sendable candidate is refused."""
    s = new()
    pieces(s, Y=(3, 8))
    sending(s, 0, {3: ["M1:N"]})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="must send"):
        s.apply(0, PASS)
    with pytest.raises(IllegalAction, match="holds no order"):
        s.apply(0, Send(4))
    assert s.to_json() == before


def test_dd17_goes_alternate_and_a_robot_can_come_back() -> None:
    """DD-17: goes in play order until everyone is finished; DD-18: every sent token counts."""
    s = new()
    pieces(s, Y=(3, 8), R=(6, 1))
    s.first = 0
    sending(s, 0, {3: ["M1:E", "M1:W"], 4: ["M1:W"]}, others=True)
    s.emitters[1][6][1] = "M1:W"
    s.bins["M1"] -= 1
    assert s.to_act() == [0]
    send(s, 0, 3)  # Yellow -> (4,8), out of line 3
    assert s.to_act() == [1]
    send(s, 1, 6)  # Red -> (5,1)
    assert s.to_act() == [0] and s.sendable(0) == [4]
    send(s, 0, 4)  # Yellow comes back to (3,8); Red has nothing left and is finished
    assert s.finished[1] and s.to_act() == [0] and s.sendable(0) == [3]
    send(s, 0, 3)
    assert at(s, "Y") == (2, 8)
    assert s.phase == DRAW and s.turn == 2 and s.first == 1  # everyone finished: next turn


def test_ex11_overview_sequence() -> None:
    """DD-EX-11: Blue's seven orders, dice 5 then 8."""
    s = four()
    pieces(s, B=(1, 7), G=(8, 3), R=(6, 0), Y=(9, 9))
    sending(
        s,
        2,
        {7: ["M2:N"], 5: ["W1:N"], 4: ["MD:NE"], 3: ["SH:E", "MM:N"], 0: ["SH:E", "M2:E"]},
    )
    dice(s, 5, 8)
    send(s, 2, 7)
    assert at(s, "B") == (1, 5)
    send(s, 2, 5)
    assert at(s, "B") == (1, 4)
    send(s, 2, 4)
    assert at(s, "B") == (2, 3)
    shot = next(e for e in send(s, 2, 3) if e.kind == "shot")
    assert (shot.target, shot.distance, shot.roll, shot.hits) == ("Green", 6, 5, 0)
    send(s, 2, 3)
    assert at(s, "B") == (2, 0)
    shot = next(e for e in send(s, 2, 0) if e.kind == "shot")
    assert (shot.target, shot.distance, shot.roll, shot.hits) == ("Red", 4, 8, 2)
    s.apply(1, Choose("damage", 0))
    s.apply(1, Choose("damage", 1))
    assert [e for e, em in enumerate(s.emitters[1]) if em[0]] == [0, 1]  # Red lost 2 emitters
    assert [e for e, em in enumerate(s.emitters[3]) if em[0]] == []  # Green was missed
    events = send(s, 2, 0)
    assert at(s, "B") == (4, 0)
    assert [e.sent for e in events if e.kind == "finished-sending"] == [7]
    assert all(slot is None for em in s.emitters[2] for slot in em[1:])


def test_dd46_hidden_hands_views_events_and_determinize() -> None:
    """DD-46: hands and bin contents are hidden, bin sizes public; determinize redraws them."""
    s = new(1, 2, seed=11)
    finish_setup(s)
    a = s.to_act()[0]
    events = s.apply(a, Draw("violet"))
    token = s.hands[a][0]
    assert s.events_for(events, a)[0]["token"] == token
    assert s.events_for(events, 1 - a)[0]["token"] is None
    assert s.events_for(events, None)[0]["token"] is None
    assert s.view(a)["hand"] == [token] and s.view(1 - a)["hand"] == [] and s.view(None)["hand"] is None
    assert s.view(1 - a)["hand_bins"][a]["violet"] == 1
    worlds = {tuple(s.determinize(1 - a, Rng(k)).hands[a]) for k in range(40)}
    assert len(worlds) > 1 and all(len(w) == 1 for w in worlds)
    for k in range(5):
        w = s.determinize(1 - a, Rng(k))
        assert w.view(1 - a) == s.view(1 - a)
        assert sum(w.bins.values()) + len(w.hands[a]) == sum(s.bins.values()) + 1
        assert w.hands[a][0] in ("M1", "MD", "M2", "MM")
