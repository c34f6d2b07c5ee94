"""Round-robin tournaments between bots: which line-ups meet, and the games they play, anywhere.

A :class:`Plan` says everything that decides the games: the game and its options, the bots,
the table size, the games per line-up, the first seed and the action limit. Its line-ups are
every combination of ``players`` different bots; when fewer bots are named than the table
has seats (two bots at three-player Robotick), every combination with repetition in which at
least two different bots sit. Each line-up plays the series of :mod:`robotable.play.tournament`:
game ``i`` uses seed ``seed + i`` (so every line-up meets the same deals) and rotates the seats
by ``i``.

The games are cut into batches, each a task for a process pool or a Ray cluster; a batch's
records depend only on the plan and the games in it, never on which worker ran it, so the
pool, Ray and a single process give the same records. A record's ``meta`` names its line-up
and game number, which is how a resumed tournament knows what is done.
"""

from __future__ import annotations

import itertools
import socket
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from robotable.agents.levels import bots_of
from robotable.core.errors import InvalidOptions, RobotableError
from robotable.core.game import JSON, Game
from robotable.core.records import Record
from robotable.play.tournament import AgentFactory, bot_agent, record_one

GameKey = tuple[int, int]
"""``(line-up index, game number)``: one game of a tournament."""


@dataclass(frozen=True)
class Plan:
    """What decides a tournament's games; two runs of the same plan play the same games."""

    game: str
    rules_version: str
    options: dict[str, JSON]
    """Every option, defaults included (as records keep them)."""
    bots: tuple[str, ...]
    players: int
    games: int
    """Games per line-up."""
    seed: int = 0
    max_actions: int = 100_000

    @cached_property
    def lineups(self) -> list[tuple[str, ...]]:
        """Worked out once per plan (a plan is frozen)."""
        return lineups(self.bots, self.players)

    def schedule(self) -> list[GameKey]:
        """Every game of the tournament, game by game across the line-ups (the rating order)."""
        return [(lineup, number) for number in range(self.games) for lineup in range(len(self.lineups))]

    def to_dict(self) -> dict[str, JSON]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Plan:
        return cls(**{**data, "bots": tuple(data["bots"])})


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of a round robin, in a fixed order.

    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> lineups(["a", "b"], 3)
    [('a', 'a', 'b'), ('a', 'b', 'b')]
    """
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    with_repeats = itertools.combinations_with_replacement(bots, players)
    return [lineup for lineup in with_repeats if len(set(lineup)) > 1]


def make_plan(
    game: Game,
    bots: Sequence[str],
    *,
    players: int,
    games: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    max_actions: int = 100_000,
) -> Plan:
    """A checked plan: bots the game knows, a table size it allows, options it accepts.

    Bots are seat labels as records keep them (``random``, ``bot:NAME``)."""
    if len(bots) < 2:
        raise InvalidOptions(f"a tournament needs at least 2 bots, not {len(bots)}")
    repeated = sorted({bot for bot in bots if bots.count(bot) > 1})
    if repeated:
        raise InvalidOptions(f"bot {repeated[0]!r} is named twice; name each bot once")
    for bot in bots:
        check_bot(game, bot)
    if games < 1:
        raise InvalidOptions(f"--games must be at least 1 (games per line-up), not {games}")
    if max_actions < 1:
        raise InvalidOptions(f"--max-actions must be at least 1, not {max_actions}")
    full = game.validate_options(options)
    game.new_state(full, seed=seed, seats=players)  # refuses a table size the game (or its options) forbid
    return Plan(game.id, game.rules_version, full, tuple(bots), players, games, seed, max_actions)


def check_bot(game: Game, label: str) -> None:
    if label == "random":
        return
    name = label.removeprefix("bot:")
    if name not in bots_of(game):
        known = ", ".join(["random", *(f"bot:{n}" for n in bots_of(game))])
        raise InvalidOptions(f"{label!r} cannot play a tournament of {game.id}; bots: {known}")


# --------------------------------------------------------------------------- playing


def play_game(
    plan: Plan, key: GameKey, game: Game | None = None, factory: AgentFactory | None = None
) -> Record:
    """One game of the plan, recorded, its ``meta`` naming its line-up and number; its agents
    made by ``factory`` (by default the bots as every face makes them; a benchmark may wrap
    them, to time them)."""
    from robotable import games  # the registry: imported where games are played, in the worker

    game = game or games.get(plan.game)
    lineup, number = key
    return record_one(
        game,
        plan.lineups[lineup],
        factory or (lambda label, seat, seed: bot_agent(game, label, seat, seed)),
        seed=plan.seed + number,
        shift=number,
        options=plan.options,
        max_actions=plan.max_actions,
        meta={"lineup": lineup, "game": number},
    )


def play_batch(plan_data: dict[str, JSON], keys: list[GameKey]) -> list[dict[str, JSON]]:
    """A worker's task: some games of a plan, as JSON-ready records (plain data crosses
    process and machine boundaries without surprises)."""
    from robotable import games

    plan = Plan.from_dict(plan_data)
    game = games.get(plan.game)
    return [play_game(plan, tuple(key), game).to_dict() for key in keys]  # type: ignore[arg-type]


def batches(keys: Sequence[GameKey], workers: int, *, most: int = 16) -> list[list[GameKey]]:
    """Cut ``keys`` into tasks of several games each (a task's overhead, a few ms under Ray, is
    paid once per batch), small enough that every worker gets about four tasks to balance the load.

    >>> [len(b) for b in batches([(0, i) for i in range(10)], 2)]
    [2, 2, 2, 2, 2]
    """
    size = max(1, min(most, -(-len(keys) // (workers * 4))))
    return [list(keys[start : start + size]) for start in range(0, len(keys), size)]


Runner = Callable[[Plan, list[GameKey]], Iterator[list[Record]]]
"""Plays games somewhere, in batches cut for its workers, and yields each batch's records as
it finishes (in any order)."""


def run_inline(plan: Plan, keys: list[GameKey]) -> Iterator[list[Record]]:
    """In this process, batch after batch (``--jobs 1``: no process to start)."""
    for batch in batches(keys, 1):
        yield _records(play_batch(plan.to_dict(), batch))


def pool_runner(jobs: int) -> Runner:
    """A process pool of ``jobs`` workers (new interpreters: a fork would copy the parent's threads)."""

    def run(plan: Plan, keys: list[GameKey]) -> Iterator[list[Record]]:
        import multiprocessing
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            pending = {pool.submit(play_batch, plan.to_dict(), batch) for batch in batches(keys, jobs)}
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield _records(future.result())
            finally:  # interrupted or failed: drop the batches not started yet
                for future in pending:
                    future.cancel()

    return run


def ray_runner(address: str, jobs: int) -> Runner:
    """Ray tasks on the cluster at ``address`` (``local``: a Ray started here with ``jobs`` CPUs).

    A Ray already initialised by the caller is used as it is and left running; one started
    here is shut down at the end."""

    def run(plan: Plan, keys: list[GameKey]) -> Iterator[list[Record]]:
        ray = import_ray()
        started_here = not ray.is_initialized()
        if started_here:
            if address == "local":
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        task = ray.remote(play_batch)
        try:
            workers = int(ray.cluster_resources().get("CPU", jobs))  # a cluster's, not this machine's
            pending = [task.remote(plan.to_dict(), batch) for batch in batches(keys, workers)]
            try:
                while pending:
                    done, pending = ray.wait(pending, num_returns=1)
                    for ref in done:
                        yield _records(ray.get(ref))
            finally:
                for ref in pending:
                    ray.cancel(ref)
        finally:
            if started_here:
                ray.shutdown()

    return run


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Refuse a cluster address nobody answers at, in seconds: ``ray.init`` would retry for minutes.

    ``local`` and ``auto`` (a cluster started on this machine) are left to Ray."""
    if address in ("local", "auto"):
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        raise InvalidOptions(
            f"--ray {address}: expected local, auto or HOST:PORT (ray://HOST:PORT for Ray Client)"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise InvalidOptions(
            f"--ray {address}: no Ray cluster answers there ({exc.strerror or exc})"
        ) from None


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RobotableError(
            "--ray needs Ray, which is not installed: pip install -e '.[cluster]' (or pip install ray)"
        ) from None
    return ray


def _records(data: Iterable[dict[str, JSON]]) -> list[Record]:
    return [Record.from_dict(item, source="a worker's record") for item in data]
