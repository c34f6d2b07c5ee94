"""Issue 27: what the Delivery page tells a player, from the view alone. The moment of the issue:
cards on the function board and a LOOP in slot 1, the hand empty before slot 3 has a card, only
``take 1/2/4`` offered: the guidance says slot 3 is empty and the hand is short (RD-9)."""

from __future__ import annotations

from robotable import games

GAME = games.get("delivery")
SEED = 2  # seat 0 is dealt a LOOP and two cards the function board takes


def test_a_hand_that_ran_out_before_slot_3_is_said() -> None:
    state = GAME.new_state({"turn_limit": 2}, seed=SEED, seats=2)
    legal = lambda: [str(a) for a in state.legal_actions(0)]  # noqa: E731
    for _ in range(2):
        state.apply_text(0, next(a for a in legal() if a.startswith("fn ") and not a.endswith(" LOOP")))
    state.apply_text(0, "slot 1 LOOP")
    assert GAME.guidance(state.view(0), 0)["now"][1] == {
        "code": "empty_slots",
        "params": {"slots": "2, 3, 4", "count": 3},  # a LOOP is a card (RD-9)
    }
    for slot in (1, 2, 4):
        state.apply_text(
            0, next(a for a in legal() if a.startswith(f"slot {slot} ") and not a.endswith(" LOOP"))
        )
    assert legal() == ["take 1", "take 2", "take 4"]
    now = GAME.guidance(state.view(0), 0)["now"]
    assert now[1:] == [
        {"code": "empty_slots", "params": {"slots": "3", "count": 1}},
        {"code": "hand_short", "params": {"hand": 0, "count": 1}},
    ]
    hand = next(c for c in GAME.counters(state.view(1))[0] if c["key"] == "hand")
    assert hand["value"] == 0  # the other seat sees the size, never the cards


def test_a_full_program_says_submit_then_waiting() -> None:
    state = GAME.new_state({"turn_limit": 2}, seed=SEED, seats=2)
    for slot in (1, 2, 3, 4):
        state.apply_text(
            0, next(str(a) for a in state.legal_actions(0) if str(a).startswith(f"slot {slot} "))
        )
    assert GAME.guidance(state.view(0), 0)["now"][-1] == {"code": "ready", "params": {}}
    state.apply_text(0, "submit")
    assert GAME.guidance(state.view(0), 0)["now"] == [{"code": "submitted", "params": {}}]
    assert {"key": "submitted", "value": True} in GAME.counters(state.view(None))[0]
    assert "now" not in GAME.guidance(state.view(None), None)
