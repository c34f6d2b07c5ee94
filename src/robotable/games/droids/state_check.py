"""Checking a saved Droids state before a game is built from it.

A state read from a file or the wire (``Game.state_from_dict``) is hostile until proven
otherwise: ``seats`` of ``10**9`` must not build a billion-element list, a bin of ``10**9``
tokens must not become a billion-element pool when a bot redraws the hidden hands, and a
robot on cell 500 must not reach the rules, where it would fail turns later. Every field is
checked here for its type, its size and its range, and the tokens are counted (each one in a
bin, a hand or a slot, DD-6), raising ``TypeError`` or ``ValueError`` naming the field (the
contract turns them into a ``StateError``). The game's own output always passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.fields import flag, listing, mapping, short, text, whole
from robotable.core.game import Game
from robotable.games.droids.board import SIZE, Board, Scenario, load_board
from robotable.games.droids.phases import (
    EMITTERS,
    HAND_SIZE,
    KILLER_SEAT,
    MINES,
    OVER,
    PHASES,
    PLACE,
    SEND,
    SETUP,
    SLOTS,
)
from robotable.games.droids.pieces import KILLER, OBJECT_KINDS, PLAYER, REPAIRER, ROBOT_KINDS, STATUE
from robotable.games.droids.tokens import BINS, COLOURS, TOKENS, TYPES, bin_of, directions_for, full_bins

FIELDS = (
    "options",
    "rng",
    "seats",
    "turn",
    "first",
    "phase",
    "goers",
    "cursor",
    "setup_left",
    "drawn",
    "stopped",
    "finished",
    "sent",
    "bins",
    "hands",
    "hand_bins",
    "placing",
    "emitters",
    "robots",
    "objects",
    "mines_left",
    "eliminated",
    "scores",
    "pending",
    "choice_no",
    "result",
    "killer",
)
MAX_ROBOTS = 4 + 2 + 1  # players, repairers, the statue or the killer
MAX_HITS = 999  # emitters still to choose: more than any turn's shots and mines add up to
MAX_SENT = EMITTERS * SLOTS * HAND_SIZE  # orders a player can send in a turn, with room to spare
CELLS = SIZE * SIZE


def check_saved(game: Game, data: Mapping[str, Any]) -> tuple[Board, Scenario]:
    """Raise ``KeyError``/``TypeError``/``ValueError`` naming the first field of ``data`` that no
    Droids state holds; return the board and scenario the options name."""
    for key in FIELDS:
        if key not in data:
            raise KeyError(key)
    extra = sorted(set(data) - set(FIELDS), key=str)
    if extra:
        raise ValueError(f"unknown field {short(extra[0])}")
    board, scenario, seats, colours = _options(game, data)
    whole(data["rng"], "rng", 0, (1 << 64) - 1)
    whole(data["turn"], "turn", 1, int(data["options"]["turn_limit"]))
    whole(data["first"], "first", 0, seats - 1)
    phase = text(data["phase"], "phase", PHASES)
    for key, high in (("drawn", HAND_SIZE), ("sent", MAX_SENT), ("scores", CELLS)):
        for seat, value in enumerate(listing(data[key], key, seats)):
            whole(value, f"{key}[{seat}]", 0, high)
    for key in ("stopped", "finished", "eliminated"):
        for seat, value in enumerate(listing(data[key], key, seats)):
            flag(value, f"{key}[{seat}]")
    listing(data["pending"], "pending", most=2 * seats)
    _goers(data, seats, scenario, colours, phase)
    setup = scenario.setup_obstacles.get(seats, 0)
    whole(data["setup_left"], "setup_left", 1 if phase == SETUP else 0, setup if phase == SETUP else 0)
    _tokens(data, seats, scenario)
    _placing(data, phase)
    _robots(data, seats, board, scenario)
    whole(data["mines_left"], "mines_left", 0, MINES)
    for i, entry in enumerate(data["pending"]):
        victim, what, count = listing(entry, f"pending[{i}]", 3)
        whole(victim, f"pending[{i}] seat", 0, seats - 1)
        text(what, f"pending[{i}] choice", ("damage", "repair"))
        whole(count, f"pending[{i}] count", 0, MAX_HITS)
    whole(data["choice_no"], "choice_no", 0, 10**9)
    _result(data["result"], seats, phase)
    die, line0, sent, done = listing(data["killer"], "killer", 4)
    if die is not None:
        whole(die, "killer die", 0, 9)
    whole(line0, "killer line", 0, SIZE - 1)
    for i, cell in enumerate(listing(sent, "killer sent", most=SIZE)):
        whole(cell, f"killer sent[{i}]", 0, SIZE - 1)
    flag(done, "killer done")
    return board, scenario


def _options(game: Game, data: Mapping[str, Any]) -> tuple[Board, Scenario, int, str]:
    """The options as the game would have written them, and a player count they allow."""
    options = data["options"]
    if not isinstance(options, Mapping):
        raise TypeError(f"options must be an object, not {type(options).__name__}")
    seats = whole(data["seats"], "seats", game.min_seats, game.max_seats)
    try:
        values = game.validate_options(options)
        game.check_seats(seats, values)  # type: ignore[call-arg]  # Droids' takes the options
        colours = game.colours_for(values, seats)  # type: ignore[attr-defined]
    except RobotableError as exc:
        raise ValueError(f"options: {exc}") from None
    if dict(values) != dict(options):
        raise ValueError("options: not every option is given, or one is not as the game writes it")
    return load_board(values["board_file"]), game.scenario(values), seats, colours  # type: ignore[attr-defined]


def _goers(data: Mapping[str, Any], seats: int, scenario: Scenario, colours: str, phase: str) -> None:
    """During a phase the goers are the turn order (DD-11): clockwise from the first player,
    without the eliminated, the killer first in its sending (DD-41); over, anything."""
    goers = listing(data["goers"], "goers", most=seats + 1)
    for i, goer in enumerate(goers):
        whole(goer, f"goers[{i}]", KILLER_SEAT if scenario.killer else 0, seats - 1)
    if phase != OVER:
        ring = sorted(range(seats), key=lambda s: COLOURS.index(colours[s]))
        start = ring.index(data["first"])
        order = [s for s in ring[start:] + ring[:start] if not data["eliminated"][s]]
        if phase == SEND and scenario.killer:
            order = [KILLER_SEAT, *order]
        if goers != order or not goers:
            raise ValueError(f"goers: in phase {phase} they are the turn order {order}, not {goers}")
    cursor = whole(data["cursor"], "cursor", 0, max(len(goers) - 1, 0))
    if phase == SEND and goers and goers[cursor] == KILLER_SEAT and not data["pending"]:
        raise ValueError("cursor: the killer's goes are played at once, never awaited")


def _tokens(data: Mapping[str, Any], seats: int, scenario: Scenario) -> None:
    """The bins, hands, slots and the pending placement; every token counted once (DD-6)."""
    bins = mapping(data["bins"], "bins", TYPES)
    in_play = dict.fromkeys(TYPES, 0)
    for kind in TYPES:
        in_play[kind] += whole(bins[kind], f"bins.{kind}", 0, TOKENS[kind][1])
    hand_bins = listing(data["hand_bins"], "hand_bins", seats)
    for seat, hand in enumerate(listing(data["hands"], "hands", seats)):
        for i, kind in enumerate(listing(hand, f"hands[{seat}]", most=HAND_SIZE)):
            in_play[text(kind, f"hands[{seat}][{i}]", TYPES)] += 1
        drawn = mapping(hand_bins[seat], f"hand_bins[{seat}]", BINS)
        for b in BINS:
            count = whole(drawn[b], f"hand_bins[{seat}].{b}", 0, HAND_SIZE)
            if count != sum(1 for kind in hand if bin_of(kind) == b):
                raise ValueError(f"hand_bins[{seat}].{b}: {count} is not what hands[{seat}] holds")
    for seat, emitters in enumerate(listing(data["emitters"], "emitters", seats)):
        for e, emitter in enumerate(listing(emitters, f"emitters[{seat}]", EMITTERS)):
            destroyed, *slots = listing(emitter, f"emitters[{seat}][{e}]", SLOTS + 1)
            flag(destroyed, f"emitters[{seat}][{e}] destroyed")
            for k, token in enumerate(slots, 1):
                if token is not None:
                    in_play[_placed(token, f"emitters[{seat}][{e}] slot {k}")] += 1
                    if destroyed:
                        raise ValueError(f"emitters[{seat}][{e}]: a token on a destroyed emitter")
    expected = full_bins(scenario.removed)
    for kind in TYPES:
        if in_play[kind] != expected[kind]:
            raise ValueError(f"bins.{kind}: {in_play[kind]} {kind} tokens in play, not {expected[kind]}")


def _placed(token: object, field: str) -> str:
    """A token on a slot, ``"M2:N"``: a type and an arrow it can take (DD-7)."""
    kind, _, direction = text(token, field).partition(":")
    if kind not in TYPES or direction not in directions_for(kind):
        raise ValueError(f"{field} cannot hold {short(token)}")
    return kind


def _placing(data: Mapping[str, Any], phase: str) -> None:
    """The placer's pending choice (DD-14): a token of the placer's hand, then a free slot of
    an intact emitter of theirs; only while placing."""
    placing = listing(data["placing"], "placing", most=3)
    if not placing:
        return
    if len(placing) == 2 or phase != PLACE:
        raise ValueError("placing is [], [token] or [token, emitter, slot], and only while placing")
    placer = data["goers"][data["cursor"]]
    if text(placing[0], "placing token", TYPES) not in data["hands"][placer]:
        raise ValueError(f"placing: {placing[0]} is not in the placer's hand")
    if len(placing) == 3:
        emitter = data["emitters"][placer][whole(placing[1], "placing emitter", 0, EMITTERS - 1)]
        if emitter[0] or emitter[whole(placing[2], "placing slot", 1, SLOTS)] is not None:
            raise ValueError("placing: that slot is taken, or its emitter destroyed")


def _robots(data: Mapping[str, Any], seats: int, board: Board, scenario: Scenario) -> None:
    """Robots on the board's land or river, one a cell (DD-3); objects likewise (DD-4). The
    first ``seats`` robots are the players', in seat order (the rules find them so), then the
    scenario's own: 2 repairers, the statue or the killer (DD-35..DD-41)."""
    robots = listing(data["robots"], "robots", most=MAX_ROBOTS)
    if len(robots) < seats:
        raise ValueError(f"robots: {seats} players need {seats} robots")
    taken: set[int] = set()
    for i, robot in enumerate(robots):
        kind, cell, seat, carry, stock, name = listing(robot, f"robots[{i}]", 6)
        text(kind, f"robots[{i}] kind", ROBOT_KINDS)
        whole(cell, f"robots[{i}] cell", -1 if kind == STATUE else 0, CELLS - 1)
        if (kind == PLAYER) != (i < seats) or (kind == PLAYER and seat != i):
            raise ValueError(f"robots[{i}]: the first {seats} robots are the players', seat by seat")
        whole(seat, f"robots[{i}] seat", -1, -1) if kind != PLAYER else whole(
            seat, f"robots[{i}] seat", 0, seats - 1
        )
        if carry is not None:
            text(carry, f"robots[{i}] carry", (*OBJECT_KINDS, STATUE))
        whole(stock, f"robots[{i}] stock", 0, CELLS)
        text(name, f"robots[{i}] name")
        if cell >= 0:
            if cell in taken or board.is_rock(cell):
                raise ValueError(f"robots[{i}] cell {cell}: another robot or a fixed obstacle is there")
            taken.add(cell)
    kinds = [robot[0] for robot in robots]
    for kind, count in (
        (REPAIRER, 2 * scenario.repairers),
        (STATUE, scenario.statue),
        (KILLER, scenario.killer),
    ):
        if kinds.count(kind) != count:
            raise ValueError(f"robots: scenario {scenario.number} has {int(count)} {kind} robot(s)")
    carried = sum(1 for robot in robots if robot[3] == STATUE)
    if carried != sum(1 for robot in robots if robot[0] == STATUE and robot[1] == -1):
        raise ValueError("robots: the statue is carried exactly when it is off the board")
    objects = listing(data["objects"], "objects", most=CELLS)
    cells = set()
    for i, item in enumerate(objects):
        cell, kind = listing(item, f"objects[{i}]", 2)
        whole(cell, f"objects[{i}] cell", 0, CELLS - 1)
        text(kind, f"objects[{i}] kind", OBJECT_KINDS)
        if cell in cells or cell in taken or board.is_rock(cell):
            raise ValueError(
                f"objects[{i}] cell {cell}: another object, a robot or a fixed obstacle is there"
            )
        cells.add(cell)


def _result(result: object, seats: int, phase: str) -> None:
    if (result is None) != (phase != "over"):
        raise ValueError("result: a finished game has one, a game in play none")
    if result is None:
        return
    if not isinstance(result, Mapping):
        raise TypeError(f"result must be an object, not {type(result).__name__}")
    winners = listing(
        mapping(result, "result", ("winners", "reason", "draw"))["winners"], "winners", most=seats
    )
    for i, seat in enumerate(winners):
        whole(seat, f"result winners[{i}]", 0, seats - 1)
    text(result["reason"], "result reason")
    flag(result["draw"], "result draw")
