"""The single-agent Gymnasium environments: Gymnasium's checker, bots at the other seats,
the Ricochet puzzle's optimal length, and the illegal-move convention."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import robotable.envs
from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.envs.gym import RicochetPuzzleEnv, RobotableEnv
from robotable.games.ricochet.actions import Move
from robotable.games.ricochet.solver import solve

CHECKED = [
    ("robotable/RicochetPuzzle-v0", {"max_optimal": 5}),
    ("robotable/DroidsKiller-v0", {"level": 3}),
    ("robotable/Robotick-v0", {}),
    ("robotable/Robotick-v0", {"seat": 2, "opponents": "random", "reward": "score"}),
    ("robotable/DR2D-v0", {"max_steps": 200}),
]


def run(env: gymnasium.Env, seed: int) -> tuple[float, bool, dict]:
    """Random masked actions to the end of an episode: total reward, terminated, last info."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
    return total, terminated, info


def test_every_registered_env_is_listed() -> None:
    assert set(robotable.envs.GYM_ENVS) <= set(gymnasium.registry)


@pytest.mark.parametrize(("env_id", "kwargs"), CHECKED, ids=[f"{e}-{k}" for e, k in CHECKED])
def test_gymnasium_env_checker(env_id: str, kwargs: dict) -> None:
    env = gymnasium.make(env_id, render_mode="ansi", **kwargs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught if "gymnasium" in str(w.filename)]
    env.reset(seed=0)
    assert isinstance(env.render(), str)
    pictured = gymnasium.make(env_id, render_mode="rgb_array", **kwargs)
    pictured.reset(seed=0)
    picture = pictured.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8 and picture.shape[2] == 3


@pytest.mark.parametrize(("env_id", "kwargs"), CHECKED[1:], ids=[f"{e}-{k}" for e, k in CHECKED[1:]])
def test_games_against_bots_end_with_the_outcome_as_reward(env_id: str, kwargs: dict) -> None:
    env = gymnasium.make(env_id, **kwargs)
    total, terminated, info = run(env, 3)
    game = env.unwrapped
    if terminated:
        assert game.state.is_over()
        scores = info["outcome"]["scores"]
        if game.reward_mode == "win":
            assert total in (-1.0, 0.0, 1.0)
        else:
            assert total == scores[game.seat] - max(s for i, s in enumerate(scores) if i != game.seat)
    else:
        assert game.steps == kwargs["max_steps"]
    assert run(env, 3)[0] == total  # the same seed: the same game and the same bots' play


def test_the_learner_is_asked_only_on_its_turn() -> None:
    env = RobotableEnv("robotick", seat=1, opponents="heuristic")
    obs, _ = env.reset(seed=5)
    for _ in range(40):
        assert 1 in env.state.to_act()
        legal = env.state.legal_actions(1)
        assert set(np.flatnonzero(obs["action_mask"])) == {env.encoder.encode(a) for a in legal}
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated:
            break


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_other_seats_can_be_any_level_even_one_that_searches(level: str) -> None:
    env = RobotableEnv("robotick", seat=2, opponents=level)
    obs, _ = env.reset(seed=1)  # the bots of seats 0 and 1 have played up to the learner's turn
    assert 2 in env.state.to_act() and obs["action_mask"].any()
    assert env.action_masks().tolist() == obs["action_mask"].astype(bool).tolist()


def test_an_illegal_action_loses_or_raises_and_leaves_the_game_alone() -> None:
    env = RobotableEnv("robotick")
    obs, _ = env.reset(seed=2)
    before = env.state.to_json()
    outside = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(outside)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "cannot play" in info["illegal_action"] and not obs["action_mask"].any()
    assert env.state.to_json() == before
    strict = RobotableEnv("robotick", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match="the mask allows"):
        strict.step(outside)


def test_bad_settings_are_refused() -> None:
    for kwargs in (
        {"seat": 3},
        {"opponents": "grandmaster"},
        {"reward": "shaped"},
        {"illegal": "ignore"},
        {"max_steps": 0},
        {"render_mode": "human"},
    ):
        with pytest.raises(InvalidOptions):
            RobotableEnv("robotick", **kwargs)
    with pytest.raises(InvalidOptions):
        RicochetPuzzleEnv(budget=0)


def test_droids_killer_level_is_the_killer_level() -> None:
    env = gymnasium.make("robotable/DroidsKiller-v0", level=5)
    env.reset(seed=1)
    assert env.unwrapped.state.options["killer_level"] == 5 and env.unwrapped.state.seats == 1


def test_ricochet_puzzle_solved_optimally_scores_minus_the_optimal_length() -> None:
    env = RicochetPuzzleEnv(max_optimal=6)
    _, info = env.reset(seed=11)
    state = env.state
    found = solve(state.board, state.markers, state.target, must_ricochet=True)
    assert found is not None and info["optimal"] == len(found.moves) <= 6
    total, terminated = 0.0, False
    for robot, direction in found.moves:
        _, reward, terminated, _, info = env.step(env.moves.index(Move(robot, direction)))
        total += reward
    assert terminated and info["solved"] and total == -info["optimal"] == -info["moves"]


def test_ricochet_puzzle_blocked_moves_spend_the_budget() -> None:
    env = RicochetPuzzleEnv(budget=3)
    obs, _ = env.reset(seed=4)
    blocked = np.flatnonzero(obs["action_mask"] == 0)
    robots = list(env.state.robots)
    if len(blocked):
        env.step(int(blocked[0]))
        assert env.state.robots == robots and env.used == 1
    truncated = False
    while not truncated:
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert reward == -1.0 and not terminated
    assert info["moves"] == 3
    with pytest.raises(IllegalAction):
        env.step(len(env.moves))
