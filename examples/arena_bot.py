"""A bot in the arena: it joins Robotick's arena, then plays every rated table it is seated at.

ROBOTABLE_BOT_TOKEN=... python examples/arena_bot.py [SERVER] [GAMES]
"""

import os
import random
import sys

from robotable.client import bot
from robotable.client.offers import serve
from robotable.client.tables import join_arena

server = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
token = os.environ["ROBOTABLE_BOT_TOKEN"]  # shown once, when you made the bot on your account page


@bot
def choose(view, legal):  # its seat's view and legal actions, in the game's notation
    return random.choice(legal)


join_arena(server, "robotick", token)  # from now on the arena seats it at rated games
games = int(sys.argv[2]) if len(sys.argv) > 2 else None  # None: until Ctrl-C
print(serve(server, token, lambda game: choose, games=set(), games_to_play=games))
