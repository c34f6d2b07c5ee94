"""A whole Droids game made from one seat's view (DD-46): what the seat sees as it is, the rest
drawn at random as :meth:`DroidsState.determinize` draws it: the other players' hands (so many
tokens from each bin, as the view counts them) and the contents of the bins, from the tokens
nobody has shown the seat.

A bot that searches over the hidden parts of the game (``hard``, ``expert``) needs such a world
to start from; the server makes one from the true game, a remote bot (``robotable.client``)
from the view the server sent its seat, which is all it has.

The world is built as a saved state and read back with :meth:`DroidsState.from_dict`, whose
checks (``state_check.py``) bound every field of a hostile view before the rules see it; then
its own view must be the view it came from, to the last field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.fields import whole
from robotable.core.game import JSON, Game
from robotable.core.rng import Rng
from robotable.games.droids.board import SIZE, idx, load_scenarios
from robotable.games.droids.orders import TYPES_BY_BIN
from robotable.games.droids.state import DroidsState
from robotable.games.droids.tokens import BINS, TYPES, full_bins

FILES = ("board_file", "killer_file", "scenarios_file")
"""Options naming files on the server: a view from the wire must not open this machine's."""

AS_SHOWN = (
    *("options", "seats", "turn", "first", "phase", "goers", "cursor", "setup_left", "drawn"),
    *("stopped", "finished", "sent", "hand_bins", "mines_left", "eliminated", "scores", "pending", "result"),
)
"""The saved state's fields a view shows as they are (``state_check.py`` checks them all)."""

WIRE_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError)


def world_from_view(game: Game, view: Mapping[str, JSON], seed: int = 0) -> DroidsState:
    """A state whose :meth:`~DroidsState.view` for the view's seat is ``view`` (a spectator's
    view has no seat: every hand is then a guess)."""
    _refuse_files(view)
    try:
        sent = _as_sent(view)
        seat = _seat(sent)
        world = DroidsState.from_dict(game, _saved(game, sent, seat, Rng(seed)))
        shows_it = _as_sent(world.view(seat)) == sent
    except WIRE_ERRORS as exc:  # a view from the wire: any field may be wrong
        raise not_a_view() from exc
    if not shows_it:
        raise not_a_view()
    return world


def not_a_view() -> RobotableError:
    return RobotableError(
        "this is not a Droids view the server sends: no whole game shows it",
        fr="ce n'est pas une vue de Droids telle que le serveur l'envoie : aucune partie ne la montre",
    )


def _refuse_files(view: Mapping[str, Any]) -> None:
    options = view.get("options") if isinstance(view, Mapping) else None
    if isinstance(options, Mapping) and any(options.get(key) is not None for key in FILES):
        raise RobotableError(
            "this Droids game is played with the server's own board, killer or scenario file, "
            "which this machine does not have: seat the server's own bot (bot:hard) there instead",
            fr="cette partie de Droids se joue avec le plateau, les feuilles du robot tueur ou les "
            "scénarios propres au serveur, que cette machine n'a pas : installez-y plutôt le bot "
            "du serveur (bot:hard)",
        )


def _seat(view: Mapping[str, Any]) -> int | None:
    """The view's seat, one of the game's (None: a spectator's)."""
    seats = whole(view["seats"], "seats", 1, 4)
    return None if view["seat"] is None else whole(view["seat"], "seat", 0, seats - 1)


def _saved(game: Game, view: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
    """The view's public fields in the saved state's shape, the hidden ones guessed."""
    emitters = [[[em["destroyed"], *em["slots"]] for em in ems] for ems in view["emitters"]]
    bins, hands = _deal(game, view, seat, emitters, rng)
    killer = view["killer"] or {"die": None, "line0": 0, "sent": [], "done": False}
    return {
        **{key: view[key] for key in AS_SHOWN},
        "rng": rng.next_u64(),
        "bins": bins,
        "hands": hands,
        "placing": view["placing"] or [],  # another placer's pending choice: not begun, as shown
        "emitters": emitters,
        "robots": [_robot(robot) for robot in view["robots"]],
        "objects": [[_cell(x, y), kind] for x, y, kind in view["objects"]],
        "choice_no": 0,  # numbers only the referee's timer, which the view does not show
        "killer": [killer["die"], killer["line0"], killer["sent"], killer["done"]],
    }


def _deal(
    game: Game, view: Mapping[str, Any], seat: int | None, emitters: list[list[list[Any]]], rng: Rng
) -> tuple[dict[str, int], list[list[str]]]:
    """The bins and hands: the tokens the seat has not seen (all the scenario's, less those on
    the emitters and in its own hand), shuffled bin by bin; each other seat takes from a bin as
    many as it drew from it (``hand_bins``), the bin keeps the rest (DD-6, DD-13, DD-46)."""
    options = game.validate_options(view["options"])
    removed = load_scenarios(options.get("scenarios_file"))[options["scenario"]].removed
    unseen = full_bins(removed)
    own = [] if seat is None else list(view["hand"])
    for kind in own + [token.split(":")[0] for ems in emitters for em in ems for token in em[1:] if token]:
        unseen[kind] -= 1  # an unknown kind: a KeyError, refused
    seats = view["seats"]
    hands: list[list[str]] = [own if s == seat else [] for s in range(seats)]
    bins: dict[str, int] = {}
    for b in BINS:
        pool = [kind for kind in TYPES_BY_BIN[b] for _ in range(max(unseen[kind], 0))]
        rng.shuffle(pool)
        for other in (s for s in range(seats) if s != seat):
            need = whole(view["hand_bins"][other][b], "hand_bins", 0, len(pool))
            hands[other] += pool[:need]
            pool = pool[need:]
        bins.update({kind: pool.count(kind) for kind in TYPES_BY_BIN[b]})
    return bins, [sorted(hand, key=TYPES.index) for hand in hands]


def _robot(robot: Mapping[str, Any]) -> list[Any]:
    """A robot of the view as the state saves it (a carried statue is on no cell: -1)."""
    cell = -1 if robot["cell"] is None else _cell(*robot["cell"])
    return [robot["kind"], cell, robot["seat"], robot["carry"], robot["stock"], robot["name"]]


def _cell(x: Any, y: Any) -> int:
    return idx(whole(x, "x", 0, SIZE - 1), whole(y, "y", 0, SIZE - 1))


def _as_sent(view: Any) -> Any:
    """A view as it travels (JSON: tuples become lists)."""
    return json.loads(json.dumps(view))
