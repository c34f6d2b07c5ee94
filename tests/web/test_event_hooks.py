"""The drawings' hooks for the board's animations, from every kind of event the browser's
planners animate (js/games/<id>.js), in real Chromium: seeded games (the games' bots, and
random players for what bots never do: a failed demonstration, a robot pushed, shoved, fallen
or off the board) are played, and each action's news and the spectator's drawing after it are
given to the planner and the animator. Every piece the steps move is a data-piece of the
drawing, drawn where its path ends (so it walks) unless the events took it off or elsewhere;
every effect is drawn. The per-game hooks tests (tests/<game>/test_svg_hooks.py) check the
drawings alone."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from robotable import games
from robotable.agents.random import RandomAgent
from robotable.core.errors import RobotableError
from robotable.play.clock import VirtualClock
from robotable.play.match import Match

from ..server.process import Server

pytestmark = pytest.mark.timeout(180)

ANIMATED = {
    "ricochet": {"moved", "robots-reset", "chip-won", "chip-drawn"},
    "dr2d": {"moved", "pushed", "conveyed", "shoved", "rotated", "fell", "left"},
    "droids": {"moved", "shot"},
    "delivery": {"moved", "turned", "picked", "delivered"},
}
"""The events each game's planner turns into steps (Robotick has no planner: its cards slide)."""

PIECE: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "ricochet": lambda e: e.get("robot"),
    "dr2d": lambda e: "ABCDEFGH"[e["seat"]] if isinstance(e.get("seat"), int) else None,
    "droids": lambda e: e.get("robot"),
    "delivery": lambda e: str(e["seat"]) if isinstance(e.get("seat"), int) else None,
}
"""The piece an event names, as the planners name it (the drawing's data-piece)."""

ELSEWHERE = {"dr2d": {"fell", "left", "finished", "rebooted", "reentered"}}
"""Events after which a piece is not drawn where its last walk ended: off the board or back."""

# (game, options, seats, seed, players, most actions): together they show every kind above
PLAYED = [
    ("ricochet", {"chips_to_win": 2}, 2, 1, "bots", 2000),
    ("ricochet", {"chips_to_win": 2}, 2, 1, "random", 300),  # failed demonstrations
    ("dr2d", {"turn_limit": 6}, 3, 1, "bots", 2000),
    ("dr2d", {"turn_limit": 6}, 4, 22, "random", 2000),  # pushed, shoved, fallen, off the board
    ("droids", {"scenario": 1, "turn_limit": 8}, 2, 1, "bots", 2000),
    ("delivery", {"turn_limit": 6}, 2, 1, "bots", 2000),
]


def animated_actions(
    game_id: str, options: dict[str, Any], seats: int, seed: int, players: str, most: int
) -> list[dict[str, Any]]:
    """The news (as a spectator is told it) of each action with an event the planner animates,
    with the spectator's drawing after it."""
    game = games.get(game_id)
    state = game.new_state(game.validate_options(options), seed=seed, seats=seats)
    bots = game.bots()
    first = next(iter(bots))
    agents = [RandomAgent(seed * 10 + s) if players == "random" else bots[first]() for s in range(seats)]
    told: list[dict[str, Any]] = []
    match = Match(game, state, agents, VirtualClock(), max_actions=most)

    def seen(played: Any) -> None:
        events = match.table.news(played, None)["events"]
        if any(event["kind"] in ANIMATED[game_id] for event in events):
            told.append({"events": events, "svg": game.render_svg(state.view(None))})

    match.on_events = seen
    with contextlib.suppress(RobotableError):  # random players may never end: what they played is enough
        match.run()
    return told


PLAYS = """async ([game, actions]) => {
  const { plan } = await import("/static/js/games/index.js");
  const { animate } = await import("/static/js/board/animate.js");
  const box = document.createElement("div");
  box.style.width = "800px";
  document.body.append(box);
  const words = { register: (n) => `register ${n}` };
  const seen = actions.map(({ events, svg }) => {
    box.innerHTML = svg;
    const steps = plan(game, events, words);
    const moved = [...new Set(steps.flatMap((step) => step.moves.map((move) => move.piece)))];
    const drawn = moved.filter((piece) => box.querySelector(`[data-piece="${CSS.escape(piece)}"]`));
    const effects = steps.reduce((count, step) => count + step.effects.length, 0);
    const played = animate(box, steps, "slow", () => {});
    played.stop();
    box.getAnimations({ subtree: true }).forEach((animation) => animation.cancel());
    const walked = [...played.elements].map((element) => element.dataset.piece);
    return { moved, drawn, walked, effects, drawnEffects: played.effects };
  });
  box.remove();
  return seen;
}"""


def test_every_event_the_board_animates_finds_its_pieces_in_the_drawing_and_draws_its_effects(
    server: Server, page_at: Any
) -> None:
    page = page_at(server.url)
    kinds: dict[str, set[str]] = {game: set() for game in ANIMATED}
    for game, *how in PLAYED:
        actions = animated_actions(game, *how)
        assert actions, (game, how)
        for action, shown in zip(actions, page.evaluate(PLAYS, [game, actions]), strict=True):
            events = action["events"]
            kinds[game] |= {event["kind"] for event in events} & ANIMATED[game]
            gone = {PIECE[game](event) for event in events if event["kind"] in ELSEWHERE.get(game, ())}
            assert set(shown["moved"]) - set(shown["walked"]) <= gone, (game, shown, events)
            assert set(shown["walked"]) <= set(shown["drawn"])
            assert shown["drawnEffects"] == shown["effects"], (game, shown, events)
    assert kinds == ANIMATED, {game: ANIMATED[game] - seen for game, seen in kinds.items()}
    assert not page.errors
