"""Golden playthroughs: a regression net under the rule tests.

Each case plays one seeded game (the game's bots, or random seats) and compares it,
action by action, with a stored playthrough: the actions, and a fingerprint of every
view (the spectator's and each seat's) after every action, plus the final spectator
view in full. A change anywhere in a game's behaviour shows up as the first step whose
action or view differs. When a change is intended, regenerate with

    ROBOTABLE_UPDATE_GOLDEN=1 pytest tests/golden

and review the diff of ``tests/golden/data/`` like any other change.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from robotable import games
from robotable.agents import RandomAgent
from robotable.core.game import JSON, State
from robotable.play import Match, VirtualClock

DATA = Path(__file__).parent / "data"
UPDATE = os.environ.get("ROBOTABLE_UPDATE_GOLDEN") == "1"


@dataclass(frozen=True)
class Golden:
    game: str
    seats: list[str]  # a bot name of the game, or "random"
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    label: str = ""

    @property
    def name(self) -> str:
        return f"{self.game}-{self.label or len(self.seats)}"


CASES = [
    Golden("ricochet", ["perfect", "novice"], 3, {"chips_to_win": 2}),
    Golden("dr2d", ["heuristic", "heuristic", "random"], 5, {"turn_limit": 12}),
    Golden("droids", ["heuristic", "heuristic"], 7),
    Golden("droids", ["heuristic"], 2, {"scenario": 7, "killer_level": 3}, label="killer"),
    Golden("delivery", ["heuristic", "heuristic", "random"], 4),
    Golden("robotick", ["heuristic", "random", "heuristic"], 6),
]


def fingerprint(view: JSON) -> str:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def views(state: State, seats: int) -> list[str]:
    return [fingerprint(state.view(None)), *(fingerprint(state.view(seat)) for seat in range(seats))]


def play(case: Golden) -> dict[str, JSON]:
    game = games.get(case.game)
    agents = [
        RandomAgent(case.seed * 100 + seat) if name == "random" else game.bots()[name]()
        for seat, name in enumerate(case.seats)
    ]
    state = game.new_state(case.options, seed=case.seed, seats=len(case.seats))
    steps: list[JSON] = [{"views": views(state, len(case.seats))}]

    def observe(played: Any) -> None:
        steps.append(
            {"seat": played.seat, "action": str(played.action), "views": views(state, len(case.seats))}
        )

    outcome = Match(game, state, agents, VirtualClock(), on_events=observe, max_actions=20_000).run()
    return {
        "game": case.game,
        "seats": case.seats,
        "seed": case.seed,
        "options": case.options,
        "steps": steps,
        "outcome": outcome.to_dict(),
        "final_view": state.view(None),
    }


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_playthrough_matches_the_golden_file(case: Golden) -> None:
    path = DATA / f"{case.name}.json"
    now = play(case)
    if UPDATE or not path.exists():
        path.write_text(json.dumps(now, indent=None, separators=(",", ":")) + "\n")
        if not UPDATE:
            pytest.fail(f"{path.name} did not exist and was written: review it and commit it")
        return
    stored = json.loads(path.read_text())
    for number, (old, new) in enumerate(zip(stored["steps"], now["steps"], strict=False)):
        assert new == old, f"{case.name}: step {number} differs: stored {old}, now {new}"
    assert len(now["steps"]) == len(stored["steps"]), f"{case.name}: the game's length changed"
    assert now["outcome"] == stored["outcome"]
    assert now["final_view"] == stored["final_view"]
