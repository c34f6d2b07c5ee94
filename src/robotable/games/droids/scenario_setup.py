"""The scenario set up on the board (DD-9, DD-10, DD-35..DD-41): robots on their circles,
repairers on the free corners, the statue, the killer on the circle opposite the player,
containers, the first player, and the setup obstacles the players place one by one.
"""

from __future__ import annotations

from typing import Any

from robotable.core.errors import InvalidOptions
from robotable.core.game import Event
from robotable.games.droids import events as ev
from robotable.games.droids.actions import Obstacle
from robotable.games.droids.board import SIZE, idx, xy
from robotable.games.droids.orders import Orders
from robotable.games.droids.phases import SETUP, new_tag
from robotable.games.droids.pieces import CONTAINER, KILLER, OBSTACLE, PLAYER, REPAIRER, STATUE, Robot
from robotable.games.droids.tokens import COLOUR_NAMES, OPPOSITE_COLOUR


class ScenarioSetup(Orders):
    def _set_up(self) -> None:
        """The pieces, the first player, then the setup obstacles or the first turn."""
        self._place_pieces()
        self._check_set_up()
        self.first = self._roll_first() if self.seats > 1 else 0
        count = self._setup_obstacle_count()
        if count:
            self.setup_left = count
            self.goers = self.turn_order()
            self.cursor = 0
        else:
            self._setup_done([])

    def _place_pieces(self) -> None:
        """DD-35..DD-41: robots on their circles, repairers, statue, killer, containers."""
        sc, board = self.scenario, self.board
        for seat, colour in enumerate(self.colours):
            self.robots.append(
                Robot(PLAYER, board.circles[colour], seat, None, sc.stock, COLOUR_NAMES[colour])
            )
        if sc.repairers:
            for n, cell in enumerate(board.corners, 1):
                self.robots.append(Robot(REPAIRER, cell, name=f"repairer {n}"))
        if sc.statue:
            self.robots.append(Robot(STATUE, board.statue, name="statue"))
        if sc.killer:
            circle = board.circles[OPPOSITE_COLOUR[self.colours[0]]]
            self.robots.append(Robot(KILLER, circle, name="killer"))
        if sc.containers:
            cells = {2: board.containers_2, 3: board.containers_3}.get(
                self.seats, board.containers_2 + board.containers_3
            )
            for cell in cells:
                self.objects[cell] = CONTAINER
        self.pieces_tag = new_tag()

    def _check_set_up(self) -> None:
        """The board and the scenario table are each checked at load; what depends on both,
        and on the player count, is checked here: one piece a cell (DD-3, DD-4), and room for
        the setup obstacles (DD-35, DD-38), or the setup would never end."""
        where: dict[int, str] = {}
        pieces = [(r.cell, r.name) for r in self.robots] + [(c, k) for c, k in self.objects.items()]
        for cell, name in pieces:
            if cell in where:
                raise InvalidOptions(
                    f"{self._files()} put the {name} and the {where[cell]} on the same cell {list(xy(cell))}"
                )
            where[cell] = name
        room = len(self._setup_cells())
        if self._setup_obstacle_count() > room:
            raise InvalidOptions(
                f"{self._files()}: scenario {self.scenario.number} has {self._setup_obstacle_count()} setup "
                f"obstacles for {self.seats} players, and only {room} free cells"
            )

    def _setup_obstacle_count(self) -> int:
        """DD-35, DD-38: the setup obstacles of this scenario at this player count."""
        return self.scenario.setup_obstacles.get(self.seats, 0)

    def _files(self) -> str:
        board = self.options.get("board_file") or "the default board"
        table = self.options.get("scenarios_file") or "the default scenario table"
        return f"{board} and {table}"

    def _roll_first(self) -> int:
        """DD-10: everyone rolls; the highest starts; tied highest roll again."""
        rolling = list(range(self.seats))
        while len(rolling) > 1:
            rolls = {seat: self.rng.randrange(10) for seat in rolling}
            best = max(rolls.values())
            rolling = [seat for seat in rolling if rolls[seat] == best]
        return rolling[0]

    def _setup_done(self, events: list[Event]) -> None:
        if self.scenario.number == 4:
            complete = [
                s for s in range(self.seats) if self.garden_complete(self.colours[s], self._garden_mode)
            ]
            if complete:
                self._finish(complete, "garden complete at the end of setup", events)
                return
        self._start_turn(events)

    def _setup_obstacle(self, seat: int, action: Obstacle, events: list[Event]) -> None:
        self.objects[idx(action.x, action.y)] = OBSTACLE
        self.pieces_tag = new_tag()
        events.append(ev.ObstaclePlaced(seat, (action.x, action.y)))
        self.setup_left -= 1
        self.cursor = (self.cursor + 1) % len(self.goers)
        if self.setup_left == 0:
            self._setup_done(events)

    def _setup_cells(self) -> list[int]:
        taken = {r.cell for r in self.robots} | set(self.objects)
        return [c for c in self.board.open_cells if c not in taken]

    def _check_obstacle(self, action: Obstacle, refuse: Any) -> None:
        if self.phase != SETUP:
            refuse("obstacles are placed only during the setup")
        if not (0 <= action.x < SIZE and 0 <= action.y < SIZE):
            refuse("that cell is off the board")
        cell = idx(action.x, action.y)
        if self.board.is_rock(cell) or cell in self.objects:
            refuse("that cell already holds an obstacle")
        if self.robot_at(cell) is not None:
            refuse("that cell holds a robot")
