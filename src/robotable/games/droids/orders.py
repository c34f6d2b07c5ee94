"""The order tokens of a turn: drawn (DD-13, DD-41), placed (DD-14), sent and executed
(DD-15..DD-19).

A placement (DD-14) is three decisions of the placer in a row: the token, then the slot, then
the arrow. ``placing`` holds the pending part ([] / [token] / [token, emitter, slot]); the token
stays in the hand until the arrow completes the placement, and only the placer sees the
pending part (DD-46: the hand is hidden, a token is public once placed).
"""

from __future__ import annotations

from typing import Any

from robotable.core.game import Action, Event
from robotable.games.droids import events as ev
from robotable.games.droids.actions import BACK, PASS, STOP, Arrow, Draw, Pick, Send, Slot, Token
from robotable.games.droids.killer import Killer
from robotable.games.droids.phases import DRAW, EMITTERS, HAND_SIZE, KILLER_SEAT, PLACE, SEND, SLOTS, new_tag
from robotable.games.droids.pieces import REPAIRER
from robotable.games.droids.tokens import (
    BIN_OF,
    BINS,
    DIRS,
    MOVE_STEPS,
    SEND_ORDER,
    TOKENS,
    TYPES,
    bin_of,
    directions_for,
    full_bins,
    send_order_move,
)

TYPES_BY_BIN = {b: tuple(t for t in TYPES if bin_of(t) == b) for b in BINS}
# the placing actions, built once (legal_actions is called a lot)
_TOKENS = {t: Token(t) for t in TYPES}
_SLOTS = [[None, *(Slot(e, k) for k in range(1, SLOTS + 1))] for e in range(EMITTERS)]
_ARROWS = {d: Arrow(d) for d in DIRS}


class Orders(Killer):
    # ------------------------------------------------------------ draw (DD-13, DD-41)

    def _allowed_bins(self) -> list[str]:
        count = self.bins.__getitem__  # map, not a generator: this runs on every draw check
        return [b for b in BINS if any(map(count, TYPES_BY_BIN[b]))]

    def _can_draw(self, seat: int) -> bool:
        return self.drawn[seat] < HAND_SIZE and bool(self._allowed_bins())

    def _draw(self, seat: int, action: Draw | Pick, events: list[Event]) -> None:
        if isinstance(action, Pick):
            token = action.token
        else:
            pool = TYPES_BY_BIN[action.bin]
            roll = self.rng.randrange(sum(self.bins[t] for t in pool))
            for token in pool:
                roll -= self.bins[token]
                if roll < 0:
                    break
        drawn_from = BIN_OF[token]
        self.bins[token] -= 1
        self.bin_totals[drawn_from] -= 1
        self.hands[seat].append(token)
        self.hands[seat].sort(key=TYPES.index)
        self.hand_bins[seat][drawn_from] += 1
        self.drawn[seat] += 1
        events.append(ev.Drawn(seat, drawn_from, token))
        self._skip_drawers(events)

    def _check_draw(self, seat: int, action: Draw | Pick, refuse: Any) -> None:
        if self.phase != DRAW:
            refuse("tokens are drawn only in the draw phase")
        if isinstance(action, Pick):
            if not self.scenario.killer:
                refuse("tokens are drawn from the bins, not chosen: 'draw violet'")
            if action.token not in TYPES or self.bins.get(action.token, 0) <= 0:
                allowed = TOKENS.get(action.token) and full_bins(self.scenario.removed)[action.token]
                refuse("none of those tokens is left" if allowed else f"{action.token} is not allowed here")
            return
        if self.scenario.killer:
            refuse("in scenario 7 you choose your tokens: 'pick M2'")
        if action.bin not in BINS:
            refuse(f"unknown bin {action.bin}")
        if action.bin not in self._allowed_bins():
            removed = action.bin in self.scenario.removed
            refuse(f"the {action.bin} bin is {'not used in this scenario' if removed else 'empty'}")

    # ------------------------------------------------------------ placement (DD-14)

    def _can_place(self, seat: int) -> bool:
        return bool(self.hands[seat]) and any(not em[0] and None in em[1:] for em in self.emitters[seat])

    def _free_slots(self, seat: int) -> list[tuple[int, int]]:
        """DD-14: the empty slots of the intact emitters, as (emitter, slot)."""
        return [
            (e, k)
            for e, em in enumerate(self.emitters[seat])
            if not em[0]
            for k in range(1, SLOTS + 1)
            if em[k] is None
        ]

    def _placing_options(self, seat: int) -> list[Action]:
        """The current step of a placement: token or stop; slot or back; arrow or back."""
        if not self.placing:
            return [*(_TOKENS[t] for t in sorted(set(self.hands[seat]), key=TYPES.index)), STOP]
        if len(self.placing) == 1:
            return [*(_SLOTS[e][k] for e, k in self._free_slots(seat)), BACK]
        return [*(_ARROWS[d] for d in directions_for(self.placing[0])), BACK]

    def _placing_step(self, seat: int, action: Action, events: list[Event]) -> None:
        """One step of a placement (token, slot, arrow, back) or 'stop'."""
        if isinstance(action, Token):
            self.placing = [action.token]
        elif isinstance(action, Slot):
            self.placing = [*self.placing, action.emitter, action.slot]
        elif action == BACK:
            self.placing = self.placing[:1] if len(self.placing) > 1 else []
        elif isinstance(action, Arrow):
            self._place(seat, action.direction, events)
        elif action == STOP:
            self.stopped[seat] = True
            events.append(ev.Stopped(seat))
            self._next_placer(events)

    def _place(self, seat: int, direction: str, events: list[Event]) -> None:
        """The arrow completes the pending placement (DD-14)."""
        token, emitter, slot = self.placing
        self.placing = []
        self.hands[seat].remove(token)
        self.hand_bins[seat][BIN_OF[token]] -= 1
        self.emitters[seat][emitter][slot] = f"{token}:{direction}"
        self.emitter_tags[seat] = new_tag()
        events.append(ev.Placed(seat, token, direction, emitter, slot))
        if not self._can_place(seat):
            self.stopped[seat] = True
        self._next_placer(events)

    def _check_place(self, seat: int, action: Action, refuse: Any) -> None:
        if self.phase != PLACE:
            refuse("tokens are placed only in the placement phase")
        step = len(self.placing)
        if action == BACK:
            if not step:
                refuse("nothing to take back: choose a token of your hand or 'stop'")
            return
        if action == STOP or isinstance(action, Token):
            if step:
                refuse(f"finish placing {self.placing[0]} ({self._next_step()}) or take it back with 'back'")
            if isinstance(action, Token) and action.token not in self.hands[seat]:
                refuse(f"you hold no {action.token} token")
            return
        if isinstance(action, Slot):
            if step != 1:
                refuse("choose a token of your hand first, like 'M2'" if not step else self._next_step())
            if not (0 <= action.emitter < EMITTERS and 1 <= action.slot <= SLOTS):
                refuse("emitters are e0..e9 and slots 1..3")
            em = self.emitters[seat][action.emitter]
            if em[0]:
                refuse(f"emitter {action.emitter} is destroyed")
            if em[action.slot] is not None:
                full = all(x is not None for x in em[1:])
                refuse(f"emitter {action.emitter} is full" if full else f"slot {action.slot} is taken")
            return
        assert isinstance(action, Arrow)
        if step != 3:
            refuse("choose a token of your hand first, like 'M2'" if not step else self._next_step())
        token = self.placing[0]
        if action.direction not in directions_for(token):
            allowed = "/".join(directions_for(token))
            refuse(f"a {TOKENS[token][2]} token points {allowed}, not {action.direction}")

    def _next_step(self) -> str:
        """What the pending placement waits for, in words."""
        if len(self.placing) == 1:
            return f"choose a slot for {self.placing[0]}, like 'e3.1'"
        arrows = "/".join(directions_for(self.placing[0]))
        return f"choose the arrow of {self.placing[0]}: {arrows}"

    # ------------------------------------------------------------ sending (DD-15..DD-19)

    def candidate(self, seat: int, emitter: int) -> tuple[int, str] | None:
        """DD-15: the filled slot nearest the board, as (slot, "TYPE:DIR")."""
        em = self.emitters[seat][emitter]
        for slot in range(1, SLOTS + 1):
            if em[slot] is not None:
                return slot, em[slot]
        return None

    def recipient(self, seat: int, emitter: int) -> int | None:
        """DD-16: who receives the candidate of ``emitter`` (a robot index) or None."""
        found = self.candidate(seat, emitter)
        if found is None or self.emitters[seat][emitter][0]:
            return None
        kind = found[1].split(":")[0]
        if bin_of(kind) == "grey":
            return self.repairer_in_line(seat, emitter)
        return seat if self.robot_line(seat, seat) == emitter else None

    def sendable(self, seat: int) -> list[int]:
        return [e for e in range(EMITTERS) if self.recipient(seat, e) is not None]

    def _run_sending(self, events: list[Event]) -> None:
        """Play automatic goes (the killer, finished players) until a seat must decide."""
        while self.phase == SEND and not self._await_choice(events) and self.result is None:
            active = [g for g in self.goers if not self._gone(g)]
            if not active:
                self._end_turn(events)
                return
            goer = self.goers[self.cursor]
            if self._gone(goer):
                self.cursor = (self.cursor + 1) % len(self.goers)
                continue
            if goer == KILLER_SEAT:
                self._killer_go(events)
                self.cursor = (self.cursor + 1) % len(self.goers)
                continue
            if self.sendable(goer):
                return
            self._finish_sending(goer, events)
            self.cursor = (self.cursor + 1) % len(self.goers)

    def _gone(self, goer: int) -> bool:
        return self.killer_done if goer == KILLER_SEAT else self.finished[goer]

    def _finish_sending(self, seat: int, events: list[Event]) -> None:
        """DD-17/DD-18: a player with nothing sendable is finished; tokens go back."""
        self.finished[seat] = True
        for em in self.emitters[seat]:
            for slot in range(1, SLOTS + 1):
                if em[slot] is not None:
                    self._back_to_bin(em[slot].split(":")[0])
                    em[slot] = None
        self.emitter_tags[seat] = new_tag()
        events.append(ev.Finished(seat, self.sent[seat]))

    def _send(self, seat: int, emitter: int, events: list[Event]) -> None:
        recipient = self.recipient(seat, emitter)
        assert recipient is not None
        slot, token = self.candidate(seat, emitter)  # type: ignore[misc]
        self.emitters[seat][emitter][slot] = None
        self.emitter_tags[seat] = new_tag()
        kind, direction = token.split(":")
        self._back_to_bin(kind)
        self.sent[seat] += 1
        events.append(ev.Sent(seat, kind, direction, emitter, self.robots[recipient].name))
        before = [r.cell for r in self.robots]
        self._execute(seat, recipient, kind, direction, events)
        self._report_moves(before, events)
        self._after_order(seat, events)
        self.cursor = (self.cursor + 1) % len(self.goers)

    def _execute(self, seat: int, r: int, kind: str, d: str, events: list[Event]) -> None:
        """DD-19..DD-29 for one order received by robot ``r``."""
        robot = self.robots[r]
        name = robot.name
        if robot.kind == REPAIRER:
            if kind == "GR":
                destroyed = [sum(1 for em in ems if em[0]) for ems in self.emitters]
                self.repair(r, d, destroyed, events)
            else:
                self.move(r, d, MOVE_STEPS[kind], events)
            return
        water = bin_of(kind) == "blue"
        if water != self.in_river(r):
            reason = (
                "only water orders in the river" if self.in_river(r) else "water orders only in the river"
            )
            events.append(ev.NoEffect(name, reason))
        elif kind in MOVE_STEPS:
            self.move(r, d, MOVE_STEPS[kind], events)
        elif kind == "SH":
            self.shoot(r, d, events)
        elif kind == "TP":
            self.take_put(r, d, events)
        elif kind in SEND_ORDER:
            self.send_order(r, d, send_order_move(kind, d), events)

    def _check_send(self, seat: int, action: Action, refuse: Any) -> None:
        if self.phase != SEND:
            refuse("orders are sent only in the sending phase")
        if action == PASS:
            refuse("you must send an order while one of your candidates can be sent")
        assert isinstance(action, Send)
        if not 0 <= action.emitter < EMITTERS or self.candidate(seat, action.emitter) is None:
            refuse(f"emitter {action.emitter} holds no order")
        if self.recipient(seat, action.emitter) is None:
            refuse(f"no robot that can receive this order stands in line {action.emitter}")
