"""The server's side of the pages, without a browser: the routes the pages use (the board of a
seat, a game's picture and rules) and the events' sentences a page asks for on its WebSocket,
which must say no more than the events themselves."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.records import Record
from robotable.play.table import Table
from robotable.play.words import event_sentence
from robotable.server.app import _markdown, create_app
from robotable.server.store import open_store

SEED = 2026


@pytest.fixture
def server(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as test_client:
        yield test_client


def robotick_table(server: TestClient, seats: tuple[str, ...]) -> dict[str, Any]:
    """Robotick with these ``seats`` (Ann in the first), turn-based, with a known seed."""
    body = {"game": "robotick", "seats": list(seats), "seed": SEED, "timers": False, "name": "Ann"}
    return server.post("/api/tables", json=body).json()


def bearer(token: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"} if token else {}


def without_text(news: dict[str, Any]) -> dict[str, Any]:
    return {**news, "events": [{k: v for k, v in e.items() if k != "text"} for e in news["events"]]}


def news_until(socket: Any, number: int) -> list[dict[str, Any]]:
    """The news of the updates a connection receives, up to action ``number``."""
    news: list[dict[str, Any]] = []
    while not news or news[-1]["number"] < number:
        message = socket.receive_json()
        if message["type"] == "update":
            news.append(message["news"])
    return news


def test_sentences_are_asked_for_and_tell_no_more_than_the_events(server: TestClient) -> None:
    created = robotick_table(server, ("human", "human", "human"))  # only Ann acts
    table, ann, bob = created["table"], created["token"], created["invites"]["1"]
    game = games.get("robotick")
    with (
        server.websocket_connect(f"/ws/tables/{table}?token={bob}&sentences=true&since=0") as worded,
        server.websocket_connect(f"/ws/tables/{table}?token={bob}") as plain,
        server.websocket_connect(f"/ws/tables/{table}?token={ann}") as acting,
    ):
        assert [worded.receive_json()["type"] for _ in range(3)] == ["hello", "missed", "state"]
        assert [plain.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
        [acting.receive_json() for _ in range(2)]
        shown = server.get(f"/api/tables/{table}", headers=bearer(ann)).json()
        names, secret = [s["name"] for s in shown["seats"]], shown["legal"][0]
        acting.send_json({"type": "action", "action": secret})
        number = next(m for m in iter(acting.receive_json, None) if m["type"] == "accepted")["number"]
        told, bare = news_until(worded, number), news_until(plain, number)
    assert [n["number"] for n in told] == [n["number"] for n in bare] and told[-1]["number"] == number
    assert told[-1]["action"] is None and secret.startswith("pass ")  # Ann's passed card is hers
    for news, same in zip(told, bare, strict=True):
        assert without_text(news) == same, "sentences change nothing else"
        for event in news["events"]:
            seen = {k: v for k, v in event.items() if k != "text"}
            assert event["text"] == event_sentence(game, seen, lambda s: names[s])
            assert secret.split()[1] not in event["text"]


def test_sentences_come_in_the_language_the_page_asks_for(server: TestClient) -> None:
    """``lang=fr``: the game's own French sentences (its log module's), the clock "l'horloge";
    an unknown language gets English; the replay of a finished game is worded the same way."""
    created = robotick_table(server, ("human", "human", "human"))  # only Ann acts
    table, ann = created["table"], created["token"]
    game = games.get("robotick")
    with (
        server.websocket_connect(f"/ws/tables/{table}?token={ann}&sentences=true&lang=fr") as french,
        server.websocket_connect(f"/ws/tables/{table}?token={ann}&sentences=true&lang=xx") as other,
    ):
        [french.receive_json() for _ in range(2)]
        [other.receive_json() for _ in range(2)]
        secret = server.get(f"/api/tables/{table}", headers=bearer(ann)).json()["legal"][0]
        french.send_json({"type": "action", "action": secret})
        (told,), (plain,) = news_until(french, 1), news_until(other, 1)
    names = ["Ann", "seat 1", "seat 2"]
    for event, english in zip(told["events"], plain["events"], strict=True):
        seen = {k: v for k, v in event.items() if k != "text"}
        assert event["text"] == event_sentence(game, seen, lambda s: names[s], "fr") != english["text"]
        assert english["text"] == event_sentence(game, seen, lambda s: names[s])
    assert told["events"][0]["text"].startswith(f"Ann met {secret.split()[1]} de côté pour la donner")


def test_a_seats_board_is_the_game_drawing_of_that_seats_view(server: TestClient) -> None:
    created = robotick_table(server, ("human", "human", "human"))  # nobody plays: the start stays
    table, ann, bob = created["table"], created["token"], created["invites"]["1"]
    game = games.get("robotick")
    truth = Table(game, game.validate_options({}), seed=SEED, seats=["human"] * 3)
    names = [row["name"] for row in server.get(f"/api/tables/{table}").json()["seats"]]
    for seat, token in ((0, ann), (1, bob), (None, None)):
        answer = server.get(f"/api/tables/{table}/board.svg", headers=bearer(token))
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.text == game.render_svg(truth.state.view(seat), names=names), f"seat {seat}"
    assert server.get(f"/api/tables/{table}/board.svg", headers=bearer("not-a-token")).status_code == 403
    assert server.get("/api/tables/nothing/board.svg").status_code == 404


def test_pictures_rules_and_pages(server: TestClient) -> None:
    for game in games.ids():
        picture = server.get(f"/api/games/{game}/picture.svg")
        assert picture.status_code == 200 and picture.text.lstrip().startswith("<svg"), game
    assert server.get("/api/games/chess/picture.svg").status_code == 400
    french = server.get("/api/games/dr2d/rules", params={"lang": "fr"}).json()
    assert french["lang"] == "fr" and "<h1>" in french["html"] and "<script" not in french["html"]
    # raw HTML in a rules text (a user's own, one day) comes out as text, never as markup
    assert "<script" not in _markdown("<script>alert(1)</script>") and "&lt;script" in _markdown("<script>x")
    refused = server.get("/api/games/dr2d/rules", params={"lang": "de"})
    assert refused.status_code == 400 and "available: en, fr" in refused.json()["error"]
    for path in ("/", "/tables/abc", "/account", "/mine", "/players/Ann"):
        page = server.get(path)
        assert page.status_code == 200 and "default-src 'self'" in page.headers["content-security-policy"]
    assert server.get("/static/js/table/main.js").headers["content-type"].startswith("text/javascript")


STATIC = Path(__file__).parents[2] / "src" / "robotable" / "web" / "static"
KEY = re.compile(r'^\s+"?([\w.]+)"?: "', re.MULTILINE)
GAME_WORDS = ("phase.", "timer.", "robot.", "what.", "summary.")


def test_every_word_of_the_pages_is_in_english_and_french() -> None:
    """Each words module (``js/words/*.js``) has the same words in both languages, every word
    the pages ask for (``t("...")`` in the scripts, ``data-t`` in the HTML) is one of them, and
    no word about a particular game is there (a game's words are in its own catalogue)."""
    known = set()
    for module in (STATIC / "js" / "words").glob("*.js"):
        english, french = module.read_text("utf-8").split("\n  fr: {", 1)
        assert set(KEY.findall(english)) == set(KEY.findall(french)), module.name
        known |= set(KEY.findall(french))
    assert not {key for key in known if key.startswith(GAME_WORDS)}, "a game's words belong in its catalogue"
    used = set()
    for script in (STATIC / "js").rglob("*.js"):
        used |= set(re.findall(r'\bt\("([\w.]+)"', script.read_text("utf-8")))
    for page in STATIC.rglob("*.html"):  # the pages and their shared parts
        used |= set(re.findall(r'data-t(?:-placeholder)?="([\w.]+)"', page.read_text("utf-8")))
    used |= {"seat.human", "seat.open"}
    assert used <= known, used - known
    assert len(used) > 40


def test_a_finished_games_replay_steps_are_the_records_positions(server: TestClient) -> None:
    """Two bots play a short Delivery game; the steps asked for are the record's positions as
    each seat saw them (the refusal before the end is tested in the browser test)."""
    options = {"turn_limit": 2}
    body = {"game": "delivery", "seats": ["bot", "bot"], "options": options, "seed": SEED, "timers": False}
    table = server.post("/api/tables", json=body).json()["table"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}").json()["outcome"] is None:
        assert time.monotonic() < deadline, "two bots did not finish a short Delivery game"
        time.sleep(0.05)
    record = Record.from_dict(server.get(f"/api/tables/{table}/record").json())
    total = len(record.actions)
    for number, seat in ((0, None), (total // 2, 0), (total, 1)):
        asked = {} if seat is None else {"seat": seat}
        step = server.get(f"/api/tables/{table}/replay/{number}", params=asked)
        truth = games.replay(record, stop_after=number)
        assert step.json()["view"] == json.loads(json.dumps(truth.view(seat))), (number, seat)
        assert step.json()["actions"] == total
    assert step.json()["outcome"] == record.outcome.to_dict()
    for wrong in (f"{total + 1}", "-1", "0?seat=2", "0?seat=-1"):
        refused = server.get(f"/api/tables/{table}/replay/{wrong}")
        assert refused.status_code == 400 and "is not" in refused.json()["error"], wrong
    assert server.get("/api/tables/nothing/replay/0").status_code == 404

    uploaded = record.to_dict()
    step = server.post("/api/replays/step", json={"record": uploaded, "number": total, "seat": 0})
    assert step.status_code == 200 and step.json()["outcome"] == record.outcome.to_dict()
    assert step.json()["view"] == json.loads(json.dumps(games.replay(record).view(0)))
    tampered = {**uploaded, "actions": [*uploaded["actions"][:3], [0, "slot 9 FWD"]]}
    refused = server.post("/api/replays/step", json={"record": tampered, "number": 4})
    assert refused.status_code in (400, 409) and "slot" in refused.json()["error"], refused.text
    with_file = {**uploaded, "options": {**uploaded["options"], "board_file": "/etc/passwd"}}
    refused = server.post("/api/replays/step", json={"record": with_file, "number": 0})
    assert refused.status_code == 400 and "reads no file" in refused.json()["error"]
    other_rules = {**uploaded, "rules_version": "0-not-these"}  # as robotable replay refuses it
    refused = server.post("/api/replays/step", json={"record": other_rules, "number": 1})
    assert refused.status_code == 400 and "rules" in refused.json()["error"], refused.text
    for broken in ({"game": "delivery"}, [], {**uploaded, "seed": "seven"}):
        refused = server.post("/api/replays/step", json={"record": broken, "number": 0})
        assert refused.status_code in (400, 422) and refused.json()["error"], broken


def test_a_record_sent_for_replay_is_refused_past_its_limits(server: TestClient) -> None:
    huge = b'{"number": 0, "record": {"padding": "' + b"x" * 4_100_000 + b'"}}'
    refused = server.post("/api/replays/step", content=huge, headers={"content-type": "application/json"})
    assert refused.status_code == 413 and "at most 4,000,000 bytes" in refused.json()["error"]
    for body in (b"not json", b'{"number": -1, "record": {}}', b'{"record": {}}'):
        refused = server.post("/api/replays/step", content=body, headers={"content-type": "application/json"})
        assert refused.status_code == 422 and refused.json()["error"].startswith("invalid request"), body
    assert "/api/replays/step" in server.get("/openapi.json").json()["paths"]
