"""The DR2D puzzle file: a factory, one robot, a goal and a number of turns.

A puzzle is a JSON object (the shared shape of issue 30 plus DR2D's own fields)::

    {"game": "dr2d", "format": 1,
     "title": {"en": "...", "fr": "..."}, "lesson": {"en": "...", "fr": "..."},
     "factory": ["[map]", ". . > > .", ". O . . 1", "[walls]", "1,0 E"],
     "robot": {"tile": [0, 0], "facing": "E", "pc": 7},
     "goal": {"tile": [4, 0]}   or   {"laws": [2, 1]},
     "turns": 2,
     "options": {"absolute_directions": false},
     "optimum": [1, 3]}

``factory`` is a board file of the game (``data/board_default.txt``'s format, as lines or one
text), or a part of one: a map of 1 to 12 rows of 1 to 12 tiles, its laws and start tiles
optional (:func:`~robotable.games.dr2d.board.parse_board` with ``part=True``). Its edges are the
board's edges: a robot can leave it there. ``options`` are the game's rule options that a
one-robot factory can feel (DR-12, DR-25, DR-27, DR-32). ``optimum`` is the stored proven score
``[turns, moves]`` (fewest turns, then fewest registers that are not STAY).

Every refusal is a :class:`~robotable.core.errors.PuzzleError` in English with its French
sentence; sizes are checked before anything is parsed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from robotable.core.errors import DataFileError, PuzzleError, quoted
from robotable.games.dr2d.board import DIRECTION_WORDS, DIRS, OFF, PIT, Board, parse_board, tile_of, xy
from robotable.games.dr2d.engine import LETTERS, STAY, Rules

FORMAT = 1
REGISTERS = 5
MAX_TURNS = 10  # a puzzle is a lesson, not a game (DR-33's 40 turns): and the search stays small
MAX_FACTORY_CHARS = 4_000  # a whole 12x12 board with comments fits in 2,500
MAX_FACTORY_LINES = 80
MAX_TEXT_CHARS = 300  # a title or a one-line lesson
RULE_OPTIONS = {
    "absolute_directions": "absolute",
    "press_every_register": "press_every_register",
    "pit_damage": "pit_damage",
    "reentry_scan_from_next": "reentry_from_next",
}
KEYS = {"game", "format", "title", "lesson", "factory", "robot", "goal", "turns", "options", "optimum"}
REQUIRED = ("game", "format", "title", "lesson", "factory", "robot", "goal", "turns")
MAX_ATTEMPT_CHARS = 1_000  # ten turns of five STAY with their spaces: 300
STAY_WORDS = {"STAY", ".", "-"}  # '.' and '-' are the short STAY of the terminal's notation

Score = tuple[int, int]


@dataclass(frozen=True)
class Puzzle:
    """A loaded puzzle. ``targets``: the tiles the robot must end turns on, in order (one tile,
    or the tiles of the goal's laws)."""

    title: dict[str, str]
    lesson: dict[str, str]
    board: Board
    factory: str
    start: int
    facing: int
    pc: int
    goal_laws: tuple[int, ...]  # empty for a tile goal
    targets: tuple[int, ...]
    turns: int
    rules: Rules
    optimum: Score | None

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as its file holds it (``load_puzzle(p.to_dict())`` gives ``p`` back)."""
        goal: dict[str, Any] = (
            {"laws": list(self.goal_laws)} if self.goal_laws else {"tile": list(xy(self.targets[0]))}
        )
        data: dict[str, Any] = {
            "game": "dr2d",
            "format": FORMAT,
            "title": dict(self.title),
            "lesson": dict(self.lesson),
            "factory": self.factory.splitlines(),
            "robot": {"tile": list(xy(self.start)), "facing": DIRS[self.facing], "pc": self.pc},
            "goal": goal,
            "turns": self.turns,
            "options": {name: getattr(self.rules, field) for name, field in RULE_OPTIONS.items()},
        }
        if self.optimum is not None:
            data["optimum"] = list(self.optimum)
        return data


def refuse(en: str, fr: str) -> PuzzleError:
    return PuzzleError(en, fr=fr)


def load_puzzle(data: dict[str, Any]) -> Puzzle:
    """A puzzle from its JSON object, or a :class:`PuzzleError` saying what is wrong."""
    if not isinstance(data, dict):
        raise refuse("a puzzle is a JSON object", "un puzzle est un objet JSON")
    _check_keys(data)
    if data["game"] != "dr2d":
        raise refuse(
            f"this puzzle is for the game {quoted(data['game'])}, not DR2D",
            f"ce puzzle est pour le jeu {quoted(data['game'])}, pas pour DR2D",
        )
    if data["format"] != FORMAT or type(data["format"]) is not int:
        raise refuse(
            f"unknown puzzle format {quoted(data['format'])} (this version reads format {FORMAT})",
            f"format de puzzle inconnu {quoted(data['format'])} (cette version lit le format {FORMAT})",
        )
    turns = _whole(data["turns"], "turns", "tours", 1, MAX_TURNS)
    title, lesson = _texts(data["title"], "title", "titre"), _texts(data["lesson"], "lesson", "leçon")
    factory = _factory_text(data["factory"])
    board = _board(factory)
    start, facing, pc = _robot(data["robot"], board)
    goal_laws, targets = _goal(data["goal"], board)
    rules = _rules(data.get("options", {}))
    optimum = None if data.get("optimum") is None else _optimum(data["optimum"], turns)
    return Puzzle(title, lesson, board, factory, start, facing, pc, goal_laws, targets, turns, rules, optimum)


def _check_keys(data: dict[str, Any]) -> None:
    unknown = sorted(str(key) for key in data if key not in KEYS)
    if unknown:  # a misspelt "optimum" would otherwise be silently ignored
        names = ", ".join(quoted(name, 20) for name in unknown[:3])
        raise refuse(
            f"unknown field(s) in the puzzle: {names}", f"champ(s) inconnu(s) dans le puzzle : {names}"
        )
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        names = ", ".join(missing)
        raise refuse(f"the puzzle lacks: {names}", f"il manque au puzzle : {names}")


def _whole(value: Any, name: str, nom: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise refuse(
            f"{name} must be a whole number from {low} to {high}, not {quoted(value)}",
            f"{nom} : un nombre entier de {low} à {high}, pas {quoted(value)}",
        )
    return value


def _texts(value: Any, name: str, nom: str) -> dict[str, str]:
    """A title or lesson in English and French: short, printable, one line."""
    if not isinstance(value, dict) or set(value) != {"en", "fr"}:
        raise refuse(
            f"the {name} is an object with the English and French texts: {{'en': ..., 'fr': ...}}",
            f"{nom} : un objet avec les textes anglais et français : {{'en': ..., 'fr': ...}}",
        )
    for text in value.values():
        if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT_CHARS or not text.isprintable():
            raise refuse(
                f"each {name} is one printable line of 1 to {MAX_TEXT_CHARS} characters",
                f"chaque {nom} tient en une ligne imprimable de 1 à {MAX_TEXT_CHARS} caractères",
            )
    return {"en": value["en"], "fr": value["fr"]}


def _factory_text(value: Any) -> str:
    """The factory's text, its size checked before it is read."""
    if isinstance(value, list):
        if len(value) > MAX_FACTORY_LINES or not all(isinstance(line, str) for line in value):
            raise refuse(
                f"the factory is a list of at most {MAX_FACTORY_LINES} lines of text",
                f"l'usine est une liste d'au plus {MAX_FACTORY_LINES} lignes de texte",
            )
        if sum(len(line) + 1 for line in value) > MAX_FACTORY_CHARS:
            raise _too_long()
        value = "\n".join(value)
    if not isinstance(value, str):
        raise refuse(
            "the factory is a board in the game's format: a text or a list of lines",
            "l'usine est un plateau au format du jeu : un texte ou une liste de lignes",
        )
    if len(value) > MAX_FACTORY_CHARS:
        raise _too_long()
    return value


def _too_long() -> PuzzleError:
    return refuse(
        f"the factory is too long for a puzzle (at most {MAX_FACTORY_CHARS:,} characters)",
        f"l'usine est trop longue pour un puzzle (au plus {MAX_FACTORY_CHARS:,} caractères)",
    )


def _board(text: str) -> Board:
    try:
        return parse_board(text, "factory", part=True)
    except DataFileError as exc:  # the board's reader names the line: say it as a puzzle error
        raise refuse(
            f"the factory cannot be read: {exc.field}: {exc.reason}",
            f"l'usine est illisible : {exc.field.replace('line', 'ligne')} : {exc.reason}",
        ) from None


def _tile(value: Any, board: Board, name: str, nom: str) -> int:
    ok = isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
    if not ok or not (0 <= value[0] < board.width and 0 <= value[1] < board.height):
        size = f"{board.width}x{board.height}"
        raise refuse(
            f"the {name} must be a tile [x, y] of the {size} factory, not {quoted(value)}",
            f"{nom} doit être une case [x, y] de l'usine {size}, pas {quoted(value)}",
        )
    return tile_of(value[0], value[1])


def _robot(value: Any, board: Board) -> tuple[int, int, int]:
    if not isinstance(value, dict) or not {"tile", "facing"} <= set(value) <= {"tile", "facing", "pc"}:
        raise refuse(
            "the robot is {'tile': [x, y], 'facing': 'N', 'pc': 7} (pc optional, 7 when left out)",
            "le robot s'écrit {'tile': [x, y], 'facing': 'N', 'pc': 7} (pc facultatif, 7 sinon)",
        )
    start = _tile(value["tile"], board, "robot's tile", "la case du robot")
    if board.kind[start] == PIT:  # DR-25 counts a pit's cost on entry: starting in one means nothing
        raise refuse("the robot cannot start in a pit", "le robot ne peut pas partir d'un trou")
    facing = value["facing"]
    if not isinstance(facing, str) or facing.upper() not in DIRECTION_WORDS:
        raise refuse(
            f"the robot's facing is N, E, S or W, not {quoted(facing)}",
            f"l'orientation du robot est N, E, S ou O, pas {quoted(facing)}",
        )
    pc = _whole(value.get("pc", 7), "the robot's PC", "les PC du robot", 1, 7)
    return start, DIRECTION_WORDS[facing.upper()], pc


def _goal(value: Any, board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(value, dict) and set(value) == {"tile"}:
        return (), (_tile(value["tile"], board, "goal", "le but"),)
    laws = value.get("laws") if isinstance(value, dict) and set(value) == {"laws"} else None
    ok = isinstance(laws, list) and 1 <= len(laws) <= 3 and all(law in (1, 2, 3) for law in laws)
    if not ok or len(set(laws)) != len(laws) or any(type(law) is not int for law in laws):  # type: ignore[arg-type]
        raise refuse(
            "the goal is {'tile': [x, y]} or {'laws': [...]}: one to three different laws, in order",
            "le but s'écrit {'tile': [x, y]} ou {'laws': [...]} : une à trois lois différentes, dans l'ordre",
        )
    for law in laws:  # type: ignore[union-attr]
        if board.laws[law - 1] == OFF:
            raise refuse(
                f"law {law} is on no tile of the factory", f"la loi {law} n'est sur aucune case de l'usine"
            )
    return tuple(laws), tuple(board.laws[law - 1] for law in laws)  # type: ignore[union-attr]


def _rules(value: Any) -> Rules:
    if not isinstance(value, dict) or not set(value) <= set(RULE_OPTIONS):
        known = ", ".join(RULE_OPTIONS)
        raise refuse(
            f"the puzzle's options are among: {known}", f"les options du puzzle sont parmi : {known}"
        )
    for name, on in value.items():
        if type(on) is not bool:
            raise refuse(f"option {name} is true or false", f"l'option {name} vaut true ou false")
    return Rules(**{RULE_OPTIONS[name]: on for name, on in value.items()})


def _optimum(value: Any, turns: int) -> Score:
    ok = isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
    if not ok or not 1 <= value[0] <= turns or not 0 <= value[1] <= REGISTERS * value[0]:
        raise refuse(
            f"the optimum is [turns, moves] within the puzzle's {turns} turn(s), not {quoted(value)}",
            f"l'optimum s'écrit [tours, déplacements] en {turns} tour(s) au plus, pas {quoted(value)}",
        )
    return value[0], value[1]


# --------------------------------------------------------------------------- attempts


def parse_attempt(attempt: Any, puzzle: Puzzle) -> list[list[int]]:
    """An attempt: one program per turn, each five registers (``N``, ``E``, ``S``, ``W`` or
    ``STAY``; ``O`` for ``W``, ``.`` or ``-`` for ``STAY``), as a list of words or one text;
    a whole attempt may also be one text, its turns separated by ``/``.
    """
    if isinstance(attempt, str):
        _check_length(attempt)
        attempt = attempt.split("/") if attempt.strip() else []
    if not isinstance(attempt, list | tuple):
        raise refuse(
            f"an attempt is a list of programs, one per turn (1 to {puzzle.turns})",
            f"une tentative est une liste de programmes, un par tour (de 1 à {puzzle.turns})",
        )
    if not 1 <= len(attempt) <= puzzle.turns:
        count = len(attempt)
        raise refuse(
            f"an attempt is one program per turn, 1 to {puzzle.turns} of them, not {count}",
            f"une tentative donne un programme par tour, de 1 à {puzzle.turns}, pas {count}",
        )
    return [parse_program(program, turn) for turn, program in enumerate(attempt, start=1)]


def parse_program(program: Any, turn: int = 1) -> list[int]:
    """Five registers from ``"N N E STAY W"`` (or ``"N,N,E,.,W"``) or a list of five words or
    codes (0 to 3 for N, E, S, W, 4 for STAY: a :class:`~.prover.Proof`'s solution runs as it is).

    >>> parse_program("N n e . O"), parse_program(["STAY", "-", "S", "W", "E"])
    ([0, 0, 1, 4, 3], [4, 4, 2, 3, 1])
    """
    if isinstance(program, str):
        _check_length(program)
    words = program.replace(",", " ").split() if isinstance(program, str) else program
    words = list(words) if isinstance(words, list | tuple) else []
    codes = [_code(word) for word in words[: REGISTERS + 1]]
    if len(words) != REGISTERS or None in codes:
        shown = quoted(program)
        raise refuse(
            f"turn {turn}: a program is five registers among N, E, S, W and STAY, not {shown}",
            f"tour {turn} : un programme a cinq registres parmi N, E, S, O et STAY, pas {shown}",
        )
    return codes  # type: ignore[return-value]


def _check_length(text: str) -> None:
    """A typed attempt is short: a longer text is refused before it is split."""
    if len(text) > MAX_ATTEMPT_CHARS:
        raise refuse(
            f"an attempt is at most {MAX_ATTEMPT_CHARS:,} characters long",
            f"une tentative tient en {MAX_ATTEMPT_CHARS:,} caractères au plus",
        )


def _code(word: Any) -> int | None:
    if type(word) is int and 0 <= word <= STAY:  # a code, as a Proof's solution holds it
        return word
    if not isinstance(word, str) or not word.isascii():
        return None
    upper = word.strip().upper()
    if upper in STAY_WORDS:
        return STAY
    return DIRECTION_WORDS.get(upper)


def notation(programs: Sequence[Sequence[int]]) -> str:
    """Programs as the terminal reads them back: ``N N E STAY STAY / S STAY ...``."""
    return " / ".join(" ".join(LETTERS[code] for code in program) for program in programs)
