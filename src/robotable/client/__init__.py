"""Your own bot on a robotable server: the Python client of the bot protocol (docs/bots.md).

A bot is a :class:`Bot` (or a function made one with :func:`bot`) that picks one of its seat's
legal actions from the seat's view; :func:`play` plays a seat with it over the server's
WebSocket until the game ends, reconnecting when the connection is lost::

    from robotable.client import bot, new_table, play

    @bot
    def first(view, legal):
        return legal[0]

    play(new_table("http://127.0.0.1:8000", "robotick", ["bot:easy", "bot:easy"]), first)
"""

from robotable.client.bot import Bot, bot
from robotable.client.seat import SeatAddress, SeatError, play, play_seat
from robotable.client.tables import join_table, new_table

__all__ = ["Bot", "SeatAddress", "SeatError", "bot", "join_table", "new_table", "play", "play_seat"]
