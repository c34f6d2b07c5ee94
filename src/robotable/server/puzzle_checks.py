"""A puzzle made in the editor, checked (issue 31): read with its game's own loader, then its
optimum proven by the game's own solver within a limit. The same code serves ``check`` and
``publish`` (which never trusts an optimum a page sends: it proves it again here).

Every game plugs in by one function, ``data -> Checked``; the routes are :mod:`.puzzle_editor`.
Blocking (a solver runs for up to a few seconds): the routes run it in a thread, one at a time.

What the answer says, in English and French: the proven optimum; or why there is none: the pawn
(the robot) has no start, there is no parcel or no drop point, no program of the allowance
solves it (``unsolvable``), or the search met its limit first (``too_large``). A file that
cannot be read at all (not JSON, too big, a field of the wrong kind) is a refusal
(``PuzzleError``), as the game's loader words it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from robotable.core.errors import PuzzleError

MAX_PUZZLE_BYTES = 12_000
"""A puzzle file sent by a page at most: a whole 12 x 12 board with its legend is under 2,000."""
DELIVERY_NODES = 200_000
"""Robot Delivery's search nodes per check (about 9 µs a node: two seconds or so; docs/puzzles.md)."""
RICOCHET_SECONDS = 3.0
"""Ricochet's search time per check (the book's 20-move puzzles take under two seconds)."""
MAX_SIDE = 12
"""Rows and columns of an editor's board looked at before its game's loader reads it (the
loader refuses larger ones in its own words)."""
DR2D_STATES = 60_000
"""DR2D's states kept per check (50 to 80 µs a state: a few seconds at most)."""


@dataclass(frozen=True)
class Checked:
    """A puzzle checked: ``optimum`` and ``solution`` (its text) when proven, and ``file``, the
    puzzle file with them written in; else ``reason`` (``no_start``, ``no_parcel``, ``no_drop``,
    ``no_goal``, ``unsolvable``, ``too_large``). ``words``: what to say, ``{"en", "fr"}``."""

    game: str
    title: str
    words: dict[str, str]
    optimum: tuple[int, ...] | None = None
    solution: str | None = None
    reason: str | None = None
    file: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        answer: dict[str, Any] = {"game": self.game, "proven": self.optimum is not None}
        answer |= {"reason": self.reason, "words": dict(self.words)}
        if self.optimum is not None:
            answer |= {"optimum": list(self.optimum), "solution": self.solution}
        return answer


def refuse(en: str, fr: str) -> PuzzleError:
    return PuzzleError(en, fr=fr)


def read_body(raw: bytes) -> Any:
    """A page's message as JSON, its size checked first; a refusal in words otherwise."""
    if len(raw) > MAX_PUZZLE_BYTES:
        raise refuse(
            f"a puzzle file is at most {MAX_PUZZLE_BYTES:,} bytes",
            f"un fichier de puzzle fait au plus {MAX_PUZZLE_BYTES:,} octets".replace(",", " "),
        )
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise refuse(
            "this is not a puzzle file (not JSON)", "ce n’est pas un fichier de puzzle (pas du JSON)"
        ) from None


def count(number: int, one: str, many: str) -> str:
    """``1 card``, ``3 cards``: a number and its word (French says 0 and 1 in the singular too)."""
    return f"{number} {one if number <= 1 else many}"


def not_proven(game: str, title: str, reason: str) -> Checked:
    return Checked(game, title, REASONS[reason], reason=reason)


REASONS = {
    "no_start": {
        "en": "The pawn has no start: put it on the board.",
        "fr": "Le pion n’a pas de départ : placez-le sur le plateau.",
    },
    "no_parcel": {
        "en": "There is no parcel: put a pickup point on the board.",
        "fr": "Il n’y a pas de colis : placez un point de collecte sur le plateau.",
    },
    "no_drop": {
        "en": "There is no drop point: no parcel can be delivered.",
        "fr": "Il n’y a pas de point de livraison : aucun colis ne peut être livré.",
    },
    "no_goal": {
        "en": "There is no goal: put the goal on a tile.",
        "fr": "Il n’y a pas de but : placez le but sur une dalle.",
    },
    "unsolvable": {
        "en": "No program of the cards allowed solves this puzzle.",
        "fr": "Aucun programme avec les cartes permises ne résout ce puzzle.",
    },
    "too_large": {
        "en": "Too large: the solver met its limit before proving an optimum. "
        "Give fewer cards or a smaller board.",
        "fr": "Trop grand : le solveur a atteint sa limite avant de prouver un optimum. "
        "Donnez moins de cartes ou un plus petit plateau.",
    },
}


def _title(data: Mapping[str, Any]) -> str:
    title = data.get("title")
    text = title.get("en") if isinstance(title, Mapping) else None
    return text.strip()[:200] if isinstance(text, str) else ""


# --------------------------------------------------------------------------- Robot Delivery


def check_delivery(data: Any) -> Checked:
    from robotable.games.delivery.board import DROP
    from robotable.games.delivery.puzzles import load_puzzle, prove

    if isinstance(data, Mapping) and "start" not in data:
        return not_proven("delivery", _title(data), "no_start")
    rows = data.get("board") if isinstance(data, Mapping) else None
    if (
        isinstance(rows, list)
        and len(rows) <= MAX_SIDE
        and all(isinstance(row, str) and len(row) <= MAX_SIDE for row in rows)
    ):
        # rows under the default legend (the editor's): the game's parser would refuse a board
        # without a pickup or a drop in its own words, about the board file; an author is told why
        if not any("P" in row for row in rows):
            return not_proven("delivery", _title(data), "no_parcel")
        if not any("D" in row for row in rows):
            return not_proven("delivery", _title(data), "no_drop")
    puzzle = load_puzzle(_without_proof(data))
    title = _title(data)
    if not puzzle.parcels:
        return not_proven("delivery", title, "no_parcel")
    if DROP not in puzzle.board.kinds:
        return not_proven("delivery", title, "no_drop")
    proof = prove(puzzle, limit=DELIVERY_NODES)
    if proof.optimum is None:
        return not_proven("delivery", title, "too_large" if proof.too_large else "unsolvable")
    cards, instructions = proof.optimum
    words = {
        "en": f"Proven: the best program uses {count(cards, 'card', 'cards')} "
        f"and {count(instructions, 'instruction', 'instructions')}.",
        "fr": f"Prouvé : le meilleur programme utilise {count(cards, 'carte', 'cartes')} "
        f"et {count(instructions, 'instruction', 'instructions')}.",
    }
    solution = str(proof.solution)
    return Checked(
        "delivery",
        title,
        words,
        optimum=proof.optimum,
        solution=solution,
        file=dict(puzzle.to_dict()) | {"optimum": list(proof.optimum), "solution": solution},
    )


# --------------------------------------------------------------------------- Ricochet Robots


def check_ricochet(data: Any) -> Checked:
    from robotable.games.ricochet.puzzle_file import load_puzzle, prove
    from robotable.games.ricochet.solver import MAX_DEPTH

    if isinstance(data, dict):
        data = {key: value for key, value in data.items() if key not in ("id", "level")}
    puzzle = load_puzzle(_without_proof(data))
    title = _title(data)
    proof = prove(puzzle, limit=MAX_DEPTH, timeout=RICOCHET_SECONDS)
    if proof.optimum is None:
        return not_proven("ricochet", title, "too_large" if proof.too_large else "unsolvable")
    moves = proof.optimum[0]
    words = {
        "en": f"Proven: the shortest solution is {count(moves, 'move', 'moves')}.",
        "fr": f"Prouvé : la plus courte solution fait {count(moves, 'coup', 'coups')}.",
    }
    solution = [str(move) for move in proof.solution]
    file = dict(data) | {"optimum": [moves], "solution": solution}
    return Checked("ricochet", title, words, optimum=proof.optimum, solution=", ".join(solution), file=file)


# --------------------------------------------------------------------------- DR2D


def check_dr2d(data: Any) -> Checked:
    from robotable.games.dr2d.puzzles import load_puzzle, prove
    from robotable.games.dr2d.puzzles.format import notation

    if isinstance(data, Mapping) and "robot" not in data:
        return not_proven("dr2d", _title(data), "no_start")
    if isinstance(data, Mapping) and "goal" not in data:
        return not_proven("dr2d", _title(data), "no_goal")
    puzzle = load_puzzle(_without_proof(data))
    title = _title(data)
    proof = prove(puzzle, limit=DR2D_STATES)
    if proof.optimum is None:
        return not_proven("dr2d", title, "too_large" if proof.too_large else "unsolvable")
    turns, moves = proof.optimum
    words = {
        "en": f"Proven: the best program takes {count(turns, 'turn', 'turns')} "
        f"and {count(moves, 'move', 'moves')}.",
        "fr": f"Prouvé : le meilleur programme prend {count(turns, 'tour', 'tours')} "
        f"et {count(moves, 'mouvement', 'mouvements')}.",
    }
    file = puzzle.to_dict() | {"optimum": list(proof.optimum)}
    return Checked("dr2d", title, words, optimum=proof.optimum, solution=notation(proof.solution), file=file)


def _without_proof(data: Any) -> Any:
    """The page's object without what only the server's proof may say (never trusted)."""
    if isinstance(data, Mapping):
        return {key: value for key, value in data.items() if key not in ("optimum", "solution")}
    return data


CHECKS: dict[str, Callable[[Any], Checked]] = {
    "delivery": check_delivery,
    "ricochet": check_ricochet,
    "dr2d": check_dr2d,
}
GAMES = tuple(CHECKS)


def check(game: str, data: Any) -> Checked:
    """``data`` (a puzzle file's object) checked as a puzzle of ``game`` (see the module's description)."""
    if game not in CHECKS:
        raise refuse(
            f"there is no puzzle editor for {game!r}", f"il n’y a pas d’éditeur de puzzles pour {game!r}"
        )
    if not isinstance(data, Mapping):
        raise refuse("a puzzle is a JSON object", "un puzzle est un objet JSON")
    if data.get("game") != game:
        raise refuse(f"this is not a puzzle of {game!r}", f"ce n’est pas un puzzle de {game!r}")
    return CHECKS[game](data)
