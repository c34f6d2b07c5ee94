"""``robotable serve`` with every English refusal and timer sentence of the games reworded, for
the browser test that the pages word the server's codes, never its English
(``test_reworded.py``)::

    python -m tests.web.reworded serve --port PORT --db URL

- the games' English catalogues say each timer otherwise (``timer.*``: "bidding closes"
  becomes "REWORDED bidding closes"): the ``label`` a state's timers carry is then not a
  sentence any page knows; the French catalogues are left as they are;
- every refusal of an action (:class:`IllegalAction`, and a spectator's) says one sentence,
  ``REFUSED``, whatever the rules' reason: only its ``code`` tells why;
- the referee is late: each timer fires :data:`LATE` seconds after its deadline, so that an
  action sent meanwhile is refused as too late (on a real server that window lasts a moment).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

REWORDED = "REWORDED"
REFUSED = "REWORDED: refused."
LATE = 60.0
"""Seconds between a timer's deadline and its referee's action."""


def reword() -> None:
    from robotable.core import errors, game
    from robotable.play.table import Table
    from robotable.server import live

    catalogue = game.catalogue

    def reworded(package: str, lang: str) -> dict[str, str]:
        words = catalogue(package, lang)
        english = catalogue(package, "en")
        # a word the language takes from English is reworded with it
        return {
            key: f"{REWORDED} {text}" if key.startswith("timer.") and text == english.get(key) else text
            for key, text in words.items()
        }

    game.catalogue = reworded

    def refusal(init: Callable[..., None]) -> Callable[..., None]:
        def init_reworded(self: Any, reason: str, *args: Any, **kwargs: Any) -> None:
            init(self, REFUSED, *args, **kwargs)

        return init_reworded

    errors.IllegalAction.__init__ = refusal(errors.IllegalAction.__init__)  # type: ignore[method-assign]
    live.SpectatorCannotPlay.__init__ = refusal(live.SpectatorCannotPlay.__init__)  # type: ignore[method-assign]

    next_deadline, step = Table.next_deadline, live.LiveTable._step

    def late_deadline(self: Table) -> float | None:
        deadline = next_deadline(self)
        return None if deadline is None else deadline + LATE

    async def late_step(self: live.LiveTable) -> bool:
        now = self.hall.clock()
        if self.timers and self.table.due(now) is not None and self.table.due(now - LATE) is None:
            return False  # a deadline passed: the referee comes later, nothing else happens meanwhile
        return await step(self)

    Table.next_deadline = late_deadline  # type: ignore[method-assign]
    live.LiveTable._step = late_step  # type: ignore[method-assign]


if __name__ == "__main__":
    reword()
    from robotable.cli.main import run

    run()
