"""The browser pages: static files the game server serves (no build step, no framework).

``static/`` holds the lobby and the table page (HTML), their style sheet and their scripts
(plain ES modules, run as they are by any current browser). Everything a page shows comes
from the server's HTTP API and WebSocket protocol (``docs/protocol.md``), like any other
client: the pages hold no rule of any game, and the board is the game's own SVG drawing of
the seat's view, made on the server.
"""
