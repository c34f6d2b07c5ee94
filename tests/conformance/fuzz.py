"""The fuzz layer's tools: sampled states of seeded games, hostile values, and probes.

A probe feeds one hostile input to one entry point of a game and raises
:class:`FuzzFailure` when the game answers with anything but its own refusal (or accepts
what it should not). The message names the game, the input (``repr``, cut when long),
the seat and action, and what was raised, so a developer can act on it without the test.

Nothing here may hang or exhaust the machine: every call into a game runs under
:func:`guarded`, which turns a runaway loop or allocation into a failure.

Sampled states come from seeded random playouts of the conformance cases
(``cases.py``), stopped at the first state of each new kind (who acts, with which kinds
of actions), at a few random steps and at the end; they are built once per game.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import json
import os
import re
import resource
import signal
import threading
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from robotable import games
from robotable.core.errors import IllegalAction, NotationError, StateError
from robotable.core.game import REFEREE, Action, Game, State
from robotable.core.rng import Rng

from .cases import CASES
from .harness import Case, Move, moves, random_playout

T = TypeVar("T")

GAME_IDS = games.ids()


def examples(share: float) -> int:
    """``share`` times the profile's examples per test (``ci`` 100, ``long`` 5,000):
    the fuzz tests scale with ``--hypothesis-profile``."""
    return max(1, round(share * settings.default.max_examples))


# --------------------------------------------------------------------------- runaways


class Runaway(Exception):
    """A call ran too long or asked for too much memory (raised by :func:`guarded`)."""


SECONDS = 10.0
"""No single call into a game may take longer (a loop over a huge count never ends)."""
MEMORY = 1 << 30
"""Nor allocate more than this on top of what the process holds (a list of 10**9 cards)."""


@contextlib.contextmanager
def guarded(seconds: float = SECONDS, memory: int = MEMORY) -> Iterator[None]:
    """Run the block with a time limit (SIGALRM) and an address-space limit, so a game that
    loops over a 5,000-digit count, or allocates for it, fails the test instead of the machine."""
    with _memory_limit(memory), _time_limit(seconds):
        yield


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # signals only reach the main thread; the memory limit still holds
        return

    def expire(signum: int, frame: object) -> None:
        raise Runaway(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _memory_limit(extra: int) -> Iterator[None]:
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):  # not Linux: run unguarded
        yield
        return
    limit = used + extra if hard == resource.RLIM_INFINITY else min(used + extra, hard)
    if soft != resource.RLIM_INFINITY:
        limit = min(limit, soft)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# --------------------------------------------------------------------------- failures


class FuzzFailure(AssertionError):
    """A game answered a hostile input wrongly. ``signature`` groups failures of one cause
    (the entry point, what went wrong, the exception type and where it was raised)."""

    def __init__(self, message: str, signature: tuple[str, ...]) -> None:
        super().__init__(message)
        self.signature = signature


def shown(value: object, limit: int = 120) -> str:
    """``repr(value)``, cut in the middle when long (a 5,000-digit number stays one line)."""
    text = _repr(value)
    if len(text) <= limit:
        return text
    half = limit // 2 - 10
    return f"{text[:half]} ...({len(text)} characters)... {text[-half:]}"


def _repr(value: object) -> str:
    """``repr``, even of a huge int (past the interpreter's str limit) or an action holding one."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**100:
        return f"{'-' if value < 0 else ''}<a {round(abs(value).bit_length() * 0.30103) + 1}-digit number>"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={_repr(getattr(value, f.name, '?'))}" for f in dataclasses.fields(value))
        return f"{type(value).__name__}({inner})"
    try:
        return repr(value)
    except Exception:  # a hostile object's repr
        return f"<{type(value).__name__} object>"


def raised(exc: BaseException) -> str:
    """``Type: message`` of an exception, on one line, and where in robotable it was raised."""
    message = " ".join(str(exc).split())
    if len(message) > 200:
        message = message[:200] + "..."
    return f"{type(exc).__name__}: {message} (at {where_raised(exc)})"


def where_raised(exc: BaseException) -> str:
    """The innermost frame in robotable's source (or the innermost at all)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/robotable/" in f.filename and "/tests/" not in f.filename]
    frame = (ours or frames or [None])[-1]
    if frame is None:
        return "?"
    path = frame.filename.split("/src/", 1)[-1]
    return f"{path}:{frame.lineno} in {frame.name}"


def signature_of(entry: str, exc: BaseException) -> tuple[str, ...]:
    return (entry, type(exc).__name__, where_raised(exc).rsplit(":", 1)[0], where_raised(exc).split()[-1])


def report(failures: Mapping[tuple[str, ...], str]) -> None:
    """Fail with one line per kind of failure (an exhaustive loop finds several at once)."""
    if failures:
        pytest.fail(f"{len(failures)} kind(s) of failure:\n" + "\n".join(failures.values()), pytrace=False)


def attempt(call: Callable[[], T], memory: int = MEMORY) -> tuple[T | None, Exception | None]:
    """``(result, None)`` or ``(None, exception)``, the call guarded against runaways."""
    try:
        with guarded(memory=memory):
            return call(), None
    except Exception as exc:  # the probes judge every exception, whatever its type
        return None, exc


# --------------------------------------------------------------------------- sampled states


@dataclass(frozen=True, repr=False)
class Sample:
    """One state of a seeded game, frozen as its JSON text, with what could be played there."""

    game: str
    label: str
    data: str
    seats: int
    moves: tuple[Move, ...]
    """Every legal ``(seat, action)`` of the seats to act, and the timers' referee actions."""

    def state(self) -> State:
        """A fresh copy of the state (every probe gets its own)."""
        return games.get(self.game).decode_state(json.loads(self.data))

    def legal_for(self, seat: object) -> list[Action]:
        return [action for s, action in self.moves if type(seat) is int and s == seat]

    def __repr__(self) -> str:  # Hypothesis prints the drawn sample: its label, not its data
        return f"<{self.game} at {self.label}>"


SAMPLES_PER_CASE = 8
SAMPLE_STEPS = 600
"""Playouts stop here: the early and middle phases of long games are where the kinds are."""


def _cases(game_id: str) -> list[Case]:
    """The conformance cases of the game, one per distinct configuration."""
    seen: set[str] = set()
    chosen = []
    for case in CASES:
        key = json.dumps([dict(case.options), case.seats, sorted(case.bots.items())], sort_keys=True)
        if case.game == game_id and key not in seen:
            seen.add(key)
            chosen.append(case)
    return chosen


@functools.cache
def samples(game_id: str) -> tuple[Sample, ...]:
    """States of seeded games of every conformance case of ``game_id`` (built once)."""
    game = games.get(game_id)
    found: list[Sample] = []
    for number, case in enumerate(_cases(game_id)):
        found += _sample_playout(game, case, seed=1000 + number)
    if not found:
        raise AssertionError(f"no conformance case plays {game_id}: add one to cases.py")
    return tuple(found)


def _sample_playout(game: Game, case: Case, seed: int) -> list[Sample]:
    rng = Rng(seed ^ 0xF022)
    kinds: set[tuple[Any, ...]] = set()
    taken: list[Sample] = []
    steps = min(case.max_steps, SAMPLE_STEPS)

    def observe(state: State, played: list[Move], players: list[Move], timers: list[Move]) -> None:
        kind = (tuple(state.to_act()), tuple(sorted({type(a).__name__ for _, a in players + timers})))
        last = (not players and not timers) or len(played) == steps
        new = kind not in kinds
        kinds.add(kind)
        if (new and len(taken) < SAMPLES_PER_CASE - 1) or last or rng.random() < 0.01:
            label = f"{case.id} seed {seed} after {len(played)} actions"
            taken.append(Sample(game.id, label, state.to_json(), case.seats, tuple(players + timers)))

    random_playout(
        game,
        case.options,
        case.seats,
        seed,
        steps,
        timer_chance=case.timer_chance,
        observe=observe,
        bots=case.bots,
    )
    return taken


@functools.cache
def notations(game_id: str) -> tuple[str, ...]:
    """The notation of every action seen legal in the samples, and each of their words."""
    texts = {str(action) for sample in samples(game_id) for _, action in sample.moves}
    words = {word for text in texts for word in text.split()}
    return tuple(sorted(texts | words))


@functools.cache
def seen_actions(game_id: str) -> tuple[Action, ...]:
    """Distinct actions seen legal in the samples, in a stable order."""
    unique = {str(action): action for sample in samples(game_id) for _, action in sample.moves}
    return tuple(unique[text] for text in sorted(unique))


@functools.cache
def action_classes(game_id: str) -> tuple[type[Action], ...]:
    """The game's action classes: those of its ``actions`` module and those seen played."""
    package = type(games.get(game_id)).__module__.rpartition(".")[0]
    found: dict[str, type[Action]] = {}
    with contextlib.suppress(ImportError):
        module = importlib.import_module(f"{package}.actions")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Action) and dataclasses.is_dataclass(value):
                found[value.__qualname__] = value
    for action in seen_actions(game_id):
        found[type(action).__qualname__] = type(action)
    return tuple(found[name] for name in sorted(found))


@functools.cache
def field_values(game_id: str) -> dict[tuple[type, str], tuple[object, ...]]:
    """The values each field of each action class was seen holding in legal actions."""
    values: dict[tuple[type, str], dict[str, object]] = {}
    for action in seen_actions(game_id):
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            value = getattr(action, f.name)
            values.setdefault((type(action), f.name), {})[repr(value)] = value
    return {key: tuple(found.values()) for key, found in values.items()}


@functools.cache
def foreign_actions(game_id: str) -> tuple[Action, ...]:
    """Actions of the other games: what a confused client or a copy-paste sends."""
    return tuple(action for other in GAME_IDS if other != game_id for action in seen_actions(other)[:40])


# --------------------------------------------------------------------------- hostile text

DIGIT_FAMILIES: dict[str, str] = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "subscript": "₀₁₂₃₄₅₆₇₈₉",
    "full-width": "０１２３４５６７８９",
    "Arabic-Indic": "٠١٢٣٤٥٦٧٨٩",
    "Extended Arabic-Indic": "۰۱۲۳۴۵۶۷۸۹",
    "NKo": "߀߁߂߃߄߅߆߇߈߉",
    "Devanagari": "०१२३४५६७८९",
    "mathematical bold": "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗",
}
"""Digits ``str.isdigit()`` accepts and ``int()`` may read, none of which is a notation's."""

ODD_DIGITS = "".join(DIGIT_FAMILIES.values()) + "①⑨Ⅻ½¾"
SIGNS = "+-−–﹣－"
CONTROLS = "\x00\x01\x07\x08\t\n\r\x0b\x0c\x1b\x1c\x1f\x7f\x85\xa0\u2028\u2029\u200b\u200e\u202e\ufeff\u3000"
LOOKALIKES = "ſﬀﬁıİKÅＮｅＳ"
"""Letters whose ``upper()``/``lower()`` is ASCII: ``"ſ".upper() == "S"``."""

HUGE = "9" * 5000
HOSTILE_WORDS = (
    HUGE,
    "1" + "0" * 5000,
    "-" + HUGE,
    "99999999999",
    "1000000000",
    "-1",
    "-0",
    "+3",
    "0x10",
    "1e3",
    "1_000",
    "3.0",
    "NaN",
    "inf",
    "²",
    "⁵",
    "３",
    "٣",
    "߃",
    "e²",
    "B²",
    "A1" + "0" * 5000,
    "x" * 10_000,
)
SEPARATORS = (" ", "", "  ", "\t", ",", ".", ":", "-", "\u00a0", "\x00", "\n")


@functools.cache
def hostile_text(game_id: str) -> st.SearchStrategy[str]:
    """Text a player, a file or a client could send: fragments of real notation mixed with
    odd digits, signs, controls, huge numbers and very long lines."""
    fragments = notations(game_id)
    piece = st.one_of(
        st.sampled_from(fragments),
        st.sampled_from(fragments).flatmap(_with_odd_digit),
        st.sampled_from(HOSTILE_WORDS),
        st.text(alphabet=ODD_DIGITS + SIGNS + CONTROLS + LOOKALIKES, max_size=4),
        st.integers(-(10**12), 10**12).map(str),
        st.text(max_size=8),
    )
    mixed = st.lists(st.tuples(piece, st.sampled_from(SEPARATORS)), min_size=1, max_size=5).map(
        lambda parts: "".join(text + sep for text, sep in parts)
    )
    padded = st.tuples(st.sampled_from(fragments), st.sampled_from(CONTROLS + " "), st.integers(1, 20_000))
    return st.one_of(
        mixed,
        mixed.map(str.strip),
        st.text(max_size=40),
        padded.map(lambda p: p[0] + p[1] * p[2]),
        padded.map(lambda p: p[1] * p[2] + p[0]),
    )


def _with_odd_digit(text: str) -> st.SearchStrategy[str]:
    """``text`` with one ASCII digit or sign replaced by a look-alike (unchanged if it has none)."""
    spots = [i for i, c in enumerate(text) if c in "0123456789-"]
    if not spots:
        return st.just(text)
    return st.tuples(st.sampled_from(spots), st.sampled_from(sorted(DIGIT_FAMILIES))).map(
        lambda choice: odd_digit(text, *choice)
    )


def odd_digit(text: str, index: int, family: str) -> str:
    """``text`` with its character at ``index`` (a digit, or a minus sign) written in ``family``."""
    char = text[index]
    new = "−" if char == "-" else DIGIT_FAMILIES[family][int(char)]
    return text[:index] + new + text[index + 1 :]


def odd_digit_variants(text: str) -> Iterator[str]:
    """Every way of writing one of ``text``'s digits (or minus signs) in another script."""
    for index, char in enumerate(text):
        if char == "-" and index + 1 < len(text) and text[index + 1].isdigit():
            yield odd_digit(text, index, "superscript")
        elif char in "0123456789":
            for family in DIGIT_FAMILIES:
                yield odd_digit(text, index, family)


NUMBER_VARIANTS = (
    "9" * 5000,
    "1" + "0" * 5000,
    "999999999999",
    "1000000000",
    "-{}",
    "+{}",
    "-0{}",
    "{}.0",
    "{}e0",
)


def number_variants(text: str) -> Iterator[str]:
    """``text`` with one of its numbers made huge, signed, or written as a float."""
    for match in re.finditer(r"[0-9]+", text):
        for variant in NUMBER_VARIANTS:
            yield text[: match.start()] + variant.format(match.group()) + text[match.end() :]


def numbers_in(text: str) -> list[str]:
    """The signed whole numbers ``text`` spells, normalised (``+03`` is ``3``), sorted: what an
    action read from ``text`` must also say (``obstacle -2 4`` is not ``obstacle 2 4``)."""
    found = []
    for sign, digits in re.findall(r"([-+]?)([0-9]+)", text):
        digits = digits.lstrip("0") or "0"
        found.append(("-" if sign == "-" and digits != "0" else "") + digits)
    return sorted(found)


def is_odd_digit(char: str) -> bool:
    return not ("0" <= char <= "9") and (char.isdigit() or char.isnumeric() or char in "−﹣－")


# --------------------------------------------------------------------------- probe: parse_action


def probe_parse(game: Game, text: str) -> None:
    """``parse_action(text)`` refuses with :class:`NotationError`, or reads an action that is
    valid, written in ASCII, and whose notation reads back to itself."""
    where = f"{game.id}: parse_action({shown(text)})"
    action, exc = attempt(lambda: game.parse_action(text))
    if exc is not None:
        if isinstance(exc, NotationError):
            return
        raise FuzzFailure(f"{where} raised {raised(exc)}", signature_of("parse_action", exc))
    if not isinstance(action, Action):
        raise FuzzFailure(f"{where} returned {shown(action)}, not an Action", ("parse_action", "not-action"))
    kind = type(action).__name__
    odd = sorted({c for c in text if is_odd_digit(c)})
    if odd:
        raise FuzzFailure(
            f"{where} read {shown(action)} from text holding the non-ASCII digit(s) {odd!r}: "
            "numbers are written with 0-9 only",
            ("parse_action", "accepts-odd-digits", kind),
        )
    foreign = sorted({c for c in text if not c.isspace() and not " " < c <= "~"})
    if foreign:
        raise FuzzFailure(
            f"{where} read {shown(action)} from text holding non-ASCII or control character(s) "
            f"{foreign!r}: the notation is ASCII, a look-alike must not be read as another letter",
            ("parse_action", "accepts-non-ascii", kind),
        )
    notation, exc = attempt(lambda: str(action))
    if exc is None and notation is not None and numbers_in(notation) != numbers_in(text):
        raise FuzzFailure(
            f"{where} read {shown(action)}, whose notation {shown(notation)} says other numbers "
            f"({numbers_in(notation)} instead of {shown(numbers_in(text), 60)}): a sign or digit was dropped",
            ("parse_action", "changes-numbers", kind),
        )
    check_round_trip(game, action, where)


def check_round_trip(game: Game, action: Action, where: str) -> None:
    """``str(action)`` reads back to an equal action, which the contract calls valid."""
    kind = type(action).__name__
    text, exc = attempt(lambda: str(action))
    if exc is not None:
        raise FuzzFailure(f"{where}: str({shown(action)}) raised {raised(exc)}", signature_of("str", exc))
    again, exc = attempt(lambda: game.parse_action(text))
    if exc is not None:
        raise FuzzFailure(
            f"{where} read {shown(action)}, whose notation {shown(text)} does not read back: {raised(exc)}",
            ("parse_action", "round-trip-refused", kind),
        )
    if type(again) is not type(action) or again != action:
        raise FuzzFailure(
            f"{where} read {shown(action)}, whose notation {shown(text)} reads back as {shown(again)}",
            ("parse_action", "round-trip-differs", kind),
        )
    _, exc = attempt(lambda: game.check_action_value(action))
    if exc is not None:
        raise FuzzFailure(
            f"{where} read {shown(action)}, which the contract's check_action_value refuses: {raised(exc)}",
            ("parse_action", "invalid-value", kind),
        )


# --------------------------------------------------------------------------- probe: apply


HOSTILE_SEATS: tuple[object, ...] = (
    None,
    "0",
    "1",
    "",
    1.5,
    0.0,
    1.0,
    True,
    False,
    -2,
    -(10**30),
    10**30,
    2**63,
    (0,),
    [0],
    {"seat": 0},
)

HOSTILE_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    -2,
    99,
    2**31,
    10**9,
    10**30,
    -(10**30),
    10**5000,
    1.5,
    4.0,
    -0.0,
    float("nan"),
    float("inf"),
    "",
    "0",
    "3",
    "²",
    "３",
    "N",
    " N",
    "x" * 1000,
    (1, 2),
    (),
    [1],
    {},
    frozenset({1}),
    b"3",
    object(),
)


class NotAnAction:
    """An object that looks like an action to a careless reader."""

    word = "stop"
    card = 1
    secret = False

    def __str__(self) -> str:
        return "stop"

    def __repr__(self) -> str:
        return "NotAnAction()"


NON_ACTIONS: tuple[object, ...] = (None, 3, "stop", "bid 3", b"stop", {"word": "stop"}, [1], NotAnAction())


def hostile_seats(sample: Sample) -> st.SearchStrategy[object]:
    """A seat that acts here, a valid one that does not, or a value that is no seat at all."""
    acting = sorted({seat for seat, _ in sample.moves}) or [0]
    valid = sorted({*acting, REFEREE, *range(sample.seats)})
    odd = [*HOSTILE_SEATS, sample.seats, sample.seats + 1]
    return st.one_of(st.sampled_from(acting), st.sampled_from(valid), st.sampled_from(odd))


def hostile_actions(sample: Sample) -> st.SearchStrategy[object]:
    """Legal actions here and elsewhere, the game's action classes with hostile field values,
    other games' actions, and objects that are no action at all."""
    own = seen_actions(sample.game)
    legal = [action for _, action in sample.moves]
    options = [
        st.sampled_from(own),
        st.sampled_from(action_classes(sample.game)).flatmap(functools.partial(built, sample.game)),
        st.sampled_from(NON_ACTIONS),
    ]
    if legal:
        options.append(st.sampled_from(legal))
    if foreign_actions(sample.game):
        options.append(st.sampled_from(foreign_actions(sample.game)))
    return st.one_of(options)


@st.composite
def built(draw: st.DrawFn, game_id: str, cls: type[Action]) -> object:
    """``cls`` built in code, each field a value seen legal or a hostile one."""
    seen = field_values(game_id)
    values = [
        draw(
            st.one_of(
                st.sampled_from(seen.get((cls, f.name), ()) or (None,)),
                st.sampled_from(HOSTILE_VALUES),
                st.sampled_from(notations(game_id)),
            )
        )
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
    ]
    return _construct(cls, values)


def hostile_builds(game_id: str) -> Iterator[object]:
    """Every action class of the game with one field at a time set to each hostile value, the
    others as seen in play: the brief's whole list, every run."""
    seen = field_values(game_id)
    for cls in action_classes(game_id):
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        plain = [(seen.get((cls, f.name)) or ("",))[0] for f in fields]
        for index in range(len(fields)):
            for value in HOSTILE_VALUES:
                yield _construct(cls, [*plain[:index], value, *plain[index + 1 :]])


def _construct(cls: type[Action], values: Sequence[object]) -> object:
    try:
        return cls(*values)
    except Exception:  # a class that validates on construction: hand its values over anyway
        action = object.__new__(cls)
        for f, value in zip(dataclasses.fields(cls), values, strict=True):  # type: ignore[arg-type]
            object.__setattr__(action, f.name, value)
        return action


def same_action(a: object, b: object) -> bool:
    """Equal, of one class, and every field of the same exact type (``Bid(True) != Bid(1)``)."""
    if type(a) is not type(b) or a != b:
        return False
    if not dataclasses.is_dataclass(a):
        return True
    return all(
        type(getattr(a, f.name)) is type(getattr(b, f.name))
        for f in dataclasses.fields(a)  # type: ignore[arg-type]
    )


REFUSALS = (IllegalAction, NotationError)


def probe_apply(sample: Sample, seat: object, action: object) -> None:
    """``check`` and ``apply`` refuse with :class:`IllegalAction` (or :class:`NotationError`),
    change nothing when they do, accept only a legal action, and the game plays on."""
    state = sample.state()
    before = state.to_json()
    where = f"{sample.game} at {sample.label}: seat={shown(seat)} action={shown(action)}"
    kind = type(action).__name__
    _, check_exc = attempt(lambda: state.check(seat, action))  # type: ignore[arg-type]
    if check_exc is not None and not isinstance(check_exc, REFUSALS):
        raise FuzzFailure(f"{where}: check raised {raised(check_exc)}", signature_of("check", check_exc))
    if state.to_json() != before:
        raise FuzzFailure(f"{where}: check changed the state", ("check", "changed-state", kind))
    _, apply_exc = attempt(lambda: state.apply(seat, action))  # type: ignore[arg-type]
    if apply_exc is None:
        if check_exc is not None:
            raise FuzzFailure(
                f"{where}: check refused ({check_exc}) but apply accepted", ("apply", "check-disagrees", kind)
            )
        if not any(same_action(action, legal) for legal in sample.legal_for(seat)):
            raise FuzzFailure(
                f"{where}: apply accepted it, though it is not a legal action of that seat "
                f"(legal: {shown([str(a) for a in sample.legal_for(seat)][:8])})",
                ("apply", "accepts-illegal", kind),
            )
    else:
        if not isinstance(apply_exc, REFUSALS):
            raise FuzzFailure(f"{where}: apply raised {raised(apply_exc)}", signature_of("apply", apply_exc))
        if state.to_json() != before:
            raise FuzzFailure(
                f"{where}: refusing it ({apply_exc}) changed the state", ("apply", "changed-state", kind)
            )
        if check_exc is None:
            raise FuzzFailure(
                f"{where}: check accepted it but apply refused ({apply_exc})",
                ("apply", "check-disagrees", kind),
            )
    play_on(state, f"{where}: after {'accepting' if apply_exc is None else 'refusing'} it")


def play_on(state: State, where: str) -> None:
    """The first legal action (a player's, else a timer's) applies: the state still plays."""
    listed, exc = attempt(lambda: moves(state))
    if exc is not None:  # a state that cannot say who acts is broken
        raise FuzzFailure(
            f"{where}, listing the legal actions raised {raised(exc)}", signature_of("play-on", exc)
        )
    assert listed is not None
    players, timers = listed
    if not players and not timers:
        return
    seat, action = (players or timers)[0]
    _, exc = attempt(lambda: state.apply(seat, action))
    if exc is not None:
        raise FuzzFailure(
            f"{where}, the legal action {str(action)!r} of seat {seat} raised {raised(exc)}",
            signature_of("play-on", exc),
        )


# --------------------------------------------------------------------------- probe: saved states

JUNK: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    -1,
    -2,
    1,
    2,
    7,
    13,
    99,
    10**9,
    10**30,
    -(10**30),
    10**4000,
    1.5,
    -0.0,
    float("nan"),
    float("inf"),
    "",
    "x",
    "0",
    "²",
    "３",
    "over",
    "/nonexistent/robotable-fuzz.txt",
    "x" * 100_000,
    [],
    [0],
    [None],
    [[]],
    [-1, -1],
    [0] * 1000,
    {},
    {"x": 1},
    {"0": []},
    functools.reduce(lambda inner, _: [inner], range(300), []),
)
"""Values a damaged or forged saved state may hold where another belongs."""


JsonPath = tuple[str | int, ...]


def paths(data: object, prefix: JsonPath = ()) -> list[JsonPath]:
    """Every place in a JSON value (long lists: their first, second and last items)."""
    found: list[JsonPath] = [prefix]
    if isinstance(data, Mapping):
        for key in sorted(data, key=str):
            found += paths(data[key], (*prefix, key))
    elif isinstance(data, list):
        indexes = range(len(data)) if len(data) <= 4 else (0, 1, len(data) - 1)
        for index in indexes:
            found += paths(data[index], (*prefix, index))
    return found


def at(data: Any, path: JsonPath) -> Any:
    for step in path:
        data = data[step]
    return data


DAMAGES = ("delete", "replace", "nudge", "add")


def damage(data: Any, path: JsonPath, how: str, junk: object, strings: Sequence[str]) -> tuple[Any, str]:
    """A copy of ``data`` damaged at ``path``, and a description of the damage."""
    copy = json.loads(json.dumps(data))
    if how == "delete" and path:
        parent = at(copy, path[:-1])
        del parent[path[-1]]
        return copy, f"{_where(path)} deleted"
    if how == "nudge":
        value = nudged(at(copy, path), strings)
        return _put(copy, path, value), f"{_where(path)} = {shown(value)} (was {shown(at(data, path))})"
    if how == "add":
        target = at(copy, path)
        if isinstance(target, dict):
            target["zz_unknown"] = junk
            return copy, f"{_where(path)} gained a field zz_unknown = {shown(junk)}"
        if isinstance(target, list):
            target.append(junk)
            return copy, f"{_where(path)} gained an item {shown(junk)}"
    return _put(copy, path, junk), f"{_where(path)} = {shown(junk)}"


def nudged(value: object, strings: Sequence[str]) -> object:
    """A value of the same type, slightly off: what a hand-edited file or a forged message holds."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return -value - 1 if value >= 0 else value + 1000
    if isinstance(value, float):
        return -value - 1.5
    if isinstance(value, str):
        others = [s for s in strings if s != value]
        return others[len(value) % len(others)] if others else value + "x"
    if isinstance(value, list):
        return [*value, *value[:1]] if value else [0]
    if isinstance(value, dict):
        return {key: value[key] for key in list(value)[1:]}
    return None


def _put(data: Any, path: JsonPath, value: object) -> Any:
    if not path:
        return value
    at(data, path[:-1])[path[-1]] = value
    return data


def _where(path: JsonPath) -> str:
    return "".join(f"[{step!r}]" for step in path) or "the whole state"


@functools.cache
def state_strings(game_id: str) -> tuple[str, ...]:
    """Every string value of the sampled states (phases, card names): plausible forgeries."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and len(value) < 40:
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for sample in samples(game_id):
        walk(json.loads(sample.data))
    return tuple(sorted(found))


def probe_state(game: Game, data: object, what: str, memory: int = MEMORY) -> None:
    """``state_from_dict`` refuses with :class:`StateError`, or gives a state that round-trips
    and plays on."""
    where = f"{game.id}: state_from_dict(a saved state with {what})"
    state, exc = attempt(lambda: game.state_from_dict(data), memory)
    if exc is not None:
        if isinstance(exc, StateError):
            return
        raise FuzzFailure(f"{where} raised {raised(exc)}", signature_of("state_from_dict", exc))
    assert state is not None
    text, exc = attempt(state.to_json)
    if exc is not None:
        raise FuzzFailure(
            f"{where} accepted it, then to_json raised {raised(exc)}", signature_of("to_json", exc)
        )
    again, exc = attempt(lambda: game.state_from_dict(json.loads(text)))
    if exc is not None or again != state:
        problem = raised(exc) if exc is not None else "a different state"
        raise FuzzFailure(
            f"{where} accepted it, but its own to_dict() reads back as {problem}",
            ("state_from_dict", "round-trip"),
        )
    play_on(state, f"{where} accepted it")
