"""``robotable bots GAME``: the levels, what they are, measured figures or "not measured yet"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.cli import bots as bots_cli
from robotable.cli.main import app
from robotable.core.game import Game

runner = CliRunner()


@pytest.fixture
def ladder_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Ladder files read from a folder of the test's own."""

    def at(game: Game, scenario: int | None = None) -> Path:
        return tmp_path / (f"{game.id}.json" if scenario is None else f"scenarios/{game.id}-{scenario}.json")

    monkeypatch.setattr(bots_cli, "ladder_path", at)
    monkeypatch.setattr(bots_cli, "KILLER_TABLES", tmp_path / "killer")
    return tmp_path


KILLER = {
    "measured": "2026-11-27 07:00 UTC",
    "machine": "x86_64, CPython 3.11",
    "note": "Eight games a cell.",
    "cells": [
        {"level": "easy", "killer_level": 1, "games": 8, "wins": 0, "low": 0.0, "high": 0.32},
        {"level": "hard", "killer_level": 1, "games": 8, "wins": 5, "low": 0.31, "high": 0.86},
        {"level": "easy", "killer_level": 6, "games": 8, "wins": 1, "low": 0.02, "high": 0.47},
    ],
}


def test_droids_shows_each_levels_wins_against_each_killer_level(ladder_at: Path) -> None:
    (ladder_at / "killer").mkdir()
    (ladder_at / "killer" / "droids.json").write_text(json.dumps(KILLER))
    result = run("droids")
    assert result.exit_code == 0, result.output
    assert "Solo against the Killer" in result.output and "Eight games a cell." in result.output
    row_one = next(line for line in result.output.splitlines() if line.startswith("│ 1 "))
    assert "0/8 (0%-32%)" in row_one and "5/8 (31%-86%)" in row_one
    row_six = next(line for line in result.output.splitlines() if line.startswith("│ 6 "))
    assert "1/8 (2%-47%)" in row_six and "not measured yet" in row_six  # hard did not play level 6
    assert "Solo against the Killer" not in run("dr2d").output


def test_a_broken_killer_table_is_one_line_and_exit_2(ladder_at: Path) -> None:
    (ladder_at / "killer").mkdir()
    broken = {**KILLER, "cells": [{**KILLER["cells"][0], "wins": "none"}]}
    (ladder_at / "killer" / "droids.json").write_text(json.dumps(broken))
    result = run("droids")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "not a Killer table" in result.output


def test_the_shipped_killer_table_is_read() -> None:
    shipped = bots_cli.load_killer_table(games.get("droids"))
    assert shipped is not None and {cell["killer_level"] for cell in shipped["cells"]} <= set(range(1, 7))


def run(*args: str):
    return runner.invoke(app, ["bots", *args], env={"COLUMNS": "200"})


def test_lists_every_bot_with_what_it_is_and_no_figures_without_a_ladder(ladder_at: Path) -> None:
    result = run("droids")
    assert result.exit_code == 0, result.output
    for name in games.get("droids").bots():
        assert f"│ {name} " in result.output
    assert "search over whole decisions" in result.output
    assert "not measured yet" in result.output and "No ladder measured yet" in result.output


def test_ricochet_offers_its_levels_everywhere_already(ladder_at: Path) -> None:
    result = run("ricochet")
    assert result.exit_code == 0, result.output
    assert "│ expert " in result.output and "perfect: the exact optimum" in result.output


def test_shows_the_measured_think_time_and_rating_of_a_ladder(ladder_at: Path) -> None:
    ladder = {
        "measured": "2026-11-27 05:00 UTC",
        "machine": "x86_64, CPython 3.12",
        "note": "A busy machine.",
        "plan": {"games": 3, "players": 3, "bots": ["bot:easy", "bot:hard"]},
        "ratings": [
            {"bot": "bot:hard", "mu": 31.25, "low": 20.5, "high": 42.0, "games": 6, "first_places": 4}
        ],
        "think_time": {"bot:hard": {"decisions": 50, "mean_ms": 117.8, "max_ms": 203.7}},
    }
    (ladder_at / "robotick.json").write_text(json.dumps(ladder))
    result = run("robotick")
    assert result.exit_code == 0, result.output
    assert "mean 117.8 ms, worst 204 ms (50 decisions)" in result.output
    assert "31.2 (20.5 to 42.0), 4/6 first" in result.output
    assert (
        "3 games per line-up of 3 (bot:easy, bot:hard)" in result.output
        and "A busy machine." in result.output
    )
    easy_row = next(line for line in result.output.splitlines() if line.startswith("│ easy "))
    assert "not measured yet" in easy_row  # in the ladder's plan, but no decision timed


def test_an_unknown_game_is_one_line_and_exit_2(ladder_at: Path) -> None:
    result = run("chess")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "unknown game 'chess'" in result.output


SHIPPED = json.loads((bots_cli.LADDERS / "robotick.json").read_text())


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[1, 2]",
        json.dumps({**SHIPPED, "plan": {**SHIPPED["plan"], "games": "8"}}),
        json.dumps({**SHIPPED, "ratings": [{**SHIPPED["ratings"][0], "mu": None}]}),
        json.dumps({k: v for k, v in SHIPPED.items() if k != "machine"}),
    ],
    ids=["not-json", "a-list", "games-as-text", "mu-null", "no-machine"],
)
def test_a_broken_ladder_file_is_one_line_and_exit_2(ladder_at: Path, text: str) -> None:
    (ladder_at / "robotick.json").write_text(text)
    result = run("robotick")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "not a ladder file" in result.output


def test_the_shipped_ladders_are_read(ladder_at: Path) -> None:
    for shipped in bots_cli.LADDERS.glob("*.json"):
        assert bots_cli.load_ladder(games.get(shipped.stem)) is None  # the fixture points elsewhere
        (ladder_at / shipped.name).write_text(shipped.read_text())
        assert run(shipped.stem).exit_code == 0


def test_a_scenarios_ladder_is_shown_when_asked_and_named_otherwise(ladder_at: Path) -> None:
    """`robotable bots droids --scenario 6` shows the scenario-6 ladder; without the option the
    default scenario's, with a line naming the others; a scenario never measured is one line."""
    shipped = bots_cli.LADDERS / "scenarios" / "droids-6.json"
    (ladder_at / "droids.json").write_text((bots_cli.LADDERS / "droids.json").read_text())
    (ladder_at / "scenarios").mkdir()
    (ladder_at / "scenarios" / "droids-6.json").write_text(shipped.read_text())
    expert = next(r for r in json.loads(shipped.read_text())["ratings"] if r["bot"] == "bot:expert")
    six = run("droids", "--scenario", "6")
    assert six.exit_code == 0, six.output
    assert f"{expert['mu']:.1f} ({expert['low']:.1f}" in six.output
    assert "Also measured at scenario 1" in six.output
    assert "Also measured at scenario 6" in run("droids").output
    assert run("droids", "--scenario", "1").output == run("droids").output  # the default's own
    missing = run("droids", "--scenario", "3")
    assert missing.exit_code == 2 and missing.output.strip().count("\n") == 0
    assert "scenario 3 (scenarios measured: 1, 6)" in missing.output


def test_the_other_scenarios_ladders_are_ladders_of_their_scenario() -> None:
    """``ladders/scenarios/GAME-N.json``: a game's ladder at its scenario N (the listing shows the
    game's default scenario; these are the README's other rows), in the listing's format."""
    shipped = sorted((bots_cli.LADDERS / "scenarios").glob("*.json"))
    assert shipped
    for path in shipped:
        game_id, scenario = path.stem.rsplit("-", 1)
        ladder = json.loads(path.read_text())
        bots_cli._check_ladder(ladder)
        assert ladder["plan"]["game"] == games.get(game_id).id
        assert ladder["plan"]["options"]["scenario"] == int(scenario)


@pytest.mark.parametrize("game_id", ["robotick", "dr2d", "droids", "delivery", "ricochet"])
def test_every_level_is_offered_by_the_seats_the_server_and_tournaments(game_id: str) -> None:
    from fastapi.testclient import TestClient

    from robotable.cli.seats import make_agent, seat_label
    from robotable.play.round_robin import check_bot
    from robotable.server.app import create_app
    from robotable.server.store import open_store

    game = games.get(game_id)
    for level in ("easy", "medium", "hard", "expert"):
        assert seat_label(game, f"bot:{level}") == f"bot:{level}"
        assert make_agent(game, f"bot:{level}", 1, seed=3) is not None
        check_bot(game, f"bot:{level}")  # a tournament takes it
    with TestClient(create_app(open_store("sqlite://"))) as client:
        offered = {g["id"]: g["bots"] for g in client.get("/api/games").json()}
    assert {"easy", "medium", "hard", "expert"} <= set(offered[game_id])
