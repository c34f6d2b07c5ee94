"""The DR2D rules engine: registers, the factory, the end and the start of a turn.

The robots live in a :class:`Fleet` of flat per-seat lists (seat ``i`` is index ``i``) and
every function here mutates a fleet on a :class:`~robotable.games.dr2d.board.Board`. The
state wraps these functions with phases and actions; the heuristic bot calls them on a
fleet rebuilt from its view. Events are appended to ``ev`` when it is a list and skipped
when it is ``None`` (fast simulations).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from robotable.games.dr2d import events as E
from robotable.games.dr2d.board import (
    CONVEYOR,
    DIRS,
    OFF,
    PIT,
    PRESS,
    TURN_L,
    TURN_R,
    WRENCH1,
    WRENCH2,
    Board,
    xy,
)

STAY = 4
LETTERS = ("N", "E", "S", "W", "STAY")
ORDERS = ("forward", "right", "back", "left")  # DR-12: the letters in the robot's own frame
MAX_PC = 7
ALL_LAWS = 0b111


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


@dataclass
class Fleet:
    """All robots, as parallel lists indexed by seat."""

    n: int
    pos: list[int] = field(default_factory=list)  # tile, or OFF (not placed, left, finished)
    facing: list[int] = field(default_factory=list)
    pc: list[int] = field(default_factory=list)
    laws: list[int] = field(default_factory=list)  # bit (law - 1) set when downloaded
    skip: list[int] = field(default_factory=list)  # register slots still lost to a pit
    finished: list[int] = field(default_factory=list)  # finishing turn, 0 = running
    finish_pc: list[int] = field(default_factory=list)
    inactive: list[bool] = field(default_factory=list)  # in standby for this whole turn
    pending: list[bool] = field(default_factory=list)  # standby engages at the end of the turn
    cancelled: list[bool] = field(default_factory=list)  # remaining registers cancelled
    repair: list[int] = field(default_factory=list)  # PC to add at the start of next turn
    exit: list[int] = field(default_factory=list)  # exit tile after leaving, OFF otherwise
    left: list[int] = field(default_factory=list)  # order of leaving (re-entry order), 0 = none
    placed: list[bool] = field(default_factory=list)
    program: list[list[int] | None] = field(default_factory=list)  # this turn's revealed program
    leave_count: int = 0

    @classmethod
    def new(cls, n: int) -> Fleet:
        return cls(
            n=n,
            pos=[OFF] * n,
            facing=[0] * n,
            pc=[MAX_PC] * n,
            laws=[0] * n,
            skip=[0] * n,
            finished=[0] * n,
            finish_pc=[0] * n,
            inactive=[False] * n,
            pending=[False] * n,
            cancelled=[False] * n,
            repair=[0] * n,
            exit=[OFF] * n,
            left=[0] * n,
            placed=[False] * n,
            program=[None] * n,
        )

    _LISTS: ClassVar[tuple[str, ...]] = (
        "pos", "facing", "pc", "laws", "skip", "finished", "finish_pc",
        "inactive", "pending", "cancelled", "repair", "exit", "left", "placed",
    )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: list(getattr(self, name)) for name in self._LISTS}
        data["program"] = [None if p is None else list(p) for p in self.program]
        data["n"], data["leave_count"] = self.n, self.leave_count
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fleet:
        fleet = cls(n=data["n"], leave_count=data["leave_count"])
        for name in cls._LISTS:
            setattr(fleet, name, list(data[name]))
        fleet.program = [None if p is None else list(p) for p in data["program"]]
        return fleet

    def copy(self) -> Fleet:
        new = Fleet.__new__(Fleet)
        for name in self._LISTS:
            setattr(new, name, getattr(self, name)[:])
        new.program = [None if p is None else p[:] for p in self.program]
        new.n, new.leave_count = self.n, self.leave_count
        return new

    def occupancy(self) -> dict[int, int]:
        return {p: i for i, p in enumerate(self.pos) if p >= 0}

    def acts(self, i: int) -> bool:
        """DR-14 without the pit check: on the board, running and not cancelled."""
        return self.pos[i] >= 0 and not self.inactive[i] and not self.cancelled[i] and bool(self.program[i])


def board_direction(code: int, facing: int, absolute: bool) -> int:
    """DR-12: a register letter read in the robot's frame (or as a board direction)."""
    return code if absolute else (facing + code) % 4


class Turn:
    """One register's bookkeeping: pending damage and who already collided (DR-17)."""

    __slots__ = ("b", "collided", "damage", "ev", "f", "k", "rules")

    def __init__(self, b: Board, f: Fleet, rules: Rules, k: int, ev: list | None) -> None:
        self.b, self.f, self.rules, self.k, self.ev = b, f, rules, k, ev
        self.damage = [0] * f.n
        self.collided: set[int] = set()

    def collide(self, i: int, d: int) -> None:
        if i in self.collided:
            return
        self.collided.add(i)
        self.damage[i] += 1
        if self.ev is not None:
            self.ev.append(E.Collided(i, self.k, xy(self.f.pos[i]), DIRS[d]))

    def arrive(self, i: int, old: int, new: int) -> None:
        """Robot ``i`` moved from ``old`` to ``new`` by any means: leaving, pits (DR-18, DR-25)."""
        f = self.f
        if new == OFF:
            f.pos[i] = OFF
            f.exit[i] = old
            f.cancelled[i] = True
            f.skip[i] = 0
            f.left[i] = f.leave_count  # the step's stamp: ties are broken by seat order (DR-32)
            self.damage[i] = 0
            if self.ev is not None:
                self.ev.append(E.LeftBoard(i, self.k, xy(old)))
            return
        f.pos[i] = new
        if self.b.kind[new] == PIT:
            cost = pit_cost(f.pc[i])
            f.skip[i] += cost
            if self.rules.pit_damage:
                self.damage[i] += 1
            if self.ev is not None:
                self.ev.append(E.FellInPit(i, self.k, xy(new), cost))


# --------------------------------------------------------------------------- movement (DR-14..DR-17)


def movers_of(t: Turn) -> dict[int, int]:
    """Seat -> board direction of every robot moving in this register; pit slots elapse."""
    f, k = t.f, t.k
    movers: dict[int, int] = {}
    for i in range(f.n):
        if f.pos[i] < 0:
            continue
        if f.skip[i] > 0:  # DR-25: slots run in time, acting or not
            f.skip[i] -= 1
            if t.ev is not None:
                t.ev.append(E.Skipped(i, k, f.skip[i]))
            continue
        if not f.acts(i):
            continue
        code = f.program[i][k - 1]  # type: ignore[index]
        if code != STAY:
            movers[i] = board_direction(code, f.facing[i], t.rules.absolute)
    return movers


def movement(t: Turn) -> None:
    """DR-15/DR-16: resolve every move of the register at once, then move."""
    movers = movers_of(t)
    if not movers:
        return
    b, f, ev, k = t.b, t.f, t.ev, t.k
    occ = f.occupancy()
    status: dict[int, bool] = {}
    dst: dict[int, int] = {}
    for i, d in movers.items():  # 1. walls, and leaving the board
        src = f.pos[i]
        if b.wall[src * 4 + d]:
            status[i] = False
            if ev is not None:
                ev.append(E.Blocked(i, k, xy(src), DIRS[d], "wall"))
            continue
        dst[i] = b.step[src * 4 + d]
        if dst[i] == OFF:
            status[i] = True
    remaining = [i for i in dst if i not in status]
    targets: dict[int, list[int]] = {}
    for i in remaining:  # 2. same target tile
        targets.setdefault(dst[i], []).append(i)
    for group in targets.values():
        if len(group) > 1:
            for i in group:
                status[i] = False
                t.collide(i, movers[i])
    for i in remaining:  # 3. swaps
        j = occ.get(dst[i])
        if j is not None and j in dst and dst[j] == f.pos[i] and j in remaining:
            for r in (i, j):
                status[r] = False
                t.collide(r, movers[r])
    pushes = _pushes(t, movers, dst, status, occ)
    for i in remaining:  # 6. empty target tiles
        if i not in status and dst[i] not in occ:
            status[i] = True
    for i in remaining:  # 5. following a moving robot
        if i not in status:
            _follow(t, i, movers, dst, status, occ)
    moves = [(i, f.pos[i], dst[i]) for i in sorted(status) if status[i]]
    shoves = [(bi, f.pos[bi], u, i) for i, (bi, u) in sorted(pushes.items()) if status.get(i)]
    for i, old, new in moves:
        if ev is not None:
            order = "" if t.rules.absolute else ORDERS[f.program[i][k - 1]]  # type: ignore[index]
            ev.append(E.Moved(i, k, xy(old), None if new == OFF else xy(new), DIRS[movers[i]], order))
    for bi, old, new, by in shoves:
        if ev is not None:
            ev.append(E.Pushed(bi, by, k, xy(old), None if new == OFF else xy(new)))
    for i in [i for i, _, _ in moves] + [bi for bi, *_ in shoves]:  # vacate first: all at once
        f.pos[i] = OFF
    arrivals = sorted([(i, old, new) for i, old, new in moves] + [(bi, o, u) for bi, o, u, _ in shoves])
    _stamp_leaving(f, arrivals)
    for i, old, new in arrivals:
        t.arrive(i, old, new)


def _pushes(
    t: Turn, movers: dict[int, int], dst: dict[int, int], status: dict[int, bool], occ: dict[int, int]
) -> dict[int, tuple[int, int]]:
    """DR-16: which movers push a stationary robot, and where to. Failed pushes are settled."""
    b, ev, f = t.b, t.ev, t.f
    # the dst of every moving robot, those stopped by a wall included (DR-15: dst(r) = src(r) + d(r))
    taken = {b.step[f.pos[i] * 4 + d] for i, d in movers.items()}
    candidates: dict[int, tuple[int, int]] = {}
    for i, target in dst.items():
        if i in status:
            continue
        held = occ.get(target)
        if held is None or held in movers:
            continue
        d = movers[i]
        u = OFF if b.wall[target * 4 + d] else b.step[target * 4 + d]
        if b.wall[target * 4 + d] or (u != OFF and (u in occ or u in taken)):
            status[i] = False
            if ev is not None:
                ev.append(E.Blocked(i, t.k, xy(t.f.pos[i]), DIRS[d], "push"))
            continue
        candidates[i] = (held, u)
    counts: dict[int, int] = {}
    for _, u in candidates.values():
        if u != OFF:
            counts[u] = counts.get(u, 0) + 1
    pushes = {}
    for i, (held, u) in candidates.items():
        if u != OFF and counts[u] > 1:
            status[i] = False
            if ev is not None:
                ev.append(E.Blocked(i, t.k, xy(t.f.pos[i]), DIRS[movers[i]], "push"))
        else:
            status[i] = True
            pushes[i] = (held, u)
    return pushes


def _follow(
    t: Turn, i: int, movers: dict[int, int], dst: dict[int, int], status: dict[int, bool], occ: dict[int, int]
) -> None:
    """DR-15 step 5: a robot moving into a moving robot's tile shares its fate; cycles all move."""
    chain: list[int] = []
    x = i
    while x not in status:
        if x in chain:  # a closed cycle: everyone moves
            for y in chain:
                status[y] = True
            return
        chain.append(x)
        x = occ[dst[x]]
    result = status[x]
    for y in chain:
        status[y] = result
    if not result:
        for y in [*chain, x]:
            t.collide(y, movers[y])


# --------------------------------------------------------------------------- the factory (DR-19..DR-27)


def conveyors(t: Turn) -> None:
    """DR-20: belts carry every robot on them one tile, all at once, never pushing."""
    b, f = t.b, t.f
    riders = [i for i in range(f.n) if f.pos[i] >= 0 and b.kind[f.pos[i]] == CONVEYOR]
    if not riders:
        return
    occ = f.occupancy()
    target: dict[int, int] = {}
    ok: dict[int, bool] = {}
    for i in riders:
        d = b.belt[f.pos[i]]
        ok[i] = not b.wall[f.pos[i] * 4 + d]
        target[i] = b.step[f.pos[i] * 4 + d]
    counts: dict[int, int] = {}
    for i in riders:
        if ok[i] and target[i] != OFF:
            counts[target[i]] = counts.get(target[i], 0) + 1
    for i in riders:
        if ok[i] and target[i] != OFF:
            j = occ.get(target[i])
            swap = j is not None and j in target and ok[j] and target[j] == f.pos[i]
            if counts[target[i]] > 1 or swap:
                ok[i] = False
    changed = True
    while changed:  # a target held by a robot that stays blocks the belt behind it
        changed = False
        for i in riders:
            if ok[i] and target[i] != OFF:
                j = occ.get(target[i])
                if j is not None and not ok.get(j, False):
                    ok[i], changed = False, True
    moving = [i for i in riders if ok[i]]
    _carry(t, moving, target, E.Conveyed)


def _stamp_leaving(f: Fleet, arrivals: list[tuple[int, int, int]]) -> None:
    """DR-32: robots leaving in one step (a movement, a conveyor or a pusher step) share one stamp."""
    if any(new == OFF for _, _, new in arrivals):
        f.leave_count += 1


def _carry(t: Turn, moving: list[int], target: dict[int, int], event: type) -> None:
    f = t.f
    old = {i: f.pos[i] for i in moving}
    _stamp_leaving(f, [(i, old[i], target[i]) for i in moving])
    for i in moving:
        if t.ev is not None:
            t.ev.append(event(i, t.k, xy(old[i]), None if target[i] == OFF else xy(target[i])))
        f.pos[i] = OFF
    for i in moving:
        t.arrive(i, old[i], target[i])


def turntables(t: Turn) -> None:
    """DR-21: a quarter turn for every robot on a turntable."""
    b, f = t.b, t.f
    for i in range(f.n):
        p = f.pos[i]
        if p >= 0 and b.kind[p] in (TURN_L, TURN_R):
            clockwise = b.kind[p] == TURN_R
            f.facing[i] = (f.facing[i] + (1 if clockwise else 3)) % 4
            if t.ev is not None:
                t.ev.append(E.Rotated(i, t.k, xy(p), "R" if clockwise else "L", DIRS[f.facing[i]]))


def pushers(t: Turn) -> None:
    """DR-22: on registers 2 and 4 pushers move the robot on their tile one tile away."""
    b, f = t.b, t.f
    occ = f.occupancy()
    target: dict[int, int] = {}
    for i in range(f.n):
        p = f.pos[i]
        if p >= 0 and b.pusher[p] >= 0 and not b.wall[p * 4 + b.pusher[p]]:
            target[i] = b.step[p * 4 + b.pusher[p]]
    counts: dict[int, int] = {}
    for u in target.values():
        counts[u] = counts.get(u, 0) + 1
    moving = [i for i, u in target.items() if u == OFF or (u not in occ and counts[u] == 1)]
    _carry(t, moving, target, E.Shoved)


def lasers(t: Turn) -> None:
    """DR-23: on odd registers every beam hits the first robot on it."""
    occ = t.f.occupancy()
    for laser in t.b.lasers:
        for tile in laser.beam:
            i = occ.get(tile)
            if i is not None:
                t.damage[i] += 1
                if t.ev is not None:
                    t.ev.append(E.Burned(i, t.k, xy(laser.mount), DIRS[laser.direction]))
                break


def presses(t: Turn) -> None:
    """DR-27: 2 damage to every robot on a press."""
    f = t.f
    for i in range(f.n):
        if f.pos[i] >= 0 and t.b.kind[f.pos[i]] == PRESS:
            t.damage[i] += 2
            if t.ev is not None:
                t.ev.append(E.Crushed(i, t.k, xy(f.pos[i])))


def apply_damage(t: Turn) -> None:
    """DR-24: PC = max(1, PC - damage); PC 1 means automatic standby."""
    f = t.f
    for i in range(f.n):
        dmg = t.damage[i]
        if not dmg or f.pos[i] < 0:
            continue
        f.pc[i] = max(1, f.pc[i] - dmg)
        if t.ev is not None:
            t.ev.append(E.Damaged(i, t.k, dmg, f.pc[i]))
        if f.pc[i] == 1 and not f.pending[i]:
            f.pending[i] = True
            f.cancelled[i] = True
            if t.ev is not None:
                t.ev.append(E.AutoStandby(i, t.k))


def run_register(
    b: Board, f: Fleet, rules: Rules, k: int, ev: list | None, paths: list | None = None
) -> None:
    """DR-14 to DR-24: register ``k`` (1..5): the robots move, then the factory acts."""
    t = Turn(b, f, rules, k, ev)
    movement(t)
    if paths is not None:
        _trace(f, paths)
    conveyors(t)
    turntables(t)
    if k % 2 == 0:
        pushers(t)
    else:
        lasers(t)
    if rules.press_every_register:
        presses(t)
    apply_damage(t)
    if paths is not None:
        _trace(f, paths)


def _trace(f: Fleet, paths: list) -> None:
    for i in range(f.n):
        here = f.pos[i]
        if paths[i] and paths[i][-1] == here:
            continue
        paths[i].append(here)


# --------------------------------------------------------------------------- end and start of a turn


def end_turn(b: Board, f: Fleet, rules: Rules, turn: int, ev: list | None) -> None:
    """DR-27 presses (once), DR-28 laws, DR-29 repairs to come."""
    t = Turn(b, f, rules, E.END, ev)
    if not rules.press_every_register:
        presses(t)
        apply_damage(t)
    for i in range(f.n):
        p = f.pos[i]
        if p < 0:
            continue
        law = b.law_at[p]
        if law and not f.laws[i] & (1 << (law - 1)):
            f.laws[i] |= 1 << (law - 1)
            if ev is not None:
                ev.append(E.Downloaded(i, law))
        if f.laws[i] == ALL_LAWS:
            f.finished[i], f.finish_pc[i] = turn, f.pc[i]
            f.pos[i] = OFF
            f.skip[i] = 0
            if ev is not None:
                ev.append(E.Finished(i, turn))
            continue
        gain = 1 if b.kind[p] == WRENCH1 else 2 if b.kind[p] == WRENCH2 else 0
        f.repair[i] += gain


def start_turn(b: Board, f: Fleet, rules: Rules, ev: list | None, order: Sequence[int] | None = None) -> None:
    """DR-9: (a) standby engages, (b) repairs, (c) re-entry in the order robots left: register, then
    movement before environment, then seat order (DR-32; ``order[k]`` is the seat numbered k + 1, DR-4)."""
    for i in range(f.n):
        f.program[i] = None
        f.cancelled[i] = False
        f.inactive[i] = False
        if f.finished[i]:
            continue
        if f.pending[i]:
            f.pending[i], f.inactive[i], f.pc[i] = False, True, MAX_PC
            if ev is not None:
                ev.append(E.Rebooted(i, E.START))
    for i in range(f.n):
        if f.repair[i] and not f.finished[i]:
            gained = min(MAX_PC, f.pc[i] + f.repair[i]) - f.pc[i]
            f.pc[i] += gained
            if ev is not None and gained:
                ev.append(E.Repaired(i, gained, f.pc[i]))
        f.repair[i] = 0
    number = {seat: k for k, seat in enumerate(order if order is not None else range(f.n))}
    away = sorted(
        (f.left[i], number[i], i) for i in range(f.n) if f.placed[i] and not f.finished[i] and f.pos[i] < 0
    )
    for _, _, i in away:
        reenter(b, f, rules, i, ev)


def reenter(b: Board, f: Fleet, rules: Rules, i: int, ev: list | None) -> None:
    """DR-32: the first accessible perimeter tile anticlockwise from the exit tile."""
    occ = f.occupancy()
    ring = b.ring
    start = ring.index(f.exit[i]) + (1 if rules.reentry_from_next else 0)
    for step in range(len(ring)):
        tile = ring[(start + step) % len(ring)]
        if tile not in occ and b.kind[tile] != PIT:
            f.pos[i], f.exit[i], f.left[i] = tile, OFF, 0
            if ev is not None:
                ev.append(E.Reentered(i, xy(tile), DIRS[f.facing[i]]))
            return


def ranking_key(f: Fleet, i: int) -> tuple[int, int, int, int]:
    """DR-33: finished first, earlier first; then more laws; then higher PC. Smaller is better."""
    if f.finished[i]:
        return (0, f.finished[i], -3, -f.finish_pc[i])
    return (1, 0, -bin(f.laws[i]).count("1"), -f.pc[i])


def ranks(f: Fleet) -> tuple[int, ...]:
    keys = [ranking_key(f, i) for i in range(f.n)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)
