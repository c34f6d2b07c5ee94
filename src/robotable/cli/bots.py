"""``robotable bots GAME``: the game's bots and levels, what each is, and what was measured.

The figures come from the game's ladder file (``agents/ladders/GAME.json``, written by
``benchmarks/ladder.py``); a bot the ladder did not include is "not measured yet".
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from robotable import agents, games
from robotable.agents.levels import bots_of, game_levels
from robotable.cli.common import out, reporting
from robotable.core.errors import RobotableError
from robotable.core.game import Game

NOT_MEASURED = "not measured yet"


LADDERS = Path(agents.__file__).parent / "ladders"
"""Measured ladders live beside the levels they rate, not in the games' data: no game reads them."""


def ladder_path(game: Game, scenario: int | None = None) -> Path:
    """The ladder measured with the game's default options, or the one of its ``scenario``
    (``ladders/scenarios/GAME-N.json``)."""
    if scenario is None:
        return LADDERS / f"{game.id}.json"
    return LADDERS / "scenarios" / f"{game.id}-{scenario}.json"


def _scenario_of(ladder: dict[str, Any] | None) -> int | None:
    """The scenario a ladder was measured at (None: no ladder, or a game without scenarios)."""
    return None if ladder is None else ladder["plan"].get("options", {}).get("scenario")


def load_ladder(game: Game, scenario: int | None = None) -> dict[str, Any] | None:
    """The measured ladder, or None when there is none yet; for a ``scenario`` that was not
    measured, an error naming those that were."""
    path = ladder_path(game, scenario)
    if not path.exists():
        if scenario is None:
            return None
        default = load_ladder(game)
        if default is not None and _scenario_of(default) == scenario:
            return default
        measured = ", ".join(map(str, measured_scenarios(game))) or "none"
        raise RobotableError(
            f"no {game.title} ladder was measured at scenario {scenario} (scenarios measured: {measured})"
        )
    try:
        ladder = json.loads(path.read_text())
        _check_ladder(ladder)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RobotableError(f"{path}: not a ladder file ({exc!r})") from None
    return ladder


def measured_scenarios(game: Game) -> list[int]:
    """The scenarios a ladder was measured at: the default options' one, then the others."""
    found = {_scenario_of(load_ladder(game))}
    folder = ladder_path(game, 0).parent  # where the scenarios' ladders are
    for path in folder.glob(f"{game.id}-*.json"):
        number = path.stem.rsplit("-", 1)[1]
        if number.isascii() and number.isdigit():
            found.add(int(number))
    return sorted(n for n in found if isinstance(n, int))


def _check_ladder(ladder: Any) -> None:
    """The fields this listing reads, of the types it reads them as (a ladder is written by
    ``benchmarks/ladder.py``; a file edited by hand is refused in a line, not a traceback)."""
    if not isinstance(ladder, dict):
        raise TypeError("not a JSON object")
    _expect(ladder, {"measured": str, "machine": str, "plan": dict})
    _expect(ladder["plan"], {"games": int, "players": int, "bots": list})
    rated = {"bot": str, "mu": float, "low": float, "high": float, "first_places": int, "games": int}
    for found in ladder.get("ratings", []):
        _expect(found, rated)
    for measured in ladder.get("think_time", {}).values():
        _expect(measured, {"mean_ms": float, "max_ms": float, "decisions": int})


def _expect(record: Any, fields: dict[str, type]) -> None:
    if not isinstance(record, dict):
        raise TypeError(f"expected an object, found {record!r:.40}")
    for name, kind in fields.items():
        value = record[name]
        numeric = kind is float and isinstance(value, int | float) and not isinstance(value, bool)
        if not (numeric or (isinstance(value, kind) and not isinstance(value, bool))):
            raise TypeError(f"{name} should be {kind.__name__}, not {value!r:.40}")


def descriptions(game: Game) -> dict[str, str]:
    """What each bot is: the game's own from its bots module (``ABOUT``), then its levels."""
    module = importlib.import_module(f"robotable.games.{game.id}.bots")
    levels = {name: level.about for name, level in game_levels(game).items()}
    return {**getattr(module, "ABOUT", {}), **levels}


def think_time(ladder: dict[str, Any] | None, label: str) -> str:
    measured = (ladder or {}).get("think_time", {}).get(label)
    if not measured or not measured["decisions"]:
        return NOT_MEASURED
    mean, worst, count = measured["mean_ms"], measured["max_ms"], measured["decisions"]
    return f"mean {mean:.1f} ms, worst {worst:.0f} ms ({count} decisions)"


def rating(ladder: dict[str, Any] | None, label: str) -> str:
    found = next((r for r in (ladder or {}).get("ratings", []) if r["bot"] == label), None)
    if found is None:
        return NOT_MEASURED
    return (
        f"{found['mu']:.1f} ({found['low']:.1f} to {found['high']:.1f}), "
        f"{found['first_places']}/{found['games']} first"
    )


def bots_table(game: Game, ladder: dict[str, Any] | None) -> Table:
    about = descriptions(game)
    table = Table(title=f"{game.title}: bots and levels")
    for column in ("bot", "what it is", "think time per decision", "rating (95 % interval)"):
        table.add_column(column)
    for name in bots_of(game):
        label = f"bot:{name}"
        table.add_row(name, about.get(name, ""), think_time(ladder, label), rating(ladder, label))
    return table


def ladder_note(ladder: dict[str, Any] | None) -> str:
    if ladder is None:
        return "No ladder measured yet: python benchmarks/ladder.py GAME writes one."
    plan = ladder["plan"]
    note = f" {ladder['note']}" if ladder.get("note") else ""
    return (
        f"Measured {ladder['measured']} on {ladder['machine']}: {plan['games']} games per line-up of "
        f"{plan['players']} ({', '.join(plan['bots'])}), OpenSkill ratings with mu ± 1.96 sigma.{note}"
    )


KILLER_TABLES = LADDERS / "killer"
"""Droids' solo Killer tables (``benchmarks/killer.py``): each level's win rate per Killer level."""


def load_killer_table(game: Game) -> dict[str, Any] | None:
    """The measured Killer table of a game that has one, or None."""
    path = KILLER_TABLES / f"{game.id}.json"
    if not path.exists():
        return None
    try:
        table = json.loads(path.read_text())
        _expect(table, {"measured": str, "machine": str, "cells": list})
        fields = {"level": str, "killer_level": int, "games": int, "wins": int, "low": float, "high": float}
        for cell in table["cells"]:
            _expect(cell, fields)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RobotableError(f"{path}: not a Killer table ({exc!r})") from None
    return table


def killer_table(measured: dict[str, Any]) -> Table:
    """Levels across, Killer levels down: wins of games with the 95 % Wilson interval."""
    levels = list(dict.fromkeys(cell["level"] for cell in measured["cells"]))
    killers = sorted({cell["killer_level"] for cell in measured["cells"]})
    found = {(cell["level"], cell["killer_level"]): cell for cell in measured["cells"]}
    table = Table(title="Solo against the Killer (scenario 7): games won (95 % interval)")
    table.add_column("Killer level")
    for level in levels:
        table.add_column(level, justify="right")
    for killer in killers:
        row = [str(killer)]
        for level in levels:
            cell = found.get((level, killer))
            row.append(
                NOT_MEASURED
                if cell is None
                else f"{cell['wins']}/{cell['games']} ({cell['low']:.0%}-{cell['high']:.0%})"
            )
        table.add_row(*row)
    return table


def bots_command(
    game: Annotated[str, typer.Argument(help="Game id, see `robotable games`.")],
    scenario: Annotated[
        int | None,
        typer.Option(min=1, help="The ratings measured at this scenario (Droids)."),
    ] = None,
) -> None:
    """List a game's bots and difficulty levels: what each is, its think time per decision and its
    rating, as measured by `benchmarks/ladder.py` (or "not measured yet"); for Droids also each
    level's wins against the solo Killer (`benchmarks/killer.py`).

    Examples: `robotable bots dr2d`, `robotable bots droids --scenario 6`
    """
    with reporting():
        chosen = games.get(game)
        ladder = load_ladder(chosen, scenario)
        others = [n for n in measured_scenarios(chosen) if n != _scenario_of(ladder)]
        killer = load_killer_table(chosen)
    console = out()
    console.print(bots_table(chosen, ladder))
    console.print(ladder_note(ladder))
    if others:
        shown = ", ".join(f"`robotable bots {chosen.id} --scenario {n}`" for n in others)
        console.print(f"Also measured at scenario {', '.join(map(str, others))}: {shown}.", markup=False)
    if killer is not None:
        console.print(killer_table(killer))
        note = f" {killer['note']}" if killer.get("note") else ""
        console.print(f"Measured {killer['measured']} on {killer['machine']}.{note}")
