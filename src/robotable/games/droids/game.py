"""The Droids game object: metadata, options and state creation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.errors import InvalidOptions, quoted
from robotable.core.game import JSON, Action, Game, Option, State
from robotable.core.rng import Rng
from robotable.games.droids import actions
from robotable.games.droids.board import Scenario, load_board, load_killer_sheets, load_scenarios
from robotable.games.droids.sentences import ROBOTS_FR
from robotable.games.droids.tokens import COLOUR_NAMES

DEFAULT_COLOURS = {1: "Y", 2: "YR", 3: "YRB", 4: "YRBG"}

OPTIONS = (
    Option(
        "scenario",
        1,
        "DD-35..DD-45: scenario 1 to 7",
        int,
        minimum=1,
        maximum=7,
    ),
    Option(
        "colours",
        None,
        "colours in play, seat by seat, e.g. 'YR' (Y, B, R, G)",
        str,
    ),
    Option(
        "teams",
        False,
        "DD-33: scenarios 1-2 with 4 players, Yellow+Red against Blue+Green",
        bool,
    ),
    Option(
        "turn_limit",
        60,
        "DD-34: the game stops after this turn",
        int,
        minimum=1,
        maximum=1000,
    ),
    Option(
        "garden_mode",
        "centre",
        "DD-38: what a complete garden is",
        str,
        ("centre", "strict"),
    ),
    Option(
        "prison_neighbours",
        4,
        "DD-40: neighbours checked for a prisoner",
        int,
        (4, 8),
    ),
    Option(
        "killer_level",
        1,
        "DD-44: killer level 1..6",
        int,
        minimum=1,
        maximum=6,
    ),
    Option(
        "killer_sheet",
        "A",
        "DD-42: killer sheet",
        str,
        ("A", "B"),
    ),
    Option(
        "killer_sheet_mode",
        "columns",
        "DD-43: how the sheet is read",
        str,
        ("columns", "sequence"),
    ),
    Option(
        "choice_timeout_s",
        30.0,
        "DD-25/DD-27: seconds to choose emitters",
        float,
        minimum=1,
    ),
    Option(
        "board_file",
        None,
        "your own board file, in the format of data/droids_board_default.json",
        str,
    ),
    Option(
        "killer_file",
        None,
        "your own killer sheets, like data/droids_killer_sheets.json",
        str,
    ),
    Option(
        "scenarios_file",
        None,
        "your own scenario table, like data/droids_scenarios.json",
        str,
    ),
)

DRAWING_OPTIONS = (
    Option("labels", True, "row and column numbers, emitter names e0..e9 and empty slots e3.1", bool),
    Option(
        "legend",
        True,
        "below the board: status, key of colours and codes, the killer's sheet, the hand",
        bool,
    ),
)


class DroidsGame(Game):
    id = "droids"
    title = "Droids"
    min_seats = 1
    max_seats = 4
    rules_version = "droids-2"  # 2: placement in three steps (token, slot, arrow)
    options = OPTIONS
    drawing_options = DRAWING_OPTIONS
    hidden_information = True

    def validate_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        values = super().validate_options(options)
        load_board(values["board_file"])  # broken files are refused now, naming file and field
        load_killer_sheets(values["killer_file"])
        load_scenarios(values["scenarios_file"])
        if values["teams"] and not self.scenario(values).teams:
            raise InvalidOptions(
                f"teams are played in scenarios 1 and 2, not {values['scenario']}",
                fr=f"les équipes se jouent dans les scénarios 1 et 2, pas dans le {values['scenario']}",
            )
        return values

    def scenario(self, options: Mapping[str, Any]) -> Scenario:
        return load_scenarios(options.get("scenarios_file"))[options["scenario"]]

    def colours_for(self, options: Mapping[str, Any], seats: int) -> str:
        scenario = self.scenario(options)
        colours = options.get("colours") or DEFAULT_COLOURS[seats]
        colours = colours.upper()
        if len(colours) != seats or len(set(colours)) != seats:
            raise InvalidOptions(
                f"option 'colours' needs {seats} different colours, not {quoted(colours)}",
                fr=f"l'option « couleurs » demande {seats} couleurs différentes, pas {colours!r}",
            )
        bad = [c for c in colours if c not in scenario.colours]
        if bad:
            allowed = ", ".join(COLOUR_NAMES[c] for c in scenario.colours)
            allowed_fr = ", ".join(ROBOTS_FR[COLOUR_NAMES[c]] for c in scenario.colours)
            raise InvalidOptions(
                f"scenario {scenario.number} is played with {allowed}, not {bad[0]!r}",
                fr=f"le scénario {scenario.number} se joue avec {allowed_fr}, pas {bad[0]!r}",
            )
        if options.get("teams") and seats != 4:
            raise InvalidOptions("teams need 4 players", fr="les équipes se jouent à 4 joueurs")
        return colours

    def check_seats(self, seats: int, options: Mapping[str, Any] | None = None) -> None:
        super().check_seats(seats)
        if options is not None:
            scenario = self.scenario(options)
            if seats not in scenario.players:
                counts = ", ".join(map(str, scenario.players))
                raise InvalidOptions(
                    f"scenario {scenario.number} ({scenario.name}) is for {counts} player(s)",
                    fr=f"le scénario {scenario.number} ({scenario.name}) se joue à {counts} joueur(s)",
                )

    def new_state(self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 2) -> Any:
        from robotable.games.droids.state import DroidsState

        values = self.validate_options(options)
        self.check_seats(seats, values)
        self.colours_for(values, seats)
        return DroidsState.new(self, values, Rng(seed), seats)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def decode_state(self, data: Mapping[str, JSON]) -> Any:
        from robotable.games.droids.state import DroidsState

        return DroidsState.from_dict(self, data)

    # ---- faces

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        from robotable.games.droids.svg import view_svg

        return view_svg(view, **options)

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        from robotable.games.droids.terminal import view_text

        return view_text(view)

    def describe_event(self, event: Mapping[str, JSON], name: Any, lang: str = "en") -> str | None:
        from robotable.games.droids.sentences import describe_event

        return describe_event(event, name, lang)

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        from robotable.games.droids.bots import hint

        return hint(self, view, level)

    def takes_back(self, action: Action) -> bool:
        return action == actions.BACK

    def counters(self, view: Mapping[str, JSON]) -> list[list[dict[str, JSON]]]:
        from robotable.games.droids.advice import counters

        return counters(view)

    def why(self, view: Mapping[str, JSON], seat: int, action: str) -> dict[str, JSON]:
        from robotable.games.droids.advice import why

        return why(view, seat, action)

    def guidance(self, view: Mapping[str, JSON], seat: int | None) -> dict[str, JSON]:
        from robotable.games.droids.advice import guidance

        return guidance(view, seat)

    views_make_worlds = True

    def world_from_view(self, view: Mapping[str, JSON], seed: int = 0) -> State:
        """A whole game the view's seat could be in (``world.py``), for a searching bot run away
        from the server."""
        from robotable.games.droids.world import world_from_view

        return world_from_view(self, view, seed)

    def bots(self) -> dict[str, Any]:
        from robotable.games.droids.bots import BOTS

        return dict(BOTS)
