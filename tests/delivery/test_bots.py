"""Bots: the heuristic plays legal, sensible programs from its own view only."""

from __future__ import annotations

from collections import Counter

from robotable.agents import RandomAgent
from robotable.core.game import Turn
from robotable.games.delivery import GAME
from robotable.games.delivery.actions import SUBMIT
from robotable.games.delivery.board import DROP, PICKUP, load_board
from robotable.games.delivery.bots import HeuristicBot, best_program, cards_to_goal, ranked_programs
from robotable.play.clock import VirtualClock
from robotable.play.match import Match

from .conftest import BLUE, RED, give_hand, new, place, play, program_all, run_slot


def test_heuristic_is_the_first_bot() -> None:
    assert next(iter(GAME.bots())) == "heuristic"


def test_cards_to_goal_table() -> None:
    board = load_board()
    pickup = cards_to_goal(board, PICKUP)
    assert pickup[board.cell(3, 5) * 4] == 0
    assert pickup[board.cell(3, 6) * 4 + 0] == 1  # facing N, one FWD
    drop = cards_to_goal(board, DROP)
    # FWD onto the conveyor (4,2), carried to (4,1); any card, carried onto the drop (4,0)
    assert drop[board.cell(4, 3) * 4 + 0] == 2


def test_best_program_picks_up_a_parcel() -> None:
    """The bot sees that FWD x2 from (3,7) facing N reaches the pickup (3,5)."""
    state = new()
    place(state, {RED: ((3, 7), "N")})
    give_hand(state, RED, ["FWD", "LOOP", "UT", "RL", "RR", "BACK"])
    program = best_program(state.view(RED), RED, state.hands[RED])
    assert program[0] == ["FWD", "LOOP"]  # the parcel at once: later slots may be disturbed
    for slot, cards in enumerate(program):
        run_slot(state, RED, cards, slot)
    assert state.parcel[RED]


def test_every_program_tried_fills_every_slot_even_with_a_bug_card() -> None:
    """RD-9: a program fills all four slots. Resolving a played BUG takes it out of its slot;
    the programs tried with loops added once lost their BUG slot that way, and the bot then
    played a program with an empty slot."""
    state = new()
    place(state, {RED: ((3, 7), "N")})
    hand = ["BUG", "RR", "LASER", "RL", "LOOP", "FWD"]
    give_hand(state, RED, hand)
    tried = ranked_programs(state.view(RED), RED, list(hand))
    assert any("BUG" in cards and "LOOP" in cards for program in (p for _, p in tried) for cards in program)
    for _, program in tried:
        assert all(program), program
        assert Counter(card for cards in program for card in cards) <= Counter(hand)


def test_heuristic_only_plays_legal_actions_and_wins_against_random() -> None:
    wins = 0
    for seed in range(6):
        state = GAME.new_state({}, seed=seed, seats=2)
        agents = [HeuristicBot(), RandomAgent(seed)] if seed % 2 else [RandomAgent(seed), HeuristicBot()]
        outcome = Match(GAME, state, agents, VirtualClock()).run()
        hseat = 0 if seed % 2 else 1
        wins += outcome.winners == (hseat,)
    assert wins >= 5


def test_bot_acts_from_its_view() -> None:
    state = new(3)
    bot = HeuristicBot()
    for _ in range(10):
        action = bot.act(Turn(RED, state.view(RED), state.legal_actions(RED), GAME))
        state.apply(RED, action)
        if str(action) == "submit":
            break
    assert state.submitted[RED]


def test_hint() -> None:
    """A new player types the hint's first line as it is: level 1 the next slot, level 2 all."""
    state = new()
    first = GAME.hint(state.view(RED), 1).splitlines()[0]
    assert first.startswith("slot 1 ") and "submit" not in first
    whole = _hint_moves(GAME.hint(state.view(RED), 2))
    assert {move.split()[1] for move in whole} == {"1", "2", "3", "4"}


def test_four_bots_play_to_the_end_and_the_record_replays() -> None:
    """A bots-only 4-player game ends (a win or the round limit) and its record replays exactly."""
    from robotable.core.records import Recorder
    from robotable.games import replay

    recorder = Recorder(GAME, {}, seed=1, seats=["bot"] * 4)
    match = Match(GAME, recorder.state, [HeuristicBot() for _ in range(4)], VirtualClock(), recorder)
    outcome = match.run()
    assert outcome.winners
    assert replay(recorder.record) == recorder.state


def _hint_moves(text: str) -> list[str]:
    """The actions of a hint's first line (what the player types), ``submit`` left out."""
    moves = text.splitlines()[0].split(", ")
    assert all(GAME.parse_action(move) for move in moves)
    return [move for move in moves if move != "submit"]


def test_hint_completes_the_partial_program_with_legal_moves() -> None:
    """Audit: after 'slot 1 RL' the hint said 'slot 1: FWD', which the game refuses."""
    for seed in range(6):
        state = new(seed=seed)
        give_hand(state, RED, ["RL", "FWD", "FWD", "RR", "BACK", "LOOP"])
        play(state, RED, "slot 1 RL")
        first = GAME.hint(state.view(RED), 1)
        assert not first.startswith("slot 1 "), first
        whole = GAME.hint(state.view(RED), 2)
        assert "already in place: slot 1 RL" in whole and whole.splitlines()[0].endswith(", submit")
        for move in _hint_moves(whole):
            state.check(RED, GAME.parse_action(move))
            play(state, RED, move)
        assert all(state.program[RED])
        assert GAME.hint(state.view(RED), 1).splitlines()[0] == "submit"
        play(state, RED, "submit")
        assert "submitted" in GAME.hint(state.view(RED), 1)


def test_hint_never_suggests_an_illegal_move_from_any_partial_program() -> None:
    for seed in range(8):
        state = new(seed=seed)
        hand = list(state.hands[RED])
        for slot in range(seed % 4):
            play(state, RED, f"slot {slot + 1} {hand[slot]}")
        for move in _hint_moves(GAME.hint(state.view(RED), 2)):
            assert GAME.parse_action(move) in state.legal_actions(RED), (seed, move)
            play(state, RED, move)
        assert SUBMIT in state.legal_actions(RED)


def test_the_search_weighs_the_heuristics_program_with_cards_put_on_a_function_board() -> None:
    """The heuristic never builds a function board; the searching levels' candidates include
    its program with the cards it leaves in hand put on the player's own board, and every
    step of each candidate is legal when it is played."""
    from robotable.games.delivery.actions import PlaceFunction
    from robotable.games.delivery.bots import candidates
    from robotable.play.table import agent_turn

    state = new()
    place(state, {RED: ((3, 7), "N")})
    give_hand(state, RED, ["FWD", "FWD", "LOOP", "RR", "BACK", "RL"])
    turn = agent_turn(state, RED, [], 0.0, None)
    found = candidates(None, turn, 9)
    building = [c for c in found if any(isinstance(step, PlaceFunction) for step in c)]
    assert building and found[0] not in building  # the heuristic's own program stays first
    for candidate in [*found, *candidates(None, turn, 12)]:
        world = state.clone()
        for step in candidate:
            assert step in world.legal_actions(RED), (candidate, step)
            world.apply(RED, step)
        assert world.submitted[RED]
    letters = {step.board for c in building for step in c if isinstance(step, PlaceFunction)}
    assert letters and letters <= set(state.fboards[RED])  # the player's own board only


def test_an_answer_to_a_guessed_program_fires_where_the_other_pawn_will_stand() -> None:
    """The heuristic simulates its pawn alone, so its laser aims where the others stand now.
    Answering Blue's program (one step north into Red's row, then turns), Red's best program
    fires in a slot after Blue's step and, resolved for real, takes Blue's parcel (RD-16)."""
    state = new()
    place(state, {RED: ((0, 3), "E"), BLUE: ((5, 4), "N")})
    state.parcel[BLUE] = True
    hand = ["LASER", "RL", "RR", "UT", "LOOP", "BUG"]
    give_hand(state, RED, hand)
    blues = [["FWD"], ["RL"], ["RL"], ["RL"]]
    alone = best_program(state.view(RED), RED, list(hand))
    answer = ranked_programs(state.view(RED), RED, list(hand), None, {BLUE: blues})[0][1]
    for program, steals in ((alone, False), (answer, True)):
        world = state.clone()
        program_all(world, {RED: program, BLUE: blues})
        assert world.parcel[RED] is steals and world.parcel[BLUE] is not steals, program


def test_answers_depend_only_on_the_seats_view() -> None:
    """The search's answer candidates guess the other seat's hidden cards from the view: two
    positions the seat cannot tell apart (the other's hand and face-down program redrawn) give
    the same candidates."""
    from robotable.core.rng import Rng
    from robotable.games.delivery.bots import candidates
    from robotable.play.table import agent_turn

    for seed in range(3):
        state = new(seed=seed)
        play(state, BLUE, *[f"slot {i + 1} {card}" for i, card in enumerate(state.hands[BLUE][:4])], "submit")
        twin = state.determinize(RED, Rng(seed + 50))
        assert twin.view(RED) == state.view(RED) and twin.hands[BLUE] != state.hands[BLUE]
        found = [candidates(None, agent_turn(s, RED, [], 0.0, None, world=True), 10) for s in (state, twin)]
        assert found[0] == found[1] and len(found[0]) > 2


def test_a_larger_budget_also_builds_on_the_best_answers_leftovers() -> None:
    """Expert's candidates (12) put on the function board the cards that the best answer to
    the other seat's guessed program leaves in hand, besides the heuristic's leftovers: more
    function-board candidates than hard's (6), each of them legal step by step."""
    from robotable.games.delivery.actions import PlaceFunction, Program
    from robotable.games.delivery.bots import best_answers, candidates
    from robotable.play.table import agent_turn

    def building(found: list) -> list:
        return [c for c in found if any(isinstance(step, PlaceFunction) for step in c)]

    more = 0
    for seed in (0, 4, 5):
        state = new(seed=seed)
        play(state, BLUE, *[f"slot {i + 1} {card}" for i, card in enumerate(state.hands[BLUE][:4])], "submit")
        turn = agent_turn(state, RED, [], 0.0, None, world=True)
        hard, expert = candidates(None, turn, 6), candidates(None, turn, 12)
        more += len(building(expert)) > len(building(hard))
        answer = [
            Program(slot, card) for slot, cards in enumerate(best_answers(turn, 10)[0], 1) for card in cards
        ]
        if answer != [step for step in expert[0] if isinstance(step, Program)]:  # an answer of its own
            assert any(c[: len(answer)] == answer for c in building(expert))
        for candidate in expert:
            world = state.clone()
            for step in candidate:
                assert step in world.legal_actions(RED), (candidate, step)
                world.apply(RED, step)
            assert world.round == state.round + 1 or world.is_over()  # both submitted: resolved
    assert more == 3


def test_the_heuristics_remembered_decision_is_the_one_it_would_make() -> None:
    """The heuristic remembers its decisions (search play-outs ask the same again): what it
    remembers is the best program and the count of programs tried that ``ranked_programs``
    gives, and changing a program handed out does not change what it remembers."""
    from robotable.games.delivery.bots import planned

    for seed in range(4):
        state = new(seed=seed)
        for seat in (RED, BLUE):
            view = state.view(seat)
            ranked = ranked_programs(view, seat, list(view["hand"]))
            first = planned(view, seat)
            assert first == (len(ranked), ranked[0][1])
            first[1][0].append("LOOP")  # the caller's copy
            assert planned(view, seat) == (len(ranked), ranked[0][1])
