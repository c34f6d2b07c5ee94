"""Droids bots. They read only their seat's view.

``heuristic`` plans its placement by simulating its own sending: it builds a private
state from the view (other hands unknown and irrelevant to its own orders), then
greedily picks, token after token, the order and arrow that most improve a position
score for the scenario (damage dealt and risked, the river, the distance to the goal).
The emitter of each planned order is the line the recipient will stand on at that
point of the plan, and the slots on one emitter follow the plan's order. Each planned
placement is played as its three steps (token, slot, arrow), the pending part read from
the view, so a fresh bot (a hint) continues a placement already begun. During the
sending it follows the plan while it holds, and otherwise sends the best candidate.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from robotable.core.game import JSON, Action, Game, Seat, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.droids.actions import BACK, STOP, Arrow, Choose, Draw, Obstacle, Pick, Send, Slot, Token
from robotable.games.droids.board import SIZE, idx, killer_level_text, xy
from robotable.games.droids.phases import DRAW, PLACE, SEND
from robotable.games.droids.pieces import CONTAINER, OBSTACLE, REPAIRER, STATUE, Robot
from robotable.games.droids.state import DroidsState
from robotable.games.droids.tokens import (
    COLOUR_NAMES,
    DIRS,
    ORTHO,
    SIDE_OF,
    TEAM_OF,
    bin_of,
    directions_for,
    line_of,
    token_name,
)

# expected emitters destroyed by one shot at distance n (DD-24), rolls 0..9 equally likely
EXPECTED_HITS = {
    n: sum((3 if r >= 3 * n else 2 if r >= 2 * n else 1) for r in range(1, 10) if r >= n) / 10
    for n in range(1, SIZE + 1)
}
WIN = 1000.0
STEPS = [DIRS[d] for d in ORTHO]


def state_from_view(game: Game, view: Mapping[str, JSON], seed: int = 0) -> DroidsState:
    """A full state consistent with ``view``: other seats' hands empty, bins unknown."""
    seats = int(view["seats"])
    s = DroidsState(game, dict(view["options"]), Rng(seed), seats)
    s.colours = list(view["colours"])
    s.turn, s.first, s.phase = view["turn"], view["first"], view["phase"]
    s.goers, s.cursor = list(view["goers"]), int(view["cursor"])
    s.robots = [
        Robot(
            r["kind"],
            idx(*r["cell"]) if r["cell"] is not None else -1,
            r["seat"],
            r["carry"],
            r["stock"],
            r["name"],
        )
        for r in view["robots"]
    ]
    s.objects = {idx(x, y): kind for x, y, kind in view["objects"]}
    s.mines_left = view["mines_left"]
    s.eliminated = list(view["eliminated"])
    s.scores = list(view["scores"])
    s.finished = list(view["finished"])
    s.sent = list(view["sent"])
    s.drawn = list(view["drawn"])
    s.stopped = list(view["stopped"])
    s.placing = list(view.get("placing") or [])
    s.pending_hits = [list(p) for p in view["pending"]]
    s.emitters = [[[em["destroyed"], *em["slots"]] for em in ems] for ems in view["emitters"]]
    seat = view["seat"]
    if isinstance(seat, int) and 0 <= seat < seats and view["hand"] is not None:
        s.hands[seat] = list(view["hand"])
    killer = view.get("killer")
    if killer:
        s.killer_die, s.killer_line0 = killer["die"], killer["line0"]
        s.killer_sent, s.killer_done = list(killer["sent"]), killer["done"]
    return s


def _dist(a: int, b: int) -> int:
    ax, ay = xy(a)
    bx, by = xy(b)
    return abs(ax - bx) + abs(ay - by)


class Evaluator:
    """A position score for ``seat``; higher is better."""

    OPPORTUNITY = 1.5  # a shot available to the shoot tokens still in hand
    THREAT = 0.35  # an enemy in line of fire
    APPROACH = 0.15  # per cell towards the nearest enemy when no shot is lined up

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def enemies(self, s: DroidsState) -> list[int]:
        mine = s.colours[self.seat]
        teams = bool(s.options.get("teams"))
        return [
            r
            for r in range(s.seats)
            if r != self.seat
            and not s.eliminated[r]
            and not (teams and TEAM_OF[s.colours[r]] == TEAM_OF[mine])
        ]

    def shot_value(self, s: DroidsState, r: int, d: str) -> tuple[float, int | None]:
        """Expected emitters destroyed by robot ``r`` shooting towards ``d``, and the target."""
        found = s.first_robot(s.robots[r].cell, d, blocked=True)
        if found is None or not s.active_player(found[0]):
            return 0.0, None
        return EXPECTED_HITS[found[1]], found[0]

    def intact(self, s: DroidsState, seat: int) -> int:
        return sum(1 for em in s.emitters[seat] if not em[0])

    def pending(self, s: DroidsState) -> float:
        value = 0.0
        enemies = self.enemies(s)
        for seat, what, count in s.pending_hits:
            sign = 1 if what == "repair" else -1
            if seat == self.seat:
                value += 1.5 * sign * count
            elif seat in enemies:
                value -= sign * count
        return value

    def score(self, s: DroidsState, shots_left: int) -> float:
        if s.result is not None:
            winners = s.result["winners"]
            if self.seat in winners and not s.result["draw"]:
                return WIN
            return -WIN if self.seat not in winners else 0.0
        me = s.robots[self.seat]
        value = self.pending(s) + 0.3 * self.intact(s, self.seat)
        if s.board.is_river(me.cell):
            value -= 0.6
        line = line_of(SIDE_OF[s.colours[self.seat]], *xy(me.cell))
        if s.emitters[self.seat][line][0]:
            value -= 3.0  # no order can reach the robot there next turn
        scenario = s.scenario.number
        if scenario in (1, 2):
            value += self._duel(s, shots_left)
        elif scenario == 3:
            value += self._containers(s)
        elif scenario == 4:
            value += self._garden(s)
        elif scenario == 5:
            value += self._statue(s)
        elif scenario == 6:
            value += self._labyrinth(s)
        elif scenario == 7:
            value += self._killer(s)
        return value

    def _duel(self, s: DroidsState, shots_left: int) -> float:
        value = 0.0
        me = s.robots[self.seat]
        enemies = self.enemies(s)
        best_shot = max((self.shot_value(s, self.seat, d)[0] for d in ORTHO), default=0.0)
        if shots_left:
            value += self.OPPORTUNITY * best_shot
        for e in enemies:
            for d in ORTHO:
                hit, target = self.shot_value(s, e, d)
                if target == self.seat:
                    value -= self.THREAT * hit
            value += 0.4 * (10 - self.intact(s, e))
        if enemies and best_shot == 0:
            value -= self.APPROACH * min(_dist(me.cell, s.robots[e].cell) for e in enemies)
        return value

    def _containers(self, s: DroidsState) -> float:
        me = s.robots[self.seat]
        circle = s.board.circles[s.colours[self.seat]]
        value = 10.0 * s.scores[self.seat]
        if me.carry == CONTAINER:
            return value + 3.0 - 0.3 * _dist(me.cell, circle)
        spots = [c for c, k in s.objects.items() if k == CONTAINER]
        if spots:
            value -= 0.3 * max(0, min(_dist(me.cell, c) for c in spots) - 1)
        return value

    def _garden(self, s: DroidsState) -> float:
        me = s.robots[self.seat]
        circle = s.board.circles[s.colours[self.seat]]
        cx, cy = xy(circle)
        walls = 0
        for c, k in s.objects.items():
            x, y = xy(c)
            if k == OBSTACLE and max(abs(x - cx), abs(y - cy)) == 1:
                walls += 1
        value = 0.8 * walls
        if me.carry == OBSTACLE:
            value += 1.0 - 0.2 * _dist(me.cell, circle)
        else:
            loose = [
                c
                for c, k in s.objects.items()
                if k == OBSTACLE and max(abs(xy(c)[0] - cx), abs(xy(c)[1] - cy)) > 1
            ]
            if loose:
                value -= 0.1 * min(_dist(me.cell, c) for c in loose)
        return value

    def _statue(self, s: DroidsState) -> float:
        me = s.robots[self.seat]
        circle = s.board.circles[s.colours[self.seat]]
        statue = next(r for r in s.robots if r.kind == STATUE)
        if me.carry == STATUE:
            return 5.0 - 0.5 * _dist(me.cell, circle)
        if statue.cell < 0:
            holder = next(r for r in s.robots if r.carry == STATUE)
            return -0.3 * _dist(me.cell, holder.cell)
        return -0.3 * _dist(me.cell, statue.cell) - 0.2 * _dist(statue.cell, circle)

    def _free_around(self, s: DroidsState, r: int) -> int:
        x, y = xy(s.robots[r].cell)
        count = 0
        for d in ORTHO:
            dx, dy = DIRS[d]
            if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE and s.is_free(idx(x + dx, y + dy)):
                count += 1
        return count

    def _labyrinth(self, s: DroidsState) -> float:
        value = 0.5 * self._free_around(s, self.seat)
        for e in self.enemies(s):
            value -= 0.8 * self._free_around(s, e)
            value -= 0.1 * _dist(s.robots[self.seat].cell, s.robots[e].cell)
        return value

    def _killer(self, s: DroidsState) -> float:
        k = s.killer_index
        blocked = sum(1 for d in ORTHO if not s._can_step(k, d))
        value = 1.5 * blocked - 0.15 * _dist(s.robots[self.seat].cell, s.robots[k].cell)
        for d in ORTHO:
            found = s.first_robot(s.robots[k].cell, d, blocked=True)
            if found is not None and found[0] == self.seat:
                value -= 0.5
        return value


def reach(s: DroidsState, seat: int, enemy: int) -> int:
    """Steps the robot of ``seat`` needs to stand on land in line (same row or column) with
    ``enemy``'s robot: from there a shot or a send-order token can reach it (DD-24, DD-29; the
    river blocks neither). Walks through cells with no rock and no object (robots can be
    pushed); a river cell costs 2, as the robot stops there and needs a blue order out.
    ``SIZE * 3`` when no such cell can be reached."""
    target = s.robots[enemy].cell
    ex, ey = xy(target)
    start = s.robots[seat].cell
    best = {start: 0}
    queue = [(0, start)]
    while queue:  # Dijkstra: steps cost 1 or 2 on a 100-cell board
        cost, cell = heapq.heappop(queue)
        if cost > best[cell]:
            continue
        x, y = xy(cell)
        if (x == ex or y == ey) and cell != target and not s.board.is_river(cell):
            return cost
        for dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < SIZE and 0 <= ny < SIZE):
                continue
            nxt = idx(nx, ny)
            if s.board.is_rock(nxt) or nxt in s.objects:
                continue
            step = cost + (2 if s.board.is_river(nxt) else 1)
            if step < best.get(nxt, SIZE * 3):
                best[nxt] = step
                heapq.heappush(queue, (step, nxt))
    return SIZE * 3


class Attacker(Evaluator):
    """The heuristic's score, in the labyrinth (scenario 6) keen to come within reach of the
    enemy: the searching levels' plans and judge. The heuristic's own pull towards the enemy
    (0.1 a cell, as the crow flies) loses to the river's penalty, so two heuristics sit on
    their sides of the river until the turn limit; a search that out-plays the heuristic at
    close quarters (it sees the other's orders face up before placing its own) should seek
    them, and its candidates must include plans that go there."""

    REACH = 0.3  # per step still to walk to a cell in line with the enemy
    EMITTER = 0.7  # per emitter, on top of the heuristic's 0.3: losing them all eliminates

    def _labyrinth(self, s: DroidsState) -> float:
        value = super()._labyrinth(s) + self.EMITTER * self.intact(s, self.seat)
        enemies = self.enemies(s)
        for e in enemies:
            value -= self.EMITTER * self.intact(s, e)
        if enemies:
            value -= self.REACH * min(reach(s, self.seat, e) for e in enemies)
        return value


class HeuristicBot:
    """Plans its placements by simulating its own sending sequence."""

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name
        self.rng = Rng(7)
        self.plan: list[tuple[str, str, int, int]] = []  # token, direction, emitter, slot
        self.plan_key: tuple[int, int] | None = None
        self.plan_pos = 0
        self.sent_pos = 0

    # ------------------------------------------------------------ dispatch

    def act(self, turn: Turn) -> Action | Wait:
        if not turn.legal:
            return Wait()
        view, legal, seat = turn.view, list(turn.legal), turn.seat
        first = legal[0]
        if isinstance(first, Choose):
            return self._choose(view, legal, seat)
        if isinstance(first, Obstacle):
            return self._setup(turn.game, view, legal, seat)
        if view["phase"] == DRAW:
            return self._draw(view, legal, seat)
        if view["phase"] == PLACE:
            return self._place(turn.game, view, legal, seat)
        if view["phase"] == SEND:
            return self._send(turn.game, view, legal, seat)
        return legal[0]

    # ------------------------------------------------------------ small decisions

    def _my_line(self, view: Mapping[str, Any], seat: int) -> int:
        cell = view["robots"][seat]["cell"]
        return line_of(SIDE_OF[view["colours"][seat]], cell[0], cell[1]) if cell else 0

    def _choose(self, view: Mapping[str, Any], legal: list[Action], seat: int) -> Action:
        """Lose the emitters farthest from the robot's line; repair the nearest."""
        line = self._my_line(view, seat)
        options = [a for a in legal if isinstance(a, Choose)]
        key = lambda a: abs(a.emitter - line)  # noqa: E731
        return max(options, key=key) if options[0].what == "damage" else min(options, key=key)

    def _setup(self, game: Game, view: Mapping[str, Any], legal: list[Action], seat: int) -> Action:
        """Scenario 4: wall the own circle; otherwise cover the own robot from the nearest enemy."""
        s = state_from_view(game, view)
        mine = s.robots[seat].cell
        cells = {idx(a.x, a.y): a for a in legal if isinstance(a, Obstacle)}
        if s.scenario.number == 4:
            circle = s.board.circles[s.colours[seat]]
            best = max(cells, key=lambda c: self._wall_value(s, seat, circle, c))
            return cells[best]
        enemies = [r for r in range(s.seats) if r != seat]
        target = min(enemies, key=lambda r: _dist(mine, s.robots[r].cell))
        enemy = s.robots[target].cell
        # cover: a cell beside the own robot, on the side of the nearest enemy
        best = min(cells, key=lambda c: (_dist(c, mine) != 1, _dist(c, enemy), c))
        return cells[best]

    @staticmethod
    def _wall_value(s: DroidsState, seat: int, circle: int, cell: int) -> float:
        s.objects[cell] = OBSTACLE
        complete = s.garden_complete(s.colours[seat], str(s.options["garden_mode"]))
        del s.objects[cell]
        cx, cy = xy(circle)
        x, y = xy(cell)
        ring = max(abs(x - cx), abs(y - cy))
        return (100 if complete else 0) + (5 if ring == 1 else 0) - ring - 0.01 * cell

    def _draw(self, view: Mapping[str, Any], legal: list[Action], seat: int) -> Action:
        drawn = view["drawn"][seat]
        cell = view["robots"][seat]["cell"]
        in_river = cell is not None and view["map"][cell[1]][cell[0]] == "~"
        scenario = view["scenario"]
        if isinstance(legal[0], Pick):
            wanted = ["W1", "W1"] if in_river else []
            wanted += ["TP", "M1", "TP", "M2", "MM", "TP", "M1", "MD"]
            names = {str(a).split()[1]: a for a in legal}
            for token in wanted[drawn:] + wanted:
                if token in names:
                    return names[token]
            return legal[0]
        if scenario in (1, 2):
            wanted = ["red", "violet", "red", "violet", "violet", "red", "violet"]
        else:
            wanted = ["violet", "red", "violet", "red", "violet", "violet", "red"]
        if in_river:
            wanted = ["blue", "blue", *wanted]
        bins = {a.bin: a for a in legal if isinstance(a, Draw)}
        for name in [*wanted[drawn:], "violet", "red", "blue"]:
            if name in bins:
                return bins[name]
        return legal[0]

    # ------------------------------------------------------------ placement: the plan

    def _place(self, game: Game, view: Mapping[str, Any], legal: list[Action], seat: int) -> Action:
        """The next step of the next planned placement that is still possible."""
        key = (int(view["turn"]), seat)
        if self.plan_key != key:
            self.plan_key = key
            self.plan = self._make_plan(game, view, seat)
            self.plan_pos = 0
            self.sent_pos = 0
        allowed = set(legal)
        pending = list(view.get("placing") or [])
        if not pending:
            while self.plan_pos < len(self.plan):
                token = self.plan[self.plan_pos][0]
                if Token(token) in allowed and self._slot_free(view, seat, self.plan[self.plan_pos]):
                    return Token(token)
                self.plan_pos += 1
            return STOP
        # the step in progress belongs to the first remaining planned placement that matches it
        for token, d, e, slot in self.plan[self.plan_pos :]:
            if token != pending[0]:
                continue
            if len(pending) == 1 and Slot(e, slot) in allowed:
                return Slot(e, slot)
            if pending[1:] == [e, slot] and Arrow(d) in allowed:
                self.plan_pos = self.plan.index((token, d, e, slot)) + 1
                return Arrow(d)
        return BACK  # a step the plan does not hold (a person's own start): undo it

    @staticmethod
    def _slot_free(view: Mapping[str, Any], seat: int, item: tuple[str, str, int, int]) -> bool:
        em = view["emitters"][seat][item[2]]
        return not em["destroyed"] and em["slots"][item[3] - 1] is None

    def _recipients(self, s: DroidsState, seat: int, token: str) -> list[int]:
        if bin_of(token) == "grey":
            return [i for i, r in enumerate(s.robots) if r.kind == REPAIRER]
        return [seat]

    def _line(self, s: DroidsState, seat: int, r: int) -> int:
        return line_of(SIDE_OF[s.colours[seat]], *xy(s.robots[r].cell))

    def _make_plan(
        self,
        game: Game,
        view: Mapping[str, Any],
        seat: int,
        first: int = 0,
        keep_going: bool = False,
        ev: Evaluator | None = None,
    ) -> list[tuple[str, str, int, int]]:
        """Greedy, placement after placement; ``first`` > 0 takes the first placement's
        ``first``-th runner-up instead of the best (variations for the searching levels),
        ``keep_going`` places on while a placement is possible rather than stopping when the
        score would drop, ``ev`` scores positions instead of the heuristic's own evaluator."""
        s = state_from_view(game, view, seed=self.rng.next_u64())
        ev = Evaluator(seat) if ev is None else ev
        hand = list(view["hand"] or [])
        free = {
            e: [k for k in (1, 2, 3) if em[k] is None] for e, em in enumerate(s.emitters[seat]) if not em[0]
        }
        plan: list[tuple[str, str, int, int]] = []
        current = ev.score(s, hand.count("SH"))
        while hand:
            options = self._placements(s, ev, seat, hand, free)
            if not options:
                break
            pick = first if not plan and first < len(options) else 0
            value, token, d, e, after = options[pick]
            if plan and value < current - 0.05 and not keep_going:
                break
            plan.append((token, d, e, free[e].pop(0)))
            hand.remove(token)
            s, current = after, value
            if s.result is not None:
                break
        return plan

    def _placements(
        self, s: DroidsState, ev: Evaluator, seat: int, hand: list[str], free: dict[int, list[int]]
    ) -> list[tuple[float, str, str, int, DroidsState]]:
        """Every next placement with the score after it, best first (the first found of equals)."""
        found: list[tuple[float, str, str, int, DroidsState]] = []
        for token in sorted(set(hand)):
            rest = list(hand)
            rest.remove(token)
            for r in self._recipients(s, seat, token):
                e = self._line(s, seat, r)
                if not free.get(e):
                    continue
                for d in directions_for(token):
                    value, after = self._simulate(s, ev, seat, r, token, d, rest.count("SH"))
                    found.append((value, token, d, e, after))
        found.sort(key=lambda item: -item[0])  # stable: the first found of equal scores first
        return found

    def follow(self, view: Mapping[str, Any], seat: int, plan: list[tuple[str, str, int, int]]) -> None:
        """Take ``plan`` as this turn's placement plan (chosen elsewhere): the sending then
        follows it as if this bot had made it."""
        self.plan_key = (int(view["turn"]), seat)
        self.plan, self.plan_pos, self.sent_pos = list(plan), len(plan), 0

    def _simulate(
        self, s: DroidsState, ev: Evaluator, seat: int, r: int, token: str, d: str, shots_left: int
    ) -> tuple[float, DroidsState]:
        """The score after robot ``r`` executes ``token`` towards ``d`` (a shot counts its
        expected damage and changes nothing)."""
        if token == "SH":
            if s.board.is_river(s.robots[r].cell):
                return ev.score(s, shots_left) - 0.5, s
            hit, target = ev.shot_value(s, r, d)
            bonus = hit * (1.6 if target in ev.enemies(s) else -1.0 if target is not None else 0.0)
            if target is not None and hit and ev.intact(s, target) <= 2:
                bonus += 1.0
            return ev.score(s, shots_left) + bonus - (0.3 if hit == 0 else 0.0), s
        sim = s.clone()
        events: list[Any] = []
        sim._execute(seat, r, token, d, events)
        sim._after_order(seat, events)
        return ev.score(sim, shots_left), sim

    # ------------------------------------------------------------ sending

    def _send(self, game: Game, view: Mapping[str, Any], legal: list[Action], seat: int) -> Action:
        sends = [a for a in legal if isinstance(a, Send)]
        if not sends:
            return legal[0]
        planned = self._planned_send(view, seat, sends)
        if planned is not None:
            return planned
        s = state_from_view(game, view, seed=self.rng.next_u64())
        ev = Evaluator(seat)
        shots = sum(1 for em in s.emitters[seat] for t in em[1:] if t and t.startswith("SH"))
        best, best_value = sends[0], -float("inf")
        for action in sends:
            recipient = s.recipient(seat, action.emitter)
            _, token = s.candidate(seat, action.emitter)  # type: ignore[misc]
            kind, d = token.split(":")
            assert recipient is not None
            value, _ = self._simulate(s, ev, seat, recipient, kind, d, shots - (kind == "SH"))
            if value > best_value:
                best, best_value = action, value
        return best

    def _planned_send(self, view: Mapping[str, Any], seat: int, sends: list[Send]) -> Send | None:
        """The next step of this turn's plan, if it is still on its slot and can be sent."""
        if self.plan_key != (int(view["turn"]), seat):
            return None
        emitters = view["emitters"][seat]
        for token, d, e, slot in self.plan:
            if emitters[e]["slots"][slot - 1] == f"{token}:{d}":
                wanted = Send(e)
                slots = emitters[e]["slots"]
                is_candidate = all(x is None for x in slots[: slot - 1])
                return wanted if wanted in sends and is_candidate else None
        return None


def cheap_policy(_world: State, _seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
    """Rollouts: random, except never 'stop' placing while a token can still be placed (a
    random player who stops at once sends no order and is eliminated, DD-31)."""
    onward = [a for a in legal if a != STOP]
    return rng.choice(onward or legal)


# --------------------------------------------------------------------------- decision search


def candidates(heuristic: Any, turn: Turn, count: int) -> list[list[Action]]:
    """Whole placements worth weighing (``robotable.agents.decisions``), when a turn's
    placement starts: the heuristic's plan, then plans that open with a runner-up placement,
    and the heuristic's placing on where it would have stopped; each its steps (token, slot,
    arrow) then ``stop``. Nothing at other decisions."""
    view, seat = turn.view, turn.seat
    if view["phase"] != PLACE or view.get("placing") or not view["hand"]:
        return []
    if any(token for em in view["emitters"][seat] for token in em["slots"]):
        return []  # the placement has begun
    assert isinstance(heuristic, HeuristicBot)
    plans = [heuristic._make_plan(turn.game, view, seat)]
    variations: list[dict[str, Any]] = [{"keep_going": True}]
    if view["scenario"] == 6:  # plans that walk towards the enemy (see Attacker)
        variations += [{"ev": Attacker(seat)}, {"ev": Attacker(seat), "keep_going": True}]
    variations += [{"first": k} for k in range(1, count)]
    for variation in variations:
        if len(plans) >= count:
            break
        plan = heuristic._make_plan(turn.game, view, seat, **variation)
        if plan and plan not in plans:
            plans.append(plan)
    return [_placing(plan) for plan in plans]


def _placing(plan: list[tuple[str, str, int, int]]) -> list[Action]:
    steps: list[Action] = []
    for token, d, e, slot in plan:
        steps += [Token(token), Slot(e, slot), Arrow(d)]
    return [*steps, STOP]


def adopt(heuristic: Any, turn: Turn, steps: list[Action]) -> None:
    """The chosen placement becomes the heuristic's plan, so its sending follows it."""
    assert isinstance(heuristic, HeuristicBot)
    plan = [
        (token.token, arrow.direction, slot.emitter, slot.slot)
        for token, slot, arrow in zip(steps[0::3], steps[1::3], steps[2::3], strict=False)
        if isinstance(token, Token) and isinstance(slot, Slot) and isinstance(arrow, Arrow)
    ]
    heuristic.follow(turn.view, turn.seat, plan)


def judge(world: State, seat: Seat) -> float:
    """A finished game by its result; otherwise the heuristic's score of the position for the
    seat less the best other seat's; in the labyrinth (scenario 6) the seat's own score is the
    ``Attacker``'s, which values coming within reach of the enemy and keeping its emitters."""
    assert isinstance(world, DroidsState)
    if world.result is not None:
        winners = world.result["winners"]
        if world.result["draw"] or not winners:
            return 0.0
        return WIN if seat in winners else -WIN

    def score(i: int, ev: Evaluator) -> float:
        return ev.score(world, world.hands[i].count("SH"))

    own = Attacker(seat) if world.scenario.number == 6 else Evaluator(seat)
    others = [score(i, Evaluator(i)) for i in range(world.seats) if i != seat and not world.eliminated[i]]
    return score(seat, own) - (max(others) if others else 0.0)


SETTLE_TURNS = 2


def settled(start: State) -> Callable[[State], bool]:
    """A play-out is judged at the start of a turn, ``SETTLE_TURNS`` turns on from the one it
    began in: the orders placed have all been sent, DD-31's eliminations and DD-40's prisoners
    decided, and every candidate is weighed at the same point of the game. (A horizon counted
    in actions stopped the play-outs in the middle of the next turn's draw or placement, at a
    point that differed from candidate to candidate: a placement with fewer orders reached
    further. That judged the labyrinth, scenario 6, so badly that hard lost to the heuristic
    it searches from. One turn is too short to see a shot set up; three dilute it.)"""
    assert isinstance(start, DroidsState)
    judged_at = start.turn + SETTLE_TURNS
    return lambda world: world.turn >= judged_at  # type: ignore[attr-defined]


LEVEL_PARTS: dict[str, Any] = {
    "heuristic": HeuristicBot,
    "policy": cheap_policy,
    "policy_about": "random-but-never-stop",
    "hard": 40,
    "expert": 120,
    "guided": True,
    "overrule": 0.5,
    "candidates": candidates,
    "adopt": adopt,
    "judge": judge,
    "settled": settled,
    "settled_about": "to the start of the turn after next",
    "decision_budgets": {
        "hard": {"candidates": 4, "worlds": 4, "horizon": 400},
        "expert": {"candidates": 8, "worlds": 6, "horizon": 400},
    },
}
"""What this game's difficulty levels are made of; ``robotable.agents.levels`` builds them and
says what each part means."""

BOTS: dict[str, Callable[..., Any]] = {
    "heuristic": lambda *, seed=0: HeuristicBot(),
}

ABOUT = {
    "heuristic": "plans its placements by simulating its own sending sequence",
}
"""What each bot is, in a line (``robotable bots``)."""


def hint(game: Game, view: Mapping[str, JSON], level: int) -> str:
    """What the heuristic bot would do now."""
    seat = view.get("seat")
    if not isinstance(seat, int) or seat not in view.get("to_act", []):
        return "it is not your turn"
    state = state_from_view(game, view)
    legal = state.legal_actions(seat)
    if not legal:
        return "nothing to do now"
    bot = HeuristicBot()
    steps = [bot.act(Turn(seat, dict(view), legal, game))]
    # a placement begun: the rest of its steps too, as a person types it ('M2, e3.1, N')
    while isinstance(steps[-1], Token | Slot) and len(steps) < 3:
        state.apply(seat, steps[-1])
        steps.append(bot.act(Turn(seat, state.view(seat), state.legal_actions(seat), game)))
    name = COLOUR_NAMES[view["colours"][seat]]
    said = f"{name}: the heuristic bot would play '{', '.join(map(str, steps))}'"
    meaning = "; ".join(filter(None, (explain(step, view, seat) for step in steps)))
    said = f"{said} ({meaning})" if meaning else said
    if view.get("killer"):  # DD-44: what the killer's shot does, as the sheet only says 'shoot'
        said += f"; the killer is {killer_level_text(int(view['options']['killer_level']))}"  # type: ignore[index]
    return said


def explain(action: Action, view: Mapping[str, JSON], seat: int) -> str:
    """A step of a hint in words: what the codes a new player cannot guess mean."""
    if isinstance(action, Token | Pick):
        return f"{action.token} = {token_name(action.token)}"
    if isinstance(action, Slot):
        return f"e{action.emitter}.{action.slot} = emitter {action.emitter}, slot {action.slot}"
    if isinstance(action, Arrow):
        return f"{action.direction} = its arrow, {DIRECTION_WORDS[action.direction]}"
    if isinstance(action, Send):
        slots = view["emitters"][seat][action.emitter]["slots"]  # type: ignore[index]
        token = next((t for t in slots if t), None)
        if token:
            kind, direction = str(token).split(":")
            return f"the {token_name(kind)} {direction} order of emitter {action.emitter}"
    if isinstance(action, Obstacle):
        return f"column {action.x}, row {action.y}"
    return ""


DIRECTION_WORDS = {
    "N": "north",
    "E": "east",
    "S": "south",
    "W": "west",
    "NE": "north-east",
    "SE": "south-east",
    "SW": "south-west",
    "NW": "north-west",
}
