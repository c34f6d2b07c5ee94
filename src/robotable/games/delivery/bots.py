"""Robot Delivery bots. They read only their seat's view.

- ``heuristic``: simulates programs made from its hand (every order of four cards, then
  loops added to the most promising ones) for its own pawn, the other pawns standing
  still, and plays the one that best advances its pickup or delivery, measured by the
  number of cards its pawn still needs to reach the goal (a table computed once per board).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from robotable.core.game import Action, Outcome, Seat, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.delivery.actions import SUBMIT, PlaceFunction, Program, Take
from robotable.games.delivery.board import CONVEYOR, DIRECTIONS, DROP, EXPRESS, PICKUP, Board
from robotable.games.delivery.cards import LASER, LETTERS, LOOP, MOVES, SLOTS, TURNS, is_action, legend_of
from robotable.games.delivery.engine import WINNING_DELIVERIES, Resolver
from robotable.games.delivery.state import DeliveryState

FAR = 60  # cards-to-goal for cells that cannot reach it
HEADS_KEPT = 8  # programs of stage 1 that get loops tried in stage 2


# --------------------------------------------------------------------------- distances


def _step(board: Board, cell: int, facing: int, card: str) -> tuple[int, int]:
    """Where one card takes a lone pawn, conveyor included (pawns and lasers ignored)."""
    if card in TURNS:
        facing = (facing + TURNS[card]) % 4
    else:
        target = board.neighbour(cell, (facing + MOVES[card]) % 4)
        cell = target if target >= 0 else cell
    kind = board.kinds[cell]
    if kind in (CONVEYOR, EXPRESS):
        nxt = board.neighbour(cell, board.arrows[cell])
        if nxt >= 0:
            cell = nxt
            if kind == EXPRESS and board.is_conveyor(cell):
                again = board.neighbour(cell, board.arrows[cell])
                cell = again if again >= 0 else cell
    return cell, facing


@cache
def cards_to_goal(board: Board, goal: int) -> tuple[int, ...]:
    """For each (cell * 4 + facing), the fewest single cards that end on a ``goal``-kind cell."""
    size = board.size * 4
    back: list[list[int]] = [[] for _ in range(size)]
    for cell in range(board.size):
        for facing in range(4):
            for card in (*MOVES, *TURNS):
                end, turned = _step(board, cell, facing, card)
                back[end * 4 + turned].append(cell * 4 + facing)
    dist = [FAR] * size
    queue = deque()
    for cell in range(board.size):
        if board.kinds[cell] == goal:
            for facing in range(4):
                dist[cell * 4 + facing] = 0
                queue.append(cell * 4 + facing)
    while queue:
        node = queue.popleft()
        for prev in back[node]:
            if dist[prev] == FAR and board.kinds[prev // 4] != goal:
                dist[prev] = dist[node] + 1
                queue.append(prev)
    return tuple(dist)


# --------------------------------------------------------------------------- simulation


class SimWorld:
    """Just enough of a state, built from a view, for :class:`Resolver` to run one pawn's
    program. Unknown draw piles make BUG cards do nothing here."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.board = Board.from_view(view["board"])
        players = view["players"]
        self.seats = len(players)
        self.pos = [self.board.cell(*p["cell"]) for p in players]
        self.facing = [DIRECTIONS.index(p["facing"]) for p in players]
        self.parcel = [p["parcel"] for p in players]
        self.delivered = [p["delivered"] for p in players]
        self.bug_pile = view["bug_pile"]
        self.per_player = view["function_boards_mode"] == "per_player_ad"
        self.boards = {(b["owner"], b["letter"]): b["slots"] for b in view["function_boards"]}
        self.program: list[list[list[str]]] = [[[] for _ in range(SLOTS)] for _ in players]
        self.draw: list[list[str]] = [[] for _ in players]
        self.discard: list[list[str]] = [[] for _ in players]
        self.bug_top = [0] * len(players)
        self.winner: int | None = None

    def function_board(self, seat: int, letter: str) -> list[list[str]] | None:
        owner = seat if self.per_player else LETTERS.index(letter)
        return self.boards.get((owner, letter))

    def board_label(self, seat: int, letter: str) -> str:
        return letter

    def draw_one(self, seat: int) -> tuple[str | None, bool]:
        return None, False

    def snapshot(self) -> tuple:
        return (list(self.pos), list(self.facing), list(self.parcel), list(self.delivered), self.bug_pile)

    def restore(self, snap: tuple) -> None:
        pos, facing, parcel, delivered, self.bug_pile = snap
        self.pos, self.facing, self.parcel, self.delivered = (
            list(pos),
            list(facing),
            list(parcel),
            list(delivered),
        )
        self.winner = None


def value(world: SimWorld, seat: int) -> float:
    """Deliveries first, then holding a parcel, then fewer cards to the next goal."""
    delivered = world.delivered[seat]
    if delivered >= WINNING_DELIVERIES:
        return 1e6
    node = world.pos[seat] * 4 + world.facing[seat]
    if world.parcel[seat]:
        return delivered * 1000 + 500 - 10 * cards_to_goal(world.board, DROP)[node]
    return delivered * 1000 - 10 * cards_to_goal(world.board, PICKUP)[node]


def best_program(
    view: Mapping[str, Any], seat: int, hand: list[str], placed: list[list[str]] | None = None
) -> list[list[str]]:
    """The program whose simulation ends best; a slot early in the program breaks ties.

    ``placed`` is what the onPlay slots already hold: a slot with an action card is kept as it
    is (LOOP cards may still join it), the others get one card of the hand added, so every
    card the program adds can legally be played from where the player stands."""
    return ranked_programs(view, seat, hand, placed)[0][1]


def ranked_programs(
    view: Mapping[str, Any],
    seat: int,
    hand: list[str],
    placed: list[list[str]] | None = None,
    others: Mapping[int, list[list[str]]] | None = None,
) -> list[tuple[float, list[list[str]]]]:
    """Programs with their simulated scores, :func:`best_program`'s first, then the others
    tried (orders of cards, loops added), best first.

    With ``others`` (seat -> a program guessed for it), those pawns play their programs slot
    by slot in the round's order instead of standing still, and a program is scored by the
    seat's end position minus the mean of theirs: their programs are fixed, so what differs
    is only what this one does to them (pushes, a laser that steals a parcel)."""
    best_score, best, tried, _ = _explore(view, seat, hand, placed, others, keep=True)
    tried.sort(key=lambda item: -item[0])
    return [(best_score, best), *(item for item in tried if item[1] != best)]


def _explore(
    view: Mapping[str, Any],
    seat: int,
    hand: list[str],
    placed: list[list[str]] | None,
    others: Mapping[int, list[list[str]]] | None,
    *,
    keep: bool,
) -> tuple[float, list[list[str]], list[tuple[float, list[list[str]]]], int]:
    """:func:`ranked_programs`' search: the best score and program, the programs tried with
    their scores when ``keep`` (building them all costs a tenth of the time, and the heuristic
    needs only the best), and how many were tried."""
    placed = [list(cards) for cards in placed] if placed else [[] for _ in range(SLOTS)]
    fixed = [any(is_action(card) for card in cards) for cards in placed]
    if len(hand) < fixed.count(False):  # cannot happen with the card-keeping rule (RD-10); be safe
        cards = iter(hand)
        fallback = [
            list(held) if fixed[i] else [*held, *[next(cards, LOOP)]] for i, held in enumerate(placed)
        ]
        return 0.0, fallback, [(0.0, fallback)], 1
    world = SimWorld(view)
    resolver = Resolver(world, trace=False)
    start = world.snapshot()
    heads: list[tuple[float, tuple[str | None, ...]]] = []
    rivals = dict(others or {})
    order = [s for s in view["order"] if s == seat or s in rivals] if rivals else [seat]

    def score() -> float:
        if not rivals:
            return value(world, seat)
        return value(world, seat) - sum(value(world, s) for s in rivals) / len(rivals)

    def run(slot: int) -> None:
        for s in order:
            if world.winner is not None:  # RD-22: nothing further is resolved
                return
            if s != seat:  # a copy: resolving takes a played BUG out of its slot
                world.program[s][slot] = list(rivals[s][slot])
            resolver.run_slot(s, slot)

    def search(slot: int, left: list[str], chosen: tuple[str | None, ...], bonus: float) -> None:
        if slot == SLOTS:
            heads.append((score() + bonus, chosen))
            return
        snap, before = world.snapshot(), score()
        for card in [None] if fixed[slot] else sorted(set(left)):
            world.program[seat][slot] = list(placed[slot]) if card is None else [*placed[slot], card]
            run(slot)
            # progress made early is safer: later slots may be disturbed by other pawns
            early = 0.005 * (SLOTS - slot) * (score() - before)
            rest = list(left)
            if card is not None:
                rest.remove(card)
            search(slot + 1, rest, (*chosen, card), bonus + early)
            world.restore(snap)

    def play(program: list[list[str]]) -> float:
        """The score of a whole program played from the start."""
        world.restore(start)
        for slot, cards in enumerate(program):
            world.program[seat][slot] = list(cards)  # resolving takes a played BUG out
            run(slot)
            if world.winner is not None:
                break
        return score()

    def program_of(chosen: tuple[str | None, ...]) -> list[list[str]]:
        return [held if card is None else [*held, card] for held, card in zip(placed, chosen, strict=True)]

    search(0, list(hand), (), 0.0)
    heads.sort(key=lambda item: -item[0])
    best_score, best = heads[0][0], program_of(heads[0][1])
    tried = [(score, program_of(chosen)) for score, chosen in heads] if keep else []
    total = len(heads)
    for _, chosen in heads[:HEADS_KEPT]:
        loops = list(hand)
        for card in chosen:
            if card is not None:
                loops.remove(card)
        extra = loops.count(LOOP)
        for count in range(1, extra + 1):
            for slots in combinations_with_replacement(range(SLOTS), count):
                program = program_of(chosen)
                for slot in slots:
                    program[slot] = [*program[slot], LOOP]
                mark = play(program)
                total += 1
                if keep:
                    tried.append((mark, program))
                if mark > best_score:
                    best_score, best = mark, program
    world.restore(start)
    return best_score, best, tried, total


# --------------------------------------------------------------------------- the bot


class HeuristicBot:
    def __init__(self, name: str = "heuristic") -> None:
        self.name = name
        self._plan: tuple[int, list[list[str]]] | None = None
        self.work = 0
        """Programs simulated so far: what a search's play-outs cost (``DecisionBudget.work``)."""

    def act(self, turn: Turn) -> Action | Wait:
        if not turn.legal:
            return Wait()
        view, seat = turn.view, turn.seat
        program = view["players"][seat]["program"]
        if self._plan is None or self._plan[0] != view["round"]:
            if any(program):  # start from a clean board
                return Take(next(i for i, cards in enumerate(program) if cards) + 1)
            tried, best = planned(view, seat)
            self.work += tried
            self._plan = (view["round"], best)
        for slot, (want, have) in enumerate(zip(self._plan[1], program, strict=True)):
            missing = list(want)
            for card in have:
                if card in missing:
                    missing.remove(card)
            if missing:
                action = Program(slot + 1, missing[0])
                if action in turn.legal:
                    return action
                self._plan = None  # the plan no longer fits the hand: think again
                return Take(slot + 1) if have else SUBMIT if SUBMIT in turn.legal else turn.legal[0]
        return SUBMIT if SUBMIT in turn.legal else turn.legal[0]


PLANS_KEPT = 20_000
"""How many heuristic decisions :func:`planned` remembers (a few MB)."""

_plans: dict[tuple, tuple[int, list[list[str]]]] = {}


def planned(view: Mapping[str, Any], seat: int) -> tuple[int, list[list[str]]]:
    """:func:`ranked_programs`' count of programs tried and its best, for a program made from
    the whole hand; remembered by what the simulation reads of the view, since a search's
    play-outs ask the same question again and again (the other seat's program in one guessed
    world is the same for every candidate). The count is returned either way, so the work a
    search counts, and therefore its decisions, do not depend on what was remembered."""
    key = (
        seat,
        tuple(view["hand"]),
        tuple((tuple(p["cell"]), p["facing"], p["parcel"], p["delivered"]) for p in view["players"]),
        view["bug_pile"],
        view["function_boards_mode"],
        tuple((b["owner"], b["letter"], tuple(map(tuple, b["slots"]))) for b in view["function_boards"]),
        tuple(view["board"]["rows"]),
        tuple(map(tuple, view["board"]["starts"])),
    )
    found = _plans.get(key)
    if found is None:  # every program tried is a distinct one: the count is len(ranked_programs)
        _, best, _, count = _explore(view, seat, list(view["hand"]), None, None, keep=False)
        found = (count, best)
        if len(_plans) >= PLANS_KEPT:
            _plans.clear()
        _plans[key] = found
    return found[0], [list(cards) for cards in found[1]]


def hint(view: Mapping[str, Any], level: int) -> str:
    """The next cards to program, completing what the onPlay slots already hold.

    The first line is exactly what to type at the prompt (actions separated by commas, as the
    prompt accepts them): level 1 the cards of the next slot to fill, level 2 and more the
    whole program then ``submit``. The next lines say what the cards named do. Every
    suggestion is a legal move from the current position."""
    seat = view["seat"]
    if seat is None or view["hand"] is None or view["phase"] != "programming":
        return "nothing to program now"
    player = view["players"][seat]
    if player.get("submitted"):
        return "your program is submitted: wait for the other players"
    placed = [list(cards) for cards in player["program"]]
    program = best_program(view, seat, list(view["hand"]), placed)
    by_slot = [
        [f"slot {slot} {card}" for card in want[len(have) :]]
        for slot, (want, have) in enumerate(zip(program, placed, strict=True), 1)
    ]
    moves = [move for slot in by_slot for move in slot]
    if not moves:
        return "submit\n  your four onPlay slots hold their cards: submit sends your program"
    typed = next(slot for slot in by_slot if slot) if level <= 1 else [*moves, "submit"]
    lines = [", ".join(typed)]
    kept = [f"slot {slot} {' + '.join(have)}" for slot, have in enumerate(placed, 1) if have]
    if level > 1 and kept:
        lines.append(f"  already in place: {'; '.join(kept)}")
    lines += [f"  {entry}" for entry in legend_of([move.split()[-1] for move in typed if move != "submit"])]
    return "\n".join(lines)


def cheap_policy(_world: State, _seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
    """Rollouts: fill the program with random cards and submit it; function boards, which
    cost a card and rarely pay in a random program, are left out."""
    if SUBMIT in legal:
        return SUBMIT
    cards = [a for a in legal if isinstance(a, Program)]
    return rng.choice(cards or legal)


def estimate(world: State) -> Outcome:
    """A rollout cut short, judged like RD-27 as it stands: deliveries, then holding a parcel."""
    assert isinstance(world, DeliveryState)
    scores = [world.delivered[s] + (0.5 if world.parcel[s] else 0.0) for s in range(world.seats)]
    return Outcome.from_scores(scores)


# --------------------------------------------------------------------------- decision search

WIN = 1e7
"""A finished game's judgement, far above any position's margin."""


def candidates(_heuristic: Any, turn: Turn, count: int) -> list[list[Action]]:
    """Whole programs worth weighing (``robotable.agents.decisions``), when a round's
    programming starts on an empty onPlay board: the heuristic's, the best answers to what the
    other seats would program (:func:`best_answers`, from ``count - 2`` guesses of their
    cards: more guesses at the larger budget), the best it simulated that fires the laser,
    then the next best that differ from it (each its cards slot by slot, then ``submit``).
    When the player may put cards on a function board of its own (RD-10), about a quarter of
    the candidates are the heuristic's program with the cards it leaves in hand put there
    (:func:`with_functions`): the heuristic never builds a function board, the search weighs
    whether to. With a quarter of ``count`` above one (expert), one fewer than that quarter also
    build with the cards the best answer leaves in hand."""
    view, seat = turn.view, turn.seat
    if view["phase"] != "programming" or view["hand"] is None or SUBMIT in turn.legal:
        return []
    if any(view["players"][seat]["program"]):
        return []
    scored = ranked_programs(view, seat, list(view["hand"]))
    ranked = [program for _, program in scored]
    firing = next((p for p in ranked if any(LASER in cards for cards in p)), None)
    # one program per end of simulation and cards used (many programs differ only in where a
    # card that does nothing lies)
    kinds: dict[tuple, list[list[str]]] = {}
    for score, program in scored:
        kinds.setdefault((round(score), sorted(c for cards in program for c in cards).__repr__()), program)
    answers = best_answers(turn, max(1, count - 2)) if turn.world is not None else []
    ordered = [ranked[0], *answers[: max(1, count // 3)], *([firing] if firing is not None else [])]
    ordered += kinds.values()
    building = with_functions(view, seat, ranked[0], turn.legal)[: count // 4]
    if answers and count // 4 > 1:  # a larger budget also builds on the best answer's leftovers
        on_answer = with_functions(view, seat, answers[0], turn.legal)
        building += [c for c in on_answer if c not in building][: count // 4 - 1]
    found: list[list[Action]] = []
    for program in ordered:
        if not all(program):  # RD-9: every slot holds a card
            continue
        steps: list[Action] = [*_programmed(program), SUBMIT]
        if steps not in found:
            found.append(steps)
        if len(found) >= count - len(building):
            break
    return [*found, *building] if found else []


def best_answers(turn: Turn, guesses: int) -> list[list[list[str]]]:
    """Programs that do best against what the other seats would program if they were the
    heuristic, in ``guesses`` guesses of their hidden cards drawn from this seat's view: the
    one best on average over the guesses first, then each guess's best. The heuristic
    simulates its pawn alone, so it walks into lasers, fires at cells the target leaves and
    races to a pickup another pawn takes first; these programs see the others move.

    The guesses' generator is seeded from public facts (the round and the seat), and a guess
    depends only on the seat's view (``determinize``), so the same view gives the same
    answers."""
    assert turn.world is not None
    view, seat = turn.view, turn.seat
    rng = Rng(view["round"] * 1009 + seat)  # not the bot's seed: on purpose, public facts only
    totals: dict[str, float] = {}
    seen: dict[str, int] = {}
    programs: dict[str, list[list[str]]] = {}
    bests: list[list[list[str]]] = []
    for _ in range(guesses):
        world = turn.world.determinize(seat, rng)
        assert isinstance(world, DeliveryState)
        refine(world, seat, rng)
        others = {
            other: world.program[other]
            if world.submitted[other]
            else best_program(world.view(other), other, list(world.hands[other]), world.program[other])
            for other in range(world.seats)
            if other != seat
        }
        scored = ranked_programs(view, seat, list(view["hand"]), None, others)
        bests.append(scored[0][1])
        for mark, program in scored:
            key = repr(program)
            programs.setdefault(key, program)
            totals[key] = totals.get(key, 0.0) + mark
            seen[key] = seen.get(key, 0) + 1
    # loops are tried on each guess's best orders only: weigh the programs every guess tried
    everywhere = [key for key in totals if seen[key] == guesses] or list(totals)
    robust = max(everywhere, key=lambda key: totals[key])
    found = [programs[robust]]
    for program in bests:
        if program not in found:
            found.append(program)
    return found


def _programmed(program: list[list[str]]) -> list[Action]:
    return [Program(slot, card) for slot, cards in enumerate(program, 1) for card in cards]


FUNCTION_FIRST = ("FWD", LOOP, "BACK", "SL", "SR", "RR", "RL", "UT", LASER)
"""Which cards left in hand are put on a function board first: a move called again and again
is what a function board is for."""


def with_functions(
    view: Mapping[str, Any], seat: int, program: list[list[str]], legal: Sequence[Action]
) -> list[list[Action]]:
    """``program`` then cards it leaves in hand put on the player's own function board(s), one
    card or two, then ``submit``: an action card in the first slot without one, a LOOP on the
    first slot holding an action card. None when the options or the rules allow no placement
    now (RD-10, RD-11, and a deck cycle kept to four cards)."""
    left = list(view["hand"])
    for card in (card for cards in program for card in cards):
        left.remove(card)
    boards = [
        (b["letter"], [list(slot) for slot in b["slots"]])
        for b in view["function_boards"]
        if b["owner"] == seat
    ]
    order = {card: rank for rank, card in enumerate(FUNCTION_FIRST)}
    spare = sorted((c for c in left if c != "BUG"), key=lambda c: (order.get(c, len(order)), c))
    singles: list[list[Action]] = []
    for card in dict.fromkeys(spare):
        placed = _place(boards, card)
        if placed is not None and placed in legal:
            singles.append([placed])
    found = [*singles]
    if len(spare) >= 2:
        first = _place(boards, spare[0])
        if first is not None and first in legal:
            letter, slot = first.board, first.slot  # type: ignore[attr-defined]
            after = [(b, [list(s) for s in slots]) for b, slots in boards]
            next(slots for b, slots in after if b == letter)[slot - 1].append(spare[0])
            second = _place(after, spare[1])
            if second is not None:
                found.insert(0, [first, second])
    return [[*_programmed(program), *placements, SUBMIT] for placements in found]


def _place(boards: list[tuple[str, list[list[str]]]], card: str) -> PlaceFunction | None:
    """Where ``card`` goes on the first of ``boards`` that takes it (see :func:`with_functions`)."""
    for letter, slots in boards:
        for slot, held in enumerate(slots, 1):
            has_action = any(is_action(c) for c in held)
            if (card == LOOP) == has_action:
                return PlaceFunction(letter, slot, card)
    return None


def refine(world: State, seat: Seat, _rng: Rng) -> None:
    """Another seat's program submitted in secret is guessed as the heuristic's program from
    the cards this guess dealt it (its hand and its face-down cards together), rather than
    those cards in a random order."""
    assert isinstance(world, DeliveryState)
    if world.phase != "programming":
        return
    for other in range(world.seats):
        if other == seat or not world.submitted[other]:
            continue
        cards = [card for slot in world.program[other] for card in slot] + world.hands[other]
        world.program[other] = [[] for _ in range(SLOTS)]
        world.hands[other] = list(cards)
        program = best_program(world.view(other), other, list(cards))
        for card in (card for slot in program for card in slot):
            cards.remove(card)
        world.program[other], world.hands[other] = program, cards


def judge(world: State, seat: Seat) -> float:
    """A finished game by its result; otherwise the seat's lead over the best other player in
    the race: the cards each still needs to win."""
    assert isinstance(world, DeliveryState)
    outcome = world.outcome()
    if outcome is not None:
        ranks = outcome.ranks
        better = sum(r > ranks[seat] for r in ranks) - sum(r < ranks[seat] for r in ranks)
        return WIN * better / max(1, len(ranks) - 1)
    standing = [_standing(world, i) for i in range(world.seats)]
    return standing[seat] - max(v for i, v in enumerate(standing) if i != seat)


def _standing(world: DeliveryState, i: int) -> float:
    """Minus the cards a pawn still needs to win (ten points a card): to its next goal, then
    the legs of the round trips left. A parcel held is worth the leg from a pickup to a drop,
    which is what a laser that steals it takes away."""
    if world.delivered[i] >= WINNING_DELIVERIES:
        return 0.0
    to_drop, to_pickup = legs(world.board)
    node = world.pos[i] * 4 + world.facing[i]
    trips = (WINNING_DELIVERIES - 1 - world.delivered[i]) * (to_drop + to_pickup)
    if world.parcel[i]:
        return -10.0 * (cards_to_goal(world.board, DROP)[node] + trips)
    return -10.0 * (cards_to_goal(world.board, PICKUP)[node] + to_drop + trips)


@cache
def legs(board: Board) -> tuple[int, int]:
    """The fewest cards from a pickup to a drop, and from a drop back to a pickup."""
    to_drop, to_pickup = cards_to_goal(board, DROP), cards_to_goal(board, PICKUP)
    cells = range(board.size)
    return (
        min(to_drop[c * 4 + f] for c in cells if board.kinds[c] == PICKUP for f in range(4)),
        min(to_pickup[c * 4 + f] for c in cells if board.kinds[c] == DROP for f in range(4)),
    )


LEVEL_PARTS: dict[str, Any] = {
    "heuristic": lambda: HeuristicBot(),
    "policy": cheap_policy,
    "policy_about": "random-program",
    "hard": 40,
    "expert": 120,
    "rollout_limit": 200,
    "estimate": estimate,
    "guided": True,
    "candidates": candidates,
    "judge": judge,
    "refine": refine,
    "work_about": "simulated programs",
    "decision_budgets": {
        # work: programs the play-outs' heuristics may simulate per decision (~20 us each on
        # the development machine). Typical decisions stay below it (the largest of 82 in
        # three games: 39,000 and 109,000); one whose play-outs try far more programs
        # (function boards called, many distinct cards) stops adding worlds at ~1 s / ~2.5 s.
        # The answering candidates' own searches (candidates - 2 guesses, each a search of this
        # seat's programs) come before and are not counted in work: they add about as much
        # again (measured worst decisions under load: hard 1.9 s, expert 4.9 s).
        # A smaller hard (4 x 4, two guesses answered) beat medium in only 30 of 55 games.
        # Expert's 12 candidates: 3 put the heuristic's leftover cards on a function board and
        # 2 the best answer's (hard: 1 and 0); measured against play-outs to the end, those
        # building candidates gain the most when the search picks them.
        "hard": {"candidates": 6, "worlds": 6, "horizon": 24, "work": 50_000},
        "expert": {"candidates": 12, "worlds": 12, "horizon": 24, "work": 180_000},
    },
}
"""What this game's difficulty levels are made of; ``robotable.agents.levels`` builds them and
says what each part means."""

BOTS: dict[str, Callable[..., Any]] = {
    "heuristic": lambda *, seed=0: HeuristicBot(),
}

ABOUT = {
    "heuristic": "simulates programs from its hand, plays the best (builds no function board)",
}
"""What each bot is, in a line (``robotable bots``)."""
