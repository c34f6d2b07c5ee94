"""What a player is told (issue 12): the log says whether a shot hit and what; a lost solo game has
no winner; the token codes, the killer's sheet and level are explained on screen and drawn; the
Green player is not drawn in the repairers' grey; the drawing options are declared."""

from __future__ import annotations

import re
import xml.dom.minidom
from typing import Any

import pytest
from rich.console import Console

from robotable.core.errors import InvalidOptions
from robotable.core.game import Event
from robotable.games.droids.board import KILLER_LEVELS
from robotable.games.droids.phases import OVER
from robotable.games.droids.svg import FILL, REPAIRER_FILL

from .conftest import GAME, at, dice, new, order, pieces


def log(events: list[Event]) -> list[str]:
    return [GAME.describe_event(e.to_dict(), lambda seat: ["Yellow", "Red"][seat]) or "" for e in events]


def killer_shoots(level: int, *rolls: int, **where: tuple[int, int]) -> tuple[Any, list[str]]:
    s = new(7, 1, killer_level=level)
    pieces(s, **where)
    dice(s, *rolls)
    events: list[Event] = []
    s._killer_execute("shoot", events)
    return s, log(events)


# ------------------------------------------------------------------ the log: hit or miss, and what


def test_dd44_the_log_says_the_killer_hit_and_what() -> None:
    """DD-44: level 3, Yellow in sight: a hit, and Yellow loses 2 emitters."""
    _, lines = killer_shoots(3, killer=(5, 1), Y=(5, 5))
    assert lines == ["killer shoots at Yellow (4 cells): hit: Yellow loses 2 emitters"]


@pytest.mark.parametrize(
    ("roll", "said"), [(3, "missed (4 or more needed)"), (0, "missed (a 0 always misses)")]
)
def test_dd44_the_log_says_the_killer_missed(roll: int, said: str) -> None:
    """DD-44 level 1, DD-24: the roll against the distance, and the miss said as a miss."""
    _, lines = killer_shoots(1, roll, killer=(5, 1), Y=(5, 5))
    assert lines == [f"killer shoots at Yellow (4 cells, rolls {roll}): {said}"]
    _, lines = killer_shoots(1, 8, killer=(5, 1), Y=(5, 5))
    assert lines == ["killer shoots at Yellow (4 cells, rolls 8): hit: Yellow loses 2 emitters"]


def test_dd44_a_shot_at_the_next_cell_says_1_cell() -> None:
    """DD-24: the distance in words that fit it ("1 cell", not "1 cells")."""
    _, lines = killer_shoots(1, 0, killer=(5, 1), Y=(5, 2))
    assert lines == ["killer shoots at Yellow (1 cell, rolls 0): missed (a 0 always misses)"]


@pytest.mark.parametrize(
    ("winners", "said"),
    [((), "no winner"), ((0,), "winner: Yellow"), ((0, 1), "winners: Yellow, Red")],
)
def test_dd45_the_game_over_line_names_the_winners_in_words(winners: tuple[int, ...], said: str) -> None:
    """A lost solo game says "no winner", not "winner(s): nobody"."""
    event = {"kind": "game-over", "reason": "turn limit reached", "winners": list(winners)}
    line = GAME.describe_event(event, lambda seat: ["Yellow", "Red"][seat])
    assert line == f"game over (turn limit reached); {said}"


def test_dd44_a_killer_shot_with_nobody_in_sight_says_it_hit_nothing() -> None:
    """It used to say only 'sends shoot': nothing told whether it had hit."""
    s, lines = killer_shoots(2, killer=(5, 1), Y=(5, 5), obstacles=[(5, 4)])
    assert lines == ["killer: no effect (its shot hits nothing: no player robot in sight)"]
    assert s.pending_hits == []


def test_dd44_level_6_the_log_says_the_rocket_destroyed_the_player() -> None:
    s, lines = killer_shoots(6, killer=(5, 1), Y=(5, 5))
    assert lines[0] == "killer shoots at Yellow (4 cells): hit: the rocket destroys Yellow"
    assert s.phase == OVER and lines[-1].endswith("no winner")


def test_dd42_the_log_reads_the_killers_sheet_cell_in_words() -> None:
    line = GAME.describe_event(
        {"kind": "sent", "seat": -2, "token": "2 F", "direction": "", "emitter": 3, "robot": "killer"}, str
    )
    assert line == "the killer plays sheet cell 3: move 2 forward"


def test_dd24_the_log_says_a_players_shot_hit_or_missed() -> None:
    """DD-EX-5 d: N (2,0) shoots E at P (5,0), n = 3: roll 6 destroys 2; roll 2 misses."""
    for roll, said in ((6, "hit: Red loses 2 emitters"), (2, "missed (3 or more needed)")):
        s = new(1, 2)
        pieces(s, Y=(2, 0), R=(5, 0))
        dice(s, roll)
        lines = log(order(s, 0, "SH:E"))
        assert f"Yellow shoots at Red (3 cells, rolls {roll}): {said}" in lines


# ------------------------------------------------------------------ a lost solo game has no winner


@pytest.mark.parametrize("level", [1, 6])
def test_dd45_a_lost_solo_game_has_no_winner(level: int) -> None:
    """DD-45: the player loses (eliminated, or the rocket): ranked behind the killer, 2nd, so
    ``winners == ()``; it used to rank the only seat 1st, a winner."""
    s = new(7, 1, killer_level=level)
    if level == 6:
        pieces(s, killer=(5, 1), Y=(5, 5))
        s._killer_execute("shoot", [])
    else:
        s._finish([], "the player sent no order and is eliminated", [])
    outcome = s.outcome()
    assert (
        outcome is not None and outcome.winners == () and outcome.ranks == (2,) and outcome.scores == (0.0,)
    )


def test_dd45_a_won_solo_game_has_the_player_first() -> None:
    s = new(7, 1)
    pieces(s, killer=(9, 1), Y=(3, 8), obstacles=[(8, 1), (9, 2)])  # DD-EX-25: the camisole
    s._after_order(0, [])
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.ranks == (1,)


# ------------------------------------------------------------------ legends and hints


def text_of(view: dict) -> str:
    console = Console(width=200, record=True)
    console.print(GAME.render_text(view))
    return console.export_text()


def test_the_terminal_legend_explains_every_token_code() -> None:
    """DD-6: M2, SH, O1... mean nothing to a new player: the legend says, bin by bin."""
    text = " ".join(text_of(new(2, 2).view(0)).split())
    for said in ("M1 move 1", "M2 move 2", "MM move max", "MD diagonal 1", "W1 water move 1", "GR repair"):
        assert said in text
    for said in ("SH shoot", "TP take/put", "O1 send-order 1, push away", "O4 send-order 4, quarter right"):
        assert said in text
    assert "violet: your robot, on land" in text and "e3.1 = emitter 3, slot 1" in text


@pytest.mark.parametrize("level", sorted(KILLER_LEVELS))
def test_dd42_dd44_the_terminal_explains_the_killer_sheet_and_level(level: int) -> None:
    text = " ".join(text_of(new(7, 1, killer_level=level).view(0)).split())
    name, effect = KILLER_LEVELS[level]
    assert f"killer level {level} ({name}): {effect}" in text
    assert "F forward (towards Yellow's side)" in text and "L / R the killer's left / right" in text


def test_the_hint_explains_the_codes_it_suggests() -> None:
    s = new(2, 2, seed=3)
    for _ in range(14):
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    seat = s.to_act()[0]
    hint = GAME.hint(s.view(seat), 1)
    token, slot, arrow = hint.split("'")[1].split(", ")
    assert f"{token} = " in hint and f"{slot} = emitter {slot[1]}, slot {slot[3]}" in hint
    assert f"{arrow} = its arrow" in hint
    hint = GAME.hint(new(7, 1, killer_level=4).view(0), 1)
    assert "the killer is level 4 (Char AMX): every hit destroys 3 emitters" in hint


# ------------------------------------------------------------------ drawings


def fills(svg: str, text: str) -> set[str]:
    """The fill of the shape drawn just before each ``<text ...>text</text>`` (a robot's letter)."""
    return set(re.findall(rf'fill="(#[0-9a-f]+)"[^<]*/>\s*<text[^>]*>{text}</text>', svg))


def test_green_is_drawn_green_not_in_the_repairers_grey() -> None:
    s = new(2, 4)
    svg = GAME.render_svg(s.view(None))
    xml.dom.minidom.parseString(svg)
    colours = {c.lower() for c in FILL.values()}
    assert len(colours) == 4 and REPAIRER_FILL.lower() not in colours
    assert fills(svg, "G") == {FILL["G"]} and FILL["G"] not in ("#8a8f98", "#9aa0a6", REPAIRER_FILL)
    assert f'fill="{REPAIRER_FILL}"' in svg and "Green robot" in svg


def test_dd42_dd44_the_killer_sheet_and_level_are_drawn() -> None:
    """Scenario 7: the sheet (ten cells, the played ones ticked), the die, the level; once the
    die has laid it, the cells on the lines of the killer's side (DD-43)."""
    s = new(7, 1, killer_level=3)
    svg = GAME.render_svg(s.view(0))
    xml.dom.minidom.parseString(svg)
    assert (
        "Killer sheet A, not laid yet" in svg
        and "level 3 (Peugeot 403): every hit destroys 2 emitters" in svg
    )
    assert "F forward (towards Yellow" in svg and 'class="killer-cell"' not in svg
    for order_text in ("max F", "shoot", "1 R", "2 F"):
        assert f">{order_text}</text>" in svg
    s.killer_die, s.killer_line0, s.killer_sent = 3, 6, [3]
    svg = GAME.render_svg(s.view(0))
    assert "laid by a die roll of 3, the killer on line 6" in svg and "2 F ✓" in svg
    assert svg.count('class="killer-cell"') == 7  # cells 0..6 on lines 3..9; 7..9 hang off the mat
    assert at(s, "killer") == (6, 1)
    bare = GAME.render_svg(s.view(0), legend=False)
    assert "Killer sheet" not in bare and 'class="killer-cell"' in bare


def test_drawing_options_are_declared_and_checked() -> None:
    names = {opt.name: opt for opt in GAME.drawing_options}
    assert set(names) == {"labels", "legend"} and all(opt.kind is bool for opt in names.values())
    assert all(opt.default is True for opt in names.values())
    assert GAME.validate_drawing({"labels": False}) == {"labels": False}
    with pytest.raises(InvalidOptions, match="drawing options: labels, legend"):
        GAME.validate_drawing({"nosuch": 1})
    with pytest.raises(InvalidOptions):
        GAME.validate_drawing({"legend": "yes"})
    svg = GAME.render_svg(new(1, 2).view(None), **GAME.validate_drawing({"labels": False}))
    assert 'class="coord"' not in svg
