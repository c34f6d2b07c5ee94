"""The games' log sentences in French, checked on real games: every event the golden games
make (as each seat and a spectator see it) has a French sentence, and none falls back to the
English one. Each game's ``tests/<game>/test_log_fr.py`` runs it on that game's golden games."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from robotable import games
from robotable.play.table import Table
from robotable.play.words import seat_namer

GOLDEN = Path(__file__).parent / "golden" / "data"
ENGLISH = re.compile(r"\b(the|and|moves|plays|wins|takes|draws|from|with|turn|round|seat)\b")
"""Words of the English sentences that no French one has (seat names are given as A, B...)."""


def golden_events(game_id: str) -> Iterator[Mapping[str, Any]]:
    """Every event of the game's golden playthroughs as each seat and a spectator saw it."""
    for path in sorted(GOLDEN.glob(f"{game_id}-*.json")):
        golden = json.loads(path.read_text(encoding="utf-8"))
        game = games.get(golden["game"])
        seats = ["human"] * len(golden["seats"])
        table = Table(game, golden["options"], seed=golden["seed"], seats=seats)
        for step in golden["steps"][1:]:
            accepted = table.submit(step["seat"], step["action"], 0.0)
            for viewer in [None, *range(len(seats))]:
                yield from table.news(accepted, viewer)["events"]  # type: ignore[misc]


def check_french(game_id: str, log: Any) -> set[str]:
    """Every French sentence of the golden events is there, French, and not the English one;
    the kinds seen."""
    assert set(log.SENTENCES_FR) == set(log.SENTENCES), "a kind of event with no French sentence"
    game = games.get(game_id)
    names = ["A", "B", "C", "D"]
    seen = set()
    for event in golden_events(game_id):
        french = game.describe_event(event, seat_namer(names, "fr"), "fr")
        english = game.describe_event(event, seat_namer(names, "en"), "en")
        assert french is not None and french != english, (event, french)
        assert not ENGLISH.search(french), (event, french)
        seen.add(str(event["kind"]))
    return seen
