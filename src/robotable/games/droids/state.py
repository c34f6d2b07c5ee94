"""The state of a game of Droids: setup, then turns of draw, placement and sending (DD-9..DD-45).

Sequential phases use ``goers`` (the seats in play order for this phase) and ``cursor``
(whose go it is). Emitter damage and repairs interrupt the sending: the victim chooses
its emitters (``pending_hits``), or the referee's timer applies the default choice.

A placement (DD-14) is three decisions of the placer in a row: the token, then the slot, then
the arrow. ``placing`` holds the pending part ([] / [token] / [token, emitter, slot]); the token
stays in the hand until the arrow completes the placement, and only the placer sees the
pending part (DD-46: the hand is hidden, a token is public once placed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from robotable.core.errors import IllegalAction
from robotable.core.game import JSON, REFEREE, Action, Event, Outcome, Seat, State, Timer
from robotable.core.rng import Rng
from robotable.games.droids import events as ev
from robotable.games.droids.actions import (
    AUTO,
    BACK,
    PASS,
    STOP,
    Arrow,
    Choose,
    Draw,
    Obstacle,
    Pick,
    Send,
    Slot,
    Token,
)
from robotable.games.droids.board import SIZE, Board, Scenario, idx, load_board, load_killer_sheets, xy
from robotable.games.droids.mechanics import (
    CONTAINER,
    KILLER,
    MAX,
    OBSTACLE,
    PLAYER,
    REPAIRER,
    STATUE,
    Mechanics,
    Robot,
)
from robotable.games.droids.tokens import (
    BINS,
    COLOUR_NAMES,
    COLOURS,
    DIRS,
    MOVE_STEPS,
    OPPOSITE_COLOUR,
    SEND_ORDER,
    SIDE_OF,
    TEAM_OF,
    TOKENS,
    TYPES,
    bin_of,
    directions_for,
    full_bins,
    line_of,
    send_order_move,
    turn_left,
    turn_right,
)

SETUP, DRAW, PLACE, SEND, OVER = "setup", "draw", "place", "send", "over"
HAND_SIZE = 7
KILLER_SEAT = -2
EMITTERS = 10
SLOTS = 3


class DroidsState(Mechanics, State):
    def __init__(self, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> None:
        self.game = game
        self.options = options
        self.rng = rng
        self.seats = seats
        self.board: Board = load_board(options["board_file"])
        self.scenario: Scenario = game.scenario(options)
        self.colours: list[str] = list(game.colours_for(options, seats))
        self.turn = 1
        self.first = 0
        self.phase = SETUP
        self.goers: list[int] = []
        self.cursor = 0
        self.setup_left = 0
        self.drawn = [0] * seats
        self.stopped = [False] * seats
        self.finished = [False] * seats
        self.sent = [0] * seats
        self.placing: list[Any] = []  # the placer's pending choice: [token] or [token, emitter, slot]
        self.bins: dict[str, int] = full_bins(self.scenario.removed)
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.hand_bins: list[dict[str, int]] = [dict.fromkeys(BINS, 0) for _ in range(seats)]
        # emitters[seat][e] = [destroyed, slot1, slot2, slot3]; a slot is "M2:N" or None
        self.emitters: list[list[list[Any]]] = [
            [[False, None, None, None] for _ in range(EMITTERS)] for _ in range(seats)
        ]
        self.robots: list[Robot] = []
        self.objects: dict[int, str] = {}
        self.mines_left = 24
        self.eliminated = [False] * seats
        self.scores = [0] * seats
        self.pending_hits: list[list[Any]] = []
        self.choice_no = 0
        self.result: dict[str, Any] | None = None
        self.killer_die: int | None = None
        self.killer_line0 = 0
        self.killer_sent: list[int] = []
        self.killer_done = False

    # ================================================================== setup

    @classmethod
    def new(cls, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> DroidsState:
        state = cls(game, options, rng, seats)
        state._place_pieces()
        state.first = state._roll_first() if seats > 1 else 0
        count = state.scenario.setup_obstacles.get(seats, 0)
        if count:
            state.setup_left = count
            state.goers = state.turn_order()
            state.cursor = 0
        else:
            state._setup_done([])
        return state

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

    # ================================================================== turn structure

    def clockwise(self) -> list[int]:
        return sorted(range(self.seats), key=lambda s: COLOURS.index(self.colours[s]))

    def turn_order(self) -> list[int]:
        """DD-11: clockwise from the turn's first player, without the eliminated."""
        ring = self.clockwise()
        start = ring.index(self.first)
        return [s for s in ring[start:] + ring[:start] if not self.eliminated[s]]

    def _start_turn(self, events: list[Event]) -> None:
        self.phase = DRAW
        self.drawn = [0] * self.seats
        self.stopped = [False] * self.seats
        self.finished = [False] * self.seats
        self.sent = [0] * self.seats
        self.goers = self.turn_order()
        self.cursor = 0
        self.killer_die, self.killer_sent, self.killer_done = None, [], False
        events.append(ev.TurnStarted(self.turn, self.first))
        self._skip_drawers(events)

    def _allowed_bins(self) -> list[str]:
        bins = self.bins
        return [b for b in BINS if any(bins[t] for t in TYPES_BY_BIN[b])]

    def _can_draw(self, seat: int) -> bool:
        return self.drawn[seat] < HAND_SIZE and bool(self._allowed_bins())

    def _skip_drawers(self, events: list[Event]) -> None:
        while self.cursor < len(self.goers) and not self._can_draw(self.goers[self.cursor]):
            self.cursor += 1
        if self.cursor >= len(self.goers):
            self._start_placement(events)

    def _start_placement(self, events: list[Event]) -> None:
        self.phase = PLACE
        self.goers = self.turn_order()
        self.cursor = 0
        for seat in self.goers:
            self.stopped[seat] = not self._can_place(seat)
        self._next_placer(events, advance=False)

    def _can_place(self, seat: int) -> bool:
        return bool(self.hands[seat]) and any(not em[0] and None in em[1:] for em in self.emitters[seat])

    def _next_placer(self, events: list[Event], *, advance: bool = True) -> None:
        n = len(self.goers)
        for k in range(1 if advance else 0, n + 1):
            seat = self.goers[(self.cursor + k) % n]
            if not self.stopped[seat]:
                self.cursor = (self.cursor + k) % n
                return
        self._end_placement(events)

    def _end_placement(self, events: list[Event]) -> None:
        """DD-14: unplaced tokens go back face down."""
        for seat in range(self.seats):
            for token in self.hands[seat]:
                self.bins[token] += 1
            self.hands[seat] = []
            self.hand_bins[seat] = dict.fromkeys(BINS, 0)
        self.phase = SEND
        self.goers = self.turn_order()
        self.cursor = 0
        if self.scenario.killer:
            self._roll_killer_sheet(events)
            self.goers = [KILLER_SEAT, *self.goers]
        self._run_sending(events)

    # ------------------------------------------------------------------ sending

    def candidate(self, seat: int, emitter: int) -> tuple[int, str] | None:
        """DD-15: the filled slot nearest the board, as (slot, "TYPE:DIR")."""
        em = self.emitters[seat][emitter]
        for slot in range(1, SLOTS + 1):
            if em[slot] is not None:
                return slot, em[slot]
        return None

    def recipient(self, seat: int, emitter: int) -> int | None:
        """DD-16: who receives the candidate of ``emitter`` (a robot index) or None."""
        found = self.candidate(seat, emitter)
        if found is None or self.emitters[seat][emitter][0]:
            return None
        kind = found[1].split(":")[0]
        if bin_of(kind) == "grey":
            return self.repairer_in_line(seat, emitter)
        return seat if self.robot_line(seat, seat) == emitter else None

    def sendable(self, seat: int) -> list[int]:
        return [e for e in range(EMITTERS) if self.recipient(seat, e) is not None]

    def _run_sending(self, events: list[Event]) -> None:
        """Play automatic goes (the killer, finished players) until a seat must decide."""
        while self.phase == SEND and not self._await_choice(events) and self.result is None:
            active = [g for g in self.goers if not self._gone(g)]
            if not active:
                self._end_turn(events)
                return
            goer = self.goers[self.cursor]
            if self._gone(goer):
                self.cursor = (self.cursor + 1) % len(self.goers)
                continue
            if goer == KILLER_SEAT:
                self._killer_go(events)
                self.cursor = (self.cursor + 1) % len(self.goers)
                continue
            if self.sendable(goer):
                return
            self._finish_sending(goer, events)
            self.cursor = (self.cursor + 1) % len(self.goers)

    def _gone(self, goer: int) -> bool:
        return self.killer_done if goer == KILLER_SEAT else self.finished[goer]

    def _finish_sending(self, seat: int, events: list[Event]) -> None:
        """DD-17/DD-18: a player with nothing sendable is finished; tokens go back."""
        self.finished[seat] = True
        for em in self.emitters[seat]:
            for slot in range(1, SLOTS + 1):
                if em[slot] is not None:
                    self.bins[em[slot].split(":")[0]] += 1
                    em[slot] = None
        events.append(ev.Finished(seat, self.sent[seat]))

    def _send(self, seat: int, emitter: int, events: list[Event]) -> None:
        recipient = self.recipient(seat, emitter)
        assert recipient is not None
        slot, token = self.candidate(seat, emitter)  # type: ignore[misc]
        self.emitters[seat][emitter][slot] = None
        kind, direction = token.split(":")
        self.bins[kind] += 1
        self.sent[seat] += 1
        events.append(ev.Sent(seat, kind, direction, emitter, self.robots[recipient].name))
        before = [r.cell for r in self.robots]
        self._execute(seat, recipient, kind, direction, events)
        self._report_moves(before, events)
        self._after_order(seat, events)
        self.cursor = (self.cursor + 1) % len(self.goers)

    def _execute(self, seat: int, r: int, kind: str, d: str, events: list[Event]) -> None:
        """DD-19..DD-29 for one order received by robot ``r``."""
        robot = self.robots[r]
        name = robot.name
        if robot.kind == REPAIRER:
            if kind == "GR":
                destroyed = [sum(1 for em in ems if em[0]) for ems in self.emitters]
                self.repair(r, d, destroyed, events)
            else:
                self.move(r, d, MOVE_STEPS[kind], events)
            return
        water = bin_of(kind) == "blue"
        if water != self.in_river(r):
            reason = (
                "only water orders in the river" if self.in_river(r) else "water orders only in the river"
            )
            events.append(ev.NoEffect(name, reason))
        elif kind in MOVE_STEPS:
            self.move(r, d, MOVE_STEPS[kind], events)
        elif kind == "SH":
            self.shoot(r, d, events)
        elif kind == "TP":
            self.take_put(r, d, events)
        elif kind in SEND_ORDER:
            self.send_order(r, d, send_order_move(kind, d), events)

    # ------------------------------------------------------------------ the killer (DD-41..DD-45)

    @property
    def killer_index(self) -> int:
        return next(i for i, r in enumerate(self.robots) if r.kind == KILLER)

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

    def _report_moves(self, before: list[int], events: list[Event]) -> None:
        for robot, start in zip(self.robots, before, strict=True):
            if robot.cell != start and robot.cell >= 0 and start >= 0:
                events.append(ev.Moved(robot.name, xy(start), xy(robot.cell)))

    def killer_direction(self, letter: str) -> str:
        forward = SIDE_OF[self.colours[0]]  # towards the player's side
        return {
            "F": forward,
            "B": DIRS_OPPOSITE[forward],
            "L": turn_left(forward),
            "R": turn_right(forward),
        }[letter]

    def _killer_execute(self, order: str, events: list[Event]) -> None:
        r = self.killer_index
        if order == "shoot":
            self._killer_shoot(r, events)
            return
        count, letter = order.split()
        steps = MAX if count == "max" else int(count)
        self.move(r, self.killer_direction(letter), steps, events)

    def _killer_shoot(self, r: int, events: list[Event]) -> None:
        """DD-44: four directions at once; the effect depends on the level."""
        level = self.options["killer_level"]
        for d in ("N", "E", "S", "W"):
            found = self.first_robot(self.robots[r].cell, d, blocked=True)
            if found is None or not self.active_player(found[0]):
                continue
            target, n = found
            seat = self.robots[target].seat
            if level == 1:
                roll = self.rng.randrange(10)
                hits = self.hits_for(roll, n)
            else:
                roll, hits = None, {2: 1, 3: 2, 4: 3, 5: 5, 6: 10}[level]
            events.append(ev.Shot("killer", self.robots[target].name, n, roll, hits))
            if level == 6:
                self._finish([], "the killer's rocket hit the player", events)
                return
            if hits:
                self.hit(seat, hits)

    # ------------------------------------------------------------------ after orders and turns

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

    def _next_turn(self, events: list[Event]) -> None:
        ring = self.clockwise()
        i = ring.index(self.first)
        for k in range(1, len(ring) + 1):
            candidate = ring[(i + k) % len(ring)]
            if not self.eliminated[candidate]:
                self.first = candidate
                break
        self.turn += 1
        self._start_turn(events)

    def _finish(self, winners: list[int], reason: str, events: list[Event], *, draw: bool = False) -> None:
        self.result = {"winners": sorted(winners), "reason": reason, "draw": draw}
        self.phase = OVER
        self.pending_hits = []
        events.append(ev.GameOver(tuple(sorted(winners)), reason))

    # ------------------------------------------------------------------ damage and repair choices

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
        if what == "damage":
            returned = 0
            for slot in range(1, SLOTS + 1):
                if em[slot] is not None:
                    self.bins[em[slot].split(":")[0]] += 1
                    em[slot] = None
                    returned += 1
            em[0] = True
            events.append(ev.Damaged(seat, emitter, returned))
        else:
            em[0] = False
            events.append(ev.Repaired(seat, emitter))
        self.pending_hits[0][2] -= 1

    def default_choice(self, seat: int, what: str) -> int:
        """DD-25: lowest-numbered emptiest emitter first; DD-27: lowest-numbered destroyed."""
        options = self._choice_options(seat, what)
        if what == "damage":
            empty = [e for e in options if all(s is None for s in self.emitters[seat][e][1:])]
            return (empty or options)[0]
        return options[0]

    # ================================================================== contract: whose turn

    def to_act(self) -> list[Seat]:
        if self.phase == OVER:
            return []
        if self.pending_hits:
            return [self.pending_hits[0][0]]
        if self.phase == SEND and self.goers[self.cursor] == KILLER_SEAT:
            return []  # never: the killer's goes are automatic
        return [self.goers[self.cursor]]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == REFEREE:
            return [timer.action for timer in self.timers()]
        if seat not in self.to_act():
            return []
        if self.pending_hits:
            _, what, _ = self.pending_hits[0]
            return [Choose(what, e) for e in self._choice_options(seat, what)]
        if self.phase == SETUP:
            return [Obstacle(*xy(c)) for c in self._setup_cells()]
        if self.phase == DRAW:
            if self.scenario.killer:
                return [Pick(t) for t in TYPES if self.bins[t] > 0]
            return [Draw(b) for b in self._allowed_bins()]
        if self.phase == PLACE:
            return self._placing_options(seat)
        return [Send(e) for e in self.sendable(seat)]

    def _setup_cells(self) -> list[int]:
        taken = {r.cell for r in self.robots} | set(self.objects)
        return [c for c in range(SIZE * SIZE) if not self.board.is_rock(c) and c not in taken]

    def _free_slots(self, seat: int) -> list[tuple[int, int]]:
        """DD-14: the empty slots of the intact emitters, as (emitter, slot)."""
        return [
            (e, k)
            for e, em in enumerate(self.emitters[seat])
            if not em[0]
            for k in range(1, SLOTS + 1)
            if em[k] is None
        ]

    def _placing_options(self, seat: int) -> list[Action]:
        """The current step of a placement: token or stop; slot or back; arrow or back."""
        if not self.placing:
            return [*(_TOKENS[t] for t in sorted(set(self.hands[seat]), key=TYPES.index)), STOP]
        if len(self.placing) == 1:
            return [*(_SLOTS[e][k] for e, k in self._free_slots(seat)), BACK]
        return [*(_ARROWS[d] for d in directions_for(self.placing[0])), BACK]

    def timers(self) -> list[Timer]:
        if self.pending_hits and self.phase != OVER:
            seat, what, count = self.pending_hits[0]
            label = f"{COLOUR_NAMES[self.colours[seat]]} chooses {count} emitter(s) to {what}"
            return [Timer(f"choice-{self.choice_no}", float(self.options["choice_timeout_s"]), AUTO, label)]
        return []

    # ================================================================== contract: checking

    def check_rules(self, seat: Seat, action: Action) -> None:
        def refuse(reason: str) -> None:
            raise IllegalAction(reason, seat=seat, action=action)

        if self.phase == OVER:
            refuse("the game is over")
        if seat == REFEREE:
            if action not in self.legal_actions(REFEREE):
                refuse(f"the referee cannot say {action} now")
            return
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            refuse(f"seat {seat} is not a player in this game")
        if self.pending_hits:
            self._check_choice(seat, action, refuse)
            return
        if action == AUTO:
            refuse("'auto' is for the referee's clock")
        if seat not in self.to_act():
            refuse(f"it is not your turn: waiting for {self._who(self.to_act())}")
        if isinstance(action, Obstacle):
            self._check_obstacle(action, refuse)
        elif isinstance(action, Draw | Pick):
            self._check_draw(seat, action, refuse)
        elif isinstance(action, Token | Slot | Arrow) or action in (STOP, BACK):
            self._check_place(seat, action, refuse)
        elif isinstance(action, Send) or action == PASS:
            self._check_send(seat, action, refuse)
        elif isinstance(action, Choose):
            refuse(f"nobody has to {action.what} an emitter now")
        else:
            refuse(f"{action} is not a Droids action")

    def _who(self, seats: Sequence[int]) -> str:
        return ", ".join(COLOUR_NAMES[self.colours[s]] for s in seats) or "nobody"

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

    def _check_draw(self, seat: int, action: Draw | Pick, refuse: Any) -> None:
        if self.phase != DRAW:
            refuse("tokens are drawn only in the draw phase")
        if isinstance(action, Pick):
            if not self.scenario.killer:
                refuse("tokens are drawn from the bins, not chosen: 'draw violet'")
            if action.token not in TYPES or self.bins.get(action.token, 0) <= 0:
                allowed = TOKENS.get(action.token) and full_bins(self.scenario.removed)[action.token]
                refuse("none of those tokens is left" if allowed else f"{action.token} is not allowed here")
            return
        if self.scenario.killer:
            refuse("in scenario 7 you choose your tokens: 'pick M2'")
        if action.bin not in BINS:
            refuse(f"unknown bin {action.bin}")
        if action.bin not in self._allowed_bins():
            removed = action.bin in self.scenario.removed
            refuse(f"the {action.bin} bin is {'not used in this scenario' if removed else 'empty'}")

    def _check_place(self, seat: int, action: Action, refuse: Any) -> None:
        if self.phase != PLACE:
            refuse("tokens are placed only in the placement phase")
        step = len(self.placing)
        if action == BACK:
            if not step:
                refuse("nothing to take back: choose a token of your hand or 'stop'")
            return
        if action == STOP or isinstance(action, Token):
            if step:
                refuse(f"finish placing {self.placing[0]} ({self._next_step()}) or take it back with 'back'")
            if isinstance(action, Token) and action.token not in self.hands[seat]:
                refuse(f"you hold no {action.token} token")
            return
        if isinstance(action, Slot):
            if step != 1:
                refuse("choose a token of your hand first, like 'M2'" if not step else self._next_step())
            if not (0 <= action.emitter < EMITTERS and 1 <= action.slot <= SLOTS):
                refuse("emitters are e0..e9 and slots 1..3")
            em = self.emitters[seat][action.emitter]
            if em[0]:
                refuse(f"emitter {action.emitter} is destroyed")
            if em[action.slot] is not None:
                full = all(x is not None for x in em[1:])
                refuse(f"emitter {action.emitter} is full" if full else f"slot {action.slot} is taken")
            return
        assert isinstance(action, Arrow)
        if step != 3:
            refuse("choose a token of your hand first, like 'M2'" if not step else self._next_step())
        token = self.placing[0]
        if action.direction not in directions_for(token):
            allowed = "/".join(directions_for(token))
            refuse(f"a {TOKENS[token][2]} token points {allowed}, not {action.direction}")

    def _next_step(self) -> str:
        """What the pending placement waits for, in words."""
        if len(self.placing) == 1:
            return f"choose a slot for {self.placing[0]}, like 'e3.1'"
        arrows = "/".join(directions_for(self.placing[0]))
        return f"choose the arrow of {self.placing[0]}: {arrows}"

    def _check_send(self, seat: int, action: Action, refuse: Any) -> None:
        if self.phase != SEND:
            refuse("orders are sent only in the sending phase")
        if action == PASS:
            refuse("you must send an order while one of your candidates can be sent")
        assert isinstance(action, Send)
        if not 0 <= action.emitter < EMITTERS or self.candidate(seat, action.emitter) is None:
            refuse(f"emitter {action.emitter} holds no order")
        if self.recipient(seat, action.emitter) is None:
            refuse(f"no robot that can receive this order stands in line {action.emitter}")

    # ================================================================== contract: acting

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        if seat == REFEREE:
            victim, what, _ = self.pending_hits[0]
            while (
                self.pending_hits and self.pending_hits[0][:2] == [victim, what] and self.pending_hits[0][2]
            ):
                self._choose(victim, what, self.default_choice(victim, what), events)
                self._await_choice(events)
        elif isinstance(action, Choose):
            self._choose(seat, action.what, action.emitter, events)
        elif isinstance(action, Obstacle):
            self._setup_obstacle(seat, action, events)
            return events
        elif isinstance(action, Draw | Pick):
            self._draw(seat, action, events)
            return events
        elif isinstance(action, Token):
            self.placing = [action.token]
            return events
        elif isinstance(action, Slot):
            self.placing = [*self.placing, action.emitter, action.slot]
            return events
        elif action == BACK:
            self.placing = self.placing[:1] if len(self.placing) > 1 else []
            return events
        elif isinstance(action, Arrow):
            self._place(seat, action.direction, events)
            return events
        elif action == STOP:
            self.stopped[seat] = True
            events.append(ev.Stopped(seat))
            self._next_placer(events)
            return events
        elif isinstance(action, Send):
            self._send(seat, action.emitter, events)
        if self.phase == SEND:
            self._run_sending(events)
        return events

    def _setup_obstacle(self, seat: int, action: Obstacle, events: list[Event]) -> None:
        self.objects[idx(action.x, action.y)] = OBSTACLE
        events.append(ev.ObstaclePlaced(seat, (action.x, action.y)))
        self.setup_left -= 1
        self.cursor = (self.cursor + 1) % len(self.goers)
        if self.setup_left == 0:
            self._setup_done(events)

    def _draw(self, seat: int, action: Draw | Pick, events: list[Event]) -> None:
        if isinstance(action, Pick):
            token = action.token
        else:
            pool = [t for t in TYPES if bin_of(t) == action.bin]
            roll = self.rng.randrange(sum(self.bins[t] for t in pool))
            for token in pool:
                roll -= self.bins[token]
                if roll < 0:
                    break
        self.bins[token] -= 1
        self.hands[seat].append(token)
        self.hands[seat].sort(key=TYPES.index)
        self.hand_bins[seat][bin_of(token)] += 1
        self.drawn[seat] += 1
        events.append(ev.Drawn(seat, bin_of(token), token))
        self._skip_drawers(events)

    def _place(self, seat: int, direction: str, events: list[Event]) -> None:
        """The arrow completes the pending placement (DD-14)."""
        token, emitter, slot = self.placing
        self.placing = []
        self.hands[seat].remove(token)
        self.hand_bins[seat][bin_of(token)] -= 1
        self.emitters[seat][emitter][slot] = f"{token}:{direction}"
        events.append(ev.Placed(seat, token, direction, emitter, slot))
        if not self._can_place(seat):
            self.stopped[seat] = True
        self._next_placer(events)

    # ================================================================== contract: reading

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners = self.result["winners"]
        value = 0.5 if self.result["draw"] else 1.0
        scores = [value if s in winners else 0.0 for s in range(self.seats)]
        return Outcome.from_scores(scores, self.result["reason"])

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        return {
            "game": "droids",
            "seat": seat,
            "seats": self.seats,
            "scenario": self.scenario.number,
            "scenario_name": self.scenario.name,
            "options": dict(self.options),
            "phase": self.phase,
            "turn": self.turn,
            "first": self.first,
            "to_act": self.to_act(),
            "colours": list(self.colours),
            "goers": list(self.goers),
            "cursor": self.cursor,
            "map": ["".join(self.board.terrain[y * SIZE : (y + 1) * SIZE]) for y in range(SIZE)],
            "circles": {c: list(xy(cell)) for c, cell in self.board.circles.items()},
            "robots": [
                {
                    "name": r.name,
                    "kind": r.kind,
                    "seat": r.seat,
                    "cell": list(xy(r.cell)) if r.cell >= 0 else None,
                    "carry": r.carry,
                    "stock": r.stock,
                }
                for r in self.robots
            ],
            "objects": [[*xy(c), k] for c, k in sorted(self.objects.items())],
            "mines_left": self.mines_left,
            "emitters": [
                [{"destroyed": em[0], "slots": list(em[1:])} for em in ems] for ems in self.emitters
            ],
            "bins": {b: sum(self.bins[t] for t in TYPES if bin_of(t) == b) for b in BINS},
            "hand": list(self.hands[seat]) if seat is not None and 0 <= seat < self.seats else None,
            # the placer's pending choice, seen only by the placer (DD-46)
            "placing": list(self.placing) if self.placing and self._placer() == seat else None,
            "hand_sizes": [len(h) for h in self.hands],
            "hand_bins": [dict(h) for h in self.hand_bins],
            "setup_left": self.setup_left,
            "drawn": list(self.drawn),
            "stopped": list(self.stopped),
            "finished": list(self.finished),
            "sent": list(self.sent),
            "eliminated": list(self.eliminated),
            "scores": list(self.scores),
            "pending": [list(p) for p in self.pending_hits],
            "killer": None
            if not self.scenario.killer
            else {
                "die": self.killer_die,
                "line0": self.killer_line0,
                "sent": list(self.killer_sent),
                "done": self.killer_done,
                "sheet": list(load_killer_sheets(self.options["killer_file"])[self.options["killer_sheet"]]),
            },
            "result": None if self.result is None else dict(self.result),
        }

    # ================================================================== contract: storing

    def to_dict(self) -> dict[str, JSON]:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "seats": self.seats,
            "turn": self.turn,
            "first": self.first,
            "phase": self.phase,
            "goers": list(self.goers),
            "cursor": self.cursor,
            "setup_left": self.setup_left,
            "drawn": list(self.drawn),
            "stopped": list(self.stopped),
            "finished": list(self.finished),
            "sent": list(self.sent),
            "bins": dict(self.bins),
            "hands": [list(h) for h in self.hands],
            "hand_bins": [dict(h) for h in self.hand_bins],
            "placing": list(self.placing),
            "emitters": [[list(em) for em in ems] for ems in self.emitters],
            "robots": [r.to_list() for r in self.robots],
            "objects": [[c, k] for c, k in sorted(self.objects.items())],
            "mines_left": self.mines_left,
            "eliminated": list(self.eliminated),
            "scores": list(self.scores),
            "pending": [list(p) for p in self.pending_hits],
            "choice_no": self.choice_no,
            "result": None if self.result is None else dict(self.result),
            "killer": [self.killer_die, self.killer_line0, list(self.killer_sent), self.killer_done],
        }

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, JSON]) -> DroidsState:
        state = cls(game, dict(data["options"]), Rng.from_state(data["rng"]), data["seats"])
        for key in ("turn", "first", "phase", "cursor", "setup_left", "mines_left", "choice_no"):
            setattr(state, key, data[key])
        for key in ("goers", "drawn", "stopped", "finished", "sent", "eliminated", "scores"):
            setattr(state, key, list(data[key]))
        state.bins = dict(data["bins"])
        state.hands = [list(h) for h in data["hands"]]
        state.hand_bins = [dict(h) for h in data["hand_bins"]]
        state.placing = list(data.get("placing", []))
        state.emitters = [[list(em) for em in ems] for ems in data["emitters"]]
        state.robots = [Robot.from_list(r) for r in data["robots"]]
        state.objects = {int(c): str(k) for c, k in data["objects"]}
        state.pending_hits = [list(p) for p in data["pending"]]
        state.result = None if data["result"] is None else dict(data["result"])
        die, line0, sent, done = data["killer"]
        state.killer_die, state.killer_line0, state.killer_sent, state.killer_done = (
            die,
            line0,
            list(sent),
            done,
        )
        return state

    def clone(self) -> Self:
        """A deep copy without the JSON round trip (bots and determinize clone a lot)."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = Rng.from_state(self.rng.state)
        twin.options = dict(self.options)
        for key in ("goers", "drawn", "stopped", "finished", "sent", "eliminated", "scores", "killer_sent"):
            setattr(twin, key, list(getattr(self, key)))
        twin.bins = dict(self.bins)
        twin.hands = [list(h) for h in self.hands]
        twin.hand_bins = [dict(h) for h in self.hand_bins]
        twin.placing = list(self.placing)
        twin.emitters = [[list(em) for em in ems] for ems in self.emitters]
        twin.robots = [Robot(r.kind, r.cell, r.seat, r.carry, r.stock, r.name) for r in self.robots]
        twin.objects = dict(self.objects)
        twin.pending_hits = [list(p) for p in self.pending_hits]
        twin.result = None if self.result is None else dict(self.result)
        return twin  # type: ignore[return-value]

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """Other seats' hands are redrawn from what they could be (same bins drawn from);
        the generator is replaced, so future draws and rolls are unknown too."""
        twin = self.clone()
        rng = rng.spawn()
        twin.rng = rng.spawn()
        others = [s for s in range(self.seats) if s != seat]
        for b in BINS:
            pool: list[str] = []
            for t in TYPES:
                if bin_of(t) == b:
                    pool += [t] * (self.bins[t] + sum(self.hands[s].count(t) for s in others))
            rng.shuffle(pool)
            for s in others:
                keep = [t for t in twin.hands[s] if bin_of(t) != b]
                need = self.hand_bins[s][b]
                twin.hands[s] = sorted(keep + pool[:need], key=TYPES.index)
                pool = pool[need:]
            for t in TYPES:
                if bin_of(t) == b:
                    twin.bins[t] = pool.count(t)
        placer = self._placer()
        if self.placing and placer in others:
            # hidden from ``seat``: the pending token becomes one of the redrawn hand
            twin.placing[0] = rng.choice(twin.hands[placer])
        return twin

    def _placer(self) -> int | None:
        """The seat placing now, whose pending choice ``placing`` is."""
        return self.goers[self.cursor] if self.phase == PLACE and self.goers else None

    def events_for(self, events: Sequence[Event], seat: Seat | None) -> list[dict[str, JSON]]:
        """A drawn token is seen only by its drawer."""
        out = []
        for event in events:
            data = event.to_dict()
            if isinstance(event, ev.Drawn) and event.seat != seat:
                data["token"] = None
            out.append(data)
        return out


TYPES_BY_BIN = {b: tuple(t for t in TYPES if bin_of(t) == b) for b in BINS}
DIRS_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# the placing actions, built once (legal_actions is called a lot)
_TOKENS = {t: Token(t) for t in TYPES}
_SLOTS = [[None, *(Slot(e, k) for k in range(1, SLOTS + 1))] for e in range(EMITTERS)]
_ARROWS = {d: Arrow(d) for d in DIRS}
