"""The state of a game of Droids: setup, then turns of draw, placement and sending (DD-9..DD-45).

This module holds the phase machine and the game contract; the rules live in the rooms below
it (see ``phases.py``): ``scenario_setup``, ``orders``, ``killer``, ``goals``, ``shooting``,
``mechanics``.

Sequential phases use ``goers`` (the seats in play order for this phase) and ``cursor``
(whose go it is). Emitter damage and repairs interrupt the sending: the victim chooses
its emitters (``pending_hits``), or the referee's timer applies the default choice.
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
from robotable.games.droids.board import SIZE, Board, Scenario, load_board, load_killer_sheets, xy
from robotable.games.droids.orders import TYPES_BY_BIN
from robotable.games.droids.phases import (
    DRAW,
    EMITTERS,
    KILLER_SEAT,
    MINES,
    OVER,
    PLACE,
    SEND,
    SETUP,
    new_tag,
    new_tags,
)
from robotable.games.droids.pieces import Robot
from robotable.games.droids.scenario_setup import ScenarioSetup
from robotable.games.droids.state_check import check_saved
from robotable.games.droids.tokens import (
    BINS,
    COLOUR_NAMES,
    COLOURS,
    TYPES,
    bin_of,
    bin_totals,
    full_bin_totals,
    full_bins,
)

__all__ = ["DRAW", "OVER", "PLACE", "SEND", "SETUP", "DroidsState"]

OBSTACLE_AT = tuple(Obstacle(*xy(cell)) for cell in range(SIZE * SIZE))
"""Each cell's setup action, made once: a setup step offers some ninety, and actions are frozen."""


class DroidsState(ScenarioSetup, State):
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
        self.placing: list[Any] = []
        self.bins: dict[str, int] = full_bins(self.scenario.removed)
        self.bin_totals: dict[str, int] = full_bin_totals(self.scenario.removed)
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.hand_bins: list[dict[str, int]] = [dict.fromkeys(BINS, 0) for _ in range(seats)]
        self.emitters: list[list[list[Any]]] = [
            [[False, None, None, None] for _ in range(EMITTERS)] for _ in range(seats)
        ]
        self.robots: list[Robot] = []
        self.objects: dict[int, str] = {}
        self.pieces_tag = new_tag()  # the change tags (phases.new_tag): the robots' cells and objects,
        self.emitter_tags = new_tags(seats)  # and each seat's emitters
        self.mines_left = MINES
        self.eliminated = [False] * seats
        self.scores = [0] * seats
        self.pending_hits: list[list[Any]] = []
        self.choice_no = 0
        self.result: dict[str, Any] | None = None
        self.killer_die: int | None = None
        self.killer_line0 = 0
        self.killer_sent: list[int] = []
        self.killer_done = False

    @classmethod
    def new(cls, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> DroidsState:
        state = cls(game, options, rng, seats)
        state._set_up()
        return state

    # ================================================================== the phase machine

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
                self._back_to_bin(token)
            self.hands[seat] = []
            self.hand_bins[seat] = dict.fromkeys(BINS, 0)
        self.phase = SEND
        self.goers = self.turn_order()
        self.cursor = 0
        if self.scenario.killer:
            self._roll_killer_sheet(events)
            self.goers = [KILLER_SEAT, *self.goers]
        self._run_sending(events)

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
            return [OBSTACLE_AT[c] for c in self._setup_cells()]
        if self.phase == DRAW:
            if self.scenario.killer:
                return [Pick(t) for t in TYPES if self.bins[t] > 0]
            return [Draw(b) for b in self._allowed_bins()]
        if self.phase == PLACE:
            return self._placing_options(seat)
        return [Send(e) for e in self.sendable(seat)]

    def timers(self) -> list[Timer]:
        if self.pending_hits and self.phase != OVER:
            seat, what, count = self.pending_hits[0]
            chooser = {"robot": COLOUR_NAMES[self.colours[seat]], "count": count, "what": what}
            seconds = float(self.options["choice_timeout_s"])
            return [Timer(f"choice-{self.choice_no}", seconds, AUTO, "choose_emitters", chooser)]
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

    # ================================================================== contract: acting

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        if seat == REFEREE:
            self._choose_by_default(events)
        elif isinstance(action, Choose):
            self._choose(seat, action.what, action.emitter, events)
        elif isinstance(action, Obstacle):
            self._setup_obstacle(seat, action, events)
            return events
        elif isinstance(action, Draw | Pick):
            self._draw(seat, action, events)
            return events
        elif isinstance(action, Token | Slot | Arrow) or action in (BACK, STOP):
            self._placing_step(seat, action, events)
            return events
        elif isinstance(action, Send):
            self._send(seat, action.emitter, events)
        if self.phase == SEND:
            self._run_sending(events)
        return events

    # ================================================================== contract: reading

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners = self.result["winners"]
        if self.scenario.killer:
            # DD-45, solo against the killer: ranking by score would put the only seat first
            # whatever happened (a lost game had winners == (0,)). The killer is no seat, but it
            # is the opponent: a player who loses ranks behind it, 2nd, so a loss has no winner.
            won = 0 in winners
            return Outcome((1.0 if won else 0.0,), (1 if won else 2,), self.result["reason"])
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
            "map": list(self.board.rows),
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
            "bins": {b: sum(map(self.bins.__getitem__, TYPES_BY_BIN[b])) for b in BINS},
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
        """Inverse of :meth:`to_dict`; every field is checked first (``state_check.py``)."""
        check_saved(game, data)
        state = cls(game, dict(data["options"]), Rng.from_state(data["rng"]), data["seats"])
        for key in ("turn", "first", "phase", "cursor", "setup_left", "mines_left", "choice_no"):
            setattr(state, key, data[key])
        for key in ("goers", "drawn", "stopped", "finished", "sent", "eliminated", "scores"):
            setattr(state, key, list(data[key]))
        state.bins = dict(data["bins"])
        state.bin_totals = bin_totals(state.bins)
        state.hands = [list(h) for h in data["hands"]]
        state.hand_bins = [dict(h) for h in data["hand_bins"]]
        state.placing = list(data["placing"])
        state.emitters = [[list(em) for em in ems] for ems in data["emitters"]]
        state.robots = [Robot.from_list(r) for r in data["robots"]]
        state.objects = {c: k for c, k in data["objects"]}  # the tags: new ones, from __init__
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
        twin.bin_totals = dict(self.bin_totals)
        twin.hands = [list(h) for h in self.hands]
        twin.hand_bins = [dict(h) for h in self.hand_bins]
        twin.placing = list(self.placing)
        twin.emitters = [[list(em) for em in ems] for ems in self.emitters]
        twin.robots = [Robot(r.kind, r.cell, r.seat, r.carry, r.stock, r.name) for r in self.robots]
        twin.objects = dict(self.objects)
        twin.emitter_tags = list(self.emitter_tags)  # the same tags (pieces_tag too): equal until changed
        twin.pending_hits = [list(p) for p in self.pending_hits]
        twin.result = None if self.result is None else dict(self.result)
        return twin  # type: ignore[return-value]

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Unpickled (from another process, or by ``copy.deepcopy``): new change tags, since
        another process's counter hands out the same numbers to other states."""
        self.__dict__.update(fields)
        self.pieces_tag = new_tag()
        self.emitter_tags = new_tags(len(self.emitter_tags))

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
        twin.bin_totals = bin_totals(twin.bins)  # the same: each bin kept what it lent the hands
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
