"""The tutorials' one route (a page route, not part of protocol 1): ``POST /api/tutorials/{game}/step``.

Stateless, like the replay of a record file: the page sends the step it shows, the learner's
answers so far (``played``) and, when the learner acted, the action; the server replays the
tutorial (:mod:`robotable.play.tutorials`: a few actions from a fixed position, a millisecond)
and answers the step to show. An action the step does not expect is answered with the step's
kind explanation (``wrong``) and the same step, never with a refusal: the learner only
misclicked. Refusals (400, 404, 422) are for requests no page of ours sends.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, Field

from robotable import games
from robotable.play import tutorials

MAX_ANSWERS = tutorials.MAX_STEPS
Notation = Annotated[str, Field(max_length=200)]


class TutorialStep(BaseModel):
    number: int = Field(ge=0, le=tutorials.MAX_STEPS, description="the step shown (0 the first)")
    played: list[Notation] = Field(
        default_factory=list,
        max_length=MAX_ANSWERS,
        description="the learner's answers to the steps before it that asked for an action, in order",
    )
    action: Notation | None = Field(default=None, description="the learner's action at this step, if any")
    lang: Literal["en", "fr"] = Field(default="en", description="the language of the texts")
    name: str = Field(
        default=tutorials.DEFAULT,
        max_length=40,
        pattern=r"^tutorial(-[a-z0-9]+)*$",
        description="which tutorial",
    )


def add_tutorials(app: FastAPI) -> None:
    """The tutorials' route (see the module's description)."""

    @app.post("/api/tutorials/{game_id}/step")
    async def tutorial_step(game_id: str, body: TutorialStep) -> dict[str, Any]:
        """The step ``number`` of the game's tutorial after the answers ``played``; with an
        ``action``: the next step when the step expects it, else the same step with ``wrong``."""
        return await asyncio.to_thread(answer, game_id, body)


def answer(game_id: str, body: TutorialStep) -> dict[str, Any]:
    game = games.get(game_id)
    try:
        tutorial = tutorials.load(game, body.name)
    except tutorials.NoTutorial as exc:
        raise HTTPException(404, str(exc)) from None
    try:
        if body.action is None:
            return shown(tutorial, tutorial.at(body.number, body.played), body.lang)
        here = tutorial.at(body.number, body.played)
        step = tutorial.steps[body.number]
        if not step.waits_for_action:
            raise ValueError(
                f"step {body.number} waits for no action: ask for step {body.number + 1} to go on"
            )
        if not tutorial.accepts(body.number, body.action):
            wrong = step.wrong or {}
            return shown(tutorial, here, body.lang, events=False) | {"wrong": wrong[body.lang]}
        played = [*here.played[: _asked(tutorial, body.number)], tutorial.canonical(body.action)]
        return shown(tutorial, tutorial.at(body.number + 1, played), body.lang)
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None


def _asked(tutorial: tutorials.Tutorial, number: int) -> int:
    """How many steps before step ``number`` asked for an action."""
    return sum(step.waits_for_action for step in tutorial.steps[:number])


def shown(
    tutorial: tutorials.Tutorial, progress: tutorials.Progress, lang: str, *, events: bool = True
) -> dict[str, Any]:
    """What the page shows of a step: its text, what it points at, the board as the learner sees
    it, the learner's legal actions when the step waits for one, and what moved to get there."""
    step = tutorial.steps[progress.number]
    state, learner = progress.state, tutorial.learner
    legal = [str(action) for action in state.legal_actions(learner)] if step.waits_for_action else []
    return {
        "game": tutorial.game.id,
        "name": tutorial.name,
        "title": tutorial.title[lang],
        "number": progress.number,
        "total": len(tutorial.steps),
        "text": step.text[lang],
        "point": step.point.to_dict(),
        "waits": "action" if step.waits_for_action else "continue",
        "board": tutorial.drawing(state, lang),
        "legal": legal,
        "played": list(progress.played[: _asked(tutorial, progress.number)]),
        "events": progress.events if events else [],
        "done": progress.number == len(tutorial.steps) - 1,
        "wrong": None,
    }
