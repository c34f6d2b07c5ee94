"""A whole Droids game guessed from one seat's view (DD-46: hands and bin contents hidden, bin
sizes and the board public), for a searching bot run away from the server: at every step of
random games, for every seat and a spectator, the world's own view is the view it came from and
its determinized guesses show it again; the hidden parts are guesses; a view changed on its way
is refused in words; and a remote ``hard`` bot fed the server's state messages plays a game."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from robotable.agents.levels import bots_of
from robotable.client.levels import LevelBot
from robotable.core.errors import RobotableError
from robotable.core.game import Turn
from robotable.core.rng import Rng
from robotable.games.droids.actions import Draw
from robotable.games.droids.state import DroidsState
from robotable.games.droids.tokens import bin_of
from robotable.play.table import Table

from .conftest import GAME, dice, new, pieces, send, sending

GAMES: list[tuple[dict[str, Any], int]] = [  # options and seats: every scenario, teams, killer modes
    ({"scenario": 1}, 2),
    ({"scenario": 1, "teams": True}, 4),
    ({"scenario": 2}, 3),
    ({"scenario": 3}, 4),
    ({"scenario": 4, "garden_mode": "strict"}, 2),
    ({"scenario": 5}, 3),
    ({"scenario": 6, "prison_neighbours": 8}, 2),
    ({"scenario": 7, "killer_sheet_mode": "sequence", "killer_level": 3}, 1),
]


def as_sent(view: Any) -> Any:
    return json.loads(json.dumps(view))


def shown_again(state: DroidsState, key: int) -> None:
    """Every seat's view and the spectator's make a world that shows it, and so do its guesses."""
    for seat in [*range(state.seats), None]:
        view = state.view(seat)
        world = GAME.world_from_view(as_sent(view), seed=key)
        assert world.view(seat) == view  # the same, tuples where the true view has tuples
        assert world.determinize(seat, Rng(key)).view(seat) == view


def test_dd46_every_view_of_random_games_makes_a_world_that_shows_it_again() -> None:
    phases: Counter[str] = Counter()
    for seed, (options, seats) in enumerate(GAMES * 2):  # each game twice: 1 turn, then 2
        state = new(seats=seats, seed=seed, turn_limit=1 + seed // len(GAMES), **options)
        moves = random.Random(seed)
        while True:
            shown_again(state, seed)
            phases["choice" if state.pending_hits else state.phase] += 1
            phases["placing"] += bool(state.placing)
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, moves.choice(state.legal_actions(seat)))
    assert {"setup", "draw", "place", "placing", "send", "over"} <= set(phases)


def test_dd46_a_damaged_or_repaired_player_choosing_emitters_is_shown_again() -> None:
    """DD-25, DD-27: the choices random play seldom reaches, set up: Yellow shoots Red for 2
    emitters (a roll of 6 at 3 cells), then has Red repaired; every view, choice by choice."""
    state = new(2, 2, seed=1)
    pieces(state, Y=(5, 4), R=(5, 1), rep1=(6, 1))
    sending(state, 0, {5: ["SH:N"], 6: ["GR:W"]})
    dice(state, 6)
    for emitter, choice in ((5, [1, "damage", 2]), (6, [1, "repair", 1])):
        send(state, 0, emitter)
        state.rng = Rng(1)
        assert state.pending_hits == [choice]
        while state.pending_hits:
            shown_again(state, 1)
            state.apply(1, state.legal_actions(1)[-1])
    shown_again(state, 1)


def test_dd46_the_hidden_hands_and_bins_are_guesses_not_the_true_ones() -> None:
    state = new(1, 3, seed=5)
    while state.phase != "place":  # the setup and the draw, everyone's hand full
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0] if state.phase == "setup" else Draw("violet"))
    seat = state.to_act()[0]
    worlds = [GAME.world_from_view(as_sent(state.view(seat)), seed=k) for k in range(6)]
    others = [s for s in range(3) if s != seat]
    assert any(w.hands[s] != state.hands[s] for w in worlds for s in others)
    assert any(w.bins != state.bins for w in worlds)
    again = GAME.world_from_view(as_sent(state.view(seat)), seed=2)
    assert again.to_dict() == worlds[2].to_dict()  # a guess depends on the view and the seed alone
    for world in worlds:
        assert world.hands[seat] == state.hands[seat]
        for s in others:  # as many tokens from each bin as the true hand
            assert Counter(map(bin_of, world.hands[s])) == Counter(map(bin_of, state.hands[s]))
        assert world.bin_totals == state.bin_totals


CHANGES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "a token swapped in the hand": lambda v: v["hand"].__setitem__(0, "SH"),
    "a token too many in the hand": lambda v: v["hand"].append("M1"),
    "an unknown token": lambda v: v["hand"].__setitem__(0, "ZZ"),
    "a bin's size": lambda v: v["bins"].__setitem__("violet", 3),
    "a hand drawn from nowhere": lambda v: v["hand_bins"][1].__setitem__("blue", 7),
    "a billion seats": lambda v: v.__setitem__("seats", 10**9),
    "a seat not at the table": lambda v: v.__setitem__("seat", 3),
    "a seat as text": lambda v: v.__setitem__("seat", "0"),
    "the robots missing": lambda v: v.pop("robots"),
    "a robot off the board": lambda v: v["robots"][0].__setitem__("cell", [12, 3]),
    "a placed token as junk": lambda v: v["emitters"][0][0].__setitem__("slots", "abc"),
    "whose turn": lambda v: v.__setitem__("to_act", [1]),
    "the map": lambda v: v["map"].__setitem__(0, ".........."),
    "an unknown scenario": lambda v: v["options"].__setitem__("scenario", 9),
    "a field added": lambda v: v.__setitem__("secret", 1),
    "a huge number": lambda v: v.__setitem__("turn", 10**5000),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_dd46_a_view_changed_on_its_way_is_refused_in_words(change: str) -> None:
    state = new(2, 2, seed=4)
    for _ in range(3):
        state.apply(state.to_act()[0], Draw("violet"))
    view = as_sent(state.view(state.to_act()[0]))
    assert view["seat"] == 0
    GAME.world_from_view(copy.deepcopy(view))  # as sent: a world
    CHANGES[change](view)
    with pytest.raises(RobotableError, match="no whole game shows it") as refused:
        GAME.world_from_view(view)
    assert refused.value.fr and "aucune partie" in refused.value.fr


@pytest.mark.parametrize("view", [None, [], {}, {"seat": 0, "seats": 2, "options": {}}])
def test_dd46_what_is_no_view_at_all_is_refused_in_words(view: Any) -> None:
    with pytest.raises(RobotableError, match="no whole game shows it"):
        GAME.world_from_view(view)


def test_a_view_naming_the_servers_own_files_opens_none_here() -> None:
    view = as_sent(new(1, 2).view(0))
    view["options"]["board_file"] = "/etc/passwd"
    with pytest.raises(RobotableError, match="server's own board") as refused:
        GAME.world_from_view(view)
    assert refused.value.fr


@pytest.mark.parametrize(("level", "scenario"), [("hard", 1), ("expert", 3)])
def test_dd46_a_remote_searching_bot_plays_a_whole_game_from_the_servers_messages(
    level: str, scenario: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 is the client's ``LevelBot``, told what the server tells its seat (the table's
    snapshot as JSON, with the clock's ``now``); seat 1 an easy bot of the server's."""
    guesses: list[int | None] = []  # the seats the search drew guessed worlds for
    determinize = DroidsState.determinize

    def guessed(world: DroidsState, seat: int | None, rng: Rng) -> DroidsState:
        guesses.append(seat)
        return determinize(world, seat, rng)

    monkeypatch.setattr(DroidsState, "determinize", guessed)
    table = Table(GAME, {"scenario": scenario, "turn_limit": 2}, seed=3, seats=["remote", "bot"])
    remote, easy = LevelBot("droids", level, seed=1), bots_of(GAME)["easy"](seed=1)
    for now in range(2000):
        if table.state.is_over():
            break
        seat = table.state.to_act()[0]
        if seat == 0:
            answer = remote.act_on(as_sent({**table.snapshot(0), "now": float(now)}))
        else:
            state = table.state
            answer = easy.act(Turn(seat, state.view(seat), state.legal_actions(seat), GAME))
        table.submit(seat, str(answer), float(now))  # an illegal answer: refused, the test fails
    assert table.state.is_over() and guesses and set(guesses) == {0}
