"""The command registration is lazy (issue 17, startup): a command's module is imported when the
command is named, yet `robotable --help` lists every command and each one's help works."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from robotable.cli.main import COMMANDS, app

runner = CliRunner()


def test_the_top_help_lists_every_command_in_order() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    rows = [line.split() for line in result.output.splitlines() if line.startswith("│ ")]
    names = [row[1] for row in rows if len(row) > 1 and row[1] in COMMANDS]
    assert names == list(COMMANDS)


def test_every_command_has_its_help() -> None:
    for name in COMMANDS:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert f"robotable {name}" in result.output
        assert "--install-completion" not in result.output  # as before: no completion options


def test_an_unknown_command_is_refused() -> None:
    result = runner.invoke(app, ["chess"])
    assert result.exit_code == 2 and "No such command 'chess'" in result.output


def test_a_quick_answer_loads_neither_numpy_nor_numba() -> None:
    """The plain-Python search answers short positions: NumPy (0.1 s) is not needed either, since
    the cells' check takes NumPy's integers as numbers.Integral."""
    script = (
        "import sys\n"
        "from robotable.cli.main import app\n"
        "sys.argv = ['robotable', 'ricochet', 'solve', '1A2A3A4A-8A44FF0F-RC', '--json']\n"
        "try:\n"
        "    app()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print([name for name in ('numpy', 'numba') if name in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    assert '"length": 3' in lines[0] and lines[-1] == "[]", done.stderr


def test_ricochet_solve_imports_only_what_it_needs() -> None:
    """An 11-move position, past the quick search: the compiled solver answers, without the other
    commands, the game itself, the bots, or scipy's linear algebra (which numba would load)."""
    script = (
        "import sys\n"
        "from robotable.cli.main import app\n"
        "sys.argv = ['robotable', 'ricochet', 'solve', '1A2B4B3B-302A0B71-BT', '--json']\n"
        "try:\n"
        "    app()\n"
        "except SystemExit:\n"
        "    pass\n"
        "unwanted = ['robotable.cli.general', 'robotable.cli.serve', 'robotable.cli.tournament',\n"
        "            'robotable.cli.bots', 'robotable.games.ricochet.game', 'robotable.agents',\n"
        "            'scipy.linalg']\n"
        "print([name for name in unwanted if name in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    assert '"length": 11' in lines[0] and lines[-1] == "[]", done.stderr


def test_the_server_starts_without_numpy() -> None:
    """The server's modules read puzzle files (classrooms, puzzle pages) but only proving or
    making a puzzle needs the solver and NumPy: about 0.1 s of every start, left to the first
    puzzle that needs it."""
    script = "import sys\nimport robotable.server.app\nprint('numpy' in sys.modules)\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "False", done.stderr
