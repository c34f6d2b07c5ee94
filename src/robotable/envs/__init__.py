"""Learning environments: the five games for PettingZoo and Gymnasium learners.

The encoders (``core.py`` and one module per game: actions as integers, views as arrays) need
only NumPy; :func:`make_aec` and the Gymnasium environments need the ``rl`` extra
(``pip install "robotable[rl]"``). The encodings live here rather than in each game's folder
so that no game ever imports a learning library, and so that one reader finds the five
encodings side by side, with one shared layout and one set of tests.

Importing this package registers the Gymnasium environments (when Gymnasium is installed):
``gymnasium.make("robotable/RicochetPuzzle-v0")``, ``robotable/DroidsKiller-v0``,
``robotable/Robotick-v0``, ``robotable/DR2D-v0``.
"""

from __future__ import annotations

from typing import Any

GYM_ENVS: dict[str, str] = {
    "robotable/RicochetPuzzle-v0": "robotable.envs.gym:RicochetPuzzleEnv",
    "robotable/DroidsKiller-v0": "robotable.envs.gym:droids_killer",
    "robotable/Robotick-v0": "robotable.envs.gym:robotick",
    "robotable/DR2D-v0": "robotable.envs.gym:dr2d",
}
"""Gymnasium id -> entry point (imported only when the env is made)."""

RL_EXTRA = 'the learning environments need the rl extra: pip install "robotable[rl]"'


def make_aec(game_id: str, **options: Any) -> Any:
    """A PettingZoo AEC environment of one game (see :mod:`robotable.envs.aec`)."""
    try:
        from robotable.envs.aec import make_aec as make
    except ModuleNotFoundError as exc:
        if exc.name in ("pettingzoo", "gymnasium"):
            raise ModuleNotFoundError(f"{exc.name} is missing: {RL_EXTRA}", name=exc.name) from exc
        raise
    return make(game_id, **options)


def _register_gym_envs() -> None:
    try:
        import gymnasium
    except ModuleNotFoundError:
        return  # without the rl extra there is nothing to register with
    for env_id, entry_point in GYM_ENVS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point)


_register_gym_envs()

__all__ = ["GYM_ENVS", "make_aec"]
