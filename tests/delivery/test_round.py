"""The end of a round and of the game; what each seat may see (RD-24..RD-28)."""

from __future__ import annotations

from robotable.core.rng import Rng

from .conftest import BLUE, GREEN, RED, give_hand, new, place, play, program_all

TURNS = [["RR"], ["RR"], ["RR"], ["RR"]]


def test_rd_24_discard_after_slot_4() -> None:
    """RD-24: onPlay cards go to the discard, BUG cards to the bug pile."""
    state = new()
    place(state, {RED: ((3, 3), "N"), BLUE: ((5, 3), "N")})
    state.draw[RED].append("RL")  # the card the BUG will draw
    pile = state.bug_pile
    program_all(state, {RED: [["RR", "LOOP"], ["BUG"], ["FWD"], ["RL"]], BLUE: TURNS})
    assert state.program[RED] == [[], [], [], []]
    assert state.bug_pile == pile + 1
    assert sorted(state.discard[RED]) == sorted(["RR", "LOOP", "RL", "FWD", "RL"])


def test_rd_ex_16_refill_with_reshuffle() -> None:
    """RD-EX-16, RD-25: 2 in hand, 3 in the draw pile, 9 discards: draw 3, reshuffle, draw 1."""
    state = new()
    give_hand(state, RED, ["FWD", "RL", "RR", "UT", "SL", "SR"])
    play(state, RED, "slot 1 FWD", "slot 2 RL", "slot 3 RR", "slot 4 UT")
    state.draw[RED], state.discard[RED] = ["BACK", "BACK", "LASER"], ["FWD"] * 5
    program_all(state, {BLUE: TURNS})
    events = play(state, RED, "submit")
    drew = next(e for e in events if e.kind == "drew" and e.seat == RED)
    assert drew.count == 4 and drew.reshuffled
    assert drew.cards[:3] == ("LASER", "BACK", "BACK")
    assert len(state.hands[RED]) == 6 and len(state.draw[RED]) == 8 and state.discard[RED] == []


def test_rd_25_fewer_cards_when_both_piles_are_empty() -> None:
    """RD-25: if the draw and discard piles are both empty, the hand stays short."""
    state = new()
    state.draw[RED], state.discard[RED] = [], []
    state.refill(RED)
    assert len(state.hands[RED]) == 6  # already full: draws nothing
    state.hands[RED] = state.hands[RED][:2]
    assert state.refill(RED).count == 0 and len(state.hands[RED]) == 2


def test_rd_25_kept_cards_and_bugs_stay_in_hand() -> None:
    """RD-25: cards kept in hand, BUG cards included, stay there."""
    state = new()
    give_hand(state, RED, ["FWD", "RL", "RR", "UT", "BUG", "SR"])
    program_all(state, {BLUE: TURNS})  # Blue only; Red still programs
    play(state, RED, "slot 1 FWD", "slot 2 RL", "slot 3 RR", "slot 4 UT", "submit")
    assert "BUG" in state.hands[RED] and "SR" in state.hands[RED]


def test_rd_26_token_passes_left() -> None:
    """RD-26: the first-player token goes to the left neighbour (the next seat clockwise)."""
    state = new(3)
    state.first = GREEN
    program_all(state, {RED: TURNS, BLUE: TURNS, GREEN: TURNS})
    assert state.first == RED and state.round == 2


def test_rd_ex_17_round_limit_ranking() -> None:
    """RD-EX-17, RD-27: after the last round, Red 1 + parcel, Blue 1, Green 0: Red, Blue, Green."""
    state = new(3, turn_limit=1)
    place(state, {RED: ((0, 3), "N"), BLUE: ((8, 3), "N"), GREEN: ((4, 7), "N")})
    state.delivered = [1, 1, 0]
    state.parcel = [True, False, False]
    events = program_all(state, {RED: TURNS, BLUE: TURNS, GREEN: TURNS})
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 2, 3) and outcome.winners == (RED,)
    assert events[-1].kind == "game-over" and events[-1].reason == "round-limit"
    assert state.to_act() == []


def test_rd_27_equal_players_share_the_rank() -> None:
    """RD-27: players still equal share the rank."""
    state = new(3, turn_limit=1)
    place(state, {RED: ((0, 3), "N"), BLUE: ((8, 3), "N"), GREEN: ((4, 7), "N")})
    program_all(state, {RED: TURNS, BLUE: TURNS, GREEN: TURNS})
    assert state.outcome().ranks == (1, 1, 1)


def test_rd_28_views_hide_hands_programs_and_draw_order() -> None:
    """RD-28: hands and face-down slots only to their owner; pile sizes public; no RNG in views."""
    state = new(3)
    give_hand(state, RED, ["FWD", "RL", "RR", "UT", "SL", "SR"])
    play(state, RED, "slot 1 FWD")
    red, blue, spectator = state.view(RED), state.view(BLUE), state.view(None)
    assert red["hand"] == ["RL", "RR", "UT", "SL", "SR"]
    assert blue["hand"] != red["hand"] and spectator["hand"] is None
    assert blue["players"][RED]["hand_size"] == 5 and blue["players"][RED]["program"] is None
    assert blue["players"][RED]["draw_size"] == len(state.draw[RED])
    assert "rng" not in str(spectator) and "draw" not in spectator


def test_rd_28_determinize_keeps_the_view_and_redeals_secrets() -> None:
    """RD-28: a determinized world looks the same to the seat; others' hands are redealt."""
    state = new(3, seed=2)
    give_hand(state, BLUE, ["FWD", "LOOP", "RR", "UT", "SL", "SR"])
    play(state, BLUE, "slot 1 FWD", "slot 1 LOOP")
    state.draw[GREEN].append("BUG")
    state.bug_top[GREEN] = 1
    differs = False
    for i in range(10):
        world = state.determinize(RED, Rng(i))
        assert world.view(RED) == state.view(RED)
        assert world.hands[RED] == state.hands[RED]
        assert world.draw[GREEN][-1] == "BUG"
        assert len(world.program[BLUE][0]) == 2 and "LOOP" in world.program[BLUE][0]
        differs |= world.hands[BLUE] != state.hands[BLUE]
    assert differs


def test_rd_28_revealed_slots_and_paths_are_public() -> None:
    """RD-28, trace: after a resolution every seat sees the revealed slots and each slot's paths."""
    state = new()
    state.first = RED
    place(state, {RED: ((3, 3), "N"), BLUE: ((5, 3), "N")})
    program_all(state, {RED: [["FWD"], ["RR"], ["FWD", "LOOP"], ["RL"]], BLUE: TURNS})
    last = state.view(BLUE)["last"]
    assert last["programs"][RED] == [["FWD"], ["RR"], ["FWD", "LOOP"], ["RL"]]
    assert last["paths"][0][RED] == [[3, 3], [3, 2]]
    assert last["paths"][2][RED] == [[3, 2], [4, 2], [5, 2]]


def test_rd_28_refill_draws_are_shown_only_to_their_player() -> None:
    """RD-28, RD-25: other seats and spectators see how many cards were drawn, not which."""
    state = new()
    events = program_all(state, {RED: TURNS, BLUE: TURNS})
    for viewer in (BLUE, None, -1):
        drew = [e for e in state.events_for(events, viewer) if e["kind"] == "drew" and e["seat"] == RED]
        assert drew and drew[0]["cards"] is None and drew[0]["count"] == 6
    mine = [e for e in state.events_for(events, RED) if e["kind"] == "drew" and e["seat"] == RED]
    assert list(mine[0]["cards"]) == state.hands[RED]
    assert "hand" not in str(state.view(BLUE)["players"][RED]).replace("hand_size", "")
