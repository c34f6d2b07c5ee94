"""The Robotick game object: metadata, options and state creation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.errors import InvalidOptions
from robotable.core.game import JSON, Action, Game, Option, State
from robotable.core.rng import Rng
from robotable.games.robotick import actions
from robotable.games.robotick.cards import PV_TABLES, ROUNDS, load_ai_cards, load_pv
from robotable.games.robotick.state import RobotickState

OPTIONS = (
    Option(
        "hangars",
        3,
        "RT-16: face-up captures per round (variant 1: 4)",
        int,
        minimum=1,
        maximum=12,
    ),
    Option(
        "fixed_ai_card",
        False,
        "RT-6: variant 2, the first AI card governs all three rounds",
        bool,
    ),
    Option(
        "pv_table",
        "strength",
        "RT-2: built-in PV table",
        str,
        choices=tuple(PV_TABLES),
    ),
    Option(
        "cards_file",
        None,
        "your own PV table, in the format of data/cards.txt (RT-2)",
        str,
    ),
    Option(
        "ai_cards_file",
        None,
        "your own AI cards, in the format of data/ai_cards.txt (RT-3)",
        str,
    ),
)


class RobotickGame(Game):
    id = "robotick"
    title = "Robotick"
    min_seats = 3  # RT-1: exactly three humans; Droco is played by the engine
    max_seats = 3
    rules_version = "robotick-1"
    options = OPTIONS
    drawing_options = ()  # the table is drawn one way; any -D key=value is refused by name
    hidden_information = True

    def validate_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        values = super().validate_options(options)
        load_pv(values["cards_file"], values["pv_table"])  # a broken file is refused now
        deck = load_ai_cards(values["ai_cards_file"])
        needed = 1 if values["fixed_ai_card"] else ROUNDS
        if len(deck) < needed:
            raise InvalidOptions(
                f"the AI card file holds {len(deck)} card(s); {needed} different ones are drawn (RT-6)"
            )
        return values

    def check_seats(self, seats: int) -> None:
        if seats != 3:
            raise InvalidOptions(f"Robotick is played by exactly 3 players against Droco, not {seats}")

    def new_state(
        self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 3
    ) -> RobotickState:
        values = self.validate_options(options)
        self.check_seats(seats)
        return RobotickState.new(self, values, Rng(seed))

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def decode_state(self, data: Mapping[str, JSON]) -> RobotickState:
        return RobotickState.from_dict(self, data)

    # ---- faces

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        """The table; this renderer has no drawing options of its own, only every game's
        ``lang`` and ``names``: any other is refused (:class:`InvalidOptions` naming it)."""
        from robotable.games.robotick.svg import table_svg

        return table_svg(view, **self.validate_drawing(options))

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        from robotable.games.robotick.terminal import table_text

        return table_text(view)

    def counters(self, view: Mapping[str, JSON]) -> list[list[dict[str, JSON]]]:
        from robotable.games.robotick.advice import counters

        return counters(view)

    def guidance(self, view: Mapping[str, JSON], seat: int | None) -> dict[str, JSON]:
        from robotable.games.robotick.advice import guidance

        return guidance(view, seat)

    def why(self, view: Mapping[str, JSON], seat: int, action: str) -> dict[str, JSON]:
        from robotable.games.robotick.advice import why

        return why(view, seat, action)

    def describe_event(self, event: Mapping[str, JSON], name: Any, lang: str = "en") -> str | None:
        from robotable.games.robotick.sentences import describe_event

        return describe_event(event, name, lang)

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        """What the heuristic bot would do; a higher level adds Droco's predicted card."""
        from robotable.games.robotick.bots import hint

        return hint(view, level)

    views_make_worlds = True

    def world_from_view(self, view: Mapping[str, JSON], seed: int = 0) -> State:
        from robotable.games.robotick.world import world_from_view

        return world_from_view(self, view, seed)

    def bots(self) -> dict[str, Any]:
        from robotable.games.robotick.bots import BOTS

        return dict(BOTS)
