"""Input hardening (issue 12): notation, data files and saved states refuse what they cannot
honour with one clear line, and change nothing (RT-2, RT-3, RT-26)."""

from __future__ import annotations

import json
import re
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from robotable.core.datafile import MAX_FILE_BYTES
from robotable.core.errors import DataFileError, IllegalAction, NotationError, RobotableError, StateError
from robotable.core.rng import Rng
from robotable.games.robotick.actions import Pass, Play, parse_action
from robotable.games.robotick.cards import DECK, PV_MAX, load_ai_cards, load_pv, name

from .conftest import GAME, new, random_moves

HUGE = "1" + "0" * 5000


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A\u00b2", "card A's strength is written with the digits 0-9, not '\u00b2'"),
        ("pass B\u00b2", "card B's strength is written with the digits 0-9, not '\u00b2'"),
        ("play C\u2075", "card C's strength is written with the digits 0-9"),
        ("A" + HUGE, "card A's strength is too large (5001 digits; at most 9)"),
        ("pass D" + HUGE, "card D's strength is too large"),
        ("B\uff13", "card B's strength is written with the digits 0-9, not '\uff13'"),  # full-width 3
        ("B\u0663", "card B's strength is written with the digits 0-9, not '\u0663'"),  # Arabic-Indic 3
        ("pass A\u06f5", "digits 0-9"),  # Extended Arabic-Indic 5
        ("A14", "card A's strength must be from 1 to 13, not 14"),
        ("A0", "card A's strength must be from 1 to 13, not 0"),
        ("A-3", "card A's strength cannot be negative"),
        ("A+3", "card A's strength is written without a sign"),
        ("A", "card A's strength is missing"),
        ("E5", "a card is a type A-D and a strength 1-13, like B9; not 'E5'"),
        ("\uff219", "a card is a type A-D"),  # full-width A
        ("A\x009", "digits 0-9"),
        ("pass", "pass which card?"),
        ("pass B9 C3", "pass one card at a time"),
        ("", "empty action"),
        ("B" * 5000, "(4999 characters)"),
    ],
)
def test_rt26_odd_numbers_are_notation_errors(text: str, message: str) -> None:
    """RT-26: every number is read by the shared reader; odd digits, huge numbers and wrong
    strengths are a NotationError of one short line, never a bare ValueError."""
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert type(caught.value) is NotationError
    assert message in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_rt26_every_card_reads_back_from_its_notation() -> None:
    """RT-26: the notation of every card, in both actions, reads back as the same action."""
    for c in range(DECK):
        assert parse_action(name(c)) == Play(c)
        assert parse_action(f"pass {name(c).lower()}") == Pass(c)
        assert parse_action(f"  give {name(c)} ") == Pass(c)


def test_rt26_hostile_text_at_the_prompt_changes_nothing() -> None:
    """RT-26: a refused line at the prompt leaves the state as it was."""
    state = new(seed=4)
    before = state.to_json()
    for text in ("pass B\u00b2", "A" + HUGE, "B\uff13", "pass", None):
        with pytest.raises(RobotableError):
            state.apply_text(0, text)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize("action", [Play(52), Play(-1), Pass(10**12), Play(True), Pass(3.0)])
def test_rt26_action_objects_out_of_range_are_refused(action: Any) -> None:
    """RT-26: an action built in code with a card that is no card is refused, nothing changes."""
    state = new(seed=4)
    before = state.to_json()
    with pytest.raises(RobotableError):
        state.apply(0, action)
    assert state.to_json() == before


@pytest.mark.parametrize("seat", [None, "0", 1.5, True, 3, 7, -1])
def test_rt26_no_seat_but_the_three_players_acts(seat: Any) -> None:
    """RT-26: Droco (3), the referee (-1, Robotick has no timers) and anything that is no seat
    number are refused before any rule runs; nothing changes."""
    state = new(seed=4)
    before = state.to_json()
    action = state.legal_actions(0)[0]
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.to_json() == before


# --------------------------------------------------------------------------- data files

SHIPPED = {
    "cards.txt": load_pv,
    "cards_fifteen.txt": load_pv,
    "ai_cards.txt": load_ai_cards,
}


def shipped(name: str) -> list[str]:
    text = resources.files("robotable.games.robotick").joinpath("data", name).read_text("utf-8")
    return text.splitlines()


def mutants(name: str) -> list[tuple[str, list[str]]]:
    """Damaged copies of a shipped file: each line deleted, each number or word replaced by text,
    ``²``, a 5,000-digit number, a negative number; a value dropped or added; an unknown term."""
    lines = shipped(name)
    out: list[tuple[str, list[str]]] = []
    for index, line in enumerate(lines):
        if not line.strip() or line.startswith("#"):
            continue
        out.append((f"line {index + 1} deleted", lines[:index] + lines[index + 1 :]))
        words = re.findall(r"[^\s|]+", line)
        for word in dict.fromkeys(words):
            for bad in ("twelve", "\u00b2", HUGE, "-3", "E", "Strong", "\u0663"):
                damaged = list(lines)
                damaged[index] = re.sub(rf"(?<![^\s|]){re.escape(word)}(?![^\s|])", bad, line, count=1)
                out.append((f"line {index + 1}: {word!r} -> {bad[:8]!r}", damaged))
        before, after = lines[:index], lines[index + 1 :]
        out.append((f"line {index + 1}: a value dropped", [*before, line.rsplit(None, 1)[0], *after]))
        out.append((f"line {index + 1}: a value added", [*before, line + " 7", *after]))
        out.append((f"line {index + 1}: a column added", [*before, line + " | Max", *after]))
    return out


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_rt2_rt3_damaged_copies_of_each_file_fail_only_with_data_file_errors(
    tmp_path: Path, name: str
) -> None:
    """RT-2, RT-3: every damaged copy of each shipped file either loads or is refused with a
    DataFileError naming the file and a line (or the missing part); a file that loads starts a game."""
    loader = SHIPPED[name]
    refused = 0
    for number, (what, lines) in enumerate(mutants(name)):
        path = tmp_path / f"{number}-{name}"
        path.write_text("\n".join(lines) + "\n", "utf-8")
        try:
            loader(str(path))
        except DataFileError as exc:
            refused += 1
            assert exc.file == str(path), what
            assert re.match(r"line \d+|types|cards", exc.field), (what, exc.field)
            assert "\n" not in str(exc) and len(exc.reason) < 160, (what, exc.reason)
            continue
        option = "ai_cards_file" if loader is load_ai_cards else "cards_file"
        try:
            state = new(seed=number, **{option: str(path)})
        except RobotableError as exc:  # fewer AI cards than rounds: refused by the options
            assert "AI card" in str(exc), what
            continue
        random_moves(state, Rng(number), lambda s: len(s.history) >= 2)
    assert refused > 0


def test_rt23_negative_pv_is_refused_with_its_reason(tmp_path: Path) -> None:
    """RT-23: nothing in the rules makes a PV negative, and a negative PV would turn a face-down
    capture into a gain; a table giving one is refused at load, naming the card."""
    rows = [line for line in shipped("cards.txt") if line and not line.startswith("#")]
    rows[1] = rows[1].replace(" 5 ", " -5 ", 1)
    path = tmp_path / "pv.txt"
    path.write_text("\n".join(rows) + "\n")
    with pytest.raises(DataFileError) as caught:
        load_pv(str(path))
    assert caught.value.field == "line 2, card B5"
    assert "negative" in caught.value.reason and "RT-23" in caught.value.reason


@pytest.mark.parametrize(("value", "accepted"), [("0", True), (str(PV_MAX), True), (str(PV_MAX + 1), False)])
def test_rt2_pv_bounds(tmp_path: Path, value: str, accepted: bool) -> None:
    """RT-2: a PV is a whole number 0..99 (printed cards go up to 15)."""
    path = tmp_path / f"pv{value}.txt"
    row = " ".join([value] + [str(s) for s in range(2, 14)])
    path.write_text("".join(f"{t} {row}\n" for t in "ABCD"))
    if accepted:
        assert load_pv(str(path))[0] == int(value)
    else:
        with pytest.raises(DataFileError, match=f"from 0 to {PV_MAX}"):
            load_pv(str(path))


@pytest.mark.parametrize("loader", [load_pv, load_ai_cards])
def test_rt2_rt3_files_that_are_no_table_are_refused_before_reading(tmp_path: Path, loader: Any) -> None:
    """RT-2, RT-3: a device that never ends, a folder or a file of megabytes is refused at once."""
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    for path, reason in (("/dev/zero", "not a regular file"), (str(tmp_path), "not a regular file"),
                         (str(big), "too large")):  # fmt: skip
        started = time.monotonic()
        with pytest.raises(DataFileError, match=reason) as caught:
            loader(path)
        assert caught.value.file == path and time.monotonic() - started < 1


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("x" * 13 + " | Faible | Faible Max | Forte Min\n", "line 1, id", "at most 12"),
        ("\u00e9t\u00e9 | Faible | Faible Max | Forte Min\n", "line 1, id", "ASCII"),
        (
            "01 | Faible | Faible Max | Forte " + "M" * 5000 + "\n",
            "line 1, column Ouvre",
            "unknown criterion",
        ),
        (
            "".join(f"{n} | Faible | Faible Max | Forte Min\n" for n in range(101)),
            "line 101",
            "at most 100 cards",
        ),
    ],
)
def test_rt3_ai_ids_and_deck_size_are_bounded(tmp_path: Path, text: str, field: str, reason: str) -> None:
    """RT-3: an AI card id is shown on every screen, so it is one short ASCII word; a deck is bounded."""
    path = tmp_path / "ai.txt"
    path.write_text(text)
    with pytest.raises(DataFileError) as caught:
        load_ai_cards(str(path))
    assert caught.value.field == field and reason in caught.value.reason
    assert len(str(caught.value)) < 200


# --------------------------------------------------------------------------- saved states


def positions() -> list[Any]:
    """Saved states along a seeded game: passing, mid-trick, between rounds, over."""
    state = new(seed=5)
    saved = [state.to_dict()]
    rng = Rng(5)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        saved.append(state.to_dict())
    return [*saved[::9], saved[-1]]


def test_saved_states_of_a_whole_game_load_back() -> None:
    """Every position of a played game loads back equal through JSON."""
    for data in positions():
        loaded = GAME.state_from_dict(json.loads(json.dumps(data)))
        assert loaded.to_dict() == data


def test_an_empty_saved_state_is_a_state_error() -> None:
    with pytest.raises(StateError, match="missing field 'options'"):
        GAME.state_from_dict({})


def midround() -> dict[str, Any]:
    """A position of round 2 with tricks won and a trick under way."""
    state = new(seed=5)
    random_moves(state, Rng(5), lambda s: s.round == 1 and len(s.history) >= 3 and bool(s.trick))
    return state.to_dict()


def damaged(change: Any) -> dict[str, Any]:
    data = midround()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.update(rng=10**30), "rng"),
        (lambda d: d.update(rng=-1), "rng"),
        (lambda d: d.update(round=10**9), "round"),
        (lambda d: d.update(round=-1), "round"),
        (lambda d: d.update(phase="bidding"), "phase"),
        (lambda d: d["options"].update(hangars=10**9), "hangars"),
        (lambda d: d["options"].update(cards_file="/dev/zero"), "regular file"),
        (lambda d: d.update(ai_order=[-1] * 10), "ai_order"),
        (lambda d: d.update(ai_order=list(range(10**6))), "ai_order"),
        (lambda d: d["hands"].__setitem__(0, list(range(10**6))), "hands"),
        (lambda d: d["hands"][0].__setitem__(0, 52), "hands"),
        (lambda d: d["hands"][0].__setitem__(0, 1.0), "hands"),
        (lambda d: d["hands"][0].__setitem__(0, True), "hands"),
        (lambda d: d.update(history=[{}] * 10**5), "history"),
        (lambda d: d.update(scores=[[10**12, 0, 0]]), "scores"),
        (lambda d: d.update(trump=d["hands"][3][0]), "52 cards"),
        (lambda d: d["hands"][0].pop(), "52 cards"),
        (lambda d: d["up"][0].append(d["hands"][0][0]), "captures"),
        (lambda d: d["history"][0].update(winner=(d["history"][0]["winner"] + 1) % 4), "winner"),
        (lambda d: d.update(leader=(d["leader"] + 1) % 4), "leader"),
    ],
)
def test_hostile_saved_states_are_refused_quickly(change: Any, reason: str) -> None:
    """A saved state from outside is checked field by field and as a position: a hostile number
    or list cannot make the engine allocate or loop, and an impossible position is refused."""
    data = damaged(change)
    started = time.monotonic()
    with pytest.raises(StateError) as caught:
        GAME.state_from_dict(data)
    assert reason in str(caught.value)
    assert time.monotonic() - started < 2


def test_every_leaf_of_a_saved_state_damaged_gives_a_state_error_or_a_state() -> None:
    """Each number of a saved state replaced by a hostile value: StateError, or a state that
    saves back exactly as given; never another exception."""
    data = midround()
    leaves: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        keys = node.keys() if isinstance(node, dict) else range(len(node))
        for key in keys:
            if isinstance(node[key], dict | list):
                walk(node[key])
            else:
                leaves.append((node, key))

    walk(data)
    assert len(leaves) > 60
    for node, key in leaves:
        original = node[key]
        for bad in (None, -1, 52, 10**12, "x", 1.5, True, [], {}):
            node[key] = bad
            try:
                loaded = GAME.state_from_dict(data)
            except StateError:
                pass
            else:
                assert loaded.to_dict() == data
        node[key] = original
