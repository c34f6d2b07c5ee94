"""The state of a Ricochet Robots game: rounds, bids, demonstrations, solo puzzles.

The bidding game (2+ seats) runs SOLVING -> COUNTDOWN -> DEMONSTRATION per chip
(RR-13..RR-25); solo puzzle mode (1 seat) runs PUZZLE per chip (RR-30..RR-33). The
only hidden information is the future order of chip draws, which lives in ``rng``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Self

from robotable.core.errors import IllegalAction
from robotable.core.game import JSON, REFEREE, Action, Event, Game, Outcome, Seat, State, Timer
from robotable.core.rng import Rng
from robotable.games.ricochet import events as ev
from robotable.games.ricochet.actions import (
    COUNTDOWN,
    GIVE_UP,
    NEXT,
    RESET,
    REVEAL,
    TIME_UP,
    WORDS,
    Bid,
    Move,
    Word,
)
from robotable.games.ricochet.board import (
    ALL_TARGETS,
    CELLS,
    DIRECTIONS,
    Board,
    Target,
    assemble,
    cell_xy,
    faces_for,
    random_board,
)
from robotable.games.ricochet.code import ROBOT_NAMES, Puzzle
from robotable.games.ricochet.search import finishers
from robotable.games.ricochet.state_check import check_saved

SOLVING, COUNTDOWN_PHASE, DEMONSTRATION, PUZZLE, OVER = (
    "solving",
    "countdown",
    "demonstration",
    "puzzle",
    "over",
)
TARGETS_BY_CODE = {t.code: t for t in ALL_TARGETS}
_DIRECTION_NAMES = ("north", "east", "south", "west")

# RR-26: chips needed to win by player count; 5+ players play out the 17 chips (RR-27).
CHIPS_TO_WIN = {2: 8, 3: 6, 4: 5}


def chips_to_win(options: Mapping[str, Any], seats: int) -> int | None:
    """RR-26: the threshold, or None when the 17 chips are played out (RR-27)."""
    return options["chips_to_win"] or CHIPS_TO_WIN.get(seats)


def ricochet_done(moves: Sequence[tuple[int, int]], robot: int) -> bool:
    """RR-15: has ``robot`` made two consecutive own moves at a right angle?"""
    last = None
    for mover, direction in moves:
        if mover != robot:
            continue
        if last is not None and (last + direction) % 2 == 1:
            return True
        last = direction
    return False


@dataclass
class BidEntry:
    moves: int
    order: int  # bids are numbered as they arrive: the time order of RR-20 key 3


@dataclass
class SoloBest:
    moves: tuple[tuple[int, int], ...]
    end: tuple[int, ...]


_MOVES = tuple(tuple(Move(robot, direction) for direction in range(4)) for robot in range(5))
"""Every robot's four moves, made once (actions are frozen; five robots with the silver one)."""


@cache
def _bids_up_to(top: int) -> tuple[Bid, ...]:
    """Bids of 1 to ``top`` moves, made once per top: a seat may bid up to 99 at every step."""
    return tuple(Bid(n) for n in range(1, top + 1))


class RicochetState(State):
    def __init__(self, game: Game, options: dict[str, Any], rng: Rng, seats: int) -> None:
        self.game = game
        self.options = options
        self.rng = rng
        self.seats = seats
        self.faces: tuple[str, ...] = ()
        self.robots: list[int] = []
        self.markers: list[int] = []
        self.pile: list[str] = sorted(t.code for t in ALL_TARGETS)  # undrawn chips, public (RR-9)
        self.chip: str | None = None
        self.draws = 0  # chips drawn so far; names timers
        self.chips: list[list[str]] = [[] for _ in range(seats)]
        self.phase = SOLVING if seats > 1 else PUZZLE
        self.bids: dict[Seat, BidEntry] = {}
        self.bid_order = 0
        self.queue: list[Seat] = []  # bidders still to demonstrate, first is demonstrating
        self.moves: list[tuple[int, int]] = []  # this demonstration's or attempt's moves
        # solo puzzle mode
        self.best: SoloBest | None = None
        self.optimum: int | None = None
        self.optimum_known = True
        self.revealed: tuple[tuple[int, int], ...] | None = None
        self.results: list[dict[str, JSON]] = []
        self._board: Board | None = None

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, game: Game, options: dict[str, Any], rng: Rng, seats: int) -> RicochetState:
        state = cls(game, options, rng, seats)
        if options["puzzle"]:
            puzzle = Puzzle.parse(options["puzzle"], face_set=options["face_set"])
            state.faces = puzzle.faces
            state.robots = list(puzzle.robot_cells())
            state.markers = list(state.robots)
            state._draw(puzzle.target.code)
            return state
        if options["board"]:
            state.faces = tuple(options["board"][i : i + 2] for i in range(0, 8, 2))
        else:
            state.faces = random_board(rng, options["face_set"])
        state._place_robots()
        state._draw()
        if seats == 1:
            state._redraw_while_on_target()
        return state

    @property
    def board(self) -> Board:
        if self._board is None:
            self._board = assemble(self.faces, faces_for(self.options["faces_file"]))
        return self._board

    @property
    def robot_count(self) -> int:
        return len(self.robots)

    @property
    def target(self) -> Target | None:
        return TARGETS_BY_CODE[self.chip] if self.chip else None

    def _place_robots(self) -> None:
        """RR-8: distinct random cells, off the centre and off every target."""
        count = 5 if self.options["silver_robot"] else 4
        forbidden = set(self.board.blocked) | set(self.board.targets.values())
        free = [cell for cell in range(CELLS) if cell not in forbidden]
        self.robots = []
        for _ in range(count):
            cell = self.rng.choice(free)
            free.remove(cell)
            self.robots.append(cell)
        self.markers = list(self.robots)

    def _redraw_while_on_target(self) -> None:
        """RR-30: a generated solo position never starts with a finisher on the target."""
        while any(self.robots[r] == self.board.targets[self.target] for r in self.finishers()):
            self._place_robots()

    def _draw(self, code: str | None = None) -> list[Event]:
        """RR-9/RR-13: take a chip from the pile (a given one, or at random)."""
        if code is None:
            code = self.pile[self.rng.randrange(len(self.pile))]
        self.pile.remove(code)
        self.chip = code
        self.draws += 1
        self.bids.clear()
        self.queue.clear()
        self.moves.clear()
        self.best, self.optimum, self.optimum_known, self.revealed = None, None, True, None
        self.phase = SOLVING if self.seats > 1 else PUZZLE
        return [ev.ChipDrawn(code, cell_xy(self.board.targets[self.target]))]

    def finishers(self) -> list[int]:
        """RR-13: the robots that may score this chip."""
        return [] if self.target is None else list(finishers(self.target, self.robot_count))

    # ------------------------------------------------------------------ contract: whose turn

    @property
    def solo(self) -> bool:
        return self.seats == 1

    def to_act(self) -> list[Seat]:
        if self.phase in (SOLVING, COUNTDOWN_PHASE):
            return [seat for seat in range(self.seats) if self._lowest_allowed_bid(seat) >= 1]
        if self.phase == DEMONSTRATION:
            return [self.queue[0]]
        if self.phase == PUZZLE:
            return [0]
        return []

    def _lowest_allowed_bid(self, seat: Seat) -> int:
        own = self.bids.get(seat)
        return self.options["max_bid"] if own is None else own.moves - 1

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == REFEREE:
            return [timer.action for timer in self.timers()]
        if seat not in self.to_act():
            return []
        if self.phase in (SOLVING, COUNTDOWN_PHASE):
            return list(_bids_up_to(self._lowest_allowed_bid(seat)))
        board, occupied = self.board, set(self.robots)
        moves: list[Action] = [
            _MOVES[robot][direction]
            for robot, cell in enumerate(self.robots)
            for direction in range(4)
            if board.can_slide(cell, direction, occupied)
        ]
        if self.phase == DEMONSTRATION:
            return [*moves, GIVE_UP]
        solo: list[Action] = [*moves, REVEAL]
        if self.moves:
            solo.append(RESET)
        if self.best is not None:
            solo.append(NEXT)
        return solo

    def timers(self) -> list[Timer]:
        prefix = f"chip{self.draws}"
        if self.phase == SOLVING and self.options["stall_after_s"] is not None:
            return [Timer(f"{prefix}-stall", self.options["stall_after_s"], COUNTDOWN, "no_bid_yet")]
        if self.phase == COUNTDOWN_PHASE:
            return [Timer(f"{prefix}-countdown", self.options["bid_window_s"], TIME_UP, "bidding_closes")]
        if self.phase == DEMONSTRATION:
            key = f"{prefix}-demo-{len(self.bids) - len(self.queue)}"
            return [Timer(key, self.options["demo_timeout_s"], TIME_UP, "demonstration_time")]
        if self.phase == PUZZLE and self.options["puzzle_time_limit_s"] is not None:
            return [Timer(f"{prefix}-puzzle", self.options["puzzle_time_limit_s"], TIME_UP, "puzzle_time")]
        return []

    # ------------------------------------------------------------------ contract: checking

    def check_rules(self, seat: Seat, action: Action) -> None:
        def refuse(reason: str) -> None:
            raise IllegalAction(reason, seat=seat, action=action)

        if self.phase == OVER:
            refuse("the game is over")
        if seat == REFEREE:
            if action not in self.legal_actions(REFEREE):
                refuse(f"the referee cannot say {action} now")
            return
        if not 0 <= seat < self.seats:
            refuse(f"seat {seat} is not a player in this game")
        if isinstance(action, Bid):
            self._check_bid(seat, action, refuse)
        elif isinstance(action, Move):
            self._check_move(seat, action, refuse)
        elif isinstance(action, Word):
            self._check_word(seat, action, refuse)
        else:
            refuse(f"{action} is not a Ricochet Robots action")

    def _check_bid(self, seat: Seat, bid: Bid, refuse: Any) -> None:
        if self.phase not in (SOLVING, COUNTDOWN_PHASE):
            refuse("bidding is closed" if self.phase == DEMONSTRATION else "there is no bidding in solo mode")
        if type(bid.moves) is not int or not 1 <= bid.moves <= self.options["max_bid"]:
            refuse(f"a bid must be between 1 and {self.options['max_bid']} moves")
        own = self.bids.get(seat)
        if own is not None and bid.moves == own.moves:
            refuse(f"you already bid {own.moves}")
        if own is not None and bid.moves > own.moves:
            refuse(f"cannot raise your own bid of {own.moves}")

    def _check_move(self, seat: Seat, move: Move, refuse: Any) -> None:
        if self.phase in (SOLVING, COUNTDOWN_PHASE):
            refuse("robots move only during a demonstration: bid first")
        if self.phase == DEMONSTRATION and seat != self.queue[0]:
            refuse(f"only seat {self.queue[0]}, the demonstrator, may move robots")
        if not 0 <= move.robot < self.robot_count:
            name = ROBOT_NAMES[move.robot] if 0 <= move.robot < len(ROBOT_NAMES) else f"#{move.robot}"
            refuse(f"the {name} robot is not in play")
        if not 0 <= move.direction < 4:
            refuse("a direction is N, E, S or W")
        if self.board.slide(self.robots, move.robot, move.direction) == self.robots[move.robot]:
            refuse(f"the {ROBOT_NAMES[move.robot]} robot cannot move {_DIRECTION_NAMES[move.direction]}")

    def _check_word(self, seat: Seat, word: Word, refuse: Any) -> None:
        if word not in WORDS.values():
            refuse(f"unknown action '{word}'")
        if word in (COUNTDOWN, TIME_UP):
            refuse(f"'{word}' is for the referee's clock")
        if word == GIVE_UP and (self.phase != DEMONSTRATION or seat != self.queue[0]):
            refuse("only the demonstrator can give up")
        if word in (RESET, REVEAL, NEXT) and self.phase != PUZZLE:
            refuse(f"'{word}' is for solo puzzles")
        if word == RESET and not self.moves:
            refuse("the robots are already on their markers")
        if word == NEXT and self.best is None:
            refuse("solve this puzzle first, or 'reveal' it")

    # ------------------------------------------------------------------ contract: acting

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, Bid):
            return self._bid(seat, action.moves)
        if isinstance(action, Move):
            return self._move(action)
        if action == COUNTDOWN:
            self.phase = COUNTDOWN_PHASE
            return [ev.CountdownStarted("stall")]
        if action == TIME_UP:
            return self._time_up()
        if action == GIVE_UP:
            return self._fail("gave up")
        if action == RESET:
            return self._reset()
        if action == REVEAL:
            return self._reveal()
        return self._end_puzzle()  # NEXT: keep the best attempt, go on

    def _bid(self, seat: Seat, moves: int) -> list[Event]:
        self.bid_order += 1
        self.bids[seat] = BidEntry(moves, self.bid_order)
        out: list[Event] = [ev.BidPlaced(seat, moves)]
        if self.phase == SOLVING:  # RR-18: the first bid turns the sand timer
            self.phase = COUNTDOWN_PHASE
            out.append(ev.CountdownStarted("bid"))
        return out

    def _time_up(self) -> list[Event]:
        if self.phase == COUNTDOWN_PHASE:
            return self._close_bidding()
        if self.phase == DEMONSTRATION:
            return self._fail("ran out of time")
        return self._end_puzzle()  # PUZZLE with a time limit

    def _close_bidding(self) -> list[Event]:
        if not self.bids:  # RR-19: nobody bid; the chip goes back
            chip = self.chip or ""
            self.pile = sorted([*self.pile, chip])
            return [ev.ChipReturned(chip), *self._draw()]
        self.queue = sorted(self.bids, key=self._bid_rank)
        self.phase = DEMONSTRATION
        return self._start_demonstration()

    def _bid_rank(self, seat: Seat) -> tuple[int, ...]:
        """RR-20: lower bid, then fewer chips (unless earliest_bid), then earlier bid."""
        entry = self.bids[seat]
        if self.options["tie_break"] == "earliest_bid":
            return (entry.moves, entry.order)
        return (entry.moves, len(self.chips[seat]), entry.order)

    def _start_demonstration(self) -> list[Event]:
        seat = self.queue[0]
        return [ev.DemonstrationStarted(seat, self.bids[seat].moves)]

    def _move(self, move: Move) -> list[Event]:
        start = self.robots[move.robot]
        self.robots[move.robot] = end = self.board.slide(self.robots, move.robot, move.direction)
        self.moves.append((move.robot, move.direction))
        out: list[Event] = [
            ev.RobotMoved(
                ROBOT_NAMES[move.robot],
                DIRECTIONS[move.direction],
                cell_xy(start),
                cell_xy(end),
                len(self.moves),
            )
        ]
        arrived = move.robot in self.finishers() and end == self.board.targets[self.target]
        if arrived:  # RR-14: the solution ends at the first arrival
            valid = not self.options["must_ricochet"] or ricochet_done(self.moves, move.robot)
            if not valid:
                reason = "reached the target without a ricochet"
                return out + (self._fail(reason) if not self.solo else self._attempt_failed(reason))
            return out + (self._win() if not self.solo else self._score_attempt())
        if self.phase == DEMONSTRATION and len(self.moves) >= self.bids[self.queue[0]].moves:
            count = len(self.moves)
            out += self._fail(
                f"used all {count} moves of the bid" if count > 1 else "used the bid's only move"
            )
        return out

    def _fail(self, reason: str) -> list[Event]:
        """RR-23: robots back to the markers, the next bidder demonstrates."""
        seat = self.queue.pop(0)
        out: list[Event] = [ev.DemonstrationFailed(seat, reason), *self._reset()]
        if self.queue:
            return out + self._start_demonstration()
        chip = self.chip or ""  # RR-24: nobody succeeded
        self.pile = sorted([*self.pile, chip])
        return [*out, ev.ChipReturned(chip), *self._next_round()]

    def _reset(self) -> list[Event]:
        self.robots = list(self.markers)
        self.moves.clear()
        return [ev.RobotsReset()]

    def _win(self) -> list[Event]:
        """RR-22: the demonstrator takes the chip; the markers follow the robots."""
        seat = self.queue[0]
        chip = self.chip or ""
        self.chips[seat].append(chip)
        self.markers = list(self.robots)
        out: list[Event] = [ev.ChipWon(seat, chip, len(self.moves))]
        return out + self._next_round()

    def _next_round(self) -> list[Event]:
        """RR-25..RR-27: the game ends at the threshold or when the pile is empty."""
        target = chips_to_win(self.options, self.seats)
        reached = target is not None and any(len(c) >= target for c in self.chips)
        if reached or not self.pile:
            self.phase, self.chip = OVER, None
            self.moves.clear()
            return [ev.GameOver(self.outcome().winners)]  # type: ignore[union-attr]
        return self._draw()

    # ------------------------------------------------------------------ solo puzzles

    def _attempt_failed(self, reason: str) -> list[Event]:
        return [ev.AttemptFailed(reason), *self._reset()]

    def runs_solver(self, action: Action) -> bool:
        """Whether carrying out ``action`` (a legal one) runs the solver (RR-34): a solo
        puzzle's reveal, or the first attempt that reaches its target while its optimum is
        not yet known."""
        if not self.solo:
            return False
        if action == REVEAL:
            return True
        if not isinstance(action, Move) or self.optimum is not None or not self.optimum_known:
            return False
        end = self.board.slide(self.robots, action.robot, action.direction)
        return action.robot in self.finishers() and end == self.board.targets[self.target]  # type: ignore[index]

    def _solve(self) -> tuple[tuple[int, int], ...] | None:
        """RR-34: an optimal solution; when unproven in time, the best one found (if any)."""
        from robotable.games.ricochet import solver

        solution = solver.solve(
            self.board,
            self.markers,
            self.target,  # type: ignore[arg-type]
            must_ricochet=self.options["must_ricochet"],
            timeout=self.options["solver_timeout_s"],
        )
        found = solution.moves if solution is not None and solution.moves else None
        self.optimum_known = solution is not None and solution.optimal
        self.optimum = len(found) if found else None
        return found

    def _score_attempt(self) -> list[Event]:
        """RR-31/RR-32: score = L - O; keep the best (shortest, latest among equals)."""
        length = len(self.moves)
        if self.optimum is None and self.optimum_known:
            self._solve()
        if self.best is None or length <= len(self.best.moves):
            self.best = SoloBest(tuple(self.moves), tuple(self.robots))
        known = [n for n in (self.optimum, len(self.best.moves)) if n is not None]
        reference = self.optimum if self.optimum_known else min(known)  # RR-34: best known length
        score = length - reference
        if not self.optimum_known:
            rating = f"{score:+d} (optimum unknown)"
        else:
            rating = "optimal" if score == 0 else f"+{score}"
        scored = ev.AttemptScored(length, self.optimum if self.optimum_known else None, score, rating)
        return [scored, *self._reset()]

    def _reveal(self) -> list[Event]:
        solution = self._solve()
        self.revealed = solution or ()
        names = tuple(f"{ROBOT_NAMES[r]} {DIRECTIONS[d]}" for r, d in self.revealed)
        return [ev.PuzzleRevealed(names), *self._end_puzzle()]

    def _end_puzzle(self) -> list[Event]:
        """RR-32/RR-33: record the result, then chain or start afresh."""
        chip = self.chip or ""
        solved = self.best is not None and self.revealed is None
        best = len(self.best.moves) if self.best is not None else None
        optimum = self.optimum if self.optimum_known else None
        self.results.append({"target": chip, "best": best, "optimum": optimum, "solved": solved})
        out: list[Event] = [ev.PuzzleEnded(chip, solved, best)]
        end = self._chain_end()
        self.robots = list(self.markers)
        self.moves.clear()
        if not self.pile:
            self.phase, self.chip = OVER, None
            return [*out, ev.GameOver(self.outcome().winners)]  # type: ignore[union-attr]
        if self.options["puzzle_chain"]:
            if end is not None:
                self.robots = list(end)
            self.markers = list(self.robots)
            return out + self._draw()
        self.faces = random_board(self.rng, self.options["face_set"])
        self._board = None
        self._place_robots()
        drawn = self._draw()
        self._redraw_while_on_target()
        return out + drawn

    def _chain_end(self) -> tuple[int, ...] | None:
        if self.revealed is not None:
            robots = list(self.markers)
            for robot, direction in self.revealed:
                robots[robot] = self.board.slide(robots, robot, direction)
            return tuple(robots)
        return self.best.end if self.best is not None else None

    # ------------------------------------------------------------------ contract: reading

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.solo:
            solved = [r for r in self.results if r["solved"]]
            excess = sum(r["best"] - (r["optimum"] or r["best"]) for r in solved)
            optimal = sum(1 for r in solved if r["optimum"] == r["best"])
            over = f"{excess:+d} move{'' if abs(excess) == 1 else 's'} over"
            detail = f"solved {len(solved)}/{len(self.results)}, {optimal} optimal, {over}"
            # The spec scores each puzzle (RR-32) but names no winner of a series. Decision: the
            # series is won (rank 1) when at least one puzzle was solved; a series of reveals and
            # skips ranks 2, so it has no winner ("winner: seat 0" with 0 of 17 solved misled).
            return Outcome((float(len(solved)),), (1 if solved else 2,), detail)
        counts = [float(len(c)) for c in self.chips]
        return Outcome.from_scores(counts, "chips won: " + ", ".join(str(int(c)) for c in counts))

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        """Everything but the random generator: the draw order is the only secret (RR-9)."""
        target = self.target
        return {
            "game": "ricochet",
            "seat": seat,
            "seats": self.seats,
            "mode": "solo" if self.solo else "bidding",
            "phase": self.phase,
            "options": {
                k: self.options[k]
                for k in ("must_ricochet", "max_bid", "tie_break", "face_set", "faces_file")
            },
            "board": "".join(self.faces),
            "robots": [list(cell_xy(c)) for c in self.robots],
            "markers": [list(cell_xy(c)) for c in self.markers],
            "round": self.draws,
            "target": target.code if target else None,
            "target_cell": list(cell_xy(self.board.targets[target])) if target else None,
            "puzzle": self.puzzle_code(),
            "pile": list(self.pile),
            "chips": [list(c) for c in self.chips],
            "bids": {str(s): {"moves": b.moves, "order": b.order} for s, b in sorted(self.bids.items())},
            "demonstrator": self.queue[0] if self.phase == DEMONSTRATION else None,
            "queue": list(self.queue),
            "moves": [f"{ROBOT_NAMES[r]} {DIRECTIONS[d]}" for r, d in self.moves],
            "best": len(self.best.moves) if self.best else None,
            "results": list(self.results),
            "to_act": self.to_act(),
        }

    def puzzle_code(self) -> str | None:
        """The current round's start position as a puzzle code (RR-28)."""
        if self.target is None:
            return None
        return str(Puzzle(tuple(self.faces), tuple(cell_xy(c) for c in self.markers), self.target))  # type: ignore[arg-type]

    # ------------------------------------------------------------------ contract: storing

    def to_dict(self) -> dict[str, JSON]:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "seats": self.seats,
            "faces": list(self.faces),
            "robots": list(self.robots),
            "markers": list(self.markers),
            "pile": list(self.pile),
            "chip": self.chip,
            "draws": self.draws,
            "chips": [list(c) for c in self.chips],
            "phase": self.phase,
            "bids": [[s, b.moves, b.order] for s, b in sorted(self.bids.items())],
            "bid_order": self.bid_order,
            "queue": list(self.queue),
            "moves": [list(m) for m in self.moves],
            "best": None if self.best is None else [[list(m) for m in self.best.moves], list(self.best.end)],
            "optimum": self.optimum,
            "optimum_known": self.optimum_known,
            "revealed": None if self.revealed is None else [list(m) for m in self.revealed],
            "results": [dict(r) for r in self.results],
        }

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, JSON], *, trusted: bool = False) -> RicochetState:
        """The state ``data`` describes; unless ``trusted`` (a copy of our own ``to_dict()``),
        every field is checked first (:mod:`state_check`)."""
        options = dict(data["options"]) if trusted else check_saved(game, data)
        state = cls(game, options, Rng.from_state(data["rng"]), data["seats"])
        state.faces = tuple(data["faces"])
        state.robots = list(data["robots"])
        state.markers = list(data["markers"])
        state.pile = list(data["pile"])
        state.chip = data["chip"]
        state.draws = data["draws"]
        state.chips = [list(c) for c in data["chips"]]
        state.phase = data["phase"]
        state.bids = {s: BidEntry(m, o) for s, m, o in data["bids"]}
        state.bid_order = data["bid_order"]
        state.queue = list(data["queue"])
        state.moves = [(r, d) for r, d in data["moves"]]
        best = data["best"]
        state.best = None if best is None else SoloBest(tuple((r, d) for r, d in best[0]), tuple(best[1]))
        state.optimum = data["optimum"]
        state.optimum_known = data["optimum_known"]
        revealed = data["revealed"]
        state.revealed = None if revealed is None else tuple((r, d) for r, d in revealed)
        state.results = [dict(r) for r in data["results"]]
        return state

    def clone(self) -> Self:
        twin = type(self).from_dict(self.game, self.to_dict(), trusted=True)
        twin._board = self._board  # boards are immutable: share the assembled one
        return twin  # type: ignore[return-value]

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """Only the draw order is hidden: redraw it by giving the copy a fresh generator."""
        twin = self.clone()
        twin.rng = rng.spawn()
        return twin
