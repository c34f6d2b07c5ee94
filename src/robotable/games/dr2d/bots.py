"""DR2D bots. They read only their seat's view.

- ``heuristic``: rebuilds the public position from its view, assumes every other robot
  stays put (their programs are secret), and searches its own five registers register by
  register on copies of that position, merging programs that lead to the same position.
  Each end-of-turn position is scored: laws downloaded, the shortest tour through the
  laws still missing, PC lost, pit slots lost, standby to come. With PC 2 or less it also
  weighs a voluntary standby against the best program (a fumble spoils programs). Several
  programs (and start tiles) often score the same; a bot given a seed picks among them with
  its own seeded generator, so a series of seeded games is a series of different games, while
  without a seed it takes the first found (the golden records' bot).
- ``random`` (generic, in ``robotable.agents``) works too.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any

from robotable.core.game import Action, Outcome, Seat, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.dr2d.actions import GO, LOCK, REGISTERS, STANDBY, UNDO, Place
from robotable.games.dr2d.board import DIRS, OFF, PIT, TILES, Board, load_board, tile_of
from robotable.games.dr2d.engine import LETTERS, STAY, Rules, end_turn, run_register
from robotable.games.dr2d.event_sink import NO_EVENTS
from robotable.games.dr2d.fleet import MAX_PC, Fleet, Robot
from robotable.games.dr2d.state import DR2DState, score

LAW_VALUE = 100.0
FAR = 99
TIE = 1e-9
"""Scores this close are the same score (sums of the same parts in another order)."""


@lru_cache(maxsize=16)
def law_distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per law, moves from every tile to it (walls respected; pits end a path)."""
    tables = []
    for goal in board.laws:
        dist = [FAR] * TILES
        dist[goal] = 0
        queue = deque([goal])
        while queue:
            t = queue.popleft()
            if board.kind[t] == PIT and t != goal:
                continue  # a robot in a pit is stuck there a while: no shortcut through it
            for d in range(4):
                u = board.step[t * 4 + d]
                if u != OFF and not board.wall[t * 4 + d] and dist[u] == FAR:
                    dist[u] = dist[t] + 1
                    queue.append(u)
        tables.append(tuple(dist))
    return tuple(tables)


def tour_length(board: Board, tile: int, missing: list[int]) -> int:
    """The shortest walk from ``tile`` through every missing law (0-based law indexes)."""
    dist = law_distances(board)
    best = FAR * 4
    for order in permutations(missing):
        here, total = tile, 0
        for law in order:
            total += dist[law][here]
            here = board.laws[law]
        best = min(best, total)
    return best


def fleet_from_view(view: Mapping[str, Any]) -> Fleet:
    """The public robots of a view as an engine fleet."""
    robots = view["robots"]
    fleet = Fleet.new(len(robots))
    for robot in robots:
        fleet.put(robot["seat"], robot_from_view(robot))
    return fleet


def robot_from_view(robot: Mapping[str, Any]) -> Robot:
    """One robot of a view (``view["robots"][seat]``) as the fleet keeps it."""
    return Robot(
        tile=tile_of(*robot["tile"]) if robot["tile"] else OFF,
        facing=DIRS.index(robot["facing"]),
        pc=robot["pc"],
        laws=sum(1 << (law - 1) for law in robot["laws"]),
        pit_slots=robot["skip"],
        finished_turn=robot["finished"] or 0,
        finish_pc=robot["finish_pc"] or 0,
        inactive=robot["inactive"],
        standby_pending=robot["standby_pending"],
        cancelled=robot["cancelled"],
        repair_pending=robot["repair_pending"],
        exit_tile=tile_of(*robot["exit"]) if robot["exit"] else OFF,
        left_order=robot["left_order"],
        placed=robot["placed"],
    )


def rules_of(view: Mapping[str, Any]) -> Rules:
    o = view["options"]
    return Rules(
        o["absolute_directions"], o["press_every_register"], o["pit_damage"], o["reentry_scan_from_next"]
    )


class Planner:
    """Finds a good program for one seat from a view (see the module docstring)."""

    def __init__(
        self, view: Mapping[str, Any], seat: int, others: Mapping[int, list[int] | None] | None = None
    ) -> None:
        """``others``: the programs expected of other seats (the searching levels' guess);
        any other robot is assumed to program five STAY."""
        self.board = load_board(view["options"]["board_file"])
        self.rules = rules_of(view)
        self.seat = seat
        self.expanded = 0
        """Registers run for our programs so far: the planner's work (a count, not seconds)."""
        self.turn = view["turn"]
        self.fleet = fleet_from_view(view)
        for other in range(self.fleet.n):
            if self.fleet.must_program(other):
                expected = (others or {}).get(other)
                self.fleet.set_program(other, list(expected) if expected else [STAY] * 5)

    def value(self, f: Fleet) -> float:
        """How good an end-of-turn position is for our seat (higher is better)."""
        ended = f.copy()
        end_turn(self.board, ended, self.rules, self.turn, NO_EVENTS)
        me = ended.robot(self.seat)
        if me.finished_turn:
            return 10 * LAW_VALUE
        missing = me.missing_laws
        here, lost = me.tile, 0.0
        if here < 0:  # off the board: it re-enters near its exit tile next turn
            here, lost = me.exit_tile, 2.0
        pc = min(MAX_PC, me.pc + me.repair_pending)
        damage = 0.8 * (MAX_PC - pc) + (3.0 if pc <= 2 else 0.0) + (6.0 if me.standby_pending else 0.0)
        tour = tour_length(self.board, here, missing)
        return LAW_VALUE * (3 - len(missing)) - tour - damage - me.pit_slots - lost

    def best_program(self) -> tuple[list[int], float]:
        """Registers 1..5 searched breadth-first, positions reached twice merged."""
        value, program = self.ranked_programs()[0]
        return program, value

    def ranked_programs(self) -> list[tuple[float, list[int]]]:
        """Every program leading to a different position, best first (the earlier listed of
        two equal ones first)."""
        me = self.seat
        start = self.fleet.copy()
        start.set_program(me, [STAY] * 5)
        level: dict[tuple, tuple[Fleet, list[int]]] = {(): (start, [])}
        for k in range(1, 6):
            following: dict[tuple, tuple[Fleet, list[int]]] = {}
            for f, prefix in level.values():
                for code in range(5) if f.free_to_move(me) else (STAY,):
                    g = f.copy()
                    g.set_register(me, k, code)
                    run_register(self.board, g, self.rules, k, NO_EVENTS)
                    self.expanded += 1
                    key = g.planning_key(me)
                    if key not in following:
                        following[key] = (g, [*prefix, code])
            level = following
        scored = [(self.value(f), program) for f, program in level.values()]
        return sorted(scored, key=lambda item: -item[0])  # stable: ties keep their order

    def standby_value(self) -> float:
        f = self.fleet.copy()
        f.stand_by_now(self.seat)
        for k in range(1, 6):
            run_register(self.board, f, self.rules, k, NO_EVENTS)
        return self.value(f) - 5.0  # a whole turn without moving

    def decide(
        self, ranked: list[tuple[float, list[int]]] | None = None, rng: Rng | None = None
    ) -> list[int] | None:
        """Five register codes, or None for a voluntary standby (``ranked``: the programs
        already ranked); among programs scored the same as the best, ``rng``'s pick (the first
        found without one)."""
        best = self.best_programs(ranked)
        if best is None:
            return None
        return best[0] if rng is None or len(best) == 1 else rng.choice(best)

    def best_programs(self, ranked: list[tuple[float, list[int]]] | None = None) -> list[list[int]] | None:
        """The programs scored the same as the best, in the order found, or None when a
        voluntary standby is better than any of them."""
        ranked = ranked or self.ranked_programs()
        value = ranked[0][0]
        # at PC 2 or less the fumble will scramble the program
        if self.fleet.robot(self.seat).pc <= 2 and value - 4.0 < self.standby_value():
            return None
        return [program for score_, program in ranked if score_ >= value - TIE]


def planned(view: Mapping[str, Any], seat: int, rng: Rng | None = None) -> list[int] | None:
    """:meth:`Planner.decide` for ``seat``, its best programs remembered by position: the
    searching levels replay the heuristic from the same positions over and over."""
    return _pick(_best_programs(view, seat), rng)


def _pick(best: list[list[int]] | None, rng: Rng | None) -> list[int] | None:
    if best is None:
        return None
    return list(best[0] if rng is None or len(best) == 1 else rng.choice(best))


def _plan_key(view: Mapping[str, Any], seat: int) -> tuple:
    """What the heuristic's plan for ``seat`` depends on: the public position of ``view``."""
    fleet = fleet_from_view(view)
    return (
        view["options"]["board_file"],
        rules_of(view),
        view["turn"],
        seat,
        *map(tuple, fleet.public_lists()),
    )


def _best_programs(view: Mapping[str, Any], seat: int) -> list[list[int]] | None:
    """:meth:`Planner.best_programs`, remembered (callers copy what they keep)."""
    return _plan(view, seat)[0]


def _plan(view: Mapping[str, Any], seat: int) -> tuple[list[list[int]] | None, int]:
    """:func:`_best_programs` and the planner's work to find them (``Planner.expanded``), both
    remembered: the work is charged again when the plan is remembered, so what a seeded game
    counts does not depend on what an earlier game left in memory."""
    key = _plan_key(view, seat)
    found = _PLANS.get(key)
    if found is None:
        planner = Planner(view, seat)
        found = (planner.best_programs(), planner.expanded)
        with _PLANS_LOCK:  # a server's bots may plan in several threads
            while len(_PLANS) >= PLANS_KEPT:
                _PLANS.pop(next(iter(_PLANS)))  # the oldest
            _PLANS[key] = found
    return found


PLANS_KEPT = 4096
_PLANS: dict[tuple, tuple[list[list[int]] | None, int]] = {}
_PLANS_LOCK = threading.Lock()


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        """``seed``: choices that score the same are drawn with a generator of this seed;
        without one, the first found is taken."""
        self.plans: dict[tuple[int, int], list[int] | None] = {}
        self.rng = None if seed is None else Rng(seed)
        self.work = 0
        """Registers its planner ran (remembered plans counted as if found again): what a
        search's play-outs count (``robotable.agents.decisions``' ``work``)."""

    def act(self, turn: Turn) -> Action | Wait:
        view, legal = turn.view, turn.legal
        if not legal:
            return Wait()
        if view["phase"] == "placement":
            return self._place(view, legal)
        if view["phase"] == "window":
            return GO
        key = (view["turn"], turn.seat)
        draft = view["program"] or []
        if key not in self.plans or not _prefix(draft, self.plans[key]):
            if draft:
                return UNDO
            best, work = _plan(view, turn.seat)
            self.plans, self.work = {key: _pick(best, self.rng)}, self.work + work
        plan = self.plans[key]
        if plan is None:
            return STANDBY
        if len(draft) == len(plan):
            return LOCK
        return REGISTERS[plan[len(draft)]]

    def _place(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        costs = {spot: _spot_cost(view, spot) for spot in legal if isinstance(spot, Place)}
        lowest = min(costs.values())
        best = [spot for spot, cost in costs.items() if cost == lowest]  # in the legal order
        return best[0] if self.rng is None or len(best) == 1 else self.rng.choice(best)


def _ranked_spots(view: Mapping[str, Any], legal: list[Action]) -> list[Place]:
    """Start tiles and facings, the shortest tour through the three laws first, then facing
    towards the nearest law."""
    spots = [a for a in legal if isinstance(a, Place)]
    return sorted(spots, key=lambda spot: _spot_cost(view, spot))


def _spot_cost(view: Mapping[str, Any], a: Place) -> tuple[int, int]:
    """A placement's tour through the three laws, then 0 if it faces towards the nearest law."""
    board = load_board(view["options"]["board_file"])
    dist = law_distances(board)
    tile = tile_of(a.x, a.y)
    nearest = min(range(3), key=lambda law: dist[law][tile])
    ahead = board.step[tile * 4 + a.facing]
    better = ahead != OFF and dist[nearest][ahead] < dist[nearest][tile]
    return tour_length(board, tile, [0, 1, 2]), 0 if better else 1


def _prefix(draft: list[str], plan: list[int] | None) -> bool:
    if plan is None:
        return not draft
    return len(draft) <= len(plan) and all(
        LETTERS[c] == letter for c, letter in zip(plan, draft, strict=False)
    )


def hint(view: Mapping[str, Any], level: int) -> str:
    """What the heuristic bot would program for the seat of ``view``, saying what the letters
    mean (DR-12): by default in the robot's own frame, so ``N`` is forward, not north."""
    seat = view.get("seat")
    if view["phase"] != "programming" or seat is None:
        return "hints are given while you program"
    robot = view["robots"][seat]
    if robot["tile"] is None or robot["inactive"] or robot["finished"]:
        return "your robot has nothing to program this turn"
    planner = Planner(view, seat)
    plan = planner.decide()
    if plan is None:
        return "standby: your PC is low and a fumble would spoil any program"
    absolute = bool(view["options"]["absolute_directions"])
    if level <= 1:
        return f"start with {LETTERS[plan[0]]} ({_first_step(plan[0], robot['facing'], absolute)})"
    frame = (
        "compass directions"
        if absolute
        else f"in your robot's frame: N forward, E right, S back, W left; it faces {robot['facing']}"
    )
    return "program " + ", ".join(LETTERS[c] for c in plan) + f" ({frame})"


COMPASS = ("north", "east", "south", "west")
ORDERS = ("forward", "right", "back", "left")


def _first_step(code: int, facing: str, absolute: bool) -> str:
    if code == STAY:
        return "stay where you are"
    if absolute:
        return f"{COMPASS[code]}, a compass direction"
    heading = COMPASS[(DIRS.index(facing) + code) % 4]
    return f"{ORDERS[code]}: your robot faces {facing}, so it heads {heading}"


def cheap_policy(_world: State, _seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
    """Rollouts: lock a full program at once, never stand by while a program can be written
    (a random robot that stands by loses whole turns), otherwise random."""
    if LOCK in legal:
        return LOCK
    onward = [a for a in legal if a != STANDBY]
    return rng.choice(onward or legal)


def estimate(world: State) -> Outcome:
    """A rollout cut short, judged by the order of DR-33 as it stands: laws held, then PC."""
    assert isinstance(world, DR2DState)
    limit = world.options["turn_limit"]
    return Outcome.from_scores([score(world.fleet, seat, limit) for seat in range(world.seats)])


# --------------------------------------------------------------------------- decision search

WIN = 1000.0
"""A finished game's judgement, far above any position's margin."""


def candidates(heuristic: Any, turn: Turn, count: int) -> list[list[Action]]:
    """Whole decisions worth weighing (``robotable.agents.decisions``): at programming, the
    heuristic's program first (among equal ones, its seeded pick if it has a generator), then
    the programs reaching the next best positions, each five registers and ``lock`` (or a
    standby); at placement, the best start tiles. Nothing else."""
    view, legal = turn.view, turn.legal
    if view["phase"] == "placement":
        return [[spot] for spot in _ranked_spots(view, list(legal))[:count]]
    if view["phase"] != "programming" or view["program"] or REGISTERS[0] not in legal:
        return []
    planner = Planner(view, turn.seat)
    ranked = planner.ranked_programs()
    decision = planner.decide(ranked, getattr(heuristic, "rng", None))
    first: list[Action] = [STANDBY] if decision is None else _written(decision)
    found = [first]
    # the best answers to what the others would program if they were the heuristic (their
    # programs follow from public facts), then the heuristic's runners-up
    expected = {
        other: planned(view, other)
        for other in range(len(view["robots"]))
        if other != turn.seat and _programs(view["robots"][other])
    }
    answers = Planner(view, turn.seat, expected).ranked_programs()[:ANSWERS] if expected else []
    _add(found, [*answers, *ranked], min(count, FIRST_CANDIDATES))
    if count > FIRST_CANDIDATES:  # expert: then the answers to the other robot's other ties
        _add(found, [*_answers_to_ties(view, turn.seat, expected), *ranked], count)
    worn = planner.fleet.robot(turn.seat).pc <= 4
    if decision is not None and len(found) < count and STANDBY in legal and worn:
        found.append([STANDBY])
    return found


ANSWERS = 2
"""Candidates taken from the best answers to the others' expected programs."""
FIRST_CANDIDATES = 6
"""The candidates made as above (hard's all); a larger count goes on with :func:`_answers_to_ties`."""
TIES_ANSWERED = 6
"""How many of the other robot's other equal-best programs get their best answer."""


def _add(found: list[list[Action]], programs: list[tuple[float, list[int]]], count: int) -> None:
    """Each program written out, in order, unless already found, until ``count`` are."""
    for _, program in programs:
        if len(found) >= count:
            return
        if _written(program) not in found:
            found.append(_written(program))


def _answers_to_ties(
    view: Mapping[str, Any], seat: Seat, expected: Mapping[int, list[int] | None]
) -> list[tuple[float, list[int]]]:
    """Against one other robot: the best answer to each of its other equal-best programs (a
    seeded heuristic, as medium, draws among them; the candidates so far answer the first)."""
    if len(expected) != 1:
        return []
    (other,) = expected
    ties = _best_programs(view, other) or []
    found: list[tuple[float, list[int]]] = []
    for program in ties[1 : 1 + TIES_ANSWERED]:
        found += Planner(view, seat, {other: list(program)}).ranked_programs()[:1]
    return found


def _programs(robot: Mapping[str, Any]) -> bool:
    """Whether a robot of the view programs this turn (DR-10)."""
    return bool(robot["tile"]) and not robot["inactive"] and not robot["finished"]


def _written(program: list[int]) -> list[Action]:
    return [*(REGISTERS[code] for code in program), LOCK]


RivalDecides = Callable[[Turn], "list[Action] | None"]
"""A searching rival's decision at a turn of its own (``robotable.agents.decisions``)."""

SEARCHER_DEPARTS = 0.25
"""The share of its programs a searching robot writes outside the heuristic's best (hard's, seen
by a medium seat: 8 of 33 turns told in 8 games)."""
HEURISTIC_SLIPS = 0.02
"""The same share for a robot that plays the heuristic (none, but a guess must never be certain)."""
SEARCHER_ODDS = 0.25
"""The odds that the other robot searches before any of its programs is told. Not even: a
race is mostly decided in its first turns, where even odds would keep wrong rival guesses
against the heuristic in half the worlds they may be in; at 1 to 4, one departure makes them
3 to 1, and every turn kept lowers them by about a quarter."""


def departures(seen: Sequence[Mapping[str, Any]], other: Seat) -> tuple[int, int]:
    """From one seat's views in the order it was shown them (``robotable.agents.decisions``'
    ``Seen``): in how many turns ``other`` revealed a program that is none of the heuristic's
    best for it (or stood by where the heuristic would not), out of how many turns could be
    told. A turn is told when the views show its start (programming, before the reveal) and the
    next turn's, whose ``last_programs`` are the revealed ones, and the other robot programmed
    with PC above 2 (at 2 or less a fumble swaps registers)."""
    starts: dict[int, Mapping[str, Any]] = {}
    revealed: dict[int, list[str] | None] = {}
    for view in seen:
        if view["phase"] == "programming":
            starts.setdefault(view["turn"], view)
            revealed.setdefault(view["turn"] - 1, view["last_programs"][other])
    departed = told = 0
    for turn, start in starts.items():
        if turn not in revealed:
            continue
        verdict = _departed(start, other, revealed[turn])
        if verdict is not None:
            told += 1
            departed += verdict
    return departed, told


def _departed(start: Mapping[str, Any], other: Seat, program: list[str] | None) -> bool | None:
    """Whether ``other``'s revealed ``program`` (None: no program) departs from the heuristic's
    best from ``start``; None when that cannot be told. Remembered by position: a seat asks
    again at every decision about every turn it has seen."""
    robot = start["robots"][other]
    if not _programs(robot) or robot["pc"] <= 2:
        return None
    key = (_plan_key(start, other), None if program is None else tuple(program))
    verdict = _DEPARTED.get(key)
    if verdict is None:
        best = _best_programs(start, other)
        codes = None if program is None else [LETTERS.index(letter) for letter in program]
        verdict = best is not None if codes is None else best is None or codes not in best
        with _PLANS_LOCK:
            while len(_DEPARTED) >= PLANS_KEPT:
                _DEPARTED.pop(next(iter(_DEPARTED)))
            _DEPARTED[key] = verdict
    return verdict


_DEPARTED: dict[tuple, bool] = {}


def searching(seen: Sequence[Mapping[str, Any]], other: Seat) -> float:
    """How likely ``other`` is a searching robot rather than the heuristic, from its revealed
    programs (``departures``): the two guesses weighed by how well each explains them (Bayes,
    from ``SEARCHER_ODDS`` before any turn is told)."""
    departed, told = departures(seen, other)
    kept = told - departed
    odds = SEARCHER_ODDS * (SEARCHER_DEPARTS / HEURISTIC_SLIPS) ** departed
    odds *= ((1 - SEARCHER_DEPARTS) / (1 - HEURISTIC_SLIPS)) ** kept
    return odds / (1 + odds)


def refine(
    world: State,
    seat: Seat,
    rng: Rng,
    rival: RivalDecides | None = None,
    seen: Sequence[Mapping[str, Any]] = (),
) -> bool:
    """Another seat's secret program, locked or still to write, is guessed as the heuristic's,
    from that seat's view (public facts and its own draft, which this guess drew at random
    anyway) rather than random registers. Where several programs score the same for it, the
    guess draws one with the search's generator: a heuristic opponent with a seed may write
    any of them. A guessed program counts as locked: whenever the other seat writes it, it
    does so without seeing ours (DR-10), so playing it out is the same.

    With ``rival`` (``robotable.agents.decisions``: a search's decision at a turn), the other
    seat's program is instead what that search would write from its view of this guess, where
    ours is hidden from it as it is in the game: a searching opponent mostly answers the program
    it expects of us, which the heuristic's guess never foresees. It is asked only as often as
    ``seen`` (this seat's views so far) makes the other robot look like a searcher
    (``searching``): against the heuristic, a searching rival's guess is a wrong one.

    Given ``seen`` without ``rival`` (a world of a ``varied`` budget), the other robot is drawn
    as a searcher just as often, its program still the heuristic's guess. True when some other
    robot was drawn a searcher: the search's play-outs then do not vary the heuristics' ties,
    which foretell a seeded heuristic's later turns, not a searcher's."""
    assert isinstance(world, DR2DState)
    if world.phase != "programming":
        return False
    f = world.fleet
    public_locks = list(world.locked)  # the table's lock flags, before any guess marks one
    searchers = False
    for other in range(world.seats):
        if other == seat or not f.must_program(other):
            continue  # DR-10: only a robot on the board, not finished and not inactive programs
        program = planned(world.view(other), other, rng)
        if program is not None:  # else its heuristic stands by (a locked one keeps its guess)
            world.drafts[other], world.locked[other] = program, True
        if (rival is not None or seen) and rng.random() < searching(seen, other):
            searchers = True
            if rival is not None:
                _rivals_program(world, other, rival, rng, public_locks)
    return searchers


def _rivals_program(
    world: DR2DState, other: Seat, rival: RivalDecides, rng: Rng, public_locks: list[bool]
) -> None:
    """Puts in ``world`` the program (or standby) ``rival`` decides for ``other`` with its
    program still to write; the heuristic's guess stays when it decides nothing. The rival sees
    the table's lock flags, not the guesses' (which mark every guessed program locked)."""
    probe = world.clone()
    probe.locked[:] = public_locks
    probe.drafts[other], probe.locked[other] = [], False
    legal = probe.legal_actions(other)
    decision = rival(Turn(other, probe.view(other), legal, world.game, world=probe.determinize(other, rng)))
    if decision == [STANDBY] and STANDBY in legal:
        world.drafts[other], world.locked[other] = [], False
        world.perform(other, STANDBY)
    elif decision and decision[-1] == LOCK and all(step in REGISTERS for step in decision[:-1]):
        world.drafts[other] = [REGISTERS.index(step) for step in decision[:-1]]
        world.locked[other] = True


def judge(world: State, seat: Seat) -> float:
    """A finished race by its result; otherwise the seat's lead over the best other robot in
    moves still to make (the tour through its missing laws) and damage."""
    assert isinstance(world, DR2DState)
    outcome = world.outcome()
    f = world.fleet
    if outcome is not None:  # by rank, then by DR-33's order (a turn sooner, more PC)
        ranks = outcome.ranks
        better = sum(r > ranks[seat] for r in ranks) - sum(r < ranks[seat] for r in ranks)
        limit = world.options["turn_limit"]
        lead = score(f, seat, limit) - max(score(f, i, limit) for i in range(world.seats) if i != seat)
        return WIN * better / max(1, len(ranks) - 1) + 10 * lead
    robots = f.robots()
    if robots[seat].finished_turn:
        return WIN
    others = [_standing(world, i) for i in range(world.seats) if i != seat]
    if any(robot.finished_turn for i, robot in enumerate(robots) if i != seat):
        return -WIN
    return _standing(world, seat) - max(others)


def _standing(world: DR2DState, seat: int) -> float:
    robot = world.fleet.robot(seat)
    missing = robot.missing_laws
    here, lost = robot.tile, 0.0
    if here < 0:
        here, lost = robot.exit_tile, 2.0
    pc = min(MAX_PC, robot.pc + robot.repair_pending)
    standby = robot.standby_pending or robot.inactive
    damage = 0.8 * (MAX_PC - pc) + (3.0 if pc <= 2 else 0.0) + (6.0 if standby else 0.0)
    return -tour_length(world.board, here, missing) - damage - robot.pit_slots - lost


LEVEL_PARTS: dict[str, Any] = {
    "heuristic": HeuristicBot,
    "policy": cheap_policy,
    "policy_about": "random-but-never-stand-by",
    "hard": 60,
    "expert": 200,
    "rollout_limit": 150,
    "estimate": estimate,
    "guided": True,
    "overrule": 0.5,
    "candidates": candidates,
    "judge": judge,
    "refine": refine,
    "decision_budgets": {
        "hard": {"candidates": 6, "worlds": 1, "horizon": 40},
        "expert": {
            "candidates": 16,
            "worlds": 2,
            "horizon": 40,
            "rival": {"candidates": 6, "worlds": 1, "horizon": 40},  # hard's budget
            # no rival is searched once the decision's play-outs have run this many registers
            # (half its decisions spend about 150,000 with their rival, the costliest 190,000)
            "work": 100_000,
            # not "varied" and "opening" (decisions.py): play-outs breaking the heuristics' ties
            # with each world's seeds and the placement weighed in 8 such worlds (among the 8
            # shortest tours) won 153 of 200 against medium (148 without), but against hard
            # 100 won, 21 drawn, 79 lost (123-0-77 without): no longer clearly above hard
        },
    },
    "work_about": "registers run by the heuristics' planners",
}
"""What this game's difficulty levels are made of; ``robotable.agents.levels`` builds them and
says what each part means."""

BOTS: dict[str, Callable[..., Any]] = {
    "heuristic": HeuristicBot,
}

ABOUT = {
    "heuristic": "tries its programs register by register on a copy of the position, scores the turn's end",
}
"""What each bot is, in a line (``robotable bots``)."""
