"""The resolution of programs (RD-12..RD-22): cards, loops, functions, bugs, pushes, cells.

:class:`Resolver` moves a :class:`World` in place: the game's state, or the heuristic bot's
simulation of one pawn. It records trace events (each with its call stack) unless ``trace``
is off, which the bot uses to simulate candidate programs quickly. The rules of movement
know the world only through :class:`World`, so the state (which resolves its rounds with a
:class:`Resolver`) sits above them and nothing imports back.
"""

from __future__ import annotations

from typing import Protocol

from robotable.core.game import Event
from robotable.games.delivery import events as ev
from robotable.games.delivery.board import CONVEYOR, DIRECTIONS, DROP, EXPRESS, PICKUP, Board
from robotable.games.delivery.cards import BUG, LASER, LOOP, MOVES, TURNS, function_letter


class World(Protocol):
    """What the resolution reads and moves: pawns, parcels, piles, programs, function boards."""

    board: Board
    pos: list[int]
    facing: list[int]
    parcel: list[bool]
    delivered: list[int]
    program: list[list[list[str]]]
    draw: list[list[str]]
    discard: list[list[str]]
    bug_top: list[int]
    bug_pile: int
    winner: int | None

    def function_board(self, seat: int, letter: str) -> list[list[str]] | None:
        """The board a Function ``letter`` card played by ``seat`` runs (RD-5), or None."""
        ...

    def board_label(self, seat: int, letter: str) -> str:
        """How the log names that board."""
        ...

    def draw_one(self, seat: int) -> tuple[str | None, bool]:
        """The top card of ``seat``'s draw pile (None when none is left) and whether the discard
        was shuffled into a new draw pile first (RD-17)."""
        ...


Stack = tuple[str, ...]

EXECUTION_BUDGET = 10_000
"""Digital safety net: card executions allowed in one player's slot. The default decks stay
far below it (at most a few hundred); only pathological bug chains could get there."""

WINNING_DELIVERIES = 2  # RD-22


class Resolver:
    def __init__(self, state: World, *, trace: bool = True) -> None:
        self.state = state
        self.board = state.board
        self.trace = trace
        self.events: list[Event] = []
        self.budget = EXECUTION_BUDGET
        self.pushed: list[int] = []  # pawns pushed by cards during the running slot (RD-19, RD-21)
        self.path: list[int] = []  # the active pawn's cells during the running slot
        self.active = -1

    def emit(self, event: Event) -> None:
        if self.trace:
            self.events.append(event)

    def xy(self, cell: int) -> tuple[int, int]:
        return self.board.xy(cell)

    # ------------------------------------------------------------------ a slot (RD-12, RD-13, RD-21)

    def run_slot(self, seat: int, slot: int) -> bool:
        """Reveal and resolve ``seat``'s onPlay slot ``slot`` (0-based), then the cell effects.
        True when someone won (RD-22): the caller stops resolving."""
        state = self.state
        cards = state.program[seat][slot]
        stack = (f"slot {slot + 1}",)
        self.budget, self.pushed, self.active = EXECUTION_BUDGET, [], seat
        self.path = [state.pos[seat]]
        self.emit(ev.SlotRevealed(seat, slot + 1, tuple(cards), stack))
        self.run_cards(seat, cards, stack)
        if BUG in cards:  # RD-17: the played BUG goes back to the bug pile once resolved
            cards.remove(BUG)
            state.bug_pile += 1
        won = self.cell_effects(seat)
        self.active = -1
        return won

    def run_cards(self, seat: int, cards: list[str], stack: Stack) -> None:
        """RD-13: the slot's action card, 2**loops times; a slot of loops alone does nothing."""
        action = next((card for card in cards if card != LOOP), None)
        if action is None:
            return
        times = 1 << sum(card == LOOP for card in cards)
        for i in range(times):
            frame = stack
            if times > 1:
                frame = (*stack, f"loop x{times} ({i + 1}/{times})")
                self.emit(ev.LoopIteration(seat, action, i + 1, times, frame))
            self.execute(seat, action, frame)

    def execute(self, seat: int, card: str, stack: Stack) -> None:
        if self.budget <= 0:
            if self.budget == 0:  # say it once, then skip silently
                self.emit(ev.BudgetExhausted(seat, EXECUTION_BUDGET, stack))
                self.budget = -1
            return
        self.budget -= 1
        self.emit(ev.CardExecuted(seat, card, stack))
        state = self.state
        if card in MOVES:
            self.move(seat, (state.facing[seat] + MOVES[card]) % 4, "card", stack)
        elif card in TURNS:
            before = state.facing[seat]
            state.facing[seat] = (before + TURNS[card]) % 4
            self.emit(ev.PawnTurned(seat, DIRECTIONS[before], DIRECTIONS[state.facing[seat]], stack))
        elif card == LASER:
            self.laser(seat, stack)
        elif card == BUG:
            self.bug(seat, stack)
        elif (letter := function_letter(card)) is not None:
            self.call(seat, letter, stack)

    # ------------------------------------------------------------------ functions (RD-5, RD-18)

    def call(self, seat: int, letter: str, stack: Stack) -> None:
        slots = self.state.function_board(seat, letter)
        frame = (*stack, f"F:{letter}")
        label = self.state.board_label(seat, letter)
        self.emit(ev.FunctionEntered(seat, label, not any(slots or ()), frame))
        for j, cards in enumerate(slots or ()):
            if cards:
                self.run_cards(seat, cards, (*frame, f"{letter} slot {j + 1}"))
        self.emit(ev.FunctionLeft(seat, label, frame))

    # ------------------------------------------------------------------ bugs (RD-17)

    def bug(self, seat: int, stack: Stack) -> None:
        state = self.state
        frame = (*stack, "BUG")
        drawn: list[str] = []
        times = 1
        card, reshuffled = state.draw_one(seat)
        self.emit(ev.BugDraw(seat, card, reshuffled, frame))
        while card == LOOP:  # a drawn loop doubles the next drawn card, compounding
            drawn.append(card)
            times *= 2
            card, reshuffled = state.draw_one(seat)
            self.emit(ev.BugDraw(seat, card, reshuffled, frame))
        if card is not None:
            drawn.append(card)
            for i in range(times):
                inner = (*frame, f"loop x{times} ({i + 1}/{times})") if times > 1 else frame
                if times > 1:
                    self.emit(ev.LoopIteration(seat, card, i + 1, times, inner))
                self.execute(seat, card, inner)
        for done in drawn:
            if done == BUG:
                state.bug_pile += 1
            else:
                state.discard[seat].append(done)

    # ------------------------------------------------------------------ moves (RD-14, RD-19, RD-20)

    def occupant(self, cell: int) -> int:
        pos = self.state.pos
        for seat in range(len(pos)):
            if pos[seat] == cell:
                return seat
        return -1

    def move(self, seat: int, direction: int, cause: str, stack: Stack) -> bool:
        """One step, pushing a line of pawns; the whole move is ignored if the line is stuck."""
        pos = self.state.pos
        start = pos[seat]
        target = self.board.neighbour(start, direction)
        line: list[int] = []
        cell = target
        while cell >= 0 and (other := self.occupant(cell)) >= 0:
            line.append(other)
            cell = self.board.neighbour(cell, direction)
        if cell < 0:
            self.emit(ev.MoveBlocked(seat, self.xy(start), DIRECTIONS[direction], stack))
            return False
        pos[seat] = target
        self.emit(ev.PawnMoved(seat, self.xy(start), self.xy(target), cause, stack))
        for other in line:
            before = pos[other]
            pos[other] = self.board.neighbour(before, direction)
            self.emit(ev.PawnMoved(other, self.xy(before), self.xy(pos[other]), "pushed", stack))
            if cause == "card" and other not in self.pushed:
                self.pushed.append(other)
        if seat == self.active:
            self.path.append(target)
        return True

    # ------------------------------------------------------------------ laser (RD-16)

    def laser(self, seat: int, stack: Stack) -> None:
        state = self.state
        direction = state.facing[seat]
        cell = state.pos[seat]
        crossed: list[tuple[int, int]] = []
        hit = -1
        while (cell := self.board.neighbour(cell, direction)) >= 0:
            crossed.append(self.xy(cell))
            hit = self.occupant(cell)
            if hit >= 0:
                break
        bug_given = parcel_taken = False
        if hit >= 0:
            if state.bug_pile > 0:
                state.bug_pile -= 1
                state.draw[hit].append(BUG)
                state.bug_top[hit] += 1
                bug_given = True
            if state.parcel[hit] and not state.parcel[seat]:
                state.parcel[hit], state.parcel[seat] = False, True
                parcel_taken = True
        self.emit(
            ev.LaserFired(seat, tuple(crossed), hit if hit >= 0 else None, bug_given, parcel_taken, stack)
        )

    # ------------------------------------------------------------------ cells (RD-21, RD-22)

    def cell_effects(self, seat: int) -> bool:
        """The active pawn's cell, then each pawn it pushed, in first-pushed order."""
        return any(self.apply_cell(pawn) for pawn in [seat, *self.pushed])  # stops at a win (RD-22)

    def apply_cell(self, seat: int) -> bool:
        state = self.state
        cell = state.pos[seat]
        kind = self.board.kinds[cell]
        if kind in (CONVEYOR, EXPRESS):
            stack = ("cell",)
            moved = self.move(seat, self.board.arrows[cell], "conveyor", stack)
            reached = state.pos[seat]
            if moved and kind == EXPRESS and self.board.is_conveyor(reached):
                self.move(seat, self.board.arrows[reached], "conveyor", stack)
        return self.pickup_or_drop(seat)

    def pickup_or_drop(self, seat: int) -> bool:
        state = self.state
        cell = state.pos[seat]
        kind = self.board.kinds[cell]
        if kind == PICKUP and not state.parcel[seat]:
            state.parcel[seat] = True
            self.emit(ev.ParcelPicked(seat, self.xy(cell)))
        elif kind == DROP and state.parcel[seat]:
            state.parcel[seat] = False
            state.delivered[seat] += 1
            self.emit(ev.ParcelDelivered(seat, self.xy(cell), state.delivered[seat]))
            if state.delivered[seat] >= WINNING_DELIVERIES:
                state.winner = seat
                self.emit(ev.Won(seat))
                return True
        return False
