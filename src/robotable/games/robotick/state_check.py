"""Reading a saved Robotick state from outside (a file, the wire) without trusting it.

A saved state is checked in two steps. :func:`read_fields` checks each field's shape
(exact types, bounded lengths and numbers), so nothing hostile can make the engine
allocate or loop: every list has at most a few dozen items and every number is small.
:func:`check_position` then checks that the fields describe a position the rules can
reach (each of the 52 cards in exactly one place, hands of the right size, tricks in
seating order and won by the right card, captures matching the tricks), so no later
action, view or redeal meets an impossible position.

Problems are ``ValueError``\\ s naming the field; the contract turns them into a
:class:`~robotable.core.errors.StateError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from robotable.games.robotick.cards import ASIDE, DECK, DROCO, HAND, HUMANS, PASS_COUNT, PV_MAX, ROUNDS, kind

PLAYERS = HUMANS + 1  # and Droco
PHASES = ("pass", "play", "over")
MAX_SCORE = DECK * PV_MAX
"""No round score can go beyond every card's PV."""
RNG_LIMIT = (1 << 64) - 1


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def whole(value: object, field: str, low: int, high: int) -> int:
    """An exact ``int`` (not a bool, not a float) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{field}: expected a whole number {low}..{high}, not {_short(value)}")
    return value


def _rng(value: object) -> int:
    if type(value) is not int or not 0 <= value <= RNG_LIMIT:
        raise ValueError(f"rng: expected a 64-bit whole number, not {_short(value)}")
    return value


def items(value: object, field: str, low: int, high: int) -> list[Any]:
    """A JSON list of ``low..high`` items."""
    if type(value) is not list:
        raise ValueError(f"{field}: expected a list, not {_short(value)}")
    if not low <= len(value) <= high:
        raise ValueError(f"{field}: expected {low}..{high} items, found {len(value)}")
    return value


def cards(value: object, field: str, low: int = 0, high: int = HAND, *, ordered: bool = True) -> list[int]:
    """A list of distinct cards 0..51, in increasing order when ``ordered`` (as the engine
    keeps hands and piles; pass choices keep the order they were made in)."""
    listed = items(value, field, low, high)
    for index, c in enumerate(listed):
        whole(c, f"{field}[{index}]", 0, DECK - 1)
    if len(set(listed)) != len(listed):
        raise ValueError(f"{field}: a card is listed twice")
    if ordered and listed != sorted(listed):
        raise ValueError(f"{field}: cards must be in increasing order")
    return list(listed)


def played(value: object, field: str, high: int) -> list[list[int]]:
    """A trick: ``[player, card]`` pairs."""
    pairs = items(value, field, 0, high)
    out = []
    for index, pair in enumerate(pairs):
        where = f"{field}[{index}]"
        player, c = items(pair, where, 2, 2)
        out.append([whole(player, where, 0, DROCO), whole(c, where, 0, DECK - 1)])
    return out


def history(value: object) -> list[dict[str, Any]]:
    """This round's finished tricks: leader, the 4 cards played, winner."""
    out = []
    for index, trick in enumerate(items(value, "history", 0, HAND)):
        where = f"history[{index}]"
        if not isinstance(trick, Mapping) or set(trick) != {"leader", "cards", "winner"}:
            raise ValueError(f"{where}: expected the fields leader, cards and winner")
        out.append(
            {
                "leader": whole(trick["leader"], f"{where}.leader", 0, DROCO),
                "cards": played(trick["cards"], f"{where}.cards", PLAYERS),
                "winner": whole(trick["winner"], f"{where}.winner", 0, DROCO),
            }
        )
        if len(out[-1]["cards"]) != PLAYERS:
            raise ValueError(f"{where}.cards: a finished trick holds 4 cards")
    return out


def per_seat(value: object, field: str, count: int, high: int, *, ordered: bool = True) -> list[list[int]]:
    listed = items(value, field, count, count)
    return [cards(v, f"{field}[{i}]", 0, high, ordered=ordered) for i, v in enumerate(listed)]


def read_fields(data: Mapping[str, Any], ai_count: int) -> dict[str, Any]:
    """Every field of a saved state, its shape checked; ``ai_count`` is the AI deck's size."""
    order = items(data["ai_order"], "ai_order", ai_count, ai_count)
    if sorted(whole(i, "ai_order", 0, ai_count - 1) for i in order) != list(range(ai_count)):
        raise ValueError("ai_order: expected each AI card of the deck once")
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase: expected one of {', '.join(PHASES)}, not {_short(phase)}")
    scores = items(data["scores"], "scores", 0, ROUNDS)
    return {
        "rng": _rng(data["rng"]),
        "round": whole(data["round"], "round", 0, ROUNDS - 1),
        "phase": phase,
        "ai_order": list(order),
        "trump": whole(data["trump"], "trump", 0, DECK - 1),
        "aside": cards(data["aside"], "aside", ASIDE, ASIDE),
        "hands": per_seat(data["hands"], "hands", PLAYERS, HAND),
        "chosen": per_seat(data["chosen"], "chosen", HUMANS, PASS_COUNT, ordered=False),
        "given": per_seat(data["given"], "given", HUMANS, PASS_COUNT),
        "leader": whole(data["leader"], "leader", 0, DROCO),
        "trick": played(data["trick"], "trick", PLAYERS - 1),
        "history": history(data["history"]),
        "up": per_seat(data["up"], "up", HUMANS, HAND, ordered=False),
        "down": per_seat(data["down"], "down", HUMANS, HAND, ordered=False),
        "scores": [
            [whole(v, f"scores[{r}]", -MAX_SCORE, MAX_SCORE) for v in items(row, f"scores[{r}]", 3, 3)]
            for r, row in enumerate(scores)
        ],
    }


# --------------------------------------------------------------------------- the position


class RobotickState(Protocol):
    """What the position checks read of a state (the state module sits above this one)."""

    options: Mapping[str, Any]
    phase: str
    round: int
    trump: int
    trump_type: int
    aside: list[int]
    hands: list[list[int]]
    trick: list[tuple[int, int]]
    history: list[dict[str, Any]]
    leader: int
    scores: list[Any]
    up: list[list[int]]
    down: list[list[int]]
    chosen: list[list[int]]
    given: list[list[int]]

    def current_player(self) -> int | None: ...
    def next_player(self, player: int) -> int: ...
    def voids(self) -> list[int]: ...
    def winner_of(self, trick: Sequence[Sequence[int]], trump: int) -> int: ...


def check_position(state: RobotickState) -> None:
    """Refuse a position the rules cannot reach (``ValueError`` naming the field)."""
    _check_cards_once(state)
    _check_phase(state)
    _check_tricks(state)
    _check_captures(state)
    _check_passes(state)


def _check_cards_once(state: RobotickState) -> None:
    """Each of the 52 cards lies in exactly one place (RT-7): trump, aside, a hand, a trick."""
    places = [[state.trump], state.aside, *state.hands, [c for _, c in state.trick]]
    places += [[c for _, c in t["cards"]] for t in state.history]
    every = [c for place in places for c in place]
    if sorted(every) != list(range(DECK)):
        raise ValueError("hands, aside, trump and tricks: each of the 52 cards must lie in one place")


def _check_phase(state: RobotickState) -> None:
    done = len(state.history)
    if len(state.scores) != (ROUNDS if state.phase == "over" else state.round):
        raise ValueError("scores: expected one row per finished round")
    if state.phase == "over" and (state.round != ROUNDS - 1 or done != HAND):
        raise ValueError("phase: the game ends after the 12th trick of round 3")
    if state.phase == "pass" and (done or state.trick or state.leader != DROCO):
        raise ValueError("phase: no trick is played while passing, and Droco leads the first")
    if state.phase == "play" and done == HAND:
        raise ValueError("history: a round has 12 tricks")
    in_trick = {player for player, _ in state.trick}
    for player, hand in enumerate(state.hands):
        if len(hand) + (player in in_trick) != HAND - done:
            raise ValueError(f"hands[{player}]: expected {HAND - done - (player in in_trick)} cards")


def _check_tricks(state: RobotickState) -> None:
    """Tricks go clockwise from their leader, the winner leads next (RT-10, RT-11), the
    right card wins (RT-13), and nobody holds a type they failed to follow (RT-12)."""
    leader = DROCO
    for index, trick in enumerate(state.history):
        where = f"history[{index}]"
        if trick["leader"] != leader:
            raise ValueError(f"{where}.leader: expected {leader}, the winner of the trick before")
        _check_order(state, trick["cards"], leader, f"{where}.cards")
        if trick["winner"] != state.winner_of(trick["cards"], state.trump_type):
            raise ValueError(f"{where}.winner: not the winner of these cards (RT-13)")
        leader = trick["winner"]
    if state.phase == "play" and state.leader != leader:
        raise ValueError(f"leader: expected {leader}, the winner of the last trick")
    _check_order(state, state.trick, state.leader, "trick")
    if state.current_player() == DROCO:
        raise ValueError("trick: Droco's turn is played by the engine, never saved")
    for player, mask in enumerate(state.voids()):
        if any(mask >> kind(c) & 1 for c in state.hands[player]):
            raise ValueError(f"hands[{player}]: holds a type it did not follow (RT-12)")


def _check_order(state: RobotickState, trick: Sequence[Sequence[int]], leader: int, field: str) -> None:
    player = leader
    for index, (who, _) in enumerate(trick):
        if who != player:
            raise ValueError(f"{field}[{index}]: expected player {player} (clockwise from the leader)")
        player = state.next_player(player)


def _check_captures(state: RobotickState) -> None:
    """The captures are exactly what this round's tricks gave (RT-15, RT-16)."""
    up: list[list[int]] = [[] for _ in range(HUMANS)]
    down: list[list[int]] = [[] for _ in range(HUMANS)]
    for trick in state.history:
        by_player = {p: c for p, c in trick["cards"]}
        winner = trick["winner"]
        if winner == DROCO:
            for seat in range(HUMANS):
                down[seat].append(by_player[seat])
        else:
            face_up = len(up[winner]) < state.options["hangars"]
            (up if face_up else down)[winner].append(by_player[DROCO])
    if up != state.up or down != state.down:
        raise ValueError("up, down: the captures do not match this round's tricks")


def _check_passes(state: RobotickState) -> None:
    """Choices are made from one's own hand while passing; after the exchange each seat's
    two given cards are with its left neighbour or were played by it (RT-9)."""
    passing = state.phase == "pass"
    for seat in range(HUMANS):
        chosen, given = state.chosen[seat], state.given[seat]
        if chosen and (not passing or not set(chosen) <= set(state.hands[seat])):
            raise ValueError(f"chosen[{seat}]: cards chosen to pass come from the hand, while passing")
        if len(given) != (0 if passing else PASS_COUNT):
            raise ValueError(f"given[{seat}]: expected {0 if passing else PASS_COUNT} cards")
        receiver = (seat + 1) % HUMANS
        reached = set(state.hands[receiver]) | {c for p, c in state.trick if p == receiver}
        reached |= {c for t in state.history for p, c in t["cards"] if p == receiver}
        if not set(given) <= reached:
            raise ValueError(f"given[{seat}]: the cards given are not with player {receiver}")
    if passing and all(len(c) == PASS_COUNT for c in state.chosen):
        raise ValueError("chosen: when all three have chosen, the cards change hands at once")
