"""A classroom's rules, apart from where it is kept or served (issue 30, "The classroom").

- A room's **code** is six characters a teacher can read aloud and a pupil type: capitals and
  digits with no two alike to the ear or the eye (no ``O``/``0``, ``I``/``1``/``L``, ``S``/``5``,
  ``B``/``8``, ``Z``/``2``, ``G``/``6``, ``Q``). What a pupil types is read kindly: small
  letters, spaces and dashes are fine.
- A pupil's **attempts** at a puzzle: an attempt counts once it ends (solved, or at a dead end:
  a straight arrival, no move left), or when the pupil starts again after at least one move of
  an attempt that had not ended.
- A pupil's attempts at a **program** puzzle (Robot Delivery): each run counts one attempt;
  editing the program counts nothing; running again the very program of the pupil's last run
  of that puzzle (to watch it once more) is the same attempt.
- A room works on one **game**'s puzzles; a result is kept under its puzzle's id, qualified by
  the game for every game but Ricochet Robots (whose ids came first): ``delivery:course-3``.
- A room **lives** for a day from its opening, unless its teacher keeps it.
- The **results** as CSV: one row per pupil and puzzle, what ``best`` counts in the last
  column (moves, or cards), cells that a spreadsheet never reads
  as a formula.

>>> normalised_code(" hk4-7mx ")
'HK47MX'
>>> counts_as_attempt(["red N"], False, [], ended=False)
True
>>> counts_as_run({"onplay": [["FWD"]]}, {"onplay": [["FWD"], ["FWD"]]})
True
>>> counts_as_run({"onplay": [["FWD"]]}, {"onplay": [["FWD"]]})
False
>>> result_key("delivery", "course-3"), result_key("ricochet", "course-3")
('delivery:course-3', 'course-3')
>>> key_parts("delivery:course-3"), key_parts("course-3")
(('delivery', 'course-3'), ('ricochet', 'course-3'))
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

CODE_LETTERS = "ACDEFHJKMNPRTUVWXY3479"
"""The letters of a code: none that reads like another (see the module's description)."""
CODE_LENGTH = 6
LIFETIME = 24 * 3600.0
"""Seconds a room lives from its opening, unless its teacher keeps it."""
MAX_PUPILS = 60
"""Pupils a room takes: a class, and room to spare."""
MAX_HINT = 300
"""Characters of a hint a teacher pushes."""


def new_code() -> str:
    """A fresh room code (22**6: about 113 million; the store retries the rare one in use)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normalised_code(typed: str) -> str:
    """A code as a pupil typed it, in capitals, without spaces or dashes (checked elsewhere)."""
    return "".join(ch for ch in typed.upper() if ch not in " -")


def is_code(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(ch in CODE_LETTERS for ch in code)


def counts_as_attempt(
    previous: Sequence[str], previous_ended: bool, moves: Sequence[str], *, ended: bool
) -> bool:
    """Whether the pupil's new attempt ``moves`` (at the same puzzle as ``previous``) counts one
    attempt more: it ended now and is not the same ended attempt sent again; or it starts again
    (no move) after an attempt that had moves and had not ended."""
    if ended:
        return not (previous_ended and list(previous) == list(moves))
    return not moves and bool(previous) and not previous_ended


def counts_as_run(last_run: object, program: object) -> bool:
    """Whether running ``program`` counts one attempt more: unless it is the very program of
    the pupil's last run at the same puzzle (``last_run``; None: no run yet). Editing a program,
    without running it, never counts."""
    return last_run != program


FIRST_GAME = "ricochet"
"""The game whose results are kept under their bare puzzle ids (the classroom began with it)."""


def result_key(game: str, puzzle: str) -> str:
    """The key a pupil's result at ``puzzle`` of ``game`` is kept under (see the module's description)."""
    return puzzle if game == FIRST_GAME else f"{game}:{puzzle}"


def key_parts(key: str) -> tuple[str, str]:
    """(game, puzzle id) of a result's key: the inverse of :func:`result_key`."""
    game, colon, puzzle = key.partition(":")
    return (game, puzzle) if colon else (FIRST_GAME, key)


def expiry(now: float, *, kept: bool) -> float | None:
    """When a room opened (or let go) at ``now`` closes; None: kept by its teacher."""
    return None if kept else now + LIFETIME


def tidy_hint(text: str) -> str:
    """A teacher's hint as pupils read it: one line, no control characters, at most :data:`MAX_HINT`."""
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split())[:MAX_HINT]


@dataclass(frozen=True)
class Result:
    """One pupil at one puzzle: attempts, and the fewest moves of a solution (None: not solved)."""

    pupil: str
    puzzle: str
    attempts: int
    best: int | None
    optimum: int | None
    unit: str = "moves"
    """What ``best`` and ``optimum`` count: ``moves`` (Ricochet Robots), ``cards`` (Robot Delivery)."""


CSV_HEADER = ("pupil", "puzzle", "solved", "attempts", "best", "optimum", "optimal", "counted in")


def results_csv(results: Iterable[Result]) -> str:
    """The results as CSV (RFC 4180, a header first); a name beginning like a formula is quoted
    with an apostrophe, so a spreadsheet shows it as text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for r in results:
        optimal = "" if r.best is None or r.optimum is None else ("yes" if r.best <= r.optimum else "no")
        solved = "yes" if r.best is not None else "no"
        cells = (
            r.pupil,
            r.puzzle,
            solved,
            r.attempts,
            "" if r.best is None else r.best,
            r.optimum or "",
            optimal,
            r.unit,
        )
        writer.writerow([_safe_cell(cell) for cell in cells])
    return out.getvalue()


def _safe_cell(cell: object) -> object:
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell
