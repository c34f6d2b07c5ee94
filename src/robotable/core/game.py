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
import functools
import json
import math
import re
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, Protocol, Self

from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError, StateError, quoted
from robotable.core.numbers import MAX_INT
from robotable.core.presets import Preset, read_presets
from robotable.core.rng import Rng
from robotable.core.words import LANGUAGES, catalogue, fill

Seat = int
"""Players are seats ``0 .. n-1``."""

REFEREE: Seat = -1
"""The seat that applies clock actions (a sand timer running out). Never a player."""

JSON = Any

MAX_OPTION_TEXT = 4096
"""The longest text option (a file path, a puzzle code)."""


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
        for name in _field_names(type(self)):
            data[name] = _jsonable(getattr(self, name))
        return data


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, in order (read once per class: a table words each action's
    events for every seat, so this runs for each of them)."""
    return tuple(f.name for f in dataclasses.fields(cls))


_PLAIN = frozenset({str, int, float, bool, type(None)})
"""Types whose values are JSON as they are (exactly these: a subclass takes the long way)."""


def _jsonable(value: Any) -> JSON:
    if type(value) in _PLAIN:
        return value
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
    code: str = ""
    """What runs out, as a word of the game's catalogue (``timer.CODE``, :mod:`.words`)."""
    params: Mapping[str, JSON] = field(default_factory=dict, hash=False)
    """The values the catalogue's template names (Droids: which robot chooses, how many)."""


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
    """One game option: its default, its type and the values it accepts.

    ``help`` says what it does in English with the rules it sets (``RR-15: ...``, ``... (RT-2)``:
    :attr:`rules`), as the spec's reference. What a person reads of it (a label, a help without
    rule IDs, a word for each choice) is in the game's catalogue, per language: ``option.NAME``,
    ``option.NAME.help`` and ``choice.NAME.VALUE`` (:mod:`robotable.core.option_words`)."""

    name: str
    default: Any
    help: str
    kind: type | tuple[type, ...] = object
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False

    @property
    def rules(self) -> tuple[str, ...]:
        """The spec's rule IDs its help names (``("RR-15",)``), each once, in order.

        >>> Option("x", 1, "DD-25/DD-27: seconds to choose emitters").rules
        ('DD-25', 'DD-27')
        """
        return tuple(dict.fromkeys(_RULE_ID.findall(self.help)))

    def check(self, value: Any) -> Any:
        if value is None and (self.nullable or self.default is None):
            return None
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            self._check_size(value)  # a 400-digit number is refused before a float overflows
            value = float(value)
        if self.kind is not object and (
            not isinstance(value, self.kind) or (isinstance(value, bool) and self.kind in (int, float))
        ):
            raise self._refused(f"must be {_kind_name(self.kind)}, not {quoted(value)}")
        self._check_size(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise self._refused(f"must be one of {allowed}, not {quoted(value)}")
        if self.minimum is not None and value < self.minimum:
            raise self._refused(f"must be at least {self.minimum}, not {quoted(value)}")
        if self.maximum is not None and value > self.maximum:
            raise self._refused(f"must be at most {self.maximum}, not {quoted(value)}")
        return value

    def _refused(self, reason: str) -> InvalidOptions:
        return InvalidOptions(f"option {self.name!r} {reason}", option=self.name, reason=reason)

    def _check_size(self, value: Any) -> None:
        """No option needs an infinite, a not-a-number, a 10-digit number or a novel: such
        values come from accidents or attacks, and would reach the game's loops."""
        if isinstance(value, float) and not math.isfinite(value):
            raise self._refused(f"must be a finite number, not {quoted(value)}")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise self._refused(f"is too large (at most {MAX_INT})")
        if isinstance(value, float) and abs(value) > MAX_INT:
            raise self._refused(f"is too large (at most {MAX_INT})")
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            raise self._refused(f"is too long (at most {MAX_OPTION_TEXT} characters)")

    def schema(self) -> dict[str, JSON]:
        """A JSON-schema fragment for this option."""
        names = {bool: "boolean", int: "integer", float: "number", str: "string"}
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        types = [names[k] for k in kinds if k in names]
        if self.nullable or self.default is None:
            types.append("null")
        out: dict[str, JSON] = {"description": without_rule_ids(self.help), "default": self.default}
        if self.rules:
            out["rules"] = list(self.rules)  # not JSON schema's own: the spec's rules it sets
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

_RULE = r"[A-Z]{2}-\d+"
_RULE_ID = re.compile(rf"\b{_RULE}\b")
_LEADING_RULES = re.compile(rf"^{_RULE}(?:(?:\.\.|/){_RULE})*:?\s+")
_RULES_IN_BRACKETS = re.compile(rf"\s*\({_RULE}(?:(?:, |/){_RULE})*\)")


def without_rule_ids(text: str) -> str:
    """``text`` without the rule IDs a person playing does not need (the specs' codes, which the
    terminal keeps): a leading ``RR-15:`` and a ``(RT-2)`` go, the first letter is capitalised.

    >>> without_rule_ids("DD-25/DD-27: seconds to choose emitters")
    'Seconds to choose emitters'
    >>> without_rule_ids("start from this puzzle code FFFFFFFF-RRRRRRRR-TT (RR-28)")
    'Start from this puzzle code FFFFFFFF-RRRRRRRR-TT'
    """
    plain = _RULES_IN_BRACKETS.sub("", _LEADING_RULES.sub("", text))
    return plain[:1].upper() + plain[1:]


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


DRAWING_WORDS: tuple[Option, ...] = (
    Option(
        "lang",
        "en",
        "the language of the drawing's words: en or fr (notation, numbers and names stay as they are)",
        str,
        choices=LANGUAGES,
    ),
    Option(
        "names",
        None,
        "the seats' names in seat order, drawn instead of the game's own 'seat 0' words",
        (list, tuple),
        nullable=True,
    ),
)
"""Drawing options every game's :meth:`Game.render_svg` takes besides its own
:attr:`Game.drawing_options` (:mod:`robotable.core.drawing_words` words the drawing)."""


# --------------------------------------------------------------------------- game


class Game(ABC):
    """What a game is, independent of any particular match."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    drawing_options: ClassVar[tuple[Option, ...]] = ()
    """What :meth:`render_svg` accepts beyond the view (``-D key=value`` at the terminal)."""
    hidden_information: ClassVar[bool] = False
    """True when seats hold secrets (hands, programs): faces then hide one person's
    screen from the next at a shared keyboard."""

    views_make_worlds: ClassVar[bool] = False
    """Whether :meth:`world_from_view` makes a whole state from a seat's view."""

    def world_from_view(self, view: Mapping[str, JSON], seed: int = 0) -> State | None:
        """A whole state that a seat whose view is ``view`` could be in: what it sees true, the
        hidden parts a random guess (as :meth:`State.determinize` guesses them), for a bot that
        searches run away from the server (``robotable.client``), which has only the view.
        None: this game makes none (:attr:`views_make_worlds` false)."""
        return None

    def needs_clock(self, seats: int) -> str | None:
        """Why the game with ``seats`` players cannot be played with its timers off (a phase
        that only a deadline ends), or None. A face refuses a clockless table with this reason."""
        return None

    def costly(self, state: State, action: Action) -> bool:
        """Whether carrying ``action`` out in ``state`` (a legal one) may take long: a search
        the rules call for (Ricochet's solver proving a solo puzzle's optimum). A server carries
        such an action out in a worker process, where it cannot hold up the other tables."""
        return False

    def takes_back(self, action: Action) -> bool:
        """Whether ``action`` only takes back the seat's own last step of a decision still
        open (a card taken back from a program). People need it; a search never does, since
        whatever it leads to can be reached without it, and a search that tries it can loop."""
        return False

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

    def presets(self) -> tuple[Preset, ...]:
        """The game's presets, ``standard`` (the rulebook's game) first, then its own
        (``data/presets.json``: :mod:`robotable.core.presets`), each checked once when first asked."""
        return _presets_of(self)

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

    def check_action_value(self, action: object, seat: object = None) -> None:
        """Refuse (:class:`IllegalAction`) an object that is not exactly an action this game's
        notation can write: each field of the exact type it is declared with (an ``int`` is
        not a float or a bool), and ``parse_action(str(action)) == action``. Actions built
        in code are then held to the same bounds as typed ones. Answers are remembered."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{_short(action)} is not an action", seat=seat, action=action)
        # the exact field types first: to the cache below, Bid(True) == Bid(1)
        reason = _field_type_error(action)
        if reason is None:
            key = (type(action), action)
            try:
                if key in self._valid_actions:
                    return
            except TypeError:  # a field that cannot be hashed (a list) is no notation's value
                reason = "a field holds a value no notation writes"
            else:
                reason = self._notation_error(action)
        if reason:
            raise IllegalAction(
                f"{_short(action)} is not a {self.title} action: {reason}", seat=seat, action=action
            )
        if len(self._valid_actions) > 100_000:
            self._valid_actions.clear()
        self._valid_actions.add((type(action), action))

    @functools.cached_property
    def _valid_actions(self) -> set[tuple[type, Action]]:
        return set()

    def _notation_error(self, action: Action) -> str | None:
        try:
            text = str(action)
        except Exception:  # a hostile or broken value: whatever its notation raises is a refusal
            return "a field is out of range (no notation writes it)"
        try:
            again = self.parse_action(text)
        except RobotableError as exc:
            return str(exc)
        if type(again) is not type(action) or again != action:
            return f"its notation {text!r} reads as another action"
        return None

    @abstractmethod
    def decode_state(self, data: Mapping[str, JSON]) -> State:
        """Inverse of :meth:`State.to_dict`, trusting ``data`` (the game's own output)."""

    def state_from_dict(self, data: object) -> State:
        """Inverse of :meth:`State.to_dict` for data from outside (a saved file, the wire):
        anything that is not a state of this game is a :class:`StateError` naming the field."""
        if not isinstance(data, Mapping):
            raise StateError(f"a saved {self.title} state is a JSON object, not {type(data).__name__}")
        try:
            state = self.decode_state(data)
        except StateError:
            raise  # the game's own words
        except KeyError as exc:
            raise StateError(f"saved {self.title} state: missing field {exc.args[0]!r}") from None
        except (TypeError, ValueError, IndexError, AttributeError, ArithmeticError, RecursionError) as exc:
            raise StateError(f"saved {self.title} state: malformed ({_first_line(exc)})") from None
        # the state must answer the contract's questions, and be exactly what it would save:
        # nothing ignored, nothing of a type the game would not write
        try:
            _exercise(state)
            again = json.loads(state.to_json())
        except (TypeError, ValueError, IndexError, KeyError, AttributeError, ArithmeticError) as exc:
            raise StateError(f"saved {self.title} state: malformed ({_first_line(exc)})") from None
        where = _first_difference(again, data)
        if where is not None:
            raise StateError(
                f"saved {self.title} state: field {where or '(top)'} is not a value this game holds"
            )
        return state

    # ---- what faces (terminal, browser) use; each game provides its own
    def bots(self) -> dict[str, Callable[..., Agent]]:
        """The game's own bots by name: factories taking an optional ``seed`` keyword (a bot that
        draws random numbers repeats a seeded game). The difficulty levels built from a game's
        parts by the generic agents are added by :func:`robotable.agents.levels.bots_of`, which
        every face asks: games sit below the agents and do not import them."""
        return {}

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        """An SVG picture of a view; ``options`` are :attr:`drawing_options` and
        :data:`DRAWING_WORDS` (``lang``: the language of its words; ``names``: the seats')."""
        raise RobotableError(f"{self.title} has no SVG renderer yet")

    def validate_drawing(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Drawing options checked like game options: an unknown name is refused listing the
        known ones. Only the options given are returned (the renderer keeps its defaults)."""
        given = dict(options or {})
        known = {opt.name: opt for opt in (*self.drawing_options, *DRAWING_WORDS)}
        for name in given:
            if name not in known:
                listing = ", ".join(sorted(opt.name for opt in self.drawing_options)) or "none"
                words = ", ".join(opt.name for opt in DRAWING_WORDS)
                raise InvalidOptions(
                    f"unknown drawing option {name!r} for {self.id}; drawing options: {listing}"
                    f" (and, for every game, {words})"
                )
        checked = {name: known[name].check(value) for name, value in given.items()}
        names = checked.get("names")
        if names is not None and not all(isinstance(name, str) for name in names):
            raise InvalidOptions(f"option 'names' must be a list of the seats' names, not {names!r}")
        return checked

    def warm_up(self) -> None:
        """Do once, ahead, what would otherwise make a first game slow (compiling a solver).
        ``robotable warmup`` calls it for every game."""
        return None  # most games have nothing to prepare

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        """A Rich renderable of a view, for the terminal."""
        raise RobotableError(f"{self.title} has no terminal renderer yet")

    def describe_event(
        self, event: Mapping[str, JSON], name: Callable[[Any], str], lang: str = "en"
    ) -> str | None:
        """One readable sentence for an event (its ``to_dict()`` form), or None for the
        generic ``kind: field=value`` line. ``name(seat)`` names a seat for the reader.
        ``lang``: ``en`` or ``fr`` (a game keeps its sentences in its own ``sentences.py``,
        one set per language; a language it does not have gets its English)."""
        return None

    def phase_help(self, view: Mapping[str, JSON], lang: str = "en") -> str | None:
        """Every action of the view's phase in words, one per line, including those not legal
        at this very moment (``reset`` before any move), and the codes a player must know.
        None when the list of legal actions says enough; faces add their own commands.
        ``lang``: ``en`` or ``fr`` (the notation stays as typed; any other language: English)."""
        return None

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        """Help for a person stuck on ``view``; a higher ``level`` tells more."""
        raise RobotableError(f"{self.title} has no hints")

    def counters(self, view: Mapping[str, JSON]) -> list[list[dict[str, JSON]]]:
        """What a seat's panel shows of every seat, read from ``view`` alone (so a panel never
        tells what that view hides): one list per seat of ``{"key": K, "value": V, ...}``, which
        faces word with the catalogue's ``counter.K`` filled with the entry (Ricochet's chips,
        Delivery's hand size). Empty: the game shows no counters."""
        return []

    def guidance(self, view: Mapping[str, JSON], seat: Seat | None) -> dict[str, JSON]:
        """Facts for the person deciding at ``seat`` (None: a spectator), read from ``view`` alone;
        the faces word them. Every key may be missing:

        - ``now``: ``[{"code": C, "params": {...}}]``, what to do in this phase and why an expected
          action is missing (a slot without a card), worded ``guide.C``;
        - ``confirm``: ``{notation: {"code": C, "params": {...}}}``, actions that lose the game by
          the rules as things stand (Droids' ``stop`` with no order that can be sent), worded
          ``confirm.C``: a face asks before sending them;
        - ``marks``: ``{"cells": ["x y", ...], "elements": [[attribute, value], ...]}``, cells of
          the drawing (its ``data-cell``) and other elements (Droids' ``data-emitter``) to light;
        - ``stage``: a text that changes when a new decision starts (a Ricochet round), so a
          face forgets what was chosen for the last one."""
        return {}

    def why(self, view: Mapping[str, JSON], seat: Seat, action: str) -> dict[str, JSON]:
        """Why the game's ``medium`` bot would play ``action`` (its notation) at ``seat``, read
        from ``view`` alone, for a face's "suggest a move": ``{"code": C, "params": {...}}``
        worded ``why.C``, and ``marks`` (``{"cells": ["x y"], "pieces": [...]}``: the drawing's
        ``data-cell`` and ``data-piece`` the move is about). Empty: a face names the move only."""
        return {}

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

    def words(self, lang: str = "en") -> dict[str, str]:
        """Every word a person reads about the game in ``lang`` (its title, summary, phases,
        timers, robots): the catalogue ``words/LANG.json`` in the game's package, English
        filling what a language lacks (:mod:`robotable.core.words`)."""
        return catalogue(self.package(), lang)

    def say(self, key: str, params: Mapping[str, JSON] | None = None, lang: str = "en") -> str:
        """The catalogue's template ``key`` in ``lang``, filled with ``params``.

        >>> from robotable import games
        >>> games.get("droids").say("robot.Yellow", lang="fr")
        'Jaune'
        """
        return fill(self.words(lang), key, params or {})

    def _rules_folder(self) -> Traversable:
        return resources.files(self.package()).joinpath("rules")

    def package(self) -> str:
        """The game's Python package, which holds its data, words, rules and tutorials."""
        return type(self).__module__.rpartition(".")[0]  # robotable.games.X.game -> robotable.games.X

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


# --------------------------------------------------------------------------- checking values


def _short(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters; a value whose repr fails (an int past
    Python's 4,300 digits) is named by its type."""
    try:
        text = repr(value)
    except Exception:  # a hostile value: its repr is not ours to trust
        text = f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _first_line(exc: BaseException, limit: int = 100) -> str:
    lines = str(exc).strip().splitlines()
    text = lines[0] if lines else type(exc).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


@functools.cache
def _declared_fields(cls: type) -> tuple[tuple[str, type], ...]:
    """``(name, type)`` of a dataclass's fields whose declared type is a plain class."""
    if not dataclasses.is_dataclass(cls):
        return ()
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, hints[f.name]) for f in dataclasses.fields(cls) if isinstance(hints.get(f.name), type)
    )


def _field_type_error(action: Action) -> str | None:
    for name, kind in _declared_fields(type(action)):
        value = getattr(action, name)
        # exact types: True is an int and 4.0 == 4 to Python, but neither is a tile number
        if type(value) is not kind:
            return f"{name} must be {_KIND_NAMES.get(kind, kind.__name__)}, not {_short(value, 30)}"
    return None


def _exercise(state: State) -> None:
    """Ask a loaded state everything a face will ask it, so a damaged one fails now, at load."""
    state.outcome()
    state.timers()
    state.view(None)
    for seat in [*state.to_act(), REFEREE]:
        state.legal_actions(seat)
    for seat in range(state.seats):
        state.view(seat)


def _first_difference(have: JSON, want: JSON, path: str = "") -> str | None:
    """The path of the first place two JSON values differ (``None`` when equal)."""
    if type(have) is not type(want) and not (_is_number(have) and _is_number(want)):
        return path
    if isinstance(want, Mapping):
        for key in sorted(set(have) | set(want), key=str):
            if key not in have or key not in want:
                return f"{path}.{key}".lstrip(".")
            inner = _first_difference(have[key], want[key], f"{path}.{key}")
            if inner is not None:
                return inner.lstrip(".")
        return None
    if isinstance(want, list):
        if len(have) != len(want):
            return path
        for i, (a, b) in enumerate(zip(have, want, strict=True)):
            inner = _first_difference(a, b, f"{path}[{i}]")
            if inner is not None:
                return inner
        return None
    return None if have == want else path


def _is_number(value: object) -> bool:
    return type(value) in (int, float)


# --------------------------------------------------------------------------- state


class State(ABC):
    """One position of one game, with its random generator.

    Subclasses implement :meth:`check` (refuse with :class:`IllegalAction`, touching
    nothing) and :meth:`perform` (mutate, return events); :meth:`apply` runs both,
    which is how the contract guarantees that a refused action changes nothing.
    """

    game: Game
    rng: Rng
    seats: int
    """The number of player seats (``0 .. seats-1``); :data:`REFEREE` is not counted."""

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
    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`IllegalAction` with a reason if ``seat`` may not take ``action``.

        The contract refuses what no game could accept before any game code runs: a seat
        that is not a plain ``int`` of this game, an object that is not one of this game's
        actions exactly as its notation reads (``Place(4.0, 5, 0)`` built in code, a field
        out of the notation's range). Then the game's :meth:`check_rules` decide."""
        if type(seat) is not int or not (seat == REFEREE or 0 <= seat < self.seats):
            raise IllegalAction(f"{seat!r} is not a seat of this game (0 to {self.seats - 1})", seat=seat)
        self.game.check_action_value(action, seat)
        self.check_rules(seat, action)

    @abstractmethod
    def check_rules(self, seat: Seat, action: Action) -> None:
        """The game's rules: raise :class:`IllegalAction` with a reason a person understands.
        ``seat`` and ``action`` are already known to be well formed (see :meth:`check`)."""

    @abstractmethod
    def perform(self, seat: Seat, action: Action) -> list[Event]:
        """Carry out an action already checked; return what happened."""

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Validate and carry out ``action`` for ``seat``; refused actions change nothing."""
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
        return self.game.decode_state(self.to_dict())  # type: ignore[return-value]

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
        card drawn face down) override this; faces broadcast only through it. The answer
        depends on the events and the seat alone, never on the state's later changes: a
        table filters an old action's events with its current state (a seat that reconnects
        is told what it missed)."""
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
    world: State | None = None
    """For agents that search (``searches = True``): a whole state this seat could be in, made
    by :meth:`State.determinize`: everything the seat sees is true, every hidden part (hands,
    programs, the chance to come) a random guess. ``world.determinize(seat, rng)`` draws more
    guesses. It is the only whole state an agent is ever given."""


@dataclass(frozen=True)
class Wait:
    """An agent's answer meaning "nothing yet; ask me again at ``until`` (clock seconds)".

    ``until=None`` means: ask again only when something changes.
    """

    until: float | None = None


WORLD_SEED = 0x574F524C44
"""The guess in :attr:`Turn.world` is drawn with a fixed seed: it depends on the view alone, so
an agent's decision cannot tell two positions apart that its seat cannot."""


def world_for(state: State, seat: Seat) -> State:
    """The whole state :attr:`Turn.world` gives a searching agent at ``seat``."""
    return state.determinize(seat, Rng(WORLD_SEED))


def searches(agent: object) -> bool:
    """Whether ``agent`` wants :attr:`Turn.world` (it says so with ``searches = True``)."""
    return getattr(agent, "searches", False) is True


class Agent(Protocol):
    """A player program. Bots see only what their seat's view shows; one that sets
    ``searches = True`` is also given :attr:`Turn.world`, a guess consistent with that view."""

    name: str

    def act(self, turn: Turn) -> Action | Wait:
        """An action from ``turn.legal``, or :class:`Wait` to let time pass."""
        ...


@functools.cache
def _presets_of(game: Game) -> tuple[Preset, ...]:
    return read_presets(game.package(), game.validate_options)
