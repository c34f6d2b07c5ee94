"""What every game's encoding shares: the action table, the observation layout, rewards.

An :class:`Encoder` turns one game (with its options and seat count) into fixed arrays:

- **actions**: every action the game can ever take, enumerated once (:class:`ActionTable`),
  so a learner picks an integer of ``Discrete(N)``; ``encode``/``decode`` map both ways;
- **observations**: a flat ``float32`` vector in ``[0, 1]`` defined on ``view(seat)`` only
  (:meth:`Encoder.fill`), laid out as named blocks (:class:`Layout`): board planes first, as
  ``(channels, height, width)`` in C order, then vectors of features. The environments build
  it by each encoder's faster path (:meth:`Encoder.fill_seat`, and :meth:`Encoder.update_seat`
  which rewrites only the parts of a seat's last observation whose keys changed: :class:`SeatMemo`),
  reading the state's fields that the view shows instead of a view's dict of names; the tests
  hold it byte for byte to :meth:`Encoder.fill` and to determinized worlds (no leak);
- **masks**: ``int8`` of length N, 1 for each legal action.

The encoders need only NumPy: the PettingZoo and Gymnasium adapters (``aec.py``, ``gym.py``) import
those libraries, the encoders never do, and no game imports any of this.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from copy import copy
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO, StringIO
from typing import Any, ClassVar

import numpy as np

from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError
from robotable.core.game import JSON, REFEREE, Action, Game, Outcome, Seat, State, Word

WAIT = Word("wait")
"""Not a game action: "let the running timer run out". Engines know no clock; in an
environment every seat is a program, so the clock is virtual: when every seat to act has
chosen ``wait`` (or nobody can act), the environment applies the timer's action for the
referee, as a match with only bots does when it jumps to the next deadline."""

REWARD_MODES = ("win", "score")
MASK_CACHE = 4096
"""Masks an encoder keeps per kind (see :meth:`Encoder.shared_mask`): a few MB at most."""


class UnknownAction(RobotableError):
    """An action or an index outside a game's action table."""


IndexRule = Callable[[Any], int]
"""An action's index computed from its fields (``lambda a: a.robot * 4 + a.direction``)."""


class ActionTable:
    """Every action of a game in a fixed order: index ``i`` is ``actions[i]``.

    ``rules`` may give, per action class, the index as arithmetic on the fields: masks are built
    on every step, and a dict lookup hashes and compares each legal action in Python (a
    dataclass's ``__hash__`` and ``__eq__``), three times slower. Every rule is checked against
    the table when it is made."""

    def __init__(
        self,
        actions: Iterable[Action],
        rules: Mapping[type, IndexRule] | None = None,
        *,
        by_id: bool = False,
    ) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self.by_id = by_id
        """Whether masks look the game's action objects up by identity (see :meth:`mask`)."""
        self._known: dict[int, int] = {}  # id of an action object met in a legal list -> index
        self._held: list[Action] = []  # those objects: held, so that their ids stay theirs
        # actions are frozen dataclasses: equal only to an action of the same class and fields
        self.index: dict[Action, int] = {}
        for i, action in enumerate(self.actions):
            if action in self.index:
                raise ValueError(f"action {action} is listed twice (at {self.index[action]} and {i})")
            self.index[action] = i
        lookup = self.index.__getitem__
        self.rules: dict[type, IndexRule] = {type(a): lookup for a in self.actions}
        for kind, rule in (rules or {}).items():
            wrong = [(i, a) for i, a in enumerate(self.actions) if type(a) is kind and rule(a) != i]
            if wrong:
                i, action = wrong[0]
                raise ValueError(
                    f"the index rule of {kind.__name__} puts {action} at {rule(action)}, not {i}"
                )
            self.rules[kind] = rule

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        try:
            return self.index[action]
        except (KeyError, TypeError):
            raise UnknownAction(f"{action!r} is not in this game's action table") from None

    def decode(self, number: int) -> Action:
        if isinstance(number, np.integer):
            number = int(number)
        if type(number) is not int or not 0 <= number < len(self.actions):
            raise UnknownAction(f"action {number!r} is not an integer 0 to {len(self.actions) - 1}")
        return self.actions[number]

    def mask(self, legal: Iterable[Action]) -> np.ndarray:
        """1 at each legal action's index. The game's legal actions are in the table (the encoding
        tests check it on seeded games): a rule is not asked to refuse anything."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        cells = memoryview(out)  # item writes: a third of numpy's fancy index
        if self.by_id:  # see _mark_by_id: its first try, inlined (every step of a learner)
            try:
                for index in map(self._known.__getitem__, map(id, legal)):
                    cells[index] = 1
            except KeyError:
                self._mark_by_id(cells, legal)
            return out
        rules, kind = self.rules, None
        try:
            for action in legal:
                if type(action) is not kind:  # legal lists come in runs of one class: one look-up a run
                    kind = type(action)
                    rule = rules[kind]
                cells[rule(action)] = 1
        except KeyError:
            raise self._unknown(legal) from None
        return out

    KNOWN_LIMIT = 65536
    """Action objects remembered by identity (cleared when full): a few MB at most."""

    def _mark_by_id(self, cells: memoryview, legal: Iterable[Action]) -> None:
        """Where the game hands out ready-made action objects (built once, at import), an
        action's index is remembered by the object's identity, which the table holds so that no
        other object can take it: the look-ups run in C (``map``), where a rule is a Python call
        per action. :meth:`mask` tries that; when some object is new, this indexes it by its
        rule, then marks them all."""
        known = self._known
        if len(known) >= self.KNOWN_LIMIT:  # a game that makes new objects: start afresh
            known.clear()
            self._held.clear()
        for action in legal:
            if id(action) not in known:
                try:
                    known[id(action)] = self.rules[type(action)](action)
                except KeyError:
                    raise self._unknown(legal) from None
                self._held.append(action)
        for index in map(known.__getitem__, map(id, legal)):
            cells[index] = 1

    def _unknown(self, legal: Iterable[Action]) -> UnknownAction:
        missing = next(a for a in legal if type(a) not in self.rules or a not in self.index)
        return UnknownAction(f"{missing!r} is not in this game's action table")


@dataclass(frozen=True)
class Block:
    """One named part of the observation vector."""

    name: str
    shape: tuple[int, ...]
    offset: int
    size: int
    doc: str


class Layout:
    """The observation vector as named blocks, declared once per encoder."""

    def __init__(self) -> None:
        self.blocks: dict[str, Block] = {}
        self.offsets: dict[str, int] = {}
        """Each block's first position in the flat vector (what a fast path adds indices to)."""
        self.size = 0

    def add(self, name: str, shape: tuple[int, ...] | int, doc: str) -> None:
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        size = int(np.prod(shape))
        self.blocks[name] = Block(name, shape, self.size, size, doc)
        self.offsets[name] = self.size
        self.size += size

    def views(self, data: np.ndarray) -> Observation:
        """Every block of ``data`` as a writable view in its shape (no copy)."""
        return {b.name: data[b.offset : b.offset + b.size].reshape(b.shape) for b in self.blocks.values()}


Observation = dict[str, np.ndarray]
"""An observation being filled: ``obs[name]`` is a writable view of one block, in its shape."""


def one_hot(out: np.ndarray, index: int | None) -> None:
    """Set ``out[index]`` to 1; ``None`` leaves it all zero."""
    if index is not None:
        out[index] = 1.0


def counts(out: np.ndarray, positions: Iterable[int], unit: float) -> None:
    """Into the zeroed ``out`` (any shape, C order): ``unit`` times how often each flat position
    occurs, clipped to 1."""
    count_cells(out.reshape(-1), positions, unit)  # a view: the blocks are contiguous


def count_cells(cells: memoryview | np.ndarray, positions: Iterable[int], unit: float) -> None:
    """:func:`counts` into a flat vector's cells. Tallied in a dict, then one write per position:
    the lists are short (a hand, a discard pile), where numpy's bincount costs more than it saves."""
    tally: dict[int, int] = {}
    for position in positions:
        tally[position] = tally.get(position, 0) + 1
    for position, count in tally.items():
        cells[position] = min(count * unit, 1.0)


class Parts:
    """The cells of one part of an observation (a seat's row of features, a pile's counts),
    remembered by the key they are made from.

    ``make(cells, key)`` writes the part of ``key`` into zeroed cells, and reads nothing but
    ``key``: the part is a function of its key by construction. An encoder takes as the key the
    state fields the part shows, in a form cheap to build and compare (a tuple of a list, copied
    in C; a few numbers); a key met before then costs a look-up and one slice write instead of a
    Python write per cell. Steps change few parts, and a game meets few distinct ones."""

    LIMIT = 4096
    """Parts kept (cleared when full): a few hundred KB per kind at most."""

    def __init__(self, size: int, make: Callable[[memoryview, Any], None]) -> None:
        self.size = size
        self.make = make
        self.known: dict[Any, memoryview] = {}

    def write(self, cells: memoryview, start: int, key: Any) -> None:
        """Write the part of ``key`` at ``cells[start:start + size]``."""
        part = self.known.get(key)
        if part is None:
            part = self._made(key)
        cells[start : start + self.size] = part

    def _made(self, key: Any) -> memoryview:
        out = np.zeros(self.size, dtype=np.float32)
        self.make(memoryview(out), key)
        if len(self.known) >= self.LIMIT:
            self.known.clear()
        part = self.known[key] = memoryview(out)
        return part


class SeatMemo:
    """One seat's last observation, kept by the encoder between two of that seat's turns, and the
    keys its kept parts were written from (see :meth:`Encoder.update_seat`).

    Most of an observation does not move from one step to the next (the board between moves,
    the other seats' rows, a discard pile): an encoder rewrites a part only when the key it is
    made from changed. A key is a snapshot of exactly the state fields the part shows, in values
    (tuples of lists, numbers; never a mutable list itself, which would compare equal to its own
    later contents), so that equal keys mean equal cells whatever state they came from: a
    determinized world or another game of the same board gets the same bytes as a fresh write.
    A key may also be an object that the state replaces whenever the part moves (a round's
    list of finished tricks; the state itself with its round, where only a round's resolution
    moves the part), compared by identity and held in the key, so that no other object can
    take its identity: the engine says where it relies on it. The array handed out is always
    a copy: the memo's own is written again next time."""

    __slots__ = ("blank", "blank_cells", "bytes", "cells", "data", "keys", "views")

    def __init__(self, blank: np.ndarray, layout: Layout) -> None:
        self.blank = blank  # the blank it was made from: a new board makes a new memo
        self.blank_cells = memoryview(blank)
        self.data = blank.copy()
        self.cells = memoryview(self.data)
        self.bytes = self.cells.cast("B")  # for struct.pack_into: a row of floats in one call
        self.views = layout.views(self.data)
        self.keys: dict[str, Any] = {}

    def clear(self, start: int, stop: int) -> None:
        """Put back the blank's cells from ``start`` to ``stop`` (one copy in C)."""
        self.cells[start:stop] = self.blank_cells[start:stop]

    def stale(self, name: str, key: object, start: int, stop: int) -> bool:
        """Whether the part ``name`` (cells ``start`` to ``stop``) must be written again for
        ``key`` (a value: never a list the state mutates, see :meth:`moved`): if so its cells
        are cleared and ``key`` recorded, and the caller writes them."""
        keys = self.keys
        if keys.get(name, _NOTHING) == key:
            return False
        keys[name] = key
        self.cells[start:stop] = self.blank_cells[start:stop]
        return True

    def moved(
        self, name: str, live: Any, start: int, stop: int, snapshot: Callable[[Any], Any] = copy
    ) -> bool:
        """:meth:`stale` for a part made from a structure the state mutates in place (a list of
        robot cells, a seat's emitters): it is compared with the copy kept of it (in C, nothing
        built), and on a change a new ``snapshot`` of it is kept (deep enough that the state's
        later changes do not reach it)."""
        keys = self.keys
        if keys.get(name, _NOTHING) == live:
            return False
        keys[name] = snapshot(live)
        self.cells[start:stop] = self.blank_cells[start:stop]
        return True


_NOTHING = object()
"""A memo's key before its part was first written: equal to no key."""


def scaled(value: float | None, top: float) -> float:
    """``value / top`` clipped to ``[0, 1]`` (``None`` is 0): every feature stays in the box."""
    if not value or top <= 0:
        return 0.0
    ratio = value / top  # comparisons, not min/max calls: this runs dozens of times a step
    return 1.0 if ratio >= 1.0 else ratio if ratio > 0.0 else 0.0  # a float already


def signed(value: float, top: float) -> float:
    """A score that may be negative, ``-top .. top`` mapped onto ``[0, 1]`` (0 is 0.5), clipped."""
    return float(min(max(0.5 + value / (2 * top), 0.0), 1.0))


@lru_cache(maxsize=256)
def relative_seats(seat: Seat | None, seats: int) -> tuple[int, ...]:
    """The seats in the order an observer sees them: itself first, then the next ones (made
    once per observer: every observation asks)."""
    first = seat if seat is not None and 0 <= seat < seats else 0
    return tuple((first + k) % seats for k in range(seats))


class Encoder(ABC):
    """One game with fixed options and seat count, as arrays.

    Subclasses list their actions (:meth:`all_actions`) and declare their blocks
    (:meth:`declare`), then fill them from a view (:meth:`fill`). ``probe`` is a fresh
    state of the game, read through its spectator view only for sizes (robot count,
    board size), never for content."""

    game_id: ClassVar[str]
    uses_clock: ClassVar[bool] = True
    """Whether some phase may wait on a timer: then :data:`WAIT` ends the table."""
    ready_made_actions: ClassVar[bool] = False
    """Whether the game's legal lists are made of action objects built once (so masks look them
    up by identity: :meth:`ActionTable.mask`)."""
    shares_masks: ClassVar[bool] = False
    """Whether the game's legal lists recur, so that masks are kept (see :meth:`shared_mask`)."""

    def __init__(self, game: Game, options: Mapping[str, Any], seats: int, probe: State) -> None:
        self.game = game
        self.options = dict(options)
        self.seats = seats
        self.setup(probe.view(None))
        actions = list(self.all_actions())
        if self.uses_clock:
            actions.append(WAIT)
        self.table = ActionTable(actions, self.index_rules(), by_id=self.ready_made_actions)
        self.layout = Layout()
        self.declare()
        self._buffer = np.zeros(self.layout.size, dtype=np.float32)
        self._views = self.layout.views(self._buffer)
        self._masks: tuple[dict, dict] = ({}, {})  # without, with WAIT: ids of a legal list -> mask
        self._zeros = np.zeros(self.layout.size, dtype=np.float32)
        self._blank_key: object = None
        self._blank = self._zeros
        self._memos: dict[Seat, SeatMemo] = {}  # per observer: its last observation (update_seat)
        self._fixed_blocks = type(self).fixed_key is not Encoder.fixed_key

    # ---- what each game provides
    def setup(self, view: Mapping[str, JSON]) -> None:
        """Read sizes from a spectator view of a fresh game (robot count, board size)."""
        return None

    @abstractmethod
    def all_actions(self) -> Iterable[Action]:
        """Every action the game can ever take with these options, in a fixed order."""

    def index_rules(self) -> Mapping[type, IndexRule]:
        """Per action class, its index from its fields (see :class:`ActionTable`); optional."""
        return {}

    @abstractmethod
    def declare(self) -> None:
        """Add the observation blocks to ``self.layout``."""

    @abstractmethod
    def fill(self, obs: Observation, view: Mapping[str, JSON], seat: Seat) -> None:
        """Write the view into the zeroed observation: the encoding's definition."""

    def fill_seat(self, cells: memoryview, obs: Observation, state: State, seat: Seat) -> None:
        """Write ``seat``'s observation of ``state`` onto its :meth:`blank` (zeros but for the
        fixed blocks), byte for byte what :meth:`fill` writes from ``state.view(seat)``.
        ``cells`` is the flat vector as a memoryview (its item writes cost a third of numpy's),
        ``obs`` its blocks as arrays (for whole planes). This default goes through the view; an
        encoder may read the state's fields instead, exactly those the seat's view shows,
        skipping the view's dict of names that :meth:`fill` then parses back (the hot path of
        every learner). The tests hold such
        a reading to :meth:`fill` on seeded games, and to byte-identical observations of worlds
        that ``determinize`` redrew (no leak)."""
        self.fill(obs, state.view(seat), seat)

    def update_seat(self, memo: SeatMemo, state: State, seat: Seat) -> None:
        """Make ``memo``'s observation ``seat``'s observation of ``state``: what :meth:`fill_seat`
        writes on the blank. This default writes it all afresh; an encoder may instead rewrite
        only the parts whose keys changed since the memo's last observation (see
        :class:`SeatMemo`), and must clear what it rewrites. The tests observe every seat at
        every step of seeded games and hold each observation to :meth:`fill`'s, byte for byte."""
        memo.cells[:] = memo.blank_cells
        self.fill_seat(memo.cells, memo.views, state, seat)

    def fixed_key(self, state: State) -> object:
        """What the blocks that never change within a game are made from (a board object), or
        None when the encoder has none (see :meth:`blank`)."""
        return None

    def fill_fixed(self, obs: Observation, state: State) -> None:
        """Write the blocks that never change within a game (board planes) into a zeroed
        observation: :meth:`fill_seat` then writes onto them, and leaves them alone."""
        return None

    def blank(self, state: State) -> np.ndarray:
        """The observation :meth:`fill_seat` writes onto: zeros, with the fixed blocks of
        ``state`` filled in (:meth:`fill_fixed`). Made when a state with another
        :meth:`fixed_key` object comes (a new game's board), and kept with that object: being
        held, it cannot be confused with another one that took its place in memory."""
        key = self.fixed_key(state)
        if key is None:
            return self._zeros
        if key is not self._blank_key:
            blank = np.zeros(self.layout.size, dtype=np.float32)
            self.fill_fixed(self.layout.views(blank), state)
            blank.setflags(write=False)
            self._blank_key, self._blank = key, blank
        return self._blank

    # ---- what learners use
    @property
    def action_count(self) -> int:
        return len(self.table)

    @property
    def observation_size(self) -> int:
        return self.layout.size

    def encode(self, action: Action) -> int:
        return self.table.encode(action)

    def decode(self, number: int) -> Action:
        return self.table.decode(number)

    def observe(self, view: Mapping[str, JSON], seat: Seat) -> np.ndarray:
        """A new array (the encoder fills one buffer through views made once, then copies it)."""
        self._buffer.fill(0.0)
        self.fill(self._views, view, seat)
        return self._buffer.copy()

    def observe_seat(self, state: State, seat: Seat) -> np.ndarray:
        """``observe(state.view(seat), seat)``, by :meth:`update_seat`'s faster path: the seat's
        last observation brought up to date, then copied (the memo's array is written again)."""
        memo = self._memos.get(seat)  # _memo_for, inlined: the hot path of every learner
        if memo is None or (
            self._fixed_blocks
            and (memo.blank is not self._blank or self.fixed_key(state) is not self._blank_key)
        ):
            memo = self._memo_for(state, seat)
        self.update_seat(memo, state, seat)
        return memo.data.copy()

    def observe_into(self, out: np.ndarray, state: State, seat: Seat) -> None:
        """:meth:`observe_seat` written into ``out``, for a caller that keeps its own array."""
        memo = self._memo_for(state, seat)
        self.update_seat(memo, state, seat)
        np.copyto(out, memo.data)

    def _memo_for(self, state: State, seat: Seat) -> SeatMemo:
        """The seat's memo, made anew for a new board (a new blank). Encoders without fixed
        blocks have one blank, zeros: no board to ask the state for."""
        memo = self._memos.get(seat)
        if memo is None or (self._fixed_blocks and memo.blank is not self.blank(state)):
            memo = self._memos[seat] = SeatMemo(self.blank(state), self.layout)
        return memo

    def mask(self, legal: Sequence[Action], *, may_wait: bool = False) -> np.ndarray:
        """A new mask of ``legal`` (and :data:`WAIT` when ``may_wait``)."""
        out = self.step_mask(legal, may_wait)
        return out.copy() if self.shares_masks else out

    def step_mask(self, legal: Sequence[Action], may_wait: bool) -> np.ndarray:
        """The mask the driver reads at each step, never written: :meth:`shared_mask` where
        masks are kept, else a new one by the table's rules. An encoder with a faster way
        through its own lists overrides it (Droids)."""
        if self.shares_masks:
            return self.shared_mask(legal, may_wait=may_wait)
        return self._new_mask(legal, may_wait)

    def _new_mask(self, legal: Sequence[Action], may_wait: bool) -> np.ndarray:
        out = self.table.mask(legal)
        if may_wait:
            out[-1] = 1
        return out

    def shared_mask(self, legal: Sequence[Action], *, may_wait: bool = False) -> np.ndarray:
        """:meth:`mask`, to be read and not written: with :attr:`shares_masks`, the same array
        for the same list of action objects. Where engines hand out ready-made action objects
        and the same lists recur all game long (Ricochet's bids and moves, DR2D's registers), a
        list is known by its objects' ids, which the cache keeps alive so that no other object
        can take one (the ids, hashed in C, cost a fraction of indexing each action in Python).
        Where lists rarely recur (a hand's playable cards), the look-up costs more than it
        saves: measured, those games build each mask."""
        if not self.shares_masks:
            return self._new_mask(legal, may_wait)
        key = tuple(map(id, legal))
        cache = self._masks[may_wait]
        hit = cache.get(key)
        if hit is not None:
            return hit[1]
        out = self._new_mask(legal, may_wait)
        out.setflags(write=False)
        if len(cache) >= MASK_CACHE:  # games that make new action objects: start afresh
            cache.clear()
        cache[key] = (tuple(legal), out)  # the actions held: their ids stay theirs
        return out

    def layout_table(self) -> str:
        """The observation's blocks as a Markdown table (``docs/envs.md`` shows these; a test
        checks that they match)."""
        lines = ["| block | shape | offset | contents |", "| --- | --- | --- | --- |"]
        for b in self.layout.blocks.values():
            lines.append(f"| `{b.name}` | {' x '.join(map(str, b.shape))} | {b.offset} | {b.doc} |")
        return "\n".join(lines)

    def blocks(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        """An observation cut into its named blocks (views, no copy), e.g. for a CNN."""
        return self.layout.views(observation)


# --------------------------------------------------------------------------- acting


class Driver:
    """Runs one game for an environment: whose turn, the virtual clock, the checks.

    Seats in :meth:`~robotable.core.game.State.to_act` are asked round robin, from the seat
    after the last one that acted (simultaneous phases are played seat by seat). A seat may
    answer :data:`WAIT` while a timer runs; when every seat to act has waited, or nobody can
    act, the first timer's action is applied for the referee."""

    def __init__(self, state: State, encoder: Encoder) -> None:
        self.state = state
        self.encoder = encoder
        self.waited: set[Seat] = set()
        self.last_seat: Seat = -1
        self.moves = 0  # actions applied through the driver: a mask is valid for one of them
        self._asked: tuple[Seat, int, list[Action], bool, np.ndarray] | None = None

    def legal(self, seat: Seat) -> tuple[list[Action], bool]:
        """The seat's legal actions, and whether it may :data:`WAIT` (a timer is running)."""
        asked = self._ask(seat)
        return asked[2], asked[3]

    def mask(self, seat: Seat) -> np.ndarray:
        return self._ask(seat)[4].copy()

    def _ask(self, seat: Seat) -> tuple[Seat, int, list[Action], bool, np.ndarray]:
        """Legal actions and mask, remembered until the next action (a learner asks for the mask,
        then acts: the game is asked once)."""
        asked = self._asked
        if asked is None or asked[0] != seat or asked[1] != self.moves:
            legal = self.state.legal_actions(seat)
            encoder = self.encoder
            may_wait = encoder.uses_clock and bool(self.state.timers())
            mask = encoder.step_mask(legal, may_wait)
            asked = self._asked = (seat, self.moves, legal, may_wait, mask)
        return asked

    def act(self, seat: Seat, number: object) -> Action:
        """Play action ``number`` for ``seat`` (:class:`IllegalAction`, nothing changed, when
        it is outside the seat's mask); returns the action."""
        _, _, legal, may_wait, mask = self._ask(seat)
        if isinstance(number, np.integer):
            number = int(number)
        if type(number) is int and 0 <= number < mask.size and mask[number]:
            action = self.encoder.table.actions[number]
            if action is not WAIT:  # apply(checked=True), inlined: every step of a learner
                self.state.perform(seat, action)
                if self.waited:
                    self.waited.clear()
                self.last_seat = seat
                self.moves += 1
                return action
        else:
            action = check_choice(self.encoder, number, legal, may_wait, seat)
        self.apply(seat, action, checked=True)
        return action

    def apply(self, seat: Seat, action: Action, *, checked: bool = False) -> None:
        """Play an action (or :data:`WAIT`); the game checks it unless ``checked``: the action
        is one of the seat's ``legal_actions`` of this very state (:meth:`act` found it in the
        mask made from them), which the contract makes exactly what the game's check accepts
        (the conformance tests hold every game to it), so the game just performs it, as the
        search agents do. The check cost a learner's step a tenth of its time, for nothing."""
        if action is WAIT:
            self.waited.add(seat)
        elif checked:
            self.state.perform(seat, action)
            self.waited.clear()
        else:
            self.state.apply(seat, action)
            self.waited.clear()
        self.last_seat = seat
        self.moves += 1

    def next_seat(self) -> Seat | None:
        """The next seat to act, after running the timers that are due; None once the game is over."""
        state = self.state
        while not state.is_over():
            acting = state.to_act()
            if len(acting) == 1 and not self.waited:  # most steps: one seat to act, none waited
                return acting[0]
            waiting = [s for s in acting if s not in self.waited] if self.waited else acting
            if waiting:
                after = [s for s in waiting if s > self.last_seat]
                return min(after) if after else min(waiting)
            timers = state.timers()
            if not timers:
                raise RobotableError(f"{state.game.title}: nobody can act and no timer runs")
            state.apply(REFEREE, timers[0].action)  # every seat to act waited: the clock runs out
            self.waited.clear()
            self.moves += 1
        return None


def check_choice(
    encoder: Encoder, number: object, legal: Sequence[Action], may_wait: bool, seat: Seat
) -> Action:
    """The action ``number`` stands for, or :class:`IllegalAction` naming what is legal."""
    try:
        action = encoder.decode(number)  # type: ignore[arg-type]
    except UnknownAction as exc:
        raise IllegalAction(f"seat {seat}: {exc}", seat=seat, action=number) from None
    if (action is WAIT and may_wait) or (action is not WAIT and action in legal):
        return action
    allowed = [f"{encoder.encode(a)} ({a})" for a in legal]
    if may_wait:
        allowed.append(f"{encoder.encode(WAIT)} (wait)")
    shown = ", ".join(allowed[:12]) + (f" and {len(allowed) - 12} more" if len(allowed) > 12 else "")
    raise IllegalAction(
        f"seat {seat} cannot play action {number} ({action}) now; the mask allows {shown or 'nothing'}",
        seat=seat,
        action=action,
    )


# --------------------------------------------------------------------------- rewards


def final_rewards(outcome: Outcome, mode: str = "win") -> list[float]:
    """The end-of-game reward of every seat.

    ``"win"``: +1 for a seat ranked first, -1 for the others, 0 for everyone when all
    share one rank (a draw); a solo game's loss (rank 2) is -1. ``"score"``: the seat's
    score minus the best score among the others (its margin: positive exactly when it won
    alone); a solo game gives its score."""
    scores, ranks = outcome.scores, outcome.ranks
    if mode == "score":
        if len(scores) == 1:
            return [float(scores[0])]
        return [float(mine - max(s for j, s in enumerate(scores) if j != i)) for i, mine in enumerate(scores)]
    if len(ranks) > 1 and len(set(ranks)) == 1:
        return [0.0] * len(ranks)
    return [1.0 if rank == 1 else -1.0 for rank in ranks]


# --------------------------------------------------------------------------- faces


def ansi_picture(game: Game, state: State | None) -> str | None:
    """The game's terminal picture of the spectator's view (hidden cards stay hidden), as
    text with ANSI colours: what ``render_mode="ansi"`` returns."""
    if state is None:
        return None
    from rich.console import Console

    out = StringIO()
    console = Console(file=out, width=120, force_terminal=True, color_system="standard")
    console.print(game.render_text(state.view(None)))
    return out.getvalue()


RENDER_MODES = ("ansi", "rgb_array")
RGB_NEEDS = 'render_mode="rgb_array" draws the game\'s SVG with cairosvg: pip install cairosvg'


def check_settings(reward: str, render_mode: str | None, max_steps: int | None) -> None:
    """The settings every environment shares, refused with a reason before anything is made."""
    if reward not in REWARD_MODES:
        raise InvalidOptions(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
    check_render_mode(render_mode)
    if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
        raise InvalidOptions(f"max_steps must be a positive whole number, not {max_steps!r}")


def check_render_mode(render_mode: str | None) -> None:
    """Refuse an unknown mode, and ``rgb_array`` without its rasteriser, when the env is made."""
    if render_mode not in (None, *RENDER_MODES):
        raise InvalidOptions(
            f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
        )
    if render_mode == "rgb_array":
        try:
            import cairosvg  # noqa: F401
            import PIL  # noqa: F401
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError(f"{exc.name} is missing: {RGB_NEEDS}", name=exc.name) from exc
        except OSError as exc:  # cairocffi found no Cairo library on the system
            raise RobotableError(f"{RGB_NEEDS}, which needs the Cairo library ({exc})") from exc


def render_picture(game: Game, state: State | None, render_mode: str | None) -> str | np.ndarray | None:
    """What an env's ``render()`` returns in ``render_mode``: always the spectator's view."""
    if render_mode == "ansi":
        return ansi_picture(game, state)
    if render_mode == "rgb_array":
        return rgb_picture(game, state)
    return None


def rgb_picture(game: Game, state: State | None) -> np.ndarray | None:
    """The game's SVG picture of the spectator's view as an ``(height, width, 3)`` ``uint8``
    array: what ``render_mode="rgb_array"`` returns."""
    if state is None:
        return None
    import cairosvg
    from PIL import Image

    png = cairosvg.svg2png(bytestring=game.render_svg(state.view(None)).encode("utf-8"))
    with Image.open(BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"))
