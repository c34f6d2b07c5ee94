"""The Robot Delivery game object: metadata, options and state creation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Action, Game, Option, State
from robotable.core.rng import Rng
from robotable.games.delivery import actions
from robotable.games.delivery.board import MAX_BUG_PILE, load_board, load_decks
from robotable.games.delivery.cards import SLOTS
from robotable.games.delivery.state import DeliveryState
from robotable.games.delivery.state_check import check_saved

OPTIONS = (
    Option(
        "turn_limit",
        30,
        "RD-27: rounds before the game stops",
        int,
        minimum=1,
        maximum=1000,
    ),
    Option(
        "function_boards",
        "per_colour",
        "RD-5: one lettered board per colour, or four boards A-D per player",
        str,
        choices=("per_colour", "per_player_ad"),
    ),
    Option(
        "hand_size",
        6,
        "RD-25: cards in a full hand",
        int,
        minimum=4,
        maximum=20,
    ),
    Option(
        "bug_pile",
        16,
        "RD-4: BUG cards in the shared pile",
        int,
        minimum=0,
        maximum=MAX_BUG_PILE,
    ),
    Option(
        "program_timeout_s",
        None,
        "RD-9: seconds to program; then empty slots get the hand's leftmost cards",
        float,
        minimum=1,
        nullable=True,
    ),
    Option(
        "board_file",
        None,
        "your own board file, in the format of data/board_default.txt",
        str,
    ),
    Option(
        "decks_file",
        None,
        "your own deck file, in the format of data/decks_default.txt",
        str,
    ),
)

DRAWING_OPTIONS = (
    Option(
        "path_slot",
        None,
        f"draw each pawn's path during slot N (1-{SLOTS}) of the last resolved round, dashed",
        int,
        minimum=1,
        maximum=SLOTS,
        nullable=True,
    ),
)


HOW_TO_TYPE_FR = (
    "slot 1 FWD : une carte face cachée dans l'emplacement 1 du plateau onPlay",
    "take 1 : l'emplacement 1 revient dans la main",
    "fn A 2 LOOP : une carte face visible, pour de bon, dans l'emplacement 2 du plateau fonction A",
    "submit : les quatre emplacements onPlay sont prêts",
)
""":data:`~robotable.games.delivery.cards.HOW_TO_TYPE` in French: the notation stays as typed."""

CARD_LEGEND_FR = (
    "FWD avancer d'une case",
    "BACK reculer d'une case",
    "SL/SR glisser d'une case sur la gauche/droite (sans rotation)",
    "RL/RR rotation d'un quart de tour sur la gauche/droite",
    "UT demi-tour",
    "LOOP Boucle × 2 : double la carte de l'emplacement (2 Boucles : × 4)",
    "LASER tire devant le pion : le pion touché reçoit une carte BUG, et vous donne son colis"
    " si vous n'en avez pas",
    "BUG joue la première carte de votre pioche",
    "FN-A..FN-D déclenche le plateau fonction A..D",
)
""":data:`~robotable.games.delivery.cards.CARD_LEGEND` in French, in the rulebook's words."""


class DeliveryGame(Game):
    id = "delivery"
    title = "Robot Delivery"
    min_seats = 2
    max_seats = 4
    rules_version = "delivery-1"
    options = OPTIONS
    drawing_options = DRAWING_OPTIONS
    hidden_information = True

    def validate_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        values = super().validate_options(options)
        load_board(values["board_file"])  # broken files are refused now, naming file and line
        load_decks(values["decks_file"])
        return values

    def new_state(
        self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 2
    ) -> DeliveryState:
        values = self.validate_options(options)
        self.check_seats(seats)
        return DeliveryState.new(self, values, Rng(seed), seats)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def decode_state(self, data: Mapping[str, JSON]) -> DeliveryState:
        """A saved state, checked first (:mod:`~robotable.games.delivery.state_check`): a hostile one
        is refused before it can allocate or loop. ``clone`` skips the check (its data is ours)."""
        check_saved(self, data)
        return DeliveryState.from_dict(self, data)

    # ---- faces

    def render_svg(
        self,
        view: Mapping[str, JSON],
        *,
        path_slot: int | None = None,
        lang: str = "en",
        names: list[str] | None = None,
    ) -> str:
        """The view's position; ``path_slot=N`` draws each pawn's path during slot N of the
        last resolution; its words in ``lang``, the seats named ``names``."""
        from robotable.games.delivery.svg import render_svg

        return render_svg(view, path_slot=path_slot, lang=lang, names=names)

    def render_text(self, view: Mapping[str, JSON]) -> Any:
        from robotable.games.delivery.terminal import render_text

        return render_text(view)

    def describe_event(self, event: Mapping[str, JSON], name: Any, lang: str = "en") -> str | None:
        from robotable.games.delivery.sentences import describe_event

        return describe_event(event, name, lang)

    def phase_help(self, view: Mapping[str, JSON], lang: str = "en") -> str | None:
        """How to type a program, and what every card code means, in ``en`` or ``fr``."""
        from robotable.games.delivery.cards import CARD_LEGEND, HOW_TO_TYPE

        how, cards, legend = (HOW_TO_TYPE, "Cards:", CARD_LEGEND)
        if lang == "fr":
            how, cards, legend = (HOW_TO_TYPE_FR, "Cartes :", CARD_LEGEND_FR)
        return "\n".join([*(f"  {line}" for line in how), cards, *(f"  {entry}" for entry in legend)])

    def hint(self, view: Mapping[str, JSON], level: int) -> str:
        from robotable.games.delivery.bots import hint

        return hint(view, level)

    def takes_back(self, action: Action) -> bool:
        return isinstance(action, actions.Take)

    def counters(self, view: Mapping[str, JSON]) -> list[list[dict[str, JSON]]]:
        from robotable.games.delivery.advice import counters

        return counters(view)

    def why(self, view: Mapping[str, JSON], seat: int, action: str) -> dict[str, JSON]:
        from robotable.games.delivery.advice import why

        return why(view, seat, action)

    def guidance(self, view: Mapping[str, JSON], seat: int | None) -> dict[str, JSON]:
        from robotable.games.delivery.advice import guidance

        return guidance(view, seat)

    views_make_worlds = True

    def world_from_view(self, view: Mapping[str, JSON], seed: int = 0) -> State:
        """A whole game the view's seat could be in (RD-28), for a searching bot run remotely."""
        from robotable.games.delivery.world import world_from_view

        return world_from_view(self, view, seed)

    def bots(self) -> dict[str, Any]:
        from robotable.games.delivery.bots import BOTS

        return dict(BOTS)
