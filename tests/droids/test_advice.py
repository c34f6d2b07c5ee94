"""Issue 27: what the Droids page tells a player, from the view alone. The moment of the issue:
orders placed only on emitters that do not face the player's robot, then ``stop``; the record
shows no ``send`` offered and the player eliminated at the end of turn 1 (DD-16, DD-17, DD-31).
The guidance names the emitter facing the robot and asks before that ``stop``."""

from __future__ import annotations

from typing import Any

from robotable import games
from robotable.games.droids import advice

GAME = games.get("droids")


def placing_state(seed: int = 1) -> tuple[Any, int]:
    """A two-player scenario 1 game in the placement phase, and the seat placing."""
    state = GAME.new_state({"scenario": 1, "turn_limit": 3}, seed=seed, seats=2)
    while state.view(None)["phase"] != "place":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state, state.to_act()[0]


def facing_of(state: Any, seat: int) -> int:
    view = state.view(seat)
    robot = next(r for r in view["robots"] if r["kind"] == "player" and r["seat"] == seat)
    return robot["cell"][0] if view["colours"][seat] in "YR" else robot["cell"][1]  # S/N: columns


def place(state: Any, seat: int, emitter: int) -> None:
    token = next(str(a) for a in state.legal_actions(seat) if str(a) != "stop")
    state.apply_text(seat, token)
    state.apply_text(seat, f"e{emitter}.1")
    state.apply_text(seat, str(state.legal_actions(seat)[0]))


def stop_the_other(state: Any, seat: int) -> None:
    other = 1 - seat
    if state.to_act() == [other]:
        state.apply_text(other, "stop")


def test_orders_away_from_the_robot_then_stop_eliminate_and_the_guidance_asked_first() -> None:
    state, seat = placing_state()
    facing = facing_of(state, seat)
    place(state, seat, (facing + 3) % 10)
    stop_the_other(state, seat)
    view = state.view(seat)
    guidance = GAME.guidance(view, seat)
    codes = [fact["code"] for fact in guidance["now"]]
    assert codes == ["place", "facing", "none_sendable"]
    assert guidance["now"][1]["params"]["emitter"] == f"e{facing}"
    assert guidance["confirm"]["stop"]["code"] == "stop_loses"
    assert len(guidance["marks"]["cells"]) == 10 and all(
        facing in map(int, c.split()) for c in guidance["marks"]["cells"]
    )
    colour = {"Y": "Yellow", "B": "Blue", "R": "Red", "G": "Green"}[view["colours"][seat]]
    assert guidance["marks"]["elements"] == [["data-emitter", f"{colour} e{facing}"]]  # as drawn
    assert f'data-emitter="{colour} e{facing}"' in GAME.render_svg(view)
    # the rules agree: phase 3 finds nothing sendable, no send is offered, and the seat is
    # eliminated for sending no order this turn (DD-17, DD-31)
    events = [event.to_dict() for event in state.apply_text(seat, "stop")]
    assert {"kind": "finished-sending", "seat": seat, "sent": 0} in events
    assert {"kind": "eliminated", "seat": seat, "reason": "sent no order this turn"} in events
    assert not any(event["kind"] == "sent" for event in events)


def test_an_order_on_the_facing_emitter_is_sendable_and_stop_asks_nothing() -> None:
    state, seat = placing_state()
    facing = facing_of(state, seat)
    place(state, seat, facing)
    stop_the_other(state, seat)
    guidance = GAME.guidance(state.view(seat), seat)
    assert {"code": "sendable", "params": {"emitters": f"e{facing}"}} in guidance["now"]
    assert guidance["confirm"] == {}


def test_a_grey_order_is_sendable_from_a_repairer_line_only() -> None:
    """DD-16: a grey order goes to a repairer in the emitter's line, not to the player's robot."""
    empty = {"destroyed": False, "slots": [None, None, None]}
    view: dict[str, Any] = {
        "turn": 1,
        "phase": "place",
        "to_act": [0],
        "colours": ["Y", "R"],
        "eliminated": [False, False],
        "placing": None,
        "hand": ["M1"],
        "robots": [
            {"name": "Yellow", "kind": "player", "seat": 0, "cell": [3, 8]},
            {"name": "Repairer", "kind": "repairer", "seat": -1, "cell": [6, 2]},
        ],
        "emitters": [[dict(empty) for _ in range(10)], [dict(empty) for _ in range(10)]],
    }
    view["emitters"][0][3] = {"destroyed": False, "slots": ["G1:N", None, None]}  # faces Yellow: grey, no
    view["emitters"][0][6] = {"destroyed": False, "slots": ["GR:N", None, None]}  # faces the repairer
    guidance = advice.guidance(view, 0)
    assert {"code": "sendable", "params": {"emitters": "e6"}} in guidance["now"]
    view["emitters"][0][6] = dict(empty)
    assert advice.guidance(view, 0)["confirm"]["stop"]["code"] == "stop_loses"


def test_the_last_order_that_would_leave_nothing_sendable_asks_before_its_arrow() -> None:
    view = {
        "turn": 1,
        "phase": "place",
        "to_act": [0],
        "colours": ["Y", "R"],
        "eliminated": [False, False],
        "placing": ["M1", 5, 1],
        "hand": ["M1"],
        "robots": [{"name": "Yellow", "kind": "player", "seat": 0, "cell": [3, 8]}],
        "emitters": [[{"destroyed": False, "slots": [None, None, None]} for _ in range(10)]] * 2,
    }
    confirm = advice.guidance(view, 0)["confirm"]
    assert set(confirm) == {"N", "E", "S", "W"} and confirm["N"]["code"] == "last_loses"
    view["placing"] = ["M1", 3, 1]  # on the emitter facing Yellow: it can be sent
    assert advice.guidance(view, 0)["confirm"] == {}


def test_counters_and_a_spectator_get_no_seat_advice() -> None:
    state, seat = placing_state()
    counters = GAME.counters(state.view(None))
    assert [[c["key"] for c in row] for row in counters] == [["emitters", "score", "sent"]] * 2
    assert counters[0][0]["value"] == 10
    assert GAME.guidance(state.view(None), None) == {"stage": "1/place"}
    other = 1 - seat
    assert "confirm" not in GAME.guidance(state.view(other), other)  # not its turn to place
