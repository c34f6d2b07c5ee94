"""How strong is an example bot (``examples/*.py``, a ``choose(view, legal)`` made with
``robotable.client.bot``)? Seeded games of one game in this process, no server, against the
game's levels.

    python benchmarks/example_bot.py examples/lookahead_bot.py robotick [--against easy] [--games 60]

Game ``i`` uses seed ``i``; the example sits at seat ``i mod seats`` and the others are
``--against`` levels seeded ``100 i + seat``, so every run repeats exactly. The example is shown
what its seat's page would be shown (the seat's view and the legal actions' notation). Prints
each game, then the example's first places (shared ones count) with a 95 % Wilson interval and
its mean score next to the others'.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
from pathlib import Path
from typing import Any

from robotable import games
from robotable.agents.levels import bots_of
from robotable.core.game import Action, Turn, Wait
from robotable.play.match import Match


class Example:
    """The example's bot as a local agent."""

    name = "example"

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def act(self, turn: Turn) -> Action | Wait:
        if not turn.legal:
            return Wait()
        by_notation = {str(action): action for action in turn.legal}
        return by_notation[self.bot.decide(turn.view, list(by_notation))]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    share, spread = wins / n, z * z / n
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / n + spread / (4 * n)) / (1 + spread)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("example", type=Path)
    parser.add_argument("game")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seats", type=int, default=None, help="default: the game's fewest, at least 2")
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("example", args.example)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    game = games.get(args.game)
    seats = args.seats or max(2, game.min_seats)
    firsts, mine, others = 0, [], []
    for i in range(args.games):
        me = i % seats
        agents: list[Any] = [bots_of(game)[args.against](seed=100 * i + seat) for seat in range(seats)]
        agents[me] = Example(module.choose)
        outcome = Match(game, game.new_state({}, seed=i, seats=seats), agents).run()
        firsts += outcome.ranks[me] == 1
        mine.append(outcome.scores[me])
        others += [score for seat, score in enumerate(outcome.scores) if seat != me]
        print(f"game {i}: seat {me}, ranks {list(outcome.ranks)}, scores {list(outcome.scores)}", flush=True)
    low, high = wilson(firsts, args.games)
    print(
        f"first {firsts} of {args.games} ({firsts / args.games:.0%}, 95 % {low:.0%}-{high:.0%}); "
        f"mean score {sum(mine) / len(mine):.1f}, the others' {sum(others) / len(others):.1f}"
    )


if __name__ == "__main__":
    main()
