"""A first agent that learns: MaskablePPO (sb3-contrib) on Robotick against the heuristic bots.

    pip install "torch==2.13.0" -e ".[train]"       # a CPU build of PyTorch: see examples/README.md
    python examples/robotick_ppo.py --minutes 8 --out examples/robotick_curve.png

The learner holds seat 0 of ``robotable/Robotick-v0``; seats 1 and 2 are the game's heuristic
bot, played inside ``step``. The reward is the score margin at the end (the learner's total
minus the best other total, ``reward="score"``), divided by 50 for training. Every
``--eval-every`` steps the policy plays the same ``--eval-episodes`` seeded games, and the
curve shows its mean margin next to two baselines measured on those games: uniform random
legal play, and the heuristic bot itself in seat 0. The figures go to a JSON file beside the
PNG. One thread: the machine it was made on has 2 cores shared with other work.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import robotable.envs  # noqa: F401  (registers the Gymnasium envs)
from robotable.core.game import Turn
from robotable.envs.gym import make_bot

ENV_ID = "robotable/Robotick-v0"
REWARD_SCALE = 50.0  # margins run about -100..100; PPO's value head prefers numbers near 1

Policy = Callable[[gymnasium.Env, dict[str, np.ndarray]], int]


class Flat(gymnasium.ObservationWrapper):
    """The ``observation`` array alone (the mask reaches MaskablePPO through ``action_masks``),
    with the reward scaled for training."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = super().step(action)
        return observation, float(reward) / REWARD_SCALE, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


def make_env() -> gymnasium.Env:
    return gymnasium.make(ENV_ID, opponents="heuristic", reward="score", illegal="raise")


def mean_margin(policy: Policy, seeds: range) -> float:
    """The policy's mean score margin in seat 0 over the seeded games."""
    env = make_env()
    total = 0.0
    for seed in seeds:
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            observation, reward, terminated, truncated, _ = env.step(policy(env, observation))
            total += float(reward)
            done = terminated or truncated
    return total / len(seeds)


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    return lambda env, observation: int(rng.choice(np.flatnonzero(observation["action_mask"])))


def heuristic_policy() -> Policy:
    bot = make_bot("robotick", "heuristic", seed=0)

    def act(env: gymnasium.Env, observation: dict[str, np.ndarray]) -> int:
        game = env.unwrapped
        state = game.state
        chosen = bot.act(Turn(0, state.view(0), state.legal_actions(0), game.game))
        return game.encoder.encode(chosen)

    return act


def model_policy(model: MaskablePPO) -> Policy:
    def act(env: gymnasium.Env, observation: dict[str, np.ndarray]) -> int:
        mask = observation["action_mask"].astype(bool)
        action, _ = model.predict(observation["observation"], action_masks=mask, deterministic=True)
        return int(action)

    return act


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps, and stops training after ``seconds``."""

    def __init__(self, every: int, seeds: range, seconds: float) -> None:
        super().__init__()
        self.every, self.seeds, self.seconds = every, seeds, seconds
        self.points: list[tuple[int, float]] = []
        self.started = time.monotonic()
        self.next_eval = 0

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_eval:
            self.evaluate()
            self.next_eval += self.every
        return time.monotonic() - self.started < self.seconds

    def evaluate(self) -> None:
        margin = mean_margin(model_policy(self.model), self.seeds)
        self.points.append((self.num_timesteps, margin))
        elapsed = time.monotonic() - self.started
        print(f"{self.num_timesteps:>8} steps  {elapsed:6.0f} s  margin {margin:+.2f}")


def plot(points: list[tuple[int, float]], baselines: dict[str, float], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=110)
    steps, margins = zip(*points, strict=True)
    axes.plot(steps, margins, marker="o", label="MaskablePPO (seat 0)")
    for (name, value), style in zip(baselines.items(), ("--", ":"), strict=True):
        axes.axhline(value, linestyle=style, color="grey", label=f"{name}: {value:+.1f}")
    axes.set_xlabel("training steps (the learner's decisions)")
    axes.set_ylabel("mean score margin over the evaluation games")
    axes.set_title(title, fontsize=10)
    axes.legend(loc="lower right", fontsize=8)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=8.0, help="training time (default 8)")
    parser.add_argument("--eval-every", type=int, default=20_000, help="steps between evaluations")
    parser.add_argument("--eval-episodes", type=int, default=100, help="seeded games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("examples/robotick_curve.png"))
    args = parser.parse_args()

    torch.set_num_threads(1)
    seeds = range(10_000, 10_000 + args.eval_episodes)  # never the training games' seeds
    baselines = {
        "random legal play": mean_margin(random_policy(args.seed), seeds),
        "heuristic bot": mean_margin(heuristic_policy(), seeds),
    }
    print("baselines:", ", ".join(f"{k} {v:+.2f}" for k, v in baselines.items()))
    env = Flat(make_env())
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=2048, batch_size=256, gamma=1.0, ent_coef=0.01, seed=args.seed
    )
    curve = Curve(args.eval_every, seeds, args.minutes * 60)
    model.learn(total_timesteps=10**9, callback=curve)
    curve.evaluate()
    title = (
        f"Robotick, seat 0 against two heuristic bots: {curve.points[-1][0]:,} steps, "
        f"{(time.monotonic() - curve.started) / 60:.1f} min on one CPU thread"
    )
    plot(curve.points, baselines, args.out, title)
    settings = {name: str(value) for name, value in vars(args).items()}
    figures = {"points": curve.points, "baselines": baselines, "args": settings}
    args.out.with_suffix(".json").write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} and {args.out.with_suffix('.json')}")


if __name__ == "__main__":
    main()
