"""Measure a game's ladder of bots: ratings, head-to-head and think time per decision.

    python benchmarks/ladder.py GAME [--bots easy,medium,hard,expert] [--players N] [--games 200]
        [--seed 0] [--max-actions 100000] [-O key=value] [--out PATH] [--note TEXT]

Plays the round robin of ``robotable tournament`` (the same plan: line-ups, seeds, seat
rotation, OpenSkill ratings, head-to-head with Wilson intervals) in this one process, timing
every decision of every bot, and writes the result to the game's
``src/robotable/agents/ladders/GAME.json`` (or ``--out``), which ``robotable bots GAME``
reads. One process on purpose: think times measured while other games share the cores would
not be the bots' own. Run it niced on a quiet machine for the figures the README quotes.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from robotable import agents, games
from robotable.cli.common import parse_options
from robotable.cli.tournament import _rating_json, _versus_json
from robotable.core.errors import RobotableError
from robotable.core.game import Action, Agent, Turn, Wait
from robotable.core.records import Record
from robotable.play.ratings import head_to_head, rate
from robotable.play.round_robin import GameKey, Plan, make_plan, play_game
from robotable.play.tournament import bot_agent


class Timed:
    """An agent whose every decision (an action, not a wait) is timed into ``times``."""

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = times
        self.searches = getattr(inner, "searches", False)

    def act(self, turn: Turn) -> Action | Wait:
        start = time.perf_counter()
        answer = self.inner.act(turn)
        if not isinstance(answer, Wait) and len(turn.legal) > 1:  # a forced move is no decision
            self.times.append(time.perf_counter() - start)
        return answer


def play(plan: Plan, times: dict[str, list[float]]) -> dict[GameKey, Record]:
    """The tournament's games (the same records), every decision timed."""
    game = games.get(plan.game)

    def timed(label: str, seat: int, seed: int) -> Agent:
        return Timed(bot_agent(game, label, seat, seed), times[label])

    records: dict[GameKey, Record] = {}
    schedule = plan.schedule()
    for done, key in enumerate(schedule, 1):
        records[key] = play_game(plan, key, game, timed)
        print(f"\r{done}/{len(schedule)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return records


def think_time(times: list[float]) -> dict[str, float | int]:
    return {
        "decisions": len(times),
        "mean_ms": round(1000 * statistics.fmean(times), 3) if times else 0.0,
        "max_ms": round(1000 * max(times), 3) if times else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--bots", default="easy,medium,hard,expert")
    parser.add_argument("--players", type=int, default=None, help="default: 2, or the game's minimum")
    parser.add_argument("--games", type=int, default=200, help="games per line-up")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=100_000)
    parser.add_argument("-O", "--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--note", default="", help="how the machine was loaded, or anything to keep with the figures"
    )
    args = parser.parse_args()

    game = games.get(args.game)
    labels = [b if b == "random" else f"bot:{b.removeprefix('bot:')}" for b in args.bots.split(",")]
    try:  # the tournament's own checks: known bots (levels included), table size, options
        plan = make_plan(
            game,
            labels,
            players=args.players or max(2, game.min_seats),
            games=args.games,
            options=parse_options(args.option),
            seed=args.seed,
            max_actions=args.max_actions,
        )
    except RobotableError as exc:
        sys.exit(str(exc))
    times: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    records = play(plan, times)
    ladder = {
        "game": game.id,
        "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}",
        "seconds": round(time.perf_counter() - started, 1),
        "note": args.note,
        "plan": plan.to_dict(),
        "unfinished": sum(1 for r in records.values() if r.outcome is None),
        "ratings": [_rating_json(r) for r in rate(plan, records)],
        "head_to_head": [_versus_json(h) for h in head_to_head(plan, records)],
        "think_time": {label: think_time(times[label]) for label in labels},
    }
    out = args.out or Path(agents.__file__).parent / "ladders" / f"{game.id}.json"
    out.write_text(json.dumps(ladder, indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
