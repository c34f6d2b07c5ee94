"""Pictures (SVG), terminal drawings and rules summaries of Ricochet Robots."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from robotable import games
from robotable.core.errors import InvalidOptions, RobotableError
from robotable.games.ricochet.board import Target, assemble, cell_index
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.svg import board_svg, solution_paths
from robotable.games.ricochet.terminal import board_text

NS = "{http://www.w3.org/2000/svg}"
P1 = "1A2A3A4A-8A44FF0F-RC"
EX4 = [(0, "W"), (1, "E"), (0, "N")]  # RR-EX-4: red W, green E, red N
RR_EX_15 = (
    "B N, B W, B S, B W, B S, B W, B S, B E, B N, G S, G E, Y W, Y S, G W, G S, B W, Y E, Y N, Y E, Y S, "
    "B E, B S, G E, B N, B E"
)

# The spec's drawing of test board T, with its decimal row numbers.
SPEC_BOARD_T = """\
       0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F
    +---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+
  0 |       |                                       |               |
    +   +   +   +   +---+   +   +   +   +   +   +   +   +---+   +   +
  1 |               | RC                                | RQ        |
    +   +---+   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  2 |     GT|                             BT|                       |
    +   +   +   +   +   +   +   +   +   +---+   +   +   +   +   +   +
  3 |                         YH|                                   |
    +   +   +   +   +   +   +---+   +   +   +   +   +   +   +   +---+
  4 |                                                               |
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
  5 |                                                       | GH    |
    +---+   +   +   +   +   +   +   +   +   +   +---+   +   +---+   +
  6 |           | BQ                              YC|               |
    +   +   +   +---+   +   +   +---+---+   +   +   +   +   +   +   +
  7 |                           |###|###|                           |
    +   +   +   +   +   +---+   +---+---+   +   +   +   +   +   +   +
  8 |                     M*|   |###|###|                           |
    +   +   +   +   +   +   +   +---+---+   +   +   +   +   +   +   +
  9 |     BC|                                                 YQ|   |
    +   +---+   +   +   +   +   +   +---+   +   +   +   +   +---+   +
 10 |               | GQ              RT|                           |
    +   +   +   +   +---+   +   +   +   +   +   +   +   +   +   +---+
 11 |                                                   | GC        |
    +---+   +   +   +   +   +   +   +   +   +   +   +   +---+   +   +
 12 |                                                               |
    +   +   +   +   +   +---+   +   +   +   +---+   +   +   +   +   +
 13 |                     RH|               | BH                    |
    +   +   +   +---+   +   +   +   +   +   +   +   +   +   +   +   +
 14 |           | YT                                                |
    +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +   +
 15 |                           |                   |               |
    +---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+"""


def _svg(code: str = P1, moves: list[tuple[int, str]] | None = None, **kwargs: object) -> ET.Element:
    puzzle = Puzzle.parse(code)
    board, robots = puzzle.board(), puzzle.robot_cells()
    paths = solution_paths(board, robots, moves) if moves else ()
    text = board_svg(board, robots=robots, target=puzzle.target, paths=paths, markers=robots, **kwargs)
    return ET.fromstring(text)


def _with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


# --------------------------------------------------------------------------- SVG


def test_svg_is_a_titled_svg_document() -> None:
    root = _svg(size=400)
    assert root.tag == f"{NS}svg"
    assert root.get("version") == "1.1"
    assert root.get("viewBox") == "0 0 680 680"
    assert (root.get("width"), root.get("height")) == ("400", "400")
    assert root.find(f"{NS}title").text == "Ricochet Robots board 1A2A3A4A, target red circle"


def test_svg_custom_title_and_no_coordinates() -> None:
    root = _svg(title="P1", coordinates=False)
    assert root.find(f"{NS}title").text == "P1"
    assert root.get("viewBox") == "0 0 640 640"
    assert not _with_class(root, "coordinates")


def test_svg_coordinates_are_hex_digits() -> None:
    (group,) = _with_class(_svg(), "coordinates")
    digits = [t.text for t in group]
    assert len(digits) == 64  # 16 on each edge
    assert set(digits) == set("0123456789ABCDEF")


def test_svg_robots_and_markers() -> None:
    root = _svg()
    assert [e.get("class") for e in _with_class(root, "robot")] == [
        "robot red",
        "robot green",
        "robot blue",
        "robot yellow",
    ]
    assert len(_with_class(root, "marker")) == 4
    assert len(_with_class(_svg("1A2A3A4A-8A44FF0FC3-RC"), "robot")) == 5


def test_svg_targets_and_current_target() -> None:
    root = _svg()
    targets = _with_class(root, "target")
    assert len(targets) == 17
    codes = {t.code for t in assemble(["1A", "2A", "3A", "4A"]).targets}
    assert {t.get("id") for t in targets} == {f"target-{code}" for code in codes}
    assert [t.get("id") for t in _with_class(root, "current")] == ["target-RC"]
    assert len(_with_class(root, "vortex")) == 1  # the vortex is the only pinwheel


def test_svg_draws_each_wall_once() -> None:
    board = assemble(["1A", "2A", "3A", "4A"])
    bits = sum(bin(mask).count("1") for mask in board.walls)
    edge = 4 * 16
    hidden = 4  # the walls between two centre cells lie under the centre block
    expected = edge + (bits - edge) // 2 - hidden
    assert len(_with_class(_svg(), "wall")) == expected


def test_solution_paths_of_rr_ex_4() -> None:
    puzzle = Puzzle.parse(P1)
    paths = solution_paths(puzzle.board(), puzzle.robot_cells(), EX4)
    assert paths == [
        (0, [cell_index(x, 10) for x in range(8, 3, -1)]),
        (1, [cell_index(x, 4) for x in range(4, 16)]),
        (0, [cell_index(4, y) for y in range(10, 0, -1)]),
    ]


def test_solution_paths_accepts_direction_numbers_and_blocked_moves() -> None:
    puzzle = Puzzle.parse(P1)
    red = puzzle.robot_cells()[0]
    assert solution_paths(puzzle.board(), puzzle.robot_cells(), [(0, 0)]) == [(0, [red])]  # wall N


def test_svg_paths_become_numbered_arrows() -> None:
    root = _svg(moves=EX4)
    moves = _with_class(root, "move")
    assert [m.get("class") for m in moves] == ["move red", "move green", "move red"]
    assert len(_with_class(root, "arrow-head")) == 3
    numbers = [t.text for a in _with_class(root, "move-label") for t in a.iter(f"{NS}text")]
    assert numbers == ["1", "2", "3"]


def _label_centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    return {
        label.get("id", ""): (float(circle.get("cx", "")), float(circle.get("cy", "")))
        for label in _with_class(root, "move-label")
        for circle in label.iter(f"{NS}circle")
    }


def test_svg_every_number_is_drawn_after_every_path_and_head() -> None:
    """Issue 12: label 11 of the 25-move solution was hidden under a later path."""
    root = _svg(moves=EX4)
    order = {id(e): k for k, e in enumerate(root.iter())}
    lines = [order[id(e)] for e in _with_class(root, "move") + _with_class(root, "arrow")]
    labels = [order[id(e)] for e in _with_class(root, "move-label")]
    robots = [order[id(e)] for e in _with_class(root, "robot")]
    assert len(labels) == 3 and max(lines + robots) < min(labels)


def test_svg_numbers_of_moves_sharing_a_lane_do_not_overlap() -> None:
    """red W, red E, red W: moves 1 and 3 follow the same lane; their numbers stay apart."""
    from robotable.games.ricochet.svg import LABEL_GAP

    centres = _label_centres(_svg(moves=[(0, "W"), (0, "E"), (0, "W")]))
    assert math.dist(centres["label-1"], centres["label-3"]) >= LABEL_GAP
    # a lone move keeps its usual place, a third of the way and clear of the pawn
    (alone,) = _label_centres(_svg(moves=[(0, "W")])).values()
    assert alone == centres["label-1"]


def test_rr_ex15_every_number_of_the_25_move_solution_is_readable() -> None:
    """RR-EX-15's published solution (no solver needed): 25 numbers, no two touching."""
    from robotable.games.ricochet.svg import LABEL_GAP

    letters = {"B": 2, "G": 1, "Y": 3}
    solution = [(letters[m.split()[0]], m.split()[1]) for m in RR_EX_15.split(", ")]
    centres = _label_centres(_svg("4B3B2B1A-2E03B221-BT", moves=solution))
    assert len(centres) == 25
    for (a, p), (b, q) in itertools.combinations(centres.items(), 2):
        assert math.dist(p, q) >= LABEL_GAP, (a, b)


# --------------------------------------------------------------------------- drawing options


def _view(code: str = P1, seats: int = 2) -> dict:
    return games.get("ricochet").new_state({"puzzle": code}, seats=seats).view(None)


def test_drawing_options_are_declared_with_help() -> None:
    game = games.get("ricochet")
    assert {o.name for o in game.drawing_options} == {"solution", "size", "coordinates", "title"}
    assert all(o.help for o in game.drawing_options)
    with pytest.raises(InvalidOptions, match="drawing options: coordinates, size, solution, title"):
        game.render_svg(_view(), nosuch=1)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"size": "big"}, "size"),
        ({"size": 10**12}, "size"),
        ({"coordinates": "no"}, "coordinates"),
        ({"solution": "red W, jump"}, "solution"),
        ({"solution": [[0, 9]]}, "solution"),
        ({"solution": "silver N"}, "silver robot is not in play"),
        ({"solution": 3}, "solution"),
    ],
)
def test_drawing_option_values_are_checked(options: dict, reason: str) -> None:
    with pytest.raises(InvalidOptions, match=reason):
        games.get("ricochet").render_svg(_view(), **options)


@pytest.mark.parametrize("title", ["a\x01b", "\x1b[2J", "nul\x00"])
def test_a_title_with_a_control_character_is_refused_not_written_unreadable(title: str) -> None:
    """XML 1.0 cannot hold it: the SVG written would open in no viewer."""
    with pytest.raises(InvalidOptions, match="drawing option 'title': character"):
        games.get("ricochet").render_svg(_view(), title=title)


def test_a_title_in_any_printable_script_is_drawn_as_given() -> None:
    title = "Été — plateau ² <&>\tdeux lignes\n"
    root = ET.fromstring(games.get("ricochet").render_svg(_view(), title=title))
    assert root.find("{http://www.w3.org/2000/svg}title").text == title


def test_drawing_option_solution_in_notation_or_pairs() -> None:
    game = games.get("ricochet")
    for solution in ("red W, green E, red N", ["red W", "green E", "red N"], EX4, [[0, 3], [1, 1], [0, 0]]):
        root = ET.fromstring(game.render_svg(_view(), solution=solution, size=320, coordinates=False))
        assert [m.get("class") for m in _with_class(root, "move")] == ["move red", "move green", "move red"]
        assert root.get("width") == "320" and not _with_class(root, "coordinates")


def test_svg_of_a_bare_board() -> None:
    root = ET.fromstring(board_svg(assemble(["4B", "3B", "2B", "1A"])))
    assert not _with_class(root, "robot")
    assert not _with_class(root, "current")
    assert len(_with_class(root, "target")) == 17


# --------------------------------------------------------------------------- terminal


def _strip_row_labels(drawing: str) -> list[str]:
    lines = drawing.splitlines()
    return [lines[0]] + [line[4:] for line in lines[1:]]


def test_text_board_t_matches_the_spec_drawing() -> None:
    plain = board_text(assemble(["1A", "2A", "3A", "4A"])).plain
    assert _strip_row_labels(plain) == _strip_row_labels(SPEC_BOARD_T)
    assert plain.splitlines()[22].startswith("  A |")  # rows are numbered in hex


def test_text_robots_markers_and_active_target() -> None:
    puzzle = Puzzle.parse(P1)
    board, start = puzzle.board(), puzzle.robot_cells()
    after = (cell_index(4, 1), cell_index(15, 4), *start[2:])  # the end of RR-EX-4
    lines = board_text(board, robots=after, target=puzzle.target, markers=start).plain.splitlines()
    row = {y: lines[2 + 2 * y][4:] for y in range(16)}  # cell lines, without labels
    assert row[1] == "|               |RRC                                | RQ        |"  # red on RC
    assert row[4] == "|                 g                                           G |"  # green moved
    assert row[10] == "|               | GQ             rRT|                           |"  # red's marker
    assert row[15] == "| Y                         |                   |             B |"


def test_text_active_target_and_highlight() -> None:
    board = assemble(["1A", "2A", "3A", "4A"])
    text = board_text(board, target=Target("blue", "triangle"), highlight_cells=[cell_index(0, 0)])
    lines = text.plain.splitlines()
    assert lines[2] == "  0 | .     |                                       |               |"
    assert lines[6] == "  2 |     GT|                            >BT|                       |"
    active = [span for span in text.spans if text.plain[span.start : span.end] == ">BT"]
    assert active and "reverse" in str(active[0].style)


# --------------------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("lang", "terms"),
    [
        (
            "en",
            [
                "ricochet",
                "silver",
                "vortex",
                "bid 5",
                "give-up",
                "reset",
                "reveal",
                "hint",
                "FFFFFFFF-RRRRRRRR-TT",
                "R N",
            ],
        ),
        (
            "fr",
            [
                "ricochet",
                "argenté",
                "vortex",
                "annonce",
                "sablier",
                "bid 5",
                "give-up",
                "reveal",
                "FFFFFFFF-RRRRRRRR-TT",
            ],
        ),
    ],
)
def test_rules_summaries_mention_the_key_terms(lang: str, terms: list[str]) -> None:
    text = games.get("ricochet").rules_summary(lang)
    assert 60 <= len(text.splitlines()) <= 110
    for term in terms:
        assert term.lower() in text.lower(), term


def test_rules_summary_refuses_unknown_language() -> None:
    with pytest.raises(RobotableError, match="en, fr"):
        games.get("ricochet").rules_summary("de")
