"""The pieces on a Droids board: robots (DD-3) and objects (DD-4)."""

from __future__ import annotations

from dataclasses import dataclass

PLAYER, REPAIRER, STATUE, KILLER = "player", "repairer", "statue", "killer"
ROBOT_KINDS = (PLAYER, REPAIRER, STATUE, KILLER)
OBSTACLE, CONTAINER, MINE = "obstacle", "container", "mine"
OBJECT_KINDS = (OBSTACLE, CONTAINER, MINE)
BLOCKING = frozenset({OBSTACLE, CONTAINER})
MAX = 99


@dataclass(slots=True)
class Robot:
    kind: str
    cell: int  # -1 while carried (the statue)
    seat: int = -1
    carry: str | None = None
    stock: int = 0
    name: str = ""

    def to_list(self) -> list[object]:
        return [self.kind, self.cell, self.seat, self.carry, self.stock, self.name]

    @classmethod
    def from_list(cls, data: list[object]) -> Robot:
        kind, cell, seat, carry, stock, name = data
        return cls(str(kind), int(cell), int(seat), carry, int(stock), str(name))  # type: ignore[arg-type]
