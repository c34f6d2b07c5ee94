"""The ``robotable`` commands that are not a game's own tools: list, play, replay, explain and draw
games. Loaded only when one of them is named (see :mod:`robotable.cli.main`).

Each command is a thin Typer function over a helper. Errors a user can fix (unknown game, bad
option, bad puzzle code) print one red line and exit with 2.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import click
import typer
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand

from robotable import games
from robotable.cli.common import fail, out, parse_options, reporting, write_file
from robotable.cli.human import Keyboard
from robotable.cli.log import describe_outcome
from robotable.cli.play import PlayRequest, check_seed, run_play
from robotable.cli.seats import SEAT_HELP, default_seat_count
from robotable.cli.watch import watch_records
from robotable.core.errors import RecordError, RobotableError
from robotable.core.game import DRAWING_WORDS, Game, Option, State
from robotable.core.option_words import choice_word, drawing_help, option_help, option_label
from robotable.core.records import read_records
from robotable.games import replay

app = typer.Typer(rich_markup_mode="markdown")

OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-O",
        help="A game option as key=value (repeatable); values are read as JSON if they can be.",
    ),
]
Puzzle = Annotated[str | None, typer.Option(help="Start from this puzzle code (Ricochet: option 'puzzle').")]


@app.command("games")
def games_command() -> None:
    """List the games: those you can play and those still coming.

    Example: `robotable games`
    """
    table = Table("id", "title", "players", "status")
    for game in games.all_games():
        span = str(game.min_seats)
        if game.max_seats != game.min_seats:
            span += f"-{game.max_seats}"
        table.add_row(game.id, game.title, span, "playable")
    for game_id, title in games.PLANNED.items():
        table.add_row(game_id, title, "", Text("coming", style="dim"))
    out().print(table)


OPTIONS_WORDS = {
    "en": {
        "title": "{game} options (-O)",
        "drawing": "{game} drawing options (render -D)",
        "presets": "{game} presets (-O for each option)",
        "columns": ("option", "default", "meaning"),
        "preset_columns": ("preset", "options", "meaning"),
        "none": "none",
        "one_of": "one of",
        "rules": "rules",
        "colon": ": ",
    },
    "fr": {
        "title": "Options de {game} (-O)",
        "drawing": "Options de dessin de {game} (render -D)",
        "presets": "Préréglages de {game} (-O pour chaque option)",
        "columns": ("option", "par défaut", "signification"),
        "preset_columns": ("préréglage", "options", "signification"),
        "none": "aucune",
        "one_of": "valeurs :",
        "rules": "règles",
        "colon": " : ",
    },
}
"""The words of ``robotable options`` itself; the options' own words are the game's catalogue's."""


@app.command("options")
def options_command(
    game: Annotated[str, typer.Argument(help="Game id, see `robotable games`.")],
    lang: Annotated[str, typer.Option(help="Language of the meanings, e.g. en or fr.")] = "en",
) -> None:
    """List a game's options with their defaults, for `-O key=value`, its presets, and its
    drawing options for `robotable render -D key=value`.

    Examples: `robotable options ricochet`, `robotable options ricochet --lang fr`
    """
    with reporting():
        chosen = games.get(game)
        if lang not in OPTIONS_WORDS:
            raise RobotableError(f"no words in {lang!r}; languages: {', '.join(OPTIONS_WORDS)}")
    words, say = chosen.words(lang), OPTIONS_WORDS[lang]
    title = words.get("title") or chosen.title
    console = out()
    console.print(_options_table(chosen.options, say["title"].format(game=title), words, say))
    console.print(_presets_table(chosen, say["presets"].format(game=title), words, say))
    drawing = (*chosen.drawing_options, *DRAWING_WORDS)
    console.print(_drawing_table(drawing, say["drawing"].format(game=title), words, say, lang))


def _options_table(options: tuple[Option, ...], title: str, words: dict[str, str], say: dict) -> Table:
    table = Table(*say["columns"], title=title)
    for opt in options:
        default = say["none"] if opt.default is None else json.dumps(opt.default)
        meaning = f"{option_label(words, opt)}{say['colon']}{option_help(words, opt)}"
        if opt.choices:
            named = ", ".join(_choice(words, opt, value) for value in opt.choices)
            meaning += f" ({say['one_of']} {named})"
        if opt.rules:
            meaning += f" [{say['rules']} {', '.join(opt.rules)}]"
        table.add_row(opt.name, default, Text(meaning))  # Text: "[rules RR-15]" is no markup
    return table


def _choice(words: dict[str, str], opt: Option, value: object) -> str:
    """``earliest_bid = la première annonce d'abord``: the value typed, and its words if any."""
    word = choice_word(words, opt, value)
    return json.dumps(value) if word == str(value) else f"{json.dumps(value)} = {word}"


def _presets_table(game: Game, title: str, words: dict[str, str], say: dict) -> Table:
    table = Table(*say["preset_columns"], title=title)
    for preset in game.presets():
        options = " ".join(f"{k}={json.dumps(v)}" for k, v in preset.options.items()) or "-"
        about = words.get(f"preset.{preset.name}.about", "")
        table.add_row(words.get(f"preset.{preset.name}", preset.name), options, about)
    return table


def _drawing_table(
    options: tuple[Option, ...], title: str, words: dict[str, str], say: dict, lang: str
) -> Table:
    table = Table(*say["columns"], title=title)
    for opt in options:
        default = say["none"] if opt.default is None else json.dumps(opt.default)
        table.add_row(opt.name, default, drawing_help(words, opt, lang))
    return table


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="Game id, see `robotable games`.")],
    seats: Annotated[
        str | None,
        typer.Option(help=f"Comma-separated seats: {SEAT_HELP}. Default: you and enough bots to play."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Random seed (default: a fresh one, printed).")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (JSON) to this file.")] = None,
    option: OptionPairs = None,
    puzzle: Puzzle = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result, not the log.")] = False,
    max_actions: Annotated[int, typer.Option(help="Stop with an error after this many actions.")] = 100_000,
    step: Annotated[
        bool, typer.Option("--step", help="Pause after each event until Enter (follow a program trace).")
    ] = False,
    web: Annotated[
        bool, typer.Option("--web", help="Play in the browser: a local server, the page on your seat.")
    ] = False,
    browser: Annotated[
        bool, typer.Option("--browser/--no-browser", help="With --web: open the browser (or print the link).")
    ] = True,
) -> None:
    """Play a game in the terminal (or, with --web, in the browser), against bots or other
    people at the same keyboard.

    Bots-only games run on a virtual clock, so they finish in seconds; with a person
    seated, timers (Ricochet's sand timer) run in real time. Type actions in the game's
    notation (several per line, separated by commas), `legal` to list what you may do,
    `hint`, `help`, `quit`; `robotable rules GAME` explains the notation.

    Examples:

    - `robotable play ricochet` (you against the perfect solver bot)
    - `robotable play robotick` (you and two bots against Droco)
    - `robotable play dr2d --seats human,human,bot` (two people share the keyboard)
    - `robotable play delivery --seats human,bot --step` (the program trace step by step)
    - `robotable play droids -O scenario=7 --seats human` (solo against the Killer)
    - `robotable play dr2d --seats bot,bot,bot,bot --seed 1 --record r.json`
    - `robotable play robotick --web` (in the browser; other `human` seats share the screen)
    """
    request = PlayRequest(game, seats, seed, record, option or [], puzzle, quiet, max_actions, step)
    with reporting():
        if web:
            from robotable.cli.web import play_in_browser

            play_in_browser(request, out(), open_browser=browser)
        else:
            run_play(request, out())


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A record (.json) or many (.jsonl).")],
    watch: Annotated[
        bool,
        typer.Option(
            "--watch", help="Step through the game action by action: Enter, b (back), a number, q (quit)."
        ),
    ] = False,
    seat: Annotated[
        int | None, typer.Option(help="With --watch: show what this seat saw (default: a spectator's view).")
    ] = None,
) -> None:
    """Re-play recorded games and check that each gives the outcome it claims; or watch one.

    Exits with 1 on the first record that does not replay, naming the action. With
    `--watch`, each action is shown with what it caused and the board after it; when
    standard input is not a terminal, every step is printed without pausing.

    Examples: `robotable replay r.json`, `robotable replay r.json --watch --seat 1`
    """
    console = out()
    try:
        if watch:
            watch_records(read_records(file), console, Keyboard(), seat)
            return
        for record in read_records(file):
            replay(record)
            outcome = record.outcome  # checked by the replay, concessions counted (not the engine's)
            result = describe_outcome(outcome, record.seats) if outcome else "unfinished game"
            console.print(Text(f"verified: {result}", style="green"))
    except RecordError as exc:
        raise fail(str(exc), code=1) from None


@app.command("warmup")
def warmup_command() -> None:
    """Prepare every game once, ahead (compiles Ricochet's solver), so no first game waits.

    `robotable play` does it too, before its first game; this does it for all games at once,
    for instance right after installing.

    Example: `robotable warmup`
    """
    console = out()
    for game in games.all_games():
        begin = time.perf_counter()
        with console.status(f"preparing {game.id}...", spinner="dots"):
            game.warm_up()
        console.print(f"{game.id}: ready ({time.perf_counter() - begin:.1f} s)")


@app.command("rules")
def rules_command(
    game: Annotated[str, typer.Argument(help="Game id, see `robotable games`.")],
    lang: Annotated[str, typer.Option(help="Language of the summary, e.g. en or fr.")] = "en",
) -> None:
    """Show a summary of a game's rules.

    Examples: `robotable rules ricochet`, `robotable rules ricochet --lang fr`
    """
    with reporting():
        text = games.get(game).rules_summary(lang)
    out().print(Markdown(text))


def drawing_options_text() -> str:
    """One line per game: the ``-D`` options of its SVG renderer, from ``drawing_options``."""
    lines = ["**Drawing options** (`-D KEY=VALUE`; shown with their default when they have one):"]
    for game in games.all_games():
        names = [
            opt.name if opt.default is None else f"{opt.name}={json.dumps(opt.default)}"
            for opt in game.drawing_options
        ]
        lines.append(f"{game.id}: {', '.join(names) or 'none'}")
    shared = ", ".join(f"{opt.name}={json.dumps(opt.default)}" for opt in DRAWING_WORDS)
    lines.append(f"every game: {shared} (the language of its words; the seats' names as a JSON list)")
    lines.append("What each one draws: `robotable options GAME`.")
    return "\n\n".join(lines)


class RenderCommand(TyperCommand):
    """``render``: its help ends with every game's drawing options, read only when asked for
    (listing them imports every game, which other commands need not pay for)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.epilog = drawing_options_text()
        super().format_help(ctx, formatter)


@app.command("render", cls=RenderCommand)
def render_command(
    game: Annotated[str, typer.Argument(help="Game id, see `robotable games`.")],
    puzzle: Puzzle = None,
    seed: Annotated[int, typer.Option(help="Random seed for the position.")] = 0,
    players: Annotated[int | None, typer.Option(help="Seats of a new game (default 2).")] = None,
    option: OptionPairs = None,
    record: Annotated[
        Path | None, typer.Option(help="Draw a position of this game record instead of a new game.")
    ] = None,
    at: Annotated[
        int | None, typer.Option(help="With --record: the position after this many actions (default: all).")
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="Draw what this seat sees (default: a spectator's view).")
    ] = None,
    draw: Annotated[
        list[str] | None,
        typer.Option("--draw", "-D", help="Drawing option KEY=VALUE of the game's renderer, repeatable."),
    ] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="SVG file to write.")] = None,
) -> None:
    """Draw a position as SVG: a new game from a seed, a puzzle code, or a moment of a record.

    Each game's drawing options (`-D`) are listed at the end of this help.

    Examples:

    - `robotable render ricochet --puzzle 1A2A3A4A-8A44FF0F-RC -o p1.svg`
    - `robotable render ricochet --seed 7 > board.svg`
    - `robotable render ricochet --record r.json --at 10 -o after10.svg`
    """
    with reporting():
        chosen = games.get(game)
        drawing = chosen.validate_drawing(parse_options(draw or [], "--draw"))
        state, seats = _position(game, puzzle, seed, players, option or [], record, at)
        if seat is not None and not 0 <= seat < seats:
            raise RobotableError(f"--seat {seat}: this game has seats 0 to {seats - 1}")
        svg = state.game.render_svg(state.view(seat), **drawing)
    if output is None:
        typer.echo(svg)  # plain echo: Rich would wrap lines and read [brackets] as markup
        return
    write_file(output, svg)
    out().print(f"wrote {output}")


def _position(
    game_id: str,
    puzzle: str | None,
    seed: int,
    players: int | None,
    pairs: list[str],
    record: Path | None,
    at: int | None,
) -> tuple[State, int]:
    """The position to draw and its number of seats."""
    if record is not None:
        first = next(iter(read_records(record)), None)
        if first is None:
            raise RecordError(f"{record}: no game record in the file")
        if first.game != game_id:
            raise RecordError(f"{record}: a {first.game} record, not {game_id}")
        return replay(first, stop_after=len(first.actions) if at is None else at), len(first.seats)
    game = games.get(game_id)
    options = parse_options(pairs)
    if puzzle is not None:
        options["puzzle"] = puzzle
    check_seed(seed)
    seats = default_seat_count(game) if players is None else players  # --players 0 is refused, not 2
    return game.new_state(options, seed=seed, seats=seats), seats
