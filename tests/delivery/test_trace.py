"""The program trace: every resolution event carries its call stack, and reads as a sentence."""

from __future__ import annotations

from robotable.games.delivery import GAME

from .conftest import BLUE, RED, new, place, run_slot


def name(seat: int) -> str:
    return ["red", "blue", "green", "yellow"][seat]


def test_trace_stack_through_function_loop_and_bug() -> None:
    """RD-13, RD-17, RD-18: frames for the slot, the function call, its slot, the loop and the bug."""
    state = new()
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    state.fboards[BLUE]["B"] = [["RR", "LOOP"], [], [], []]
    state.draw[RED].append("FWD")
    events = run_slot(state, RED, ["FN-B"], slot=1)
    stacks = [(e.kind, e.stack) for e in events if hasattr(e, "stack")]
    assert stacks == [
        ("slot-revealed", ("slot 2",)),
        ("card", ("slot 2",)),
        ("function-entered", ("slot 2", "F:B")),
        ("loop", ("slot 2", "F:B", "B slot 1", "loop x2 (1/2)")),
        ("card", ("slot 2", "F:B", "B slot 1", "loop x2 (1/2)")),
        ("turned", ("slot 2", "F:B", "B slot 1", "loop x2 (1/2)")),
        ("loop", ("slot 2", "F:B", "B slot 1", "loop x2 (2/2)")),
        ("card", ("slot 2", "F:B", "B slot 1", "loop x2 (2/2)")),
        ("turned", ("slot 2", "F:B", "B slot 1", "loop x2 (2/2)")),
        ("function-left", ("slot 2", "F:B")),
    ]
    bug = run_slot(state, RED, ["BUG"], slot=2)
    assert [e.stack for e in bug if e.kind == "moved"] == [("slot 3", "BUG")]


def test_describe_event_indents_by_the_call_stack() -> None:
    """Trace sentences show the stack and are indented by its depth."""
    state = new()
    place(state, {RED: ((3, 3), "N"), BLUE: ((7, 7), "N")})
    state.fboards[BLUE]["B"] = [["FWD"], [], [], []]
    events = state.events_for(run_slot(state, RED, ["FN-B"]), None)
    lines = [GAME.describe_event(e, name) for e in events]
    assert lines[0] == "red reveals slot 1: FN-B"
    assert lines[2] == "    [slot 1 > F:B] red enters function B"
    assert lines[4] == "      [slot 1 > F:B > B slot 1] red moves (3,3) -> (3,2)"
    assert lines[-1] == "    [slot 1 > F:B] red leaves function B"


def test_every_event_kind_has_a_sentence() -> None:
    """Every event a random game produces reads as a sentence (no generic fallback)."""
    from robotable.core.rng import Rng

    state = new(3, seed=5, program_timeout_s=10.0)
    rng = Rng(8)
    seen: set[str] = set()
    while not state.is_over():
        moves = [(s, a) for s in state.to_act() for a in state.legal_actions(s)]
        seat, action = (
            moves[rng.randrange(len(moves))] if rng.random() < 0.97 else (-1, state.timers()[0].action)
        )
        for event in state.events_for(state.apply(seat, action), 0):
            seen.add(event["kind"])
            assert GAME.describe_event(event, name), event
    assert {"programmed", "slot-revealed", "card", "moved", "drew", "round", "game-over"} <= seen
