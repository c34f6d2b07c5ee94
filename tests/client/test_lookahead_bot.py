"""Issue 32: the one-step-lookahead example (``examples/lookahead_bot.py``) plays a whole Robotick
game against two ``bot:easy`` on a real ``robotable serve``, and the record replays; a bot
account's program, given no games, follows what its owner chose on the server."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import httpx
import pytest

from robotable import games
from robotable.client.levels import LevelBot
from robotable.client.offers import Offers
from robotable.core.records import Record
from tests.client.test_remote_bots import make_bot, person
from tests.server import process

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lookahead_bot.py"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    folder = tmp_path_factory.mktemp("lookahead-bot")
    with process.running(f"sqlite:///{folder / 'robotable.sqlite3'}", folder) as running:
        yield running


def test_the_example_is_short() -> None:
    assert len(EXAMPLE.read_text("utf-8").splitlines()) < 60


def test_the_lookahead_bot_plays_a_whole_game_against_easy_bots(server: process.Server) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--server", server.url], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "game over: totals" in done.stdout
    table = done.stdout.split("/tables/")[1].split()[0]
    record = Record.from_dict(httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json())
    games.replay(record)  # raises if an action or the outcome does not replay
    assert record.outcome is not None and any(seat == 0 for seat, _ in record.actions)


def test_a_bot_s_program_follows_its_owner_s_choice_of_games(server: process.Server) -> None:
    with closing(person(server, "Keeper")) as owner, closing(person(server, "Challenger")) as ann:
        token = make_bot(owner, "Tock")
        body = {"game": "robotick", "seats": ["human", "invite:Tock", "bot:easy"], "timers": False}
        offered = ann.post("/api/tables", json=body).json()  # taken: its owner chose nothing yet
        chosen = owner.post("/api/account/bots/Tock/challenges", json={"games": ["droids"]})
        assert chosen.status_code == 200, chosen.text
        offers = Offers(server.url, token, lambda game: LevelBot(game, "medium"))  # no games given
        asyncio.run(offers.look())  # one look: the Robotick seat is declined, none played
        assert offers.playing == {}
        creator = {"Authorization": f"Bearer {offered['token']}"}
        left = ann.get(f"/api/tables/{offered['table']}/invitations", headers=creator).json()
        assert left["invitations"] == [], "a game its owner did not choose is declined"
