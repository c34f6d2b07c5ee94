"""The toy game's description: its id, seats, notation and drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.errors import NotationError
from robotable.core.game import JSON, Game, Word
from robotable.core.rng import Rng
from tests.web.toy_game.state import WORDS, ToyState


class ToyGame(Game):
    id = "toy"
    title = "Toy"  # the engine's name in its messages; people read the catalogue's title
    min_seats = 2
    max_seats = 2
    rules_version = "toy-1"

    def new_state(
        self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 2
    ) -> ToyState:
        self.validate_options(options)
        self.check_seats(seats)
        return ToyState(self, Rng(seed))

    def parse_action(self, text: str) -> Word:
        word = text.strip()
        if word not in WORDS:
            raise NotationError(f"{text!r} is not a toy action ({', '.join(WORDS)})")
        return Word(word)

    def decode_state(self, data: Mapping[str, JSON]) -> ToyState:
        return ToyState(
            self,
            Rng.from_state(data["rng"]),
            phase=data["phase"],
            ready=list(data["ready"]),
            points=list(data["points"]),
            turn=data["turn"],
        )

    def render_svg(self, view: Mapping[str, JSON], **options: Any) -> str:
        # numbers only: every word a person reads about the game is in its catalogue
        points = " : ".join(str(p) for p in view["points"])
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40">'
            f'<text x="60" y="26" text-anchor="middle" font-size="20">{points}</text></svg>'
        )


GAME = ToyGame()
