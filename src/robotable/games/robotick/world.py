"""A whole Robotick game made from one seat's view (RT-25): what the seat sees as it is, the rest
dealt at random as :meth:`RobotickState.determinize` would deal it (the other players' hands
and pass choices, the cards set aside, the gifts it did not see, the AI cards still to come),
respecting the suits each player has shown it lacks.

A bot that searches over the hidden parts of the game (``hard``, ``expert``) needs such a world
to start from; the server makes one from the true game, a remote bot (``robotable.client``)
from the view the server sent its seat, which is all it has.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.game import JSON, Game
from robotable.core.rng import Rng
from robotable.games.robotick.cards import ASIDE, DECK, DROCO, HUMANS, NAMES
from robotable.games.robotick.deal import constrained_deal
from robotable.games.robotick.state import RobotickState, left_of

CARD = {card_name: number for number, card_name in enumerate(NAMES)}


def world_from_view(game: Game, view: Mapping[str, JSON], seed: int = 0) -> RobotickState:
    """A state whose :meth:`~RobotickState.view` for the view's seat is ``view`` (a spectator's
    view has no seat: every hand but Droco's is then a guess)."""
    try:
        world = _made(game, view, Rng(seed))
        shows_it = _as_sent(world.view(world_seat(view))) == _as_sent(view)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:  # a view from the wire
        raise not_a_view() from exc
    if not shows_it:
        raise not_a_view()
    return world


def world_seat(view: Mapping[str, Any]) -> int | None:
    """The view's seat (None: a spectator's)."""
    viewer = view["viewer"]
    player = isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < HUMANS
    return viewer if player else None


def not_a_view() -> RobotableError:
    return RobotableError("this is not a Robotick view the server sends: no whole game shows it")


def _made(game: Game, view: Mapping[str, Any], rng: Rng) -> RobotickState:
    world = RobotickState(game, game.validate_options(view["options"]), Rng(rng.next_u64()))
    mine = world_seat(view)
    _public(world, view, rng)
    if mine is not None:
        world.hands[mine] = _cards(view["hand"])
        world.chosen[mine] = _cards(view["pass_chosen"])
        world.given[mine] = _cards(view["given"])
        world.given[(mine - 1) % HUMANS] = _cards(view["received"])
    _deal_unseen(world, view, mine, rng)
    return world


def _public(world: RobotickState, view: Mapping[str, Any], rng: Rng) -> None:
    """What every seat sees: the round, the trump, Droco's hand, the tricks and the scores."""
    world.round, world.phase = int(view["round"]) - 1, str(view["phase"])
    ids = [card.id for card in world.ai_deck]
    drawn = [ids.index(ai_id) for ai_id in view["ai_cards_drawn"]]
    undrawn = sorted(set(range(len(ids))) - set(drawn))
    rng.shuffle(undrawn)
    world.ai_order = drawn + undrawn
    world.trump = CARD[view["trump_card"]]
    world.hands[DROCO] = sorted(CARD[card] for column in view["droco_hand"] for card in column)
    world.leader = view["leader"] if view["leader"] is not None else DROCO
    world.trick = [[player, CARD[card]] for player, card in view["trick"]]
    world.history = [
        {"leader": t["leader"], "cards": [[p, CARD[c]] for p, c in t["cards"]], "winner": t["winner"]}
        for t in view["tricks"]
    ]
    world.up = [_cards(captured["up"]) for captured in view["captures"]]
    world.down = [_cards(captured["down"]) for captured in view["captures"]]
    world.scores = [list(scores) for scores in view["scores"]]


def _deal_unseen(world: RobotickState, view: Mapping[str, Any], mine: int | None, rng: Rng) -> None:
    """The other players' hands and the cards set aside, from the cards nobody showed the seat."""
    played = {card for _, card in world.trick} | {card for t in world.history for _, card in t["cards"]}
    holders = [seat for seat in range(HUMANS) if seat != mine]
    fixed: dict[int, list[int]] = {seat: [] for seat in holders}
    if mine is not None and world.phase == "play":  # what it gave, still in its neighbour's hand
        fixed[left_of(mine)] = [card for card in world.given[mine] if card not in played]
    seen = set(world.hands[DROCO]) | played | {world.trump} | {c for cards in fixed.values() for c in cards}
    if mine is not None:
        seen |= set(world.hands[mine])
    pool = sorted(set(range(DECK)) - seen)
    sizes = view["hand_sizes"]
    capacity = [sizes[seat] - len(fixed[seat]) for seat in holders] + [ASIDE]
    masks = world.voids()
    dealt = constrained_deal(pool, capacity, [masks[seat] for seat in holders] + [0], rng)
    for seat, extra in zip(holders, dealt[:-1], strict=True):
        world.hands[seat] = sorted(extra + fixed[seat])
        if world.phase == "pass":  # the others' pass choices: as many cards, from their hands
            hand = list(world.hands[seat])
            rng.shuffle(hand)
            world.chosen[seat] = sorted(hand[: view["passes_chosen"][seat]])
    world.aside = sorted(dealt[-1])
    if world.phase == "play":
        world._redraw_unknown_gifts(mine, rng)


def _as_sent(view: Mapping[str, Any]) -> Any:
    """A view as it travels (JSON: tuples become lists)."""
    return json.loads(json.dumps(view))


def _cards(card_names: Any) -> list[int]:
    """Cards by name, in the view's order (a hand's is sorted already; a choice keeps its own)."""
    return [CARD[card] for card in card_names]
