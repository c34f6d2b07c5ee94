"""The killer of scenario 7: its sheet laid by a die, and its goes (DD-41..DD-45).

The killer is the grey robot; it moves like a repairer (no river stop), shoots in the four
directions at once (``shooting.py``) and never lays mines. Its orders come from a sheet of ten
cells (data/droids_killer_sheets.json) laid against the board by a die roll each turn.
"""

from __future__ import annotations

from robotable.core.game import Event
from robotable.games.droids import events as ev
from robotable.games.droids.board import load_killer_sheets, xy
from robotable.games.droids.goals import Goals
from robotable.games.droids.phases import HAND_SIZE, KILLER_SEAT
from robotable.games.droids.pieces import MAX
from robotable.games.droids.tokens import OPPOSITE_COLOUR, SIDE_OF, line_of, opposite, turn_left, turn_right

ROCKET_LOSS = "the killer's rocket hit the player"
STEPS = {"1": 1, "2": 2, "max": MAX}  # the moves a sheet cell can hold (board.KILLER_ORDERS)


class Killer(Goals):
    @property
    def killer_side(self) -> str:
        return SIDE_OF[OPPOSITE_COLOUR[self.colours[0]]]

    def killer_line(self) -> int:
        return line_of(self.killer_side, *xy(self.robots[self.killer_index].cell))

    def _roll_killer_sheet(self, events: list[Event]) -> None:
        self.killer_die = self.rng.randrange(10)
        self.killer_line0 = self.killer_line()
        events.append(ev.KillerSheet(self.killer_die, self.killer_line0))

    def killer_cell_now(self) -> int | None:
        """DD-43: the sheet cell the killer would send now, or None (its sending is over)."""
        die = self.killer_die if self.killer_die is not None else 0
        if self.options["killer_sheet_mode"] == "sequence":
            return (die + len(self.killer_sent)) % 10 if len(self.killer_sent) < HAND_SIZE else None
        k = self.killer_line() - self.killer_line0 + die
        return k if 0 <= k < 10 and k not in self.killer_sent else None

    def _killer_go(self, events: list[Event]) -> None:
        k = self.killer_cell_now()
        if k is None:
            self.killer_done = True
            events.append(ev.Finished(KILLER_SEAT, len(self.killer_sent)))
            return
        self.killer_sent.append(k)
        order = load_killer_sheets(self.options["killer_file"])[self.options["killer_sheet"]][k]
        events.append(ev.Sent(KILLER_SEAT, order, "", k, "killer"))
        before = [r.cell for r in self.robots]
        self._killer_execute(order, events)
        self._report_moves(before, events)
        self._after_order(KILLER_SEAT, events)

    def killer_direction(self, letter: str) -> str:
        forward = SIDE_OF[self.colours[0]]  # towards the player's side
        return {
            "F": forward,
            "B": opposite(forward),
            "L": turn_left(forward),
            "R": turn_right(forward),
        }[letter]

    def _killer_execute(self, order: str, events: list[Event]) -> None:
        r = self.killer_index
        if order == "shoot":
            if self.killer_shoot(r, events):
                self._finish([], ROCKET_LOSS, events)
            return
        count, letter = order.split()
        self.move(r, self.killer_direction(letter), STEPS[count], events)
