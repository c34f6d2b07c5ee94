"""The learning example (``examples/robotick_ppo.py``) runs a few training steps, evaluates and
draws its curve. It needs the ``train`` extra (PyTorch, sb3-contrib, matplotlib), which CI does
not install (PyTorch is a multi-gigabyte download): without it this module is skipped."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "robotick_ppo.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("robotick_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_few_training_steps_then_the_curve(example: ModuleType, tmp_path: Path) -> None:
    from sb3_contrib import MaskablePPO

    env = example.Flat(example.make_env())
    observation, _ = env.reset(seed=1)
    assert observation.shape == env.observation_space.shape
    assert env.action_masks().dtype == bool and env.action_masks().sum() == 12  # passing: the hand
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0)
    curve = example.Curve(every=64, seeds=range(2), seconds=600)
    model.learn(total_timesteps=128, callback=curve)
    assert [steps for steps, _ in curve.points] == [1, 64, 128]  # the first step, then every 64
    assert all(np.isfinite(margin) for _, margin in curve.points)
    picture = tmp_path / "curve.png"
    example.plot(curve.points, {"random": -30.0, "heuristic": -10.0}, picture, "test")
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_baselines_play_whole_games(example: ModuleType) -> None:
    heuristic = example.mean_margin(example.heuristic_policy(), range(2))
    random = example.mean_margin(example.random_policy(0), range(2))
    assert np.isfinite(heuristic) and np.isfinite(random)


def test_the_committed_curve_is_the_one_its_figures_describe() -> None:
    figures = json.loads(EXAMPLE.with_name("robotick_curve.json").read_text(encoding="utf-8"))
    points = figures["points"]
    assert EXAMPLE.with_name("robotick_curve.png").read_bytes().startswith(b"\x89PNG")
    assert points[-1][1] > points[0][1]  # the curve rises
    assert set(figures["baselines"]) == {"random legal play", "heuristic bot"}
