"""A bot that plays a random legal action, on any robotable server, in any of the five games.

    robotable serve &                                     # a server of your own, or anyone's
    python examples/random_bot.py robotick                # a new table against two easy bots
    python examples/random_bot.py dr2d --table ID         # an open seat of a table (its link's ID)
    python examples/random_bot.py droids -O turn_limit=6  # a table's options, as `robotable play`

The whole bot is the function ``choose``; ``robotable.client`` does the rest: the connection,
the server's pace, reconnecting, and the end of the game.
"""

import argparse
import json
import random

from robotable.client import SeatError, bot, join_table, new_table, play

OPPONENTS = {"robotick": ["bot:easy", "bot:easy"]}  # Robotick is for three; the others for two
CLOCKS = {"ricochet"}  # Ricochet's bidding closes with its sand timer: its clocks stay on


@bot
def choose(view: dict, legal: list[str]) -> str:
    return random.choice(legal)


def option_of(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)  # numbers and true/false as such, else a word
    except ValueError:
        return key, value


def main() -> None:
    parser = argparse.ArgumentParser(description="A random bot on a robotable server.")
    parser.add_argument("game", help="ricochet, dr2d, droids, delivery or robotick")
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--table", help="take an open seat of this table instead of a new one")
    parser.add_argument(
        "--seed", type=int, default=None, help="repeat the same game: its deal and the choices"
    )
    parser.add_argument("-O", "--option", action="append", default=[], help="KEY=VALUE, a table option")
    args = parser.parse_args()
    random.seed(args.seed)
    if args.table:
        seat = join_table(args.server, args.table, "random bot")
    else:
        opponents = OPPONENTS.get(args.game, ["bot:easy"])
        options, timers = dict(option_of(text) for text in args.option), args.game in CLOCKS
        seat = new_table(
            args.server,
            args.game,
            opponents,
            name="random bot",
            options=options,
            timers=timers,
            seed=args.seed,
        )
        print(f"watch it: {args.server}/tables/{seat.table}")
    print(f"game over: {play(seat, choose)['detail']}")


if __name__ == "__main__":
    try:
        main()
    except SeatError as refused:  # an unknown option, a full table, a server gone: said in words
        raise SystemExit(f"error: {refused}") from None
