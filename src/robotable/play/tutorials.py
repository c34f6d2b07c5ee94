"""Tutorials: a short guided game of each game, from a fixed position, in every language the faces
offer. A tutorial is data of its game (``games/<id>/data/tutorial*.json``), read and checked here
through the game contract only, so a new game brings its tutorial without a line of code.

A tutorial file::

    {
      "title": {"en": "...", "fr": "..."},
      "options": {"puzzle": "1A2A3A4A-8A44FF0F-RC"},   # the game's options (defaults for the rest)
      "seed": 7, "seats": 2, "learner": 0,             # the position is new_state(options, seed, seats)
      "names": {"en": ["You", "Ada"], "fr": ["Vous", "Ada"]},  # optional: the seats, where drawn
      "steps": [
        {"text": {"en": "...", "fr": "..."}, "point": {"board": ".centre"}},
        {"text": {...}, "then": [[1, "bid 5"]]},
        {"text": {...}, "point": {"action": "bid 3"}, "expect": ["bid 3"],
         "wrong": {"en": "...", "fr": "..."}},
        ...
        {"text": {...}}                                  # the last step: the closing words
      ]
    }

- ``text``: what the step says, one or two sentences per language.
- ``point``: what the step shows the learner: ``board``, a selector of the game's own drawing
  (:mod:`.tutorial_points`: ``[data-piece="red"]``, ``#target-RC``), and ``action``, the button of
  one of the step's expected actions.
- ``expect``: the learner's actions (notation, as the game writes it) that go on; several are
  allowed. ``wrong`` is then the kind explanation of any other action (nothing changes). A step
  without ``expect`` waits for the learner to read it (a Continue button).
- ``then``: ``[seat, notation]`` actions of the other seats or of the referee (seat -1: a sand
  timer running out) played once the learner went on.

Why the learner's answers travel with each request (``played``) instead of being kept by a server:
a step may accept several actions that lead to different positions, and a page that asks for a
step with its answers so far needs no session, survives a reload and can never desynchronise.

At load every path through the tutorial (each accepted alternative) is played on a fresh state:
each action must be legal where it stands, each pointer must find its element in the drawing,
and a malformed file is a :class:`~robotable.core.errors.DataFileError` naming the file and step.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from robotable.core.errors import DataFileError, RobotableError
from robotable.core.game import JSON, REFEREE, Event, Game, Seat, State
from robotable.core.words import LANGUAGES
from robotable.play import tutorial_points

MAX_STEPS = 100
MAX_TEXT = 600
"""Characters of one step's text in one language: one or two sentences, not a page."""
MAX_CHOICES = 8
MAX_THEN = 20
MAX_PATHS = 64
"""Paths through a tutorial's alternatives that the check at load plays, at most."""
DEFAULT = "tutorial"
_TOP_KEYS = {"title", "options", "seed", "seats", "learner", "names", "steps"}
MAX_NAME = 40
_STEP_KEYS = {"text", "point", "expect", "wrong", "then"}
_POINT_KEYS = {"board", "action"}


class NoTutorial(RobotableError):
    """The game has no tutorial of that name."""


@dataclass(frozen=True)
class Point:
    """What a step shows: an element of the drawing and/or the button of an expected action."""

    board: str | None = None
    action: str | None = None

    def to_dict(self) -> dict[str, JSON]:
        return {"board": self.board, "action": self.action}


@dataclass(frozen=True)
class Step:
    text: Mapping[str, str]
    point: Point
    expect: tuple[str, ...] = ()
    wrong: Mapping[str, str] | None = None
    then: tuple[tuple[Seat, str], ...] = ()

    @property
    def waits_for_action(self) -> bool:
        return bool(self.expect)


@dataclass(frozen=True)
class Progress:
    """Where a learner stands: the state at step ``number``, the events that led there from the
    step before (as the learner's seat sees them), and the answers given so far."""

    number: int
    state: State
    events: list[dict[str, JSON]]
    played: tuple[str, ...]


@dataclass(frozen=True)
class Tutorial:
    game: Game
    name: str
    file: str
    title: Mapping[str, str]
    options: Mapping[str, Any]
    seed: int
    seats: int
    learner: Seat
    steps: tuple[Step, ...]
    names: Mapping[str, tuple[str, ...]] | None = None
    """The seats' names per language, for the games whose drawing names seats."""

    def start(self) -> State:
        return self.game.new_state(dict(self.options), seed=self.seed, seats=self.seats)

    def drawing(self, state: State, lang: str) -> str:
        """The board as the learner sees it, its words in ``lang``."""
        names = {"names": list(self.names[lang])} if self.names else {}
        return self.game.render_svg(state.view(self.learner), lang=lang, **names)

    def at(self, number: int, played: Sequence[str] = ()) -> Progress:
        """The tutorial at step ``number`` (0-based) after the learner's answers ``played`` (one per
        step that waits for an action before it; those missing are the steps' first answers).
        ``ValueError`` names what is not of this tutorial."""
        if not 0 <= number < len(self.steps):
            raise ValueError(
                f"step {number} is not in this tutorial: its steps are 0 to {len(self.steps) - 1}"
            )
        questions = sum(step.waits_for_action for step in self.steps[:number])
        if len(played) > questions:
            raise ValueError(
                f"{len(played)} answers given, but the steps before step {number} ask {questions}"
            )
        state, events, answers = self.start(), [], list(played)
        asked = 0
        for index, step in enumerate(self.steps[:number]):
            answer = None
            if step.waits_for_action:
                if asked == len(answers):
                    answers.append(step.expect[0])
                answer = answers[asked]
                if answer not in step.expect:
                    raise ValueError(f"{answer!r} is not an answer of step {index}")
                asked += 1
            events = self._go_on(state, step, answer)
        return Progress(number, state, state.events_for(events, self.learner), tuple(answers))

    def accepts(self, number: int, action: str) -> bool:
        """Whether ``action`` (notation, as a learner may type it) is an answer of step ``number``."""
        try:
            written = str(self.game.parse_action(action))
        except ValueError:  # every notation error is one (RobotableError is a ValueError)
            return False
        return written in self.steps[number].expect

    def canonical(self, action: str) -> str:
        return str(self.game.parse_action(action))

    def _go_on(self, state: State, step: Step, answer: str | None) -> list[Event]:
        """The learner's answer (if the step asks one), then the step's scripted actions."""
        events: list[Event] = []
        if answer is not None:
            events += state.apply(self.learner, self.game.parse_action(answer))
        for seat, text in step.then:
            events += state.apply(seat, self.game.parse_action(text))
        return events


# --------------------------------------------------------------------------- loading


def names(game: Game) -> list[str]:
    """The tutorials a game has (``tutorial``, ``tutorial-solo``...), from its data files."""
    folder = resources.files(game.package()).joinpath("data")
    if not folder.is_dir():
        return []
    found = [f.name.removesuffix(".json") for f in folder.iterdir() if f.name.endswith(".json")]
    return sorted(name for name in found if name == DEFAULT or name.startswith(DEFAULT + "-"))


def has_tutorial(game: Game) -> bool:
    return DEFAULT in names(game)


@functools.cache
def load(game: Game, name: str = DEFAULT) -> Tutorial:
    """The game's tutorial ``name``, read and checked once (a package's files do not change)."""
    if name not in names(game):
        raise NoTutorial(
            f"{game.title} has no tutorial {name!r}", fr=f"{game.title} n'a pas de tutoriel {name!r}"
        )
    file = f"{game.id}/data/{name}.json"
    text = resources.files(game.package()).joinpath("data", f"{name}.json").read_text("utf-8")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DataFileError(file, "file", f"not JSON ({exc})") from None
    return read(game, data, file, name)


def read(game: Game, data: object, file: str, name: str = DEFAULT) -> Tutorial:
    """A tutorial from its JSON ``data``, its shape and every path through it checked (see the
    module's description); ``file`` names it in errors."""
    if not isinstance(data, dict):
        raise DataFileError(file, "file", "a tutorial is a JSON object")
    _only(data, _TOP_KEYS, file, "file")
    for key in ("title", "seats", "steps"):
        if key not in data:
            raise DataFileError(file, key, "missing")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise DataFileError(file, "options", "the game's options are a JSON object")
    try:
        options = game.validate_options(options)
    except RobotableError as exc:
        raise DataFileError(file, "options", str(exc)) from None
    seats = _whole(data["seats"], file, "seats", game.min_seats, game.max_seats)
    steps = data["steps"]
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise DataFileError(file, "steps", f"a list of 1 to {MAX_STEPS} steps")
    tutorial = Tutorial(
        game=game,
        name=name,
        file=file,
        title=_texts(data["title"], file, "title"),
        options=options,
        seed=_whole(data.get("seed", 0), file, "seed", 0, 2**63 - 1),
        seats=seats,
        learner=_whole(data.get("learner", 0), file, "learner", 0, seats - 1),
        steps=tuple(_step(game, raw, file, f"step {i}") for i, raw in enumerate(steps)),
        names=_names(data.get("names"), seats, file),
    )
    if tutorial.steps[-1].waits_for_action or tutorial.steps[-1].then:
        raise DataFileError(file, f"step {len(steps) - 1}", "the last step only says its closing words")
    _play_every_path(tutorial)
    return tutorial


def _names(raw: object, seats: int, file: str) -> dict[str, tuple[str, ...]] | None:
    """The seats' names in every language: a list of ``seats`` short names each."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise DataFileError(file, "names", 'the seats\' names per language, like {"en": [...], "fr": [...]}')
    _only(raw, set(LANGUAGES), file, "names")
    named = {}
    for lang in LANGUAGES:
        given = raw.get(lang)
        if not isinstance(given, list) or len(given) != seats:
            raise DataFileError(file, f"names: {lang}", f"a list of {seats} names, one per seat")
        if not all(isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME for name in given):
            raise DataFileError(file, f"names: {lang}", f"each name is text of 1 to {MAX_NAME} characters")
        named[lang] = tuple(given)
    return named


def _step(game: Game, raw: object, file: str, where: str) -> Step:
    if not isinstance(raw, dict):
        raise DataFileError(file, where, "a step is a JSON object")
    _only(raw, _STEP_KEYS, file, where)
    if "text" not in raw:
        raise DataFileError(file, f"{where}: text", "missing")
    expect = _expect(game, raw.get("expect"), file, f"{where}: expect")
    if bool(expect) != ("wrong" in raw):
        reason = "a step that expects actions explains a wrong one" if expect else "only with expect"
        raise DataFileError(file, f"{where}: wrong", reason)
    return Step(
        text=_texts(raw["text"], file, f"{where}: text"),
        point=_point(game, raw.get("point", {}), expect, file, f"{where}: point"),
        expect=expect,
        wrong=_texts(raw["wrong"], file, f"{where}: wrong") if expect else None,
        then=_then(game, raw.get("then", []), file, f"{where}: then"),
    )


def _expect(game: Game, raw: object, file: str, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CHOICES:
        raise DataFileError(file, where, f"a list of 1 to {MAX_CHOICES} actions")
    return tuple(_notation(game, text, file, where) for text in raw)


def _point(game: Game, raw: object, expect: tuple[str, ...], file: str, where: str) -> Point:
    if not isinstance(raw, dict):
        raise DataFileError(file, where, 'an object like {"board": "[data-piece=\\"red\\"]"}')
    _only(raw, _POINT_KEYS, file, where)
    board, action = raw.get("board"), raw.get("action")
    if board is not None:
        try:
            tutorial_points.parse(board)
        except ValueError as exc:
            raise DataFileError(file, f"{where}: board", str(exc)) from None
    if action is not None and _notation(game, action, file, f"{where}: action") not in expect:
        raise DataFileError(file, f"{where}: action", f"{action!r} is not one of the step's expected actions")
    return Point(board, action)


def _then(game: Game, raw: object, file: str, where: str) -> tuple[tuple[Seat, str], ...]:
    if not isinstance(raw, list) or len(raw) > MAX_THEN:
        raise DataFileError(file, where, f"a list of at most {MAX_THEN} [seat, action] pairs")
    pairs = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
            raise DataFileError(file, where, f'each is [seat, action] like [1, "bid 5"], not {item!r}')
        pairs.append((item[0], _notation(game, item[1], file, where)))
    return tuple(pairs)


def _notation(game: Game, text: object, file: str, where: str) -> str:
    """An action as the game writes it (``red W``, not ``R w``): what its buttons show."""
    if not isinstance(text, str):
        raise DataFileError(file, where, f"an action is its notation (text), not {text!r}")
    try:
        written = str(game.parse_action(text))
    except RobotableError as exc:
        raise DataFileError(file, where, f"{text!r} is not an action ({exc})") from None
    if written != text:
        raise DataFileError(file, where, f"write {text!r} as the game writes it: {written!r}")
    return written


def _texts(raw: object, file: str, where: str) -> dict[str, str]:
    """A text in every language the faces offer, none empty or long."""
    if not isinstance(raw, dict):
        raise DataFileError(file, where, f"a text per language: {{{', '.join(LANGUAGES)}}}")
    _only(raw, set(LANGUAGES), file, where)
    for lang in LANGUAGES:
        text = raw.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise DataFileError(file, where, f"no text in {lang!r}")
        if len(text) > MAX_TEXT:
            raise DataFileError(file, where, f"the {lang!r} text is longer than {MAX_TEXT} characters")
    return {lang: raw[lang] for lang in LANGUAGES}


def _only(raw: Mapping[str, object], known: set[str], file: str, where: str) -> None:
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DataFileError(file, where, f"unknown key {unknown[0]!r}; known: {', '.join(sorted(known))}")


def _whole(value: object, file: str, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DataFileError(file, where, f"a whole number from {low} to {high}, not {value!r}")
    return value


# --------------------------------------------------------------------------- the check at load


def _play_every_path(tutorial: Tutorial) -> None:
    """Every path through the alternatives, played: each action legal where it stands, each
    pointer found in the drawing of its step."""
    paths = [0]

    def walk(state: State, number: int) -> None:
        step = tutorial.steps[number]
        where = f"step {number}"
        _check_point(tutorial, state, step, where)
        answers: tuple[str | None, ...] = step.expect or (None,)
        for answer in answers:
            if answer is not None and len(answers) > 1:
                paths[0] += 1
                if paths[0] > MAX_PATHS:
                    raise DataFileError(tutorial.file, where, f"more than {MAX_PATHS} paths to check")
            after = state.clone() if len(answers) > 1 else state
            if answer is not None:
                _legal(tutorial, after, tutorial.learner, answer, f"{where}: expect")
                after.apply(tutorial.learner, tutorial.game.parse_action(answer))
            for seat, text in step.then:
                _legal(tutorial, after, seat, text, f"{where}: then")
                after.apply(seat, tutorial.game.parse_action(text))
            if number + 1 < len(tutorial.steps):
                walk(after, number + 1)

    walk(tutorial.start(), 0)


def _legal(tutorial: Tutorial, state: State, seat: Seat, text: str, where: str) -> None:
    if seat != REFEREE and not 0 <= seat < state.seats:
        raise DataFileError(
            tutorial.file, where, f"seat {seat} is not at this table (0 to {state.seats - 1}, or -1)"
        )
    action = tutorial.game.parse_action(text)
    if action not in state.legal_actions(seat):
        try:
            state.check(seat, action)
            reason = "it is not among the legal actions"
        except RobotableError as exc:
            reason = str(exc)
        raise DataFileError(tutorial.file, where, f"{text!r} cannot be played by seat {seat} here: {reason}")


def _check_point(tutorial: Tutorial, state: State, step: Step, where: str) -> None:
    selector = step.point.board
    if selector is None:
        return
    for lang in LANGUAGES:
        if not tutorial_points.finds(tutorial.drawing(state, lang), selector):
            reason = f"{selector!r} finds nothing in the board's drawing ({lang})"
            raise DataFileError(tutorial.file, f"{where}: point", reason)
