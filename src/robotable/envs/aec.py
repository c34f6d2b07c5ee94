"""The five games as PettingZoo ``AECEnv`` environments.

>>> from robotable.envs import make_aec
>>> env = make_aec("robotick")
>>> env.reset(seed=3)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.step(int(observation["action_mask"].argmax()))

Agents are ``seat_0 .. seat_{n-1}``. Simultaneous phases (bids, secret programs, passed
cards) are played seat by seat, round robin from the seat after the last one that acted;
each seat observes only its own ``view``, so the others' choices stay hidden until the
game reveals them. Rewards come at the end only (see :func:`~robotable.envs.core.final_rewards`).
An action outside the mask raises :class:`~robotable.core.errors.IllegalAction` and
changes nothing (no silent penalty: a learner that ignores the mask should fail loudly).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from robotable import games
from robotable.core.errors import InvalidOptions
from robotable.core.game import Game, State
from robotable.envs.core import (
    RENDER_MODES,
    Driver,
    Encoder,
    check_settings,
    final_rewards,
    render_picture,
)
from robotable.envs.encoders import encoder_for


def default_seats(game: Game, options: Mapping[str, Any]) -> int:
    """The smallest seat count of at least 2 that the game accepts with these options, else 1
    (Droids' scenario 7 and Ricochet's solo puzzles are one-seat games)."""
    counts = sorted(range(game.min_seats, game.max_seats + 1), key=lambda n: (n < 2, n))
    for count in counts:
        try:
            game.new_state(options, seed=0, seats=count)
        except InvalidOptions:
            continue
        return count
    raise InvalidOptions(f"{game.title} accepts no seat count with these options")


class RobotableAEC(AECEnv):
    """One game of robotable as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "robotable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        *,
        seats: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_settings(reward, render_mode, max_steps)
        self.game = games.get(game_id)
        self.options = self.game.validate_options(options)
        self.seat_count = seats if seats is not None else default_seats(self.game, self.options)
        probe = self.game.new_state(self.options, seed=0, seats=self.seat_count)
        self.encoder: Encoder = encoder_for(self.game, self.options, self.seat_count, probe)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"robotable_{game_id}_v0"}
        self.possible_agents = [f"seat_{i}" for i in range(self.seat_count)]
        self._seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        size, count = self.encoder.observation_size, self.encoder.action_count
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.state: State | None = None
        self.agents: list[str] = []

    # ---- spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the game
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: ``reset(seed=s)`` is ``new_state(options, seed=s)``. ``options`` (the
        PettingZoo argument) is not used: game options are fixed when the env is made,
        since they decide the spaces."""
        self.game_seed = secrets.randbits(63) if seed is None else int(seed)
        self.state = self.game.new_state(self.options, seed=self.game_seed, seats=self.seat_count)
        self.driver = Driver(self.state, self.encoder)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.steps = 0
        self.agent_selection = self.agents[0]
        self._advance()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view as arrays; its mask is empty unless it is the one to act."""
        assert self.state is not None, "call reset() first"
        seat = self._seat_of[agent]
        observation = self.encoder.observe_seat(self.state, seat)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask = self.driver.mask(seat)
        else:
            mask = np.zeros(self.encoder.action_count, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.driver.act(self._seat_of[agent], action)  # refuses, changing nothing, outside the mask
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if self._advance():
            self._accumulate_rewards()
        # else every reward is still 0 (they come at the end only): nothing to clear or add up

    def _advance(self) -> bool:
        """Select the next seat to act (the driver runs the clock), or end the game and set the
        rewards: whether it ended."""
        seat = self.driver.next_seat()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            return False
        outcome = self.driver.state.outcome()
        assert outcome is not None
        for agent, value in zip(self.possible_agents, final_rewards(outcome, self.reward_mode), strict=True):
            self.rewards[agent] = value
        self.terminations = dict.fromkeys(self.agents, True)
        for agent in self.agents:
            self.infos[agent] = {"outcome": outcome.to_dict()}
        return True

    # ---- faces
    def render(self) -> str | np.ndarray | None:
        """The spectator's view (hidden cards stay hidden): ``"ansi"``, the game's terminal picture
        with ANSI colours; ``"rgb_array"``, its SVG picture as an RGB array (needs cairosvg)."""
        return render_picture(self.game, self.state, self.render_mode)

    def close(self) -> None:
        pass


def make_aec(game_id: str, **options: Any) -> RobotableAEC:
    """A PettingZoo AEC environment of one game. Keyword arguments are the game's options
    plus ``seats`` (default: the fewest players the game takes, at least 2 where it can),
    ``reward`` (``"win"``: +1/0/-1; ``"score"``: the margin over the best other seat),
    ``render_mode`` (``"ansi"`` or ``"rgb_array"``) and ``max_steps`` (truncate after that many steps)."""
    return RobotableAEC(game_id, **options)
