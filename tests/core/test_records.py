"""Game records: writing, lazy reading, replay, and errors that name what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from robotable.agents import RandomAgent
from robotable.core.errors import IllegalAction, RecordError
from robotable.core.game import REFEREE, Outcome, Turn
from robotable.core.records import Record, Recorder, append_record, read_records, write_record
from robotable.games import replay

from ..conformance import toygame


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    with toygame.registered():
        yield


def played(seed: int = 1) -> Record:
    """A finished game of the toy, two random agents, timers never running out."""
    recorder = Recorder(toygame.GAME, {"rounds": 2}, seed=seed, seats=["random:a", "random:b"])
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    state = recorder.state
    while not state.is_over():
        seat = state.to_act()[0]
        turn = Turn(seat, state.view(seat), state.legal_actions(seat), state.game)
        recorder.apply(seat, agents[seat].act(turn))
    return recorder.record


def test_recorder_keeps_every_option_and_the_outcome() -> None:
    record = played()
    assert record.options == {"rounds": 2, "hand": 3}
    assert record.outcome is not None and record.outcome == replay(record).outcome()
    assert len(record.actions) == 2 * 3  # per round: two cards and one call


def test_recorder_does_not_record_refused_actions() -> None:
    recorder = Recorder(toygame.GAME, seed=3, seats=["a", "b"])
    with pytest.raises(IllegalAction):
        recorder.apply(0, toygame.Call("odd"))
    assert recorder.record.actions == []


def test_write_then_read_round_trips(tmp_path: Path) -> None:
    record = played()
    record.meta = {"event": "test"}
    path = tmp_path / "game.json"
    write_record(path, record)
    (back,) = read_records(path)
    assert back == record and back.source == "game.json"
    # one action per line keeps diffs of records readable
    assert '    [0, "play ' in path.read_text()


def test_replay_reaches_the_recorded_final_state() -> None:
    record = played(seed=7)
    final = toygame.GAME.new_state(record.options, seed=7)
    for seat, text in record.actions:
        final.apply_text(seat, text)
    assert replay(record) == final


def test_json_lines_are_read_lazily_and_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    for seed in (1, 2):
        append_record(path, played(seed))
    with path.open("a") as out:
        out.write("\n{not json\n")
    records = read_records(path)
    assert next(records).seed == 1
    assert next(records).source == "games.jsonl:2"
    with pytest.raises(RecordError, match=r"^games\.jsonl: line 4: invalid JSON"):
        next(records)


def test_invalid_json_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_record(path, played())
    lines = path.read_text().splitlines()
    lines[5] = lines[5].rstrip(",")  # drop a comma between two fields
    path.write_text("\n".join(lines))
    with pytest.raises(RecordError, match=r"^r\.json: line 7: invalid JSON: Expecting ',' delimiter"):
        list(read_records(path))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["actions"].__setitem__(3, ["play 4"]), "r.json: actions[3]: expected [seat, notation]"),
        (lambda d: d["actions"].__setitem__(0, [2, "play 4"]), "r.json: actions[0]: seat 2 is neither -1"),
        (lambda d: d.pop("seed"), "r.json: missing field 'seed'"),
        (lambda d: d.__setitem__("seed", True), "r.json: seed: expected an integer, not a boolean"),
        (lambda d: d.__setitem__("seats", []), "r.json: seats: expected a non-empty array"),
        (lambda d: d["outcome"].__setitem__("ranks", [1]), "r.json: outcome.ranks: expected an array of 2"),
        (lambda d: d.__setitem__("moves", []), "r.json: unknown field 'moves'"),
    ],
)
def test_malformed_record_names_file_and_field(
    tmp_path: Path, change: Callable[[dict], object], message: str
) -> None:
    data = played().to_dict()
    change(data)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as error:
        list(read_records(path))
    assert str(error.value).startswith(message)


def test_a_record_must_be_an_object(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("[1, 2]")
    with pytest.raises(RecordError, match=r"^r\.json: expected a JSON object, not an array"):
        list(read_records(path))


def test_tampered_action_names_number_seat_notation_and_reason() -> None:
    record = played()
    seat, _ = record.actions[1]
    held = toygame.GAME.new_state(record.options, seed=record.seed).hands[seat]
    other = next(card for card in range(1, 10) if card not in held)
    record.actions[1] = (seat, f"play {other}")
    message = f"action 2 (seat {seat}: 'play {other}'): you must play a card from your hand, not play {other}"
    with pytest.raises(RecordError) as error:
        replay(record)
    assert str(error.value) == message


def test_unreadable_notation_and_wrong_seat_are_named() -> None:
    record = played()
    record.actions[0] = (0, "play ten")
    with pytest.raises(RecordError, match=r"^action 1 \(seat 0: 'play ten'\): not a Duel action"):
        replay(record)
    record = played()
    record.actions.insert(0, (REFEREE, "call odd"))
    with pytest.raises(RecordError, match=r"^action 1 \(seat -1: 'call odd'\): only the referee calls time"):
        replay(record)


def test_outcome_mismatch_names_both_outcomes() -> None:
    record = played()
    assert record.outcome is not None
    real = record.outcome
    record.outcome = Outcome.from_scores([9, 0])
    with pytest.raises(RecordError) as error:
        replay(record)
    assert "the record says scores [9, 0] ranks [1, 2]" in str(error.value)
    assert f"the replay gives scores [{real.scores[0]}, {real.scores[1]}]" in str(error.value)


def test_unfinished_game_must_be_recorded_without_outcome() -> None:
    record = played()
    record.actions.pop()
    with pytest.raises(RecordError, match="the replay gives no outcome"):
        replay(record)
    record.outcome = None
    assert replay(record).outcome() is None


def test_rules_version_mismatch_names_both_versions() -> None:
    record = played()
    record.rules_version = "0"
    with pytest.raises(RecordError, match=r"^rules_version: .* toy rules '0', this engine plays '1'$"):
        replay(record)


def test_errors_of_a_file_record_name_the_file(tmp_path: Path) -> None:
    record = played()
    record.game = "chess"
    path = tmp_path / "r.json"
    write_record(path, record)
    with pytest.raises(RecordError, match=r"^r\.json: game: unknown game 'chess'"):
        replay(next(read_records(path)))


def test_a_record_with_a_huge_number_or_nan_is_refused_in_one_line(tmp_path: Path) -> None:
    """Python refuses ints past 4,300 digits with its own ValueError: a record holding one (or a
    NaN) is a RecordError naming the file, never a traceback."""
    good = Record("ricochet", "x", {}, 1, ["bot"]).to_dict()
    for bad, expected in ((f'"seed": {"9" * 5000}', "far too large"), ('"seed": NaN', "NaN")):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(good).replace('"seed": 1', bad), encoding="utf-8")
        with pytest.raises(RecordError, match=f"bad.json: line 1: .*{expected}"):
            next(read_records(path))


def test_a_seed_beyond_64_bits_is_refused() -> None:
    data = Record("ricochet", "x", {}, 1, ["bot"]).to_dict()
    data["seed"] = 2**64
    with pytest.raises(RecordError, match="seed: expected a whole number"):
        Record.from_dict(data)


def test_a_record_nested_thousands_deep_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(RecordError, match=r"deep\.json: line 1: nested too deeply"):
        next(read_records(path))
