"""The five games as OpenSpiel Python games (``pip install "robotable[rl]"``).

Importing this module registers ``robotable_ricochet``, ``robotable_dr2d``, ``robotable_droids``,
``robotable_delivery`` and ``robotable_robotick`` with ``pyspiel``, so OpenSpiel's own
algorithms run on them unchanged::

    import pyspiel, robotable.envs.openspiel
    game = pyspiel.load_game("robotable_droids(scenario=7,players=1)")
    state = game.new_initial_state()

The model is the PettingZoo one (:mod:`robotable.envs.aec`): actions are the encoder's
``Discrete(N)`` indices, simultaneous phases are played seat by seat (sequential dynamics),
``wait`` lets a running timer run out, observations are built from ``view(seat)`` only, and the
returns are +1 / 0 / -1 at the end. Chance lives inside the engine's seeded generator
(``SAMPLED_STOCHASTIC``): the game's ``seed`` parameter seeds the sequence of initial states.

Parameters: ``players`` (0: the fewest the game takes with these options, at least 2 where it
can), ``max_steps`` (the game is cut there, returns 0 for everyone; OpenSpiel needs a maximum
length), ``seed``, every game option whose default is not empty, and ``options``, a JSON
object for the rest (``options={"chips_to_win":1}``).

OpenSpiel's MCTS reads the full state (it is a perfect-information algorithm): on the hidden
games it plays with the cards face up. Observers built from ``view`` are what a learner should use.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from robotable import games
from robotable.core.errors import InvalidOptions
from robotable.core.game import Game, Seat, State
from robotable.envs.aec import default_seats
from robotable.envs.core import Driver, Encoder, final_rewards
from robotable.envs.encoders import encoder_for

PREFIX = "robotable_"
DEFAULT_MAX_STEPS = 10_000
_SCALARS = (bool, int, float, str)


def typed_options(game: Game) -> dict[str, Any]:
    """The options OpenSpiel can carry as typed parameters: those with a scalar default."""
    return {opt.name: opt.default for opt in game.options if isinstance(opt.default, _SCALARS)}


def game_type(game: Game) -> pyspiel.GameType:
    Type = pyspiel.GameType
    hidden = game.hidden_information
    return Type(
        short_name=PREFIX + game.id,
        long_name=f"robotable {game.title}",
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.SAMPLED_STOCHASTIC,
        information=Type.Information.IMPERFECT_INFORMATION
        if hidden
        else Type.Information.PERFECT_INFORMATION,
        utility=Type.Utility.GENERAL_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=game.max_seats,
        min_num_players=game.min_seats,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": 0,
            "max_steps": DEFAULT_MAX_STEPS,
            "seed": 0,
            "options": "{}",
            **typed_options(game),
        },
    )


def game_options(game: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters, validated (:class:`InvalidOptions`)."""
    try:
        extra = json.loads(params.get("options", "{}"))
    except json.JSONDecodeError as exc:
        raise InvalidOptions(f"the options parameter is not JSON: {exc}") from None
    if not isinstance(extra, dict):
        raise InvalidOptions(f"the options parameter is a JSON object, not {extra!r}")
    typed = {name: params[name] for name in typed_options(game) if name in params}
    clash = sorted(set(typed) & set(extra))
    if clash and any(typed[name] != extra[name] for name in clash):
        raise InvalidOptions(f"option {clash[0]!r} is given twice, as a parameter and in options")
    return game.validate_options({**typed, **extra})


class RobotableSpielGame(pyspiel.Game):
    """One robotable game with fixed options and players, for OpenSpiel."""

    def __init__(self, params: Mapping[str, Any] | None = None, *, game_id: str) -> None:
        params = dict(params or {})
        game = games.get(game_id)
        options = game_options(game, params)
        seats = int(params.get("players", 0)) or default_seats(game, options)
        game.check_seats(seats)
        max_steps = int(params.get("max_steps", DEFAULT_MAX_STEPS))
        if max_steps < 1:
            raise InvalidOptions(f"max_steps must be at least 1, not {max_steps}")
        encoder = encoder_for(game, options, seats, game.new_state(options, seed=0, seats=seats))
        info = pyspiel.GameInfo(
            num_distinct_actions=encoder.action_count,
            max_chance_outcomes=0,
            num_players=seats,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=max_steps,
        )
        super().__init__(game_type(game), info, params)
        self.game, self.options, self.seats, self.max_steps, self.encoder = (
            game,
            options,
            seats,
            max_steps,
            encoder,
        )
        self._seeds = random.Random(int(params.get("seed", 0)))

    def new_initial_state(self, seed: int | None = None) -> RobotableSpielState:
        """A new game: with ``seed``, exactly ``new_state(seed=seed)``; else the next seed of the
        game's own sequence (started by its ``seed`` parameter)."""
        if seed is None:
            seed = self._seeds.getrandbits(62)
        return RobotableSpielState(self, self.game.new_state(self.options, seed=seed, seats=self.seats))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> RobotableObserver:
        return RobotableObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Match:
    """The engine state and its driver; copied by cloning the state (OpenSpiel deep-copies a
    Python state's attributes: the game and the encoder are shared, not copied)."""

    def __init__(self, state: State, encoder: Encoder, max_steps: int) -> None:
        self.state = state
        self.encoder = encoder
        self.max_steps = max_steps
        self.driver = Driver(state, encoder)
        self.steps = 0
        self.seat: Seat | None = self.driver.next_seat()

    def __deepcopy__(self, memo: dict) -> _Match:
        copy = _Match.__new__(_Match)
        copy.state, copy.encoder, copy.max_steps = self.state.clone(), self.encoder, self.max_steps
        copy.driver = Driver(copy.state, self.encoder)
        copy.driver.waited, copy.driver.last_seat = set(self.driver.waited), self.driver.last_seat
        copy.steps, copy.seat = self.steps, self.seat
        return copy

    @property
    def over(self) -> bool:
        return self.seat is None or self.steps >= self.max_steps

    def act(self, number: int) -> None:
        assert self.seat is not None, "the game is over"
        self.driver.act(self.seat, number)  # refuses, changing nothing, outside the mask
        self.steps += 1
        self.seat = self.driver.next_seat()


class RobotableSpielState(pyspiel.State):
    """One game in progress, for OpenSpiel (see the module's docstring)."""

    def __init__(self, game: RobotableSpielGame, state: State) -> None:
        super().__init__(game)
        self._match = _Match(state, game.encoder, game.max_steps)

    @property
    def engine_state(self) -> State:
        """The robotable state (for tests and tools; learners observe through an observer)."""
        return self._match.state

    def current_player(self) -> int:
        match = self._match
        return int(pyspiel.PlayerId.TERMINAL) if match.over else int(match.seat)  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        match = self._match
        if match.over or player != match.seat:
            return []
        return np.flatnonzero(match.driver.mask(player)).tolist()

    def _apply_action(self, action: int) -> None:
        self._match.act(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._match.encoder.decode(int(action)))

    def is_terminal(self) -> bool:
        return self._match.over

    def returns(self) -> list[float]:
        """+1 / 0 / -1 when the game ended by its rules; 0 for everyone while it runs or when it
        was cut at ``max_steps``."""
        outcome = self._match.state.outcome()
        if outcome is None:
            return [0.0] * self._match.state.seats
        return final_rewards(outcome)

    def __str__(self) -> str:
        """The spectator's view as JSON (nothing hidden)."""
        return json.dumps(self._match.state.view(None), sort_keys=True, separators=(",", ":"))


class RobotableObserver:
    """OpenSpiel's observer protocol over the encoder: ``tensor`` is the encoder's observation of
    ``view(player)`` (private information of one player), or of ``view(None)`` (public only)."""

    def __init__(
        self, game: RobotableSpielGame, iig_obs_type: pyspiel.IIGObservationType, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type.perfect_recall:
            raise ValueError("robotable observes the present view only (no perfect-recall information state)")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS and game.game.hidden_information:
            raise ValueError(f"{game.game.title} has hidden information: no observer sees every player's")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.observation_size, np.float32)
        self.dict = self.encoder.blocks(self.tensor)

    def _view(self, state: RobotableSpielState, player: int) -> dict[str, Any]:
        return state.engine_state.view(None if self.public_only else player)

    def set_from(self, state: RobotableSpielState, player: int) -> None:
        """Written in place: OpenSpiel reads ``tensor`` after every call."""
        engine = state.engine_state
        if self.public_only:
            self.tensor.fill(0.0)
            self.encoder.fill(self.dict, engine.view(None), player)
        else:
            self.encoder.observe_into(self.tensor, engine, player)

    def string_from(self, state: RobotableSpielState, player: int) -> str:
        return json.dumps(self._view(state, player), sort_keys=True, separators=(",", ":"))


def _game_class(game_id: str) -> type[RobotableSpielGame]:
    """A class per game for the registry. pyspiel keeps the factory until the process ends and
    drops it after Python has shut down: a closure freed then aborts the interpreter ("GIL
    released"), a class (kept alive by its own reference cycles) does not."""

    def __init__(self: RobotableSpielGame, params: Mapping[str, Any] | None = None) -> None:
        RobotableSpielGame.__init__(self, params, game_id=game_id)

    name = "".join(part.title() for part in game_id.split("_")) + "SpielGame"
    return type(name, (RobotableSpielGame,), {"__init__": __init__, "__module__": __name__})


GAME_CLASSES: dict[str, type[RobotableSpielGame]] = {}


def register() -> list[str]:
    """Register every game with pyspiel (once); returns their OpenSpiel names."""
    registered = set(pyspiel.registered_names())
    for game in games.all_games():
        name = PREFIX + game.id
        if name not in registered:
            GAME_CLASSES[game.id] = _game_class(game.id)
            pyspiel.register_game(game_type(game), GAME_CLASSES[game.id])
    return [PREFIX + game_id for game_id in games.ids()]


GAME_NAMES = register()
