"""The Ricochet Robots game object: metadata, options and state creation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.errors import InvalidOptions, NotationError, RobotableError
from robotable.core.game import JSON, Action, Game, Option, State
from robotable.core.rng import Rng
from robotable.games.ricochet import actions
from robotable.games.ricochet.board import (
    ALL_TARGETS,
    DIRECTIONS,
    Board,
    Target,
    assemble,
    cell_index,
    check_face_set,
    faces_for,
    random_board,
)
from robotable.games.ricochet.code import ROBOT_NAMES, Puzzle, parse_board_code
from robotable.games.ricochet.state import DEMONSTRATION, PUZZLE, RicochetState, chips_to_win

OPTIONS = (
    Option(
        "must_ricochet",
        True,
        "RR-15: the scoring robot must have turned 90 degrees at least once",
        bool,
    ),
    Option(
        "silver_robot",
        False,
        "RR-7: add the fifth, neutral silver robot",
        bool,
    ),
    Option(
        "face_set",
        "1999",
        "RR-5: board faces allowed",
        str,
        choices=("1999", "1999+C"),
    ),
    Option(
        "faces_file",
        None,
        "your own board faces file, in the format of data/faces.txt",
        str,
    ),
    Option(
        "board",
        None,
        "a fixed board: four face ids for NW, NE, SE, SW, like 1A2A3A4A",
        str,
    ),
    Option(
        "puzzle",
        None,
        "start from this puzzle code FFFFFFFF-RRRRRRRR-TT (RR-28)",
        str,
    ),
    Option(
        "tie_break",
        "fewest_chips",
        "RR-20 order of equal bids",
        str,
        ("fewest_chips", "earliest_bid"),
    ),
    Option(
        "bid_window_s",
        60.0,
        "RR-18: seconds of countdown after the first bid",
        float,
        minimum=1,
    ),
    Option(
        "stall_after_s",
        300.0,
        "RR-19: seconds without a bid before the countdown starts",
        float,
        minimum=1,
        nullable=True,
    ),
    Option(
        "demo_timeout_s",
        120.0,
        "RR-21: seconds allowed for one demonstration",
        float,
        minimum=1,
    ),
    Option(
        "max_bid",
        99,
        "RR-16: the highest bid",
        int,
        minimum=1,
        maximum=99,
    ),
    Option(
        "chips_to_win",
        None,
        "RR-26: chips that win (default by player count)",
        int,
        minimum=1,
        maximum=17,
    ),
    Option(
        "max_players",
        8,
        "the most players a bidding game takes",
        int,
        minimum=2,
        maximum=32,
    ),
    Option(
        "puzzle_chain",
        True,
        "RR-33: solo puzzles continue from the best attempt's end",
        bool,
    ),
    Option(
        "puzzle_time_limit_s",
        None,
        "RR-30: seconds per solo puzzle (none by default)",
        float,
        minimum=1,
    ),
    Option(
        "solver_timeout_s",
        60.0,
        "RR-34: seconds the solver may take to prove an optimum",
        float,
        minimum=0.1,
        maximum=60.0,  # longer never proves more in practice, and a server's worker waits for it
    ),
)


DRAWING_OPTIONS = (
    Option(
        "solution",
        None,
        "moves drawn from the markers as numbered arrows, like 'red W, green E, red N' "
        "(default: the moves of the running demonstration or attempt)",
        (str, list, tuple),
    ),
    Option("size", 640, "width and height of the picture, in pixels", int, minimum=64, maximum=8192),
    Option("coordinates", True, "the hex coordinates 0-F around the board", bool),
    Option("title", None, "the picture's title (shown as a tooltip)", str),
)


class RicochetGame(Game):
    id = "ricochet"
    title = "Ricochet Robots"
    min_seats = 1  # 1 = solo puzzle mode (RR-30); 2+ = the bidding game
    max_seats = 8  # the default of option max_players, which may raise it to 32
    rules_version = "ricochet-1"
    options = OPTIONS
    drawing_options = DRAWING_OPTIONS

    def needs_clock(self, seats: int) -> str | None:
        if seats == 1:
            return None  # RR-30: the solo puzzle waits for its player
        return "the bidding closes only when the sand timer runs out"  # RR-18, worded for people

    def costly(self, state: State, action: Action) -> bool:
        return isinstance(state, RicochetState) and state.runs_solver(action)

    def validate_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        values = super().validate_options(options)
        if values["faces_file"] is not None:  # a broken file is refused now, naming file and line
            check_face_set(faces_for(values["faces_file"]), values["face_set"], values["faces_file"])
        if values["board"] is not None:
            try:  # the same checks as a puzzle code's faces part (RR-29)
                values["board"] = "".join(parse_board_code(values["board"], values["face_set"]))
            except NotationError as exc:
                raise InvalidOptions(f"option 'board': {exc}", option="board", reason=str(exc)) from None
        if values["puzzle"] is not None:
            try:
                values["puzzle"] = str(Puzzle.parse(values["puzzle"], face_set=values["face_set"]))
            except NotationError as exc:
                raise InvalidOptions(f"option 'puzzle': {exc}", option="puzzle", reason=str(exc)) from None
        return values

    def check_seats(self, seats: int, options: Mapping[str, Any] | None = None) -> None:
        limit = (options or {}).get("max_players", 8)
        if not 1 <= seats <= limit:
            raise InvalidOptions(
                f"Ricochet Robots takes 1 player (solo puzzles) or 2 to {limit}, not {seats}",
                fr=f"Ricochet Robots se joue seul (énigmes) ou de 2 à {limit} joueurs, pas à {seats}",
            )

    def new_state(
        self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 2
    ) -> RicochetState:
        values = self.validate_options(options)
        self.check_seats(seats, values)
        return RicochetState.new(self, values, Rng(seed), seats)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def decode_state(self, data: Mapping[str, JSON]) -> RicochetState:
        return RicochetState.from_dict(self, data)

    # ---- faces: pictures, text and rules, all drawn from a view

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        """The view's position; ``solution`` draws moves from the markers, otherwise the moves
        of the running demonstration or attempt are drawn (see :data:`DRAWING_OPTIONS`)."""
        from robotable.games.ricochet.svg import board_svg, solution_paths

        drawing = self.validate_drawing(options)
        _check_title(drawing.get("title"))
        board, robots, markers, target = _position(view)
        given = drawing.pop("solution", None)
        drawing.pop("names", None)  # no seat is drawn: the robots are named by their colours
        solution = _drawn_moves(view.get("moves", []) if given is None else given, len(markers))
        paths = solution_paths(board, markers, solution) if solution else ()
        return board_svg(board, robots=robots, target=target, markers=markers, paths=paths, **drawing)

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        from robotable.games.ricochet.terminal import board_text

        board, robots, markers, target = _position(view)
        return board_text(board, robots=robots, target=target, markers=markers, legend=True)

    def describe_event(self, event: Mapping[str, JSON], name: Any, lang: str = "en") -> str | None:
        from robotable.games.ricochet.sentences import describe_event

        return describe_event(event, name, lang)

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        """Level 1: the optimal length; level 2 and up: the first move from the markers."""
        from robotable.games.ricochet.solver import solve

        if not view.get("puzzle"):
            raise RobotableError("there is no target to hint at")
        puzzle = Puzzle.parse(view["puzzle"], face_set="1999+C", faces_file=view["options"].get("faces_file"))
        rule = bool(view["options"]["must_ricochet"])
        found = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=rule)
        if found is None:
            return "this position has no solution"
        if level <= 1:
            return f"the shortest solution takes {found.length} move{'' if found.length == 1 else 's'}"
        first = actions.Move(*found.moves[0])
        restart = " (from the markers: 'reset' first)" if view.get("moves") else ""
        return f"a shortest solution starts with {first}{restart}"

    def phase_help(self, view: Mapping[str, JSON], lang: str = "en") -> str:
        """Every action of the view's phase for the view's seat, one per line with its meaning,
        including those not legal at this very moment (``reset`` before any move). The face
        adds its own commands (``hint``, ``legal``, ``quit``). ``lang``: the meanings in ``en``
        or ``fr`` (the forms are the notation, the same in both)."""
        return "\n".join(f"  {form:<22}{meaning}" for form, meaning in phase_commands(view, lang))

    def warm_up(self) -> None:
        """Compile the solver's kernel (seconds, once per installation) or load it (fast)."""
        from robotable.games.ricochet import solver

        solver.warm_up()

    def bots(self) -> dict[str, Any]:
        from robotable.games.ricochet.bots import BOTS

        return dict(BOTS)

    def counters(self, view: Mapping[str, JSON]) -> list[list[dict[str, JSON]]]:
        from robotable.games.ricochet.advice import counters

        return counters(view)

    def why(self, view: Mapping[str, JSON], seat: int, action: str) -> dict[str, JSON]:
        from robotable.games.ricochet.advice import why

        return why(view, seat, action)

    def guidance(self, view: Mapping[str, JSON], seat: int | None) -> dict[str, JSON]:
        from robotable.games.ricochet.advice import guidance

        return guidance(view, seat)

    def chips_to_win(self, options: Mapping[str, Any], seats: int) -> int | None:
        return chips_to_win(options, seats)

    def random_board(self, rng: Rng, face_set: str) -> tuple[str, ...]:
        """RR-6: a uniform choice among the placements."""
        return random_board(rng, face_set)


def _position(view: Mapping[str, JSON]) -> tuple[Board, list[int], list[int], Target | None]:
    """Board, robot cells, marker cells and target of a view."""
    faces = view["board"]
    faces_file = view.get("options", {}).get("faces_file")
    board = assemble([faces[i : i + 2] for i in range(0, 8, 2)], faces_for(faces_file))
    robots = [cell_index(x, y) for x, y in view["robots"]]
    markers = [cell_index(x, y) for x, y in view["markers"]]
    target = next((t for t in ALL_TARGETS if t.code == view["target"]), None)
    return board, robots, markers, target


def _check_title(title: str | None) -> None:
    """The ``title`` drawing option goes into the SVG as text: XML 1.0 has no way to write a
    control character (other than tab and line breaks), so one would leave a file no viewer opens."""
    if title is None:
        return
    for char in title:
        if not char.isprintable() and char not in "\t\n\r":
            raise InvalidOptions(
                f"drawing option 'title': character {char!r} (U+{ord(char):04X}) cannot be drawn"
            )


def _drawn_moves(solution: object, robot_count: int) -> list[tuple[int, int]]:
    """The ``solution`` drawing option as (robot, direction) pairs: a text of moves separated by
    commas, or a list of moves each written in notation or as a (robot, direction) pair."""
    items = [part for part in solution.split(",") if part.strip()] if isinstance(solution, str) else solution
    moves = []
    for item in items:  # type: ignore[attr-defined]
        move = _drawn_move(item)
        if move.robot >= robot_count:
            name = ROBOT_NAMES[move.robot]
            raise InvalidOptions(f"drawing option 'solution': the {name} robot is not in play")
        moves.append((move.robot, move.direction))
    return moves


def _drawn_move(item: object) -> actions.Move:
    """One move of the option: notation (``red N``), or a pair such as ``(0, 2)`` or ``("red", "S")``."""
    text = item
    if isinstance(item, list | tuple) and len(item) == 2:
        robot, direction = item
        if type(robot) is int and 0 <= robot < len(ROBOT_NAMES):
            robot = ROBOT_NAMES[robot]
        if type(direction) is int and 0 <= direction < len(DIRECTIONS):
            direction = DIRECTIONS[direction]
        text = f"{robot} {direction}" if isinstance(robot, str) and isinstance(direction, str) else None
    if isinstance(text, str):
        try:
            action = actions.parse_action(text)
        except NotationError as exc:
            raise InvalidOptions(f"drawing option 'solution': {exc}") from None
        if isinstance(action, actions.Move):
            return action
    shown = repr(item) if len(repr(item)) <= 30 else repr(item)[:27] + "..."
    raise InvalidOptions(f"drawing option 'solution': {shown} is not a move like 'red N'")


def phase_commands(view: Mapping[str, JSON], lang: str = "en") -> list[tuple[str, str]]:
    """``(form, meaning)`` of every command the view's seat may type in the view's phase, the
    meanings in ``lang`` (``fr``: French in the rulebook's words; any other: English)."""
    words = _COMMAND_WORDS.get(lang, _COMMAND_WORDS["en"])
    phase, seat = view.get("phase"), view.get("seat")
    robots = ", ".join(ROBOT_NAMES[: len(view.get("robots", ()))])
    move = ("red N", words["move"].format(robots=robots))
    if phase in ("solving", "countdown"):
        top = view.get("options", {}).get("max_bid", 99)
        return [("bid N", words["bid"].format(top=top))]
    if phase == DEMONSTRATION:
        if seat is not None and seat != view.get("demonstrator"):
            return [(words["empty"], words["wait"])]
        return [move, ("give-up", words["give-up"])]
    if phase == PUZZLE:
        return [move, *((command, words[command]) for command in ("reset", "reveal", "next"))]
    return []


_COMMAND_WORDS = {
    "en": {
        "move": "slide a robot N, E, S or W ({robots}; or R N, G E...)",
        "bid": "bid a number of moves, 1 to {top}; after that you may only bid lower",
        "empty": "(empty line)",
        "wait": "wait: another player demonstrates",
        "give-up": "abandon your demonstration; the next bidder goes",
        "reset": "robots back to their markers, to start an attempt again",
        "reveal": "show an optimal solution; the puzzle ends unsolved",
        "next": "keep your best attempt and go to the next puzzle (once solved)",
    },
    "fr": {
        "move": (
            "faire glisser un robot au nord, à l'est, au sud ou à l'ouest : N, E, S, W"
            " ({robots} ; ou R N, G E...)"
        ),
        "bid": "annoncer un nombre de coups, de 1 à {top} ; ensuite, seulement une annonce plus petite",
        "empty": "(ligne vide)",
        "wait": "attendre : un autre joueur fait sa démonstration",
        "give-up": "abandonner sa démonstration ; le joueur de l'annonce suivante prend la main",
        "reset": "les robots reviennent sur leurs jetons de couleur, pour une nouvelle tentative",
        "reveal": "montrer une solution la plus courte ; le problème s'arrête sans être résolu",
        "next": "garder sa meilleure tentative et passer au problème suivant (une fois résolu)",
    },
}
"""The meanings of the commands, per language; the forms are the notation, typed the same."""
