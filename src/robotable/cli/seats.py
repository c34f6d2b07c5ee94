"""Seat specifications on the command line: ``human,bot``, ``bot:bfs``, ``random``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console

from robotable.agents.levels import bots_of
from robotable.core.errors import InvalidOptions
from robotable.core.game import Agent, Game
from robotable.play.tournament import bot_agent

SEAT_HELP = "human, bot (the game's first bot), bot:NAME, random"


def parse_seats(text: str) -> list[str]:
    """The seat words of ``--seats``, normalised: ``"Human, bot"`` -> ``["human", "bot"]``."""
    seats = [part.strip().lower() for part in text.split(",")]
    if not all(seats):
        raise InvalidOptions(f"--seats: empty seat in {text!r}; use a comma-separated list of {SEAT_HELP}")
    return seats


def seat_label(game: Game, spec: str) -> str:
    """The name a record keeps for a seat: ``human``, ``bot:bfs``, ``random``."""
    kind, _, name = spec.partition(":")
    if kind == "bot":
        return f"bot:{_bot_name(game, name)}"
    if kind in ("human", "random") and not name:
        return kind
    raise InvalidOptions(f"unknown seat {spec!r}: use {SEAT_HELP}")


def make_agents(
    game: Game,
    labels: Sequence[str],
    *,
    seed: int,
    console: Console | None = None,
    keyboard: Any = None,
) -> list[Agent]:
    """One agent per seat label (from :func:`seat_label`); the people share ``keyboard``
    (a :class:`~robotable.cli.human.Keyboard`, standard input by default)."""
    from robotable.cli.human import HotSeat, Keyboard

    shared = game.hidden_information and labels.count("human") > 1
    hot_seat = HotSeat() if shared else None
    keyboard = keyboard or Keyboard()
    return [
        make_agent(game, label, seat, seed, console, hot_seat, keyboard) for seat, label in enumerate(labels)
    ]


def make_agent(
    game: Game,
    label: str,
    seat: int,
    seed: int,
    console: Console | None = None,
    hot_seat: Any = None,
    keyboard: Any = None,
) -> Agent:
    """The agent for one seat label; ``seed`` (the match's) fixes a random seat's choices.

    ``hot_seat`` (a :class:`~robotable.cli.human.HotSeat`) hides people's screens from
    each other when they share the keyboard in a game with secrets."""
    from robotable.cli.human import TerminalPlayer

    if label == "human":
        return TerminalPlayer(f"seat {seat}", console, keyboard, hot_seat=hot_seat)
    return bot_agent(game, label, seat, seed)


def _bot_name(game: Game, name: str) -> str:
    bots = bots_of(game)
    if not bots:
        raise InvalidOptions(f"{game.title} has no bots yet; try 'random'")
    if not name:
        return next(iter(bots))
    if name not in bots:
        raise InvalidOptions(f"unknown bot {name!r} for {game.id}; bots: {', '.join(bots)}")
    return name


def default_seat_count(game: Game) -> int:
    """Two players, or as many as the game needs at least (Robotick: three)."""
    return min(max(2, game.min_seats), game.max_seats)


def default_seats(game: Game) -> str:
    """You against the game's bot: ``human,bot``, or more bots where the game needs them."""
    return ",".join(["human"] + ["bot"] * (default_seat_count(game) - 1))
