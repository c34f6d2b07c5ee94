"""DD-14 as three small decisions: token, slot, arrow (DESIGN.md: small legal action spaces)."""

from __future__ import annotations

import pytest
from rich.console import Console

from robotable.core.errors import IllegalAction
from robotable.core.game import Turn
from robotable.core.rng import Rng
from robotable.games.droids.actions import BACK, STOP, Arrow, Draw, Slot, Token
from robotable.games.droids.bots import HeuristicBot
from robotable.games.droids.state import PLACE, SETUP, DroidsState
from robotable.games.droids.tokens import full_bins

from .conftest import GAME, new, typed


def placing_state() -> tuple[DroidsState, int]:
    """Scenario 2 (no setup obstacles), both players hold 7 violet tokens; the placer to act."""
    s = new(2, 2, seed=3)
    for _ in range(14):
        seat = s.to_act()[0]
        s.apply(seat, Draw("violet"))
    assert s.phase == PLACE
    s.hands = [["M1", "MD", "M2", "M2", "MM", "MM", "MM"], ["M1"] * 7]
    # the rest of the tokens in the bins: each token is in a bin, a hand or a slot (DD-6)
    s.bins = {t: n - sum(hand.count(t) for hand in s.hands) for t, n in full_bins().items()}
    return s, s.to_act()[0]


def test_dd14_three_steps_then_the_turn_passes() -> None:
    """DD-14: token, then slot, then arrow by the same player; only the arrow places and passes."""
    s, a = placing_state()
    s.hands[a] = ["M1", "M1", "MD", "M2", "M2", "MM", "MM"]
    assert s.legal_actions(a) == [Token("M1"), Token("MD"), Token("M2"), Token("MM"), STOP]
    assert s.apply(a, Token("MD")) == [] and s.to_act() == [a]
    slots = s.legal_actions(a)
    assert slots[-1] == BACK and len(slots) == 31 and Slot(0, 1) in slots and STOP not in slots
    assert s.apply(a, Slot(3, 2)) == [] and s.to_act() == [a]
    assert s.legal_actions(a) == [Arrow("NE"), Arrow("SE"), Arrow("SW"), Arrow("NW"), BACK]
    assert s.hands[a].count("MD") == 1 and s.emitters[a][3][2] is None  # nothing placed yet
    events = s.apply(a, Arrow("SW"))
    assert [(e.kind, e.token, e.direction, e.emitter, e.slot) for e in events] == [
        ("placed", "MD", "SW", 3, 2)
    ]
    assert s.emitters[a][3][2] == "MD:SW" and "MD" not in s.hands[a]
    assert s.to_act() == [1 - a] and s.placing == []


def test_back_undoes_the_last_pending_choice() -> None:
    s, a = placing_state()
    s.apply(a, Token("M2"))
    s.apply(a, Slot(5, 1))
    s.apply(a, BACK)
    assert s.placing == ["M2"] and Slot(5, 1) in s.legal_actions(a)
    s.apply(a, BACK)
    assert s.placing == [] and STOP in s.legal_actions(a) and BACK not in s.legal_actions(a)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="nothing to take back"):
        s.apply(a, BACK)
    assert s.to_json() == before


def test_dd47_steps_out_of_order_are_refused_without_change() -> None:
    s, a = placing_state()
    for action, reason in ((Slot(0, 1), "token"), (Arrow("N"), "token")):
        with pytest.raises(IllegalAction, match=reason):
            s.apply(a, action)
    s.apply(a, Token("M1"))
    before = s.to_json()
    for action, reason in ((STOP, "back"), (Token("M2"), "back"), (Arrow("N"), "slot"), (Slot(0, 4), "1..3")):
        with pytest.raises(IllegalAction, match=reason):
            s.apply(a, action)
        assert s.to_json() == before
    s.apply(a, Slot(0, 1))
    with pytest.raises(IllegalAction, match="arrow"):
        s.apply(a, Slot(0, 2))
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1 - a, BACK)


def test_a_typed_line_is_split_on_commas() -> None:
    s, a = placing_state()
    events = typed(s, a, "M2, e4.3, E")
    assert [e.kind for e in events] == ["placed"] and s.emitters[a][4][3] == "M2:E"
    sentence = GAME.describe_event(events[0].to_dict(), lambda seat: "Yellow")
    assert sentence is not None and "(typed M2, e4.3, E)" in sentence


def test_dd46_pending_choice_seen_by_the_placer_only_and_stored() -> None:
    """DD-46: the hand is hidden and a token is public once placed, so only the placer sees the
    pending choice; it survives to_dict, clone and determinize."""
    s, a = placing_state()
    s.apply(a, Token("MM"))
    s.apply(a, Slot(2, 1))
    assert s.view(a)["placing"] == ["MM", 2, 1]
    assert s.view(1 - a)["placing"] is None and s.view(None)["placing"] is None
    back = GAME.state_from_dict(s.to_dict())
    assert back.placing == ["MM", 2, 1] and back == s and s.clone() == s
    assert back.legal_actions(a) == s.legal_actions(a)
    for seed in range(5):
        world = s.determinize(1 - a, Rng(seed))
        assert world.view(1 - a) == s.view(1 - a)
        assert world.placing[1:] == [2, 1] and world.placing[0] in world.hands[a]
        world.apply(a, world.legal_actions(a)[0])  # the world can be played on
        mine = s.determinize(a, Rng(seed))
        assert mine.placing == ["MM", 2, 1] and mine.legal_actions(a) == s.legal_actions(a)


def test_prompt_follows_the_step() -> None:
    s, a = placing_state()

    def prompt(seat: int) -> str:
        console = Console(width=160, record=True)
        console.print(GAME.render_text(s.view(seat)))
        return console.export_text()

    assert "'M2, e3.1, N'" in prompt(a) and "'stop'" in prompt(a)
    s.apply(a, Token("M2"))
    assert "M2 chosen" in prompt(a) and "M2 chosen" not in prompt(1 - a)
    s.apply(a, Slot(3, 1))
    assert "M2 on e3.1: its arrow N/E/S/W" in prompt(a)


def test_heuristic_and_hint_continue_a_placement_begun() -> None:
    """The bot plays its plan as three steps; a hint reads the pending choice from the view."""
    s, a = placing_state()
    bot = HeuristicBot()
    steps = []
    for _ in range(3):
        action = bot.act(Turn(a, s.view(a), s.legal_actions(a), GAME))
        steps.append(action)
        s.apply(a, action)
    assert [type(x) for x in steps] == [Token, Slot, Arrow] and s.to_act() == [1 - a]
    hint = GAME.hint(s.view(1 - a), 1)
    token, slot, arrow = hint.split("'")[1].split(", ")  # the whole placement, as typed
    assert token == "M1" and slot.startswith("e") and arrow in "NESW"
    s.apply(1 - a, Token("M1"))
    hint = GAME.hint(s.view(1 - a), 1)
    assert "would play 'e" in hint or "would play 'back'" in hint
    s.apply(1 - a, Slot(9, 3))
    hint = GAME.hint(s.view(1 - a), 1)
    assert hint.split("'")[1] in ("N", "E", "S", "W", "back")


def max_legal(scenario: int, seats: int, seed: int, bots: set[int]) -> dict[str, int]:
    """The most legal actions met per phase in one game (random seats, heuristic ``bots``)."""
    s = GAME.new_state({"scenario": scenario, "turn_limit": 10, "killer_level": 1}, seed=seed, seats=seats)
    rng = Rng(seed)
    agents = {seat: HeuristicBot() for seat in bots}
    most: dict[str, int] = {}
    while s.outcome() is None:
        actors = s.to_act()
        seat = actors[0] if actors else -1
        legal = s.legal_actions(seat)
        most[s.phase] = max(most.get(s.phase, 0), len(legal))
        agent = agents.get(seat)
        s.apply(seat, agent.act(Turn(seat, s.view(seat), legal, GAME)) if agent else rng.choice(legal))
    return most


def test_legal_actions_stay_small() -> None:
    """DESIGN.md: never more than 40 legal actions once the game runs (placement: at most 31).
    The setup obstacles (DD-35, DD-38: one cell out of ~90) are one decision still to split."""
    most: dict[str, int] = {}
    for scenario, seats in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 2), (7, 1)):
        for seed, bots in ((0, set()), (1, {0}), (2, set(range(seats)))):
            for phase, n in max_legal(scenario, seats, seed, bots).items():
                most[phase] = max(most.get(phase, 0), n)
    assert most[PLACE] <= 31
    assert max(n for phase, n in most.items() if phase != SETUP) <= 40
