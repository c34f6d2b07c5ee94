"""One of robotable's own bots as a remote bot: a level or a game's bot, seated over the network
like anyone's (``robotable bot run GAME --level medium``). It sees only what the protocol sends
its seat. A level that searches over the hidden parts of a whole game (``hard`` and ``expert``)
starts each search from a whole game guessed from that view
(:meth:`~robotable.core.game.Game.world_from_view`); a game whose engine makes none cannot run it
this way, and the server's own seats (``bot:hard``) play it.

A table set up with files of the server's own (a ``board_file`` option...) is refused: the
name comes from the wire, and a bot must not open the files of the machine it runs on."""

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
        refuse_server_files(self.game.title, state["view"])
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


def refuse_server_files(title: str, view: Any) -> None:
    """A view whose options name a file (the server's board...): refused before anything reads it."""
    options = view.get("options") if isinstance(view, dict) else None
    if not isinstance(options, dict):
        return
    named = sorted(name for name, value in options.items() if name.endswith("_file") and value)
    if named:
        raise SeatError(
            f"this {title} table uses the server's own files ({', '.join(named)}), which a bot "
            "run elsewhere cannot read: seat the server's own bot there (bot:medium, bot:hard...)"
        )
