"""What a person sees and types: comma-free notation, prompts, data-file errors, labelled SVG."""

from __future__ import annotations

import re
import xml.dom.minidom
from pathlib import Path

import pytest
from rich.console import Console

from robotable.core.errors import DataFileError
from robotable.core.rng import Rng
from robotable.games.droids.actions import Obstacle, parse_action
from robotable.games.droids.board import load_board, load_killer_sheets, load_scenarios
from robotable.games.droids.terminal import setup_left_for

from .conftest import GAME, new

RULES = Path(__file__).parents[2] / "src" / "robotable" / "games" / "droids" / "rules"


def _text(view: dict) -> str:
    console = Console(width=140, record=True)
    console.print(GAME.render_text(view))
    return console.export_text()


# ------------------------------------------------------------------ 1. notation without commas


def test_obstacle_notation_is_space_separated_and_commas_still_read() -> None:
    """The terminal splits a line on commas, so the canonical notation has none."""
    assert str(Obstacle(3, 7)) == "obstacle 3 7"
    for typed in ("obstacle 3 7", "obstacle 3,7", "obstacle (3, 7)", "OBSTACLE 3 7"):
        assert parse_action(typed) == Obstacle(3, 7)
    with pytest.raises(Exception, match="obstacle x y"):
        parse_action("obstacle 3")


def test_scenario_1_first_move_typed_as_the_terminal_splits_it() -> None:
    """Scenario 1 starts with obstacles: every legal action, hint and prompt survives the comma split."""
    for scenario, seats in ((1, 2), (4, 3), (7, 1), (2, 4)):
        state = GAME.new_state({"scenario": scenario, "killer_level": 1}, seed=1, seats=seats)
        rng = Rng(1)
        steps = 0
        while state.outcome() is None and steps < 400:
            actors = state.to_act()
            seat = actors[0] if actors else -1
            legal = state.legal_actions(seat)
            for action in legal:
                typed = str(action)
                assert "," not in typed, typed
                assert GAME.parse_action(typed) == action
            state.apply(seat, rng.choice(legal))
            steps += 1
    state = new(1, 2)
    seat = state.to_act()[0]
    hint = GAME.hint(state.view(seat), 1)
    assert "obstacle" in hint and "," not in hint.split("'")[1]
    typed = "obstacle 0 5"
    parts = [part.strip() for part in typed.split(",") if part.strip()]  # what the terminal does
    assert parts == [typed]
    state.apply_text(seat, parts[0])
    assert state.setup_left == 7
    prompt = _text(state.view(state.to_act()[0]))
    assert "'obstacle x y'" in prompt and "x,y" not in prompt


def test_help_texts_and_rules_show_the_space_notation() -> None:
    with pytest.raises(Exception, match="'obstacle 4 7'") as caught:
        parse_action("fly")
    assert "4,7" not in str(caught.value)
    for lang in ("en", "fr"):
        text = (RULES / f"{lang}.md").read_text("utf-8")
        assert "`obstacle 4 7`" in text and "obstacle 4,7" not in text
        assert "`M2, e3.1, N`" in text and "place M2" not in text  # DD-14 in three steps
    with pytest.raises(Exception, match=r"'M2, e3\.1, N'") as caught:
        parse_action("fly")
    # the log names cells as they are typed, too
    sentence = GAME.describe_event({"kind": "obstacle-placed", "seat": 0, "cell": [3, 7]}, lambda s: "Yellow")
    assert sentence is not None and "3 7" in sentence and "3,7" not in sentence


# ------------------------------------------------------------------ 2. per-player obstacle count


def test_setup_prompt_counts_the_obstacles_of_the_player_to_act() -> None:
    """DD-35: 8 obstacles for 2 players are 4 each; the prompt gives the player's own share."""
    state = new(1, 2)
    first = state.to_act()[0]
    view = state.view(first)
    assert setup_left_for(view, first) == 4 and setup_left_for(view, 1 - first) == 4
    assert "4 obstacle(s) left for" in _text(view) and "8 in all" in _text(view)
    state.apply(first, state.legal_actions(first)[0])
    second = state.to_act()[0]
    view = state.view(second)
    assert setup_left_for(view, first) == 3 and setup_left_for(view, second) == 4
    assert "4 obstacle(s) left for" in _text(view) and "7 in all" in _text(view)
    # 3 players, 9 obstacles: 3 each, whatever the order
    state = new(1, 3)
    while state.phase == "setup":
        view = state.view(None)
        shares = [setup_left_for(view, s) for s in range(3)]
        assert sum(shares) == state.setup_left and max(shares) - min(shares) <= 1
        seat = state.to_act()[0]
        before = setup_left_for(view, seat)
        state.apply(seat, state.legal_actions(seat)[0])
        assert setup_left_for(state.view(None), seat) == before - 1


# ------------------------------------------------------------------ 3. data files that are not UTF-8


@pytest.mark.parametrize("loader", [load_board, load_killer_sheets, load_scenarios])
def test_a_data_file_that_is_not_utf8_is_refused_by_name(tmp_path: Path, loader: object) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{\n  "comment": "ok",\n  "x": "\xff\xfe\x00"\n}\n')
    with pytest.raises(DataFileError, match=r"latin\.json: line 3: is not UTF-8") as caught:
        loader(str(path))  # type: ignore[operator]
    assert caught.value.file == str(path)
    bare = tmp_path / "bom16.json"
    bare.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataFileError, match=r"bom16\.json: line 1"):
        loader(str(bare))  # type: ignore[operator]


def test_a_non_utf8_board_option_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataFileError, match=r"b\.json"):
        GAME.new_state({"board_file": str(path)}, seats=2)


# ------------------------------------------------------------------ 4. the killer sheet in words


def test_scenario_7_never_shows_none_for_the_killer_sheet() -> None:
    state = new(7, 1)
    assert state.killer_die is None
    text = _text(state.view(0))
    assert "None" not in text
    assert "killer sheet A, not placed yet" in text
    state.killer_die, state.killer_line0 = 4, 6
    text = _text(state.view(0))
    assert "None" not in text and "die roll of 4" in text and "line 6" in text


# ------------------------------------------------------------------ 5. labelled SVG


def _texts(svg: str, cls: str) -> list[str]:
    return re.findall(rf'<text class="{cls}"[^>]*>([^<]*)</text>', svg)


def test_svg_has_coordinates_and_emitter_names() -> None:
    for scenario, seats in ((1, 4), (7, 1)):
        state = new(scenario, seats)
        svg = GAME.render_svg(state.view(None))
        xml.dom.minidom.parseString(svg)
        coords = _texts(svg, "coord")
        for i in range(10):
            assert coords.count(str(i)) >= 2  # a column and a row number at least
        names = _texts(svg, "emitter")
        assert sorted(names) == sorted([f"e{e}" for e in range(10)] * seats)
        slots = set(_texts(svg, "slot"))
        assert {f"e{e}.{k}" for e in range(10) for k in (1, 2, 3)} <= slots


def test_svg_slot_labels_make_way_for_tokens() -> None:
    state = new(1, 2)
    state.emitters[0][3][1] = "M2:N"
    svg = GAME.render_svg(state.view(None))
    assert _texts(svg, "slot").count("e3.1") == 1  # only Red's empty e3.1 is labelled
    assert "M2↑" in svg


def test_svg_labels_and_legend_can_be_turned_off() -> None:
    view = new(1, 2).view(None)
    bare = GAME.render_svg(view, labels=False, legend=False)
    xml.dom.minidom.parseString(bare)
    assert 'class="coord"' not in bare and 'class="emitter"' not in bare and "river" not in bare


# ------------------------------------------------------------------ 6. unknown drawing options


def test_svg_refuses_unknown_or_mistyped_drawing_options() -> None:
    view = new(1, 2).view(None)
    with pytest.raises(TypeError, match="nosuch"):
        GAME.render_svg(view, nosuch=1)
    with pytest.raises(TypeError, match="labels"):
        GAME.render_svg(view, labels="yes")


def test_cli_render_refuses_an_unknown_drawing_option(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from robotable.cli.main import app

    runner = CliRunner()
    bad = runner.invoke(app, ["render", "droids", "-D", "nosuch=1", "-o", str(tmp_path / "x.svg")])
    assert bad.exit_code != 0 and "nosuch" in bad.output
    assert not (tmp_path / "x.svg").exists()
    good = runner.invoke(app, ["render", "droids", "-D", "labels=false", "-o", str(tmp_path / "y.svg")])
    assert good.exit_code == 0, good.output
