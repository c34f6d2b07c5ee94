"""Issue 27: every drawing in French too. Each game's SVG renderer words its legends, captions,
counters, phases and card meanings from the game's catalogue in the drawing option ``lang``;
notation, numbers and names stay as they are; ``names`` names the seats as a table does. The
English drawings are pinned (their hashes were first taken before the words moved to the
catalogues): a change that moves one must be deliberate (a reworded legend, a new figure). To
re-pin: ``ROBOTABLE_PIN_PRINT=1 pytest tests/test_drawings_in_french.py -s -k english`` prints
the new hashes."""

from __future__ import annotations

import hashlib
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

import pytest

from robotable import games
from robotable.core.errors import InvalidOptions, RobotableError
from robotable.core.rng import Rng

SVG = "{http://www.w3.org/2000/svg}"

# game -> (options, seats, seed, random actions played): positions with every part drawn
# (a hand, a program, the killer's sheet, a finished Robotick table with its result)
POSITIONS: dict[str, list[tuple[dict[str, Any], int, int, int]]] = {
    "dr2d": [({}, 3, 1, 0), ({}, 3, 2, 40)],
    "delivery": [({}, 2, 1, 0), ({}, 2, 3, 40)],
    "droids": [({}, 2, 1, 7), ({"scenario": 7}, 1, 3, 40)],
    "ricochet": [({}, 1, 1, 0), ({}, 2, 2, 7)],
    "robotick": [({}, 3, 1, 7), ({}, 3, 1, 3000)],
}

# sha256 of the English drawing (spectator's view, then seat 0's) of each position above
ENGLISH_PINNED = {
    ("dr2d", 0): (
        "f48e73fc0bb633f88bd1b7af662a64d8b859c3f1a4fa990f227b7c93b7a1cf17",
        "f48e73fc0bb633f88bd1b7af662a64d8b859c3f1a4fa990f227b7c93b7a1cf17",
    ),
    ("dr2d", 1): (
        "4faf0ced944363da71a317d78d232b5f499624d4e11ee276cd3ae90c334391e2",
        "4faf0ced944363da71a317d78d232b5f499624d4e11ee276cd3ae90c334391e2",
    ),
    ("delivery", 0): (
        "db4906a4ddb6ff958b28c7050ed498191ee2c0b62484edb20a92dace6db77fe1",
        "5dd61716e22b7bd8f0c6d6350d4e72c4a4ceded8899bd5edf67d96f88b1f332f",
    ),
    ("delivery", 1): (
        "37d08fba733da6523578a5c6f18a0c5d48e90ace395905d6225a7477e061e7cb",
        "d479386901968487f7bcae90177c467922cced907a356f30c8b9938413cb0363",
    ),
    ("droids", 0): (
        "47aa8ac733090eca36f2db4dcb5bc518526eca2484df71f5f08548f6b8aefc9d",
        "47aa8ac733090eca36f2db4dcb5bc518526eca2484df71f5f08548f6b8aefc9d",
    ),
    ("droids", 1): (
        "2abb68d4fb3281bf19388fa1a76cfc6ff2d628b9b75087e075d65b1fc621a7b7",
        "2abb68d4fb3281bf19388fa1a76cfc6ff2d628b9b75087e075d65b1fc621a7b7",
    ),
    ("ricochet", 0): (
        "396e591dd567c418862824a4f20439d3d977737c13f80b73e0d4dd5ecfb47c79",
        "396e591dd567c418862824a4f20439d3d977737c13f80b73e0d4dd5ecfb47c79",
    ),
    ("ricochet", 1): (
        "9dd41a1893f4703fcf83788d6088eb01c2af07f356c8725b7a1aa116b7d42595",
        "9dd41a1893f4703fcf83788d6088eb01c2af07f356c8725b7a1aa116b7d42595",
    ),
    ("robotick", 0): (
        "f0a3edf4cd8bcbc81b8e5a0482e4fd631130e33db5f52737dfd1fea443459a0e",
        "957515c5db9c37aa595d6397928359199f106320a26c7e47b8857222f72f943c",
    ),
    ("robotick", 1): (
        "b6b0cebf7d0d092a90be2c71329fe72f70c847ee434f056679460694c0ebe59f",
        "91bbc4bd4b25cfa4a8008c8dca642a5dc78618e7684230935ff821a9b23e9b00",
    ),
}

WORD = re.compile(r"[a-zà-ÿ]{3,}")
"""A drawn text holds a word when it has three lowercase letters in a row: ``S1``, ``L2``,
``A12``, ``e3.1``, ``+1``, ``FWD`` are notation."""

SAME_IN_BOTH = {
    "dr2d": {"laser", "default factory"},  # the board's name, as its file gives it
    "delivery": {"Robot Delivery"},
    "droids": {"mine", "statue", "shoot"},
    "ricochet": set(),
    "robotick": {"Robotick", "(Suit)", "(Ne suit pas)", "(Ouvre)", "type C (orange)"},
}
"""Texts that are the same words in French (a name, the printed French of a card, a word the
rulebook keeps), per game."""
SAME_PATTERNS = (
    re.compile(r"onPlay \d"),  # Delivery's board names, as printed on the game's boards
    re.compile(r"type [A-D]"),  # Robotick's card types, "type" in both languages
    re.compile(r"(max|\d) [FBLR]"),  # the killer's sheet, as its data file writes it
)

FRENCH_WORDS = {
    "dr2d": ("convoyeur", "nid-de-poule", "tourniquet", "presse", "mur", "tour 0/"),
    "delivery": ("Légende", "tapis roulant (1 flèche)", "point de retrait", "colis"),
    "droids": ("rivière", "obstacle fixe", "réparateur", "cercle de départ", "Feuille du tueur"),
    "ricochet": ("robot rouge", "plateau de Ricochet Robots"),
    "robotick": ("atout", "Légende", "carte IA", "manche"),
}
"""Words of each game's French rulebook that its French drawings show."""


def position(game_id: str, index: int) -> Any:
    options, seats, seed, steps = POSITIONS[game_id][index]
    game = games.get(game_id)
    state = game.new_state(options, seed=seed, seats=seats)
    rng = Rng(seed)
    for _ in range(steps):
        acting = state.to_act()
        if state.is_over() or not acting:
            break
        state.apply(acting[0], rng.choice(state.legal_actions(acting[0])))
    return state


def views(game_id: str, index: int) -> list[Mapping[str, Any]]:
    state = position(game_id, index)
    return [state.view(None), state.view(0)]


def texts(svg: str) -> list[str]:
    """Every text a person reads in the drawing: its <text> nodes and its tooltips."""
    root = ET.fromstring(svg)
    nodes = [*root.iter(f"{SVG}text"), *root.iter(f"{SVG}title")]
    return ["".join(node.itertext()) for node in nodes]


def worded(text: str) -> bool:
    return bool(WORD.search(text))


def allowed_same(game_id: str, text: str) -> bool:
    return text in SAME_IN_BOTH[game_id] or any(p.fullmatch(text) for p in SAME_PATTERNS)


CASES = [(game_id, index) for game_id in POSITIONS for index in range(len(POSITIONS[game_id]))]


@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_the_english_drawing_is_the_pinned_one(game_id: str, index: int) -> None:
    game = games.get(game_id)
    drawn = [game.render_svg(view) for view in views(game_id, index)]
    got = tuple(hashlib.sha256(svg.encode()).hexdigest() for svg in drawn)
    if os.environ.get("ROBOTABLE_PIN_PRINT"):
        print(f"    ({game_id!r}, {index}): {got!r},")
    assert got == ENGLISH_PINNED[game_id, index]
    assert [game.render_svg(view, lang="en") for view in views(game_id, index)] == drawn


@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_every_word_of_the_french_drawing_is_french(game_id: str, index: int) -> None:
    game = games.get(game_id)
    for view in views(game_id, index):
        english, french = game.render_svg(view), game.render_svg(view, lang="fr")
        left_english = {
            text
            for text in set(texts(english)) & set(texts(french))
            if worded(text) and not allowed_same(game_id, text)
        }
        assert not left_english, f"{game_id}: English left in the French drawing: {sorted(left_english)}"
        assert _structure(english) == _structure(french)  # same pieces, cells and hooks


@pytest.mark.parametrize("game_id", list(POSITIONS))
def test_the_french_drawings_use_the_rulebooks_words(game_id: str) -> None:
    game = games.get(game_id)
    drawn = " ".join(
        text
        for index in range(len(POSITIONS[game_id]))
        for view in views(game_id, index)
        for text in texts(game.render_svg(view, lang="fr"))
    )
    for word in FRENCH_WORDS[game_id]:
        assert word in drawn, f"{game_id}: no {word!r} in its French drawings"


def _structure(svg: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """The elements and their hooks (ids, classes, data-*), without the words (a French card
    legend may take one line more)."""
    hooks = ("id", "class", "data-cell", "data-piece", "data-cell-size", "data-grid", "data-origin")
    return [
        (node.tag, tuple((k, v) for k, v in sorted(node.attrib.items()) if k in hooks))
        for node in ET.fromstring(svg).iter()
        if node.tag not in (f"{SVG}text", f"{SVG}title")
    ]


def test_robotick_names_its_seats_as_the_table_does() -> None:
    """The drawing said P0/P1/P2 while the panel said the players' names."""
    game = games.get("robotick")
    view = position("robotick", 1).view(0)
    named = texts(game.render_svg(view, names=["Ann", "Bob", "Cy"]))
    assert "Ann (you)" in named and "Bob" in named and "Cy" in named
    assert not any(re.search(r"\bP[0-2]\b", text) for text in named)
    french = texts(game.render_svg(view, lang="fr", names=["Ann", "Bob", "Cy"]))
    assert "Ann (vous)" in french
    unnamed = texts(game.render_svg(view, lang="fr"))
    assert "J0 (vous)" in unnamed and "J1" in unnamed  # the catalogue's seat words


def test_dr2d_and_delivery_name_their_seats() -> None:
    dr2d = games.get("dr2d").render_svg(views("dr2d", 0)[0], names=["Ann", "Bob", "Cy"])
    assert "A: Ann, off the board" in dr2d and "seat 0" not in dr2d
    delivery = games.get("delivery").render_svg(views("delivery", 1)[1], names=["Ann", "Bob"], lang="fr")
    assert "vu par Ann" in delivery and "main de Ann" in delivery and "place 0" not in delivery


def test_names_are_escaped_and_kept_short() -> None:
    game = games.get("robotick")
    svg = game.render_svg(position("robotick", 0).view(0), names=["<b>&", "x" * 500, "Cy"])
    assert "&lt;b&gt;&amp;" in svg and "<b>" not in svg
    assert "x" * 79 + "…" in svg and "x" * 80 not in svg


@pytest.mark.parametrize("game_id", list(POSITIONS))
def test_lang_and_names_are_drawing_options_of_every_game(game_id: str) -> None:
    """``-D lang=fr`` at the terminal: checked like every drawing option; a bad one changes nothing."""
    game = games.get(game_id)
    assert game.validate_drawing({"lang": "fr", "names": ["Ann"]}) == {"lang": "fr", "names": ["Ann"]}
    with pytest.raises(InvalidOptions, match="'lang' must be one of 'en', 'fr'"):
        game.validate_drawing({"lang": "de"})
    with pytest.raises(InvalidOptions, match="'names'"):
        game.validate_drawing({"names": "Ann"})
    with pytest.raises(InvalidOptions, match=r"\(and, for every game, lang, names\)"):
        game.validate_drawing({"colour": "blue"})
    view = views(game_id, 0)[0]
    with pytest.raises(RobotableError, match="names"):
        game.render_svg(view, names=["Ann", 3])


def test_the_terminal_draws_in_french_with_names(tmp_path: Any) -> None:
    """``robotable render robotick -D lang=fr -D names=[...]``."""
    from typer.testing import CliRunner

    from robotable.cli.main import app

    out = tmp_path / "table.svg"
    names = 'names=["Ann", "Bob", "Cy"]'
    result = CliRunner().invoke(app, ["render", "robotick", "-D", "lang=fr", "-D", names, "-o", str(out)])
    assert result.exit_code == 0, result.output
    drawn = texts(out.read_text("utf-8"))
    assert "Légende" in drawn and "Ann" in drawn and "Legend" not in drawn
