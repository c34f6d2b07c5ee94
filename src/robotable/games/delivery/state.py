"""The state of a Robot Delivery game: decks, hands, programs, function boards, pawns.

A round is one programming phase (every seat acts, secretly, until it submits) followed
by the whole resolution, draw and token pass, which run at once when the last program
is submitted (RD-8). Draw piles keep their top at the end of the list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.core.game import JSON, REFEREE, Action, Event, Outcome, Seat, State, Timer
from robotable.core.rng import Rng
from robotable.games.delivery import events as ev
from robotable.games.delivery.actions import SUBMIT, TIME_UP, PlaceFunction, Program, Take, Word
from robotable.games.delivery.board import DIRECTIONS, Board, load_board, load_decks
from robotable.games.delivery.cards import (
    ALL_CARDS,
    BUG,
    COLOURS,
    LETTERS,
    LOOP,
    SLOTS,
    function_letter,
    is_action,
    sort_cards,
)
from robotable.games.delivery.engine import Resolver

PROGRAMMING, OVER = "programming", "over"
MIN_CYCLE = SLOTS  # digital decision: a player always keeps enough cards to fill the onPlay board


class DeliveryState(State):
    def __init__(self, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> None:
        self.game = game
        self.options = options
        self.rng = rng
        self.seats = seats
        self.board: Board = load_board(options["board_file"])
        self.round = 1
        self.first = 0
        self.phase = PROGRAMMING
        self.winner: int | None = None
        self.pos: list[int] = []
        self.facing: list[int] = []
        self.parcel = [False] * seats
        self.delivered = [0] * seats
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.draw: list[list[str]] = [[] for _ in range(seats)]
        self.discard: list[list[str]] = [[] for _ in range(seats)]
        self.bug_top = [0] * seats  # known BUG cards on top of each draw pile (RD-16, public)
        self.program: list[list[list[str]]] = [[[] for _ in range(SLOTS)] for _ in range(seats)]
        self.submitted = [False] * seats
        self.fboards: list[dict[str, list[list[str]]]] = [{} for _ in range(seats)]
        self.bug_pile = options["bug_pile"]
        self.last: dict[str, JSON] | None = None  # the last resolution: revealed slots and paths

    # ------------------------------------------------------------------ setup (RD-7)

    @classmethod
    def new(cls, game: Any, options: dict[str, Any], rng: Rng, seats: int) -> DeliveryState:
        state = cls(game, options, rng, seats)
        if len(state.board.starts) < seats:
            raise InvalidOptions(
                f"the board has {len(state.board.starts)} start points, not enough for {seats}"
            )
        for seat in range(seats):
            cell, facing = state.board.starts[seat]
            state.pos.append(cell)
            state.facing.append(facing)
            letters = LETTERS if options["function_boards"] == "per_player_ad" else LETTERS[seat]
            state.fboards[seat] = {letter: [[] for _ in range(SLOTS)] for letter in letters}
        decks = [state.deck(seat) for seat in range(seats)]
        for seat in range(seats):  # each gives one own Function card to the left neighbour
            gift = f"FN-{LETTERS[seat]}"
            decks[seat].remove(gift)
            decks[(seat + 1) % seats].append(gift)
        for seat in range(seats):
            rng.shuffle(decks[seat])
            state.draw[seat] = decks[seat]
            state.refill(seat)
        state.first = rng.randrange(seats)
        return state

    def deck(self, seat: int) -> list[str]:
        cards: list[str] = []
        for name, count in load_decks(self.options["decks_file"]):
            cards += [f"FN-{LETTERS[seat]}" if name == "FN-OWN" else name] * count
        return cards

    # ------------------------------------------------------------------ piles (RD-17, RD-25)

    def draw_one(self, seat: int) -> tuple[str | None, bool]:
        """The top card of the draw pile, reshuffling the discard first when it is empty."""
        reshuffled = False
        if not self.draw[seat] and self.discard[seat]:
            self.draw[seat], self.discard[seat] = self.discard[seat], []
            self.rng.shuffle(self.draw[seat])
            reshuffled = True
        if not self.draw[seat]:
            return None, reshuffled
        if self.bug_top[seat]:
            self.bug_top[seat] -= 1
        return self.draw[seat].pop(), reshuffled

    def refill(self, seat: int) -> ev.CardsDrawn:
        drawn: list[str] = []
        reshuffled = False
        while len(self.hands[seat]) < self.options["hand_size"]:
            card, shuffled = self.draw_one(seat)
            reshuffled |= shuffled
            if card is None:
                break
            self.hands[seat].append(card)
            drawn.append(card)
        return ev.CardsDrawn(seat, len(drawn), tuple(drawn), reshuffled)

    # ------------------------------------------------------------------ function boards (RD-5, RD-11)

    def function_board(self, seat: int, letter: str) -> list[list[str]] | None:
        """The board a Function ``letter`` card played by ``seat`` runs, or None."""
        if self.options["function_boards"] == "per_player_ad":
            return self.fboards[seat].get(letter)
        owner = LETTERS.index(letter)
        return self.fboards[owner].get(letter) if owner < self.seats else None

    def board_label(self, seat: int, letter: str) -> str:
        return f"{letter} of seat {seat}" if self.options["function_boards"] == "per_player_ad" else letter

    def own_letters(self, seat: int) -> list[str]:
        return list(self.fboards[seat])

    def calls(self, seat: int, letter: str) -> set[str]:
        slots = self.function_board(seat, letter) or []
        return {f for cards in slots for card in cards if (f := function_letter(card))}

    def reaches(self, seat: int, start: str, goal: str) -> bool:
        """Can board ``start`` run board ``goal`` through Function cards on function boards?"""
        seen, todo = {start}, [start]
        while todo:
            letter = todo.pop()
            if letter == goal:
                return True
            for nxt in self.calls(seat, letter) - seen:
                seen.add(nxt)
                todo.append(nxt)
        return False

    # ------------------------------------------------------------------ whose turn

    def to_act(self) -> list[Seat]:
        if self.phase != PROGRAMMING:
            return []
        return [seat for seat in range(self.seats) if not self.submitted[seat]]

    def timers(self) -> list[Timer]:
        seconds = self.options["program_timeout_s"]
        if self.phase != PROGRAMMING or seconds is None:
            return []
        return [Timer(f"program-{self.round}", seconds, TIME_UP, "programming_time")]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == REFEREE:
            return [t.action for t in self.timers()]
        if self.phase != PROGRAMMING or seat not in range(self.seats) or self.submitted[seat]:
            return []
        cards = sort_cards(list(set(self.hands[seat])))
        filled, full = _slot_masks(self.program[seat])
        out: list[Action] = []
        for card in cards:
            out += _PROGRAMS[card][full if is_action(card) else 0]
        out += _TAKES[filled]
        if self.can_spare_card(seat):
            out += self._function_placements(seat, [card for card in cards if card != BUG])
        if filled == ALL_SLOTS:
            out.append(SUBMIT)
        return out

    def _function_placements(self, seat: int, cards: list[str]) -> list[Action]:
        """The placements :meth:`_function_refusal` accepts, computed board by board."""
        out: list[Action] = []
        functions = [card for card in cards if function_letter(card)]
        loops = [LOOP] if LOOP in cards else []  # what a slot holding an action card still takes
        for letter, slots in self.fboards[seat].items():
            allowed = cards
            if functions:  # RD-11: drop the Function cards that would make this board run itself
                looping = {card for card in functions if self._would_loop(seat, card, letter)}
                allowed = [card for card in cards if card not in looping]
            for row, held in zip(_PLACES[letter], slots, strict=True):
                out += [row[card] for card in (loops if _has_action(held) else allowed)]
        return out

    def _would_loop(self, seat: int, card: str, letter: str) -> bool:
        """RD-11: Function ``card`` on board ``letter`` would let that board run itself."""
        target = function_letter(card)
        return target is not None and (target == letter or self.reaches(seat, target, letter))

    # ------------------------------------------------------------------ checking (RD-29)

    def check_rules(self, seat: Seat, action: Action) -> None:
        reason = self._refusal(seat, action)
        if reason is not None:
            raise IllegalAction(reason, seat=seat, action=action)

    def _refusal(self, seat: Seat, action: Action) -> str | None:
        if self.phase != PROGRAMMING:
            return "the game is over"
        if seat == REFEREE:
            return (
                None if action == TIME_UP and self.timers() else "the referee only calls time-up, on a timer"
            )
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            return f"there is no seat {seat}"
        if action == TIME_UP:
            return "only the referee calls time-up"
        if self.submitted[seat]:
            return "you have already submitted your program for this round"
        if isinstance(action, Program):
            return self._program_refusal(seat, action)
        if isinstance(action, Take):
            if not 1 <= action.slot <= SLOTS:
                return f"the onPlay board has slots 1 to {SLOTS}"
            return None if self.program[seat][action.slot - 1] else f"slot {action.slot} is empty"
        if isinstance(action, PlaceFunction):
            if not self.can_spare_card(seat):
                return (
                    "you must keep enough cards to fill your onPlay board (hand) and "
                    f"{MIN_CYCLE} cards in your deck cycle"
                )
            return self._function_refusal(seat, action.board, action.slot, action.card)
        if action == SUBMIT:
            empty = [str(i + 1) for i, cards in enumerate(self.program[seat]) if not cards]
            return f"onPlay slot(s) {', '.join(empty)} still empty" if empty else None
        return f"{action} is not a Robot Delivery action"

    def _program_refusal(self, seat: int, action: Program) -> str | None:
        if not 1 <= action.slot <= SLOTS:
            return f"the onPlay board has slots 1 to {SLOTS}"
        if action.card not in self.hands[seat]:
            return f"you hold no {action.card} card"
        if is_action(action.card) and _has_action(self.program[seat][action.slot - 1]):
            return f"slot {action.slot} already holds an action card (one per slot, plus any LOOP cards)"
        return None

    def _function_refusal(self, seat: int, letter: str, slot: int, card: str) -> str | None:
        if letter not in self.fboards[seat]:
            return f"function board {letter} is not yours: you may only add cards to your own board"
        if not 1 <= slot <= SLOTS:
            return f"a function board has slots 1 to {SLOTS}"
        if card not in self.hands[seat]:
            return f"you hold no {card} card"
        if card == BUG:
            return "BUG cards cannot go on a function board"
        slots = self.fboards[seat][letter]
        if is_action(card) and _has_action(slots[slot - 1]):
            return f"slot {slot} of board {letter} already holds an action card"
        if self._would_loop(seat, card, letter):
            target = function_letter(card)
            return (
                f"{card} on board {letter} could loop forever: board {target} would run board {letter} again"
            )
        return None

    def can_spare_card(self, seat: int) -> bool:
        """Digital decision: a card may leave the deck cycle only if the player can still fill
        the four onPlay slots this round and keeps at least 4 cards (BUGs aside) for later rounds."""
        program = self.program[seat]
        if len(self.hands[seat]) - 1 < sum(not cards for cards in program):
            return False
        kept = 0
        for cards in (self.hands[seat], self.draw[seat], self.discard[seat], *program):
            kept += len(cards) - cards.count(BUG)
        return kept - 1 >= MIN_CYCLE

    # ------------------------------------------------------------------ performing

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        if seat == REFEREE:
            return self._time_up()
        if isinstance(action, Program):
            self.hands[seat].remove(action.card)
            self.program[seat][action.slot - 1].append(action.card)
            return [ev.CardProgrammed(seat, action.slot, action.card)]
        if isinstance(action, Take):
            cards = self.program[seat][action.slot - 1]
            self.program[seat][action.slot - 1] = []
            self.hands[seat] += cards
            return [ev.SlotTaken(seat, action.slot, tuple(cards))]
        if isinstance(action, PlaceFunction):
            self.hands[seat].remove(action.card)
            self.fboards[seat][action.board][action.slot - 1].append(action.card)
            return [ev.FunctionCardPlaced(seat, action.board, action.slot, action.card)]
        assert isinstance(action, Word) and action == SUBMIT
        self.submitted[seat] = True
        out: list[Event] = [ev.ProgramSubmitted(seat)]
        if all(self.submitted):
            out += self.resolve_round()
        return out

    def _time_up(self) -> list[Event]:
        """RD-9 with ``program_timeout_s``: empty slots get the hand's leftmost cards."""
        out: list[Event] = []
        for seat in self.to_act():
            for slot, cards in enumerate(self.program[seat]):
                if not cards and self.hands[seat]:
                    card = self.hands[seat].pop(0)
                    cards.append(card)
                    out.append(ev.CardProgrammed(seat, slot + 1, card))
            self.submitted[seat] = True
            out.append(ev.ProgramSubmitted(seat, filled_by_referee=True))
        return out + self.resolve_round()

    # ------------------------------------------------------------------ a round (RD-12, RD-24..RD-27)

    def order(self) -> list[int]:
        """RD-12: clockwise from the first player."""
        return [(self.first + k) % self.seats for k in range(self.seats)]

    def resolve_round(self) -> list[Event]:
        # the only place (with the Resolver and the refills it runs) that moves the pawns,
        # parcels, deliveries, draw and discard piles, BUGs on top, the BUG pile and the first
        # player; it always moves the round or ends the game (envs/delivery.py rewrites those
        # blocks when the round or the phase moves)
        resolver = Resolver(self)
        order = self.order()
        revealed: list[list[list[str] | None]] = [[None] * SLOTS for _ in range(self.seats)]
        paths: list[list[list[list[int]]]] = [[[] for _ in range(self.seats)] for _ in range(SLOTS)]
        self.last = {"round": self.round, "order": order, "programs": revealed, "paths": paths}
        for slot in range(SLOTS):
            for seat in order:
                revealed[seat][slot] = list(self.program[seat][slot])
                won = resolver.run_slot(seat, slot)
                paths[slot][seat] = [list(self.board.xy(c)) for c in resolver.path]
                if won:  # RD-22: the winner may be a pawn pushed during this slot, not ``seat``
                    self.phase = OVER
                    assert self.winner is not None
                    return [*resolver.events, ev.GameOver((self.winner,), "delivered")]
        out = resolver.events
        for seat in range(self.seats):  # RD-24
            for cards in self.program[seat]:
                self.bug_pile += cards.count(BUG)
                self.discard[seat] += [card for card in cards if card != BUG]
            self.program[seat] = [[] for _ in range(SLOTS)]
            self.submitted[seat] = False
        out += [self.refill(seat) for seat in range(self.seats)]  # RD-25
        self.first = (self.first + 1) % self.seats  # RD-26
        if self.round >= self.options["turn_limit"]:  # RD-27
            self.phase = OVER
            result = self.outcome()
            assert result is not None
            return [*out, ev.GameOver(result.winners, "round-limit")]
        self.round += 1
        return [*out, ev.RoundStarted(self.round, self.first)]

    # ------------------------------------------------------------------ reading

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        # RD-27: deliveries first, then holding a parcel; a winner's 2 deliveries top everyone
        scores = [self.delivered[s] + (0.5 if self.parcel[s] else 0.0) for s in range(self.seats)]
        if self.winner is not None:
            return Outcome.from_scores(scores, f"seat {self.winner} delivered two parcels")
        detail = "round limit; delivered " + ", ".join(str(d) for d in self.delivered)
        return Outcome.from_scores(scores, detail)

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        players = []
        for s in range(self.seats):
            mine = s == seat
            players.append(
                {
                    "colour": COLOURS[s],
                    "letter": LETTERS[s],
                    "cell": list(self.board.xy(self.pos[s])),
                    "facing": DIRECTIONS[self.facing[s]],
                    "parcel": self.parcel[s],
                    "delivered": self.delivered[s],
                    "hand_size": len(self.hands[s]),
                    "draw_size": len(self.draw[s]),
                    "bugs_on_top": self.bug_top[s],
                    "discard": sort_cards(list(self.discard[s])),
                    "submitted": self.submitted[s],
                    "program": [list(c) for c in self.program[s]] if mine else None,
                    "program_counts": [len(c) for c in self.program[s]],
                }
            )
        return {
            "game": "delivery",
            "seat": seat,
            "seats": self.seats,
            "phase": self.phase,
            "round": self.round,
            "turn_limit": self.options["turn_limit"],
            "first_player": self.first,
            "order": self.order(),
            "function_boards_mode": self.options["function_boards"],
            "board": {
                "rows": self.board.rows(),
                "starts": [[*self.board.xy(c), DIRECTIONS[f]] for c, f in self.board.starts],
            },
            "players": players,
            "hand": list(self.hands[seat]) if seat is not None and 0 <= seat < self.seats else None,
            "function_boards": [
                {"owner": s, "letter": letter, "slots": [list(c) for c in slots]}
                for s in range(self.seats)
                for letter, slots in self.fboards[s].items()
            ],
            "bug_pile": self.bug_pile,
            "last": self.last,
            "winner": self.winner,
            "to_act": self.to_act(),
        }

    def events_for(self, events: Sequence[Event], seat: Seat | None) -> list[dict[str, JSON]]:
        """Cards programmed, taken back or drawn are shown only to their player."""
        out = []
        for event in events:
            data = event.to_dict()
            if data.get("seat") != seat:
                if isinstance(event, ev.CardProgrammed):
                    data["card"] = None
                elif isinstance(event, ev.SlotTaken | ev.CardsDrawn):
                    data["cards"] = None
            out.append(data)
        return out

    # ------------------------------------------------------------------ storing

    def to_dict(self) -> dict[str, JSON]:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "seats": self.seats,
            "round": self.round,
            "first": self.first,
            "phase": self.phase,
            "winner": self.winner,
            "pos": list(self.pos),
            "facing": list(self.facing),
            "parcel": list(self.parcel),
            "delivered": list(self.delivered),
            "hands": [list(h) for h in self.hands],
            "draw": [list(d) for d in self.draw],
            "discard": [list(d) for d in self.discard],
            "bug_top": list(self.bug_top),
            "program": [[list(c) for c in p] for p in self.program],
            "submitted": list(self.submitted),
            "fboards": [{k: [list(c) for c in v] for k, v in b.items()} for b in self.fboards],
            "bug_pile": self.bug_pile,
            "last": _copy(self.last),
        }

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, JSON]) -> DeliveryState:
        state = cls(game, dict(data["options"]), Rng.from_state(data["rng"]), data["seats"])
        for key in ("round", "first", "phase", "winner", "bug_pile"):
            setattr(state, key, data[key])
        for key in ("pos", "facing", "parcel", "delivered", "submitted", "bug_top"):
            setattr(state, key, list(data[key]))
        state.hands = [list(h) for h in data["hands"]]
        state.draw = [list(d) for d in data["draw"]]
        state.discard = [list(d) for d in data["discard"]]
        state.program = [[list(c) for c in p] for p in data["program"]]
        state.fboards = [{k: [list(c) for c in v] for k, v in b.items()} for b in data["fboards"]]
        state.last = _copy(data["last"])
        return state

    def clone(self) -> Self:
        twin = type(self).from_dict(self.game, self.to_dict())
        twin.board = self.board  # a world made from a view plays on the view's board, in no file
        return twin  # type: ignore[return-value]

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """Redeal what ``seat`` cannot see: the other hands and face-down programs, and the
        order of every draw pile below its known BUG cards (RD-28)."""
        twin = self.clone()
        twin.rng = rng.spawn()
        for s in range(self.seats):
            if s != seat:
                twin._redeal_secret(s, rng)
            else:
                twin._shuffle_draw(s, rng)
        return twin

    def _shuffle_draw(self, seat: int, rng: Rng) -> None:
        known = self.bug_top[seat]
        # sorted before shuffled: the guess must not depend on the real (hidden) order
        hidden = sorted(self.draw[seat][: len(self.draw[seat]) - known])
        rng.shuffle(hidden)
        self.draw[seat] = hidden + [BUG] * known

    def _redeal_secret(self, seat: int, rng: Rng) -> None:
        known = self.bug_top[seat]
        draw = self.draw[seat]
        pool = draw[: len(draw) - known] + self.hands[seat]
        counts = [len(c) for c in self.program[seat]]
        pool += [card for cards in self.program[seat] for card in cards]
        pool.sort()  # the guess must not depend on where the hidden cards really lie
        rng.shuffle(pool)
        program: list[list[str]] = [[] for _ in range(SLOTS)]
        for i, count in enumerate(counts):  # loops first: a slot of n cards needs n - 1 of them
            for _ in range(count - 1):
                program[i].append(pool.pop(pool.index(LOOP)))
        for i, count in enumerate(counts):
            if count:
                program[i].insert(0, pool.pop())
        hand_size = len(self.hands[seat])
        self.program[seat] = program
        self.hands[seat] = pool[:hand_size]
        self.draw[seat] = pool[hand_size:] + [BUG] * known


def _has_action(cards: list[str]) -> bool:
    """Whether ``cards`` hold an action card: every card but LOOP is one (RD-6)."""
    return len(cards) > cards.count(LOOP)


def _slot_masks(slots: list[list[str]]) -> tuple[int, int]:
    """Bit ``i`` of the first mask is set when slot ``i + 1`` holds a card, of the second when
    it holds an action card, so takes no other one (RD-6, RD-9)."""
    filled = full = 0
    for i, cards in enumerate(slots):
        if cards:
            filled |= 1 << i
            if len(cards) > cards.count(LOOP):
                full |= 1 << i
    return filled, full


ALL_SLOTS = (1 << SLOTS) - 1  # the mask of four filled slots


# legal_actions runs at every step of a game and offers dozens of actions: they are built once
# here, as ready-made rows, so that it only picks rows (in slot order: seeded games depend on it).


def _program_rows(card: str) -> tuple[tuple[Program, ...], ...]:
    """For each mask of full slots (see :func:`_slot_masks`), ``card``'s Program actions into
    the other slots."""
    return tuple(
        tuple(Program(slot, card) for slot in range(1, SLOTS + 1) if not full >> (slot - 1) & 1)
        for full in range(1 << SLOTS)
    )


_PROGRAMS = {card: _program_rows(card) for card in ALL_CARDS}
_TAKES = tuple(
    tuple(Take(slot) for slot in range(1, SLOTS + 1) if taken >> (slot - 1) & 1)
    for taken in range(1 << SLOTS)
)
"""For each mask of non-empty onPlay slots, their Take actions."""
_PLACES = {
    letter: tuple(
        {card: PlaceFunction(letter, slot, card) for card in ALL_CARDS} for slot in range(1, SLOTS + 1)
    )
    for letter in LETTERS
}
"""Board letter -> one row per slot: card -> its PlaceFunction action."""


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value
