"""The DR2D game object: metadata, options (spec table "Options") and state creation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Action, Game, Option, State
from robotable.core.rng import Rng
from robotable.games.dr2d import actions
from robotable.games.dr2d.board import load_board

OPTIONS = (
    Option(
        "absolute_directions",
        False,
        "DR-12: register letters are board directions",
        bool,
    ),
    Option(
        "press_every_register",
        False,
        "DR-27: presses crush after every register",
        bool,
    ),
    Option(
        "pit_damage",
        False,
        "DR-25: entering a pit also costs 1 PC",
        bool,
    ),
    Option(
        "turn_limit",
        40,
        "DR-33: the game ends after this turn",
        int,
        minimum=1,
        maximum=999,
    ),
    Option(
        "start_placement",
        "choose",
        "DR-7: choose a start tile, take the assigned one, or any free plain floor",
        str,
        choices=("choose", "assigned", "free"),
    ),
    Option(
        "standby_between_registers",
        False,
        "DR-31: a standby window after registers 1 to 4",
        bool,
    ),
    Option(
        "standby_window_s",
        10.0,
        "DR-31: seconds a standby window stays open",
        float,
        minimum=0.1,
    ),
    Option(
        "program_timeout_s",
        None,
        "DR-10: seconds to program; missing programs become five STAY",
        float,
        minimum=1,
        nullable=True,
    ),
    Option(
        "reentry_scan_from_next",
        False,
        "DR-32: the re-entry scan starts after the exit tile",
        bool,
    ),
    Option(
        "board_file",
        None,
        "your own board file, in the format of data/board_default.txt",
        str,
    ),
)

DRAWING_OPTIONS = (
    Option("paths", False, "draw each robot's route during the last turn (a line through its tiles)", bool),
)


class DR2DGame(Game):
    id = "dr2d"
    title = "Des Robots et Des Dalles"
    min_seats = 2
    max_seats = 8
    rules_version = "dr2d-1"
    options = OPTIONS
    drawing_options = DRAWING_OPTIONS
    hidden_information = True

    def validate_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        values = super().validate_options(options)
        load_board(values["board_file"])  # a broken board file is refused now, naming file and line
        return values

    def new_state(self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 4) -> Any:
        from robotable.games.dr2d.state import DR2DState

        values = self.validate_options(options)
        self.check_seats(seats)
        return DR2DState.new(self, values, Rng(seed), seats)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def decode_state(self, data: Mapping[str, JSON]) -> Any:
        from robotable.games.dr2d.state import DR2DState

        return DR2DState.from_dict(self, data)

    # ---- faces

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        """The board and robots; the :data:`DRAWING_OPTIONS` (``paths=True`` draws each robot's
        route in the last turn). An unknown option is refused listing the known ones."""
        from robotable.games.dr2d.svg import board_svg

        return board_svg(view, **self.validate_drawing(options))

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        from robotable.games.dr2d.terminal import board_text

        return board_text(view)

    def counters(self, view: Mapping[str, JSON]) -> list[list[dict[str, JSON]]]:
        from robotable.games.dr2d.advice import counters

        return counters(view)

    def guidance(self, view: Mapping[str, JSON], seat: int | None) -> dict[str, JSON]:
        from robotable.games.dr2d.advice import guidance

        return guidance(view, seat)

    def why(self, view: Mapping[str, JSON], seat: int, action: str) -> dict[str, JSON]:
        from robotable.games.dr2d.advice import why

        return why(view, seat, action)

    def describe_event(self, event: Mapping[str, JSON], name: Any, lang: str = "en") -> str | None:
        from robotable.games.dr2d.sentences import describe_event

        return describe_event(event, name, lang)

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        from robotable.games.dr2d.bots import hint

        return hint(view, level)

    def takes_back(self, action: Action) -> bool:
        return action == actions.UNDO

    views_make_worlds = True

    def world_from_view(self, view: Mapping[str, JSON], seed: int = 0) -> State:
        """DR-34: a whole game a seat with this view could be in, for a searching bot run away
        from the server (see ``world``)."""
        from robotable.games.dr2d.world import world_from_view

        return world_from_view(self, view, seed)

    def bots(self) -> dict[str, Any]:
        from robotable.games.dr2d.bots import BOTS

        return dict(BOTS)
