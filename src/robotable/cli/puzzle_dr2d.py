"""``robotable puzzle dr2d``: DR2D puzzles in the terminal, and the check of a DR2D puzzle file.

Playing: the factory is drawn with the game's terminal drawing; each turn the player types the
robot's five registers on one line, ``N N E STAY STAY`` (``N`` forward, ``E`` its right, ``S``
back, ``W`` its left, as in the game; ``O`` for ``W``; ``.`` or ``-`` for ``STAY``; commas
allowed). The turn is played by the game's engine and told register by register; once the goal
is reached, the score is shown against the proven optimum. Other words at the prompt: ``undo``
(take back the last turn), ``retry`` (start the puzzle again), ``skip`` (the next puzzle of the
series), ``help``, ``quit``.

Checking (``robotable puzzle check FILE``): the optimum proven with a progress display; with
``--store`` the proven optimum is written into the file. A file that cannot be read or proven
changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from robotable.cli.common import err, fail, out, write_file
from robotable.core.datafile import read_user_text
from robotable.core.errors import PuzzleError, RobotableError
from robotable.games.dr2d.engine import STAY
from robotable.games.dr2d.puzzles import Proof, Puzzle, load_puzzle, notation, parse_program, prove, run
from robotable.games.dr2d.puzzles.course import load_course
from robotable.games.dr2d.puzzles.format import REGISTERS
from robotable.games.dr2d.puzzles.runner import Outcome
from robotable.games.dr2d.sentences import describe_event
from robotable.games.dr2d.terminal import grid_text

DEFAULT_LIMIT = 200_000  # states: the whole course's hardest proof keeps 6,400
MAX_LIMIT = 20_000_000  # about 2 GB of search state: more is a mistake
COMMANDS = ("undo", "retry", "skip", "help", "quit")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header": "Puzzle {number}/{count}: {title}",
        "lesson": "Lesson: {lesson}",
        "goal_tile": "Goal: end a turn on ({x},{y}), within {turns} turn(s).",
        "goal_laws": "Goal: download law(s) {laws}, in this order, within {turns} turn(s).",
        "prompt": "turn {turn}/{turns}, five registers (help for help)",
        "prompt_full": "undo or retry",
        "help": "Type five registers, e.g. N N E STAY STAY: N forward, E your right, S back, "
        "W your left (O also), . or - for STAY. Words: undo, retry, skip, quit.",
        "robot": "the robot",
        "solved": "Solved in {turns} turn(s) with {moves} move(s).",
        "optimal": "That is the proven optimum: well done!",
        "above": "The proven optimum is {turns} turn(s) with {moves} move(s): can you do better?",
        "unsolved": "Not solved within {turns} turn(s): undo, or retry.",
        "standby": "turn {turn}: the robot is in standby, its registers are not played.",
        "next": "Press Enter for the next puzzle.",
        "done": "That was the last puzzle of the series.",
    },
    "fr": {
        "header": "Puzzle {number}/{count} : {title}",
        "lesson": "Leçon : {lesson}",
        "goal_tile": "But : finir un tour sur ({x},{y}), en {turns} tour(s) au plus.",
        "goal_laws": "But : télécharger la ou les lois {laws}, dans cet ordre, en {turns} tour(s) au plus.",
        "prompt": "tour {turn}/{turns}, cinq registres (help pour l'aide)",
        "prompt_full": "undo ou retry",
        "help": "Tapez cinq registres, par exemple N N E STAY STAY : N avance, E à votre droite, "
        "S recule, O (ou W) à votre gauche, . ou - pour STAY. Mots : undo, retry, skip, quit.",
        "robot": "le robot",
        "solved": "Résolu en {turns} tour(s) avec {moves} déplacement(s).",
        "optimal": "C'est l'optimum prouvé : bravo !",
        "above": "L'optimum prouvé est de {turns} tour(s) avec {moves} déplacement(s) : ferez-vous mieux ?",
        "unsolved": "Pas résolu en {turns} tour(s) : undo, ou retry.",
        "standby": "tour {turn} : le robot est en veille, ses registres ne sont pas joués.",
        "next": "Appuyez sur Entrée pour le puzzle suivant.",
        "done": "C'était le dernier puzzle de la série.",
    },
}


# --------------------------------------------------------------------------- files and checking


def read_puzzle(path: Path) -> dict[str, Any]:
    """A puzzle file's JSON object (its size bounded by the reader), or a RobotableError."""
    text = read_user_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(
            f"{path}: line {exc.lineno}: not JSON ({exc.msg})",
            fr=f"{path} : ligne {exc.lineno} : pas du JSON",
        ) from None
    if not isinstance(data, dict):
        raise PuzzleError(f"{path}: a puzzle is a JSON object", fr=f"{path} : un puzzle est un objet JSON")
    return data


def proving(puzzle: Puzzle, limit: int, console: Console) -> Proof:
    """:func:`prove` with a progress bar over the puzzle's turns and the states kept."""
    columns = (TextColumn("proving"), BarColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"turn 1/{puzzle.turns}", total=puzzle.turns)

        def report(turn: int, states: int) -> None:
            progress.update(
                task, completed=turn, description=f"turn {turn}/{puzzle.turns}, {states:,} states"
            )

        return prove(puzzle, limit=limit, report=report)


def check(path: Path, *, limit: int = DEFAULT_LIMIT, store: bool = False) -> int:
    """``robotable puzzle check FILE`` for a DR2D puzzle: prove its optimum and say it; 0 when
    proven and agreeing with the file's stored optimum (or written there with ``store``)."""
    data = read_puzzle(path)
    puzzle = load_puzzle(data)
    console = out()
    proof = proving(puzzle, limit, err())
    if proof.too_large:
        raise fail(f"too large: the search passed its limit of {limit:,} states (raise --limit)", 1)
    if proof.unsolvable:
        raise fail(f"unsolvable: no program reaches the goal within {puzzle.turns} turn(s)", 1)
    turns, moves = proof.optimum  # type: ignore[misc]
    console.print(f"optimum: {turns} turn(s), {moves} move(s) ({proof.states:,} states searched)")
    console.print(f"a solution: {notation(proof.solution)}")
    if store:
        data["optimum"] = [turns, moves]
        write_file(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        console.print(f"stored in {path}")
        return 0
    if puzzle.optimum is not None and puzzle.optimum != proof.optimum:
        stored = list(puzzle.optimum)
        raise fail(f"the file's optimum {stored} is wrong: the proven one is [{turns}, {moves}]", 1)
    if puzzle.optimum is None:
        console.print("the file holds no optimum yet: --store writes it")
    return 0


# --------------------------------------------------------------------------- playing


class Turns:
    """One puzzle's turns typed so far and their run. A turn the robot spends in standby (DR-30:
    it programs nothing) is played at once, not asked for, and taken back with the turn before."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.typed: list[tuple[str, bool]] = []  # (the turn's registers, typed by the player)
        self.outcome: Outcome | None = None

    @property
    def full(self) -> bool:
        return len(self.typed) == self.puzzle.turns

    def add(self, registers: list[int]) -> list[dict[str, Any]]:
        """The turn played, then any standby turn after it: their trace entries."""
        self.typed.append((notation([registers]), True))
        entries = [self._run().trace[-1]]
        while not self.full and self._standby_next():
            self.typed.append((notation([[STAY] * REGISTERS]), False))
            entries.append(self._run().trace[-1])
        return entries

    def take_back(self, *, everything: bool) -> None:
        while self.typed and not self.typed[-1][1]:  # the standby turns the last typed one caused
            self.typed.pop()
        if self.typed:
            self.typed = [] if everything else self.typed[:-1]
        self.outcome = self._run() if self.typed else None

    def _standby_next(self) -> bool:
        assert self.outcome is not None
        return not self.outcome.solved and self.outcome.trace[-1]["end"]["robot"]["standby_pending"]

    def _run(self) -> Outcome:
        self.outcome = run(self.puzzle, [text for text, _ in self.typed])
        return self.outcome


class Session:
    """One player's puzzles in the terminal: the programs typed so far and what they gave."""

    def __init__(self, puzzles: list[Puzzle], lang: str, ask: Callable[[str], str]) -> None:
        self.puzzles, self.lang, self.ask = puzzles, lang, ask
        self.say = WORDS[lang]
        self.console = out()

    def words(self, key: str, **values: Any) -> str:
        return self.say[key].format(**values)

    def play_all(self) -> None:
        for number, puzzle in enumerate(self.puzzles, start=1):
            if not self.play_one(number, puzzle):
                return
            if number < len(self.puzzles):
                self.ask(self.words("next"))
        if len(self.puzzles) > 1:
            self.console.print(self.words("done"))

    def introduce(self, number: int, puzzle: Puzzle) -> None:
        title, lesson = puzzle.title[self.lang], puzzle.lesson[self.lang]
        self.console.print(
            Text(self.words("header", number=number, count=len(self.puzzles), title=title), "bold")
        )
        self.console.print(self.words("lesson", lesson=lesson))
        if puzzle.goal_laws:
            laws = ", ".join(str(law) for law in puzzle.goal_laws)
            self.console.print(self.words("goal_laws", laws=laws, turns=puzzle.turns))
        else:
            x, y = puzzle.targets[0] % 12, puzzle.targets[0] // 12
            self.console.print(self.words("goal_tile", x=x, y=y, turns=puzzle.turns))

    def draw(self, puzzle: Puzzle, outcome: Outcome | None) -> None:
        if outcome is None:
            robot = {"tile": [puzzle.start % 12, puzzle.start // 12], "facing": "NESW"[puzzle.facing]}
        else:
            robot = outcome.trace[-1]["end"]["robot"]
        self.console.print(grid_text(puzzle.board, [{"seat": 0, **robot}], puzzle.targets))

    def play_one(self, number: int, puzzle: Puzzle) -> bool:
        """False when the player quits."""
        self.introduce(number, puzzle)
        turns = Turns(puzzle)
        while True:
            self.draw(puzzle, turns.outcome)
            if turns.outcome is not None and turns.outcome.solved:
                self.score(puzzle, turns.outcome)
                return True
            if turns.full:
                self.console.print(self.words("unsolved", turns=puzzle.turns))
            next_turn = len(turns.typed) + 1
            prompt = "prompt_full" if turns.full else "prompt"
            line = self.ask(self.words(prompt, turn=next_turn, turns=puzzle.turns)).strip().lower()
            if line in ("quit", "skip"):
                return line == "skip"
            self.obey(turns, line)

    def obey(self, turns: Turns, line: str) -> None:
        """One line typed at the prompt: a word, or the next turn's registers."""
        if line in ("help", "?") or not line:
            self.console.print(self.words("help"))
        elif line in ("undo", "retry"):
            turns.take_back(everything=line == "retry")
        elif not turns.full:
            try:
                registers = parse_program(line, len(turns.typed) + 1)
            except PuzzleError as exc:
                err().print(Text(exc.fr if self.lang == "fr" and exc.fr else str(exc), style="red"))
                return
            for entry in turns.add(registers):
                self.tell(entry)

    def tell(self, entry: dict[str, Any]) -> None:
        """The last turn, register by register, in the game's own sentences."""
        if entry["program"] is None:
            self.console.print(self.words("standby", turn=entry["turn"]))
        robot = self.words("robot")
        events = [*entry["start"]]
        for register in entry["registers"]:
            events += register["events"]
        events += entry["end"]["events"]
        for event in events:
            sentence = describe_event(event, lambda _seat: robot, self.lang)
            if sentence:
                self.console.print(f"  {sentence}")

    def score(self, puzzle: Puzzle, outcome: Outcome) -> None:
        turns, moves = outcome.score
        self.console.print(Text(self.words("solved", turns=turns, moves=moves), "bold green"))
        best = puzzle.optimum or prove(puzzle, limit=DEFAULT_LIMIT).optimum
        if best is None:
            return
        key = "optimal" if outcome.score == best else "above"
        self.console.print(self.words(key, turns=best[0], moves=best[1]))


def series(source: str | None) -> list[Puzzle]:
    """The puzzles to play: the course (``None``), the course from puzzle N (``"N"``), or a file."""
    if source is None or source.isdigit():
        course = load_course()
        first = int(source) if source else 1
        if not 1 <= first <= len(course):
            raise PuzzleError(
                f"the course has puzzles 1 to {len(course)}", fr=f"le cours a les puzzles 1 à {len(course)}"
            )
        return course[first - 1 :]
    return [load_puzzle(read_puzzle(Path(source)))]


def play(source: str | None = None, *, lang: str = "en", ask: Callable[[str], str] | None = None) -> None:
    """Play a DR2D puzzle file, or the course (from its first puzzle, or from puzzle N)."""
    if lang not in WORDS:
        raise RobotableError(f"no words in {lang!r}; languages: {', '.join(WORDS)}")
    Session(series(source), lang, ask or _prompt).play_all()


def _prompt(text: str) -> str:
    try:
        return typer.prompt(text, default="", show_default=False, prompt_suffix="> ")
    except typer.Abort:  # end of input (Ctrl-D, a closed pipe): as quit
        return "quit"
