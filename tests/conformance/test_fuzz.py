"""The fuzz layer: nothing a player types or a program sends can crash a game (issue 12).

For every registered game, Hypothesis feeds hostile input to each entry point at states
of seeded games (see ``fuzz.py``):

- ``parse_action``: arbitrary text, odd digits (``²``, ``３``, ``٣``), huge numbers,
  controls, very long lines, real notation mixed with all of these. Only
  :class:`NotationError` may come out; what is read round-trips and is plain ASCII.
- ``check``/``apply``: any seat (``None``, ``"0"``, ``1.5``, ``True``, ``10**30``) times any
  action (the game's own classes holding floats, bools, huge or negative numbers, text,
  tuples; other games' actions; objects that are no action). Only :class:`IllegalAction`
  (or :class:`NotationError`) may come out, a refusal changes nothing, and the game plays on.
- ``state_from_dict``: saved states with a field deleted, of the wrong type, nudged, or
  with junk added. Only :class:`StateError`, or a state that round-trips and plays on.

Beside the Hypothesis tests, systematic passes run the brief's whole lists on every run:
every digit of every notation in another script, every hostile seat and field value, saved
states with fields deleted or nudged, data-file options naming ``/dev/zero``. They report
every kind of failure at once.

The number of examples follows the Hypothesis profile (``tests/conftest.py``):
``--hypothesis-profile long`` runs fifty times more, drawn afresh.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from robotable import games

from .fuzz import (
    DAMAGES,
    GAME_IDS,
    HOSTILE_SEATS,
    JUNK,
    FuzzFailure,
    Runaway,
    at,
    damage,
    examples,
    guarded,
    hostile_actions,
    hostile_builds,
    hostile_seats,
    hostile_text,
    notations,
    number_variants,
    odd_digit_variants,
    paths,
    probe_apply,
    probe_parse,
    probe_state,
    report,
    samples,
    state_strings,
)


@pytest.fixture(scope="module", params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    """Each registered game, its sampled states built once (the first test pays)."""
    samples(request.param)
    return request.param


# --------------------------------------------------------------------------- parse_action


@settings(max_examples=examples(3))
@given(data=st.data())
def test_parse_action_refuses_hostile_text_with_a_notation_error(game_id: str, data: st.DataObject) -> None:
    text = data.draw(hostile_text(game_id), label="text")
    probe_parse(games.get(game_id), text)


def test_parse_action_refuses_every_odd_digit_and_huge_number_in_real_notation(game_id: str) -> None:
    """Every digit of every notation seen in play written as ``²``, ``３``, ``٣``, ``߃``...:
    refused, never read as the ASCII digit (``bid ３`` bid 3); and every number made huge
    (5,000 digits), signed or a float: refused, or read as exactly that number
    (``obstacle -2 4`` placed an obstacle on (2, 4))."""
    game = games.get(game_id)
    failures: dict[tuple[str, ...], str] = {}
    for notation in notations(game_id):
        for text in [*odd_digit_variants(notation), *number_variants(notation)]:
            try:
                probe_parse(game, text)
            except FuzzFailure as failure:
                failures.setdefault(failure.signature, str(failure))
    report(failures)


@pytest.mark.parametrize(
    "text", ["", " ", "\x00", "\n", "²", "-" + "9" * 5000, "9" * 5000, "x" * 100_000, "\u202e", "\ufeff"]
)
def test_parse_action_refuses_bare_hostile_text(game_id: str, text: str) -> None:
    probe_parse(games.get(game_id), text)


# --------------------------------------------------------------------------- check / apply


@settings(max_examples=examples(3))
@given(data=st.data())
def test_apply_refuses_hostile_seats_and_actions_and_changes_nothing(
    game_id: str, data: st.DataObject
) -> None:
    sample = data.draw(st.sampled_from(samples(game_id)), label="state")
    seat = data.draw(hostile_seats(sample), label="seat")
    action = data.draw(hostile_actions(sample), label="action")
    probe_apply(sample, seat, action)


def test_apply_refuses_every_hostile_seat_and_field_value(game_id: str) -> None:
    """Each hostile seat with legal actions, and each action class with each hostile value in
    each field for a seat that acts, at one state per set of seats to act."""
    failures: dict[tuple[str, ...], str] = {}
    firsts = {tuple(sorted({seat for seat, _ in s.moves})): s for s in reversed(samples(game_id))}
    for sample in firsts.values():
        acting = sorted({seat for seat, _ in sample.moves}) or [0]
        tries = [(seat, action) for seat in HOSTILE_SEATS for _, action in sample.moves[:3]]
        tries += [(acting[0], action) for action in hostile_builds(game_id)]
        for seat, action in tries:
            try:
                probe_apply(sample, seat, action)
            except FuzzFailure as failure:
                failures.setdefault(failure.signature, str(failure))
    report(failures)


# --------------------------------------------------------------------------- saved states


@settings(max_examples=examples(2))
@given(data=st.data())
def test_state_from_dict_refuses_damaged_states_with_a_state_error(game_id: str, data: st.DataObject) -> None:
    sample = data.draw(st.sampled_from(samples(game_id)), label="state")
    saved = json.loads(sample.data)
    places = paths(saved)
    path = data.draw(st.sampled_from(places), label="path")
    how = data.draw(st.sampled_from(DAMAGES), label="damage")
    if data.draw(st.booleans(), label="junk from elsewhere in the state"):  # two robots on one cell
        junk = at(saved, data.draw(st.sampled_from(places), label="junk: the value at"))
    else:
        junk = data.draw(st.sampled_from(JUNK), label="junk")
    damaged, what = damage(saved, path, how, junk, state_strings(game_id))
    probe_state(games.get(game_id), damaged, what)


STATE_DAMAGES_PER_GAME = 2000
"""The systematic pass below spreads this many damages evenly over the places of all samples."""


def test_state_from_dict_refuses_each_field_deleted_or_nudged(game_id: str) -> None:
    """Fields (long lists: first, second, last item) deleted, and nudged to a value of their own
    type (a seat one off, a flag flipped, another phase), spread evenly over the sampled states:
    refused with a StateError, or a state that round-trips and plays on."""
    places = [(sample, path) for sample in samples(game_id) for path in paths(json.loads(sample.data))]
    step = max(1, 2 * len(places) // STATE_DAMAGES_PER_GAME)
    failures: dict[tuple[str, ...], str] = {}
    for sample, path in places[::step]:
        saved = json.loads(sample.data)
        for how in ("delete", "nudge"):
            damaged, what = damage(saved, path, how, None, state_strings(game_id))
            try:
                probe_state(games.get(game_id), damaged, f"{what}, at {sample.label}")
            except FuzzFailure as failure:
                failures.setdefault(failure.signature, str(failure))
    report(failures)


@pytest.mark.parametrize("data", [{}, [], None, "state", 0, {"phase": "over"}], ids=repr)
def test_state_from_dict_refuses_what_is_no_saved_state(game_id: str, data: object) -> None:
    probe_state(games.get(game_id), data, f"nothing but {data!r}")


NO_FILES = ("/dev/zero", "/", "/nonexistent/robotable-fuzz.txt", "board\x00.txt")
"""Paths a forged saved state may name where a data file belongs: endless, a folder, nothing, no path."""


def test_state_from_dict_refuses_a_data_file_option_that_is_no_file(game_id: str) -> None:
    """A saved state from the wire names its data files by path: ``/dev/zero`` must be refused
    (StateError), not read until memory runs out."""
    saved = json.loads(samples(game_id)[0].data)
    failures: dict[tuple[str, ...], str] = {}
    for option in [name for name in saved.get("options", {}) if name.endswith("_file")]:
        for path in NO_FILES:
            forged = json.loads(json.dumps(saved))
            forged["options"][option] = path
            try:
                probe_state(games.get(game_id), forged, f"options.{option} = {path!r}", memory=256 << 20)
            except FuzzFailure as failure:
                failures.setdefault(failure.signature, str(failure))
    report(failures)


# --------------------------------------------------------------------------- the fuzz layer's own guard


def test_guard_turns_a_runaway_loop_and_a_huge_allocation_into_failures() -> None:
    """A game looping over a 5,000-digit count, or allocating for it, fails its test instead of
    hanging or exhausting the shared CI machine."""
    with pytest.raises(Runaway), guarded(seconds=0.2):
        while True:
            pass
    with pytest.raises(MemoryError), guarded(memory=64 << 20):
        bytearray(256 << 20)
    bytearray(256 << 20)  # the limits are lifted afterwards
