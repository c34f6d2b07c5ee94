"""Every game through the command line: a bots-only game to its end, its record verified,
a tampered record refused naming the action, a picture, the rules in two languages."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.cli.main import app
from robotable.core.errors import IllegalAction, NotationError
from robotable.core.records import read_records
from robotable.games import replay

runner = CliRunner()
NEW_GAMES = ["dr2d", "droids", "delivery", "robotick"]


def seats_for(game_id: str) -> int:
    game = games.get(game_id)
    return max(game.min_seats, min(4, game.max_seats))


def bot_game(game_id: str, record: Path, seed: int = 1) -> None:
    seats = ",".join(["bot"] * seats_for(game_id))
    result = runner.invoke(
        app, ["play", game_id, "--seats", seats, "--seed", str(seed), "--record", str(record)]
    )
    assert result.exit_code == 0, result.output
    assert "winner" in result.output or "draw" in result.output.lower()


def illegal_replacement(record_path: Path) -> tuple[int, list]:
    """An action number and a notation that is well formed but illegal at that point."""
    record = next(iter(read_records(record_path)))
    texts = [text for _, text in record.actions]
    for number in range(len(record.actions) // 2, len(record.actions)):
        state = replay(record, stop_after=number)
        seat = record.actions[number][0]
        for text in texts:
            try:
                state.clone().apply(seat, state.game.parse_action(text))
            except (IllegalAction, NotationError):
                return number, [seat, text]
    raise AssertionError("no illegal replacement found")


@pytest.mark.parametrize("game_id", NEW_GAMES)
def test_bots_only_game_records_replays_and_refuses_tampering(game_id: str, tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    bot_game(game_id, record)
    verified = runner.invoke(app, ["replay", str(record)])
    assert verified.exit_code == 0 and "verified" in verified.output, verified.output
    number, replacement = illegal_replacement(record)
    data = json.loads(record.read_text())
    data["actions"][number] = replacement
    record.write_text(json.dumps(data))
    refused = runner.invoke(app, ["replay", str(record)])
    assert refused.exit_code == 1
    assert f"action {number + 1} (seat {replacement[0]}: {replacement[1]!r})" in refused.output


@pytest.mark.parametrize("game_id", NEW_GAMES)
def test_render_rules_and_options_for_every_game(game_id: str, tmp_path: Path) -> None:
    picture = tmp_path / "start.svg"
    players = str(seats_for(game_id))
    drawn = runner.invoke(app, ["render", game_id, "--players", players, "-o", str(picture)])
    assert drawn.exit_code == 0, drawn.output
    assert ET.fromstring(picture.read_text()).tag.endswith("svg")
    for lang in ("en", "fr"):
        rules = runner.invoke(app, ["rules", game_id, "--lang", lang])
        assert rules.exit_code == 0 and len(rules.output.splitlines()) > 20
    options = runner.invoke(app, ["options", game_id])
    assert options.exit_code == 0 and "option" in options.output


VARIANTS = [
    *((game_id, [], None) for game_id in NEW_GAMES),
    ("dr2d", ["absolute_directions=true", "start_placement=assigned"], None),
    *(("droids", [f"scenario={n}"], {3: 3, 5: 3, 6: 2}.get(n)) for n in range(2, 7)),
    ("droids", ["teams=true"], 4),
    ("droids", ["scenario=7", "killer_level=6"], 1),
    ("delivery", ["function_boards=per_player_ad"], None),
    ("robotick", ["hangars=4", "fixed_ai_card=true"], None),
]


@pytest.mark.parametrize(("game_id", "options", "players"), VARIANTS)
def test_a_human_seat_is_shown_the_board_and_can_quit(
    game_id: str, options: list[str], players: int | None
) -> None:
    """Terminal play with a person seated, in every scenario and variant."""
    seats = ",".join(["human"] + ["bot"] * ((players or seats_for(game_id)) - 1))
    flags = [part for option in options for part in ("-O", option)]
    typed = "legal\nhelp\nquit\n"
    result = runner.invoke(app, ["play", game_id, "--seats", seats, "--seed", "3", *flags], input=typed)
    assert result.exit_code == 0, result.output
    assert "seat 0>" in result.output
    assert "game abandoned: seat 0 left the game" in result.output
