"""``robotable`` with a sixth game, Toy Duel (``tests/web/toy_game``), for the browser test that a
game's words need nothing under ``web/``: ``python -m tests.web.toy_server serve ...``.

The game is registered the way ``robotable.games`` lists its own (an id and the module of its
``GAME``), in this process only; nothing in ``src/`` knows of it. The package is also known as
``robotable.games.toy`` because the generic levels look for ``robotable.games.<id>.bots``.
"""

from __future__ import annotations

import sys

from robotable import games
from robotable.cli.main import run
from tests.web import toy_game


def register() -> None:
    sys.modules["robotable.games.toy"] = toy_game
    games._REGISTRY["toy"] = "robotable.games.toy"


if __name__ == "__main__":
    register()
    run()
