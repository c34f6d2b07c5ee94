"""The conformance harness: seeded random playouts that check the game contract.

Every game joins with one :class:`Case` line in ``cases.py``. :func:`play_and_check`
plays one seeded random game and checks, along the way:

- cheap invariants at every step (who acts, who can act, the game ends cleanly);
- the full battery of :func:`check_state` at the first and last states, at the first
  state of each new kind (seats to act, timers), and at a sample of the others:
  clone and JSON round trips, legal actions apply (their events are JSON), illegal
  ones are refused without change, views are JSON and do not depend on hidden data;
- finally that :func:`robotable.core.records.replay` rebuilds the same final state.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from robotable import games
from robotable.core.errors import IllegalAction
from robotable.core.game import JSON, REFEREE, Action, Agent, Event, Game, Seat, State, Turn, Wait
from robotable.core.records import Record
from robotable.core.rng import Rng
from robotable.games import replay

GAMES_ENV = "ROBOTABLE_CONFORMANCE_GAMES"

Move = tuple[Seat, Action]


@dataclass(frozen=True)
class Case:
    """One game configuration to play ``games`` random games of."""

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: int = 2
    games: int = 100
    max_steps: int = 1000
    timer_chance: float = 0.5
    """Chance of applying a pending timer's action at a step, so that phases end."""
    check_rate: float = 0.05
    """Share of steps (besides first, last and new kinds) that get the full checks."""
    sample: int = 8
    """At most this many legal actions applied, and illegal ones tried, per checked state."""
    label: str = ""
    """Tells apart two cases of the same game and seat count in test ids."""
    bots: Mapping[int, str] = field(default_factory=dict)
    """Seats played by one of the game's own bots (seat -> bot name) instead of at random:
    purposeful play reaches the deep parts of games that random play ends early."""

    @property
    def id(self) -> str:
        return f"{self.game}-{self.seats}p" + (f"-{self.label}" if self.label else "")

    def count(self) -> int:
        """Games to play: ``$ROBOTABLE_CONFORMANCE_GAMES`` when set, else the case's own."""
        value = os.environ.get(GAMES_ENV, "").strip()
        return int(value) if value else self.games


class ConformanceFailure(AssertionError):
    """A contract violation; the message says which game, seed and step."""


def fail(message: str) -> None:
    raise ConformanceFailure(message)


# --------------------------------------------------------------------------- playing


def moves(state: State) -> tuple[list[Move], list[Move]]:
    """Every legal (seat, action) pair of the seats to act, and the timers' referee actions."""
    players = [(seat, action) for seat in state.to_act() for action in state.legal_actions(seat)]
    timers = [(REFEREE, timer.action) for timer in state.timers()]
    return players, timers


def choose(players: Sequence[Move], timers: Sequence[Move], rng: Rng, timer_chance: float) -> Move:
    """Uniform among players' moves, except a pending timer fires with ``timer_chance``."""
    if timers and (not players or rng.random() < timer_chance):
        return rng.choice(timers)
    return rng.choice(players)


Observer = Callable[[State, list[Move], list[Move], list[Move]], None]


def random_playout(
    game: Game,
    options: Mapping[str, Any],
    seats: int,
    seed: int,
    max_steps: int,
    *,
    timer_chance: float = 0.5,
    observe: Observer | None = None,
    bots: Mapping[int, str] | None = None,
) -> list[Move]:
    """Play a seeded random game; the actions applied, in order.

    ``observe(state, played, players, timers)`` is called before each step and once more
    after the last; the choices never depend on it, so checks do not change games. Seats
    in ``bots`` play the named bot's choice whenever the random draw falls on them.
    """
    state = game.new_state(options, seed=seed, seats=seats)
    rng = Rng(seed).spawn()  # a stream of its own, not the game's
    agents = {seat: game.bots()[name]() for seat, name in (bots or {}).items()}
    played: list[Move] = []
    for _ in range(max_steps):
        players, timers = moves(state)
        if observe:
            observe(state, played, players, timers)
        if not players and not timers:
            return played
        seat, action = choose(players, timers, rng, timer_chance)
        if seat in agents:
            action = bot_choice(state, seat, agents[seat], action)
        apply_legal(state, seat, action)
        played.append((seat, action))
    if observe:
        observe(state, played, *moves(state))
    return played


def bot_choice(state: State, seat: Seat, agent: Agent, fallback: Action) -> Action:
    """The bot's action for ``seat``, shown only that seat's view; ``fallback`` if it waits."""
    legal = state.legal_actions(seat)
    answer = agent.act(Turn(seat, state.view(seat), legal, state.game))
    if isinstance(answer, Wait):
        return fallback
    if answer not in legal:
        fail(f"bot {agent.name} at seat {seat} chose {answer}, which is not a legal action")
    return answer


def check_events(events: object) -> None:
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        fail(f"apply must return a list of Event, not {events!r}")
    for event in events:
        check_json(event.to_dict(), f"event {event!r}")


# --------------------------------------------------------------------------- checks


def check_json(data: JSON, what: str) -> None:
    """``data`` survives JSON unchanged (no tuples, int keys, sets or objects)."""
    try:
        back = json.loads(json.dumps(data, allow_nan=False))
    except (TypeError, ValueError) as exc:
        fail(f"{what} is not JSON-serialisable: {exc}")
    if back != data:
        fail(f"{what} changes through JSON (tuples? non-string keys?)")


def check_step(state: State, seats: int, players: Sequence[Move], timers: Sequence[Move]) -> None:
    """Cheap invariants, checked at every step (``players`` and ``timers`` from :func:`moves`)."""
    to_act = state.to_act()
    if len(set(to_act)) != len(to_act) or not all(0 <= s < seats for s in to_act):
        fail(f"to_act() must list distinct seats 0..{seats - 1}, not {to_act}")
    idle = set(to_act) - {seat for seat, _ in players}
    if idle:
        fail(f"seat {min(idle)} is to act but has no legal action")
    over = state.outcome() is not None
    if over and (to_act or timers):
        fail(f"the game is over but to_act() is {to_act} and timers() {[str(a) for _, a in timers]}")
    if not over and not players and not timers:
        fail("the game is not over but nobody can act and no timer runs")


def check_state(state: State, seats: int, pool: Mapping[Action, None], rng: Rng, sample: int = 8) -> None:
    """The full battery; ``pool`` holds actions seen earlier, to try as illegal ones."""
    # snapshots are JSON text: a to_dict() sharing the state's own lists would change along
    before = state.to_json()
    check_json(state.to_dict(), "to_dict()")
    check_clone(state, before)
    check_round_trip(state, before)
    check_legal(state, seats, rng, sample)
    check_illegal(state, seats, pool, rng, sample)
    check_views(state, seats)
    check_leaks(state, seats, rng)
    if state.to_json() != before:
        fail("reading the state (clone, views, legal_actions, determinize) changed it")


def apply_legal(state: State, seat: Seat, action: Action) -> list[Event]:
    """Apply an action the state itself called legal; a refusal is the state's fault."""
    try:
        return state.apply(seat, action)
    except IllegalAction as exc:
        fail(f"legal action {action} of seat {seat} was refused: {exc}")
        raise  # unreachable: fail() raises


def check_clone(state: State, before: str) -> None:
    copy = state.clone()
    if copy is state or copy != state:
        fail("clone() is not an equal, separate state")
    players, timers = moves(copy)
    if players or timers:
        seat, action = (players or timers)[0]
        apply_legal(copy, seat, action)
        if state.to_json() != before:
            fail(f"applying {action} for seat {seat} to a clone changed the original")


def check_round_trip(state: State, before: str) -> None:
    back = state.game.state_from_dict(json.loads(before))
    if back != state or back.to_json() != before:
        fail("game.state_from_dict(to_dict() through JSON) differs from the state")
    if back.view(None) != state.view(None):
        fail("a state rebuilt from to_dict() shows a different view(None)")


def check_legal(state: State, seats: int, rng: Rng, sample: int) -> None:
    to_act = state.to_act()
    pairs: list[Move] = [(REFEREE, t.action) for t in state.timers()]
    for seat in range(seats):
        legal = state.legal_actions(seat)
        if seat not in to_act and legal:
            fail(f"seat {seat} is not to act but has legal actions {[str(a) for a in legal[:5]]}")
        if legal != state.legal_actions(seat):
            fail(f"legal_actions({seat}) is not deterministic")
        if len(set(legal)) != len(legal):
            fail(f"legal_actions({seat}) lists an action twice")
        pairs += [(seat, action) for action in legal]
    for _, action in pairs:
        check_notation(state.game, action)
    for seat, action in _sample(pairs, rng, sample):
        check_events(apply_legal(state.clone(), seat, action))


def check_notation(game: Game, action: Action) -> None:
    text = str(action)
    if game.parse_action(text) != action:
        fail(f"notation does not round-trip: {text!r} parses to {game.parse_action(text)!r}")


def check_illegal(state: State, seats: int, pool: Mapping[Action, None], rng: Rng, sample: int) -> None:
    """Actions legal elsewhere (earlier, or for another seat) are refused without a trace."""
    to_act = state.to_act()
    allowed = {seat: set(state.legal_actions(seat)) if seat in to_act else set() for seat in range(seats)}
    allowed[REFEREE] = {timer.action for timer in state.timers()}
    allowed[seats] = set()  # a seat that does not exist
    known = dict(pool)
    for legal in allowed.values():
        known.update(dict.fromkeys(legal))
    tries = [(seat, action) for seat in allowed for action in known if action not in allowed[seat]]
    before = state.to_json()
    for seat, action in _sample(tries, rng, sample):
        try:
            state.apply(seat, action)
        except IllegalAction:
            if state.to_json() != before:
                fail(f"refusing {action} for seat {seat} changed the state")
        else:
            fail(f"{action} was accepted for seat {seat}, though not in its legal actions")


def check_views(state: State, seats: int) -> None:
    for seat in [*range(seats), None]:
        check_json(state.view(seat), f"view({seat})")


def check_leaks(state: State, seats: int, rng: Rng, worlds: int = 3) -> None:
    """A determinized state looks the same to the seat, and can be played on."""
    for seat in [*range(seats), None]:
        view = state.view(seat)
        for _ in range(worlds):
            world = state.determinize(seat, rng.spawn())
            if world.view(seat) != view:
                fail(f"view({seat}) depends on data hidden from it: a determinized state shows otherwise")
            if world.to_act() != state.to_act():
                fail(f"determinize({seat}) changed the seats to act")
            if seat is not None and world.legal_actions(seat) != state.legal_actions(seat):
                fail(f"determinize({seat}) changed seat {seat}'s own legal actions")
            players, timers = moves(world)
            if players or timers:
                apply_legal(world, *choose(players, timers, rng, 0.5))


def _sample(items: Sequence[Move], rng: Rng, k: int) -> list[Move]:
    """``k`` items without repeats: the first ``k`` steps of a Fisher-Yates shuffle."""
    picked = list(items)
    for i in range(min(k, len(picked))):
        j = i + rng.randrange(len(picked) - i)
        picked[i], picked[j] = picked[j], picked[i]
    return picked[:k]


def check_replay(case: Case, seed: int, played: Sequence[Move], final: State) -> None:
    record = Record(
        game=case.game,
        rules_version=final.game.rules_version,
        options=dict(case.options),
        seed=seed,
        seats=[f"random:{s}" for s in range(case.seats)],
        actions=[(seat, str(action)) for seat, action in played],
        outcome=final.outcome(),
    )
    again = replay(Record.from_dict(json.loads(json.dumps(record.to_dict()))))
    if again != final:
        fail("replaying the record gives a different final state")


# --------------------------------------------------------------------------- one game


@dataclass
class _Checker:
    """The observer of :func:`random_playout` that decides which states to check fully."""

    case: Case
    rng: Rng
    pool: dict[Action, None] = field(default_factory=dict)
    kinds: set[tuple[Any, ...]] = field(default_factory=set)
    state: State | None = None
    """The playout's state (one object all along), so the final one after the game."""
    played: list[Move] = field(default_factory=list)

    def __call__(self, state: State, played: list[Move], players: list[Move], timers: list[Move]) -> None:
        self.state, self.played = state, played
        check_step(state, self.case.seats, players, timers)
        kind = (tuple(state.to_act()), tuple(type(a).__name__ for _, a in timers))
        last = (not players and not timers) or len(played) == self.case.max_steps
        if kind not in self.kinds or last or self.rng.random() < self.case.check_rate:
            self.kinds.add(kind)
            check_state(state, self.case.seats, self.pool, self.rng, self.case.sample)
            # what was legal here is a good illegal try later; bounded for big games
            if len(self.pool) < 500:
                self.pool.update(dict.fromkeys(a for _, a in [*players, *timers]))
        if played:
            self.pool[played[-1][1]] = None


def play_and_check(case: Case, seed: int) -> list[Move]:
    """Play game ``seed`` of ``case`` with every check; the actions played."""
    game = games.get(case.game)
    checker = _Checker(case, Rng(seed ^ 0xC0FFEE))  # the checks' sampling has its own stream
    try:
        first, second = (game.new_state(case.options, seed=seed, seats=case.seats) for _ in range(2))
        if first != second:
            fail("two new states from the same seed differ")
        played = random_playout(
            game,
            case.options,
            case.seats,
            seed,
            case.max_steps,
            timer_chance=case.timer_chance,
            observe=checker,
            bots=case.bots,
        )
        assert checker.state is not None
        check_replay(case, seed, played, checker.state)
    except Exception as exc:
        tail = ", ".join(f"{s}:{a}" for s, a in checker.played[-5:])
        raise ConformanceFailure(
            f"{case.id} seed {seed}, step {len(checker.played)} (last actions: {tail}): {exc}"
        ) from exc
    return played


# --------------------------------------------------------------------------- hypothesis


@dataclass(frozen=True)
class Playout:
    seed: int
    actions: tuple[Move, ...]


def playouts(case: Case, max_steps: int = 120) -> st.SearchStrategy[Playout]:
    """Games whose seed and every choice Hypothesis draws (and shrinks)."""
    game = games.get(case.game)

    @st.composite
    def build(draw: st.DrawFn) -> Playout:
        seed = draw(st.integers(0, 2**32 - 1), label="seed")
        state = game.new_state(case.options, seed=seed, seats=case.seats)
        played: list[Move] = []
        for _ in range(min(max_steps, case.max_steps)):
            players, timers = moves(state)
            if not players and not timers:
                break
            choices = players + timers
            seat, action = choices[draw(st.integers(0, len(choices) - 1))]
            state.apply(seat, action)
            played.append((seat, action))
        return Playout(seed, tuple(played))

    return build()
