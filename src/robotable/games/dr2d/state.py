"""The state of a DR2D game: placement, secret programming, registers and windows.

Phases: ``placement`` (DR-7, one seat at a time in seat order) -> ``programming`` (DR-10,
simultaneous and secret) -> registers 1..5 and the end of the turn run inside the action
that completes the programming; with ``standby_between_registers`` the run pauses in a
``window`` phase after registers 1 to 4 (DR-31) -> the next turn's programming ... ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.core.game import JSON, REFEREE, Action, Event, Outcome, Seat, State, Timer
from robotable.core.rng import Rng
from robotable.games.dr2d import engine, state_check
from robotable.games.dr2d import events as E
from robotable.games.dr2d.actions import (
    GO,
    LOCK,
    REGISTERS,
    STANDBY,
    TIME_UP,
    UNDO,
    WINDOW_CLOSED,
    Place,
    Register,
    Word,
    register_meaning,
)
from robotable.games.dr2d.board import DIRS, OFF, Board, load_board, on_board, tile_of, xy
from robotable.games.dr2d.engine import LETTERS, STAY, Rules
from robotable.games.dr2d.event_sink import EventLog
from robotable.games.dr2d.fleet import Fleet

PLACEMENT, PROGRAMMING, WINDOW, OVER = "placement", "programming", "window", "over"
REGISTER_COUNT = 5


class DR2DState(State):
    def __init__(self, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> None:
        self.game = game
        self.options = options
        self.rng = rng
        self.seats = seats
        self.board: Board = load_board(options["board_file"])
        self.rules = Rules(
            absolute=options["absolute_directions"],
            press_every_register=options["press_every_register"],
            pit_damage=options["pit_damage"],
            reentry_from_next=options["reentry_scan_from_next"],
        )
        self.fleet = Fleet.new(seats)
        self.order: list[int] = list(range(seats))  # DR-4: order[k] is the seat numbered k + 1
        self.turn = 0
        self.phase = PLACEMENT
        self.placing = 0  # index into order of the seat placing now
        self.drafts: list[list[int]] = [[] for _ in range(seats)]  # registers entered, secret
        self.locked = [False] * seats
        self.register = 0  # the register a window follows
        self.waiting: list[int] = []  # seats still to answer a window
        self.last_programs: list[list[int] | None] = [None] * seats  # revealed, for the view
        self.paths: list[list[int]] = [[] for _ in range(seats)]  # the last turn's tiles per seat

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> DR2DState:
        state = cls(game, options, rng, seats)
        rng.shuffle(state.order)
        if len(state.board.starts) < seats and options["start_placement"] != "free":
            raise InvalidOptions(f"the board has {len(state.board.starts)} start tiles for {seats} players")
        if options["start_placement"] == "assigned":
            for number, seat in enumerate(state.order):
                state._place(seat, state.board.starts[number], 0)
            state._begin_turn([])
        return state

    def _place(self, seat: Seat, tile: int, facing: int) -> None:
        f = self.fleet
        f.pos[seat], f.facing[seat], f.placed[seat] = tile, facing, True

    # ------------------------------------------------------------------ whose turn

    def to_act(self) -> list[Seat]:
        if self.phase == PLACEMENT:
            return [self.order[self.placing]]
        if self.phase == PROGRAMMING:
            must_program = self.fleet.must_program  # DR-10
            return [s for s in range(self.seats) if must_program(s) and not self.locked[s]]
        if self.phase == WINDOW:
            return list(self.waiting)
        return []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == REFEREE:
            return [timer.action for timer in self.timers()]
        if seat not in self.to_act():
            return []
        if self.phase == PLACEMENT:
            return [Place(*xy(tile), facing) for tile in self.placement_tiles() for facing in range(4)]
        if self.phase == WINDOW:
            return [GO, STANDBY]
        draft = self.drafts[seat]
        if len(draft) == REGISTER_COUNT:
            return [LOCK, UNDO]
        return [*REGISTERS, UNDO] if draft else [*REGISTERS, STANDBY]

    def placement_tiles(self) -> list[int]:
        """DR-7: the free tiles the seat placing now may choose."""
        occupied = set(self.fleet.pos)
        if self.options["start_placement"] == "free":
            return [
                t for t in range(len(self.board.kind)) if self.board.is_plain_floor(t) and t not in occupied
            ]
        return [t for t in self.board.starts if t not in occupied]

    def timers(self) -> list[Timer]:
        if self.phase == PROGRAMMING and self.options["program_timeout_s"] is not None:
            seconds = self.options["program_timeout_s"]
            return [Timer(f"program-{self.turn}", seconds, TIME_UP, "programming_closes")]
        if self.phase == WINDOW:
            key = f"window-{self.turn}-{self.register}"
            return [Timer(key, self.options["standby_window_s"], WINDOW_CLOSED, "standby_window_closes")]
        return []

    # ------------------------------------------------------------------ checking

    def check_rules(self, seat: Seat, action: Action) -> None:
        """DR-35. Every field relied on is range-checked here too (exact ints), so that even
        called without the contract's checks nothing but :class:`IllegalAction` leaves."""
        if type(seat) is not int or not (seat == REFEREE or 0 <= seat < self.seats):
            raise IllegalAction(f"there is no seat {seat!r}", seat=seat, action=action)
        if seat == REFEREE:
            if action not in self.legal_actions(REFEREE):
                raise IllegalAction(f"the referee cannot play {_shown(action)} now", seat=seat, action=action)
            return
        if self.phase == OVER:
            raise IllegalAction("the game is over", seat=seat, action=action)
        if isinstance(action, Place):
            self._check_place(seat, action)
        elif isinstance(action, Register):
            if type(action.code) is not int or not 0 <= action.code <= STAY:  # DR-35: unknown letter
                reason = f"unknown register {action.code!r}: N, E, S, W or STAY ({self.register_meaning()})"
                raise IllegalAction(reason, seat=seat, action=action)
            self._check_program(seat, action)
        elif isinstance(action, Word) and action in (UNDO, LOCK, STANDBY):
            self._check_program(seat, action)
        elif action == GO:
            if self.phase != WINDOW or seat not in self.waiting:
                raise IllegalAction("'go' answers a standby window, and none is open for you", seat=seat)
        else:
            raise IllegalAction(f"{_shown(action)} is not a player's action", seat=seat, action=action)

    def register_meaning(self) -> str:
        """DR-12: what N, E, S, W mean in this game (robot's frame, or compass)."""
        return register_meaning(self.options["absolute_directions"])

    def _check_place(self, seat: Seat, action: Place) -> None:
        if self.phase != PLACEMENT:
            raise IllegalAction("robots are placed only before the first turn", seat=seat, action=action)
        if seat != self.order[self.placing]:
            raise IllegalAction(f"seat {self.order[self.placing]} places now, in seat order", seat=seat)
        if type(action.facing) is not int or not 0 <= action.facing < 4:  # DR-35: unknown facing
            raise IllegalAction(f"unknown facing {action.facing!r}: N, E, S or W", seat=seat)
        if type(action.x) is not int or type(action.y) is not int or not on_board(action.x, action.y):
            raise IllegalAction(
                f"({action.x!r},{action.y!r}) is no tile of the board", seat=seat, action=action
            )
        tile = tile_of(action.x, action.y)
        if self.fleet.robot_at(tile) is not None:
            raise IllegalAction(f"({action.x},{action.y}) is occupied", seat=seat, action=action)
        if tile not in self.placement_tiles():
            where = "plain floor" if self.options["start_placement"] == "free" else "a start tile"
            raise IllegalAction(f"({action.x},{action.y}) is not {where}", seat=seat, action=action)

    def _check_program(self, seat: Seat, action: Action) -> None:
        """DR-35: programs only from robots that must program, once, with 5 registers."""
        f = self.fleet
        in_window = self.phase == WINDOW and action == STANDBY
        if in_window:
            if seat not in self.waiting:
                raise IllegalAction("your robot cannot declare standby in this window", seat=seat)
            return
        if self.phase != PROGRAMMING:
            raise IllegalAction(
                f"{_shown(action)} belongs to the programming phase", seat=seat, action=action
            )
        if f.finished[seat]:
            raise IllegalAction("your robot has finished: it programs nothing", seat=seat, action=action)
        if f.inactive[seat]:
            raise IllegalAction("your robot is in standby this turn: it programs nothing", seat=seat)
        if f.pos[seat] < 0:
            raise IllegalAction("your robot is off the board", seat=seat, action=action)
        if self.locked[seat]:
            raise IllegalAction("you already submitted your program for this turn", seat=seat)
        draft = self.drafts[seat]
        if isinstance(action, Register) and len(draft) >= REGISTER_COUNT:
            raise IllegalAction("the program already has 5 registers: lock it or undo", seat=seat)
        if action == LOCK and len(draft) != REGISTER_COUNT:
            reason = f"program must have 5 registers, not {len(draft)} ({self.register_meaning()})"
            raise IllegalAction(reason, seat=seat)
        if action == UNDO and not draft:
            raise IllegalAction("no register to take back", seat=seat, action=action)
        if action == STANDBY and draft:
            raise IllegalAction("standby replaces the program: undo your registers first", seat=seat)

    # ------------------------------------------------------------------ performing

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, Place):
            return self._do_place(seat, action)
        if isinstance(action, Register):
            self.drafts[seat].append(action.code)
            return [E.Programmed(seat, tuple(LETTERS[c] for c in self.drafts[seat]))]
        if action == UNDO:
            self.drafts[seat].pop()
            return [E.Programmed(seat, tuple(LETTERS[c] for c in self.drafts[seat]))]
        if action == LOCK:
            self.locked[seat] = True
            return self._maybe_reveal([E.Locked(seat)])
        if action == STANDBY:
            return self._standby(seat)
        if action == GO:
            self.waiting.remove(seat)
            return self._maybe_resume([])
        if action == TIME_UP:
            return self._reveal([])
        if action == WINDOW_CLOSED:
            self.waiting.clear()
            return self._maybe_resume([])
        raise AssertionError(action)  # check() refused everything else

    def _do_place(self, seat: Seat, action: Place) -> list[Event]:
        self._place(seat, tile_of(action.x, action.y), action.facing)
        events: list[Event] = [E.Placed(seat, (action.x, action.y), DIRS[action.facing])]
        self.placing += 1
        if self.placing == self.seats:
            self._begin_turn(events)
            if not self.to_act():
                return self._reveal(events)
        return events

    def _standby(self, seat: Seat) -> list[Event]:
        """DR-31: at programming PC 7 at once and inactive; in a window, at the end of the turn."""
        f = self.fleet
        if self.phase == PROGRAMMING:
            f.stand_by_now(seat)
            return self._maybe_reveal([E.StandbyDeclared(seat, E.START, f.pc[seat])])
        f.pending[seat] = f.cancelled[seat] = True
        self.waiting.remove(seat)
        return self._maybe_resume([E.StandbyDeclared(seat, self.register, f.pc[seat])])

    def _maybe_reveal(self, events: list[Event]) -> list[Event]:
        return self._reveal(events) if not self.to_act() else events

    def _maybe_resume(self, events: list[Event]) -> list[Event]:
        if self.waiting:
            return events
        self.phase = PROGRAMMING  # not awaiting anyone while the registers run
        return self._run(self.register + 1, events)

    # ------------------------------------------------------------------ running a turn

    def _reveal(self, events: list[Event]) -> list[Event]:
        self._reveal_programs(events)
        return self._run(1, events)

    def _reveal_programs(self, events: list[Event]) -> None:
        """DR-10/DR-11: every program at once, missing ones as five STAY; fumbles."""
        f = self.fleet
        programs: list[list[int] | None] = [None] * self.seats
        timed_out = []
        for seat in range(self.seats):
            if not f.must_program(seat):
                continue
            if not self.locked[seat]:
                timed_out.append(seat)
                self.drafts[seat] = [STAY] * REGISTER_COUNT
            programs[seat] = list(self.drafts[seat])
        events.append(
            E.Revealed(
                self.turn,
                tuple(None if p is None else tuple(LETTERS[c] for c in p) for p in programs),
                tuple(timed_out),
            )
        )
        for seat in self.order:  # DR-4: chance draws in seat order
            program = programs[seat]
            if program is not None and f.pc[seat] <= 2:
                a, b = self._fumble_pair()
                program[a], program[b] = program[b], program[a]
                events.append(E.Fumbled(seat, a + 1, b + 1, tuple(LETTERS[c] for c in program)))
        f.program = programs
        self.last_programs = [None if p is None else list(p) for p in programs]
        self.drafts = [[] for _ in range(self.seats)]
        self.locked = [False] * self.seats
        self.paths = [[p] if p >= 0 else [] for p in f.pos]

    def _fumble_pair(self) -> tuple[int, int]:
        """DR-11: two distinct registers (0-based), uniformly."""
        a = self.rng.randrange(REGISTER_COUNT)
        b = self.rng.randrange(REGISTER_COUNT - 1)
        return a, b + (b >= a)

    def _run(self, first: int, events: list[Event]) -> list[Event]:
        """Registers ``first``..5, pausing at standby windows, then the end of the turn; turns
        in which no robot programs (all in standby) run on at once."""
        while True:
            for k in range(first, REGISTER_COUNT + 1):
                engine.run_register(self.board, self.fleet, self.rules, k, EventLog(events), self.paths)
                if self.options["standby_between_registers"] and k < REGISTER_COUNT:
                    self.waiting = [s for s in range(self.seats) if self._may_declare_standby(s)]
                    if self.waiting:
                        self.phase, self.register = WINDOW, k
                        events.append(E.WindowOpened(k))
                        return events
            engine.end_turn(self.board, self.fleet, self.rules, self.turn, EventLog(events))
            f = self.fleet
            if all(f.finished) or self.turn >= self.options["turn_limit"]:
                self.phase = OVER
                reason = "every robot finished" if all(f.finished) else f"turn limit {self.turn} reached"
                events.append(E.GameOver(engine.ranks(f), reason))
                return events
            self._begin_turn(events)
            if self.to_act():
                return events
            self._reveal_programs(events)
            first = 1

    def _may_declare_standby(self, seat: Seat) -> bool:
        f = self.fleet
        return f.pos[seat] >= 0 and not f.inactive[seat] and not f.pending[seat] and not f.cancelled[seat]

    def _begin_turn(self, events: list[Event]) -> list[Event]:
        """DR-8/DR-9: the next turn starts (the caller runs it at once if nobody programs)."""
        self.turn += 1
        events.append(E.TurnStarted(self.turn))
        engine.start_turn(self.board, self.fleet, self.rules, EventLog(events), self.order)
        self.phase = PROGRAMMING
        self.register = 0
        return events

    # ------------------------------------------------------------------ reading

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        f = self.fleet
        robots = [self._robot_view(i) for i in range(self.seats)]
        data: dict[str, JSON] = {
            "game": "dr2d",
            "turn": self.turn,
            "turn_limit": self.options["turn_limit"],
            "phase": self.phase,
            "register": self.register if self.phase == WINDOW else None,
            "seat": seat,
            "seat_order": list(self.order),
            "to_place": self.order[self.placing] if self.phase == PLACEMENT else None,
            "robots": robots,
            "program": None,
            "last_programs": [None if p is None else [LETTERS[c] for c in p] for p in self.last_programs],
            "paths": [[None if t == OFF else list(xy(t)) for t in path] for path in self.paths],
            "board": self.board.name,
            "options": dict(self.options),
            "ranks": list(engine.ranks(f)) if self.phase == OVER else None,
        }
        if seat is not None and 0 <= seat < self.seats:
            data["program"] = [LETTERS[c] for c in self.drafts[seat]]
        return data

    def _robot_view(self, i: int) -> dict[str, JSON]:
        f = self.fleet
        return {
            "seat": i,
            "number": self.order.index(i) + 1,
            "tile": None if f.pos[i] < 0 else list(xy(f.pos[i])),
            "facing": DIRS[f.facing[i]],
            "pc": f.pc[i],
            "laws": [law for law in (1, 2, 3) if f.laws[i] & (1 << (law - 1))],
            "skip": f.skip[i],
            "placed": f.placed[i],
            "finished": f.finished[i] or None,
            "finish_pc": f.finish_pc[i] if f.finished[i] else None,
            "inactive": f.inactive[i],
            "standby_pending": f.pending[i],
            "cancelled": f.cancelled[i],
            "repair_pending": f.repair[i],
            "exit": None if f.exit[i] < 0 else list(xy(f.exit[i])),
            "left_order": f.left[i],
            "locked": self.locked[i],
        }

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        f = self.fleet
        scores = tuple(score(f, i, self.options["turn_limit"]) for i in range(self.seats))
        ranks = engine.ranks(f)
        finished = sum(1 for t in f.finished if t)
        return Outcome(scores, ranks, f"turn {self.turn}, {finished} robot(s) finished")

    # ------------------------------------------------------------------ storing

    def to_dict(self) -> dict[str, JSON]:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "seats": self.seats,
            "fleet": self.fleet.to_dict(),
            "order": list(self.order),
            "turn": self.turn,
            "phase": self.phase,
            "placing": self.placing,
            "drafts": [list(d) for d in self.drafts],
            "locked": list(self.locked),
            "register": self.register,
            "waiting": list(self.waiting),
            "last_programs": [None if p is None else list(p) for p in self.last_programs],
            "paths": [list(p) for p in self.paths],
        }

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, JSON], *, trusted: bool = False) -> DR2DState:
        """A state from :meth:`to_dict`'s data. Unless ``trusted`` (a clone), every field is
        checked first (see ``state_check``): a damaged or hostile one raises ``KeyError``,
        ``TypeError`` or ``ValueError`` naming the field, before anything is built."""
        if trusted:
            options, seats = dict(data["options"]), data["seats"]
        else:
            options = game.validate_options(state_check.mapping(data["options"], "options"))
            seats = state_check.whole(data["seats"], "seats", game.min_seats, game.max_seats)
            state_check.whole(data["rng"], "rng", 0, 2**64 - 1)
            state_check.check_turn_fields(data, seats, options["turn_limit"])
            state_check.check_fleet(data["fleet"], seats, data["turn"])
        state = cls(game, options, Rng.from_state(data["rng"]), seats)
        state.fleet = Fleet.from_dict(data["fleet"])
        state.order = list(data["order"])
        state.turn, state.phase, state.placing = data["turn"], data["phase"], data["placing"]
        state.drafts = [list(d) for d in data["drafts"]]
        state.locked = list(data["locked"])
        state.register, state.waiting = data["register"], list(data["waiting"])
        state.last_programs = [None if p is None else list(p) for p in data["last_programs"]]
        state.paths = [list(p) for p in data["paths"]]
        if not trusted and state.phase != OVER and not state.to_act() and not state.timers():
            raise ValueError(f"nobody can act in this {state.phase} phase: the game could never go on")
        return state

    def clone(self) -> Self:
        """A copy; the data is this state's own, so it is not checked again (bots clone a lot)."""
        return type(self).from_dict(self.game, self.to_dict(), trusted=True)  # type: ignore[return-value]

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """Other seats' registers (secret until the reveal) and the generator are redrawn."""
        world = self.clone()
        world.rng = Rng(rng.next_u64())
        for other in range(self.seats):
            if other == seat or self.phase != PROGRAMMING or not self.fleet.must_program(other):
                continue
            count = REGISTER_COUNT if self.locked[other] else rng.randrange(REGISTER_COUNT)
            world.drafts[other] = _random_registers(rng, count)
        return world

    def events_for(self, events: Sequence[Event], seat: Seat | None) -> list[dict[str, JSON]]:
        """A seat sees its own entered registers; nobody else's before the reveal."""
        return [e.to_dict() for e in events if not (isinstance(e, E.Programmed) and e.seat != seat)]


def _shown(action: object) -> str:
    """An action's notation for a message; a broken value built in code by its repr."""
    try:
        text = str(action)
    except Exception:  # a field no notation writes (check_rules may be called without the contract)
        text = object.__repr__(action)
    return text if len(text) <= 60 else text[:57] + "..."


def _random_registers(rng: Rng, count: int) -> list[int]:
    return [rng.randrange(5) for _ in range(count)]


def score(f: Fleet, i: int, turn_limit: int) -> float:
    """A number that orders robots like DR-33: laws + PC / 10, and for a finished robot
    3 laws + one point per turn to spare (finishing earlier is better) + PC / 10."""
    if f.finished[i]:
        return 3 + (turn_limit + 1 - f.finished[i]) + f.finish_pc[i] / 10
    return bin(f.laws[i]).count("1") + f.pc[i] / 10
