"""Conceding: a seat gives up. One rule for every game, kept above the engines.

A concession is an entry of the table, not a move of the game: the record writes it
``[seat, "concede"]`` (:data:`CONCEDE`, a word no game's notation uses) and no engine ever
sees it. The rule (a digital decision; the printed rules say nothing of giving up):

- A seat may concede at any moment while the game runs, on its turn or not; once. The
  referee (the clock) concedes nothing, and nothing is conceded once the game is over.
- The game ends at once when at most one seat has not conceded: at a 2-seat table the other
  seat wins (rank 1, score 1) and the conceder loses (rank 2, score 0); a 1-seat game (a solo
  puzzle, solo against the Killer) ends lost, ranked 2nd as the engines rank a lost solo game.
  Scores are 1 and 0 because an unfinished game has no scores that every game could give.
- Otherwise (3 seats or more) the game goes on: whoever hosts the table gives the seat to a
  bot, whose actions the record keeps as that seat's. When the engine ends the game, its scores
  stand, but the conceders rank last whatever happened, the later conceder above the earlier
  one (who gave up first did least); the others keep the engine's order among themselves.

The outcome's ``detail`` says who conceded (by seat number: it must replay from the record
alone), so ``Outcome`` and ``Record.outcome`` replay exactly.

The same holds for a table its server's administrator ended (``robotable admin end``): the
referee's entry ``[-1, "ended: REASON"]`` (:data:`ENDED`, :class:`EndedByHost`) ends the game at
once, nobody winning (every seat scores 0 and shares the last place), the reason in the
outcome's ``detail``. Only the referee's seat writes it; a person cannot.

>>> concessions = Concessions(2)
>>> concessions.outcome(None) is None
True
>>> concessions.record(1)
Conceded(seat=1, ends=True)
>>> concessions.outcome(None)
Outcome(scores=(1.0, 0.0), ranks=(1, 2), detail='seat 1 conceded')
"""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.errors import IllegalAction
from robotable.core.game import REFEREE, Action, Event, Game, Outcome, Seat, State

__all__ = [
    "CONCEDE",
    "ENDED",
    "Concede",
    "Conceded",
    "Concessions",
    "Ended",
    "EndedByHost",
    "TableEntry",
    "ended_entry",
    "is_concession",
    "is_table_entry",
    "parse_entry",
]

CONCEDE = "concede"
"""A concession's notation in records and on the wire; no game's parser reads it (tested)."""
ENDED = "ended:"
"""How an administrator's end begins in a record (``ended: REASON``); no game's notation does."""
MAX_REASON = 300
"""Characters an administrator's reason may have."""


class TableEntry(Action):
    """An entry of the table that no engine ever sees: a concession, an administrator's end."""


@dataclass(frozen=True)
class Concede(TableEntry):
    """The concession, as the table takes it (never handed to an engine)."""

    def __str__(self) -> str:
        return CONCEDE


@dataclass(frozen=True)
class EndedByHost(TableEntry):
    """The server's administrator ended the table, for ``reason`` (the referee's entry)."""

    reason: str

    def __str__(self) -> str:
        return f"{ENDED} {self.reason}"


@dataclass(frozen=True)
class Ended(Event):
    """The server's administrator ended the game."""

    kind = "ended"
    reason: str


@dataclass(frozen=True)
class Conceded(Event):
    """A seat conceded; ``ends``: the game ended with it (at most one seat had not conceded)."""

    kind = "conceded"
    seat: Seat
    ends: bool


def is_concession(text: str) -> bool:
    """Whether a record's or a player's notation is the concession."""
    return text.strip().lower() == CONCEDE


def is_table_entry(text: str) -> bool:
    """Whether a notation is the table's own entry (a concession, an administrator's end)."""
    return is_concession(text) or text.lstrip().startswith(ENDED)


def ended_entry(reason: str) -> EndedByHost:
    """An administrator's end for ``reason``: one line of at most :data:`MAX_REASON` characters
    (:class:`ValueError` saying what is wrong otherwise).

    >>> str(ended_entry("  players left  "))
    'ended: players left'
    """
    reason = " ".join(reason.split())
    if not reason:
        raise ValueError("the reason is empty: say in a few words why the table ends")
    if len(reason) > MAX_REASON or not reason.isprintable():
        raise ValueError(f"the reason must be one line of printable text, at most {MAX_REASON} characters")
    return EndedByHost(reason)


def parse_entry(game: Game, text: str) -> Action:
    """A record's or a player's notation: the table's own entry, else the game's own action."""
    if is_concession(text):
        return Concede()
    if text.lstrip().startswith(ENDED):
        return EndedByHost(text.lstrip().removeprefix(ENDED).strip())
    return game.parse_action(text)


def _refusal(reason: str, fr: str, code: str, seat: Seat) -> IllegalAction:
    refusal = IllegalAction(reason, seat=seat, action=CONCEDE)
    refusal.fr, refusal.code = fr, code
    return refusal


class Concessions:
    """The seats that conceded in one game, in order, and what they make of its end.

    Every action of the game goes through :meth:`check` and :meth:`apply` (a table's, a
    recorder's, a replay's), so the engine is asked only while the game is really on."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.order: list[Seat] = []
        """The seats that conceded, first conceder first."""
        self.host_end: str | None = None
        """The reason the server's administrator gave for ending the game (None: they did not)."""

    def conceded(self, seat: Seat | None) -> bool:
        return seat in self.order

    @property
    def ended(self) -> bool:
        """Whether the table's entries ended the game: at most one seat has not conceded, or the
        administrator ended it."""
        return self.host_end is not None or (bool(self.order) and len(self.order) >= self.seats - 1)

    def to_act(self, state: State) -> list[Seat]:
        """The seats awaited: none once concessions ended the game."""
        return [] if self.ended else state.to_act()

    # ------------------------------------------------------------------ acting

    def check(self, state: State, seat: Seat, action: Action) -> None:
        """Refuse (:class:`IllegalAction`, nothing changed) what :meth:`apply` would not take."""
        if isinstance(action, Concede):
            self._check_concession(state, seat)
        elif isinstance(action, EndedByHost):
            self._check_host_end(state, seat)
        elif self.host_end is not None:
            raise _refusal(
                "the game is over: the server's administrator ended it",
                "la partie est finie : l'administrateur du serveur l'a arrêtée",
                "over",
                seat,
            )
        elif self.ended:
            raise _refusal(
                "the game is over: it ended when a player conceded",
                "la partie est finie : elle s'est terminée quand un joueur a abandonné",
                "over",
                seat,
            )
        else:
            state.check(seat, action)

    def _check_concession(self, state: State, seat: Seat) -> None:
        if type(seat) is not int or not 0 <= seat < self.seats:
            who = "the clock" if seat == REFEREE else repr(seat)
            raise _refusal(
                f"{who} cannot concede: only a seat of this game (0 to {self.seats - 1}) can",
                f"{'l’horloge' if seat == REFEREE else repr(seat)} ne peut pas abandonner : "
                f"seule une place de cette partie (0 à {self.seats - 1}) le peut",
                "illegal",
                seat,
            )
        if self.ended or state.outcome() is not None:
            raise _refusal(
                "the game is over: there is nothing left to concede",
                "la partie est finie : il n'y a plus rien à abandonner",
                "over",
                seat,
            )
        if seat in self.order:
            raise _refusal(
                f"seat {seat} has already conceded",
                f"la place {seat} a déjà abandonné",
                "conceded",
                seat,
            )

    def _check_host_end(self, state: State, seat: Seat) -> None:
        if seat != REFEREE:
            raise _refusal(
                "only the server's administrator can end a game",
                "seul l'administrateur du serveur peut arrêter une partie",
                "illegal",
                seat,
            )
        if self.ended or state.outcome() is not None:
            raise _refusal("the game is over already", "la partie est déjà finie", "over", seat)

    def apply(self, state: State, seat: Seat, action: Action) -> list[Event]:
        """Check and carry out one action: a concession is written down here, any other
        action is the engine's."""
        self.check(state, seat, action)
        if isinstance(action, Concede):
            return [self.record(seat)]
        if isinstance(action, EndedByHost):
            self.host_end = action.reason
            return [Ended(action.reason)]
        return state.perform(seat, action)

    def record(self, seat: Seat) -> Conceded:
        """Write down a concession already checked."""
        self.order.append(seat)
        return Conceded(seat, self.ended)

    # ------------------------------------------------------------------ the end

    def outcome(self, engine: Outcome | None) -> Outcome | None:
        """The game's outcome given the engine's (``None`` while the engine's game runs)."""
        if self.host_end is not None:
            return self._ended_by_host(self.host_end)
        if not self.order:
            return engine
        if self.ended:
            return self._ended_by_concessions()
        if engine is None:
            return None
        return self._reranked(engine)

    def _detail(self) -> str:
        seats = [str(seat) for seat in self.order]
        if len(seats) == 1:
            return f"seat {seats[0]} conceded"
        return f"seats {', '.join(seats[:-1])} and {seats[-1]} conceded"

    def _last_ranks(self, standing: int) -> dict[Seat, int]:
        """The conceders' ranks behind ``standing`` seats: the later conceder first."""
        return {seat: standing + len(self.order) - i for i, seat in enumerate(self.order)}

    def _ended_by_concessions(self) -> Outcome:
        if self.seats == 1:
            return Outcome((0.0,), (2,), self._detail())
        ranks = {seat: 1 for seat in range(self.seats) if seat not in self.order}
        ranks |= self._last_ranks(len(ranks))
        scores = tuple(0.0 if seat in self.order else 1.0 for seat in range(self.seats))
        return Outcome(scores, tuple(ranks[seat] for seat in range(self.seats)), self._detail())

    def _ended_by_host(self, reason: str) -> Outcome:
        """Nobody won: every seat scores 0 and shares the last place (a 1-seat game's is 2nd, as a
        lost solo game), so no seat counts a win."""
        last = max(self.seats, 2)
        return Outcome((0.0,) * self.seats, (last,) * self.seats, f"ended by the administrator: {reason}")

    def _reranked(self, engine: Outcome) -> Outcome:
        standing = [seat for seat in range(self.seats) if seat not in self.order]
        ranks = {
            seat: 1 + sum(engine.ranks[other] < engine.ranks[seat] for other in standing) for seat in standing
        }
        ranks |= self._last_ranks(len(standing))
        detail = f"{engine.detail}; {self._detail()}" if engine.detail else self._detail()
        return Outcome(engine.scores, tuple(ranks[seat] for seat in range(self.seats)), detail)
