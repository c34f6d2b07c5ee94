"""The Ricochet course and puzzle book (issue 30): written once with the generator, then timed.

    python benchmarks/ricochet_puzzle_files.py write [course|book]  # data/puzzles/course.json, book.json
    python benchmarks/ricochet_puzzle_files.py measure  # time to prove each shipped optimum

``write`` climbs with :func:`~robotable.games.ricochet.puzzles.search_puzzles` (seeded: the same
files each time) and keeps, for each place of the course, the first puzzle of the asked length
whose solutions fit the lesson: ``alone`` (the finishing robot alone reaches the optimum),
``helper`` (it cannot: another robot must move, proved by a search of that robot alone),
``straight`` (alone, and a straight arrival would be shorter: RR-15 forbids it), ``reversal``
and ``two`` (an optimal solution goes back on itself, or moves two helpers: that one is
stored), ``vortex`` (the multicolour target). Its stored solution is one the lesson describes.
The book takes the first puzzles of each level's lengths, and the 25-move position of RR-EX-15.
No title or lesson says a puzzle's length: the pages tell the optimum only once it is solved.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from robotable.games.ricochet.actions import Move
from robotable.games.ricochet.board import Board, Target
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.puzzle_file import prove, series
from robotable.games.ricochet.puzzles import search_puzzles
from robotable.games.ricochet.search import RICOCHETED, axis_bit, finishers
from robotable.games.ricochet.solver import solver_for

DATA = Path(__file__).resolve().parents[1] / "src/robotable/games/ricochet/data/puzzles"

# (length, what the solution must show, title EN, title FR, lesson EN, lesson FR)
COURSE = [
    (
        3,
        "alone",
        "First slides",
        "Premières glissades",
        "A robot slides until something stops it: a wall, the edge of the board or another robot.",
        "Un robot glisse jusqu’à ce que quelque chose l’arrête : un mur, le bord du plateau ou un autre "
        "robot.",
    ),
    (
        3,
        "straight",
        "Turn before you arrive",
        "Tourner avant d’arriver",
        "The robot must turn at least once before it stops on the target: a straight arrival does not count.",
        "Le robot doit tourner au moins une fois avant de s’arrêter sur la cible : une arrivée tout droit "
        "ne compte pas.",
    ),
    (
        3,
        "helper",
        "A blocker",
        "Un butoir",
        "A robot stops against another robot: move one first, to stop the other where you need it.",
        "Un robot s’arrête contre un autre robot : déplacez-en un d’abord, pour arrêter l’autre où il faut.",
    ),
    (
        4,
        "alone",
        "Count backwards",
        "Compter à rebours",
        "Start from the target: from which cells does one slide stop on it?",
        "Partez de la cible : de quelles cases une seule glissade s’y arrête-t-elle ?",
    ),
    (
        4,
        "vortex",
        "The vortex",
        "Le vortex",
        "The multicoloured vortex takes any robot: pick the one with the shortest way in.",
        "Le vortex multicolore accepte n’importe quel robot : choisissez celui qui a le plus court chemin.",
    ),
    (
        4,
        "helper",
        "Every move counts",
        "Chaque coup compte",
        "A helper’s move counts as much as the target robot’s: the fewest moves in all wins.",
        "Un coup d’aide compte autant que celui du robot de la cible : c’est le total qui compte.",
    ),
    (
        5,
        "reversal",
        "There and back",
        "Aller et retour",
        "Going back the way it came is allowed, and sometimes the shortest way to turn.",
        "Revenir sur ses pas est permis, et parfois le plus court moyen de tourner.",
    ),
    (
        5,
        "helper",
        "Order matters",
        "L’ordre compte",
        "Put the helper in place before the target robot passes: the order of the moves matters.",
        "Placez l’aide avant que le robot de la cible passe : l’ordre des coups compte.",
    ),
    (
        5,
        "alone",
        "Think in stops",
        "Penser en arrêts",
        "A robot crosses the board in one move: think of the places where it can stop, not of cells.",
        "Un robot traverse le plateau en un coup : pensez aux endroits où il peut s’arrêter, pas aux cases.",
    ),
    (
        6,
        "helper",
        "Teamwork",
        "Travail d’équipe",
        "When the target robot cannot stop where it must, another robot can make the wall it lacks.",
        "Quand le robot de la cible ne peut pas s’arrêter où il faut, un autre robot peut faire le mur qui "
        "manque.",
    ),
    (
        6,
        "alone",
        "The centre block",
        "Le bloc central",
        "The walls of the centre block stop robots too: use them as a landmark.",
        "Les murs du bloc central arrêtent aussi les robots : servez-vous-en comme repère.",
    ),
    (
        7,
        "vortex",
        "Any robot will do",
        "N’importe quel robot",
        "On the vortex, compare the robots: the nearest one is not always the quickest.",
        "Sur le vortex, comparez les robots : le plus proche n’est pas toujours le plus rapide.",
    ),
    (
        7,
        "two",
        "Two helpers",
        "Deux aides",
        "Here two helpers work together: each stops a robot where the next move needs it.",
        "Ici deux aides travaillent ensemble : chacun arrête un robot là où le coup suivant en a besoin.",
    ),
    (
        8,
        "alone",
        "The long way round",
        "Le grand détour",
        "When the direct way has no stop, go round: a longer trip may end exactly on the target.",
        "Quand le chemin direct n’a pas d’arrêt, faites le tour : un trajet plus long peut finir pile sur "
        "la cible.",
    ),
    (
        8,
        "helper",
        "Out of the way",
        "Pousse-toi",
        "A robot in the way can become the one that helps: look at every robot before moving.",
        "Un robot qui gêne peut devenir celui qui aide : regardez chaque robot avant de bouger.",
    ),
    (
        9,
        "any",
        "Corners of the target",
        "Les coins de la cible",
        "Every target sits in a corner of two walls: the last move arrives against one of them.",
        "Chaque cible est dans un coin de deux murs : le dernier coup arrive contre l’un d’eux.",
    ),
    (
        9,
        "helper",
        "Build a stop",
        "Construire un arrêt",
        "No wall where you need one? Build it with a robot, then use it.",
        "Pas de mur où il en faut un ? Construisez-le avec un robot, puis servez-vous-en.",
    ),
    (
        10,
        "any",
        "Two moves from the end",
        "À deux coups de la fin",
        "Find the cells one move from the target, then the cells one move from those.",
        "Trouvez les cases à un coup de la cible, puis les cases à un coup de celles-là.",
    ),
    (
        11,
        "any",
        "Patience",
        "Patience",
        "Long puzzles are short ones chained: set up one stop at a time.",
        "Les longs puzzles sont des courts enchaînés : préparez un arrêt à la fois.",
    ),
    (
        12,
        "any",
        "Every robot",
        "Tous les robots",
        "In a long solution every robot may have a part: try each one as the helper.",
        "Dans une longue solution, chaque robot peut jouer un rôle : essayez chacun comme aide.",
    ),
    (
        13,
        "any",
        "Count before you move",
        "Compter avant de bouger",
        "At the table you bid before you move: count the whole solution in your head first.",
        "À la table, on annonce avant de jouer : comptez toute la solution de tête d’abord.",
    ),
    (
        14,
        "any",
        "Far from home",
        "Loin de la maison",
        "When the target robot is far away, bring it near first, then finish.",
        "Quand le robot de la cible est loin, rapprochez-le d’abord, puis finissez.",
    ),
    (
        15,
        "any",
        "Final exam",
        "L’examen final",
        "Everything at once: blockers, turns, helpers and patience.",
        "Tout à la fois : butoirs, virages, aides et patience.",
    ),
]

LEVELS = [  # id, the optimal lengths of its puzzles
    ("easy", (5, 6, 7, 6, 5)),
    ("medium", (8, 9, 10, 9, 8)),
    ("hard", (11, 12, 13, 12, 11)),
    ("expert", (14, 15, 16, 15, 14)),
    ("master", (17, 18, 19, 20)),
]
LEVEL_WORDS = {
    "easy": ("Easy", "Facile"),
    "medium": ("Medium", "Moyen"),
    "hard": ("Hard", "Difficile"),
    "expert": ("Expert", "Expert"),
    "master": ("Master", "Maître"),
}
BGG = "4B3B2B1A-2E03B221-BT"  # RR-EX-15: 25 moves, the hardest position published on BoardGameGeek


def alone_length(board: Board, robots: Sequence[int], target: Target) -> int | None:
    """The shortest solution that moves only a finishing robot, the others standing (a small BFS
    over one robot's cell and turns), or None: compared with the optimum, whether a helper is needed."""
    goal = board.targets[target]
    best = None
    for robot in finishers(target, len(robots)):
        frontier, seen, depth = [(robots[robot], 0)], {(robots[robot], 0)}, 0
        while frontier and (best is None or depth < best):
            depth += 1
            following = []
            for cell, turns in frontier:
                cells = list(robots)
                cells[robot] = cell
                for direction in range(4):
                    dest = board.slide(cells, robot, direction)
                    turned = turns | axis_bit(direction)
                    if dest == cell or (dest, turned) in seen:
                        continue
                    if dest == goal and turned == RICOCHETED:
                        best = depth if best is None else min(best, depth)
                    seen.add((dest, turned))
                    following.append((dest, turned))
            frontier = following
    return best


def fitting_solution(puzzle: Puzzle, length: int, wanted: str) -> tuple[tuple[int, int], ...] | None:
    """An optimal solution that shows ``wanted``, or None when the puzzle does not fit."""
    board = puzzle.board()
    robots = puzzle.robot_cells()
    if (wanted == "vortex") != puzzle.target.is_vortex:
        return None
    solutions = solver_for(board).solve_all(robots, puzzle.target, limit=200)
    alone = alone_length(board, robots, puzzle.target)
    finishing = finishers(puzzle.target, len(robots))
    helpers = [len({r for r, _ in s} - set(finishing)) for s in solutions]
    if wanted == "straight":
        classic = solver_for(board).solve(robots, puzzle.target, must_ricochet=False)
        wanted = "alone" if classic is not None and classic.length < length else "no"
    if wanted == "no":
        return None
    if wanted == "alone":
        if alone != length:
            return None
        return next((s for s, h in zip(solutions, helpers, strict=True) if h == 0), None)
    if wanted == "helper" and alone is not None and alone <= length:
        return None
    if wanted == "two":
        return next((s for s, h in zip(solutions, helpers, strict=True) if h >= 2), None)
    if wanted == "reversal":
        return next((s for s in solutions if _reverses(s)), None)
    return solutions[0]


def _reverses(solution: Sequence[tuple[int, int]]) -> bool:
    last: dict[int, int] = {}
    for robot, direction in solution:
        if last.get(robot) == (direction + 2) % 4:
            return True
        last[robot] = direction
    return False


def entry(
    puzzle: Puzzle, length: int, solution: Sequence[tuple[int, int]], **words: object
) -> dict[str, object]:
    return {
        "game": "ricochet",
        "format": 1,
        **words,
        "code": str(puzzle),
        "must_ricochet": True,
        "optimum": [length],
        "solution": [str(Move(r, d)) for r, d in solution],
    }


def write_course() -> list[dict[str, object]]:
    course, taken = [], set()
    for number, (length, wanted, title_en, title_fr, lesson_en, lesson_fr) in enumerate(COURSE, start=1):
        begin = time.perf_counter()
        tried = 0
        for puzzle, found in search_puzzles(length, length, seed=3000 + number):
            tried += 1
            solution = None if str(puzzle) in taken else fitting_solution(puzzle, found, wanted)
            if solution is not None:
                break
        taken.add(str(puzzle))
        course.append(
            entry(
                puzzle,
                length,
                solution,
                id=f"course-{number}",
                title={"en": title_en, "fr": title_fr},
                lesson={"en": lesson_en, "fr": lesson_fr},
            )
        )
        seconds = time.perf_counter() - begin
        print(f"course {number:2}: {puzzle} {length} ({wanted}, {tried} tried, {seconds:.1f} s)")
    return course


def write_book() -> list[dict[str, object]]:
    book = []
    for level, lengths in LEVELS:
        en, fr = LEVEL_WORDS[level]
        for number, length in enumerate(lengths, start=1):
            begin = time.perf_counter()
            puzzle, found = next(search_puzzles(length, length, seed=5000 + 100 * length + number))
            solution = solver_for(puzzle.board()).solve(puzzle.robot_cells(), puzzle.target)
            assert solution is not None and solution.length == found
            book.append(
                entry(
                    puzzle,
                    found,
                    solution.moves,
                    id=f"{level}-{number}",
                    level=level,
                    title={"en": f"{en} {number}", "fr": f"{fr} {number}"},
                    lesson=_book_lesson(),
                )
            )
            print(f"{level} {number}: {puzzle} {found} ({time.perf_counter() - begin:.1f} s)")
    return [*book, _legend()]


def _book_lesson() -> dict[str, str]:
    return {
        "en": "The solver proved the shortest solution: can you find it?",
        "fr": "Le solveur a prouvé la plus courte solution : la trouverez-vous ?",
    }


def _legend() -> dict[str, object]:
    puzzle = Puzzle.parse(BGG)
    found = solver_for(puzzle.board()).solve(puzzle.robot_cells(), puzzle.target)
    assert found is not None
    return entry(
        puzzle,
        found.length,
        found.moves,
        id="master-legend",
        level="master",
        title={"en": "The legend", "fr": "La légende"},
        lesson={
            "en": "The hardest position published by players (BoardGameGeek), proven optimal.",
            "fr": "La position la plus dure publiée par des joueurs (BoardGameGeek), optimum prouvé.",
        },
    )


def dump(name: str, items: list[dict[str, object]]) -> None:
    lines = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in items)
    (DATA / f"{name}.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")


def measure() -> None:
    """The time to prove each shipped optimum again (a new search each, the board's tables warm)."""
    for name in ("course", "book"):
        for puzzle in series(name):
            begin = time.perf_counter()
            proof = prove(puzzle, limit=puzzle.optimum[0])
            seconds = time.perf_counter() - begin
            ok = "ok" if proof.optimum == puzzle.optimum else "DIFFERS"
            print(f"{puzzle.extra['id']:>14} {puzzle.optimum[0]:3} moves {seconds * 1000:9.1f} ms {ok}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["write"]:
        DATA.mkdir(parents=True, exist_ok=True)
        if "book" not in sys.argv[2:]:
            dump("course", write_course())
        if "course" not in sys.argv[2:]:
            dump("book", write_book())
    elif sys.argv[1:] == ["measure"]:
        measure()
    else:
        sys.exit(__doc__)
