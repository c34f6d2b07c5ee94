"""'Suggest a move' tells nothing a seat may not know (issue 27): the medium bot's suggestion
and its reason are the same whichever of the worlds that seat cannot tell apart is the real one
(its hidden parts redrawn by ``determinize``), at several points of seeded games of the three
games with secrets; it is one of the seat's legal actions; and it is refused, with its code,
once the game is over or when the seat has nothing to decide."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.concession import Concede
from robotable.core.errors import IllegalAction
from robotable.core.rng import Rng
from robotable.play.suggestions import suggestion_turn, think
from robotable.play.table import Table, agent_turn

SECRET_GAMES = {
    "delivery": ({"turn_limit": 2}, 2),
    "robotick": ({}, 3),
    "dr2d": ({"turn_limit": 2}, 2),
}


def advance(table: Table, steps: int, rng: Rng) -> None:
    """Random legal actions for ``steps`` actions (referee's timers included)."""
    for _ in range(steps):
        if table.outcome() is not None:
            return
        seat = rng.choice(table.to_act())
        table.submit(seat, rng.choice(table.state.legal_actions(seat)), now=0.0)


@pytest.mark.parametrize("game", sorted(SECRET_GAMES))
@pytest.mark.parametrize("steps", [0, 3, 9])
def test_the_suggestion_is_the_same_in_every_world_the_seat_cannot_tell_apart(game: str, steps: int) -> None:
    options, seats = SECRET_GAMES[game]
    table = Table(games.get(game), options, seed=21, seats=["human"] * seats)
    advance(table, steps, Rng(steps))
    seat = table.to_act()[0]
    real = think(suggestion_turn(table, seat, now=0.0), seed=5)
    assert real.action in [str(a) for a in table.state.legal_actions(seat)]
    for guess in range(3):
        world = table.state.determinize(seat, Rng(100 + guess))
        assert world.view(seat) == table.state.view(seat)
        imagined = think(agent_turn(world, seat, [], 0.0, None), seed=5)
        assert imagined == real


def test_nothing_is_suggested_once_the_game_is_over() -> None:
    table = Table(games.get("delivery"), {"turn_limit": 2}, seed=1, seats=["human", "human"])
    table.submit(0, Concede(), now=0.0)
    with pytest.raises(IllegalAction) as refused:
        suggestion_turn(table, 1, now=0.0)
    assert refused.value.code == "over"


def test_a_seat_with_nothing_to_decide_is_refused() -> None:
    table = Table(games.get("dr2d"), {"turn_limit": 2}, seed=1, seats=["human", "human"])
    assert table.to_act() == [0]
    with pytest.raises(IllegalAction) as refused:
        suggestion_turn(table, 1, now=0.0)
    assert refused.value.code == "not_your_turn" and refused.value.fr


ALL_GAMES = {
    "ricochet": ({"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"}, 2),
    "dr2d": ({"turn_limit": 2}, 2),
    "delivery": ({"turn_limit": 2}, 2),
    "droids": ({"scenario": 1, "turn_limit": 3}, 2),
    "robotick": ({}, 3),
}


@pytest.mark.parametrize("game", sorted(ALL_GAMES))
def test_every_suggestion_along_a_game_is_legal_and_worded_in_both_languages(game: str) -> None:
    options, seats = ALL_GAMES[game]
    table = Table(games.get(game), options, seed=4, seats=["human"] * seats)
    words = {lang: games.get(game).words(lang) for lang in ("en", "fr")}
    rng, asked, now = Rng(1), 0, 0.0
    for step in range(300):
        if table.outcome() is not None:
            break
        if not table.to_act():  # only a timer moves the game on (Ricochet's sand timer)
            now = table.next_deadline() or now
            assert table.fire_due(now) is not None
            continue
        for seat in table.to_act() if step % 5 == 0 else []:
            legal = [str(a) for a in table.state.legal_actions(seat)]
            if not legal:
                continue
            made = think(suggestion_turn(table, seat, now=now), seed=step)
            asked += 1
            assert made.action is None or made.action in legal
            if made.why:
                assert all(f"why.{made.why['code']}" in catalogue for catalogue in words.values())
        seat = rng.choice(table.to_act())
        table.submit(seat, rng.choice(table.state.legal_actions(seat)), now=now)
    assert asked >= 3
