"""Issue 32: bots written with ``robotable.client`` play whole games on a real ``robotable serve``
(loopback) against the server's bots, in each of the five games, and the records replay; a bot
whose answers are refused, and a token that holds no seat, end with a clear error; a bot account
takes challenges, and plays the arena's tables once it joined the arena."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.cli.main import app
from robotable.client import SeatAddress, SeatError, bot, new_table, play
from robotable.client.levels import LevelBot
from robotable.client.offers import Offers
from robotable.core.records import Record
from tests.server import process

# game -> the server's bots against it, the table's options, its clocks (Ricochet's bidding
# closes only when the sand timer runs out: a short one)
TABLES: dict[str, tuple[list[str], dict[str, Any], bool]] = {
    "ricochet": (["bot:easy"], {"chips_to_win": 1, "bid_window_s": 2.0}, True),
    "dr2d": (["bot:easy"], {}, False),
    "droids": (["bot:easy"], {"turn_limit": 4}, False),  # a short game: four turns
    "delivery": (["bot:easy"], {}, False),
    "robotick": (["bot:easy", "bot:easy"], {}, False),
}
REMOTE_LEVEL = {"ricochet": "perfect"}  # Ricochet names its bots itself


ARENA = ["--arena-every", "0.3", "--arena-games", "robotick", "--arena-levels", "easy,medium"]
"""Robotick's arena with two levels: a table of three waits for a bot account to join."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    folder = tmp_path_factory.mktemp("remote-bots")
    running = process.start(f"sqlite:///{folder / 'robotable.sqlite3'}", folder, extra=ARENA)
    try:
        yield running
    finally:
        process.stop(running)


def replays(server: process.Server, table: str) -> Record:
    answer = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    record = Record.from_dict(answer.json())
    games.replay(record)  # raises if an action or the outcome does not replay
    return record


@pytest.mark.parametrize("game", list(TABLES))
@pytest.mark.long
def test_a_remote_level_plays_a_whole_game_whose_record_replays(server: process.Server, game: str) -> None:
    opponents, options, timers = TABLES[game]
    address = new_table(server.url, game, opponents, name="remote", options=options, timers=timers)
    outcome = play(address, LevelBot(game, REMOTE_LEVEL.get(game, "medium")))
    record = replays(server, address.table)
    assert record.outcome is not None and list(record.outcome.ranks) == outcome["ranks"]
    assert any(seat == 0 for seat, _ in record.actions), "the remote bot played its seat"


def test_a_function_made_a_bot_plays_a_random_game(server: process.Server) -> None:
    chosen: list[str] = []
    seeded = random.Random(7)

    @bot
    def random_choice(view: dict[str, Any], legal: list[str]) -> str:
        assert view["game"] == "robotick" and legal
        chosen.append(seeded.choice(legal))
        return chosen[-1]

    address = new_table(server.url, "robotick", ["bot:easy", "bot:easy"], timers=False)
    outcome = play(address, random_choice)
    record = replays(server, address.table)
    assert random_choice.name == "random_choice" and outcome["ranks"] == list(record.outcome.ranks)
    assert [action for seat, action in record.actions if seat == 0] == chosen


def test_a_bot_whose_actions_keep_being_refused_stops_with_the_reason(server: process.Server) -> None:
    @bot
    def stubborn(view: dict[str, Any], legal: list[str]) -> str:
        return "no such action"

    address = new_table(server.url, "robotick", ["bot:easy", "bot:easy"], timers=False)
    with pytest.raises(SeatError, match="refused 3 times"):
        play(address, stubborn)


def test_a_token_that_holds_no_seat_is_refused_in_words(server: process.Server) -> None:
    address = new_table(server.url, "robotick", ["bot:easy", "bot:easy"], timers=False)
    with pytest.raises(SeatError, match="refused the seat"):
        play(SeatAddress(server.url, address.table, "not-a-token"), LevelBot("robotick", "medium"))


def test_a_level_that_searches_hidden_parts_runs_remotely_only_where_views_make_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert LevelBot("droids", "hard").searches
    monkeypatch.setattr(type(games.get("droids")), "views_make_worlds", False)  # an engine that makes none
    with pytest.raises(SeatError, match="server's own bot only"):
        LevelBot("droids", "hard")


SEARCHED = {  # game -> the server's bots against the remote hard level, the table's options
    "robotick": (["bot:easy", "bot:easy"], {}),
    "dr2d": (["bot:easy"], {}),
    "droids": (["bot:easy"], {"turn_limit": 4}),
    "delivery": (["bot:easy"], {"turn_limit": 8}),
}


@pytest.mark.parametrize("game", list(SEARCHED))
@pytest.mark.long
def test_a_hard_level_plays_remotely_from_worlds_made_of_its_view(server: process.Server, game: str) -> None:
    opponents, options = SEARCHED[game]
    address = new_table(server.url, game, opponents, name="hard", options=options, timers=False)
    outcome = play(address, LevelBot(game, "hard"))
    assert list(replays(server, address.table).outcome.ranks) == outcome["ranks"]


def test_a_table_with_the_server_s_own_files_is_refused_before_any_is_read() -> None:
    state = {"seat": 0, "view": {"options": {"board_file": "/etc/passwd"}}, "legal": [], "now": 0}
    with pytest.raises(SeatError, match=r"server's own files \(board_file\)"):
        LevelBot("dr2d", "medium").act_on(state)


def test_an_unknown_game_or_bot_is_named_with_those_there_are() -> None:
    with pytest.raises(Exception, match="playable games"):
        LevelBot("chess", "medium")
    with pytest.raises(SeatError, match="its bots: "):
        LevelBot("robotick", "grandmaster")


def test_the_seat_address_becomes_the_sockets_url() -> None:
    seat = SeatAddress("https://example.org/robotable/", "T1", "tok en")
    assert seat.socket_url(None) == "wss://example.org/robotable/ws/tables/T1?token=tok+en"
    assert seat.socket_url(12).endswith("?token=tok+en&since=12")


def test_the_server_refusing_a_new_table_is_said_in_words(server: process.Server, tmp_path: Path) -> None:
    with pytest.raises(SeatError, match="unknown option"):
        new_table(server.url, "droids", ["bot:easy"], options={"no_such_option": 1})
    with pytest.raises(SeatError, match="cannot be reached"):
        new_table("http://127.0.0.1:9", "robotick", ["bot:easy", "bot:easy"])


RANDOM_OPTIONS = {  # short games (a random bot's Delivery round is a long walk to "submit"), and
    # with --seed the same ones every run: the table's deal is seeded too (a random walk took 2-90 s)
    "ricochet": ["chips_to_win=1", "bid_window_s=1", "demo_timeout_s=3"],
    "droids": ["turn_limit=4"],
    "delivery": ["turn_limit=1"],
    "dr2d": ["turn_limit=8"],
}


def test_the_random_bot_example_plays_a_game_of_each_game(server: process.Server) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"

    def run(game: str) -> subprocess.CompletedProcess[str]:
        options = [word for option in RANDOM_OPTIONS.get(game, []) for word in ("-O", option)]
        command = [sys.executable, str(example), game, *options, "--server", server.url, "--seed", "3"]
        return subprocess.run(command, capture_output=True, text=True, timeout=180)

    with ThreadPoolExecutor(len(TABLES)) as pool:  # the five games at once
        done = dict(zip(TABLES, pool.map(run, TABLES), strict=True))
    for game, finished in done.items():
        assert finished.returncode == 0, (game, finished.stderr)
        assert "game over: " in finished.stdout, game
        table = finished.stdout.split("/tables/")[1].split()[0]
        record = replays(server, table)
        assert record.game == game and record.outcome is not None
        assert any(seat == 0 for seat, _ in record.actions), game
    assert "game over: totals" in done["robotick"].stdout


def test_the_random_bot_example_says_a_refusal_in_words_without_a_traceback(server: process.Server) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"
    command = [sys.executable, str(example), "droids", "-O", "no_such_option=1", "--server", server.url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: ") and "no_such_option" in done.stderr


def test_robotable_bot_run_plays_a_level_and_names_a_missing_one(server: process.Server) -> None:
    runner = CliRunner()
    command = ["bot", "run", "robotick", "--server", server.url, "--against", "bot:easy,bot:easy"]
    played = runner.invoke(app, [*command, "--no-timers"])
    assert played.exit_code == 0, played.output
    assert "game over: totals" in played.output
    refused = runner.invoke(app, ["bot", "run", "robotick", "--level", "grandmaster", "--server", server.url])
    assert refused.exit_code == 2 and "its bots: " in refused.output


def person(server: process.Server, name: str) -> httpx.Client:
    """A signed-up person's client (its cookie kept), to be closed by the caller."""
    client = httpx.Client(base_url=server.url, timeout=30)
    signed_up = client.post("/api/account/signup", json={"name": name, "password": "correct horse battery"})
    assert signed_up.status_code == 201, signed_up.text
    return client


def make_bot(owner: httpx.Client, name: str) -> str:
    made = owner.post("/api/account/bots", json={"name": name})
    assert made.status_code == 201, made.text
    return str(made.json()["token"])


def test_a_bot_account_plays_its_seat_under_its_name_marked_as_a_bot(server: process.Server) -> None:
    with closing(person(server, "Owner")) as owner:
        token = make_bot(owner, "Marvin")
    address = new_table(server.url, "robotick", ["bot:easy", "bot:easy"], timers=False, bot_token=token)
    outcome = play(address, LevelBot("robotick", "medium"))
    seats = httpx.get(f"{server.url}/api/tables/{address.table}", timeout=30).json()["seats"]
    assert seats[0]["name"] == "Marvin" and seats[0]["bot_account"] is True
    assert list(replays(server, address.table).outcome.ranks) == outcome["ranks"]


def test_a_bot_account_takes_a_challenge_in_its_games_and_declines_the_others(server: process.Server) -> None:
    with closing(person(server, "Builder")) as owner, closing(person(server, "Ann")) as ann:
        token = make_bot(owner, "Robbie")
        body = {"seats": ["human", "invite:Robbie", "bot:easy"], "timers": False}
        challenge = ann.post("/api/tables", json={"game": "robotick", **body}).json()
        other = ann.post("/api/tables", json={"game": "droids", "seats": ["human", "invite:Robbie"]}).json()
        offers = Offers(server.url, token, lambda game: LevelBot(game, "medium"), games={"robotick"})
        done: list[Any] = []
        worker = threading.Thread(
            target=lambda: done.extend(asyncio.run(offers.serve(games_to_play=1, every=0.2)))
        )
        worker.start()
        seated = False
        for _ in range(300):  # Ann concedes once Robbie sat down: her seat's bot plays on
            seats = ann.get(f"/api/tables/{challenge['table']}").json()["seats"]
            if seats[1]["name"] == "Robbie":
                seated = True
                break
            time.sleep(0.1)
        assert seated, "the bot took the seat offered to it"
        conceded = ann.post(f"/api/tables/{challenge['table']}/actions", json={"action": "concede"},
                            headers={"Authorization": f"Bearer {challenge['token']}"})  # fmt: skip
        assert conceded.status_code == 200, conceded.text
        worker.join(120)
        assert [table for table, _ in done] == [challenge["table"]]
        declined = ann.get(f"/api/tables/{other['table']}/invitations",
                           headers={"Authorization": f"Bearer {other['token']}"})  # fmt: skip
        assert declined.json()["invitations"] == [], "a game it does not play is declined"


def test_robotable_bot_serve_stops_at_once_on_a_token_the_server_refuses(server: process.Server) -> None:
    refused = CliRunner().invoke(app, ["bot", "serve", "--server", server.url, "--bot-token", "revoked"])
    assert refused.exit_code == 2 and "refused (401)" in refused.output


@pytest.mark.long
def test_the_arena_bot_example_joins_the_arena_plays_its_tables_and_is_rated(server: process.Server) -> None:
    """examples/arena_bot.py, the README's bot, run as its owner would run it."""
    with closing(person(server, "Ada")) as owner:
        token = make_bot(owner, "Arnold")
    example = Path(__file__).resolve().parents[2] / "examples" / "arena_bot.py"
    environment = {**os.environ, "ROBOTABLE_BOT_TOKEN": token}
    done = subprocess.run([sys.executable, str(example), server.url, "2"], env=environment,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    left = httpx.delete(f"{server.url}/api/arena/robotick", headers={"Bot-Token": token}, timeout=30)
    assert left.status_code == 204
    assert done.stdout.count("'ranks'") == 2, "the arena seated the bot twice and it played both games"
    standings = httpx.get(f"{server.url}/api/arena/robotick", timeout=30).json()
    arnold = next(line for line in standings["players"] if line["name"] == "Arnold")
    assert arnold["owner"] == "Ada" and arnold["games"] >= 2 and arnold["active"] is False
    assert {line.get("level") for line in standings["players"]} == {None, "easy", "medium"}
    listed = httpx.get(f"{server.url}/api/arena/robotick/games", params={"name": "Arnold"}, timeout=30)
    for game in listed.json()["games"]:
        assert not game["timed_out"]
        assert sorted(opponent["level"] for opponent in game["opponents"]) == ["easy", "medium"]
        seats = httpx.get(f"{server.url}/api/tables/{game['table']}", timeout=30).json()["seats"]
        seat = next(row["seat"] for row in seats if row["name"] == "Arnold")
        assert seats[seat]["bot_account"] is True
        assert replays(server, game["table"]).outcome.ranks[seat] == game["rank"]
