"""``robotable play GAME --web``: a local server, the table created with the command's seats,
the link to the first person's seat printed (and opened, without ``--no-browser``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from robotable.cli.main import app

from .conftest import new_page

LINK = re.compile(r"playing at (http://127\.0\.0\.1:\d+/tables/\S+)")
START_DEADLINE = 60.0


def test_two_people_at_one_screen_get_the_page_of_the_first_and_then_the_second(
    tmp_path: Path, context: Any
) -> None:
    command = [sys.executable, "-m", "robotable.cli.main", "play", "robotick", "--web", "--no-browser"]
    command += ["--seats", "human,human,bot", "--seed", "5"]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}  # the default database, in a folder of the test's
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        link = printed_link(process)
        page = new_page(context, link)
        page.wait_for_selector("#handover-ready:visible")  # two people here: the screen first
        page.click("#handover-ready")
        page.wait_for_selector("#board svg")
        assert page.get_attribute("body", "data-seat") == "0" and "#token" not in page.url
        assert page.locator("#here button.give").count() == 1  # the other person at this screen
        assert page.locator("#panels .kind").all_inner_texts().count("person") == 2 and not page.errors
        assert (tmp_path / "robotable" / "robotable.sqlite3").is_file()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def printed_link(process: subprocess.Popen[str]) -> str:
    """The link the command prints once its table exists (read on a thread: a deadline holds)."""
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(process.stdout.readline, "")), daemon=True)
    reader.start()
    deadline = time.monotonic() + START_DEADLINE
    while time.monotonic() < deadline:
        if found := next((m.group(1) for line in lines if (m := LINK.search(line))), None):
            return found
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError("no link printed:\n" + "".join(lines))


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        (["--seats", "bot,human"], "the first seat is yours"),
        (["--seats", "human,random,bot"], "not 'random'"),
        (["--record", "r.json"], "--record and --step are for the terminal"),
        (["--seed", "-1"], "from 0 to 2^63-1"),
        (["-O", "colour=mauve"], "colour"),
        (["-O", "cards_file=my_cards.txt"], "reads no file"),
    ],
)
def test_what_the_browser_cannot_do_is_refused_before_any_server_starts(
    arguments: list[str], reason: str
) -> None:
    result = CliRunner().invoke(app, ["play", "robotick", "--web", "--no-browser", *arguments])
    assert result.exit_code != 0 and reason in result.output, result.output
