"""The optimal program of a Robot Delivery puzzle, proven: fewest cards, then fewest instructions.

Iterative deepening on the number of cards k = 1, 2, ...: for each k, every way to fill the
function boards with c < k cards is built (its *definitions*), then every onPlay board of
exactly k - c cards is searched from the start. The first k with a solution is the optimum's
first half; among the solutions of k cards the fewest instructions is the second.

Why it is fast enough, each step sound for the optimum:

- **The pawn's moves are tables.** Inside a slot nothing but the pawn's cell and facing
  changes (cell effects wait for the slot's end, RD-13), so a card, a loop of it or a whole
  function board is a table from (cell, facing) to (cell, facing), built once with the game's
  engine and composed. The parcels change only at a slot's end.
- **Reachable-state duplicates.** Two bodies of a board that call no board, with the same
  table and instructions using the same cards, are one: only the first is combined with the
  other boards. Two definitions giving every board the same table and the same instructions
  per call, leaving the same cards, are one: only the first is searched.
  In the onPlay search, a node (slot, pawn, parcels, cards left) reached again with no fewer
  instructions is cut.
- **Symmetry and waste.** Empty slots do nothing, so slots are filled from the first one
  (any placement of empty slots is the same program). A slot of LOOP cards alone does nothing
  in a function board, so none is built there; on the onPlay board its end still applies the
  cell effects (a conveyor, a parcel under the pawn), as in the game, so a slot of one LOOP is
  tried there. A Function card calling an empty board from a function board, and a board no
  card calls, only add cards: a program of the fewest cards has none of them (on the onPlay
  board such a call is a slot that only ends, tried without loops). Two function boards
  alike (same size, same allowance of their Function cards) can swap letters, so the first
  holds at least as many cards as the second, and with as many, the second never calls the
  first.
- **Slot ends needed.** Each take and each delivery needs the end of a slot: with fewer slots
  left than takes and deliveries still to do, a branch is cut.

The search counts its nodes (function-board slots built, fillings of all the boards tried,
onPlay slots tried) and gives up past
``limit`` with ``too_large``; having tried every program of every size the allowance permits
without a solution, it says ``unsolvable``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

from robotable.games.delivery.board import CONVEYOR, DROP, EXPRESS, WALL
from robotable.games.delivery.cards import LETTERS, LOOP, MOVES, TURNS, function_letter
from robotable.games.delivery.engine import EXECUTION_BUDGET
from robotable.games.delivery.puzzles.format import Puzzle
from robotable.games.delivery.puzzles.program import Program
from robotable.games.delivery.puzzles.runner import PuzzleResolver, PuzzleWorld, Score

PROGRESS_EVERY = 20_000
"""Search nodes between two calls of ``progress`` (a few tenths of a second)."""

Progress = Callable[[int, int], None]
Table = tuple[int, ...]  # state (cell * 4 + facing) -> state
Slot = tuple[str, int]  # (action card, LOOP cards); "" for none (an onPlay slot of one LOOP)
Body = tuple[Slot, ...]


@dataclass(frozen=True)
class Proof:
    """What the search proved: ``optimum`` (cards, instructions) and a ``solution`` reaching
    it; or ``unsolvable``; or ``too_large`` (the search met ``limit`` nodes first)."""

    optimum: Score | None = None
    solution: Program | None = None
    unsolvable: bool = False
    too_large: bool = False
    nodes: int = 0
    limit: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "optimum": list(self.optimum) if self.optimum else None,
            "solution": str(self.solution) if self.solution else None,
            "unsolvable": self.unsolvable,
            "too_large": self.too_large,
            "nodes": self.nodes,
            "limit": self.limit,
        }


class TooLarge(Exception):
    """The node limit is reached: the search stops at once."""


def prove(puzzle: Puzzle, *, limit: int, progress: Progress | None = None) -> Proof:
    """The optimal program of ``puzzle`` within ``limit`` search nodes (see the module docstring).
    ``progress``, if given, is called with (cards tried, nodes so far) as the search deepens
    and every :data:`PROGRESS_EVERY` nodes."""
    search = Search(puzzle, limit, progress)
    try:
        for k in range(1, search.max_cards + 1):
            search.cards = k
            if progress is not None:
                progress(k, search.nodes)
            found = search.best_of(k)
            if found is not None:
                instructions, program = found
                return Proof((k, instructions), program, nodes=search.nodes, limit=limit)
    except TooLarge:
        return Proof(too_large=True, nodes=search.nodes, limit=limit)
    return Proof(unsolvable=True, nodes=search.nodes, limit=limit)


# --------------------------------------------------------------------------- the puzzle as tables


class Model:
    """The moves of the puzzle's pawn as tables, computed with the game's engine."""

    def __init__(self, puzzle: Puzzle) -> None:
        board = puzzle.board
        self.states = board.size * 4
        world = PuzzleWorld(board, [0], [0], [[]], {}, set())
        self.resolver = PuzzleResolver(world, trace=False)
        self.world = world
        self.cards = {card: self._card_table(card) for card in (*MOVES, *TURNS)}
        self.conveyed = tuple(self._conveyed(cell) for cell in range(board.size))
        self.drop = tuple(kind == DROP for kind in board.kinds)
        self.parcel_bit = {cell: 1 << i for i, cell in enumerate(puzzle.parcels)}
        self.identity: Table = tuple(range(self.states))

    def _card_table(self, card: str) -> Table:
        table = []
        for state in range(self.states):
            cell, facing = divmod(state, 4)
            if self.world.board.kinds[cell] == WALL:  # never stood on
                table.append(state)
                continue
            self.world.pos[0], self.world.facing[0] = cell, facing
            self.resolver.budget = EXECUTION_BUDGET  # the engine counts executions per slot
            self.resolver.execute(0, card, ())
            table.append(self.world.pos[0] * 4 + self.world.facing[0])
        return tuple(table)

    def _conveyed(self, cell: int) -> int:
        """Where the cell effects of RD-21 leave a pawn ending a slot on ``cell``."""
        if self.world.board.kinds[cell] not in (CONVEYOR, EXPRESS):
            return cell
        self.world.pos[0] = cell
        self.resolver.apply_cell(0)  # the world holds no parcel: conveyors only
        return self.world.pos[0]


def compose(first: Table, then: Table) -> Table:
    """``first`` then ``then`` (itemgetter picks the entries in C: the search's hottest loop)."""
    return itemgetter(*first)(then)  # type: ignore[no-any-return]


def power(table: Table, loops: int) -> Table:
    """``table`` applied 2**loops times (RD-13)."""
    for _ in range(loops):
        table = compose(table, table)
    return table


@dataclass
class Definitions:
    """Function boards filled: each board's body, table and instructions per call."""

    bodies: dict[str, Body]
    tables: dict[str, Table]
    instructions: dict[str, int]
    left: dict[str, int]  # the allowance left for the onPlay board
    roots: int  # bit per non-empty board that no board calls: the onPlay board must call it
    powers: dict[tuple[str, int], Table] = field(default_factory=dict)


# --------------------------------------------------------------------------- the search


class Search:
    def __init__(self, puzzle: Puzzle, limit: int, progress: Progress | None = None) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.progress = progress
        self.cards = 0  # the k being tried
        self.nodes = 0
        self.model = Model(puzzle)
        allowance = puzzle.allowance
        self.allowance = allowance
        slots = puzzle.slots + sum(puzzle.functions)
        self.max_cards = min(sum(allowance.values()), slots + allowance.get(LOOP, 0))
        self.by_cost: dict[int, list[Definitions]] = {}
        self.seen: set[Any] = set()
        self.bodies: dict[Any, tuple[Table, int]] = {}
        self.distinct: dict[Any, list[Body]] = {}
        self.pairs = self._alike_boards()

    def count(self) -> None:
        if self.nodes >= self.limit:
            raise TooLarge
        self.nodes += 1
        if self.progress is not None and not self.nodes % PROGRESS_EVERY:
            self.progress(self.cards, self.nodes)

    def _alike_boards(self) -> list[tuple[str, str]]:
        """Pairs of boards that can swap letters: same size, same allowance of their cards."""
        puzzle, out = self.puzzle, []
        for i, first in enumerate(puzzle.letters):
            for j in range(i + 1, len(puzzle.letters)):
                second = puzzle.letters[j]
                if puzzle.functions[i] == puzzle.functions[j] and self.allowance.get(
                    f"FN-{first}", 0
                ) == self.allowance.get(f"FN-{second}", 0):
                    out.append((first, second))
        return out

    def best_of(self, k: int) -> tuple[int, Program] | None:
        """The fewest instructions of a solution of exactly ``k`` cards, and the program."""
        best: tuple[int, Program] | None = None
        for cost in range(k):
            for definitions in self.definitions(cost):
                found = OnPlay(self, definitions, k - cost, best[0] if best else None).run()
                if found is not None:
                    best = found
        return best

    # ------------------------------------------------------------------ function boards

    def definitions(self, cost: int) -> list[Definitions]:
        """Every distinct filling of the function boards with exactly ``cost`` cards."""
        if cost not in self.by_cost:
            self.by_cost[cost] = list(self._fill(0, cost, dict(self.allowance), {}))
        return self.by_cost[cost]

    def _fill(
        self, index: int, cost: int, left: dict[str, int], bodies: dict[str, Body]
    ) -> Iterator[Definitions]:
        letters = self.puzzle.letters
        if index == len(letters):
            if cost == 0:
                self.count()  # a filling of all the boards is work too: the limit must see it
                built = self._build(bodies, left)
                if built is not None:
                    yield built
            return
        letter, size = letters[index], self.puzzle.functions[index]
        last = index == len(letters) - 1
        for spend in [cost] if last else range(cost + 1):
            for body in self._distinct_bodies(letter, size, spend, left):
                bodies[letter] = body
                yield from self._fill(index + 1, cost - spend, _spent(left, body), bodies)
            bodies.pop(letter, None)

    def _distinct_bodies(self, letter: str, size: int, cost: int, left: dict[str, int]) -> list[Body]:
        """The bodies of :meth:`_bodies`, built once for each allowance left, without duplicates:
        of the bodies calling no board that have the same table and instructions and use the
        same cards, only the first is kept (every filling of the other boards meets them again)."""
        key = (letter, size, cost, _key(left))
        if key not in self.distinct:
            kept: list[Body] = []
            seen: set[Any] = set()
            for body in self._bodies(letter, size, cost, left):
                if _callees(body):
                    kept.append(body)  # its table waits for its callees'
                    continue
                effect = (self._body_table(body, {}, {}), _key(_spent(left, body)))
                if effect not in seen:
                    seen.add(effect)
                    kept.append(body)
            self.distinct[key] = kept
        return self.distinct[key]

    def _bodies(self, letter: str, size: int, cost: int, left: dict[str, int]) -> Iterator[Body]:
        """Bodies of exactly ``cost`` cards: slots filled from the first, none of loops alone."""
        if cost == 0:
            yield ()
            return
        if size == 0:
            return
        for card in self._actions(left, letter):
            after = _spent(left, ((card, 0),))
            for loops in range(min(after.get(LOOP, 0), cost - 1) + 1):
                self.count()
                rest = dict(after)
                rest[LOOP] = rest.get(LOOP, 0) - loops
                for tail in self._bodies(letter, size - 1, cost - 1 - loops, rest):
                    yield ((card, loops), *tail)

    def _actions(self, left: dict[str, int], letter: str | None) -> list[str]:
        """Action cards still allowed (a board never calls itself: RD-11)."""
        return [card for card, n in left.items() if n > 0 and card != LOOP and card != f"FN-{letter}"]

    def _build(self, bodies: dict[str, Body], left: dict[str, int]) -> Definitions | None:
        """The boards' tables, or None when the filling is refused or wasteful or seen."""
        calls = {letter: _callees(body) for letter, body in bodies.items()}
        for first, second in self.pairs:  # alike boards: the first holds more cards, or calls the second
            costs = _cost(bodies.get(first, ())), _cost(bodies.get(second, ()))
            if costs[0] < costs[1] or (costs[0] == costs[1] and first in calls.get(second, ())):
                return None
        if any(not bodies.get(callee) for callees in calls.values() for callee in callees):
            return None  # a call to an empty board inside a board: that card is waste
        order = _topological(calls)
        if order is None:
            return None  # a board could run itself (RD-11)
        tables: dict[str, Table] = {}
        instructions: dict[str, int] = {}
        for letter in order:
            tables[letter], instructions[letter] = self._body_table(bodies[letter], tables, instructions)
        called = {callee for callees in calls.values() for callee in callees}
        roots = sum(1 << LETTERS.index(x) for x, body in bodies.items() if body and x not in called)
        key = (tuple(sorted((x, tables[x], instructions[x]) for x in tables if bodies[x])), _key(left))
        if key in self.seen:
            return None
        self.seen.add(key)
        return Definitions(dict(bodies), tables, instructions, dict(left), roots)

    def _body_table(
        self, body: Body, tables: dict[str, Table], instructions: dict[str, int]
    ) -> tuple[Table, int]:
        """A body's table and instructions per call, built once per body and callees' tables:
        the same body comes back with every filling of the other boards."""
        key = (body, tuple((tables[x], instructions[x]) for x in sorted(_callees(body))))
        if key not in self.bodies:
            self.bodies[key] = self._compose_body(body, tables, instructions)
        return self.bodies[key]

    def _compose_body(
        self, body: Body, tables: dict[str, Table], instructions: dict[str, int]
    ) -> tuple[Table, int]:
        table, count = self.model.identity, 0
        for card, loops in body:
            step, cost = self._card(card, tables, instructions)
            table = compose(table, power(step, loops))
            count += cost << loops
        return table, count

    def _card(self, card: str, tables: dict[str, Table], instructions: dict[str, int]) -> tuple[Table, int]:
        letter = function_letter(card)
        if letter is None:
            return self.model.cards[card], 1
        return tables[letter], 1 + instructions[letter]  # the Function card is executed too


class OnPlay:
    """Every onPlay board of exactly ``budget`` cards, given the function boards, from the start."""

    def __init__(self, search: Search, definitions: Definitions, budget: int, bound: int | None) -> None:
        self.search = search
        self.model = search.model
        self.definitions = definitions
        self.budget = budget
        self.slots = search.puzzle.slots
        self.best = bound  # instructions to beat (a solution of k cards already found)
        self.found: list[Slot] | None = None
        self.memo: dict[Any, int] = {}
        self.path: list[Slot] = []
        self.all_parcels = (1 << len(search.puzzle.parcels)) - 1

    def run(self) -> tuple[int, Program] | None:
        cell, facing = self.search.puzzle.start
        self.visit(cell * 4 + facing, False, self.all_parcels, dict(self.definitions.left), self.budget, 0, 0)
        if self.found is None or self.best is None:
            return None
        return self.best, self._program(self.found)

    def visit(
        self,
        state: int,
        carrying: bool,
        parcels: int,
        left: dict[str, int],
        cards: int,
        called: int,
        done: int,
    ) -> None:
        depth = len(self.path)
        if cards == 0:
            roots = self.definitions.roots
            solved = parcels == 0 and not carrying and called & roots == roots
            if solved and (self.best is None or done < self.best):
                self.best, self.found = done, list(self.path)
            return
        slots_left = self.slots - depth
        needed = 2 * parcels.bit_count() + carrying  # takes and deliveries: one slot end each
        missing = (self.definitions.roots & ~called).bit_count()
        if slots_left == 0 or max(needed, missing) > slots_left:
            return
        if self.best is not None and done >= self.best:
            return  # instructions only grow: no better solution below
        key = (depth, state, carrying, parcels, _key(left), cards, called)
        if self.memo.get(key, 1 << 60) <= done:
            return
        self.memo[key] = done
        if left.get(LOOP, 0) > 0:  # a slot of one LOOP: no card runs, but its end's cell effects apply
            self.search.count()
            self._slot(state, carrying, parcels, left, cards, called, done, "", 1)
        for card in self.search._actions(left, None):
            letter = function_letter(card)
            # a call to an empty board only ends its slot (cell effects): a loop on it is waste
            most = 0 if letter is not None and not self.definitions.bodies.get(letter) else cards - 1
            after = _spent(left, ((card, 0),))
            for loops in range(min(after.get(LOOP, 0), most) + 1):
                self.search.count()
                self._slot(state, carrying, parcels, after, cards, called, done, card, loops)

    def _slot(
        self,
        state: int,
        carrying: bool,
        parcels: int,
        after: dict[str, int],
        cards: int,
        called: int,
        done: int,
        card: str,
        loops: int,
    ) -> None:
        table, cost = self._macro(card, loops)
        end = table[state]
        cell = self.model.conveyed[end // 4]
        bit = self.model.parcel_bit.get(cell, 0)
        if not carrying and parcels & bit:
            carrying, parcels = True, parcels & ~bit
        elif carrying and self.model.drop[cell]:
            carrying = False
        letter = function_letter(card) if card else None
        if letter is not None:
            called |= 1 << LETTERS.index(letter)
        rest = dict(after)
        rest[LOOP] = rest.get(LOOP, 0) - loops
        self.path.append((card, loops))
        spent = (1 if card else 0) + loops
        self.visit(cell * 4 + end % 4, carrying, parcels, rest, cards - spent, called, done + cost)
        self.path.pop()

    def _macro(self, card: str, loops: int) -> tuple[Table, int]:
        if not card:
            return self.model.identity, 0
        definitions = self.definitions
        key = (card, loops)
        step, cost = self.search._card(card, definitions.tables, definitions.instructions)
        if key not in definitions.powers:
            definitions.powers[key] = power(step, loops)
        return definitions.powers[key], cost << loops

    def _program(self, onplay: list[Slot]) -> Program:
        bodies = self.definitions.bodies
        count = max((LETTERS.index(x) + 1 for x, body in bodies.items() if body), default=0)
        return Program(
            tuple(_cards_of(slot) for slot in onplay),
            tuple(tuple(_cards_of(slot) for slot in bodies.get(LETTERS[i], ())) for i in range(count)),
        )


def _cards_of(slot: Slot) -> tuple[str, ...]:
    card, loops = slot
    return (*([card] if card else []), *([LOOP] * loops))


def _key(left: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """The allowance left, as a key: cards with none left are no cards."""
    return tuple(sorted((card, n) for card, n in left.items() if n))


@lru_cache(maxsize=1 << 16)  # bounded: a server checks puzzle after puzzle
def _callees(body: Body) -> frozenset[str]:
    """The boards a body's Function cards run."""
    return frozenset(letter for card, _ in body if (letter := function_letter(card)))


@lru_cache(maxsize=1 << 16)
def _cost(body: Body) -> int:
    return sum(1 + loops for _, loops in body)


def _spent(left: dict[str, int], body: Body) -> dict[str, int]:
    out = dict(left)
    for card, loops in body:
        out[card] -= 1
        if loops:
            out[LOOP] -= loops
    return out


def _topological(calls: dict[str, frozenset[str]]) -> list[str] | None:
    """Boards in an order where each comes after the boards it calls; None if there is a cycle."""
    order: list[str] = []
    done: set[str] = set()
    pending = dict(calls)
    while pending:
        ready = [x for x, callees in pending.items() if all(c in done for c in callees)]
        if not ready:
            return None
        for x in sorted(ready):
            order.append(x)
            done.add(x)
            del pending[x]
    return order
