"""Where ``robotable serve`` finds its settings: the command line, then ``ROBOTABLE_<OPTION>``
environment variables, then a TOML settings file (``--config FILE``), then the defaults.

Typer's Click does the work: ``auto_envvar_prefix`` gives every option its variable, and the
settings file becomes the command's ``default_map`` (read by the eager ``--config`` callback,
before any other option). The options' own types and bounds check every value, whichever its
source; this module only checks what TOML adds (unknown keys, a string where a number is
expected) and says where a refused value came from: the file and its line, or the variable.

A file's keys are the options' names as on the command line, without the dashes (``think-limit``,
``trusted-proxy``); ``think_limit`` is refused with that hint.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_origin

import typer
from rich.text import Text
from typer.core import TyperCommand, TyperOption

from robotable.cli.common import BAD_INPUT, err

if TYPE_CHECKING:
    from typer._click import Context, Parameter

PREFIX = "ROBOTABLE"
CHECK_FLAG = "--check-config"
NOT_IN_A_FILE = ("config", "check_config")
"""Options a settings file cannot hold (a file naming another file, or only checking)."""
SECRET = ("db", "smtp")
"""Options whose values may hold a password: never repeated in a refusal."""
CHECKS_FAILED = 1
"""The exit status of ``--check-config`` when something is wrong."""


class SettingsRefused(Exception):
    """Settings that cannot be used: one line for each problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = list(problems)


@dataclass
class SettingsFile:
    path: Path
    text: str
    keys: dict[str, str] = field(default_factory=dict)
    """Each option's name (``think_limit``) -> its key in the file (``think-limit``)."""

    def where(self, key: str) -> str:
        """``FILE, line N`` for ``key`` (its first line ``key =``), or just the file."""
        quoted = re.escape(key)
        found = re.search(rf"^[ \t]*(?:{quoted}|\"{quoted}\"|'{quoted}')[ \t]*=", self.text, re.MULTILINE)
        if found is None:
            return str(self.path)
        return f"{self.path}, line {self.text.count(chr(10), 0, found.start()) + 1}"


def file_key(param: Parameter) -> str:
    """An option's key in a settings file: its long name without the dashes."""
    return max(param.opts, key=len).removeprefix("--")


def variable(ctx: Context, param: Parameter) -> str:
    """The environment variable an option is read from (its own, or ``ROBOTABLE_<NAME>``)."""
    if isinstance(param.envvar, str):
        return param.envvar
    return f"{ctx.auto_envvar_prefix or PREFIX}_{(param.name or '').upper()}"


def file_options(command: Any) -> dict[str, Parameter]:
    """The options a settings file may hold, by their key."""
    return {
        file_key(param): param
        for param in command.params
        if isinstance(param, TyperOption) and param.name not in NOT_IN_A_FILE
    }


def read_settings(ctx: typer.Context, _param: typer.CallbackParam, value: Path | None) -> Path | None:
    """``--config``'s callback (eager: before any other option is read): the file's settings
    become the defaults of the options, or every problem in it is refused."""
    if value is None:
        return None
    settings = _loaded(value)
    data = _parsed(settings)
    options = file_options(ctx.command)
    problems: list[str] = []
    defaults: dict[str, Any] = {}
    for key, given in data.items():
        param = options.get(key)
        if param is None:
            problems.append(f"{settings.where(key)}: {_unknown(key, options)}")
        elif not _fits(param, given) or not _converts(ctx, param, given):
            problems.append(f"{settings.where(key)}: {key} must be {expected(param)}{_given(param, given)}")
        else:
            defaults[param.name or key] = given
            settings.keys[param.name or key] = key
    if problems:
        raise SettingsRefused(problems)
    ctx.default_map = {**(ctx.default_map or {}), **defaults}
    ctx.meta["robotable.settings"] = settings
    return value


def _given(param: Parameter, value: Any) -> str:
    """The refused value, as written in the file (unless it may hold a password)."""
    return " (not shown: it may hold a password)" if param.name in SECRET else f", not {_toml(value)}"


def _loaded(path: Path) -> SettingsFile:
    try:
        return SettingsFile(path, path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SettingsRefused([f"{path}: there is no such settings file"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SettingsRefused([f"{path}: cannot read it ({reason})"]) from None


def _parsed(settings: SettingsFile) -> dict[str, Any]:
    try:
        return tomllib.loads(settings.text)
    except tomllib.TOMLDecodeError as exc:
        raise SettingsRefused([f"{settings.path}: not a TOML file: {exc}"]) from None


def _unknown(key: str, options: dict[str, Parameter]) -> str:
    dashed = key.replace("_", "-")
    if dashed in options:
        return f"write {dashed}, as on the command line (--{dashed}), not {key}"
    if key.replace("-", "_") in NOT_IN_A_FILE:
        return f"{key} is not a setting a file can hold (only the command line)"
    return f"{key} is not a setting of robotable serve (robotable serve --help lists them)"


def _annotation(param: Parameter) -> Any:
    """The Python type the option takes (``str`` for ``str | None``)."""
    annotation = param.type_descriptor.annotation  # type: ignore[attr-defined]
    if get_origin(annotation) is list:
        return list
    return annotation


def _fits(param: Parameter, value: Any) -> bool:
    """Whether a TOML value has the type the option takes (TOML has its own numbers and
    booleans: ``port = "8000"`` or ``port = true`` is a mistake, not a port)."""
    kind = _annotation(param)
    if param.multiple or kind is list:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, str)


def _converts(ctx: Context, param: Parameter, value: Any) -> bool:
    """Whether the option itself takes the value (its bounds, its choices)."""
    try:
        param.get_runtime_param().coerce(value, param=param, ctx=ctx)  # type: ignore[attr-defined]
    except typer.BadParameter:
        return False
    return True


def expected(param: Parameter) -> str:
    """What an option takes, in words (from its own type and bounds)."""
    kind = _annotation(param)
    choices = param.type_descriptor.choices  # type: ignore[attr-defined]
    if param.multiple or kind is list:
        return 'a list of strings, like ["10.0.0.0/8", "127.0.0.1"]'
    if kind is bool:
        return "true or false"
    if choices:
        return "one of " + ", ".join(str(choice) for choice in choices)
    if kind is int:
        return _bounded("a whole number", param)
    if kind is float:
        return _bounded("a number", param)
    return "a string (in quotes)"


def _bounded(words: str, param: Parameter) -> str:
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None and high is not None:
        return f"{words} from {low:g} to {high:g}"
    if low is not None:
        return f"{words}, at least {low:g}"
    return words


def _toml(value: Any) -> str:
    """A value as it is written in the file."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def source(ctx: Context, name: str) -> str:
    """Where an option's value came from, in words."""
    param = next(p for p in ctx.command.params if p.name == name)
    found = _source_name(ctx, name)
    if found == "COMMANDLINE":
        return "command line"
    if found == "ENVIRONMENT":
        return variable(ctx, param)
    if found == "DEFAULT_MAP":
        settings: SettingsFile = ctx.meta["robotable.settings"]
        return settings.where(settings.keys.get(name, file_key(param)))
    return "default"


def _source_name(ctx: Context, name: str) -> str | None:
    """``COMMANDLINE``, ``ENVIRONMENT``, ``DEFAULT_MAP``... (Click's ``ParameterSource``)."""
    found = ctx.get_parameter_source(name)
    return None if found is None else found.name


class ServeCommand(TyperCommand):
    """``serve``: a refused settings file or environment variable is one line each, naming where
    the value came from; nothing starts (``--check-config``: exit status 1, as its other
    problems)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.name == "check_config" and isinstance(param, TyperOption):
                param.allow_from_autoenv = False  # a variable left set must not stop every start

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        checking = CHECK_FLAG in args
        try:
            return super().parse_args(ctx, args)
        except SettingsRefused as exc:
            raise refused(exc.problems, checking) from None
        except typer.BadParameter as exc:
            param = exc.param
            if param is not None and _source_name(ctx, param.name or "") == "ENVIRONMENT":
                name = variable(ctx, param)
                given = os.environ.get(name, "")
                raise refused([f"{name}={given!r}: must be {expected(param)}"], checking) from None
            if checking:
                raise refused([exc.format_message()], checking) from None
            raise
        except typer.TyperException as exc:  # another usage error (an unknown option...)
            if checking and hasattr(exc, "format_message"):
                raise refused([exc.format_message()], checking) from None
            raise


def refused(problems: Sequence[str], checking: bool) -> typer.Exit:
    """Print each problem in red; the exit to raise (nothing started)."""
    console = err()
    for problem in problems:
        console.print(Text(f"error: {problem}", style="red"), soft_wrap=True)
    if checking:
        console.print("robotable serve would not start.", soft_wrap=True)
    return typer.Exit(CHECKS_FAILED if checking else BAD_INPUT)
