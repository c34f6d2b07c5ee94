"""The server's parts keep to their jobs (docs/server.md): ``app.py`` only assembles the
application, and what the routes, the socket code and the hall need of a table is one of
:class:`LiveTable`'s methods, never its insides (its game table, lock, seats or audience's
connections): the table stays the one actor that changes it."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from robotable.server import app
from robotable.server.live import LiveTable

SERVER = Path(app.__file__).parent
OUTSIDE_THE_TABLE = [
    "routes.py",
    "pages.py",
    "replays.py",
    "sockets.py",
    "refusals.py",
    "hall.py",
    "peers.py",
    "quotas.py",
]
"""The modules that use live tables without being one."""
NAMES_OF_A_TABLE = {"live"}
"""What these modules call a live table (a test of the names keeps the check honest)."""
ATTRIBUTES = {"id", "audience"}
"""The data a table shows: its id, and its audience (the socket code's own connections)."""


def public_interface() -> set[str]:
    """LiveTable's public methods and properties, and the attributes it shows on purpose."""
    found = set(ATTRIBUTES)
    for name, member in inspect.getmembers(LiveTable):
        if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property)):
            found.add(name)
    return found


def uses_of_a_table(path: Path) -> list[tuple[int, str]]:
    """Every ``live.NAME`` (or ``self.live.NAME``) in a module: (line, NAME)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and _names_a_table(node.value)
    ]


def _names_a_table(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in NAMES_OF_A_TABLE
    return isinstance(node, ast.Attribute) and node.attr in NAMES_OF_A_TABLE


@pytest.mark.parametrize("module", OUTSIDE_THE_TABLE)
def test_outside_the_table_only_its_methods_are_used(module: str) -> None:
    interface = public_interface()
    wrong = [
        f"{module}:{line}: live.{name}"
        for line, name in uses_of_a_table(SERVER / module)
        if name not in interface
    ]
    assert not wrong, "a table's insides read from outside it:\n" + "\n".join(wrong)


def test_the_check_sees_the_uses_it_checks() -> None:
    uses = {name for module in OUTSIDE_THE_TABLE for _, name in uses_of_a_table(SERVER / module)}
    assert {"submit", "authorize", "help_for", "snapshot", "audience", "seat_names"} <= uses
    assert {"table", "lock", "seats", "connections", "agents"}.isdisjoint(public_interface())


def test_app_only_assembles_the_application() -> None:
    tree = ast.parse((SERVER / "app.py").read_text(encoding="utf-8"))
    defined = [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    assert defined == ["create_app"]
