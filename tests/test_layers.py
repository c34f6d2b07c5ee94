"""The architecture, checked: imports point down the layers, and no two modules import each other.

Layers, top to bottom: faces (``cli``, ``server``, ``web``), ``play``, ``agents`` and ``envs``,
the games (``games/<id>/`` and the registry ``games/__init__``), ``core``. A game never imports
another game. Every ``import`` counts, at the top of a module or inside a function: a lazy import
hides a circle from Python but not from a reader. Only imports for type checkers
(``if TYPE_CHECKING:``) are left out: they name a type, they do not run.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "robotable"

LAYER = {
    "core": 0,
    "games": 1,
    "agents": 2,
    "envs": 2,
    "play": 3,
    "puzzles": 3,
    "cli": 4,
    "server": 4,
    "web": 4,
    "client": 4,
}


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The robotable modules ``path`` imports (``from x import y`` counts as x.y when that is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names if is_module(f"{base}.{alias.name}")}
    # ``from robotable import games`` imports the registry, not the top package's re-exports
    return {name for name in found if name.startswith("robotable.")}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node except those under ``if TYPE_CHECKING:``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for child in node.body for inner in ast.walk(child)}
    return [node for node in ast.walk(tree) if id(node) not in skipped]


def is_module(name: str) -> bool:
    path = SRC.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
PACKAGES = {module_name(p) for p in PACKAGE.rglob("__init__.py")}
# a package's __init__ only re-exports (a game's GAME): it is left out, or every module that
# imports a sibling would seem to import the whole package back


@functools.cache
def imports() -> dict[str, set[str]]:
    """Each module's imports of the project's modules (parsed when a test asks, not while every
    test process collects: the whole source takes a few seconds to parse)."""
    return {
        name: {i for i in imports_of(path) if i in MODULES and i != name} for name, path in MODULES.items()
    }


def graph() -> dict[str, set[str]]:
    return {name: targets - PACKAGES for name, targets in imports().items() if name not in PACKAGES}


def layer_of(name: str) -> tuple[int, str]:
    parts = name.split(".")
    if len(parts) < 2:
        return 5, ""  # the top package re-exports
    top = parts[1]
    if top == "games" and len(parts) > 2:
        return LAYER["games"], parts[2]  # one game
    return LAYER.get(top, 5), ""


def test_imports_point_down_the_layers() -> None:
    wrong = []
    for name, targets in imports().items():
        level, game = layer_of(name)
        for target in targets:
            target_level, target_game = layer_of(target)
            upward = target_level > level
            registry_from_a_game = game and target == "robotable.games"
            other_game = game and target_game and target_game != game
            if upward or registry_from_a_game or other_game:
                wrong.append(f"{name} imports {target}")
    assert not wrong, "imports that point up or across games:\n" + "\n".join(sorted(wrong))


def cycles() -> list[list[str]]:
    """Every import circle (Tarjan's strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    edges = graph()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    return found


def test_no_import_circles() -> None:
    circles = cycles()
    assert not circles, "modules that import each other: " + "; ".join(" <-> ".join(c) for c in circles)


@pytest.mark.parametrize("name", ["robotable.core.game", "robotable.core.records", "robotable.core.numbers"])
def test_core_imports_only_core(name: str) -> None:
    assert all(target.startswith("robotable.core") for target in imports()[name]), imports()[name]
