"""The ``robotable`` command: list, play, replay, explain and draw games, and each game's tools.

A command's module is imported only when the command is named (issue 17: `robotable ricochet
solve CODE` must not pay for the server, the tournaments and every game's bots). ``COMMANDS``
names each command's module and its Typer object; `robotable --help` loads them all to list
them. A new command, or a sub-app such as `ricochet`, is one line there.
"""

from __future__ import annotations

import atexit
import functools
import importlib
import os
import sys
import threading
from typing import TYPE_CHECKING

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:
    import click

# name -> (module, attribute): a Typer app (its commands, or a sub-app named as it is) or a function
COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("robotable.cli.general", "app"),
    "options": ("robotable.cli.general", "app"),
    "play": ("robotable.cli.general", "app"),
    "replay": ("robotable.cli.general", "app"),
    "warmup": ("robotable.cli.general", "app"),
    "rules": ("robotable.cli.general", "app"),
    "render": ("robotable.cli.general", "app"),
    "serve": ("robotable.cli.serve", "app"),
    "admin": ("robotable.cli.admin", "app"),
    "tournament": ("robotable.cli.tournament", "tournament_command"),
    "bots": ("robotable.cli.bots", "bots_command"),
    "ricochet": ("robotable.cli.ricochet", "app"),
    "puzzle": ("robotable.cli.puzzle", "app"),
    "bot": ("robotable.cli.bot", "app"),
}


class LazyGroup(TyperGroup):
    """The top-level group: lists every command of ``COMMANDS`` and builds one only when asked."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in COMMANDS:
            command = self.commands[cmd_name] = _load(cmd_name)
        return command


def _load(name: str) -> click.Command:
    module, attribute = COMMANDS[name]
    found = getattr(importlib.import_module(module), attribute)
    if isinstance(found, typer.Typer):
        if found.info.name == name:  # a sub-app: `robotable ricochet ...`
            return typer.main.get_group(found)
        return _commands_of(found)[name]  # one of a module's commands
    single = typer.Typer(add_completion=False, rich_markup_mode="markdown")
    single.command(name)(found)
    return typer.main.get_command(single)


@functools.cache
def _commands_of(commands: typer.Typer) -> dict[str, click.Command]:
    """A module's Typer app of several commands, built once."""
    return dict(typer.main.get_group(commands).commands)


app = typer.Typer(
    name="robotable",
    help="Robot board games played exactly by their rules.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    cls=LazyGroup,
)


@app.callback()
def main() -> None:
    """Robot board games played exactly by their rules."""


def run() -> None:
    """The ``robotable`` console script: the app, then the process's end.

    Once numba is loaded (the solver, the puzzle generator), tearing the interpreter down takes
    about 0.2 s, more than a short solve: freeing numba's and LLVM's many objects one by one,
    for nothing, as the process ends. So the end is quick then: the exit handlers run (Ray's
    shutdown, pending finalizers), the standard streams are flushed, and the process ends
    without the teardown. Not while another thread runs (it would be killed mid-work).
    Commands close their own files before they return."""
    try:
        app()
    except SystemExit as stop:
        code = _exit_code(stop.code)
    else:
        code = 0
    if "numba" in sys.modules and threading.active_count() == 1:  # no thread left to finish
        _end_without_teardown(code)
    sys.exit(code)


def _end_without_teardown(code: int) -> None:
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:  # a reader gone (`| head`): the status Python itself would give
            code = code or BROKEN_PIPE
        except ValueError:  # a stream a command closed: nothing left in it
            pass
    os._exit(code)


BROKEN_PIPE = 120
"""Python's exit status when flushing the standard streams fails at its end."""


def _exit_code(code: object) -> int:
    """``sys.exit``'s argument as a process's exit status (a text is printed, status 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


if __name__ == "__main__":  # pragma: no cover
    run()
