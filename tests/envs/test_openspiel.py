"""The OpenSpiel adapter: OpenSpiel's own random-simulation test and MCTS bot on every game,
seeds, observers built from views, clones, refusals and parameters."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from robotable import games
from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.envs.core import WAIT, final_rewards
from robotable.envs.openspiel import GAME_NAMES, RobotableSpielState

# every game, Droids also solo against the Killer; cut at 200 steps so that rollouts stay short
LOADED = [
    ("robotable_ricochet", {"chips_to_win": 1}),
    ("robotable_dr2d", {"turn_limit": 4}),
    ("robotable_droids", {}),
    ("robotable_droids", {"scenario": 7, "players": 1}),
    ("robotable_delivery", {"turn_limit": 4}),
    ("robotable_robotick", {}),
]


def load(name: str, params: dict) -> pyspiel.Game:
    """A game with the options OpenSpiel cannot type (no scalar default) passed as JSON."""
    game = games.get(name.removeprefix("robotable_"))
    typed = {k: v for k, v in params.items() if k == "players" or _typed(game, k)}
    extra = {k: v for k, v in params.items() if k not in typed}
    return pyspiel.load_game(name, {"max_steps": 200, "options": json.dumps(extra), **typed})


def _typed(game: object, name: str) -> bool:
    return any(opt.name == name and opt.default is not None for opt in game.options)  # type: ignore[attr-defined]


def test_the_five_games_are_registered() -> None:
    assert sorted(GAME_NAMES) == sorted(f"robotable_{g}" for g in games.ids())
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "params"), LOADED, ids=[f"{n}-{p}" for n, p in LOADED])
def test_openspiel_random_simulation_test(name: str, params: dict) -> None:
    pyspiel.random_sim_test(load(name, params), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "params"), LOADED, ids=[f"{n}-{p}" for n, p in LOADED])
def test_openspiel_mcts_bot_plays_legal_moves(name: str, params: dict) -> None:
    game = load(name, params)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 6, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    for _ in range(4):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.history()


def test_a_seed_gives_the_engines_game_and_the_game_seed_the_sequence() -> None:
    game = pyspiel.load_game("robotable_robotick", {"seed": 5})
    state = game.new_initial_state(seed=9)
    assert state.engine_state.to_dict() == games.get("robotick").new_state({}, seed=9, seats=3).to_dict()
    again = pyspiel.load_game("robotable_robotick", {"seed": 5})
    firsts = [str(g.new_initial_state().engine_state.to_json()) for g in (game, again)]
    assert firsts[0] == firsts[1]
    assert game.new_initial_state().engine_state.to_json() != firsts[0]


def test_legal_actions_are_the_engines_and_returns_the_outcome() -> None:
    game = pyspiel.load_game("robotable_robotick")
    state = game.new_initial_state(seed=3)
    encoder = game.encoder
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        seat = state.current_player()
        engine = state.engine_state
        assert seat in engine.to_act()
        assert state.legal_actions() == sorted(encoder.encode(a) for a in engine.legal_actions(seat))
        assert all(state.legal_actions(other) == [] for other in range(3) if other != seat)
        state.apply_action(int(rng.choice(state.legal_actions())))
    outcome = state.engine_state.outcome()
    assert outcome is not None and state.returns() == final_rewards(outcome)


def test_a_game_cut_at_max_steps_is_terminal_with_zero_returns() -> None:
    game = pyspiel.load_game("robotable_dr2d", {"max_steps": 5})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and not state.engine_state.is_over()
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_wait_lets_the_sand_timer_run_out() -> None:
    game = pyspiel.load_game("robotable_ricochet")
    wait = game.encoder.encode(WAIT)
    state = game.new_initial_state(seed=3)
    state.apply_action(game.encoder.encode(games.get("ricochet").parse_action("bid 7")))
    state.apply_action(wait)
    state.apply_action(wait)
    assert state.engine_state.phase == "demonstration" and state.current_player() == 0


def test_clones_are_independent() -> None:
    game = pyspiel.load_game("robotable_delivery")
    state = game.new_initial_state(seed=1)
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert isinstance(copy, RobotableSpielState) and copy.history() == state.history()
    before = state.engine_state.to_json()
    copy.apply_action(copy.legal_actions()[-1])
    assert state.engine_state.to_json() == before and copy.engine_state.to_json() != before


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game("robotable_robotick")
    state = game.new_initial_state(seed=2)
    before = state.engine_state.to_json()
    outside = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalAction, match="cannot play action"):
        state.apply_action(outside)
    assert state.engine_state.to_json() == before and state.current_player() == 0


def test_observers_read_the_players_view_or_the_public_one() -> None:
    game = pyspiel.load_game("robotable_robotick")
    state = game.new_initial_state(seed=4)
    engine, encoder = state.engine_state, game.encoder
    for player in range(3):
        assert np.array_equal(state.observation_tensor(player), encoder.observe(engine.view(player), player))
        assert json.loads(state.observation_string(player)) == engine.view(player)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, encoder.observe(engine.view(None), 1))
    assert public.dict["hand"].sum() == 0  # nobody's hand is public
    with pytest.raises(ValueError, match="perfect-recall"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="hidden information"):
        game.make_py_observer(everyone)


def test_parameters_typed_and_as_json() -> None:
    game = pyspiel.load_game("robotable_droids(scenario=7,players=1,killer_level=4)")
    assert game.num_players() == 1 and game.new_initial_state().engine_state.options["killer_level"] == 4
    assert pyspiel.load_game("robotable_droids", {"scenario": 7}).num_players() == 1  # players=0: fewest
    chips = pyspiel.load_game("robotable_ricochet", {"options": '{"chips_to_win": 2}'})
    assert chips.new_initial_state().engine_state.options["chips_to_win"] == 2
    for params, message in (
        ({"options": "{chips"}, "not JSON"),
        ({"options": "[1]"}, "JSON object"),
        ({"options": '{"colour": 1}'}, "unknown option"),
        ({"max_steps": 0}, "max_steps"),
        ({"players": 9}, "played by"),
        ({"scenario": 1, "options": '{"scenario": 2}'}, "given twice"),
    ):
        with pytest.raises(InvalidOptions, match=message):
            pyspiel.load_game("robotable_droids", params)


def test_the_interpreter_exits_cleanly_after_using_the_games() -> None:
    """pyspiel frees its registry after Python has shut down: a factory it alone held aborted the
    interpreter at exit (status 134)."""
    code = (
        "import pyspiel, robotable.envs.openspiel\n"
        "s = pyspiel.load_game('robotable_robotick').new_initial_state()\n"
        "s.apply_action(s.legal_actions()[0])\n"
        "print(s.clone().current_player())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "1"
