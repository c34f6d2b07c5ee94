""" "Suggest a move": what the game's ``medium`` bot would play for a seat now, and why.

The bot is asked exactly as a bot playing the seat would be (:meth:`Table.turn`): the seat's
view, its legal actions and, for a bot that searches, a whole state guessed from that view
alone. So a suggestion tells nothing the seat may not know. A bot that would wait (Ricochet's
medium bids at a person's pace) is asked again at the time it names, a few times: a
suggestion is what it would do once it has thought, not "wait".

Asking is split in two so that a server can think off its event loop: :func:`suggestion_turn`
reads the table (under the table's lock), :func:`think` runs the bot (in a thread).

>>> from robotable import games
>>> from robotable.play.table import Table
>>> table = Table(games.get("robotick"), {}, seed=3, seats=["human"] * 3)
>>> made = think(suggestion_turn(table, 0, now=0.0), seed=1)
>>> made.action in [str(a) for a in table.state.legal_actions(0)], made.why["code"]
(True, 'pass')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from robotable.agents.levels import bots_of
from robotable.core.errors import IllegalAction
from robotable.core.game import JSON, Seat, Turn, Wait, searches
from robotable.play.table import Table

LEVEL = "medium"
"""The bot whose move is suggested: the level a person meets first."""
PATIENCE = 6
"""Times a bot that says "wait until ..." is asked again at that time before giving up."""


class NoSuggestion(IllegalAction):
    """Nothing to suggest now (``code`` says why: ``over``, ``not_your_turn``)."""


@dataclass(frozen=True)
class Suggestion:
    """The bot's move in notation (None: it would wait for now), why, and what it is about on
    the drawing."""

    action: str | None
    why: dict[str, JSON] = field(default_factory=dict)
    marks: dict[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {"action": self.action, "why": self.why or None, "marks": self.marks}


def suggestion_turn(table: Table, seat: Seat, now: float) -> Turn:
    """What the bot is shown, refused (:class:`NoSuggestion`) when the game is over or the seat
    has nothing to decide now."""
    if table.outcome() is not None:
        over = "the game is over: there is nothing to suggest"
        raise suggestion_refusal(over, "la partie est finie : il n'y a rien à suggérer", "over")
    if table.concessions.conceded(seat) or seat not in table.to_act() or not table.state.legal_actions(seat):
        raise suggestion_refusal(
            "it is not your turn: a move is suggested when you have one to make",
            "ce n'est pas à vous de jouer : un coup est suggéré quand vous en avez un à jouer",
            "not_your_turn",
        )
    wants_world = searches(bots_of(table.game)[LEVEL]())
    return table.turn(seat, now, world=wants_world)


def think(turn: Turn, *, seed: int) -> Suggestion:
    """The ``medium`` bot's move for ``turn`` (blocking: run it in a thread), with the game's
    reasons (:meth:`Game.why`)."""
    agent = bots_of(turn.game)[LEVEL](seed=seed)
    answer = agent.act(turn)
    for _ in range(PATIENCE):
        if not isinstance(answer, Wait) or answer.until is None or not math.isfinite(answer.until):
            break
        turn = replace(turn, now=max(turn.now, answer.until))
        answer = agent.act(turn)
    if isinstance(answer, Wait) or answer not in turn.legal:
        return Suggestion(None)
    notation = str(answer)
    told = dict(turn.game.why(turn.view, turn.seat, notation))
    marks = told.pop("marks", {})
    return Suggestion(notation, told, marks if isinstance(marks, dict) else {})


def suggestion_refusal(english: str, french: str, code: str) -> NoSuggestion:
    refused = NoSuggestion(english)
    refused.fr, refused.code = french, code
    return refused
