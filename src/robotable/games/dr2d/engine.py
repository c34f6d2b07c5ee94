"""The DR2D rules engine: registers, the factory, the end and the start of a turn.

The robots live in a :class:`~robotable.games.dr2d.fleet.Fleet` of flat per-seat lists (seat
``i`` is index ``i``) that every function here reads and changes directly, on a
:class:`~robotable.games.dr2d.board.Board`. The state wraps these functions with phases and
actions; the heuristic bot calls them on a fleet rebuilt from its view. What happens is told
to an event sink (:mod:`~robotable.games.dr2d.event_sink`): the state's writes the events, the
bots' fast simulations pass one that keeps nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from robotable.games.dr2d import events as E
from robotable.games.dr2d.board import (
    CONVEYOR,
    OFF,
    PIT,
    PRESS,
    TURN_L,
    TURN_R,
    WRENCH1,
    WRENCH2,
    Board,
)
from robotable.games.dr2d.event_sink import EventSink
from robotable.games.dr2d.fleet import ALL_LAWS, MAX_PC, Fleet

STAY = 4
LETTERS = ("N", "E", "S", "W", "STAY")
ORDERS = ("forward", "right", "back", "left")  # DR-12: the letters in the robot's own frame


def pit_cost(pc: int) -> int:
    """DR-25: register slots lost when entering a pit with ``pc`` (7 -> 1, 6 -> 2, <=5 -> 3)."""
    return 1 if pc >= 7 else 2 if pc == 6 else 3


@dataclass(frozen=True)
class Rules:
    """The options the engine needs, read once."""

    absolute: bool = False
    press_every_register: bool = False
    pit_damage: bool = False
    reentry_from_next: bool = False


def board_direction(code: int, facing: int, absolute: bool) -> int:
    """DR-12: a register letter read in the robot's frame (or as a board direction)."""
    return code if absolute else (facing + code) % 4


class Resolution:
    """What resolving one register (or the end of the turn) works on and keeps: the board, the
    fleet, the rules, the register's number, the sink its events go to, the damage pending until
    the damage step (DR-24) and who already collided (DR-17)."""

    __slots__ = ("board", "collided", "damage", "events", "fleet", "register", "rules")

    def __init__(self, board: Board, fleet: Fleet, rules: Rules, register: int, events: EventSink) -> None:
        self.board, self.fleet, self.rules, self.register, self.events = board, fleet, rules, register, events
        self.damage = [0] * fleet.n
        self.collided: set[int] = set()

    def collide(self, seat: int, direction: int) -> None:
        """DR-17: 1 damage, at most once per register."""
        if seat in self.collided:
            return
        self.collided.add(seat)
        self.damage[seat] += 1
        self.events.collided(seat, self.register, self.fleet.pos[seat], direction)

    def arrive(self, seat: int, start: int, end: int) -> None:
        """The robot moved from ``start`` to ``end`` by any means: leaving, pits (DR-18, DR-25)."""
        fleet = self.fleet
        if end == OFF:
            fleet.pos[seat] = OFF
            fleet.exit[seat] = start
            fleet.cancelled[seat] = True
            fleet.skip[seat] = 0
            fleet.left[seat] = fleet.leave_count  # the step's stamp: ties are broken by seat order (DR-32)
            self.damage[seat] = 0
            self.events.left_board(seat, self.register, start)
            return
        fleet.pos[seat] = end
        if self.board.kind[end] == PIT:
            cost = pit_cost(fleet.pc[seat])
            fleet.skip[seat] += cost
            if self.rules.pit_damage:
                self.damage[seat] += 1
            self.events.fell_in_pit(seat, self.register, end, cost)


# --------------------------------------------------------------------------- movement (DR-14..DR-17)


def movers_of(resolution: Resolution) -> dict[int, int]:
    """Seat -> board direction of every robot moving in this register; pit slots elapse."""
    fleet, register = resolution.fleet, resolution.register
    movers: dict[int, int] = {}
    for seat in range(fleet.n):
        if fleet.pos[seat] < 0:
            continue
        if fleet.skip[seat] > 0:  # DR-25: slots run in time, acting or not
            fleet.skip[seat] -= 1
            resolution.events.skipped(seat, register, fleet.skip[seat])
            continue
        if not fleet.acts(seat):
            continue
        code = fleet.program[seat][register - 1]  # type: ignore[index]
        if code != STAY:
            movers[seat] = board_direction(code, fleet.facing[seat], resolution.rules.absolute)
    return movers


def movement(resolution: Resolution) -> None:
    """DR-15/DR-16: resolve every move of the register at once, then move."""
    movers = movers_of(resolution)
    if not movers:
        return
    board, fleet, events, register = (
        resolution.board,
        resolution.fleet,
        resolution.events,
        resolution.register,
    )
    robot_at = fleet.occupancy()
    succeeds: dict[int, bool] = {}  # the settled robots: True moves, False stays
    target: dict[int, int] = {}  # the tile each robot not stopped by a wall moves to (or OFF)
    for seat, direction in movers.items():  # 1. walls, and leaving the board
        start = fleet.pos[seat]
        if board.wall[start * 4 + direction]:
            succeeds[seat] = False
            events.blocked(seat, register, start, direction, "wall")
            continue
        target[seat] = board.step[start * 4 + direction]
        if target[seat] == OFF:
            succeeds[seat] = True
    remaining = [seat for seat in target if seat not in succeeds]
    aiming_at: dict[int, list[int]] = {}
    for seat in remaining:  # 2. same target tile
        aiming_at.setdefault(target[seat], []).append(seat)
    for group in aiming_at.values():
        if len(group) > 1:
            for seat in group:
                succeeds[seat] = False
                resolution.collide(seat, movers[seat])
    for seat in remaining:  # 3. swaps
        ahead = robot_at.get(target[seat])
        if ahead is not None and ahead in target and target[ahead] == fleet.pos[seat] and ahead in remaining:
            for swapper in (seat, ahead):
                succeeds[swapper] = False
                resolution.collide(swapper, movers[swapper])
    pushes = _pushes(resolution, movers, target, succeeds, robot_at)  # 4. pushes
    for seat in remaining:  # 5. following a moving robot (a chain may end at an empty tile: 6.)
        if seat not in succeeds and target[seat] in robot_at:
            _follow(resolution, seat, movers, target, succeeds, robot_at)
    for seat in remaining:  # 6. every other remaining robot: its target tile is empty
        if seat not in succeeds:
            succeeds[seat] = True
    _move_at_once(resolution, movers, target, succeeds, pushes)


def _move_at_once(
    resolution: Resolution,
    movers: dict[int, int],
    target: dict[int, int],
    succeeds: dict[int, bool],
    pushes: dict[int, tuple[int, int]],
) -> None:
    """DR-15's last step: every successful robot to its target tile and every pushed robot to
    its push tile, simultaneously."""
    fleet, events, register = resolution.fleet, resolution.events, resolution.register
    moves = [(seat, fleet.pos[seat], target[seat]) for seat in sorted(succeeds) if succeeds[seat]]
    shoves = [
        (pushed, fleet.pos[pushed], push_to, pusher)
        for pusher, (pushed, push_to) in sorted(pushes.items())
        if succeeds.get(pusher)
    ]
    relative = not resolution.rules.absolute
    for seat, start, end in moves:
        order = ORDERS[fleet.program[seat][register - 1]] if relative else ""  # type: ignore[index]
        events.moved(seat, register, start, end, movers[seat], order)
    for pushed, start, end, pusher in shoves:
        events.pushed(pushed, pusher, register, start, end)
    for seat in [seat for seat, _, _ in moves] + [pushed for pushed, *_ in shoves]:  # vacate first
        fleet.pos[seat] = OFF
    arrivals = sorted(moves + [(pushed, start, end) for pushed, start, end, _ in shoves])
    _stamp_leaving(fleet, arrivals)
    for seat, start, end in arrivals:
        resolution.arrive(seat, start, end)


def _pushes(
    resolution: Resolution,
    movers: dict[int, int],
    target: dict[int, int],
    succeeds: dict[int, bool],
    robot_at: dict[int, int],
) -> dict[int, tuple[int, int]]:
    """DR-16: pusher seat -> (pushed seat, push tile) of every move into a stationary robot
    that succeeds; failed pushes are settled."""
    board, fleet, events, register = (
        resolution.board,
        resolution.fleet,
        resolution.events,
        resolution.register,
    )
    # every moving robot's target, those stopped by a wall included (DR-15: dst(r) = src(r) + d(r))
    targeted = {board.step[fleet.pos[seat] * 4 + direction] for seat, direction in movers.items()}
    candidates: dict[int, tuple[int, int]] = {}
    for seat, tile in target.items():
        if seat in succeeds:
            continue
        pushed = robot_at.get(tile)
        if pushed is None or pushed in movers:
            continue
        direction = movers[seat]
        walled = board.wall[tile * 4 + direction]
        push_to = OFF if walled else board.step[tile * 4 + direction]
        if walled or (push_to != OFF and (push_to in robot_at or push_to in targeted)):
            succeeds[seat] = False
            events.blocked(seat, register, fleet.pos[seat], direction, "push")
            continue
        candidates[seat] = (pushed, push_to)
    pushed_into: dict[int, int] = {}
    for _, push_to in candidates.values():
        if push_to != OFF:
            pushed_into[push_to] = pushed_into.get(push_to, 0) + 1
    pushes = {}
    for seat, (pushed, push_to) in candidates.items():
        if push_to != OFF and pushed_into[push_to] > 1:  # two pushes into one tile
            succeeds[seat] = False
            events.blocked(seat, register, fleet.pos[seat], movers[seat], "push")
        else:
            succeeds[seat] = True
            pushes[seat] = (pushed, push_to)
    return pushes


def _follow(
    resolution: Resolution,
    seat: int,
    movers: dict[int, int],
    target: dict[int, int],
    succeeds: dict[int, bool],
    robot_at: dict[int, int],
) -> None:
    """DR-15 step 5: a robot moving into a moving robot's tile shares its fate, down the chain
    to a settled robot or to one whose tile ahead is empty (step 6); cycles all move."""
    chain: list[int] = []
    leader = seat
    while leader not in succeeds:
        if leader in chain:  # a closed cycle: everyone moves
            for follower in chain:
                succeeds[follower] = True
            return
        if target[leader] not in robot_at:
            succeeds[leader] = True
            break
        chain.append(leader)
        leader = robot_at[target[leader]]
    result = succeeds[leader]
    for follower in chain:
        succeeds[follower] = result
    if not result:
        for robot in [*chain, leader]:
            resolution.collide(robot, movers[robot])


# --------------------------------------------------------------------------- the factory (DR-19..DR-27)


def conveyors(resolution: Resolution) -> None:
    """DR-20: belts carry every robot on them one tile, all at once, never pushing."""
    board, fleet = resolution.board, resolution.fleet
    riders = [
        seat for seat in range(fleet.n) if fleet.pos[seat] >= 0 and board.kind[fleet.pos[seat]] == CONVEYOR
    ]
    if not riders:
        return
    robot_at = fleet.occupancy()
    target: dict[int, int] = {}
    carried: dict[int, bool] = {}
    for seat in riders:
        direction = board.belt[fleet.pos[seat]]
        carried[seat] = not board.wall[fleet.pos[seat] * 4 + direction]
        target[seat] = board.step[fleet.pos[seat] * 4 + direction]
    aiming_at: dict[int, int] = {}
    for seat in riders:
        if carried[seat] and target[seat] != OFF:
            aiming_at[target[seat]] = aiming_at.get(target[seat], 0) + 1
    for seat in riders:
        if carried[seat] and target[seat] != OFF:
            ahead = robot_at.get(target[seat])
            swap = (
                ahead is not None and ahead in target and carried[ahead] and target[ahead] == fleet.pos[seat]
            )
            if aiming_at[target[seat]] > 1 or swap:
                carried[seat] = False
    changed = True
    while changed:  # a target held by a robot that stays blocks the belt behind it
        changed = False
        for seat in riders:
            if carried[seat] and target[seat] != OFF:
                ahead = robot_at.get(target[seat])
                if ahead is not None and not carried.get(ahead, False):
                    carried[seat], changed = False, True
    moving = [seat for seat in riders if carried[seat]]
    _carry(resolution, moving, target, resolution.events.conveyed)


def _stamp_leaving(fleet: Fleet, arrivals: list[tuple[int, int, int]]) -> None:
    """DR-32: robots leaving in one step (a movement, a conveyor or a pusher step) share one stamp."""
    if any(end == OFF for _, _, end in arrivals):
        fleet.leave_count += 1


def _carry(
    resolution: Resolution,
    moving: list[int],
    target: dict[int, int],
    tell: Callable[[int, int, int, int], None],
) -> None:
    """The ``moving`` robots to their ``target`` tiles at once (conveyors, pushers); ``tell``
    is the sink's method for the event."""
    fleet = resolution.fleet
    start = {seat: fleet.pos[seat] for seat in moving}
    _stamp_leaving(fleet, [(seat, start[seat], target[seat]) for seat in moving])
    for seat in moving:
        tell(seat, resolution.register, start[seat], target[seat])
        fleet.pos[seat] = OFF
    for seat in moving:
        resolution.arrive(seat, start[seat], target[seat])


def turntables(resolution: Resolution) -> None:
    """DR-21: a quarter turn for every robot on a turntable."""
    board, fleet = resolution.board, resolution.fleet
    for seat in range(fleet.n):
        tile = fleet.pos[seat]
        if tile >= 0 and board.kind[tile] in (TURN_L, TURN_R):
            clockwise = board.kind[tile] == TURN_R
            fleet.facing[seat] = (fleet.facing[seat] + (1 if clockwise else 3)) % 4
            resolution.events.rotated(seat, resolution.register, tile, clockwise, fleet.facing[seat])


def pushers(resolution: Resolution) -> None:
    """DR-22: on registers 2 and 4 pushers move the robot on their tile one tile away."""
    board, fleet = resolution.board, resolution.fleet
    robot_at = fleet.occupancy()
    target: dict[int, int] = {}
    for seat in range(fleet.n):
        tile = fleet.pos[seat]
        if tile >= 0 and board.pusher[tile] >= 0 and not board.wall[tile * 4 + board.pusher[tile]]:
            target[seat] = board.step[tile * 4 + board.pusher[tile]]
    aiming_at: dict[int, int] = {}
    for tile in target.values():
        aiming_at[tile] = aiming_at.get(tile, 0) + 1
    moving = [
        seat
        for seat, tile in target.items()
        if tile == OFF or (tile not in robot_at and aiming_at[tile] == 1)
    ]
    _carry(resolution, moving, target, resolution.events.shoved)


def lasers(resolution: Resolution) -> None:
    """DR-23: on odd registers every beam hits the first robot on it."""
    robot_at = resolution.fleet.occupancy()
    for laser in resolution.board.lasers:
        for tile in laser.beam:
            seat = robot_at.get(tile)
            if seat is not None:
                resolution.damage[seat] += 1
                resolution.events.burned(seat, resolution.register, laser.mount, laser.direction)
                break


def presses(resolution: Resolution) -> None:
    """DR-27: 2 damage to every robot on a press."""
    board, fleet = resolution.board, resolution.fleet
    for seat in range(fleet.n):
        if fleet.pos[seat] >= 0 and board.kind[fleet.pos[seat]] == PRESS:
            resolution.damage[seat] += 2
            resolution.events.crushed(seat, resolution.register, fleet.pos[seat])


def apply_damage(resolution: Resolution) -> None:
    """DR-24: PC = max(1, PC - damage); PC 1 means automatic standby."""
    fleet, events, register = resolution.fleet, resolution.events, resolution.register
    for seat in range(fleet.n):
        damage = resolution.damage[seat]
        if not damage or fleet.pos[seat] < 0:
            continue
        fleet.pc[seat] = max(1, fleet.pc[seat] - damage)
        events.damaged(seat, register, damage, fleet.pc[seat])
        if fleet.pc[seat] == 1 and not fleet.pending[seat]:
            fleet.pending[seat] = True
            fleet.cancelled[seat] = True
            events.auto_standby(seat, register)


def run_register(
    board: Board,
    fleet: Fleet,
    rules: Rules,
    register: int,
    events: EventSink,
    paths: list[list[int]] | None = None,
) -> None:
    """DR-14 to DR-24: ``register`` (1..5): the robots move, then the factory acts (DR-19's order).
    ``paths`` (the state's, per seat) gets each robot's tiles after movement and after the factory."""
    resolution = Resolution(board, fleet, rules, register, events)
    movement(resolution)
    if paths is not None:
        _trace(fleet, paths)
    conveyors(resolution)
    turntables(resolution)
    if register % 2 == 0:
        pushers(resolution)
    else:
        lasers(resolution)
    if rules.press_every_register:
        presses(resolution)
    apply_damage(resolution)
    if paths is not None:
        _trace(fleet, paths)


def _trace(fleet: Fleet, paths: list[list[int]]) -> None:
    for seat in range(fleet.n):
        here = fleet.pos[seat]
        if paths[seat] and paths[seat][-1] == here:
            continue
        paths[seat].append(here)


# --------------------------------------------------------------------------- end and start of a turn


def end_turn(board: Board, fleet: Fleet, rules: Rules, turn: int, events: EventSink) -> None:
    """DR-27 presses (once), DR-28 laws, DR-29 repairs to come."""
    if not rules.press_every_register:
        resolution = Resolution(board, fleet, rules, E.END, events)
        presses(resolution)
        apply_damage(resolution)
    for seat in range(fleet.n):
        tile = fleet.pos[seat]
        if tile < 0:
            continue
        law = board.law_at[tile]
        if law and not fleet.laws[seat] & (1 << (law - 1)):
            fleet.laws[seat] |= 1 << (law - 1)
            events.downloaded(seat, law)
        if fleet.laws[seat] == ALL_LAWS:
            fleet.finished[seat], fleet.finish_pc[seat] = turn, fleet.pc[seat]
            fleet.pos[seat] = OFF
            fleet.skip[seat] = 0
            events.finished(seat, turn)
            continue
        fleet.repair[seat] += 1 if board.kind[tile] == WRENCH1 else 2 if board.kind[tile] == WRENCH2 else 0


def start_turn(
    board: Board, fleet: Fleet, rules: Rules, events: EventSink, order: Sequence[int] | None = None
) -> None:
    """DR-9: (a) standby engages, (b) repairs, (c) re-entry in the order robots left: register, then
    movement before environment, then seat order (DR-32; ``order[k]`` is the seat numbered k + 1, DR-4)."""
    for seat in range(fleet.n):
        fleet.program[seat] = None
        fleet.cancelled[seat] = False
        fleet.inactive[seat] = False
        if fleet.finished[seat]:
            continue
        if fleet.pending[seat]:
            fleet.pending[seat], fleet.inactive[seat], fleet.pc[seat] = False, True, MAX_PC
            events.rebooted(seat, E.START)
    for seat in range(fleet.n):
        if fleet.repair[seat] and not fleet.finished[seat]:
            gained = min(MAX_PC, fleet.pc[seat] + fleet.repair[seat]) - fleet.pc[seat]
            fleet.pc[seat] += gained
            if gained:
                events.repaired(seat, gained, fleet.pc[seat])
        fleet.repair[seat] = 0
    number = {seat: k for k, seat in enumerate(order if order is not None else range(fleet.n))}
    away = sorted(
        (fleet.left[seat], number[seat], seat)
        for seat in range(fleet.n)
        if fleet.placed[seat] and not fleet.finished[seat] and fleet.pos[seat] < 0
    )
    for _, _, seat in away:
        reenter(board, fleet, rules, seat, events)


def reenter(board: Board, fleet: Fleet, rules: Rules, seat: int, events: EventSink) -> None:
    """DR-32: the first accessible perimeter tile anticlockwise from the exit tile."""
    robot_at = fleet.occupancy()
    ring = board.ring
    start = ring.index(fleet.exit[seat]) + (1 if rules.reentry_from_next else 0)
    for step in range(len(ring)):
        tile = ring[(start + step) % len(ring)]
        if tile not in robot_at and board.kind[tile] != PIT:
            fleet.pos[seat], fleet.exit[seat], fleet.left[seat] = tile, OFF, 0
            events.reentered(seat, tile, fleet.facing[seat])
            return


def ranking_key(fleet: Fleet, seat: int) -> tuple[int, int, int, int]:
    """DR-33: finished first, earlier first; then more laws; then higher PC. Smaller is better."""
    if fleet.finished[seat]:
        return (0, fleet.finished[seat], -3, -fleet.finish_pc[seat])
    return (1, 0, -bin(fleet.laws[seat]).count("1"), -fleet.pc[seat])


def ranks(fleet: Fleet) -> tuple[int, ...]:
    keys = [ranking_key(fleet, seat) for seat in range(fleet.n)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)
