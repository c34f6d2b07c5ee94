"""The game contract: what every game in ``robotable.games`` provides.

A :class:`Game` describes a game (id, seats, options) and creates :class:`State`
objects. A state is a plain, serialisable value: it holds the position, the seeded
random generator and nothing else (no clock, no I/O). Everything above the games
(terminal, records, bots, reinforcement learning) talks to a game only through
this module.

Simultaneous phases (everyone bids, everyone programs) are ordinary: ``to_act()``
returns several seats and each may ``apply`` in any order. Time is outside the
engine: a state lists its :class:`Timer` objects, and whoever keeps the clock applies
the timer's action for the :data:`REFEREE` seat when it runs out.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, Protocol, Self

from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError
from robotable.core.rng import Rng

Seat = int
"""Players are seats ``0 .. n-1``."""

REFEREE: Seat = -1
"""The seat that applies clock actions (a sand timer running out). Never a player."""

JSON = Any


# --------------------------------------------------------------------------- actions


class Action:
    """Base of every game's actions: small frozen values with a text notation.

    Subclasses are frozen dataclasses; ``str(action)`` is the notation and the game's
    :meth:`Game.parse_action` reads it back, so records can store plain text.

    ``secret`` marks actions other seats must not see (a card programmed face down,
    cards passed to a neighbour): logs and broadcasts show them only to their actor.
    Whatever the others may learn from it goes into the events.
    """

    secret: ClassVar[bool] = False

    def __str__(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError(f"{type(self).__name__} has no notation")


@dataclass(frozen=True)
class Word(Action):
    """An action that is a single word (``stop``, ``submit``, ``time-up``); games share it
    instead of each writing the same class."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class Event:
    """Something that happened, for animation, logs and tests.

    Subclasses set ``kind`` (a short verb such as ``"moved"``) and add fields.
    """

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _jsonable(getattr(self, f.name))
        return data


def _jsonable(value: Any) -> JSON:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


@dataclass(frozen=True)
class Timer:
    """A deadline the engine asks the clock keeper to enforce.

    ``key`` names this running timer: while a state keeps listing the same key, the
    timer keeps running from the moment it first appeared. When ``seconds`` have
    passed, the keeper applies ``action`` for :data:`REFEREE`.
    """

    key: str
    seconds: float
    action: Action
    label: str = ""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: a score and a rank (1 = first) for every seat."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    detail: str = ""

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @classmethod
    def from_scores(cls, scores: Sequence[float], detail: str = "") -> Outcome:
        """Rank by score, higher first; equal scores share a rank."""
        ranks = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        return cls(tuple(scores), ranks, detail)

    def to_dict(self) -> dict[str, JSON]:
        return {"scores": list(self.scores), "ranks": list(self.ranks), "detail": self.detail}

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Outcome:
        return cls(tuple(data["scores"]), tuple(data["ranks"]), str(data.get("detail", "")))


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """One game option: its default, its type and the values it accepts."""

    name: str
    default: Any
    help: str
    kind: type | tuple[type, ...] = object
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False

    def check(self, value: Any) -> Any:
        if value is None and (self.nullable or self.default is None):
            return None
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if self.kind is not object and (
            not isinstance(value, self.kind) or (isinstance(value, bool) and self.kind in (int, float))
        ):
            raise InvalidOptions(f"option {self.name!r} must be {_kind_name(self.kind)}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOptions(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise InvalidOptions(f"option {self.name!r} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise InvalidOptions(f"option {self.name!r} must be at most {self.maximum}, not {value!r}")
        return value

    def schema(self) -> dict[str, JSON]:
        """A JSON-schema fragment for this option."""
        names = {bool: "boolean", int: "integer", float: "number", str: "string"}
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        types = [names[k] for k in kinds if k in names]
        if self.nullable or self.default is None:
            types.append("null")
        out: dict[str, JSON] = {"description": self.help, "default": self.default}
        if types:
            out["type"] = types[0] if len(types) == 1 else types
        if self.choices is not None:
            out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


_KIND_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


# --------------------------------------------------------------------------- game


class Game(ABC):
    """What a game is, independent of any particular match."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    hidden_information: ClassVar[bool] = False
    """True when seats hold secrets (hands, programs): faces then hide one person's
    screen from the next at a shared keyboard."""

    def validate_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option filled in with its default, each value checked."""
        given = dict(options or {})
        known = {opt.name: opt for opt in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise InvalidOptions(
                f"unknown option {unknown[0]!r} for {self.id}; known options: {', '.join(sorted(known))}"
            )
        return {name: opt.check(given.get(name, opt.default)) for name, opt in known.items()}

    def options_schema(self) -> dict[str, JSON]:
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {opt.name: opt.schema() for opt in self.options},
        }

    def check_seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            span = (
                str(self.min_seats)
                if self.min_seats == self.max_seats
                else f"{self.min_seats} to {self.max_seats}"
            )
            raise InvalidOptions(f"{self.title} is played by {span} players, not {seats}")

    @abstractmethod
    def new_state(self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 2) -> State:
        """A new game, ready for its first action."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation; raises :class:`~robotable.core.errors.NotationError`."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, JSON]) -> State:
        """Inverse of :meth:`State.to_dict`."""

    # ---- what faces (terminal, browser) use; each game provides its own
    def bots(self) -> dict[str, Callable[..., Agent]]:
        """The game's own bots by name (generic ones live in ``robotable.agents``)."""
        return {}

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        """An SVG picture of a view."""
        raise RobotableError(f"{self.title} has no SVG renderer yet")

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        """A Rich renderable of a view, for the terminal."""
        raise RobotableError(f"{self.title} has no terminal renderer yet")

    def describe_event(self, event: Mapping[str, JSON], name: Callable[[Any], str]) -> str | None:
        """One readable sentence for an event (its ``to_dict()`` form), or None for the
        generic ``kind: field=value`` line. ``name(seat)`` names a seat for the reader."""
        return None

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        """Help for a person stuck on ``view``; a higher ``level`` tells more."""
        raise RobotableError(f"{self.title} has no hints")

    def rules_summary(self, lang: str = "en") -> str:
        """A readable summary of the rules, in our own words (Markdown): the file
        ``rules/LANG.md`` in the game's package."""
        code = lang.strip().lower()
        languages = self.rules_languages()
        if code not in languages:
            available = ", ".join(languages) or "none yet"
            raise RobotableError(f"no {self.title} rules in {lang!r}; available: {available}")
        return self._rules_folder().joinpath(f"{code}.md").read_text("utf-8")

    def rules_languages(self) -> list[str]:
        """Language codes of the rules summaries, e.g. ``["en", "fr"]``."""
        folder = self._rules_folder()
        if not folder.is_dir():
            return []
        return sorted(f.name.removesuffix(".md") for f in folder.iterdir() if f.name.endswith(".md"))

    def _rules_folder(self) -> Traversable:
        package = type(self).__module__.rpartition(".")[0]  # robotable.games.X.game -> robotable.games.X
        return resources.files(package).joinpath("rules")

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


# --------------------------------------------------------------------------- state


class State(ABC):
    """One position of one game, with its random generator.

    Subclasses implement :meth:`check` (refuse with :class:`IllegalAction`, touching
    nothing) and :meth:`perform` (mutate, return events); :meth:`apply` runs both,
    which is how the contract guarantees that a refused action changes nothing.
    """

    game: Game
    rng: Rng

    # ---- whose turn
    @abstractmethod
    def to_act(self) -> list[Seat]:
        """The seats whose decision is awaited; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now, in a deterministic order.

        A seat not in :meth:`to_act` has none; for :data:`REFEREE` they are exactly
        the actions of :meth:`timers`.
        """

    def timers(self) -> list[Timer]:
        """Deadlines the clock keeper should enforce now (none by default)."""
        return []

    # ---- acting
    @abstractmethod
    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`IllegalAction` with a reason if ``seat`` may not take ``action``."""

    @abstractmethod
    def perform(self, seat: Seat, action: Action) -> list[Event]:
        """Carry out an action already checked; return what happened."""

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Validate and carry out ``action`` for ``seat``; refused actions change nothing."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action", seat=seat, action=action)
        self.check(seat, action)
        return self.perform(seat, action)

    def apply_text(self, seat: Seat, text: str) -> list[Event]:
        return self.apply(seat, self.game.parse_action(text))

    # ---- reading
    @abstractmethod
    def view(self, seat: Seat | None) -> dict[str, JSON]:
        """What ``seat`` may know, JSON-ready; ``None`` is a spectator."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    # ---- copying and storing
    @abstractmethod
    def to_dict(self) -> dict[str, JSON]:
        """Everything, hidden data and RNG included, as plain JSON (lists, string keys),
        so that a state read back from JSON text compares equal to the original."""

    def clone(self) -> Self:
        return self.game.state_from_dict(self.to_dict())  # type: ignore[return-value]

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or other.game.id != self.game.id:
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    @abstractmethod
    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """A full state consistent with ``seat``'s view (a player or ``None``), hidden
        data redrawn with ``rng``."""

    def events_for(self, events: Sequence[Event], seat: Seat | None) -> list[dict[str, JSON]]:
        """The events as ``seat`` may see them. Games whose events carry secrets (a
        card drawn face down) override this; faces broadcast only through it."""
        return [event.to_dict() for event in events]


@dataclass
class Turn:
    """What an agent is shown when asked to act."""

    seat: Seat
    view: dict[str, JSON]
    legal: Sequence[Action]
    game: Game
    now: float = 0.0
    """Seconds on the match clock since the match started."""
    extra: dict[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True)
class Wait:
    """An agent's answer meaning "nothing yet; ask me again at ``until`` (clock seconds)".

    ``until=None`` means: ask again only when something changes.
    """

    until: float | None = None


class Agent(Protocol):
    """A player program. Bots see only what their seat's view shows."""

    name: str

    def act(self, turn: Turn) -> Action | Wait:
        """An action from ``turn.legal``, or :class:`Wait` to let time pass."""
        ...
