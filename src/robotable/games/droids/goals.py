"""After every order and every turn: the scenarios' goals, eliminations and the end of the game
(DD-31..DD-34, DD-37..DD-40, DD-45)."""

from __future__ import annotations

from robotable.core.game import Event
from robotable.games.droids import events as ev
from robotable.games.droids.phases import OVER
from robotable.games.droids.pieces import CONTAINER, PLAYER, STATUE
from robotable.games.droids.shooting import Shooting
from robotable.games.droids.tokens import COLOUR_NAMES, TEAM_OF


class Goals(Shooting):
    @property
    def _garden_mode(self) -> str:
        return str(self.options["garden_mode"])

    def _alive(self) -> list[int]:
        return [s for s in range(self.seats) if not self.eliminated[s]]

    def _after_order(self, sender: int, events: list[Event]) -> None:
        """Goals checked after every executed order (DD-37, DD-38, DD-39, DD-45)."""
        if self.result is not None:
            return
        number = self.scenario.number
        if number == 3:
            self._score_containers(events)
        elif number == 4:
            done = [s for s in self._alive() if self.garden_complete(self.colours[s], self._garden_mode)]
            if done:
                winners = [sender] if sender in done else done
                self._finish(winners, "garden complete", events)
        elif number == 5:
            self._check_statue(events)
        elif number == 7 and self.straitjacketed(self.killer_index):
            self._finish([0], "the killer is straitjacketed", events)

    def _score_containers(self, events: list[Event]) -> None:
        for robot in self.robots:
            if robot.kind != PLAYER or robot.carry != CONTAINER or self.eliminated[robot.seat]:
                continue
            if robot.cell == self.board.circles[self.colours[robot.seat]]:
                robot.carry = None
                self.scores[robot.seat] += 1
                events.append(ev.Scored(robot.seat, self.scores[robot.seat]))
        left = sum(1 for k in self.objects.values() if k == CONTAINER)
        left += sum(1 for r in self.robots if r.carry == CONTAINER)
        if left == 0:
            self._finish_by_containers("every container is scored", events)

    def _finish_by_containers(self, reason: str, events: list[Event]) -> None:
        alive = self._alive()
        best = max(self.scores[s] for s in alive)
        winners = [s for s in alive if self.scores[s] == best]
        detail = ", ".join(f"{COLOUR_NAMES[self.colours[s]]} {self.scores[s]}" for s in range(self.seats))
        self._finish(winners, f"{reason} ({detail})", events, draw=len(winners) > 1)

    def _check_statue(self, events: list[Event]) -> None:
        statue = next(r for r in self.robots if r.kind == STATUE)
        for seat in self._alive():
            circle = self.board.circles[self.colours[seat]]
            robot = self.robots[seat]
            if statue.cell == circle or (robot.carry == STATUE and robot.cell == circle):
                self._finish([seat], "the statue is home", events)
                return

    def _end_turn(self, events: list[Event]) -> None:
        """DD-31..DD-34, DD-40 at the end of phase 3."""
        newly = [s for s in self._alive() if self.sent[s] == 0]
        for seat in newly:
            self.eliminated[seat] = True
            events.append(ev.Eliminated(seat, "sent no order this turn"))
        if self.scenario.killer:
            if self.eliminated[0]:
                self._finish([], "the player sent no order and is eliminated", events)
            elif self.turn >= self.options["turn_limit"]:
                self._finish([], "turn limit reached", events)
            else:
                self._next_turn(events)
            return
        alive = self._alive()
        if not alive:
            self._finish(newly, "every remaining player was eliminated at once", events, draw=True)
            return
        if self._one_side_left(alive):
            self._finish(self._winning_side(alive), "last player left", events)
            return
        if self.scenario.number == 6 and self._prisoners(events):
            return
        if self.turn >= self.options["turn_limit"]:
            if self.scenario.number == 3:
                self._finish_by_containers("turn limit reached", events)
            else:
                self._finish(alive, "turn limit reached", events, draw=True)
            return
        self._next_turn(events)

    def _teams(self) -> bool:
        return bool(self.options["teams"])

    def _one_side_left(self, alive: list[int]) -> bool:
        if self._teams():
            return len({TEAM_OF[self.colours[s]] for s in alive}) == 1
        return len(alive) == 1

    def _winning_side(self, alive: list[int]) -> list[int]:
        if not self._teams():
            return alive
        team = TEAM_OF[self.colours[alive[0]]]
        return [s for s in range(self.seats) if TEAM_OF[self.colours[s]] == team]

    def _prisoners(self, events: list[Event]) -> bool:
        trapped = [s for s in self._alive() if self.is_prisoner(s, self.options["prison_neighbours"])]
        if not trapped:
            return False
        free = [s for s in self._alive() if s not in trapped]
        if free:
            self._finish(free, "the opponent is a prisoner", events)
        else:
            self._finish(trapped, "both robots are prisoners", events, draw=True)
        return True

    def _finish(self, winners: list[int], reason: str, events: list[Event], *, draw: bool = False) -> None:
        self.result = {"winners": sorted(winners), "reason": reason, "draw": draw}
        self.phase = OVER
        self.pending_hits = []
        events.append(ev.GameOver(tuple(sorted(winners)), reason))
