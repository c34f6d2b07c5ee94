"""Helpers for the Droids rule tests: positions from small ASCII boards, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from robotable.core.game import Event
from robotable.games import get
from robotable.games.droids.actions import Arrow, Send, Slot, Token
from robotable.games.droids.board import idx
from robotable.games.droids.pieces import CONTAINER, KILLER, MINE, OBSTACLE, PLAYER, REPAIRER, STATUE
from robotable.games.droids.state import SEND, DroidsState
from robotable.games.droids.tokens import COLOURS

GAME = get("droids")
Y, B, R, G = "YBRG"


def new(scenario: int = 1, seats: int = 2, *, seed: int = 0, **options: Any) -> DroidsState:
    return GAME.new_state({"scenario": scenario, **options}, seed=seed, seats=seats)


def four(scenario: int = 1, **options: Any) -> DroidsState:
    """Four players: seat 0 Yellow, 1 Red, 2 Blue, 3 Green."""
    return new(scenario, 4, **options)


class Dice:
    """A stand-in generator that returns scripted die rolls (for randrange(10))."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)
        self.state = 0

    def randrange(self, n: int) -> int:
        assert self.rolls, "the test rolled more dice than scripted"
        return self.rolls.pop(0)


def dice(state: DroidsState, *rolls: int) -> Dice:
    state.rng = Dice(rolls)  # type: ignore[assignment]
    return state.rng  # type: ignore[return-value]


OBJECT_CHARS = {"o": OBSTACLE, "c": CONTAINER, "m": MINE}


def board(state: DroidsState, rows: str, *, park: bool = True) -> None:
    """Place pieces from an ASCII board of 10 rows (spaces ignored): Y B R G player robots,
    1 2 repairers, S statue, K killer, o obstacle, c container, m mine; any other character
    (. ~ # +) is just the map. Objects not drawn are removed; robots not drawn stay where
    they are, unless ``park`` moves unlisted player robots off to free corners of row 9.
    """
    lines = [line.replace(" ", "") for line in rows.strip().splitlines()]
    assert len(lines) == 10 and all(len(line) == 10 for line in lines), lines
    state.objects = {}
    placed: set[int] = set()
    repairers = [i for i, r in enumerate(state.robots) if r.kind == REPAIRER]
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            cell = idx(x, y)
            if char in OBJECT_CHARS:
                state.objects[cell] = OBJECT_CHARS[char]
                continue
            robot = None
            if char in COLOURS:
                robot = state.colours.index(char)
            elif char in "12":
                robot = repairers[int(char) - 1]
            elif char in "SK":
                kind = STATUE if char == "S" else KILLER
                robot = next(i for i, r in enumerate(state.robots) if r.kind == kind)
            if robot is not None:
                state.robots[robot].cell = cell
                placed.add(robot)
    if park:
        spare = iter(idx(x, 9) for x in (9, 8, 7, 6, 1))
        for i, robot in enumerate(state.robots):
            if i not in placed and robot.kind == PLAYER:
                robot.cell = next(c for c in spare if all(r.cell != c for r in state.robots))


def at(state: DroidsState, who: str | int) -> tuple[int, int] | None:
    """Where a robot is: a colour letter, 'rep1', 'rep2', 'statue', 'killer' or an index."""
    if isinstance(who, str) and who in COLOURS:
        who = state.colours.index(who)
    elif isinstance(who, str):
        kinds = {"rep1": (REPAIRER, 0), "rep2": (REPAIRER, 1), "statue": (STATUE, 0), "killer": (KILLER, 0)}
        kind, n = kinds[who]
        who = [i for i, r in enumerate(state.robots) if r.kind == kind][n]
    cell = state.robots[who].cell
    return None if cell < 0 else (cell % 10, cell // 10)


def sending(
    state: DroidsState, seat: int, emitters: dict[int, list[str | None]], *, others: bool = False
) -> None:
    """Jump to phase 3 with ``seat``'s emitters loaded ("M2:N" tokens, slot 1 first);
    the other players are finished unless ``others``."""
    state.phase = SEND
    state.goers = state.turn_order()
    state.cursor = state.goers.index(seat)
    state.finished = [not others and s != seat for s in range(state.seats)]
    state.sent = [1 if s != seat else 0 for s in range(state.seats)]
    state.hands = [[] for _ in range(state.seats)]
    for e, tokens in emitters.items():
        slots = [*tokens, None, None, None][:3]
        for token in tokens:
            if token:
                state.bins[token.split(":")[0]] -= 1
        state.emitters[seat][e][1:] = slots


def place(state: DroidsState, seat: int, token: str, direction: str, emitter: int, slot: int) -> list[Event]:
    """DD-14 in its three steps: the token, its slot, its arrow."""
    events = state.apply(seat, Token(token))
    events += state.apply(seat, Slot(emitter, slot))
    return events + state.apply(seat, Arrow(direction))


def typed(state: DroidsState, seat: int, line: str) -> list[Event]:
    """What the terminal does with a typed line: split on commas, apply in order."""
    events: list[Event] = []
    for part in (p.strip() for p in line.split(",")):
        if part:
            events += state.apply_text(seat, part)
    return events


def send(state: DroidsState, seat: int, *emitters: int) -> list[Event]:
    events: list[Event] = []
    for e in emitters:
        events += state.apply(seat, Send(e))
    return events


def order(state: DroidsState, seat: int, token: str, emitter: int | None = None) -> list[Event]:
    """Load one token on the emitter facing the recipient (the own robot by default) and send it."""
    if emitter is None:
        emitter = state.robot_line(seat, seat)
    sending(state, seat, {emitter: [token]})
    return send(state, seat, emitter)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def pieces(
    state: DroidsState,
    *,
    obstacles: Iterable[tuple[int, int]] = (),
    containers: Iterable[tuple[int, int]] = (),
    mines: Iterable[tuple[int, int]] = (),
    park: bool = True,
    **robots: tuple[int, int],
) -> None:
    """Like :func:`board` with coordinates: ``pieces(s, Y=(0, 8), R=(0, 7), rep1=(3, 9))``."""
    state.objects = {}
    for kind, cells in ((OBSTACLE, obstacles), (CONTAINER, containers), (MINE, mines)):
        for x, y in cells:
            state.objects[idx(x, y)] = kind
    rows = [["."] * 10 for _ in range(10)]
    chars = {"rep1": "1", "rep2": "2", "statue": "S", "killer": "K"}
    for who, (x, y) in robots.items():
        rows[y][x] = chars.get(who, who)
    for cell, kind in state.objects.items():
        rows[cell // 10][cell % 10] = {OBSTACLE: "o", CONTAINER: "c", MINE: "m"}[kind]
    board(state, "\n".join("".join(r) for r in rows), park=park)


MAP = """
. . . . . . . . . #
. . . . # . r . . .
. . . . . . . # g .
. # . ~ ~ ~ ~ . . .
. . . ~ + . ~ ~ ~ ~
~ ~ ~ ~ . . ~ . . .
. . . ~ ~ ~ ~ . # .
. b # . . . . . . .
. . . y . # . . . .
# . . . . . . . . .
"""
