"""Programming: onPlay slots, function boards, the loop check, bad input (RD-6, RD-9..RD-11, RD-29)."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.core.game import REFEREE

from .conftest import BLUE, GREEN, RED, give_hand, new, place, play, program_all, where

HAND = ["FWD", "FWD", "RL", "LOOP", "BUG", "LASER"]  # RD-EX-13


def refused(state, seat: int, text: str, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.apply_text(seat, text)
    assert state.to_json() == before


def hand13():
    state = new()
    give_hand(state, RED, HAND)
    return state


def test_rd_ex_13a_empty_slot_refused() -> None:
    """RD-EX-13 (a), RD-9, RD-29: [FWD] [FWD] [RL] [] cannot be submitted."""
    state = hand13()
    play(state, RED, "slot 1 FWD", "slot 2 FWD", "slot 3 RL")
    refused(state, RED, "submit", "slot.*4 still empty")


def test_rd_ex_13b_two_action_cards_refused() -> None:
    """RD-EX-13 (b), RD-6, RD-29: FWD + RL in one slot."""
    state = hand13()
    play(state, RED, "slot 1 FWD")
    refused(state, RED, "slot 1 RL", "already holds an action card")


def test_rd_ex_13c_loop_alone_accepted() -> None:
    """RD-EX-13 (c), RD-6: [FWD] [FWD] [RL] [LOOP] is accepted; slot 4 does nothing."""
    state = hand13()
    events = play(state, RED, "slot 1 FWD", "slot 2 FWD", "slot 3 RL", "slot 4 LOOP", "submit")
    assert events[-1].kind == "submitted"
    assert state.to_act() == [BLUE]
    state.first = RED
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    events = program_all(state, {BLUE: [["RR"], ["RR"], ["RR"], ["RR"]]})
    slot4 = [
        e for e in events if getattr(e, "seat", None) == RED and getattr(e, "stack", ("",))[0] == "slot 4"
    ]
    assert [e.kind for e in slot4] == ["slot-revealed"]  # slot 4 does nothing
    assert where(state, RED) == ((3, 1), "W")


def test_rd_ex_13d_bug_on_function_board_refused() -> None:
    """RD-EX-13 (d), RD-10, RD-29."""
    state = hand13()
    refused(state, RED, "fn A 1 BUG", "BUG cards cannot go on a function board")


def test_rd_ex_13e_laser_with_loop_accepted() -> None:
    """RD-EX-13 (e): [FWD] [FWD] [RL] [LASER + LOOP] fires the laser twice."""
    state = hand13()
    state.first = RED
    play(state, RED, "slot 1 FWD", "slot 2 FWD", "slot 3 RL", "slot 4 LASER", "slot 4 LOOP", "submit")
    events = program_all(state, {BLUE: [["RR"], ["RR"], ["RR"], ["RR"]]})
    lasers = [e for e in events if e.kind == "laser" and e.seat == RED]
    assert len(lasers) == 2
    assert [e.stack[-1] for e in lasers] == ["loop x2 (1/2)", "loop x2 (2/2)"]


def test_rd_ex_2_self_call_refused() -> None:
    """RD-EX-2, RD-11: FN-A on board A is refused."""
    state = new()
    give_hand(state, RED, ["FN-A", *HAND[:5]])
    refused(state, RED, "fn A 1 FN-A", "could loop forever")


def test_rd_ex_3_two_board_loop_refused_and_accepted() -> None:
    """RD-EX-3, RD-11: board B holds FN-A: FN-B on board A refused; with no Function on B, accepted."""
    state = new()
    give_hand(state, RED, ["FN-B", *HAND[:5]])
    state.fboards[BLUE]["B"][0] = ["FN-A"]
    refused(state, RED, "fn A 1 FN-B", "could loop forever")
    state.fboards[BLUE]["B"][0] = ["FWD"]
    events = play(state, RED, "fn A 1 FN-B")
    assert events[0].kind == "function-card" and state.fboards[RED]["A"][0] == ["FN-B"]


def test_rd_ex_3_longer_cycle_refused() -> None:
    """RD-EX-3, RD-11: A holds FN-B, B holds FN-C; FN-A on board C is refused."""
    state = new(3)
    state.fboards[RED]["A"][0] = ["FN-B"]
    state.fboards[BLUE]["B"][0] = ["FN-C"]
    give_hand(state, GREEN, ["FN-A", *HAND[:5]])
    refused(state, GREEN, "fn C 2 FN-A", "could loop forever")
    give_hand(state, GREEN, ["FN-B", *HAND[:5]])
    refused(state, GREEN, "fn C 2 FN-B", "could loop forever")  # B already calls C


def test_rd_11_chain_without_cycle_accepted() -> None:
    """RD-11: a chain that never comes back is fine (C -> A -> B while B calls nothing back)."""
    state = new(3)
    state.fboards[RED]["A"][0] = ["FN-B"]
    give_hand(state, GREEN, ["FN-A", *HAND[:5]])
    play(state, GREEN, "fn C 1 FN-A")
    assert state.fboards[GREEN]["C"][0] == ["FN-A"]


def test_rd_10_function_board_rules() -> None:
    """RD-10, RD-29: own board only; one action card per slot, LOOPs anywhere; public at once;
    cards there leave the hand for good."""
    state = hand13()
    refused(state, RED, "fn B 1 FWD", "not yours")
    events = play(state, RED, "fn A 1 FWD")
    assert state.fboards[RED]["A"][0] == ["FWD"] and state.hands[RED].count("FWD") == 1
    refused(state, RED, "fn A 1 RL", "already holds an action card")
    play(state, RED, "fn A 1 LOOP")
    assert state.fboards[RED]["A"][0] == ["FWD", "LOOP"]
    assert state.view(BLUE)["function_boards"][0]["slots"][0] == ["FWD", "LOOP"]
    assert state.events_for(events, BLUE)[0]["card"] == "FWD"


def test_rd_10_function_cards_stay_after_the_round() -> None:
    """RD-10, RD-24: function-board cards stay for the rest of the game and leave the deck cycle."""
    state = new()
    give_hand(state, RED, ["FWD", "RL", "RR", "UT", "SL", "SR"])
    play(state, RED, "fn A 2 SL")
    program_all(state, {RED: [["FWD"], ["RL"], ["RR"], ["UT"]], BLUE: [["RR"], ["RR"], ["RR"], ["RR"]]})
    assert state.fboards[RED]["A"][1] == ["SL"]
    cycle = state.hands[RED] + state.draw[RED] + state.discard[RED]
    assert len(cycle) == 19  # 20 cards, one on the function board


def test_rd_10_keeps_enough_cards_to_program() -> None:
    """RD-10 (digital decision): a function placement that would leave an onPlay slot unfillable
    is refused."""
    state = new()
    give_hand(state, RED, ["FWD", "RL", "RR", "UT"])
    refused(state, RED, "fn A 1 FWD", "keep enough cards")
    assert not any(str(a).startswith("fn") for a in state.legal_actions(RED))


def test_rd_29_bad_input() -> None:
    """RD-29: a card not in hand or used twice; programming after submission; other refusals."""
    state = hand13()
    refused(state, RED, "slot 1 UT", "you hold no UT")
    play(state, RED, "slot 1 LASER")
    refused(state, RED, "slot 2 LASER", "you hold no LASER")
    refused(state, RED, "slot 5 FWD", "slots 1 to 4")
    refused(state, RED, "take 3", "slot 3 is empty")
    refused(state, RED, "time-up", "only the referee")
    play(state, RED, "slot 2 FWD", "slot 3 FWD", "slot 4 RL", "submit")
    refused(state, RED, "slot 1 LOOP", "already submitted")
    refused(state, RED, "submit", "already submitted")
    refused(state, REFEREE, "time-up", "referee")


def test_rd_29_after_the_game_nothing_is_accepted() -> None:
    """RD-29: no programming outside the programming phase."""
    state = new()
    state.phase = "over"
    refused(state, RED, "slot 1 FWD", "game is over")


def test_take_returns_cards_to_hand() -> None:
    """RD-9: until submission a player may change their mind (digital: ``take N``)."""
    state = hand13()
    play(state, RED, "slot 1 FWD", "slot 1 LOOP")
    events = play(state, RED, "take 1")
    assert sorted(state.hands[RED]) == sorted(HAND) and state.program[RED][0] == []
    assert state.events_for(events, BLUE)[0]["cards"] is None


def test_rd_9_secret_programming() -> None:
    """RD-9, RD-28: programming actions are secret; others see the slot filled, not the card."""
    state = hand13()
    events = play(state, RED, "slot 2 LASER")
    assert state.game.parse_action("slot 2 LASER").secret
    assert state.events_for(events, BLUE)[0]["card"] is None
    assert state.events_for(events, None)[0]["card"] is None
    assert state.events_for(events, RED)[0]["card"] == "LASER"
    assert state.view(BLUE)["players"][RED]["program"] is None
    assert state.view(BLUE)["players"][RED]["program_counts"] == [0, 1, 0, 0]
    assert state.view(RED)["players"][RED]["program"][1] == ["LASER"]


def test_rd_9_simultaneous_until_all_submit() -> None:
    """RD-9: everyone programs at once; the resolution starts with the last submission."""
    state = new(3)
    assert state.to_act() == [RED, BLUE, GREEN]
    give_hand(state, BLUE, ["RR", "RR", "RR", "RR"])
    play(state, BLUE, "slot 1 RR", "slot 2 RR", "slot 3 RR", "slot 4 RR", "submit")
    assert state.to_act() == [RED, GREEN]
    assert state.legal_actions(BLUE) == []


def test_rd_9_timeout_fills_from_the_left() -> None:
    """RD-9 (option program_timeout_s): at the deadline, empty slots get the hand's leftmost cards."""
    state = new(program_timeout_s=30.0)
    assert [t.action for t in state.timers()] == [state.game.parse_action("time-up")]
    give_hand(state, RED, ["RR", "UT", "RL", "FWD", "SL", "SR"])
    play(state, RED, "slot 2 FWD")
    events = state.apply_text(REFEREE, "time-up")
    filled = [(e.slot, e.card) for e in events if e.kind == "programmed" and e.seat == RED]
    assert filled == [(1, "RR"), (3, "UT"), (4, "RL")]
    revealed = [e.cards for e in events if e.kind == "slot-revealed" and e.seat == RED]
    assert revealed == [("RR",), ("FWD",), ("UT",), ("RL",)]
    assert state.round == 2
