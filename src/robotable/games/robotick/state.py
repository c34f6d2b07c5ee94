"""The Robotick position and its rules (RT-1..RT-26).

Players are indexed 0..2 (the three humans) and :data:`DROCO` = 3. Every hand is a
sorted list of card integers (see :mod:`cards`). The engine plays Droco's card
itself as soon as its turn comes, so ``to_act()`` only ever names humans.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from robotable.core.errors import IllegalAction
from robotable.core.game import JSON, Action, Event, Game, Outcome, Seat, State
from robotable.core.rng import Rng
from robotable.games.robotick import droco, state_check
from robotable.games.robotick.actions import Pass, Play
from robotable.games.robotick.cards import (
    ASIDE,
    DECK,
    DROCO,
    HAND,
    HANDS,
    HUMANS,
    NAMES,
    PASS_COUNT,
    ROUNDS,
    TYPES,
    AiCard,
    columns,
    kind,
    load_ai_cards,
    load_pv,
    name,
    names,
)
from robotable.games.robotick.deal import constrained_deal
from robotable.games.robotick.events import (
    CardPlayed,
    CardsPassed,
    GameOver,
    PassChosen,
    RoundScored,
    RoundStarted,
    TrickWon,
)


def left_of(seat: int) -> int:
    """The human on ``seat``'s left, who receives its passed cards (RT-9)."""
    return (seat + 1) % HUMANS


def seating(round_index: int) -> list[int]:
    """RT-5: clockwise order from P0, Droco inserted on the left of seat ``round_index``."""
    order = [0, 1, 2]
    order.insert(round_index + 1, DROCO)
    return order


_NEXT_PLAYER = tuple(
    {player: order[(i + 1) % HANDS] for i, player in enumerate(order)}
    for order in map(seating, range(ROUNDS))
)
"""Per round, who plays after whom (RT-5's seating, looked up: asked several times a card)."""


_PASS = tuple(Pass(c) for c in range(DECK))
_PLAY = tuple(Play(c) for c in range(DECK))
"""Each card's actions, made once (actions are frozen): legal_actions lists a hand's every step."""


def player_name(player: int) -> str:
    return "Droco" if player == DROCO else f"P{player}"


class RobotickState(State):
    """One Robotick game in progress (flat lists of ints, cheap to copy and serialise)."""

    def __init__(self, game: Game, options: Mapping[str, Any], rng: Rng) -> None:
        self.game = game
        self.seats = HUMANS
        self.options = dict(options)
        self.rng = rng
        self.pv = load_pv(self.options["cards_file"], self.options["pv_table"])
        self.ai_deck: tuple[AiCard, ...] = load_ai_cards(self.options["ai_cards_file"])
        self.round = 0
        self.phase = "pass"
        self.ai_order: list[int] = []  # shuffled AI deck; round r uses ai_order[r] (RT-6)
        self.trump = 0
        self.aside: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(HANDS)]
        self.chosen: list[list[int]] = [[] for _ in range(HUMANS)]  # pass choices before the exchange
        self.given: list[list[int]] = [[] for _ in range(HUMANS)]  # cards each seat gave this round
        self.leader = DROCO
        # the round's finished tricks and captures are only ever appended to, and a new round
        # brings new lists for all of them at once (envs/robotick.py reads only what was added)
        self.trick: list[list[int]] = []  # [player, card] in play order
        self.history: list[dict[str, Any]] = []  # this round's finished tricks
        self.up: list[list[int]] = [[] for _ in range(HUMANS)]
        self.down: list[list[int]] = [[] for _ in range(HUMANS)]
        self.scores: list[list[int]] = []  # one [s0, s1, s2] per finished round

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, game: Game, options: Mapping[str, Any], rng: Rng) -> RobotickState:
        state = cls(game, options, rng)
        state.ai_order = list(range(len(state.ai_deck)))
        rng.shuffle(state.ai_order)
        state._start_round()
        return state

    def _start_round(self) -> list[Event]:
        """RT-6..RT-8: draw the AI card, turn the trump, set 3 cards aside, deal 12 each."""
        deck = list(range(DECK))
        self.rng.shuffle(deck)
        self.trump = deck[0]
        self.aside = sorted(deck[1 : 1 + ASIDE])
        rest = deck[1 + ASIDE :]
        self.hands = [sorted(rest[HAND * p : HAND * (p + 1)]) for p in range(HANDS)]
        self.chosen = [[] for _ in range(HUMANS)]
        self.given = [[] for _ in range(HUMANS)]
        self.up = [[] for _ in range(HUMANS)]
        self.down = [[] for _ in range(HUMANS)]
        self.history = []
        self.trick = []
        self.leader = DROCO
        self.phase = "pass"
        droco_hand = [c for column in columns(self.hands[DROCO]) for c in column]
        return [
            RoundStarted(
                self.round + 1, self.ai_card.id, name(self.trump), self.round, tuple(names(droco_hand))
            )
        ]

    # ------------------------------------------------------------------ derived facts

    @property
    def ai_card(self) -> AiCard:
        drawn = 0 if self.options["fixed_ai_card"] else self.round
        return self.ai_deck[self.ai_order[drawn]]

    @property
    def trump_type(self) -> int:
        return kind(self.trump)

    @property
    def led_type(self) -> int | None:
        return kind(self.trick[0][1]) if self.trick else None

    def next_player(self, player: int) -> int:
        return _NEXT_PLAYER[self.round][player]

    def current_player(self) -> int | None:
        if self.phase != "play":
            return None
        return self.next_player(self.trick[-1][0]) if self.trick else self.leader

    def playable(self, player: int) -> list[int]:
        """RT-12: the led type if the hand holds it, anything otherwise."""
        hand = self.hands[player]
        led = self.led_type
        if led is None:
            return list(hand)
        same = [c for c in hand if kind(c) == led]
        return same or list(hand)

    def round_score(self, seat: int) -> int:
        """RT-23: face-up PV minus face-down PV."""
        value = self.pv.__getitem__  # map, not a generator: every view asks for each seat's
        return sum(map(value, self.up[seat])) - sum(map(value, self.down[seat]))

    def totals(self) -> list[int]:
        """Each seat's sum of its finished rounds' scores."""
        return [sum(column) for column in zip(*self.scores, strict=True)] if self.scores else [0] * HUMANS

    def voids(self) -> list[int]:
        """Per player, a mask of the types it has shown it lacks this round (by not following)."""
        masks = [0, 0, 0, 0]
        tricks = [t["cards"] for t in self.history] + ([self.trick] if self.trick else [])
        for cards_played in tricks:
            led = kind(cards_played[0][1])
            for player, c in cards_played[1:]:
                if kind(c) != led:
                    masks[player] |= 1 << led
        return masks

    # ------------------------------------------------------------------ turns

    def to_act(self) -> list[Seat]:
        if self.phase == "pass":
            return [s for s in range(HUMANS) if len(self.chosen[s]) < PASS_COUNT]
        current = self.current_player()
        return [current] if current is not None else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self.phase == "pass":
            if seat not in range(HUMANS) or len(self.chosen[seat]) >= PASS_COUNT:
                return []
            return [_PASS[c] for c in self.hands[seat] if c not in self.chosen[seat]]
        if self.phase == "play" and seat == self.current_player():
            return [_PLAY[c] for c in self.playable(seat)]
        return []

    def check_rules(self, seat: Seat, action: Action) -> None:
        # the contract has refused any seat but 0..2 and the referee (Droco's seat 3 included,
        # RT-26), and any card that is not 0..51
        if seat not in range(HUMANS):
            raise IllegalAction("Robotick has no timers: the referee has no move", seat=seat)
        if self.phase == "over":
            raise IllegalAction("the game is over", seat=seat, action=action)
        if isinstance(action, Pass):
            self._check_pass(seat, action)
        elif isinstance(action, Play):
            self._check_play(seat, action)
        else:
            raise IllegalAction(f"{action} is not a Robotick action", seat=seat, action=action)

    def _check_pass(self, seat: int, action: Pass) -> None:
        card_name = name(action.card)
        if self.phase != "pass":
            raise IllegalAction("cards are passed only before the first trick of a round", seat=seat)
        if len(self.chosen[seat]) >= PASS_COUNT:
            raise IllegalAction("you have already passed your 2 cards", seat=seat, action=action)
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"{card_name} is not in your hand", seat=seat, action=action)
        if action.card in self.chosen[seat]:
            raise IllegalAction(f"you already chose to pass {card_name}", seat=seat, action=action)

    def _check_play(self, seat: int, action: Play) -> None:
        card_name = name(action.card)
        if self.phase == "pass":
            raise IllegalAction("first pass 2 cards to the player on your left", seat=seat, action=action)
        current = self.current_player()
        if current is not None and seat != current:
            raise IllegalAction(f"it is {player_name(current)}'s turn, not yours", seat=seat)
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"{card_name} is not in your hand", seat=seat, action=action)
        if action.card not in self.playable(seat):
            led = TYPES[self.led_type or 0]
            raise IllegalAction(f"you must follow {led}: you hold a {led} card", seat=seat, action=action)

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, Pass):
            return self._pass(seat, action.card)
        assert isinstance(action, Play)
        return self._play(seat, action.card) + self._advance()

    # ------------------------------------------------------------------ passing (RT-9)

    def _pass(self, seat: int, c: int) -> list[Event]:
        self.chosen[seat].append(c)
        events: list[Event] = [PassChosen(seat, name(c), len(self.chosen[seat]))]
        if all(len(chosen) == PASS_COUNT for chosen in self.chosen):
            events += self._exchange()
        return events

    def _exchange(self) -> list[Event]:
        """Everyone has chosen: the cards change hands at once, and Droco leads (RT-10)."""
        events: list[Event] = []
        for seat in range(HUMANS):
            for c in self.chosen[seat]:
                self.hands[seat].remove(c)
        for seat in range(HUMANS):
            receiver = left_of(seat)
            self.hands[receiver] = sorted(self.hands[receiver] + self.chosen[seat])
            self.given[seat] = sorted(self.chosen[seat])
            events.append(CardsPassed(seat, receiver, tuple(names(self.given[seat]))))
        self.chosen = [[] for _ in range(HUMANS)]
        self.phase = "play"
        self.leader = DROCO
        return events + self._advance()

    # ------------------------------------------------------------------ tricks

    def _play(self, player: int, c: int, column: str | None = None) -> list[Event]:
        self.hands[player].remove(c)
        self.trick.append([player, c])
        return [CardPlayed(player, name(c), column)]

    def _advance(self) -> list[Event]:
        """Play Droco's turns and close full tricks until a human must act (RT-14, RT-17)."""
        events: list[Event] = []
        while self.phase == "play":
            if len(self.trick) == 4:
                events += self._close_trick()
            elif self.current_player() == DROCO:
                hand = self.hands[DROCO]
                column = droco.column_for(hand, self.led_type)
                events += self._play(DROCO, droco.choose(self.ai_card, hand, self.led_type), column)
            else:
                break
        return events

    def trick_winner(self) -> int:
        return self.winner_of(self.trick, self.trump_type)

    @staticmethod
    def winner_of(trick: Sequence[Sequence[int]], trump: int) -> int:
        """RT-13: the strongest trump if any was played, else the strongest of the led type."""
        trumps = [(c, p) for p, c in trick if kind(c) == trump]
        if trumps:
            return max(trumps)[1]
        led = kind(trick[0][1])
        return max((c, p) for p, c in trick if kind(c) == led)[1]

    def _close_trick(self) -> list[Event]:
        winner = self.trick_winner()
        number = len(self.history) + 1
        by_player = {p: c for p, c in self.trick}
        if winner == DROCO:  # RT-15: every human keeps their own card face down
            for seat in range(HUMANS):
                self.down[seat].append(by_player[seat])
            negatives = tuple(name(by_player[s]) for s in range(HUMANS))
            event = TrickWon(number, DROCO, None, False, negatives)
        else:  # RT-16: Droco's card into a free hangar, else face down
            captured = by_player[DROCO]
            face_up = len(self.up[winner]) < self.options["hangars"]
            (self.up if face_up else self.down)[winner].append(captured)
            event = TrickWon(number, winner, name(captured), face_up, (None, None, None))
        self.history.append({"leader": self.trick[0][0], "cards": self.trick, "winner": winner})
        self.trick = []
        self.leader = winner
        events: list[Event] = [event]
        if not self.hands[DROCO]:
            events += self._end_round()
        return events

    def _end_round(self) -> list[Event]:
        """RT-23, RT-24: score the round, then deal the next or end the game."""
        round_scores = [self.round_score(s) for s in range(HUMANS)]
        self.scores.append(round_scores)
        events: list[Event] = [RoundScored(self.round + 1, tuple(round_scores), tuple(self.totals()))]
        if self.round + 1 == ROUNDS:
            self.phase = "over"
            outcome = self.outcome()
            assert outcome is not None
            return [*events, GameOver(tuple(self.totals()), outcome.winners)]
        self.round += 1
        return events + self._start_round()

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        totals = self.totals()
        detail = "totals " + ", ".join(f"P{s} {t}" for s, t in enumerate(totals))
        return Outcome.from_scores(totals, detail)

    # ------------------------------------------------------------------ reading

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        """RT-25: public facts, plus the seat's own hand and the cards it gave and received."""
        mine = seat if seat in range(HUMANS) else None
        current = self.current_player()
        view: dict[str, JSON] = {
            "game": "robotick",
            "viewer": mine,
            "phase": self.phase,
            "round": self.round + 1,
            "rounds": ROUNDS,
            "trick_number": min(len(self.history) + 1, HAND),
            "options": dict(self.options),
            "hangars": self.options["hangars"],
            "seating": seating(self.round),
            "ai_card": self.ai_card.to_dict(),
            "ai_cards_drawn": self._drawn_ai_ids(),
            "trump_card": name(self.trump),
            "trump": TYPES[self.trump_type],
            "droco_hand": [names(col) for col in columns(self.hands[DROCO])],
            "hand_sizes": [len(h) for h in self.hands],
            "passes_chosen": [len(c) for c in self.chosen],
            "to_act": self.to_act(),
            "to_play": current,
            "leader": self.leader if self.phase == "play" else None,
            "trick": [[p, NAMES[c]] for p, c in self.trick],
            "led": TYPES[self.led_type] if self.trick else None,
            "tricks": [
                {
                    "leader": t["leader"],
                    "cards": [[p, NAMES[c]] for p, c in t["cards"]],
                    "winner": t["winner"],
                }
                for t in self.history
            ],
            "captures": [{"up": names(self.up[s]), "down": names(self.down[s])} for s in range(HUMANS)],
            "round_score": [self.round_score(s) for s in range(HUMANS)],
            "scores": [list(r) for r in self.scores],
            "totals": self.totals(),
        }
        if mine is not None:
            view["hand"] = names(self.hands[mine])
            view["legal"] = [str(a) for a in self.legal_actions(mine)]
            view["pass_chosen"] = names(self.chosen[mine])
            view["given"] = names(self.given[mine])
            view["received"] = names(self.given[(mine - 1) % HUMANS])
        return view

    def _drawn_ai_ids(self) -> list[str]:
        count = 1 if self.options["fixed_ai_card"] else self.round + 1
        return [self.ai_deck[i].id for i in self.ai_order[:count]]

    def events_for(self, events: Sequence[Event], seat: Seat | None) -> list[dict[str, JSON]]:
        """Passed cards are shown only to the seat passing them and, at the exchange, its receiver."""
        out = []
        for event in events:
            data = event.to_dict()
            if isinstance(event, PassChosen) and seat != event.seat:
                data["card"] = None
            elif isinstance(event, CardsPassed) and seat not in (event.giver, event.receiver):
                data["cards"] = None
            out.append(data)
        return out

    # ------------------------------------------------------------------ storing

    def to_dict(self) -> dict[str, JSON]:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "round": self.round,
            "phase": self.phase,
            "ai_order": list(self.ai_order),
            "trump": self.trump,
            "aside": list(self.aside),
            "hands": [list(h) for h in self.hands],
            "chosen": [list(c) for c in self.chosen],
            "given": [list(g) for g in self.given],
            "leader": self.leader,
            "trick": [list(pc) for pc in self.trick],
            "history": _copy_history(self.history),
            "up": [list(u) for u in self.up],
            "down": [list(d) for d in self.down],
            "scores": [list(r) for r in self.scores],
        }

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, JSON]) -> RobotickState:
        """A state from its :meth:`to_dict` form, checked field by field and as a position
        (see :mod:`state_check`): saved states come from files and the wire."""
        state = cls(game, game.validate_options(data["options"]), Rng(0))
        state._restore(state_check.read_fields(data, len(state.ai_deck)))
        state_check.check_position(state)
        return state

    def clone(self) -> Self:
        """A copy of this live state. It is trusted, so it skips the checks a saved state goes
        through (search bots clone often)."""
        twin = type(self)(self.game, self.options, Rng(0))
        twin._restore(self.to_dict())  # to_dict copies every list: nothing is shared
        return twin

    def _restore(self, fields: Mapping[str, Any]) -> None:
        """Set every field from ``fields`` (the :meth:`to_dict` keys), whose lists are fresh copies."""
        self.rng = Rng.from_state(fields["rng"])
        self.round = fields["round"]
        self.phase = fields["phase"]
        self.ai_order = fields["ai_order"]
        self.trump = fields["trump"]
        self.aside = fields["aside"]
        self.hands = fields["hands"]
        self.chosen = fields["chosen"]
        self.given = fields["given"]
        self.leader = fields["leader"]
        self.trick = fields["trick"]
        self.history = fields["history"]
        self.up = fields["up"]
        self.down = fields["down"]
        self.scores = fields["scores"]

    # ------------------------------------------------------------------ hidden information

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """Redeal what ``seat`` has not seen, consistent with all it has seen.

        Unseen: the other humans' hands, the 3 cards set aside, others' pass choices,
        the undrawn AI cards and the generator (the future deals). Kept: shown voids
        and, once passed, the seat's own passed cards in its left neighbour's hand.
        """
        world = self.clone()
        world.rng = rng.spawn()
        drawn = 1 if self.options["fixed_ai_card"] else self.round + 1
        # every pool is sorted before it is shuffled: the guess must depend on what the seat
        # sees, never on how the hidden cards happen to lie (a search bot would read it)
        undrawn = sorted(world.ai_order[drawn:])
        rng.shuffle(undrawn)
        world.ai_order[drawn:] = undrawn
        if self.phase == "over":
            return world
        mine = seat if seat in range(HUMANS) else None
        holders = [s for s in range(HUMANS) if s != mine]
        fixed: dict[int, list[int]] = {s: [] for s in holders}
        if mine is not None and self.phase == "play":
            fixed[left_of(mine)] = [c for c in self.given[mine] if c in self.hands[left_of(mine)]]
        pool = sorted([c for s in holders for c in self.hands[s] if c not in fixed[s]] + self.aside)
        capacity = [len(self.hands[s]) - len(fixed[s]) for s in holders] + [ASIDE]
        masks = self.voids()
        dealt = constrained_deal(pool, capacity, [masks[s] for s in holders] + [0], rng)
        for s, extra in zip(holders, dealt[:-1], strict=True):
            world.hands[s] = sorted(extra + fixed[s])
            # others' unrevealed pass choices: as many cards, drawn from the new hand
            if self.phase == "pass":
                world.chosen[s] = _sample(world.hands[s], len(self.chosen[s]), rng)
        world.aside = dealt[-1]
        if self.phase == "play":
            world._redraw_unknown_gifts(mine, rng)
        return world

    def _redraw_unknown_gifts(self, mine: int | None, rng: Rng) -> None:
        """Gifts ``mine`` did not see: two cards the receiver holds or has played this round."""
        known = set() if mine is None else {mine, (mine - 1) % HUMANS}
        for giver in range(HUMANS):
            if giver in known:
                continue
            receiver = left_of(giver)
            played = [c for t in self.history for p, c in t["cards"] if p == receiver]
            played += [c for p, c in self.trick if p == receiver]
            options = [c for c in self.hands[receiver] + played if mine is None or c not in self.given[mine]]
            self.given[giver] = sorted(_sample(options, PASS_COUNT, rng))


def _copy_history(history: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A deep copy of finished tricks, so that a serialised state shares no list with the live one."""
    return [
        {"leader": t["leader"], "cards": [list(pc) for pc in t["cards"]], "winner": t["winner"]}
        for t in history
    ]


def _sample(items: list[int], count: int, rng: Rng) -> list[int]:
    picked = list(items)
    rng.shuffle(picked)
    return picked[:count]
