"""The d10 and what it destroys: shots (DD-24), repairs (DD-27), the killer's shot (DD-44), and
the emitters a damaged or repaired player chooses (DD-25, DD-27).

A shot or a mine queues emitters in ``pending_hits``; once the order is over the victim
chooses which (``damage eN`` / ``repair eN``), or the referee's timer applies the default.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from robotable.core.game import Action, Event
from robotable.games.droids import events as ev
from robotable.games.droids.actions import Choose
from robotable.games.droids.board import SIZE, idx, xy
from robotable.games.droids.mechanics import Mechanics
from robotable.games.droids.phases import EMITTERS, SLOTS, new_tag
from robotable.games.droids.tokens import COLOUR_NAMES, DIRS, ORTHO

KILLER_HITS = {2: 1, 3: 2, 4: 3, 5: 5, 6: 10}  # DD-44: emitters destroyed by a hit, level 2..6
ROCKET = 6  # DD-44: at this level any hit loses the game


class Shooting(Mechanics):
    # ------------------------------------------------------------ shots (DD-24)

    @staticmethod
    def hits_for(roll: int, n: int) -> int:
        """DD-24 thresholds: r >= n one emitter, >= 2n two, >= 3n three; 0 always misses."""
        if roll == 0 or roll < n:
            return 0
        return 3 if roll >= 3 * n else 2 if roll >= 2 * n else 1

    def shoot(self, r: int, d: str, events: list[Event]) -> None:
        robot = self.robots[r]
        found = self.first_robot(robot.cell, d, blocked=True)
        if found is None:
            events.append(ev.NoEffect(robot.name, f"no robot in sight to the {d}"))
            return
        target, n = found
        if not self.active_player(target):
            events.append(ev.Shot(robot.name, self.robots[target].name, n, None, 0))
            return
        roll = self.rng.randrange(10)
        hits = self.hits_for(roll, n)
        events.append(ev.Shot(robot.name, self.robots[target].name, n, roll, hits))
        if hits:
            self.hit(self.robots[target].seat, hits)

    def killer_shoot(self, r: int, events: list[Event]) -> bool:
        """DD-44: four directions at once; the effect depends on the level. True when the
        level-6 rocket hit (the player has lost; the caller ends the game). A shot that finds
        no player in any direction says so, so the log tells a hit from a miss."""
        level = self.options["killer_level"]
        found_any = False
        for d in ORTHO:
            found = self.first_robot(self.robots[r].cell, d, blocked=True)
            if found is None or not self.active_player(found[0]):
                continue
            found_any = True
            target, n = found
            seat = self.robots[target].seat
            if level == 1:
                roll = self.rng.randrange(10)
                hits = self.hits_for(roll, n)
            else:
                roll, hits = None, KILLER_HITS[level]
            events.append(ev.Shot("killer", self.robots[target].name, n, roll, hits, fatal=level == ROCKET))
            if level == ROCKET:
                return True
            if hits:
                self.hit(seat, hits)
        if not found_any:
            events.append(ev.NoEffect("killer", "its shot hits nothing: no player robot in sight"))
        return False

    # ------------------------------------------------------------ repair (DD-27)

    def repair(self, r: int, d: str, destroyed: list[int], events: list[Event]) -> None:
        robot = self.robots[r]
        dx, dy = DIRS[d]
        x, y = xy(robot.cell)
        x, y = x + dx, y + dy
        target = self.robot_at(idx(x, y)) if 0 <= x < SIZE and 0 <= y < SIZE else None
        if target is None or not self.active_player(target) or not destroyed[self.robots[target].seat]:
            events.append(ev.NoEffect(robot.name, "no damaged player robot to repair"))
            return
        self.hit(self.robots[target].seat, 1, "repair")

    # ------------------------------------------------------------ the victims' choices (DD-25, DD-27)

    def _choice_options(self, seat: int, what: str) -> list[int]:
        want_destroyed = what == "repair"
        return [e for e in range(EMITTERS) if self.emitters[seat][e][0] == want_destroyed]

    def _await_choice(self, events: list[Event]) -> bool:
        """Resolve forced choices; True while a victim must choose (DD-25, DD-27)."""
        while self.pending_hits and self.result is None:
            seat, what, count = self.pending_hits[0]
            options = self._choice_options(seat, what)
            if count <= 0 or not options:
                self.pending_hits.pop(0)
                self.choice_no += 1
            elif count >= len(options):
                for e in options:
                    self._choose(seat, what, e, events)
            else:
                return True
        return False

    def _choose(self, seat: int, what: str, emitter: int, events: list[Event]) -> None:
        em = self.emitters[seat][emitter]
        self.emitter_tags[seat] = new_tag()
        if what == "damage":
            returned = 0
            for slot in range(1, SLOTS + 1):
                if em[slot] is not None:
                    self._back_to_bin(em[slot].split(":")[0])
                    em[slot] = None
                    returned += 1
            em[0] = True
            events.append(ev.Damaged(seat, emitter, returned))
        else:
            em[0] = False
            events.append(ev.Repaired(seat, emitter))
        self.pending_hits[0][2] -= 1

    def _choose_by_default(self, events: list[Event]) -> None:
        """The referee's timer ran out: the victim's whole pending choice by default."""
        victim, what, _ = self.pending_hits[0]
        while self.pending_hits and self.pending_hits[0][:2] == [victim, what] and self.pending_hits[0][2]:
            self._choose(victim, what, self.default_choice(victim, what), events)
            self._await_choice(events)

    def default_choice(self, seat: int, what: str) -> int:
        """DD-25: lowest-numbered emptiest emitter first; DD-27: lowest-numbered destroyed."""
        options = self._choice_options(seat, what)
        if what == "damage":
            empty = [e for e in options if all(s is None for s in self.emitters[seat][e][1:])]
            return (empty or options)[0]
        return options[0]

    def _check_choice(self, seat: int, action: Action, refuse: Any) -> None:
        victim, what, _ = self.pending_hits[0]
        if seat != victim:
            refuse(f"waiting for {self._who([victim])} to choose emitters to {what}")
        if not isinstance(action, Choose) or action.what != what:
            refuse(f"choose an emitter to {what} first, like '{what} e{self.default_choice(seat, what)}'")
        if not 0 <= action.emitter < EMITTERS:
            refuse("emitters are numbered 0 to 9")
        if action.emitter not in self._choice_options(seat, what):
            state = "already destroyed" if what == "damage" else "not destroyed"
            refuse(f"emitter {action.emitter} is {state}")

    def _who(self, seats: Sequence[int]) -> str:
        return ", ".join(COLOUR_NAMES[self.colours[s]] for s in seats) or "nobody"
