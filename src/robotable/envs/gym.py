"""Single-agent Gymnasium environments: one seat for the learner, bots at the other seats.

Registered on ``import robotable.envs`` (when Gymnasium is installed):

- ``robotable/RicochetPuzzle-v0``: one solo puzzle, -1 a move, a move budget; ``info`` holds
  the optimal length from the solver, so a learner's gap to optimal is one number;
- ``robotable/DroidsKiller-v0``: scenario 7, solo against the Killer (``level=1..6``);
- ``robotable/Robotick-v0`` and ``robotable/DR2D-v0``: one seat against the games' bots
  (``seat``, ``opponents="heuristic"`` or ``"random"``).

Observations are the PettingZoo ones (a ``Dict`` of ``observation`` and ``action_mask``);
``action_masks()`` gives the mask as booleans, as sb3-contrib's ``MaskablePPO`` asks.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from robotable import games
from robotable.agents.levels import bots_of
from robotable.agents.random import RandomAgent
from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError
from robotable.core.game import Agent, Seat, State, Turn, Wait, searches, world_for
from robotable.envs.core import (
    RENDER_MODES,
    WAIT,
    Driver,
    Encoder,
    check_render_mode,
    check_settings,
    final_rewards,
    render_picture,
)
from robotable.envs.encoders import encoder_for
from robotable.games.ricochet import events as ricochet_events
from robotable.games.ricochet.actions import Move
from robotable.games.ricochet.state import RicochetState

ILLEGAL = ("lose", "raise")
ILLEGAL_REWARD = -1.0


def make_bot(game_id: str, kind: str, seed: int) -> Agent:
    """A bot for the other seats: one of the game's bots or levels by name (every factory takes
    a seed), or uniform random play."""
    if kind == "random":
        return RandomAgent(seed)
    return bots_of(games.get(game_id))[kind](seed=seed)


def _spaces(observation_size: int, action_count: int) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (action_count,), np.int8),
        }
    )
    return observation, spaces.Discrete(action_count)


class RobotableEnv(gymnasium.Env):
    """One seat of a game; the other seats are played inside :meth:`step` by bots."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game_id: str,
        *,
        seat: int = 0,
        seats: int | None = None,
        opponents: str = "heuristic",
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal: str = "lose",
        **options: Any,
    ) -> None:
        if illegal not in ILLEGAL:
            raise InvalidOptions(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        check_settings(reward, render_mode, max_steps)
        self.game = games.get(game_id)
        known = (*bots_of(self.game), "random")
        if opponents not in known:
            raise InvalidOptions(f"opponents must be one of {', '.join(known)}, not {opponents!r}")
        self.options = self.game.validate_options(options)
        self.seat_count = seats if seats is not None else self.game.min_seats
        if not 0 <= seat < self.seat_count:
            raise InvalidOptions(f"seat must be 0 to {self.seat_count - 1}, not {seat}")
        self.seat = seat
        self.opponents = opponents
        self.reward_mode = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal = illegal
        probe = self.game.new_state(self.options, seed=0, seats=self.seat_count)
        self.encoder: Encoder = encoder_for(self.game, self.options, self.seat_count, probe)
        self.observation_space, self.action_space = _spaces(
            self.encoder.observation_size, self.encoder.action_count
        )
        self.state: State | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; the same ``seed`` gives the same game and the same bots' play."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63)) if seed is None else int(seed)
        self.state = self.game.new_state(self.options, seed=game_seed, seats=self.seat_count)
        self.driver = Driver(self.state, self.encoder)
        self.bots: dict[Seat, Agent] = {
            s: make_bot(self.game.id, self.opponents, game_seed + 7919 * s)
            for s in range(self.seat_count)
            if s != self.seat
        }
        self.steps = 0
        self.refused: str | None = None
        self._play_others()
        return self._observation(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' until the learner's next turn. An action outside
        the mask ends the episode as a loss (``illegal="lose"``, PettingZoo's convention; the
        game itself is left untouched) or raises :class:`IllegalAction` (``illegal="raise"``)."""
        assert self.state is not None, "call reset() first"
        try:
            self.driver.act(self.seat, action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            self.refused = exc.reason
            return self._observation(), ILLEGAL_REWARD, True, False, {"illegal_action": exc.reason}
        self.steps += 1
        self._play_others()
        outcome = self.state.outcome()
        reward, info = 0.0, {}
        if outcome is not None:
            reward = final_rewards(outcome, self.reward_mode)[self.seat]
            info = {"outcome": outcome.to_dict()}
        truncated = outcome is None and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), reward, outcome is not None, truncated, info

    def _play_others(self) -> None:
        """Let the bots act until it is the learner's turn or the game is over."""
        driver = self.driver
        while (seat := driver.next_seat()) is not None and seat != self.seat:
            legal, may_wait = driver.legal(seat)
            state, bot = self.state, self.bots[seat]
            assert state is not None
            world = world_for(state, seat) if searches(bot) else None
            chosen = bot.act(Turn(seat, state.view(seat), legal, self.game, world=world))
            if isinstance(chosen, Wait):
                if not may_wait:
                    raise RobotableError(f"the {self.opponents} bot of seat {seat} waits, and no timer runs")
                chosen = WAIT
            driver.apply(seat, chosen)

    def _observation(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        observation = self.encoder.observe_seat(self.state, self.seat)
        return {"observation": observation, "action_mask": self._mask()}

    def _mask(self) -> np.ndarray:
        assert self.state is not None
        if self.state.is_over() or self.refused is not None:
            return np.zeros(self.encoder.action_count, dtype=np.int8)
        return self.driver.mask(self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO`` calls this)."""
        return self._mask().astype(bool)

    def render(self) -> str | np.ndarray | None:
        """The spectator's view: ``"ansi"`` text or an ``"rgb_array"`` picture."""
        return render_picture(self.game, self.state, self.render_mode)


def droids_killer(level: int = 1, **kwargs: Any) -> RobotableEnv:
    """Droids scenario 7: one player against the Killer robot at ``level`` 1..6 (DD-44)."""
    return RobotableEnv("droids", scenario=7, seats=1, killer_level=level, **kwargs)


def robotick(**kwargs: Any) -> RobotableEnv:
    return RobotableEnv("robotick", **kwargs)


def dr2d(seats: int = 2, **kwargs: Any) -> RobotableEnv:
    return RobotableEnv("dr2d", seats=seats, **kwargs)


class RicochetPuzzleEnv(gymnasium.Env):
    """One solo Ricochet Robots puzzle: reach the target, -1 a move, within ``budget`` moves.

    Actions are the robot moves only (robot x N, E, S, W: 16, or 20 with the silver robot);
    a move outside the mask (a robot against a wall) moves nothing and costs its -1.
    The episode ends when an attempt is valid (RR-14, RR-15; ``info["solved"]``); an arrival
    without the required ricochet puts the robots back on their markers (RR-31) and the
    episode goes on. ``info["optimal"]`` is the solver's optimal length (RR-34), so the gap
    to optimal is ``moves - optimal``; ``max_optimal`` draws only puzzles at most that long."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 4}
    MAX_DRAWS = 1000

    def __init__(
        self,
        *,
        budget: int = 20,
        max_optimal: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if type(budget) is not int or budget < 1:
            raise InvalidOptions(f"budget must be a positive whole number, not {budget!r}")
        check_render_mode(render_mode)
        self.game = games.get("ricochet")
        self.options = self.game.validate_options(options)
        self.budget = budget
        self.max_optimal = max_optimal
        self.render_mode = render_mode
        probe = self.game.new_state(self.options, seed=0, seats=1)
        self.encoder = encoder_for(self.game, self.options, 1, probe)
        self.moves: list[Move] = [a for a in self.encoder.table.actions if isinstance(a, Move)]
        # the moves lead the table, so the game's mask cut to their count is this env's
        assert list(self.encoder.table.actions[: len(self.moves)]) == self.moves
        self.mask = np.zeros(len(self.moves), dtype=np.int8)  # the current position's
        self.observation_space, self.action_space = _spaces(self.encoder.observation_size, len(self.moves))
        self.state: State | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62)) if seed is None else int(seed)
        for draw in range(self.MAX_DRAWS):
            state = self.game.new_state(self.options, seed=base + draw * 1_000_003, seats=1)
            optimal = self._optimal(state)
            if optimal is not None and (self.max_optimal is None or optimal <= self.max_optimal):
                break
        else:
            raise RobotableError(f"no puzzle of at most {self.max_optimal} moves in {self.MAX_DRAWS} draws")
        self.state, self.optimal, self.used, self.solved = state, optimal, 0, False
        return self._observation(), self._info()

    def _optimal(self, state: Any) -> int | None:
        from robotable.games.ricochet.solver import solve

        found = solve(state.board, state.markers, state.target, must_ricochet=self.options["must_ricochet"])
        return None if found is None or not found.optimal else len(found.moves)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        assert self.state is not None, "call reset() first"
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int or not 0 <= action < len(self.moves):
            raise IllegalAction(f"action {action!r} is not a move 0 to {len(self.moves) - 1}", action=action)
        self.used += 1
        if self.mask[action]:
            events = self.state.apply(0, self.moves[action])
            self.solved = any(isinstance(e, ricochet_events.AttemptScored) for e in events)
        # else a robot against a wall (RR-11): nothing moves, and the move is spent
        truncated = not self.solved and self.used >= self.budget
        return self._observation(), -1.0, self.solved, truncated, self._info()

    def _observation(self) -> dict[str, np.ndarray]:
        """The new position's observation; its mask is kept for the next step to check."""
        assert self.state is not None
        self.mask = self.encoder.mask(self.state.legal_actions(0))[: len(self.moves)]
        return {"observation": self.encoder.observe_seat(self.state, 0), "action_mask": self.mask.copy()}

    def _info(self) -> dict[str, Any]:
        assert isinstance(self.state, RicochetState)
        return {
            "optimal": self.optimal,
            "moves": self.used,
            "solved": self.solved,
            "puzzle": self.state.puzzle_code(),
        }

    def action_masks(self) -> np.ndarray:
        return self.mask.astype(bool)

    def render(self) -> str | np.ndarray | None:
        return render_picture(self.game, self.state, self.render_mode)
