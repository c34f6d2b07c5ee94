"""The fuzz layer for data files: a broken board, deck or table is refused at load (issue 12).

Each game's data files are read by a loader, and a user passes their own with an option
(``-O board_file=my_board.txt``). Here every shipped file is copied, damaged (a line or
field deleted, a number replaced by text, by ``²``, by a 5,000-digit number, a wrong JSON
type, the file truncated, emptied or filled with binary junk) and handed to:

- the loader itself: only :class:`DataFileError` may come out, naming the file and a
  line or field;
- a new game with the option (how users meet it): :class:`DataFileError` naming the file,
  or :class:`InvalidOptions` when the loader accepted the file but the game cannot use it
  (cross-checks between tables). A file the game accepts must then play: a short seeded
  random game runs without error (a count of 999999999999 accepted at load must not
  become a ``MemoryError`` later).

Loaders cache by path and modification time, so every mutant gets a path of its own.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from robotable import games
from robotable.core.errors import DataFileError, InvalidOptions

from .fuzz import JUNK, FuzzFailure, at, attempt, examples, nudged, paths, raised, report, shown, signature_of
from .harness import random_playout

DROIDS_SEATS = {1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1}
"""The smallest player count of each Droids scenario (scenario 7 is solo)."""
DROIDS_SCENARIOS = tuple(({"scenario": n}, seats) for n, seats in DROIDS_SEATS.items())


@dataclass(frozen=True)
class DataFile:
    """A shipped data file, the option that replaces it, and the function that loads it."""

    game: str
    option: str
    default: str
    """The file's name under ``src/robotable/games/<game>/data/``."""
    loader: str
    """``module:function``, called with the file's path."""
    setups: tuple[tuple[Mapping[str, Any], int], ...] = (({}, 2),)
    """Games started with the file (options, seats), so every part of it is used."""

    @property
    def id(self) -> str:
        return f"{self.game}-{self.option}-{self.default}"

    def content(self) -> bytes:
        return shipped(self.game, self.default)

    def load(self, path: Path) -> object:
        module, name = self.loader.split(":")
        loader: Callable[[str], object] = getattr(importlib.import_module(module), name)
        return loader(str(path))


@functools.cache
def shipped(game_id: str, name: str) -> bytes:
    """The shipped file's bytes, read once: every mutant of a run starts from the same text."""
    return resources.files(f"robotable.games.{game_id}").joinpath("data", name).read_bytes()


DATA_FILES = (
    DataFile(
        "ricochet",
        "faces_file",
        "faces.txt",
        "robotable.games.ricochet.board:load_faces",
        (({}, 2), ({"face_set": "1999+C"}, 3)),
    ),
    DataFile(
        "dr2d",
        "board_file",
        "board_default.txt",
        "robotable.games.dr2d.board:load_board",
        (({}, 2), ({"start_placement": "assigned"}, 8), ({"start_placement": "free"}, 3)),
    ),
    DataFile(
        "droids",
        "board_file",
        "droids_board_default.json",
        "robotable.games.droids.board:load_board",
        (*DROIDS_SCENARIOS, ({"scenario": 1}, 4)),
    ),
    DataFile(
        "droids",
        "killer_file",
        "droids_killer_sheets.json",
        "robotable.games.droids.board:load_killer_sheets",
        (
            ({"scenario": 7}, 1),
            ({"scenario": 7, "killer_sheet": "B", "killer_level": 6}, 1),
            ({"scenario": 7, "killer_sheet_mode": "sequence"}, 1),
        ),
    ),
    DataFile(
        "droids",
        "scenarios_file",
        "droids_scenarios.json",
        "robotable.games.droids.board:load_scenarios",
        DROIDS_SCENARIOS,
    ),
    DataFile(
        "delivery",
        "board_file",
        "board_default.txt",
        "robotable.games.delivery.board:load_board",
        (({}, 2), ({}, 4)),
    ),
    DataFile(
        "delivery",
        "decks_file",
        "decks_default.txt",
        "robotable.games.delivery.board:load_decks",
        (({}, 2), ({"function_boards": "per_player_ad"}, 4)),
    ),
    DataFile("robotick", "cards_file", "cards.txt", "robotable.games.robotick.cards:load_pv", (({}, 3),)),
    DataFile(
        "robotick", "cards_file", "cards_fifteen.txt", "robotable.games.robotick.cards:load_pv", (({}, 3),)
    ),
    DataFile(
        "robotick",
        "ai_cards_file",
        "ai_cards.txt",
        "robotable.games.robotick.cards:load_ai_cards",
        (({}, 3), ({"fixed_ai_card": True}, 3)),
    ),
)

PLAY_STEPS = 80
"""Actions of the short game played with an accepted file."""


def test_every_game_has_its_data_files_fuzzed() -> None:
    """A game's shipped data file that is not in DATA_FILES escapes the fuzz layer."""
    fuzzed = {(data.game, data.default) for data in DATA_FILES}
    for game_id in games.ids():
        folder = resources.files(f"robotable.games.{game_id}").joinpath("data")
        shipped = {entry.name for entry in folder.iterdir()} if folder.is_dir() else set()
        shipped = {name for name in shipped if not name.startswith("tutorial")}  # test_tutorial_fuzz.py
        shipped.discard("presets.json")  # no option replaces it: tests/core/test_presets.py damages it
        # no option loads the puzzles: each game's puzzle tests damage them (delivery/puzzles/
        # test_hostile.py, dr2d/test_puzzles.py, ricochet/test_puzzle_file.py)
        shipped.discard("puzzles")
        missing = sorted(name for name in shipped if (game_id, name) not in fuzzed)
        assert not missing, f"{game_id}: data file(s) {missing} are not in DATA_FILES of {__name__}"


# --------------------------------------------------------------------------- mutants

HOSTILE_NUMBERS = (
    "x",
    "²",
    "⁵",
    "３",
    "٣",
    "߃",
    "9" * 5000,
    "-" + "9" * 5000,
    "999999999999",
    "999999999",
    "1000000",
    "-1",
    "-5",
    "0",
    "1.5",
    "1e9",
    "+1",
    "−1",
    "",
)
JUNK_WORDS = (
    "ZZ",
    "###",
    "ﬀ",
    "ſ",
    "\x00",
    "\ufeff",
    "[map]",
    "[legend]",
    "face 1A",
    "|",
    "{",
    "}",
    '"',
    "null",
)
HUGE_MARK = "__huge_number__"
"""Replaced in the JSON text by a 5,000-digit number (which ``json.dumps`` cannot write)."""


@dataclass(frozen=True)
class Mutant:
    """A damaged copy of a data file and what was done to it (shown by Hypothesis)."""

    content: bytes = field(repr=False)
    what: str

    def __repr__(self) -> str:
        return f"<{self.what}>"


@st.composite
def mutants(draw: st.DrawFn, data_file: DataFile) -> Mutant:
    """One damage to the file: to its lines and numbers, or (JSON) to one of its values."""
    original = data_file.content()
    text = original.decode("utf-8")
    kinds = ["line", "number", "word", "truncate", "binary", "empty"]
    if data_file.default.endswith(".json"):
        kinds += ["json"] * 4
    kind = draw(st.sampled_from(kinds), label="damage")
    if kind == "empty":
        return Mutant(b"", "the file emptied")
    if kind == "truncate":
        cut = draw(st.integers(0, len(original) - 1), label="cut at byte")
        return Mutant(original[:cut], f"the file cut after {cut} bytes")
    if kind == "binary":
        junk = draw(st.binary(min_size=1, max_size=64), label="junk bytes")
        at = draw(st.integers(0, len(original)), label="at byte")
        return Mutant(original[:at] + junk + original[at:], f"bytes {junk!r} inserted at byte {at}")
    if kind == "json":
        return draw(json_mutants(text))
    if kind == "line":
        return draw(line_mutants(text))
    pattern = r"[0-9]+" if kind == "number" else r"[^\s,\[\]{}\":|]+"
    spots = [m.span() for m in re.finditer(pattern, text)]
    if not spots:
        return Mutant(original, "unchanged (no such token)")
    start, end = draw(st.sampled_from(spots), label=f"{kind} at")
    tokens = sorted({text[a:b] for a, b in spots})  # another token of the file: a cross-check's trap
    new = draw(
        st.sampled_from(
            (HOSTILE_NUMBERS if kind == "number" else HOSTILE_NUMBERS + JUNK_WORDS) + tuple(tokens)
        )
    )
    line = text.count("\n", 0, start) + 1
    return Mutant(
        (text[:start] + new + text[end:]).encode("utf-8"),
        f"line {line}: {text[start:end]!r} replaced by {shown(new, 40)}",
    )


@st.composite
def line_mutants(draw: st.DrawFn, text: str) -> Mutant:
    """A line deleted, written twice, swapped with another, or junk inserted before it."""
    lines = text.splitlines(keepends=True)
    meaningful = [i for i, line in enumerate(lines) if line.strip() and line.lstrip()[0] not in "#;"]
    index = draw(st.sampled_from(meaningful or [0]), label="line index")
    how = draw(st.sampled_from(["delete", "duplicate", "insert", "swap"]), label="line damage")
    changed = list(lines)
    if how == "delete":
        del changed[index]
        what = f"line {index + 1} deleted ({lines[index].strip()!r:.60})"
    elif how == "duplicate":
        changed.insert(index, lines[index])
        what = f"line {index + 1} written twice"
    elif how == "insert":
        junk = draw(st.sampled_from(HOSTILE_NUMBERS + JUNK_WORDS) | st.text(max_size=30), label="junk line")
        changed.insert(index, junk + "\n")
        what = f"line {shown(junk, 40)} inserted before line {index + 1}"
    else:
        other = draw(st.sampled_from(meaningful or [0]), label="swapped with")
        changed[index], changed[other] = changed[other], changed[index]
        what = f"lines {index + 1} and {other + 1} swapped"
    return Mutant("".join(changed).encode("utf-8"), what)


@st.composite
def json_mutants(draw: st.DrawFn, text: str) -> Mutant:
    """A JSON field deleted, replaced by junk or a 5,000-digit number, nudged, or given another
    field's value."""
    data = json.loads(text)
    path = draw(st.sampled_from([p for p in paths(data) if p]), label="field")
    how = draw(st.sampled_from(["delete", "replace", "nudge", "huge", "transplant"]), label="field damage")
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    old = parent[path[-1]]
    where = "".join(f"[{step!r}]" for step in path)
    if how == "delete":
        del parent[path[-1]]
        what = f"{where} deleted"
    elif how == "huge":
        parent[path[-1]] = HUGE_MARK
        what = f"{where} = a 5,000-digit number"
    elif how == "transplant":  # a value from elsewhere in the file: cross-checks between fields
        donor = draw(st.sampled_from(paths(data)), label="value of field")
        new = json.loads(json.dumps(at(json.loads(text), donor)))
        parent[path[-1]] = new
        what = f"{where} = {shown(new, 60)}, the value of {''.join(f'[{step!r}]' for step in donor)}"
    else:
        new = (
            nudged(old, ["", "x", "S", "YRBG", "max F", "shoot"])
            if how == "nudge"
            else draw(st.sampled_from(JUNK), label="junk")
        )
        parent[path[-1]] = new
        what = f"{where} = {shown(new, 60)} (was {shown(old, 40)})"
    written = json.dumps(data, ensure_ascii=False, indent=1).replace(f'"{HUGE_MARK}"', "9" * 5000)
    return Mutant(written.encode("utf-8"), what)


# --------------------------------------------------------------------------- probe

_numbers = itertools.count()


def write_mutant(folder: Path, data_file: DataFile, mutant: Mutant) -> Path:
    """A fresh path for every mutant: the loaders cache by path and modification time."""
    path = folder / f"{next(_numbers)}-{data_file.default}"
    path.write_bytes(mutant.content)
    return path


def names_file_and_field(exc: BaseException, path: Path) -> bool:
    return (
        isinstance(exc, DataFileError)
        and str(path) in str(exc)
        and bool(exc.field.strip())
        and exc.field.strip() != "file"
    )


def probe_file(data_file: DataFile, path: Path, what: str, setup: int, seed: int) -> None:
    """The loader and a new game refuse the file naming it and a line or field, or accept it
    and then play."""
    where = f"{data_file.game} {data_file.option}={path.name} ({what})"
    _, load_exc = attempt(lambda: data_file.load(path))
    if load_exc is not None and not names_file_and_field(load_exc, path):
        raise FuzzFailure(
            f"{where}: the loader {data_file.loader} raised {raised(load_exc)}; "
            "expected a DataFileError naming the file and a line or field",
            signature_of(f"load {data_file.default}", load_exc),
        )
    # a refused file is tried in the drawn game; an accepted one in every game that uses it
    setups = data_file.setups if load_exc is None else data_file.setups[setup % len(data_file.setups) :][:1]
    for options, seats in setups:
        probe_game(data_file, path, where, {**options, data_file.option: str(path)}, seats, seed, load_exc)


def probe_game(
    data_file: DataFile,
    path: Path,
    where: str,
    options: Mapping[str, Any],
    seats: int,
    seed: int,
    load_exc: Exception | None,
) -> None:
    """A game started with the file refuses it like its loader did, or starts and plays."""
    game = games.get(data_file.game)
    where = f"{where}, new_state({shown(options)}, seats={seats})"
    _, new_exc = attempt(lambda: game.new_state(options, seed=seed, seats=seats))
    if new_exc is not None:
        expected = names_file_and_field(new_exc, path) or (
            load_exc is None and isinstance(new_exc, InvalidOptions)
        )
        if not expected:
            raise FuzzFailure(
                f"{where} raised {raised(new_exc)}; expected a DataFileError naming the file and a line "
                "or field" + ("" if load_exc else " (or InvalidOptions)"),
                signature_of(f"new_state {data_file.default}", new_exc),
            )
        return
    if load_exc is not None:
        raise FuzzFailure(
            f"{where}: the game started with a file its loader refuses ({load_exc})",
            (f"new_state {data_file.default}", "accepts-refused-file"),
        )
    _, play_exc = attempt(lambda: random_playout(game, options, seats, seed, PLAY_STEPS))
    if play_exc is not None:
        raise FuzzFailure(
            f"{where} was accepted, then a seeded random game (seed {seed}) raised {raised(play_exc)}",
            signature_of(f"play {data_file.default}", play_exc),
        )


# --------------------------------------------------------------------------- tests


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mutants")


@pytest.mark.parametrize("data_file", DATA_FILES, ids=[d.id for d in DATA_FILES])
def test_shipped_file_loads_and_plays(data_file: DataFile, folder: Path) -> None:
    """An unchanged copy loads, starts every game of the setups and plays: the probes judge the
    damage, not the setup."""
    path = write_mutant(folder, data_file, Mutant(data_file.content(), "unchanged"))
    data_file.load(path)
    game = games.get(data_file.game)
    for options, seats in data_file.setups:
        random_playout(game, {**options, data_file.option: str(path)}, seats, 0, PLAY_STEPS)


NO_FILES = ("/dev/zero", "/", "/nonexistent/robotable-fuzz.txt", "board\x00.txt")
"""A path where a data file belongs that is endless, a folder, nothing, or no path (a NUL byte)."""


@pytest.mark.parametrize("path", NO_FILES)
@pytest.mark.parametrize("data_file", DATA_FILES, ids=[d.id for d in DATA_FILES])
def test_game_refuses_a_data_file_option_that_is_no_file(data_file: DataFile, path: str) -> None:
    """``-O board_file=/dev/zero``: refused naming the path, not read until memory runs out."""
    options, seats = data_file.setups[0]
    options = {**options, data_file.option: path}
    game = games.get(data_file.game)
    _, exc = attempt(lambda: game.new_state(options, seed=0, seats=seats), memory=256 << 20)
    # refused by the loader (DataFileError) or before, by the option's check (InvalidOptions)
    refused = isinstance(exc, DataFileError | InvalidOptions)
    named = refused and (path in str(exc) or repr(path) in str(exc))  # a NUL byte is shown as repr
    if not named:
        got = "it was accepted" if exc is None else raised(exc)
        pytest.fail(
            f"{data_file.game} new_state({shown(options)}, seats={seats}): {got}; "
            "expected a DataFileError (or InvalidOptions) naming the path",
            pytrace=False,
        )


BASIC = (
    Mutant(b"", "the file emptied"),
    Mutant(b"\xff\xfe\x00\x00junk\x80", "binary junk"),
    Mutant(b"\n\n\n", "blank lines only"),
    Mutant("²".encode(), "a lone ²"),
    Mutant(("9" * 5000).encode(), "a lone 5,000-digit number"),
)


@pytest.mark.parametrize("mutant", BASIC, ids=[m.what for m in BASIC])
@pytest.mark.parametrize("data_file", DATA_FILES, ids=[d.id for d in DATA_FILES])
def test_loader_refuses_a_file_that_is_no_data_file(
    data_file: DataFile, mutant: Mutant, folder: Path
) -> None:
    probe_file(data_file, write_mutant(folder, data_file, mutant), mutant.what, setup=0, seed=0)


@pytest.mark.parametrize("data_file", DATA_FILES, ids=[d.id for d in DATA_FILES])
def test_loader_refuses_the_first_number_written_oddly(data_file: DataFile, folder: Path) -> None:
    """The first number of the file (outside comments; in ``face 1A`` the ``1``) written as ``²``,
    ``３``, with 5,000 digits or past any count: refused, naming the file and line."""
    text = data_file.content().decode("utf-8")
    uncommented = "".join(
        " " * len(line) if line.lstrip().startswith(("#", ";")) else line
        for line in text.splitlines(keepends=True)
    )
    found = re.search(r"(?<![\w-])[0-9]+(?![\w-])", uncommented) or re.search(r"[0-9]+", uncommented)
    assert found is not None, f"{data_file.default} holds no digit: pick another damage for it"
    line = text.count("\n", 0, found.start()) + 1
    for new in ("²", "３", "9" * 5000, "999999999999"):
        content = (text[: found.start()] + new + text[found.end() :]).encode("utf-8")
        what = f"line {line}: the number {found.group()!r} replaced by {shown(new, 30)}"
        probe_file(data_file, write_mutant(folder, data_file, Mutant(content, what)), what, setup=0, seed=0)


def exhaustive_mutants(data_file: DataFile) -> list[Mutant]:
    """Each meaningful line deleted and, in JSON, each field deleted and each nudged (a flag
    flipped, a number or cell changed): cross-checks between tables are met on every run."""
    text = data_file.content().decode("utf-8")
    lines = text.splitlines(keepends=True)
    found = [
        Mutant(
            "".join(lines[:i] + lines[i + 1 :]).encode("utf-8"),
            f"line {i + 1} deleted ({line.strip()!r:.50})",
        )
        for i, line in enumerate(lines)
        if line.strip() and line.lstrip()[0] not in "#;"
    ]
    if data_file.default.endswith(".json"):
        data = json.loads(text)
        for path in paths(data)[1:]:
            where = "".join(f"[{step!r}]" for step in path)
            for how in ("delete", "nudge"):
                copy = json.loads(text)
                parent = at(copy, path[:-1])
                if how == "delete":
                    del parent[path[-1]]
                else:
                    parent[path[-1]] = nudged(parent[path[-1]], ["", "S", "YRBG", "max F", "shoot"])
                what = f"{where} deleted" if how == "delete" else f"{where} = {shown(at(copy, path), 50)}"
                found.append(Mutant(json.dumps(copy, ensure_ascii=False).encode("utf-8"), what))
    return found


@pytest.mark.parametrize("data_file", DATA_FILES, ids=[d.id for d in DATA_FILES])
def test_loader_refuses_or_plays_each_line_deleted_and_each_field_changed(
    data_file: DataFile, folder: Path
) -> None:
    failures: dict[tuple[str, ...], str] = {}
    for mutant in exhaustive_mutants(data_file):
        try:
            probe_file(data_file, write_mutant(folder, data_file, mutant), mutant.what, setup=0, seed=0)
        except FuzzFailure as failure:
            failures.setdefault(failure.signature, str(failure))
    report(failures)


@pytest.mark.parametrize("data_file", DATA_FILES, ids=[d.id for d in DATA_FILES])
@settings(max_examples=examples(1))
@given(data=st.data())
def test_loader_refuses_damaged_files_naming_file_and_line(
    data_file: DataFile, folder: Path, data: st.DataObject
) -> None:
    mutant = data.draw(mutants(data_file), label="mutant")
    setup = data.draw(st.integers(0, len(data_file.setups) - 1), label="setup")
    seed = data.draw(st.integers(0, 3), label="seed")
    probe_file(data_file, write_mutant(folder, data_file, mutant), mutant.what, setup, seed)
