"""What every room of the Droids state shares: the phases, a few counts, the fields, the hooks.

The state of a game is one object, :class:`~robotable.games.droids.state.DroidsState`, built
from rooms stacked one on the other, each in its own module:

=====================  ==========================================================================
module                 what it holds
=====================  ==========================================================================
``phases``             this: the phase names, the shared fields, the phase hooks
``pieces``             the robots and objects (DD-3, DD-4)
``mechanics``          how orders act on the board: steps, pushes, carrying (DD-19..DD-30)
``shooting``           the d10 and what it destroys: shots, mines' damage, repairs, the emitter
                       choices of damaged and repaired players (DD-24, DD-25, DD-27, DD-44)
``goals``              after each order and each turn: goals, eliminations, the end (DD-31..DD-45)
``killer``             the killer's sheet and its goes (DD-41..DD-45)
``orders``             drawing, placing and sending order tokens (DD-13..DD-18)
``scenario_setup``     the pieces on the board, the first player, setup obstacles (DD-9, DD-10,
                       DD-35..DD-41)
``state``              the phase machine and the game contract (whose turn, check, perform, view,
                       save)
=====================  ==========================================================================

A lower room never imports a higher one: when it must move the game to another phase it calls
one of the hooks below, which the state provides.
"""

from __future__ import annotations

from itertools import count, islice
from typing import TYPE_CHECKING, Any

from robotable.core.game import Event

if TYPE_CHECKING:
    from robotable.core.rng import Rng
    from robotable.games.droids.board import Board, Scenario
    from robotable.games.droids.pieces import Robot

SETUP, DRAW, PLACE, SEND, OVER = "setup", "draw", "place", "send", "over"
PHASES = (SETUP, DRAW, PLACE, SEND, OVER)
HAND_SIZE = 7  # DD-13: tokens drawn a turn (DD-41, DD-43: chosen, and killer orders a turn)
KILLER_SEAT = -2  # the killer's goes in ``goers`` and its events (never a player seat)
EMITTERS = 10  # DD-2: per side
SLOTS = 3  # DD-2: per emitter
MINES = 24  # DD-36: the mine supply

_TAGS = count()
new_tag = _TAGS.__next__
"""A number never handed out before, for the change tags of the state (``pieces_tag``,
``emitter_tags``): the code that changes what a tag covers gives it a new number, so a state,
its clones and its determinized worlds share a tag only while they agree on what it covers.
The learning environments compare the tags at every step instead of the fields."""


def new_tags(n: int) -> list[int]:
    """``n`` numbers never handed out before."""
    return list(islice(_TAGS, n))


class Rooms:
    """The fields of a Droids state (set in ``DroidsState.__init__``) and the phase hooks."""

    game: Any
    options: dict[str, Any]
    rng: Rng
    seats: int
    board: Board
    scenario: Scenario
    colours: list[str]  # seat -> colour letter
    turn: int
    first: int  # the seat that goes first this turn (DD-11)
    phase: str
    goers: list[int]  # the seats in play order for this phase (KILLER_SEAT first in scenario 7)
    cursor: int  # whose go it is, an index into goers
    setup_left: int  # setup obstacles still to place (DD-35, DD-38)
    drawn: list[int]
    stopped: list[bool]
    finished: list[bool]
    sent: list[int]
    placing: list[Any]  # the placer's pending choice: [] / [token] / [token, emitter, slot]
    bins: dict[str, int]  # token type -> count in its bin
    bin_totals: dict[str, int]  # bin -> tokens left in it: bins summed per bin, kept beside it
    hands: list[list[str]]
    hand_bins: list[dict[str, int]]  # seat -> bin -> tokens of the hand drawn from it (public)
    emitters: list[list[list[Any]]]  # [seat][e] = [destroyed, slot1, slot2, slot3]; a slot "M2:N"
    robots: list[Robot]
    objects: dict[int, str]  # cell -> obstacle / container / mine
    pieces_tag: int  # new_tag() when a robot's cell or an object changes
    emitter_tags: list[int]  # seat -> new_tag() when its emitters change
    mines_left: int
    eliminated: list[bool]
    scores: list[int]  # containers scored (scenario 3)
    pending_hits: list[list[Any]]  # [seat, "damage" | "repair", count]: emitters to choose
    choice_no: int  # numbers the choices, for the timer keys
    result: dict[str, Any] | None
    killer_die: int | None
    killer_line0: int
    killer_sent: list[int]
    killer_done: bool

    # ---- the phase hooks: the state moves the game on (state.py)

    def turn_order(self) -> list[int]:
        raise NotImplementedError

    def _start_turn(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _skip_drawers(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _next_placer(self, events: list[Event], *, advance: bool = True) -> None:
        raise NotImplementedError

    def _next_turn(self, events: list[Event]) -> None:
        raise NotImplementedError
