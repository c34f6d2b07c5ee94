"""Faces: the turn report sentences, the terminal drawing, the SVG picture and the rules."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from robotable.core.rng import Rng
from robotable.games.dr2d import GAME
from robotable.games.dr2d.board import ROBOT_LETTERS
from robotable.games.dr2d.sentences import SENTENCES
from tests.dr2d.conftest import as_dicts, game_with, program


def played_state(turns: int = 3, seed: int = 1):  # type: ignore[no-untyped-def]
    state = GAME.new_state({"start_placement": "assigned"}, seed=seed, seats=4)
    rng = Rng(seed)
    events = []
    while state.turn <= turns and not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, as_dicts(events)


def test_turn_report_sentences_name_registers() -> None:
    """DR-34: every event of a turn reads as a sentence with its register."""
    state = game_with([((4, 5), "E"), ((5, 5), "N")], absolute_directions=True)
    program(state, 1, "STAY STAY STAY STAY STAY")
    events = as_dicts(program(state, 0, "E STAY STAY STAY STAY"))
    lines = [GAME.describe_event(e, lambda s: "AB"[s]) for e in events]
    assert "R1: A moves E (east) from (4,5) to (5,5)" in lines
    assert "R1: B is pushed by A from (5,5) to (6,5)" in lines
    assert "end of turn: A is crushed by the press on (5,5) (2 damage)" in lines
    assert all(line for line in lines)


def test_every_event_kind_has_a_sentence() -> None:
    """Every kind produced in random games is described."""
    _, events = played_state(turns=6)
    kinds = {e["kind"] for e in events}
    assert kinds <= set(SENTENCES)
    for event in events:
        assert GAME.describe_event(event, str)


def test_text_drawing_shows_robots_and_elements() -> None:
    state, _ = played_state(turns=1)
    console = Console(width=120, record=True)
    console.print(GAME.render_text(state.view(0)))
    text = console.export_text()
    assert "PC" in text and "|" in text and "*" in text
    for robot in state.view(0)["robots"]:
        if robot["tile"]:
            assert ROBOT_LETTERS[robot["seat"]] in text


def test_svg_is_valid_and_draws_paths_on_request() -> None:
    state, _ = played_state(turns=2)
    plain = GAME.render_svg(state.view(None))
    with_paths = GAME.render_svg(state.view(None), paths=True)
    ET.fromstring(plain)
    ET.fromstring(with_paths)
    assert "<polyline" not in plain and "<polyline" in with_paths
    assert plain.count('fill="#f5c518"') >= 3  # three law discs (plus the legend)


def test_rules_summaries_tag_every_rule() -> None:
    for lang in ("en", "fr"):
        text = GAME.rules_summary(lang)
        for n in range(1, 36):
            assert f"DR-{n}" in text, (lang, n)


def test_svg_drawing_options_are_checked() -> None:
    """Audit and issue 12: unknown drawing options were silently ignored, then refused with Python
    internals (``unexpected keyword argument``): now refused listing the declared ones."""
    import pytest

    from robotable.core.errors import InvalidOptions, RobotableError
    from robotable.games.dr2d.svg import board_svg

    view = GAME.new_state({}, seed=1, seats=2).view(None)
    assert [option.name for option in GAME.drawing_options] == ["paths"]
    assert all(option.help for option in GAME.drawing_options)
    with pytest.raises(
        InvalidOptions, match="unknown drawing option 'nosuch' for dr2d; drawing options: paths"
    ):
        GAME.render_svg(view, nosuch=1)
    for bad in ("maybe", 1, None):
        with pytest.raises(InvalidOptions, match="'paths' must be true or false"):
            GAME.render_svg(view, paths=bad)
        with pytest.raises(RobotableError, match="paths: true or false"):
            board_svg(view, paths=bad)  # type: ignore[arg-type]
    assert GAME.render_svg(view, paths=False).startswith("<svg")
    assert GAME.validate_drawing({"paths": True}) == {"paths": True}


def test_text_board_has_a_symbol_legend() -> None:
    """Audit: the terminal board explained none of its symbols; start tiles a..h are S1..S8."""
    state, _ = played_state(turns=0)
    console = Console(width=140, record=True, color_system=None)
    console.print(GAME.render_text(state.view(0)))
    text = console.export_text()
    for words in ("O pit", "w W repair", "a..h start tile S1..S8", ": laser beam", "laser mount", "pusher"):
        assert words in text


def test_parse_errors_name_only_player_actions() -> None:
    """Audit: the referee's words were offered to players, and the message repeated 'cannot read'."""
    import pytest

    from robotable.core.errors import NotationError

    with pytest.raises(NotationError) as caught:
        GAME.parse_action("jump")
    message = str(caught.value)
    assert not message.startswith("cannot read")
    assert "time-up" not in message and "window-closed" not in message
    assert "lock" in message and "STAY" in message


# --------------------------------------------------------------------------- issue 12: N is forward


def screen(view: dict) -> str:  # type: ignore[type-arg]
    console = Console(width=80, record=True, color_system=None)
    console.print(GAME.render_text(view))
    return console.export_text()


def test_dr12_terminal_board_says_n_is_forward_in_the_robots_frame() -> None:
    """DR-12 / issue 12: a new player walked backwards off the board: nothing said that `N` means
    forward in the robot's frame. The terminal board says it, and where each letter takes the
    player's own robot now; with absolute_directions it says the opposite (compass)."""
    state = game_with([((4, 5), "E"), ((9, 10), "N")])
    text = screen(state.view(0))
    assert "registers are read in the robot's own frame (not compass directions)" in text
    assert "N = forward (where its arrow points), E = its right, S = back, W = its left" in text
    assert "your robot A faces E: N goes east, E goes south, S goes west, W goes north" in text
    absolute = screen(game_with([((4, 5), "E"), ((9, 10), "N")], absolute_directions=True).view(0))
    assert "registers are compass directions" in absolute and "N = north (up), E = east" in absolute
    assert "forward" not in absolute and "goes" not in absolute


def test_dr12_placement_text_says_what_the_facing_is_for() -> None:
    relative = screen(GAME.new_state(seed=1, seats=2).view(0))
    assert "place X Y F: F = facing; the robot's N register (forward) moves it that way" in relative
    absolute = screen(GAME.new_state({"absolute_directions": True}, seed=1, seats=2).view(0))
    assert "facing is cosmetic" in absolute


def test_terminal_legend_lines_fit_80_columns() -> None:
    """The drawing is cropped, not wrapped: every legend line must fit a standard terminal."""
    from robotable.games.dr2d.terminal import PLACEMENT_LINES, REGISTER_LINES, SYMBOL_LEGEND

    lines = [
        *SYMBOL_LEGEND,
        *PLACEMENT_LINES.values(),
        *(line for pair in REGISTER_LINES.values() for line in pair),
    ]
    assert all(len(line) <= 80 for line in lines)
    assert "on the rim: * or *** laser mount" in screen(GAME.new_state(seed=1, seats=2).view(0))


def test_dr12_turn_report_says_the_order_and_the_heading() -> None:
    """DR-12 / issue 12: a move reads "moves back (S), heading west": the letter in the robot's
    frame and the compass direction it went; absolute moves name the compass direction."""
    state = game_with([((4, 5), "E"), ((9, 10), "N")])
    program(state, 1, "STAY STAY STAY STAY STAY")
    events = as_dicts(program(state, 0, "S E STAY STAY STAY"))
    lines = [GAME.describe_event(e, lambda s: "AB"[s]) for e in events]
    assert "R1: A moves back (S), heading west, from (4,5) to (3,5)" in lines
    assert "R2: A moves right (E), heading south, from (3,5) to (3,6)" in lines
    state = game_with([((4, 5), "E"), ((9, 10), "N")], absolute_directions=True)
    program(state, 1, "STAY STAY STAY STAY STAY")
    events = as_dicts(program(state, 0, "S STAY STAY STAY STAY"))
    lines = [GAME.describe_event(e, lambda s: "AB"[s]) for e in events]
    assert "R1: A moves S (south) from (4,5) to (4,6)" in lines


def test_dr12_hint_says_what_the_letters_mean() -> None:
    state = game_with([((4, 2), "E"), ((9, 10), "N")])
    assert "N forward, E right, S back, W left; it faces E" in GAME.hint(state.view(0), 2)
    assert "your robot faces E, so it heads east" in GAME.hint(state.view(0), 1)
    absolute = game_with([((4, 2), "E"), ((9, 10), "N")], absolute_directions=True)
    assert GAME.hint(absolute.view(0), 2).endswith("(compass directions)")
    assert "compass direction" in GAME.hint(absolute.view(0), 1)


def test_dr12_rules_summaries_warn_that_n_is_not_north() -> None:
    assert "**`N` is not north.**" in GAME.rules_summary("en")
    assert "**`N` n'est pas le nord.**" in GAME.rules_summary("fr")
    for lang in ("en", "fr"):
        assert "absolute_directions" in GAME.rules_summary(lang)


def test_dr12_register_messages_say_what_the_letters_mean() -> None:
    """The NotationError for an unknown word and the IllegalAction for a short program say what
    N, E, S, W mean: in the robot's frame by default, compass directions when absolute."""
    import pytest

    from robotable.core.errors import IllegalAction, NotationError
    from robotable.games.dr2d.actions import LOCK, Register

    with pytest.raises(NotationError, match="N = forward, E = right, S = back, W = left, in the robot's own"):
        GAME.parse_action("north")
    state = game_with([((4, 5), "E"), ((9, 10), "N")])
    program(state, 0, "N E", lock=False)
    with pytest.raises(IllegalAction, match=r"not 2 \(N = forward \(the way the robot faces\)"):
        state.apply(0, LOCK)
    with pytest.raises(IllegalAction, match="N = forward"):
        state.check_rules(0, Register(9))
    absolute = game_with([((4, 5), "E"), ((9, 10), "N")], absolute_directions=True)
    with pytest.raises(IllegalAction, match="N, E, S, W = north, east, south, west on the board"):
        absolute.apply(0, LOCK)


# --------------------------------------------------------------------------- issue 12: pusher colour


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_svg_laws_and_pushers_have_clearly_different_colours() -> None:
    """Issue 12: laws and pushers were drawn in the same yellow. They differ clearly now (in the
    board and in the legend), and so do the terminal's law digits and pusher marks."""
    from robotable.games.dr2d import svg, terminal

    assert svg.LAW_COLOUR != svg.PUSHER_COLOUR
    distance = sum((a - b) ** 2 for a, b in zip(_rgb(svg.LAW_COLOUR), _rgb(svg.PUSHER_COLOUR), strict=True))
    assert distance**0.5 > 150
    picture = GAME.render_svg(GAME.new_state({}, seed=1, seats=2).view(None))
    root = ET.fromstring(picture)
    fills = [e.get("fill") for e in root.iter("{http://www.w3.org/2000/svg}rect")]
    assert fills.count(svg.PUSHER_COLOUR) == 4 + 1  # four pushers on the default board, one legend swatch
    assert "#f2c200" not in picture
    legend = dict((label, colour) for colour, label in svg.LEGEND)
    assert legend["law"] == svg.LAW_COLOUR and legend["pusher"] == svg.PUSHER_COLOUR
    assert len(set(legend.values())) == len(legend)  # every legend entry has its own colour
    assert terminal.PUSHER.color != terminal.LAW.color
