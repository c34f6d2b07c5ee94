"""How orders act on the board (DD-19..DD-23, DD-26, DD-28..DD-30, DD-36): steps, pushes, carrying.

:class:`Mechanics` is the lowest room of :class:`~robotable.games.droids.state.DroidsState`
(see ``phases.py``); it reads and changes the robots, the objects and the bins, and queues
emitter damage in ``pending_hits`` (a mine going off); the victims choose their emitters once
the order is over (``shooting.py``).
"""

from __future__ import annotations

from robotable.core.game import Event
from robotable.games.droids import events as ev
from robotable.games.droids.board import SIZE, idx, xy
from robotable.games.droids.phases import Rooms, new_tag
from robotable.games.droids.pieces import (
    BLOCKING,
    KILLER,
    MAX,
    MINE,
    OBSTACLE,
    PLAYER,
    REPAIRER,
    STATUE,
)
from robotable.games.droids.tokens import BIN_OF, DIRS, ORTHO, SIDE_OF, line_of, nearness


class Mechanics(Rooms):
    # ------------------------------------------------------------ lookups

    def _back_to_bin(self, kind: str) -> None:
        """A token goes back face down to its bin (DD-14, DD-18, DD-25), counted in ``bins``
        and in its bin's total (``bin_totals``, which the learning environments read)."""
        self.bins[kind] += 1
        self.bin_totals[BIN_OF[kind]] += 1

    def robot_at(self, cell: int) -> int | None:
        for i, robot in enumerate(self.robots):
            if robot.cell == cell:
                return i
        return None

    @property
    def killer_index(self) -> int:
        """Scenario 7: the killer's robot (the state's set-up refuses a killer scenario without one)."""
        return next(i for i, r in enumerate(self.robots) if r.kind == KILLER)

    def is_free(self, cell: int) -> bool:
        """DD-5: no fixed obstacle, no object, no robot (river cells can be free)."""
        return not self.board.is_rock(cell) and cell not in self.objects and self.robot_at(cell) is None

    def in_river(self, r: int) -> bool:
        return self.board.is_river(self.robots[r].cell)

    def active_player(self, r: int) -> bool:
        robot = self.robots[r]
        return robot.kind == PLAYER and not self.eliminated[robot.seat]

    def robot_line(self, seat: int, r: int) -> int | None:
        cell = self.robots[r].cell
        if cell < 0:
            return None
        x, y = xy(cell)
        return line_of(SIDE_OF[self.colours[seat]], x, y)

    def repairer_in_line(self, seat: int, emitter: int) -> int | None:
        """DD-16: the repairer in line ``emitter`` nearest to ``seat``'s side."""
        side = SIDE_OF[self.colours[seat]]
        found = [
            (nearness(side, *xy(robot.cell)), i)
            for i, robot in enumerate(self.robots)
            if robot.kind == REPAIRER and line_of(side, *xy(robot.cell)) == emitter
        ]
        return min(found)[1] if found else None

    # ------------------------------------------------------------ movement (DD-20..DD-23)

    def _report_moves(self, before: list[int], events: list[Event]) -> None:
        """A ``moved`` event for every robot whose cell changed since ``before``."""
        for robot, start in zip(self.robots, before, strict=True):
            if robot.cell != start and robot.cell >= 0 and start >= 0:
                events.append(ev.Moved(robot.name, xy(start), xy(robot.cell)))

    def _can_step(self, r: int, d: str) -> bool:
        return self._chain(r, d) is not None

    def _chain(self, r: int, d: str) -> list[int] | None:
        """The robots pushed by a step of ``r`` towards ``d``, or None if the step is impossible."""
        dx, dy = DIRS[d]
        x, y = xy(self.robots[r].cell)
        chain: list[int] = []
        x, y = x + dx, y + dy
        while 0 <= x < SIZE and 0 <= y < SIZE:
            other = self.robot_at(idx(x, y))
            if other is None:
                break
            chain.append(other)
            x, y = x + dx, y + dy
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return None  # nothing ever leaves the board (decision)
        front = idx(x, y)
        if self.board.is_rock(front) or self.objects.get(front) in BLOCKING:
            return None
        return chain

    def step(self, r: int, d: str, events: list[Event]) -> bool:
        chain = self._chain(r, d)
        if chain is None:
            return False
        dx, dy = DIRS[d]
        for mover in [*reversed(chain), r]:
            x, y = xy(self.robots[mover].cell)
            self._enter(mover, idx(x + dx, y + dy), events)
        return True

    def _enter(self, r: int, cell: int, events: list[Event]) -> None:
        """A robot enters a cell: mines go off (DD-36), a carried mine may explode."""
        robot = self.robots[r]
        robot.cell = cell
        self.pieces_tag = new_tag()
        if self.objects.get(cell) == MINE:
            del self.objects[cell]
            events.append(ev.MineExploded(robot.name, xy(cell), False, None))
            if self.active_player(r):
                self.hit(robot.seat, 1)
        if robot.carry == MINE:
            roll = self.rng.randrange(10)
            if roll == 0:
                robot.carry = None
                events.append(ev.MineExploded(robot.name, xy(cell), True, roll))
                if self.active_player(r):
                    self.hit(robot.seat, 2)

    def move(self, r: int, d: str, steps: int, events: list[Event]) -> int:
        """DD-21..DD-23: up to ``steps`` steps; a player robot stops on entering the river (DD-22),
        carries the statue one cell at most (DD-39); a repairer lays a mine in scenario 2 (DD-36)."""
        robot = self.robots[r]
        start = robot.cell
        if robot.carry == STATUE:
            steps = 1
        done = 0
        while done < steps and self.step(r, d, events):
            done += 1
            if robot.kind == PLAYER and self.board.is_river(robot.cell):
                break
        if done and robot.kind == REPAIRER and self.scenario.mines:
            self._lay_mine(start, events)
        if not done:
            events.append(ev.NoEffect(robot.name, f"cannot move {d}"))
        return done

    def _lay_mine(self, cell: int, events: list[Event]) -> None:
        if self.mines_left > 0 and cell not in self.objects and self.robot_at(cell) is None:
            self.objects[cell] = MINE
            self.pieces_tag = new_tag()
            self.mines_left -= 1
            events.append(ev.MineLaid(xy(cell)))

    # ------------------------------------------------------------ lines of sight (DD-24, DD-29)

    def first_robot(self, cell: int, d: str, *, blocked: bool) -> tuple[int, int] | None:
        """The first robot from ``cell`` towards ``d`` and its distance; with ``blocked``,
        fixed obstacles, mobile obstacles and containers stop the search."""
        dx, dy = DIRS[d]
        x, y = xy(cell)
        n = 0
        while True:
            x, y, n = x + dx, y + dy, n + 1
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                return None
            c = idx(x, y)
            if blocked and (self.board.is_rock(c) or self.objects.get(c) in BLOCKING):
                return None
            other = self.robot_at(c)
            if other is not None and (blocked or self.robots[other].kind != STATUE):
                return other, n

    def hit(self, seat: int, count: int, what: str = "damage") -> None:
        """Queue emitters to destroy (or repair) for ``seat``; merged with a waiting entry."""
        for entry in self.pending_hits:
            if entry[0] == seat and entry[1] == what:
                entry[2] = int(entry[2]) + count  # type: ignore[call-overload]
                return
        self.pending_hits.append([seat, what, count])

    # ------------------------------------------------------------ take / put (DD-26, DD-28)

    def take_put(self, r: int, d: str, events: list[Event]) -> None:
        robot = self.robots[r]
        dx, dy = DIRS[d]
        x, y = xy(robot.cell)
        x, y = x + dx, y + dy
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            events.append(ev.NoEffect(robot.name, "the edge of the board"))
            return
        c = idx(x, y)
        if self.scenario.stock:
            self._stock_take_put(r, c, events)
        elif robot.carry is None:
            self._take(r, c, events)
        else:
            self._put(r, c, events)

    def _take(self, r: int, c: int, events: list[Event]) -> None:
        robot = self.robots[r]
        holder = self.robot_at(c)
        self.pieces_tag = new_tag()
        if c in self.objects:
            robot.carry = self.objects.pop(c)
        elif holder is not None and self.robots[holder].kind == STATUE:
            robot.carry = STATUE
            self.robots[holder].cell = -1
        elif holder is not None and self.robots[holder].carry is not None:
            robot.carry, self.robots[holder].carry = self.robots[holder].carry, None
        else:
            events.append(ev.NoEffect(robot.name, "nothing to take"))
            return
        events.append(ev.Taken(robot.name, str(robot.carry), xy(c)))

    def _put(self, r: int, c: int, events: list[Event]) -> None:
        robot = self.robots[r]
        if not self.is_free(c):
            events.append(ev.NoEffect(robot.name, "the cell is not free"))
            return
        thing, robot.carry = str(robot.carry), None
        self.pieces_tag = new_tag()
        if thing == STATUE:
            statue = next(i for i, rb in enumerate(self.robots) if rb.kind == STATUE)
            self.robots[statue].cell = c
        else:
            self.objects[c] = thing
        events.append(ev.Put(robot.name, thing, xy(c)))

    def _stock_take_put(self, r: int, c: int, events: list[Event]) -> None:
        robot = self.robots[r]
        self.pieces_tag = new_tag()
        if self.objects.get(c) == OBSTACLE:
            del self.objects[c]
            robot.stock += 1
            events.append(ev.Taken(robot.name, OBSTACLE, xy(c)))
        elif robot.stock > 0 and self.is_free(c):
            robot.stock -= 1
            self.objects[c] = OBSTACLE
            events.append(ev.Put(robot.name, OBSTACLE, xy(c)))
        else:
            events.append(ev.NoEffect(robot.name, "nothing to take and nowhere to put"))

    # ------------------------------------------------------------ send-order (DD-29)

    def send_order(self, r: int, transmit: str, direction: str, events: list[Event]) -> None:
        robot = self.robots[r]
        found = self.first_robot(robot.cell, transmit, blocked=False)
        if found is None:
            events.append(ev.NoEffect(robot.name, f"no robot to the {transmit}"))
            return
        target = found[0]
        if self.robots[target].kind == PLAYER and self.in_river(target):
            events.append(ev.NoEffect(self.robots[target].name, "in the river: only water orders"))
            return
        self.move(target, direction, MAX, events)

    # ------------------------------------------------------------ tests used by scenarios

    def garden_complete(self, colour: str, mode: str) -> bool:
        """DD-38: the 8-connected obstacle-free region of the circle stays closed."""
        start = self.board.circles[colour]
        seen = {start}
        todo = [start]
        centre = set(self.board.centre)
        while todo:
            cell = todo.pop()
            x, y = xy(cell)
            if mode == "strict" and (x in (0, SIZE - 1) or y in (0, SIZE - 1)):
                return False
            if mode == "centre" and cell in centre:
                return False
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < SIZE and 0 <= ny < SIZE):
                        continue
                    c = idx(nx, ny)
                    if c in seen or self.board.is_rock(c) or self.objects.get(c) == OBSTACLE:
                        continue
                    seen.add(c)
                    todo.append(c)
        return True

    def is_prisoner(self, r: int, neighbours: int) -> bool:
        """DD-40: no free cell among the 4 (or 8) neighbours; off-board is not free."""
        x, y = xy(self.robots[r].cell)
        dirs = ORTHO if neighbours == 4 else tuple(DIRS)
        for d in dirs:
            dx, dy = DIRS[d]
            nx, ny = x + dx, y + dy
            if 0 <= nx < SIZE and 0 <= ny < SIZE and self.is_free(idx(nx, ny)):
                return False
        return True

    def straitjacketed(self, r: int) -> bool:
        """DD-45: the killer can make no orthogonal one-cell step, pushing included."""
        return not any(self._can_step(r, d) for d in ORTHO)
