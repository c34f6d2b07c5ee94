"""``robotable tournament``: tables, files that replay, resuming, and refusals that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable.cli.main import app
from robotable.play import round_robin

runner = CliRunner()
DROIDS = ("tournament", "droids", "--bots", "random,bot", "-O", "scenario=1")


def run(*args: str):
    return runner.invoke(app, list(args))


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def test_a_tournament_prints_ratings_writes_records_that_replay_and_a_plot(tmp_path: Path) -> None:
    out, plot = tmp_path / "t", tmp_path / "ratings.png"
    result = run(*DROIDS, "--games", "4", "--out", str(out), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "ratings (OpenSkill)" in result.output and "head to head" in result.output
    summary = json.loads((out / "tournament.json").read_text())
    assert summary["complete"] and summary["games"] == {"planned": 4, "played": 4, "unfinished": 0}
    assert [r["bot"] for r in summary["ratings"]] == ["bot:heuristic", "random"]
    assert summary["ratings"][0]["low"] < summary["ratings"][0]["mu"] < summary["ratings"][0]["high"]
    assert summary["head_to_head"][0]["meetings"] == 4
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    replayed = run("replay", str(out / "games.jsonl"))
    assert replayed.exit_code == 0 and replayed.output.count("verified") == 4


def test_rerunning_plays_only_what_is_missing(tmp_path: Path) -> None:
    out = str(tmp_path / "t")
    assert run(*DROIDS, "--games", "2", "--out", out).exit_code == 0
    first = lines(tmp_path / "t" / "games.jsonl")
    assert run(*DROIDS, "--games", "2", "--out", out).exit_code == 0
    assert lines(tmp_path / "t" / "games.jsonl") == first  # nothing replayed
    assert run(*DROIDS, "--games", "3", "--out", out).exit_code == 0
    extended = lines(tmp_path / "t" / "games.jsonl")
    assert extended[:2] == first and json.loads(extended[2])["meta"] == {"lineup": 0, "game": 2}


def test_the_pool_gives_the_same_results_as_one_process(tmp_path: Path) -> None:
    robotick = ("tournament", "robotick", "--bots", "random,bot:heuristic", "--games", "2")
    assert run(*robotick, "--out", str(tmp_path / "one")).exit_code == 0
    assert run(*robotick, "--jobs", "2", "--out", str(tmp_path / "pool")).exit_code == 0
    assert sorted(lines(tmp_path / "one" / "games.jsonl")) == sorted(lines(tmp_path / "pool" / "games.jsonl"))
    one, pool = (json.loads((tmp_path / name / "tournament.json").read_text()) for name in ("one", "pool"))
    assert one["ratings"] == pool["ratings"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--bots", "random,bot:clever"), "unknown bot 'clever'"),
        (("--bots", "human,bot"), "no people"),
        (("--games", "0"), "--games must be at least 1"),
        (("--jobs", "0"), "--jobs must be at least 1"),
        (("-O", "scenario"), "expects key=value"),
        (("-O", "scenario=7"), "is for 1 player"),
        (("-O", "colour=red"), "colour"),
        (("--players", "5"), "5"),
        (("--plot", "nowhere/r.png"), "no folder nowhere"),
        (("--plot", "r.svg"), "PNG"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    tmp_path: Path, args: tuple[str, ...], words: str
) -> None:
    out = tmp_path / "t"
    base = ["tournament", "droids", "--bots", "random,bot", "--games", "2", "--out", str(out)]
    result = run(*base, *args)
    assert result.exit_code == 2, result.output
    assert words in result.output and result.output.count("error:") == 1
    assert not out.exists()


def test_an_unusable_out_folder_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    for out, words in [(a_file, "is a file"), (tmp_path / "no" / "t", "there is no folder")]:
        result = run(*DROIDS, "--games", "1", "--out", str(out))
        assert result.exit_code == 2 and words in result.output
    assert a_file.read_text() == "mine" and not (tmp_path / "no").exists()


def test_a_changed_tournament_is_refused_and_the_folder_kept(tmp_path: Path) -> None:
    out = tmp_path / "t"
    assert run(*DROIDS, "--games", "2", "--out", str(out)).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    result = run(*DROIDS, "--games", "2", "--out", str(out), "--seed", "7")
    assert result.exit_code == 2
    assert "holds a tournament with seed 0, not 7" in result.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


@pytest.mark.parametrize(
    ("failure", "code", "words"),
    [(KeyboardInterrupt, 130, "interrupted"), (RuntimeError, 1, "stopped by RuntimeError: bot bug")],
)
def test_a_stopped_tournament_keeps_its_games_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: type[BaseException], code: int, words: str
) -> None:
    real = round_robin.play_batch
    calls = []

    def fails_on_the_second_batch(plan_data, keys):
        calls.append(keys)
        if len(calls) == 2:
            raise failure("bot bug")
        return real(plan_data, keys)

    monkeypatch.setattr(round_robin, "play_batch", fails_on_the_second_batch)
    out = tmp_path / "t"
    result = run(*DROIDS, "--games", "8", "--out", str(out))
    assert result.exit_code == code and words in result.output
    kept = len(calls[0])
    assert f"{kept} games kept" in result.output and len(lines(out / "games.jsonl")) == kept
    assert not json.loads((out / "tournament.json").read_text())["complete"]
    monkeypatch.setattr(round_robin, "play_batch", real)
    assert run(*DROIDS, "--games", "8", "--out", str(out)).exit_code == 0
    assert len(lines(out / "games.jsonl")) == 8
