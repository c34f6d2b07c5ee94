"""``robotable serve``'s settings: a TOML file (``--config``), ``ROBOTABLE_<OPTION>`` variables,
the command line, in that order of strength; every bad value refused in one line naming where it
came from, before anything starts; ``--check-config`` says what the server would run with."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from robotable.cli import serve
from robotable.cli.main import app
from robotable.cli.serve import AppSettings
from robotable.server.store import open_store

from . import process

Started = list[tuple[AppSettings, int]]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    """``serve`` stops where it would run: the settings and the port it would have run with."""
    handed: Started = []

    def run(store: Any, listener: socket.socket, settings: AppSettings, _uvicorn: Any) -> None:
        handed.append((settings, listener.getsockname()[1]))
        listener.close()
        store.close()

    monkeypatch.setattr(serve, "_run", run)
    return handed


def invoke(args: list[str], env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(app, ["serve", *args], env=env, terminal_width=400)


def settings_file(folder: Path, text: str) -> Path:
    path = folder / "robotable.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_command_line_beats_the_variables_which_beat_the_file(tmp_path: Path, started: Started) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    file_port, variable_port, line_port = process.free_port(), process.free_port(), process.free_port()
    config = settings_file(
        tmp_path,
        f'db = "{db}"\nport = {file_port}\nthink-limit = 5\ngrace = 7\ntrusted-proxy = ["10.0.0.0/8"]\n',
    )
    env = {"ROBOTABLE_PORT": str(variable_port), "ROBOTABLE_THINK_LIMIT": "6"}
    result = invoke(["--config", str(config), "--port", str(line_port)], env)
    assert result.exit_code == 0, result.output
    settings, port = started[0]
    assert port == line_port  # the command line over the variable over the file
    assert settings.think_limit == 6.0  # the variable over the file
    assert settings.grace == 7.0 and settings.trusted_proxies == ("10.0.0.0/8",)  # the file over defaults
    assert settings.stop_within == serve.DEFAULT_STOP_WITHIN  # the default, named nowhere


def test_check_config_shows_each_value_and_where_it_came_from(tmp_path: Path) -> None:
    config = settings_file(tmp_path, f'db = "sqlite:///{tmp_path / "db.sqlite3"}"\n\ngrace = 7\nport = 1\n')
    env = {"ROBOTABLE_PORT": str(process.free_port()), "ROBOTABLE_TRUSTED_PROXY": "127.0.0.1, 10.0.0.0/8"}
    result = invoke(["--config", str(config), "--check-config", "--think-limit", "4"], env)
    assert result.exit_code == 0, result.output
    rows = {
        line.split()[0]: line.split(maxsplit=1)[1] for line in result.output.splitlines() if line[:2] == "  "
    }
    assert rows["grace"].split() == ["7.0", f"{config},", "line", "3"]
    assert rows["port"].endswith("ROBOTABLE_PORT")
    assert rows["think-limit"].split() == ["4.0", "command", "line"]
    assert rows["trusted-proxy"].split() == ["127.0.0.1,", "10.0.0.0/8", "ROBOTABLE_TRUSTED_PROXY"]
    assert rows["stop-within"].split() == ["10.0", "default"]
    assert "robotable serve would start with these settings." in result.output
    assert not (tmp_path / "db.sqlite3").exists()  # checked, not created
    assert "does not exist yet: `robotable serve` will create it" in result.output


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        (
            "think_limit = 5",
            "line 2: write think-limit, as on the command line (--think-limit), not think_limit",
        ),
        (
            "\nportt = 80",
            "line 3: portt is not a setting of robotable serve (robotable serve --help lists them)",
        ),
        ('port = "8080"', 'line 2: port must be a whole number from 1 to 65535, not "8080"'),
        ("port = 70000", "line 2: port must be a whole number from 1 to 65535, not 70000"),
        ("deflate = 1", "line 2: deflate must be true or false, not 1"),
        ("bot-cpu-share = 2.5", "line 2: bot-cpu-share must be a number from 0.01 to 1, not 2.5"),
        ('trusted-proxy = "10.0.0.1"', "line 2: trusted-proxy must be a list of strings"),
        ('log-format = "xml"', 'line 2: log-format must be one of text, json, not "xml"'),
        ('config = "other.toml"', "line 2: config is not a setting a file can hold (only the command line)"),
        ("port = [", "not a TOML file: "),
    ],
)
def test_a_bad_settings_file_is_refused_in_one_line_and_nothing_starts(
    tmp_path: Path, started: Started, text: str, refusal: str
) -> None:
    config = settings_file(tmp_path, f"# robotable's settings\n{text}\n")
    database = tmp_path / "db.sqlite3"
    result = invoke(["--config", str(config), "--db", f"sqlite:///{database}"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {config}"), result.output
    assert refusal in lines[0]
    assert started == [] and not database.exists()


def test_every_problem_of_a_file_is_listed_at_once(tmp_path: Path, started: Started) -> None:
    config = settings_file(tmp_path, "port = 0\nworkers = 65\nmail-from = 3\n")
    result = invoke(["--config", str(config)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {config}, line 1: port must be a whole number from 1 to 65535, not 0",
        f"error: {config}, line 2: workers must be a whole number from 1 to 64, not 65",
        f"error: {config}, line 3: mail-from must be a string (in quotes), not 3",
    ]
    assert started == []


def test_a_missing_settings_file_is_refused(tmp_path: Path, started: Started) -> None:
    result = invoke(["--config", str(tmp_path / "none.toml")])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {tmp_path / 'none.toml'}: there is no such settings file"
    assert started == []


@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        ("ROBOTABLE_PORT", "eighty", "must be a whole number from 1 to 65535"),
        ("ROBOTABLE_WORKERS", "0", "must be a whole number from 1 to 64"),
        ("ROBOTABLE_DEFLATE", "maybe", "must be true or false"),
        ("ROBOTABLE_LOG_LEVEL", "loud", "must be one of debug, info, warning, error"),
    ],
)
def test_a_bad_variable_is_refused_in_one_line_naming_it(
    tmp_path: Path, started: Started, variable: str, value: str, expected: str
) -> None:
    database = tmp_path / "db.sqlite3"
    result = invoke(["--db", f"sqlite:///{database}"], {variable: value})
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {variable}={value!r}: {expected}"
    assert started == [] and not database.exists()


def test_the_settings_file_can_be_named_by_a_variable_and_lists_by_commas(
    tmp_path: Path, started: Started
) -> None:
    config = settings_file(
        tmp_path, f'db = "sqlite:///{tmp_path / "db.sqlite3"}"\nport = {process.free_port()}\n'
    )
    env = {"ROBOTABLE_CONFIG": str(config), "ROBOTABLE_TRUSTED_PROXY": "127.0.0.1,10.0.0.0/8"}
    env["ROBOTABLE_SUGGESTIONS"] = "false"
    result = invoke([], env)
    assert result.exit_code == 0, result.output
    settings, _port = started[0]
    assert settings.trusted_proxies == ("127.0.0.1", "10.0.0.0/8") and not settings.suggestions


def stored_at(tmp_path: Path, revision: str | None = None) -> str:
    """A new SQLite database migrated by this robotable, then marked as at ``revision``."""
    path = tmp_path / f"db-{revision}.sqlite3"
    open_store(f"sqlite:///{path}").close()
    if revision is not None:
        with sqlite3.connect(path) as connection:
            connection.execute("UPDATE alembic_version SET version_num = ?", (revision,))
    return f"sqlite:///{path}"


def revision_of(url: str) -> str:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        return connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]


def test_check_config_tells_the_schema_state_and_never_migrates(tmp_path: Path) -> None:
    port = str(process.free_port())
    db = stored_at(tmp_path, "0001")
    behind = invoke(["--check-config", "--db", db, "--port", port])
    assert behind.exit_code == 0, behind.output
    assert "schema behind: `robotable serve` will migrate it" in behind.output
    assert revision_of(db) == "0001"  # not migrated
    newer = invoke(["--check-config", "--db", stored_at(tmp_path, "9999"), "--port", port])
    assert newer.exit_code == 1
    assert "its schema is newer than this robotable (upgrade robotable)" in newer.output
    assert "robotable serve would not start: 1 problem." in newer.output
    fine = invoke(["--check-config", "--db", stored_at(tmp_path), "--port", port])
    assert fine.exit_code == 0 and "its schema is this robotable's" in fine.output


def test_check_config_lists_every_problem_and_hides_passwords(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = invoke(
            [
                "--check-config",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{tmp_path / 'db.sqlite3'}",
                "--workers",
                "2",
                "--smtp",
                "smtp://robot:SECRET@mail.example.org",
                "--public-url",
                "not a site",
                "--trusted-proxy",
                "nowhere",
            ]
        )
    assert result.exit_code == 1
    errors = [line.strip() for line in result.output.splitlines() if "error:" in line]
    assert len(errors) == 4, result.output
    assert "nowhere" in errors[0]
    assert "--workers 2: several processes share tables only on PostgreSQL" in errors[1]
    assert errors[2].startswith("error: --public-url: 'not a site' is not the address of a site")
    assert errors[3] == f"error: port {port} on 127.0.0.1 is in use: stop what uses it or choose --port"
    assert "smtp://robot:***@mail.example.org" in result.output and "SECRET" not in result.output
    assert "robotable serve would not start: 4 problems." in result.output


def test_check_config_refuses_a_bad_option_with_status_1(tmp_path: Path) -> None:
    result = invoke(["--check-config", "--port", "0"])
    assert result.exit_code == 1
    assert "--port" in result.output and "robotable serve would not start." in result.output
    variable = invoke(["--check-config"], {"ROBOTABLE_GRACE": "soon"})
    assert variable.exit_code == 1
    assert "error: ROBOTABLE_GRACE='soon': must be a number from 0 to 86400" in variable.output


def test_a_password_in_a_refused_value_is_not_repeated(tmp_path: Path, started: Started) -> None:
    config = settings_file(tmp_path, 'smtp = ["smtp://robot:SECRET@mail.example.org"]\n')
    result = invoke(["--config", str(config)])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"error: {config}, line 1: smtp must be a string (in quotes) (not shown: it may hold a password)"
    )


def test_the_smtp_variable_still_works_and_check_config_is_never_read_from_a_variable(
    tmp_path: Path, started: Started
) -> None:
    env = {"ROBOTABLE_SMTP": "smtp://robot:SECRET@mail.example.org", "ROBOTABLE_CHECK_CONFIG": "true"}
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    checked = invoke(["--check-config", "--db", db, "--port", str(process.free_port())], env)
    assert checked.exit_code == 0, checked.output
    row = next(line for line in checked.output.splitlines() if line.startswith("  smtp "))
    assert row.split()[1:] == ["smtp://robot:***@mail.example.org", "ROBOTABLE_SMTP"]
    assert "SECRET" not in checked.output
    result = invoke(["--db", db, "--port", str(process.free_port())], env)
    assert result.exit_code == 0, result.output
    settings, _port = started[0]  # it started: ROBOTABLE_CHECK_CONFIG is no setting
    assert settings.mail is not None and settings.mail.smtp.password == "SECRET"
