"""``robotable bot run``: one of robotable's own bots played over the network, as anyone's bot
is (issue 32, docs/bots.md): a seat taken at a table, or a new table against the server's bots."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from robotable.cli.common import out, parse_options, reporting

app = typer.Typer(
    name="bot",
    help="Bots over the network: run one of robotable's bots on a server, as your own would run.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


BotToken = Annotated[
    str | None,
    typer.Option(
        envvar="ROBOTABLE_BOT_TOKEN",
        help="A bot account's token (better in the ROBOTABLE_BOT_TOKEN variable than on the command line).",
    ),
]


@app.command("run")
def run(
    game: Annotated[str, typer.Argument(help="The game's id: ricochet, dr2d, droids, delivery, robotick.")],
    level: Annotated[
        str, typer.Option(help="The bot: a level (easy, medium) or one of the game's own bots.")
    ] = "medium",
    server: Annotated[str, typer.Option(help="The server's address.")] = "http://127.0.0.1:8000",
    table: Annotated[
        str | None, typer.Option(help="Take an open seat of this table (else a new table).")
    ] = None,
    token: Annotated[
        str | None, typer.Option(help="Play the seat of this token (an invitation's) at --table.")
    ] = None,
    against: Annotated[
        str, typer.Option(help="A new table's other seats, comma-separated: bot:easy, bot:medium, open...")
    ] = "bot:easy",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-O", help="A new table's option, key=value.")
    ] = None,
    timers: Annotated[bool, typer.Option(help="A new table's clocks (off: turn-based).")] = True,
    name: Annotated[str | None, typer.Option(help="The seat's name at the table.")] = None,
    seed: Annotated[int, typer.Option(help="The bot's seed.")] = 0,
    bot_token: BotToken = None,
) -> None:
    """Play one game with a robotable bot over the network, then print its outcome."""
    from robotable.client import SeatAddress, join_table, new_table, play
    from robotable.client.levels import LevelBot

    with reporting():
        bot = LevelBot(game, level, seed=seed)
        seat_name = name or f"{level} bot"
        if table is not None and token is not None:
            address = SeatAddress(server, table, token, bot_token)
        elif table is not None:
            address = join_table(server, table, seat_name, bot_token=bot_token)
        else:
            opponents = [seat.strip() for seat in against.split(",") if seat.strip()]
            address = new_table(
                server,
                game,
                opponents,
                name=seat_name,
                options=parse_options(option or []),
                timers=timers,
                bot_token=bot_token,
            )
            out().print(f"table {address.table}: {server.rstrip('/')}/tables/{address.table}")
        outcome = play(address, bot)
    out().print(f"game over: {outcome['detail']} (ranks {outcome['ranks']})")


@app.command("serve")
def serve(
    level: Annotated[str, typer.Option(help="The bot of every game: a level (easy, medium).")] = "medium",
    server: Annotated[str, typer.Option(help="The server's address.")] = "http://127.0.0.1:8000",
    games: Annotated[
        str | None,
        typer.Option(help="The games it accepts, comma-separated (default: its owner's choice)."),
    ] = None,
    most_tables: Annotated[int, typer.Option(min=1, max=20, help="Games at once.")] = 4,
    arena: Annotated[
        str | None,
        typer.Option(help="The games whose arena it joins, comma-separated: rated games against other bots."),
    ] = None,
    bot_token: BotToken = None,
) -> None:
    """Run a bot account: it takes the seats people offer it by name, and the arena's tables of
    the games of --arena, and plays them, until Ctrl-C."""
    from robotable.client import SeatError
    from robotable.client.levels import LevelBot
    from robotable.client.offers import Offers
    from robotable.client.tables import join_arena

    with reporting():
        if not bot_token:
            raise SeatError("give the bot account's token: set ROBOTABLE_BOT_TOKEN (or --bot-token)")
        accepted = None if games is None else set(_listed(games))
        for game in accepted or ():
            LevelBot(game, level)  # an unknown game or level is said now, not at the first challenge
        offers = Offers(
            server, bot_token, lambda game: LevelBot(game, level), games=accepted, most_tables=most_tables
        )
        for game in _listed(arena):
            LevelBot(game, level)
            join_arena(server, game, bot_token)
            out().print(f"in the arena of {game}: {server.rstrip('/')}/arena/{game}")
        out().print(f"waiting for challenges on {server} (Ctrl-C stops)")
        try:
            played = asyncio.run(offers.serve())
        except KeyboardInterrupt:
            played = offers.outcomes
    out().print(f"{len(played)} game(s) played")


def _listed(text: str | None) -> list[str]:
    """The names of a comma-separated option (none: empty)."""
    return [] if text is None else [name.strip() for name in text.split(",") if name.strip()]
