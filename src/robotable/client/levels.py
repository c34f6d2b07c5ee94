"""One of robotable's own bots as a remote bot: a level or a game's bot, seated over the network
like anyone's (``robotable bot run GAME --level medium``). It sees only what the protocol sends
its seat. A level that searches over the hidden parts of a whole game (most games' ``hard`` and
``expert``) starts each search from a whole game guessed from that view, in a game that makes
one (:meth:`~robotable.core.game.Game.world_from_view`: Robotick); in the others it cannot run
this way, and the server's own seats (``bot:hard``) play it."""

from __future__ import annotations

from typing import Any

from robotable import games
from robotable.agents.levels import bots_of
from robotable.client.bot import Bot
from robotable.client.seat import SeatError
from robotable.core.game import Agent, Turn, Wait, searches
from robotable.core.rng import Rng


class LevelBot(Bot):
    """The bot ``level`` of ``game`` (``easy``, ``medium``, a game's own bot name) playing remotely."""

    def __init__(self, game: str, level: str, *, seed: int = 0) -> None:
        self.game = games.get(game)  # an unknown one: an error that lists the games
        made = bots_of(self.game)
        if level not in made:
            raise SeatError(f"{self.game.title} has no bot {level!r} (its bots: {', '.join(made)})")
        self.agent: Agent = made[level](seed=seed)
        self.searches = searches(self.agent)
        if self.searches and not self.game.views_make_worlds:
            raise SeatError(
                f"{self.game.title}'s {level!r} searches over hidden parts of the game that the "
                "server never sends a seat: it plays as the server's own bot only"
            )
        self.worlds = Rng(seed)
        self.name = f"{level} ({self.game.id})"
        self._wait: float | None = None

    def act_on(self, state: dict[str, Any]) -> str | None:
        legal = [self.game.parse_action(text) for text in state["legal"]]
        now = float(state.get("now") or 0.0)
        world = self.game.world_from_view(state["view"], self.worlds.next_u64()) if self.searches else None
        answer = self.agent.act(Turn(state["seat"], state["view"], legal, self.game, now, world=world))
        if isinstance(answer, Wait):
            self._wait = None if answer.until is None else max(0.05, answer.until - now)
            return None
        return str(answer)

    def wait_seconds(self) -> float | None:
        return self._wait
