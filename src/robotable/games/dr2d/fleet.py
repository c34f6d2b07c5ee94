"""DR2D's robots: a :class:`Fleet` of flat per-seat lists, read through named accessors.

The engine's hot loops index the lists (``fleet.pos[seat]``) and only the engine and the state
change them. Everyone else (bots, envs, tests) reads a robot as a :class:`Robot` (the way
python-chess answers ``piece_at()`` with a ``Piece`` and keeps its bitboards to itself), asks
:meth:`Fleet.robot_at` who stands on a tile, and changes a fleet through the few methods that
say what they do (a program written, a standby declared, a robot put down).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from robotable.games.dr2d.board import OFF

MAX_PC = 7
ALL_LAWS = 0b111
LAW_COUNT = 3


class Robot(NamedTuple):
    """One robot as the fleet keeps it (DR-1), in the order of :data:`Fleet._LISTS`."""

    tile: int  # OFF when not on the board: not placed yet, left it (DR-18) or finished
    facing: int  # 0 N, 1 E, 2 S, 3 W
    pc: int
    laws: int  # bit (law - 1) set when downloaded
    pit_slots: int  # register slots still lost to a pit (DR-25)
    finished_turn: int  # the turn it finished in (DR-28), 0 while running
    finish_pc: int  # its PC when it finished
    inactive: bool  # in standby for this whole turn (DR-30)
    standby_pending: bool  # standby engages at the end of the turn (DR-24, DR-31)
    cancelled: bool  # its remaining registers this turn are cancelled
    repair_pending: int  # PC to add at the start of the next turn (DR-29)
    exit_tile: int  # the last tile before it left the board, OFF otherwise (DR-32)
    left_order: int  # when it left, for the re-entry order (DR-32); 0 when it did not
    placed: bool

    @property
    def on_board(self) -> bool:
        return self.tile >= 0

    @property
    def missing_laws(self) -> list[int]:
        """The laws not downloaded yet, as 0-based indexes (law 1 is 0)."""
        return [law for law in range(LAW_COUNT) if not self.laws & (1 << law)]


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
    """The per-seat lists but the programs; a :class:`Robot`'s fields, in the same order."""

    # ------------------------------------------------------------------ reading

    def robot(self, seat: int) -> Robot:
        """The robot of ``seat``."""
        return Robot(
            self.pos[seat],
            self.facing[seat],
            self.pc[seat],
            self.laws[seat],
            self.skip[seat],
            self.finished[seat],
            self.finish_pc[seat],
            self.inactive[seat],
            self.pending[seat],
            self.cancelled[seat],
            self.repair[seat],
            self.exit[seat],
            self.left[seat],
            self.placed[seat],
        )

    def robots(self) -> list[Robot]:
        """Every robot, by seat (built at once, in C: the envs read them all)."""
        return list(map(_new_robot, zip(*_LIVE_LISTS(self), strict=True)))

    def robot_at(self, tile: int) -> int | None:
        """The seat whose robot stands on ``tile``, or None (DR-5: at most one)."""
        return self.pos.index(tile) if tile >= 0 and tile in self.pos else None

    def occupancy(self) -> dict[int, int]:
        """Tile -> seat of every robot on the board (the engine's :meth:`robot_at` for many tiles)."""
        return {tile: seat for seat, tile in enumerate(self.pos) if tile >= 0}

    def must_program(self, seat: int) -> bool:
        """DR-10: on the board, not finished, not inactive."""
        return self.pos[seat] >= 0 and not self.finished[seat] and not self.inactive[seat]

    def acts(self, seat: int) -> bool:
        """DR-14 without the pit check: on the board, running and not cancelled."""
        return (
            self.pos[seat] >= 0
            and not self.inactive[seat]
            and not self.cancelled[seat]
            and bool(self.program[seat])
        )

    def free_to_move(self, seat: int) -> bool:
        """On the board, no pit slot to lose and its registers not cancelled: its next register
        is carried out (DR-14, DR-25)."""
        return self.pos[seat] >= 0 and self.skip[seat] == 0 and not self.cancelled[seat]

    def public_lists(self) -> tuple[list[Any], ...]:
        """The lists of :data:`_LISTS`, live: for comparing with a copy kept earlier (in C) or
        copying; never to be changed."""
        return _LIVE_LISTS(self)

    def planning_key(self, seat: int) -> tuple[Any, ...]:
        """What a register changes that matters to ``seat``'s plan: every robot's tile, facing,
        PC and pit slots, and whether ``seat``'s registers are cancelled or its standby pending."""
        return (*self.pos, *self.facing, *self.pc, *self.skip, self.cancelled[seat], self.pending[seat])

    # ------------------------------------------------------------------ changing

    def put(self, seat: int, robot: Robot) -> None:
        """``seat``'s robot becomes ``robot`` (its program stays)."""
        for values, value in zip(_LIVE_LISTS(self), robot, strict=True):
            values[seat] = value

    def set_program(self, seat: int, program: list[int] | None) -> None:
        """``seat`` runs ``program`` (register codes, as revealed) this turn; None: no program."""
        self.program[seat] = program

    def set_register(self, seat: int, register: int, code: int) -> None:
        """Register ``register`` (1..5) of ``seat``'s program becomes ``code``."""
        self.program[seat][register - 1] = code  # type: ignore[index]

    def stand_by_now(self, seat: int) -> None:
        """DR-31 at programming: PC 7 at once, and inactive (no program) for this whole turn."""
        self.program[seat] = None
        self.pc[seat], self.inactive[seat] = MAX_PC, True

    # ------------------------------------------------------------------ storing

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
        """A copy whose lists are its own (the planner copies a fleet per register it tries:
        field by field, faster than a loop over :data:`_LISTS`)."""
        new = Fleet.__new__(Fleet)
        new.n, new.leave_count = self.n, self.leave_count
        new.pos, new.facing, new.pc, new.laws = self.pos[:], self.facing[:], self.pc[:], self.laws[:]
        new.skip, new.finished, new.finish_pc = self.skip[:], self.finished[:], self.finish_pc[:]
        new.inactive, new.pending, new.cancelled = self.inactive[:], self.pending[:], self.cancelled[:]
        new.repair, new.exit, new.left = self.repair[:], self.exit[:], self.left[:]
        new.placed = self.placed[:]
        new.program = [None if p is None else p[:] for p in self.program]
        return new


_LIVE_LISTS = attrgetter(*Fleet._LISTS)
"""A fleet's lists of :data:`Fleet._LISTS`, read in C."""
_new_robot = partial(tuple.__new__, Robot)
"""A :class:`Robot` from a tuple of its fields, in C (``Robot._make`` is a Python call)."""
