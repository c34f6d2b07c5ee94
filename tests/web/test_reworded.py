"""Issue 26: the pages word the server's codes, never its English. A server whose English
refusals and timer names are all reworded (tests/web/reworded.py) still gets the right French
words on a French page: the sand timer's name, "too late", "not your turn", a spectator's
refusal. And no module of the pages holds one of the server's English phrases."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server import process
from .conftest import new_page
from .reworded import REFUSED, REWORDED

pytestmark = pytest.mark.timeout(180)

ROOT = Path(__file__).parents[2]
STATIC = ROOT / "src" / "robotable" / "web" / "static"
PUZZLE = "1A2A3A4A-8A44FF0F-RC"


@pytest.fixture(scope="module")
def reworded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    folder = tmp_path_factory.mktemp("reworded")
    port = process.free_port()
    command = [sys.executable, "-m", "tests.web.reworded", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{folder / 'tables.sqlite3'}"]
    with process.launched(command, folder, port, cwd=ROOT) as server:
        yield server


@pytest.fixture
def french(browser: Any) -> Iterator[Any]:
    made = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        yield made
    finally:
        made.close()


def table(server: process.Server, body: dict[str, Any]) -> dict[str, Any]:
    made = httpx.post(f"{server.url}/api/tables", json={"name": "Ada", **body}, timeout=30)
    assert made.status_code == 201, made.text
    return made.json()


def legal_of(server: process.Server, made: dict[str, Any], token: str) -> list[str]:
    headers = {"authorization": f"Bearer {token}"}
    return httpx.get(f"{server.url}/api/tables/{made['table']}", headers=headers, timeout=30).json()["legal"]


def refused(page: Any, action: str) -> str:
    """Type ``action``, send it, and return what the page says of its refusal."""
    page.wait_for_function("() => document.body.dataset.pending !== 'yes'")
    page.evaluate("() => { document.querySelector('#answer').className = ''; }")
    page.check("#show-notation")  # the notation box is off by default
    page.fill("#notation", action)
    page.press("#notation", "Enter")
    page.wait_for_function("() => document.querySelector('#answer').className === 'error'")
    return page.inner_text("#answer")


def test_the_server_is_reworded(reworded: process.Server) -> None:
    """The launcher does what the test relies on: the timers' English names and the refusals'
    English sentences are not the games' any more."""
    made = table(reworded, {"game": "dr2d", "seats": ["human", "human"], "timers": False})
    headers = {"authorization": f"Bearer {made['token']}"}
    answer = httpx.post(
        f"{reworded.url}/api/tables/{made['table']}/actions", json={"action": "lock"}, headers=headers
    )
    assert answer.status_code == 409 and answer.json()["error"] == REFUSED, answer.text
    ricochet = next(
        game for game in httpx.get(f"{reworded.url}/api/games").json() if game["id"] == "ricochet"
    )
    assert ricochet["words"]["en"]["timer.bidding_closes"] == f"{REWORDED} bidding closes"
    assert ricochet["words"]["fr"]["timer.bidding_closes"] == "fin des annonces"


def test_a_french_page_names_the_timer_and_says_too_late_in_french(
    reworded: process.Server, french: Any
) -> None:
    """Ricochet, two people (the second never comes), a two-second sand timer whose referee is
    late: Ada bids, the timer is named in French, then her second bid comes after the deadline
    and is refused as too late, in French."""
    options = {"puzzle": PUZZLE, "bid_window_s": 2.0}
    made = table(
        reworded, {"game": "ricochet", "seats": ["human", "human"], "options": options, "timers": True}
    )
    page = new_page(french, f"{reworded.url}/tables/{made['table']}#token={made['token']}")
    page.wait_for_selector("#board svg")
    page.check("#show-notation")  # the notation box is off by default
    page.fill("#notation", "bid 9")
    page.press("#notation", "Enter")
    page.locator("#timers .timer", has_text="fin des annonces").wait_for()
    assert REWORDED not in page.inner_text("#timers")
    assert "Phase : le sablier s'écoule." in page.inner_text("#status")
    page.locator("#timers .timer", has_text="fin des annonces : 0 s").wait_for(timeout=10_000)
    page.wait_for_timeout(500)  # past the deadline, by the server's clock too
    assert refused(page, "bid 5") == "Refusé : trop tard : le temps est écoulé."
    assert not page.errors


def test_a_french_page_says_not_your_turn_and_a_spectator_cannot_play(
    reworded: process.Server, french: Any
) -> None:
    """DR2D's placement goes in seat order (the first seat drawn): once Ada placed her robot, or
    before when the other seat places first, her action of the other seat's turn is refused as
    not her turn; a spectator's action is refused as a spectator's."""
    made = table(reworded, {"game": "dr2d", "seats": ["human", "human"], "timers": False})
    page = new_page(french, f"{reworded.url}/tables/{made['table']}#token={made['token']}")
    page.wait_for_selector("body[data-version='0'] #board svg")
    if legal_of(reworded, made, made["token"]):
        page.check("#show-notation")  # the notation box is off by default
        page.fill("#notation", legal_of(reworded, made, made["token"])[0])
        page.press("#notation", "Enter")
        page.wait_for_function("() => document.body.dataset.version === '1'")
    theirs = legal_of(reworded, made, made["invites"]["1"])[0]
    assert refused(page, theirs) == "Refusé : ce n'est pas votre tour."
    watcher = new_page(french, f"{reworded.url}/tables/{made['table']}?watch")
    watcher.wait_for_selector("#board svg")
    watcher.wait_for_function("() => document.querySelector('#connection').textContent === 'Connecté.'")
    assert refused(watcher, theirs) == "Refusé : vous regardez la partie : un spectateur ne peut pas jouer."
    assert not page.errors and not watcher.errors


ENGLISH = ("too late", "moved on since", "chooses", "emitter(s)", "bidding closes", "spectators cannot")


def test_no_module_of_the_pages_holds_the_servers_english() -> None:
    """What the server says in English is never matched by the pages: they read its codes. (The
    pages' own English words, in js/words/, may say the same things.)"""
    scripts = [script for script in (STATIC / "js").rglob("*.js") if "words" not in script.parts]
    assert len(scripts) > 30
    for script in scripts:
        text = script.read_text("utf-8")
        assert not [phrase for phrase in ENGLISH if phrase in text], script


WORDED = """async ([lang, cases]) => {
  localStorage.setItem("robotable:language", lang);
  await import("/static/js/words/table.js");
  await (await import("/static/js/game_words.js")).loadGames();
  const { refusalWords } = await import("/static/js/table/codes.js");
  return cases.map(([refusal, seen]) => refusalWords(refusal, seen, 0, "ricochet"));
}"""


def test_refusals_are_worded_by_their_codes(server: process.Server, page_at: Any) -> None:
    """The page's words for each kind of refusal, in both languages: the code says why (the
    game's French when it gave it), the state the action was chosen on says whose turn it was
    and what was possible, and a refusal behind the table's version says the table moved on."""
    page = page_at(server.url)
    mine = {"to_act": [0], "legal": ["bid 3"], "view": {"phase": "countdown"}}
    theirs = {**mine, "to_act": [1]}
    reason = {"action": "bid 9", "reason": "cannot raise your own bid"}
    behind = {"behind": {"seen": 4, "version": 5}}
    cases = [
        ({**reason, "code": "too_late", "params": {"timer": "bidding_closes"}}, mine),
        ({**reason, "code": "spectator"}, None),
        ({**reason, "code": "illegal"}, theirs),
        ({**reason, "code": "illegal"}, mine),
        ({**reason, "code": "illegal", "reason_fr": "impossible de relever sa propre annonce"}, mine),
        ({**reason, "code": "illegal", **behind}, theirs),
        ({**reason, "code": "illegal", **behind}, None),
        ({**reason, "code": "a_newer_code"}, mine),
    ]
    assert page.evaluate(WORDED, ["fr", cases]) == [
        "trop tard : le temps est écoulé.",
        "vous regardez la partie : un spectateur ne peut pas jouer.",
        "ce n'est pas votre tour.",
        "cette action n'est pas possible maintenant (phase : le sablier s'écoule).",
        "impossible de relever sa propre annonce",
        "ce n'est pas votre tour. (La table a avancé entre-temps : regardez à nouveau.)",
        "la table a avancé entre-temps : regardez à nouveau.",
        "cannot raise your own bid",  # a code the page does not know yet: the server's words
    ]
    assert page.evaluate(WORDED, ["en", cases]) == [
        "too late: the time ran out. (cannot raise your own bid)",
        "you are watching: a spectator cannot play.",
        "it is not your turn. (cannot raise your own bid)",
        "this action is not possible now (phase: the sand timer runs). (cannot raise your own bid)",
        "this action is not possible now (phase: the sand timer runs). (cannot raise your own bid)",
        "it is not your turn. (cannot raise your own bid) (The table moved on meanwhile: look again.)",
        "cannot raise your own bid (The table moved on meanwhile: look again.)",
        "cannot raise your own bid",
    ]
    assert not page.errors
