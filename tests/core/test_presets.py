"""Issue 27: each game declares its presets (``data/presets.json``, read through the contract:
:meth:`Game.presets`, :mod:`robotable.core.presets`): ``standard`` (the rulebook's game) first,
then ``quick`` (a short first game), each a valid set of options, worded in the game's catalogue
in English and French, and served with ``GET /api/games``."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.errors import DataFileError
from robotable.core.game import Game
from robotable.core.presets import STANDARD, read_presets
from robotable.core.words import LANGUAGES
from robotable.games.ricochet.state import chips_to_win
from robotable.server.app import create_app
from robotable.server.store import open_store

GAMES = games.all_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_standard_comes_first_and_changes_nothing_and_quick_follows(game: Game) -> None:
    names = [preset.name for preset in game.presets()]
    assert names[:2] == [STANDARD, "quick"], names
    assert game.presets()[0].options == {}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_preset_is_options_the_game_accepts_and_plays(game: Game) -> None:
    for preset in game.presets():
        full = game.validate_options(preset.options)
        seats = max(game.min_seats, 2 if game.max_seats >= 2 else 1)
        state = game.new_state(full, seed=1, seats=seats)
        assert state.to_act(), (game.id, preset.name)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_preset_has_a_label_and_a_line_in_each_language(game: Game, lang: str) -> None:
    words = game.words(lang)
    for preset in game.presets():
        label, about = words.get(f"preset.{preset.name}", ""), words.get(f"preset.{preset.name}.about", "")
        assert label.strip() and len(label) <= 24 and about.strip() and "\n" not in about, preset.name
        if lang != "en":
            assert about != game.words("en")[f"preset.{preset.name}.about"]  # said in French


LIMITS = {"dr2d": "turn_limit", "droids": "turn_limit", "delivery": "turn_limit"}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_quick_is_a_shorter_game_where_the_spec_has_a_length(game: Game) -> None:
    """Fewer turns, fewer chips; Robotick's three rounds are the game itself (RT-4), so its quick
    game is the rulebook's advice for a first game instead (RT-16: 4 hangars; RT-6: one AI card)."""
    standard = game.validate_options({})
    quick = game.validate_options(dict(game.presets()[1].options))
    if game.id == "ricochet":
        for seats in (2, 3, 4):
            assert chips_to_win(quick, seats) < chips_to_win(standard, seats)
        assert quick["must_ricochet"] and quick["bid_window_s"] == standard["bid_window_s"]  # faithful
    elif game.id == "robotick":
        assert (quick["hangars"], quick["fixed_ai_card"]) == (4, True)
    else:
        assert quick[LIMITS[game.id]] < standard[LIMITS[game.id]]


def test_the_api_serves_each_games_presets(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'server.sqlite3'}"))
    with TestClient(app) as client:
        listed = {game["id"]: game for game in client.get("/api/games").json()}
        for game in GAMES:
            assert listed[game.id]["presets"] == [p.to_dict() for p in game.presets()]
            assert listed[game.id]["words"]["fr"]["preset.quick"] == game.words("fr")["preset.quick"]
        quick = listed["dr2d"]["presets"][1]["options"]
        body = {"game": "dr2d", "seats": ["human", "bot"], "options": quick}
        created = client.post("/api/tables", json=body).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        seen = client.get(f"/api/tables/{created['table']}", headers=headers).json()
        assert seen["view"]["options"]["turn_limit"] == quick["turn_limit"]


def presets_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: Any) -> str:
    name = f"presets_{uuid.uuid4().hex[:8]}"
    (tmp_path / name / "data").mkdir(parents=True)
    (tmp_path / name / "__init__.py").write_text("")
    text = content if isinstance(content, str) else json.dumps(content)
    (tmp_path / name / "data" / "presets.json").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("{not json", "file"),
        ([], "file"),
        ({"standard": {"options": {}}}, "standard"),
        ({"Quick!": {"options": {}}}, "Quick!"),
        ({"quick": {"turn_limit": 3}}, "quick"),
        ({"quick": {"options": {"turn_limit": 0}}}, "quick.options"),
        ({"quick": {"options": {"no_such": 1}}}, "quick.options"),
    ],
)
def test_a_bad_presets_file_is_a_data_file_error_naming_the_preset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: Any, field: str
) -> None:
    package = presets_package(tmp_path, monkeypatch, content)
    with pytest.raises(DataFileError) as caught:
        read_presets(package, games.get("dr2d").validate_options)
    assert caught.value.field == field and caught.value.file.endswith("data/presets.json")


def test_a_game_without_a_presets_file_has_the_standard_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = presets_package(tmp_path, monkeypatch, "{}")
    (tmp_path / package / "data" / "presets.json").unlink()
    assert [p.name for p in read_presets(package, games.get("dr2d").validate_options)] == [STANDARD]
