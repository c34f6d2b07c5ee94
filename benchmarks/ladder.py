"""Measure a game's ladder of bots: ratings, head-to-head and think time per decision.

    python benchmarks/ladder.py GAME [--bots easy,medium,hard,expert] [--players N] [--games 200]
        [--seed 0] [--max-actions 100000] [-O key=value] [--out PATH] [--note TEXT]
        [--pairs easy:medium,medium:hard] [--folder DIR [--stop-after MINUTES]]

Plays the round robin of ``robotable tournament`` (the same plan: line-ups, seeds, seat
rotation, OpenSkill ratings, head-to-head with Wilson intervals) in this one process, timing
every decision of every bot, and writes the result to the game's
``src/robotable/agents/ladders/GAME.json`` (or ``--out``), which ``robotable bots GAME``
reads. One process on purpose: think times measured while other games share the cores would
not be the bots' own. Run it niced on a quiet machine for the figures docs/bots.md quotes.

``--pairs`` plays only the named line-ups of two (say the adjacent levels when the whole
round robin would take too long); the ratings then come from those games alone. ``--folder``
keeps every game's record (``games.jsonl``, as ``robotable tournament`` writes them) and its
think times (``think_times.jsonl``) as they are played, so a run stopped by ``--stop-after`` or
by hand continues where it stopped; the ladder file is written once every game is in.
A line-up measured before (in the ladder file already there, for the same plan) and not played
in this run keeps its head-to-head and distinct-games rows, marked with when they were
measured: re-measure only the pairings a change affects. The ratings come from the games of
this run alone (they need the records).
Each line-up's count of distinct games (different action sequences) is written beside its
games: seeds that replay the same game are not independent samples.
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
from typing import Any

from robotable import agents, games
from robotable.cli.common import parse_options
from robotable.cli.tournament import _rating_json, _versus_json
from robotable.core.errors import RobotableError
from robotable.core.game import Action, Agent, Turn, Wait
from robotable.core.records import Record
from robotable.play.ratings import head_to_head, rate
from robotable.play.round_robin import GameKey, Plan, make_plan, play_game
from robotable.play.tournament import bot_agent
from robotable.play.tournament_files import TournamentFiles

TIMES = "think_times.jsonl"


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


def play(
    plan: Plan,
    schedule: list[GameKey],
    times: dict[str, list[float]],
    wall: dict[GameKey, float],
    files: TournamentFiles | None = None,
    stop_at: float | None = None,
) -> dict[GameKey, Record]:
    """The tournament's games of ``schedule`` (the same records), every decision timed into
    ``times`` and every game into ``wall``; each game kept in ``files`` as soon as it is
    played; none started after ``stop_at``."""
    game = games.get(plan.game)
    records: dict[GameKey, Record] = {}
    for done, key in enumerate(schedule, 1):
        if stop_at is not None and time.perf_counter() > stop_at:
            break
        own: dict[str, list[float]] = defaultdict(list)

        def timed(label: str, seat: int, seed: int, own: dict[str, list[float]] = own) -> Agent:
            return Timed(bot_agent(game, label, seat, seed), own[label])

        began = time.perf_counter()
        records[key] = play_game(plan, key, game, timed)
        wall[key] = time.perf_counter() - began
        for label, spent in own.items():
            times[label].extend(spent)
        if files is not None:
            files.append([records[key]])
            with (files.folder / TIMES).open("a") as out:
                out.write(json.dumps({"key": list(key), "seconds": wall[key], "times": own}) + "\n")
        print(f"\r{done}/{len(schedule)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return records


def kept_times(files: TournamentFiles, wall: dict[GameKey, float]) -> dict[str, list[float]]:
    """The think times of the games already in the folder, their seconds into ``wall`` (a
    torn last line is dropped, like the record it belonged to; a game whose times were lost
    counts none)."""
    times: dict[str, list[float]] = defaultdict(list)
    path = files.folder / TIMES
    if not path.exists():
        return times
    latest = {}  # a game replayed after its record was torn has two lines: the last counts
    for line in path.read_text().splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        latest[tuple(entry["key"])] = entry
    for key, entry in latest.items():
        if key in files.done:
            wall[key] = entry["seconds"]
            for label, spent in entry["times"].items():
                times[label].extend(spent)
    return times


def chosen_lineups(plan: Plan, pairs: str | None) -> set[int]:
    """The indexes of the line-ups ``--pairs`` names (``a:b,c:d``), all without it."""
    if not pairs:
        return set(range(len(plan.lineups)))
    wanted = set()
    for pair in pairs.split(","):
        bots = {name if name == "random" else f"bot:{name.removeprefix('bot:')}" for name in pair.split(":")}
        found = [i for i, lineup in enumerate(plan.lineups) if set(lineup) == bots]
        if not found:
            sys.exit(f"--pairs: {pair} is no line-up of this round robin")
        wanted.update(found)
    return wanted


def distinct_games(plan: Plan, records: dict[GameKey, Record]) -> list[dict[str, Any]]:
    """Per line-up played: its games and how many of them differ in their actions."""
    found: dict[int, set[tuple]] = defaultdict(set)
    played: dict[int, int] = defaultdict(int)
    for (lineup, _), record in records.items():
        found[lineup].add(tuple(record.actions))
        played[lineup] += 1
    return [
        {"lineup": list(plan.lineups[i]), "games": played[i], "distinct": len(found[i])}
        for i in sorted(found)
    ]


def carried(earlier: dict[str, Any] | None, plan: Plan, played: list[list[str]]) -> dict[str, Any]:
    """The rows of an earlier ladder of the same plan for the line-ups not played now: its
    head-to-head and distinct-games rows (each marked with when it was measured), the pairs
    they come from, and its think times (for a bot that plays no game now). Nothing from a
    ladder of another plan (other options, seeds or games)."""
    rows: dict[str, Any] = {"pairs": [], "head_to_head": [], "distinct_games": [], "think_time": {}}
    if not earlier or earlier.get("plan") != plan.to_dict():
        return rows
    now = {frozenset(pair) for pair in played}
    when = earlier.get("measured")
    for pair in [*earlier.get("pairs", []), *earlier.get("pairs_kept", [])]:
        if frozenset(pair) not in now:
            rows["pairs"].append(pair)
    kept = {frozenset(pair) for pair in rows["pairs"]}
    for row in earlier.get("head_to_head", []):
        if frozenset((row["first"], row["second"])) in kept:
            rows["head_to_head"].append({**row, "measured": row.get("measured", when)})
    for row in earlier.get("distinct_games", []):
        if frozenset(row["lineup"]) in kept:
            rows["distinct_games"].append({**row, "measured": row.get("measured", when)})
    rows["think_time"] = earlier.get("think_time", {})
    return rows


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
    parser.add_argument("--pairs", default=None, help="only these line-ups of two: a:b,c:d")
    parser.add_argument("--folder", type=Path, default=None, help="keep the games here; a rerun resumes")
    parser.add_argument("--stop-after", type=float, default=None, help="minutes; start no game after")
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
    chosen = chosen_lineups(plan, args.pairs)
    schedule = [key for key in plan.schedule() if key[0] in chosen]
    files, times, records, wall = None, defaultdict(list), {}, {}
    if args.folder is not None:
        try:
            files = TournamentFiles.load(args.folder, plan)
        except RobotableError as exc:
            sys.exit(str(exc))
        files.start()
        records = {key: record for key, record in files.done.items() if key[0] in chosen}
        times = kept_times(files, wall)
        schedule = [key for key in schedule if key not in records]
    started = time.perf_counter()
    stop_at = None if args.stop_after is None else started + 60 * args.stop_after
    records.update(play(plan, schedule, times, wall, files, stop_at))
    if len(records) < len(chosen) * plan.games:
        sys.exit(
            f"stopped with {len(records)} of {len(chosen) * plan.games} games played; run again to go on"
        )
    seconds = sum(wall[key] for key in records if key in wall)  # every run's games
    out = args.out or Path(agents.__file__).parent / "ladders" / f"{game.id}.json"
    pairs = [list(plan.lineups[i]) for i in sorted(chosen)]
    earlier = carried(json.loads(out.read_text()) if out.exists() else None, plan, pairs)
    ladder = {
        "game": game.id,
        "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}",
        "seconds": round(seconds, 1),
        "note": args.note,
        "plan": plan.to_dict(),
        "pairs": pairs,
        "pairs_kept": earlier["pairs"],
        "unfinished": sum(1 for r in records.values() if r.outcome is None),
        "distinct_games": distinct_games(plan, records) + earlier["distinct_games"],
        "ratings": [_rating_json(r) for r in rate(plan, records)],
        "head_to_head": [_versus_json(h) for h in head_to_head(plan, records) if h.meetings]
        + earlier["head_to_head"],
        "think_time": {label: think_time(times[label]) for label in labels},
    }
    for label in labels:  # a bot that played no game now keeps its earlier figures
        if not times[label] and label in earlier["think_time"]:
            ladder["think_time"][label] = earlier["think_time"][label]
    out.write_text(json.dumps(ladder, indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
