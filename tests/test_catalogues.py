"""Issue 26: every word a person reads about a game is in the game's own catalogue
(``games/<id>/words/<lang>.json``, :mod:`robotable.core.words`), in English and in French:
its title, its summary, a name for every phase its games reach and for every timer they
start, each French template naming the same places as its English one. A malformed catalogue
is a :class:`DataFileError` naming its file."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from robotable import games
from robotable.agents.levels import bots_of
from robotable.core.errors import DataFileError
from robotable.core.game import REFEREE, Game, State, Turn, searches, world_for
from robotable.core.rng import Rng
from robotable.core.words import LANGUAGES, catalogue
from tests.web.toy_game import GAME as TOY

PLACE = re.compile(r"\{(\w+)\}")
MAX_ACTIONS = 3000
"""A random game that has not ended by then (Ricochet's bids: nobody demonstrates a solution
by chance) has shown its phases; its end is reached by another setting of the same game."""


@dataclass(frozen=True)
class Setting:
    options: dict[str, Any]
    seats: int
    player: str = "random"
    """``random`` (uniform legal actions, the clock running out now and then), or one of the game's
    bots (``bots_of``) for what random play hardly reaches (a Droids robot hit hard enough to choose emitters:
    random robots fall off the board first)."""


SETTINGS: dict[str, list[Setting]] = {
    "ricochet": [
        Setting({"puzzle_time_limit_s": 5.0}, 1),  # solo puzzles, each ended by its timer
        Setting({}, 2),
        Setting({"chips_to_win": 1}, 3),
    ],
    "dr2d": [
        Setting({"turn_limit": 3, "program_timeout_s": 30.0, "standby_between_registers": True}, 2),
        Setting({"turn_limit": 2}, 3),
    ],
    "delivery": [Setting({"turn_limit": 2, "program_timeout_s": 30.0}, 2), Setting({"turn_limit": 2}, 4)],
    "droids": [
        *(Setting({"scenario": scenario}, 2) for scenario in (1, 2, 3, 5, 6)),
        Setting({"scenario": 4}, 3),
        Setting({"scenario": 7}, 1),
        Setting({"scenario": 1}, 2, "heuristic"),
    ],
    "robotick": [Setting({}, 3)],
    "toy": [Setting({}, 2)],
}
SEEDS = (0, 1)
ALL_GAMES = [*games.ids(), TOY.id]


def game_of(game_id: str) -> Game:
    return TOY if game_id == TOY.id else games.get(game_id)


def package_folder(game: Game) -> Path:
    """Where the game's package is (its catalogue files, read as written: ``catalogue`` fills
    a language's gaps with English)."""
    return Path(str(resources.files(type(game).__module__.rpartition(".")[0])))


def play(game: Game, setting: Setting, seed: int) -> Iterator[State]:
    """Every position of one game, from its start to its end (or ``MAX_ACTIONS``)."""
    state = game.new_state(setting.options, seed=seed, seats=setting.seats)
    rng = Rng(seed + 1)
    agents: list[Any] = []
    if setting.player != "random":
        make = bots_of(game)[setting.player]
        agents = [make(seed=seed + seat) for seat in range(setting.seats)]
    for _ in range(MAX_ACTIONS):
        yield state
        if state.is_over():
            return
        clock = state.legal_actions(REFEREE)
        if agents and state.to_act():
            seat = state.to_act()[0]
            agent = agents[seat]
            world = world_for(state, seat) if searches(agent) else None
            turn = Turn(seat, state.view(seat), state.legal_actions(seat), game, world=world)
            state.apply(seat, agent.act(turn))
            continue
        choices = [(seat, action) for seat in state.to_act() for action in state.legal_actions(seat)]
        if clock and (not choices or rng.random() < 0.05):
            choices = [(REFEREE, action) for action in clock]
        seat, action = rng.choice(choices)
        state.apply(seat, action)


@pytest.fixture(scope="module")
def reached() -> dict[str, tuple[set[str], dict[str, list[dict[str, Any]]]]]:
    """Per game: the phases its games reached, and each timer code with the params seen."""
    found: dict[str, tuple[set[str], dict[str, list[dict[str, Any]]]]] = {}
    for game_id in ALL_GAMES:
        game = game_of(game_id)
        phases: set[str] = set()
        timers: dict[str, list[dict[str, Any]]] = {}
        for setting in SETTINGS[game_id]:
            for seed in SEEDS:
                for state in play(game, setting, seed):
                    phases.add(state.view(None)["phase"])
                    for timer in state.timers():
                        timers.setdefault(timer.code, []).append(dict(timer.params))
        found[game_id] = (phases, timers)
    return found


def test_every_game_is_played_here() -> None:
    assert set(SETTINGS) == set(ALL_GAMES)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_catalogue_names_the_game_and_every_phase_and_timer_its_games_reach(
    game_id: str, reached: dict[str, tuple[set[str], dict[str, list[dict[str, Any]]]]]
) -> None:
    game = game_of(game_id)
    phases, timers = reached[game_id]
    assert "over" in phases, f"no {game_id} game here reached its end"
    for lang in LANGUAGES:
        words = json.loads((package_folder(game) / "words" / f"{lang}.json").read_text("utf-8"))
        wanted = {"title", "summary"} | {f"phase.{p}" for p in phases} | {f"timer.{code}" for code in timers}
        assert wanted <= set(words), (lang, sorted(wanted - set(words)))
        assert all(words[key].strip() for key in wanted), lang
        named = {key for key in words if key.startswith(("phase.", "timer."))}
        assert named <= wanted, (lang, "words for nothing these games reach", sorted(named - wanted))
        for code, seen in timers.items():
            for params in seen:
                said = game.say(f"timer.{code}", params, lang)
                assert "{" not in said, (lang, code, params, said)  # every place is filled


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_both_languages_have_the_same_keys_and_each_template_the_same_places(game_id: str) -> None:
    folder = package_folder(game_of(game_id)) / "words"
    english, french = (json.loads((folder / f"{lang}.json").read_text("utf-8")) for lang in ("en", "fr"))
    assert set(english) == set(french), sorted(set(english) ^ set(french))
    for key in english:
        assert set(PLACE.findall(english[key])) == set(PLACE.findall(french[key])), key


def test_the_game_words_differ_where_french_says_otherwise() -> None:
    """Filled by the rule of ``core.words``: Droids' robot and what-to-do in French."""
    said = games.get("droids").say(
        "timer.choose_emitters", {"robot": "Yellow", "count": 2, "what": "repair"}, "fr"
    )
    assert "Jaune" in said and "réparer" in said and "2" in said, said


@pytest.mark.parametrize(
    ("lang", "text", "field"),
    [
        ("en", '{"title": "Broken"', "file"),  # not JSON
        ("en", '["title", "Broken"]', "file"),  # not an object
        ("fr", '{"title": "Cassé", "phase.over": 3}', "phase.over"),  # a word that is not text
    ],
)
def test_a_malformed_catalogue_is_a_data_file_error_naming_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, text: str, field: str
) -> None:
    package = f"broken_{uuid.uuid4().hex[:8]}"  # catalogue() remembers answers by package
    words = tmp_path / package / "words"
    words.mkdir(parents=True)
    (tmp_path / package / "__init__.py").write_text("", "utf-8")
    (words / "en.json").write_text('{"title": "Fine"}', "utf-8")
    (words / f"{lang}.json").write_text(text, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(DataFileError) as refused:
        catalogue(package, lang)
    assert refused.value.file == f"{package}/words/{lang}.json"
    assert refused.value.field == field
    assert f"{package}/words/{lang}.json" in str(refused.value)
