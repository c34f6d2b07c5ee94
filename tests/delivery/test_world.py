"""A whole Robot Delivery game made from one seat's view (RD-28: what a seat sees), for a
searching bot run away from the server: at every step of random games, for every seat and a
spectator, the world's own view is the view it was made from, and it deals its hidden parts
again as the server's world does; the hidden parts are guesses; a view changed on its way is
refused in words; a remote ``hard`` bot fed the server's state messages plays a whole game."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from robotable import games
from robotable.agents.levels import bots_of
from robotable.client.levels import LevelBot
from robotable.core.errors import RobotableError
from robotable.core.game import Turn, Wait, searches, world_for
from robotable.core.rng import Rng
from robotable.games.delivery.actions import SUBMIT
from robotable.games.delivery.state import DeliveryState
from tests.seat_messages import state_message

from .conftest import board_file

GAME = games.get("delivery")
REFUSED = "not a Robot Delivery view the server sends: no whole game shows it"


def as_sent(value: Any) -> Any:
    """As it travels: JSON, tuples become lists."""
    return json.loads(json.dumps(value))


def world(view: dict[str, Any], seed: int = 0) -> DeliveryState:
    made = GAME.world_from_view(view, seed)
    assert isinstance(made, DeliveryState)
    return made


def random_step(state: DeliveryState, moves: random.Random) -> None:
    """One random legal action of the first seat to act; submits often, so rounds go by."""
    seat = state.to_act()[0]
    legal = list(state.legal_actions(seat))
    state.perform(seat, SUBMIT if SUBMIT in legal and moves.random() < 0.5 else moves.choice(legal))


def shows_again(state: DeliveryState, seed: int) -> list[DeliveryState]:
    """Every seat's and a spectator's view of ``state`` makes a world that shows it again, and
    that world's guesses (what a search plays out) show it too; the worlds made."""
    made = []
    for seat in [*range(state.seats), None]:
        view = as_sent(state.view(seat))
        made.append(world(view, seed))
        assert as_sent(made[-1].view(seat)) == view
        assert as_sent(made[-1].determinize(seat, Rng(seed)).view(seat)) == view
    return made


def hidden_cards(state: DeliveryState, seat: int) -> Counter[str]:
    """A seat's cards in hand, draw pile and onPlay slots."""
    return Counter(
        [*state.hands[seat], *state.draw[seat], *(c for cards in state.program[seat] for c in cards)]
    )


def played(seats: int, seed: int, steps: int, **options: Any) -> DeliveryState:
    state = GAME.new_state(options, seed=seed, seats=seats)
    moves = random.Random(seed)
    for _ in range(steps):
        random_step(state, moves)
    return state


# --------------------------------------------------------------------------- the same view again

GAMES = [
    (2, {"function_boards": "per_player_ad"}),
    (3, {"hand_size": 5, "bug_pile": 3}),
    (4, {"hand_size": 8}),
]


@pytest.mark.parametrize(("seats", "options"), GAMES)
def test_rd28_every_view_of_random_games_makes_a_world_that_shows_it_again(
    seats: int, options: dict[str, Any]
) -> None:
    checked = 0
    for seed in range(2):
        state = GAME.new_state({"turn_limit": 2, **options}, seed=seed, seats=seats)
        moves = random.Random(seed)
        while not state.is_over():
            for made in shows_again(state, checked):  # the BUG cards counted, wherever they are
                assert made.options["bug_pile"] == state.options["bug_pile"]
            checked += 1
            random_step(state, moves)
        shows_again(state, checked)  # the game over (round limit)
    assert checked > 30


@pytest.mark.parametrize(
    "decks",
    ["FWD 6\nBACK 1\nRL 2\nRR 2\nUT 3\nLOOP 4\nLASER 2\nFN-OWN 1\n", "FWD 3\nRR 2\nRL 1\nLOOP 1\nFN-OWN 1\n"],
    ids=["larger", "smaller"],
)
def test_rd28_a_game_with_decks_of_its_own_makes_worlds_too(tmp_path: Path, decks: str) -> None:
    """The view does not carry the decks file: the world's decks hold what the view shows."""
    path = tmp_path / "decks.txt"
    path.write_text(decks, "utf-8")
    state = GAME.new_state({"decks_file": str(path), "turn_limit": 2}, seed=3, seats=3)
    moves = random.Random(3)
    while not state.is_over():
        shows_again(state, state.round)
        random_step(state, moves)
    shows_again(state, 0)


def test_rd28_the_world_plays_on_the_board_the_view_shows(tmp_path: Path) -> None:
    text = "[map]\n1 . . . P\n. # > . .\n. . » v D\n4 . . . P\n"
    state = GAME.new_state({"board_file": board_file(tmp_path, text)}, seed=2, seats=2)
    view = as_sent(state.view(0))
    made = world(view, 3)
    assert made.board.rows() == view["board"]["rows"] == ["....P", ".#>..", "..»vD", "....P"]
    guess = made.determinize(0, Rng(1)).clone()
    assert guess.board is made.board and guess.board.rows() == state.board.rows()
    bot = bots_of(GAME)["hard"](seed=1)
    action = bot.act(Turn(0, view, state.legal_actions(0), GAME, world=made))
    assert action in state.legal_actions(0)


# --------------------------------------------------------------------------- guesses


def test_rd28_the_hidden_parts_are_guesses_not_the_truth() -> None:
    state = played(3, seed=3, steps=40)
    view = as_sent(state.view(0))
    worlds = [world(view, seed) for seed in range(8)]
    for made in worlds:  # what the seat sees is true
        assert made.hands[0] == state.hands[0] and made.program[0] == state.program[0]
        assert Counter(made.draw[0]) == Counter(state.draw[0])  # its own cards, in another order
        for other in (1, 2):  # another seat's hidden cards: the same cards, dealt anew
            assert hidden_cards(made, other) == hidden_cards(state, other)
    assert {tuple(made.hands[1]) for made in worlds} != {tuple(state.hands[1])}
    assert len({tuple(made.draw[0]) for made in worlds}) > 1


def test_rd28_a_world_is_what_the_server_would_guess_from_the_true_game() -> None:
    """With the same seed, the world made from a view is the true game's ``determinize`` for
    that seat, but for the options the view does not show and the order of the discard piles
    (the view sorts them; the reshuffles to come are random either way)."""
    state = GAME.new_state({}, seed=8, seats=3)
    moves = random.Random(8)
    for step in range(60):
        for seat in [*range(3), None]:
            made = world(as_sent(state.view(seat)), step).to_dict()
            guess = state.determinize(seat, Rng(step)).to_dict()
            for data in (made, guess):
                data.pop("options")
                data["discard"] = [sorted(cards) for cards in data["discard"]]
            assert made == guess
        random_step(state, moves)
    assert state.round > 1


def test_rd28_a_world_depends_on_the_view_alone() -> None:
    """Two games that differ only in what seat 0 cannot see give it the same world."""
    state = played(2, seed=5, steps=30)
    twin = state.determinize(0, Rng(99))
    assert twin.hands[1] != state.hands[1] or twin.draw[1] != state.draw[1]
    view = as_sent(state.view(0))
    assert as_sent(twin.view(0)) == view
    assert world(view, 4).to_dict() == world(as_sent(twin.view(0)), 4).to_dict()


# --------------------------------------------------------------------------- refusals


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(view: dict[str, Any]) -> None:
        where: Any = view
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda view: view.pop(key)


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "a card no deck of two players holds": _set(("hand", 0), "FN-D"),
    "a second Function card given": _set(("players", 1, "discard"), ["FN-A", "FN-A"]),
    "more LOOP cards than a deck file holds": _set(("players", 1, "discard"), ["LOOP"] * 5),
    "a BUG in a discard": _set(("players", 1, "discard"), ["BUG"]),
    "a pawn on a wall": _set(("players", 0, "cell"), [0, 0]),
    "two pawns on one cell": lambda view: _set(("players", 1, "cell"), view["players"][0]["cell"])(view),
    "a pawn off the board": _set(("players", 0, "cell"), [9, 0]),
    "a facing of two letters": _set(("players", 0, "facing"), "NE"),
    "1 for true": _set(("players", 0, "parcel"), 1),
    "a round of 1.0": lambda view: _set(("round",), float(view["round"]))(view),
    "a billion cards in a hand": _set(("players", 1, "hand_size"), 10**9),
    "a slot count its own program does not have": _set(("players", 0, "program_counts", 3), 3),
    "another seat's program shown": _set(("players", 1, "program"), [[], [], [], []]),
    "a BUG on a function board": _set(("function_boards", 0, "slots", 0), ["BUG"]),
    "a board row cut short": lambda view: _set(("board", "rows", 0), view["board"]["rows"][0][:-1])(view),
    "a cell code no board has": _set(("board", "rows", 3), "........x"),
    "a start facing nowhere": _set(("board", "starts", 0, 2), "Q"),
    "the seats in another order": lambda view: view["order"].reverse(),
    "nobody to act": _set(("to_act",), []),
    "a winner mid-game": _set(("winner",), 0),
    "a last round to come": _set(("last", "round"), 99),
    "a bug pile larger than the option allows": _set(("bug_pile",), 500),
    "another game's name": _set(("game",), "robotick"),
    "a seat with no chair": _set(("seat",), 5),
    "a seat that is no number": _set(("seat",), "0"),
    "one key more": _set(("cheat",), True),
    "no bug pile": _drop("bug_pile"),
    "no players": _drop("players"),
    "no board": _drop("board"),
}


@pytest.fixture(scope="module")
def sent_view() -> dict[str, Any]:
    """Seat 0's view in round 2 of a two-player game, some cards programmed: discards, a last
    resolution and hidden programs to change."""
    state = GAME.new_state({}, seed=1, seats=2)
    moves = random.Random(1)
    while state.round < 2 or sum(len(cards) for cards in state.program[0]) < 2:
        random_step(state, moves)
    return as_sent(state.view(0))


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_rd28_a_changed_view_is_refused_in_words(sent_view: dict[str, Any], change: str) -> None:
    view = as_sent(sent_view)
    world(view)  # the view as sent makes one
    CHANGES[change](view)
    with pytest.raises(RobotableError, match=REFUSED):
        GAME.world_from_view(view)


@pytest.mark.parametrize("view", [None, [], "view", 7, {}, {"seat": 0}, {"seat": None, "game": "delivery"}])
def test_rd28_what_is_no_view_at_all_is_refused_in_words(view: Any) -> None:
    with pytest.raises(RobotableError, match=REFUSED):
        GAME.world_from_view(view)


def test_rd28_a_view_changed_at_random_is_refused_or_shown_exactly(sent_view: dict[str, Any]) -> None:
    """Any value replaced anywhere: a refusal in words, never another error; a world made
    anyway shows the changed view exactly (the change made another view some game shows)."""
    moves = random.Random(7)
    junk = [None, True, 0, -1, 2, 10**6, 1.5, "", "FWD", "N", [], [0, 0], {}, {"a": 1}]
    made = 0
    for _ in range(300):
        view = as_sent(sent_view)
        where, key = _random_leaf(view, moves)
        where[key] = moves.choice(junk)
        try:
            changed = world(view)
        except RobotableError as exc:
            assert REFUSED in str(exc)
            continue
        made += 1
        assert as_sent(changed.view(0)) == view
    assert made < 300


def _random_leaf(view: Any, moves: random.Random) -> tuple[Any, Any]:
    """A container of ``view`` and one of its keys (or indexes), picked at random."""
    where, key = view, moves.choice(list(view))
    while isinstance(where[key], dict | list) and where[key] and moves.random() < 0.7:
        where = where[key]
        key = moves.choice(list(where) if isinstance(where, dict) else range(len(where)))
    return where, key


# --------------------------------------------------------------------------- the searching levels


def test_rd28_a_remote_hard_bot_plays_a_whole_game_from_the_state_messages() -> None:
    state = GAME.new_state({}, seed=4, seats=2)
    remote, local = LevelBot("delivery", "hard", seed=1), bots_of(GAME)["easy"](seed=2)
    number = 0
    while not state.is_over():
        for seat in state.to_act():
            if seat == 0:
                answer = remote.act_on(state_message(state, seat, number))
                assert answer is not None
                action = GAME.parse_action(answer)
            else:
                world_ = world_for(state, seat) if searches(local) else None
                action = local.act(
                    Turn(seat, state.view(seat), state.legal_actions(seat), GAME, world=world_)
                )
                assert not isinstance(action, Wait)
            assert action in state.legal_actions(seat)
            state.perform(seat, action)
            number += 1
    assert state.outcome() is not None and number > 20
    shows_again(state, number)  # the game over, as the last messages show it


def test_rd28_the_expert_level_searches_from_a_world_made_from_its_view() -> None:
    state = GAME.new_state({}, seed=6, seats=2)
    moves = random.Random(6)
    while state.round < 2:  # a round played: discards and a last resolution in the view
        random_step(state, moves)
    seat = 1
    view = as_sent(state.view(seat))
    expert = bots_of(GAME)["expert"](seed=3)
    action = expert.act(Turn(seat, view, state.legal_actions(seat), GAME, world=world(view, 5)))
    assert action in state.legal_actions(seat)
