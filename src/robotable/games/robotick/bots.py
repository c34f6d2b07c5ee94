"""Robotick bots. They read only their seat's view.

- ``heuristic``: Droco is predictable (its open hand and AI card decide its card), so
  the bot works out Droco's card for each card it could play, estimates the chance
  that a player still to come takes the trick, and plays the card of best expected
  score: win Droco's valuable cards while hangars are free, avoid winning into full
  hangars, follow low when Droco takes the trick, shed costly cards when someone else
  wins. It passes away the cards most likely to be lost to Droco.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.game import Action, Seat, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.robotick.actions import Pass, Play, parse_action
from robotable.games.robotick.cards import (
    DECK,
    DROCO,
    HANDS,
    TYPES,
    AiCard,
    card,
    column_rule,
    kind,
    load_pv,
    name,
    strength,
)
from robotable.games.robotick.droco import choose, column_for

OVERTAKE_WILLINGNESS = 0.5
"""How often a later player who can take the trick is assumed to do so."""


class HeuristicBot:
    name = "heuristic"

    def act(self, turn: Turn) -> Action | Wait:
        if not turn.legal:
            return Wait()
        table = Table(turn.view)
        if turn.view["phase"] == "pass":
            return max(turn.legal, key=lambda a: table.danger(_card_of(a)))
        return max(turn.legal, key=lambda a: table.value_of_playing(_card_of(a)))


def _card_of(action: Action) -> int:
    assert isinstance(action, Pass | Play)
    return action.card


class Table:
    """What one seat knows, in card integers, and the estimates the bot draws from it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        options = view["options"]
        self.pv = load_pv(options["cards_file"], options["pv_table"])
        self.me: int = view["viewer"]
        self.hand = [card(c) for c in view["hand"]]
        self.droco = [card(c) for col in view["droco_hand"] for c in col]
        self.trump = TYPES.index(view["trump"])
        ai = view["ai_card"]
        self.ai = AiCard(ai["id"], tuple(ai["follow"]), tuple(ai["no-follow"]), tuple(ai["open"]))
        self.trick = [(p, card(c)) for p, c in view["trick"]]
        self.seating: list[int] = view["seating"]
        self.sizes: list[int] = view["hand_sizes"]
        self.free_hangars = view["hangars"] - len(view["captures"][self.me]["up"])
        played = {card(c) for t in view["tricks"] for _, c in t["cards"]} | {c for _, c in self.trick}
        known = played | set(self.hand) | set(self.droco) | {card(view["trump_card"])}
        self.unseen = [c for c in range(DECK) if c not in known]

    # ---- passing

    def danger(self, c: int) -> float:
        """How costly keeping ``c`` looks: a card Droco can beat may be lost for its PV."""
        if kind(c) == self.trump:
            return -self.pv[c]
        stronger = sum(1 for d in self.droco if kind(d) == kind(c) and d > c)
        return self.pv[c] * (1.0 if stronger else 0.3)

    # ---- playing

    def value_of_playing(self, c: int) -> float:
        trick = [*self.trick, (self.me, c)]
        led = kind(trick[0][1])
        later = self._later_players(trick)
        if DROCO in later:
            trick.append((DROCO, choose(self.ai, self.droco, led)))
        winner, best = self._winner(trick, led)
        humans_after = [p for p in later if p != DROCO]
        p_later = self._chance_overtaken(best, led, humans_after)
        droco_card = next(d for p, d in trick if p == DROCO)
        if winner == self.me:
            capture = self.pv[droco_card] if self.free_hangars > 0 else -self.pv[droco_card]
            return (1 - p_later) * capture - 0.01 * strength(c)  # the cheapest winning card
        if winner == DROCO:
            return -(1 - p_later) * self.pv[c] - 0.01 * strength(c)
        return 0.05 * self.pv[c]  # someone else wins: shed a card that could cost later

    def _later_players(self, trick: Sequence[tuple[int, int]]) -> list[int]:
        start = self.seating.index(trick[0][0])
        order = [self.seating[(start + i) % HANDS] for i in range(HANDS)]
        return order[len(trick) :]

    def _winner(self, trick: Sequence[tuple[int, int]], led: int) -> tuple[int, int]:
        trumps = [(c, p) for p, c in trick if kind(c) == self.trump]
        best, player = max(trumps) if trumps else max((c, p) for p, c in trick if kind(c) == led)
        return player, best

    def _chance_overtaken(self, best: int, led: int, players: Sequence[int]) -> float:
        if not players or not self.unseen:
            return 0.0
        beaters = sum(1 for c in self.unseen if self._beats(c, best, led))
        share = beaters / len(self.unseen)
        keep = 1.0
        for p in players:
            holds = 1 - (1 - share) ** self.sizes[p]
            keep *= 1 - OVERTAKE_WILLINGNESS * holds
        return 1 - keep

    def _beats(self, c: int, best: int, led: int) -> bool:
        if kind(c) == self.trump:
            return kind(best) != self.trump or c > best
        return kind(best) != self.trump and kind(c) == led and c > best


def hint(view: Mapping[str, Any], level: int) -> str:
    """Advice for a person at ``view``: the heuristic's choice, and why at level 2 and up
    (the AI card's rule that picks Droco's card, in English with its French words)."""
    legal = [parse_action(text) for text in view.get("legal", [])]
    if not legal:
        raise RobotableError("nothing to decide now")
    table = Table(view)
    if view["phase"] == "pass":
        best = max(legal, key=lambda a: table.danger(_card_of(a)))
        why = "a card Droco can beat may be lost for its PV" if level > 1 else ""
    else:
        best = max(legal, key=lambda a: table.value_of_playing(_card_of(a)))
        why = _droco_reason(table, _card_of(best)) if level > 1 else ""
    return f"try {best}" + (f" ({why})" if why else "")


def _droco_reason(table: Table, mine: int) -> str:
    """Droco's card in this trick: already played, or the one its AI card will pick."""
    played = next((c for p, c in table.trick if p == DROCO), None)
    if played is not None:
        return f"Droco's card in this trick: {name(played)}"
    led = kind(table.trick[0][1]) if table.trick else kind(mine)
    column = column_for(table.droco, led)
    rule = column_rule(column, table.ai.criteria(column))
    coming = name(choose(table.ai, table.droco, led))
    return f"Droco's card in this trick will be {coming}: AI card {table.ai.id}, {rule}"


def cheap_policy(_world: State, _seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
    """Rollouts: pass or play the weakest card (dumps low cards, keeps the strong ones for
    later tricks); a random one of the equally weak, so rollouts still vary."""
    weakest = min(strength(_card_of(a)) for a in legal)
    return rng.choice([a for a in legal if strength(_card_of(a)) == weakest])


LEVEL_PARTS: dict[str, Any] = {
    "heuristic": HeuristicBot,
    "policy": cheap_policy,
    "policy_about": "weakest-card",
    "hard": 150,
    "expert": 400,
}
"""What this game's difficulty levels are made of; ``robotable.agents.levels`` builds them and
says what each part means."""

BOTS: dict[str, Callable[..., Any]] = {
    "heuristic": lambda *, seed=0: HeuristicBot(),
}

ABOUT = {
    "heuristic": "works out Droco's card for each card it could play, plays the best expected score",
}
"""What each bot is, in a line (``robotable bots``)."""
