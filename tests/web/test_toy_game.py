"""Issue 26: a sixth game's words need nothing under ``web/``. Toy Duel (``toy_game/``, one
folder outside ``src/``, with its own catalogue in English and French) is registered by a
test-only launcher (``toy_server.py``); in real Chromium, the lobby shows its title and summary
and the table page its phase and timer names, each from its catalogue, in both languages."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..server import process
from .conftest import new_page

pytestmark = pytest.mark.timeout(120)

TOY = Path(__file__).parent / "toy_game"
WEB = Path(__file__).parents[2] / "src" / "robotable" / "web"
WORDS = {lang: json.loads((TOY / "words" / f"{lang}.json").read_text("utf-8")) for lang in ("en", "fr")}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    """``robotable serve`` with Toy Duel registered, as its own process (stopped by its id)."""
    folder = tmp_path_factory.mktemp("toy")
    port = process.free_port()
    command = [sys.executable, "-m", "tests.web.toy_server", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{folder / 'tables.sqlite3'}"]
    with process.launched(command, folder, port) as server:
        yield server


@pytest.fixture
def in_language(browser: Any) -> Iterator[Any]:
    """``in_language(lang)``: a fresh browser context whose browser prefers ``lang``."""
    made: list[Any] = []

    def context(lang: str) -> Any:
        made.append(
            browser.new_context(
                viewport={"width": 1280, "height": 900}, locale=LOCALES[lang], bypass_csp=True
            )
        )
        return made[-1]

    try:
        yield context
    finally:
        for context in made:
            context.close()


def test_nothing_under_web_knows_the_toy_game() -> None:
    """Neither its id, its keys nor any of its words, in either language."""
    said = {text for words in WORDS.values() for text in words.values() if len(text) > 4}
    keys = {key for key in WORDS["en"] if "." in key}
    for file in WEB.rglob("*"):
        if file.suffix not in (".js", ".html", ".css", ".py", ".json", ".md"):
            continue
        text = file.read_text("utf-8")
        assert not re.search(r"\btoy\b", text, re.IGNORECASE), file
        for word in said | keys:
            assert word not in text, (file, word)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby_shows_the_toy_games_title_and_summary_from_its_catalogue(
    toy_server: process.Server, in_language: Any, lang: str
) -> None:
    page = new_page(in_language(lang), toy_server.url)
    card = page.locator("article[data-game=toy]")
    card.locator("h3").wait_for()
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert card.locator("h3").inner_text() == WORDS[lang]["title"]
    assert WORDS[lang]["summary"] in card.inner_text()
    assert "summary" not in card.inner_text()  # no key standing in for a missing word
    card.locator("button.new-table").click()
    assert WORDS[lang]["title"] in page.inner_text("#create-title")
    assert not page.errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_page_names_the_toy_games_phases_and_timer_from_its_catalogue(
    toy_server: process.Server, in_language: Any, lang: str
) -> None:
    """Warm-up with its timer (``{colour}`` filled with the catalogue's word for Red), then the
    duel once both seats are ready."""
    body = {"game": "toy", "seats": ["human", "human"], "timers": True, "name": "Ada"}
    created = httpx.post(f"{toy_server.url}/api/tables", json=body, timeout=10).json()
    table, tokens = created["table"], [created["token"], created["invites"]["1"]]
    page = new_page(in_language(lang), f"{toy_server.url}/tables/{table}#token={tokens[0]}")
    words = WORDS[lang]
    shows(page, "#status", words["phase.warm_up"])
    timer = words["timer.warm_up"].replace("{colour}", words["colour.Red"])
    shows(page, "#timers", timer)
    for seat, token in enumerate(tokens):
        played = httpx.post(
            f"{toy_server.url}/api/tables/{table}/actions",
            json={"action": "ready"},
            headers={"authorization": f"Bearer {token}"},
            timeout=10,
        )
        assert played.status_code == 200, (seat, played.text)
    shows(page, "#status", words["phase.duel"])
    assert timer not in page.inner_text("#timers")  # the warm-up's timer is gone with its phase
    assert not page.errors


def shows(page: Any, selector: str, text: str, seconds: float = 15.0) -> None:
    """Wait until ``selector``'s visible text contains ``text``; fail saying what it shows."""
    deadline = time.monotonic() + seconds
    while text not in (shown := page.locator(selector).inner_text()):
        if time.monotonic() > deadline:
            pytest.fail(f"{selector} shows {shown!r}, not {text!r}")
        time.sleep(0.1)


GAME_WORDS = """async () => {
  const words = await import("/static/js/game_words.js");
  const first = words.loadGames();
  if (words.loadGames() !== first) throw new Error("the list is fetched once per page");
  await first;
  return {
    red: words.gameSay("toy", "timer.warm_up", { colour: "Red" }),
    blue: words.gameSay("toy", "timer.warm_up", { colour: "Blue" }),
    unfilled: words.gameSay("toy", "timer.warm_up"),
    missing: words.gameSay("toy", "phase.sudden_death"),
    unknown: words.gameSay("chess", "title"),
    has: [words.hasGameWord("toy", "phase.duel"), words.hasGameWord("toy", "phase.sudden_death")],
    titles: [words.gameTitle("toy"), words.gameTitle("chess")],
    droids: words.gameSay("droids", "timer.choose_emitters", { robot: "Yellow", count: 2, what: "repair" }),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_game_words_fill_a_template_by_the_catalogues_rule(
    toy_server: process.Server, in_language: Any, lang: str
) -> None:
    """``{name}``: the catalogue's ``name.VALUE`` or the value itself; a place without a value
    stays; a key no catalogue has reads as its last part; an unknown game's title is its id."""
    page = new_page(in_language(lang), toy_server.url)
    said = page.evaluate(GAME_WORDS)
    template = WORDS[lang]["timer.warm_up"]
    assert said["red"] == template.replace("{colour}", WORDS[lang]["colour.Red"])
    assert said["blue"] == template.replace("{colour}", "Blue")
    assert said["unfilled"] == template
    assert said["missing"] == "sudden death"
    assert said["unknown"] == "title"
    assert said["has"] == [True, False]
    assert said["titles"] == [WORDS[lang]["title"], "chess"]
    droids = {"en": "Yellow chooses 2 emitter(s) to repair", "fr": "Jaune choisit 2 émetteur(s) à réparer"}
    assert said["droids"] == droids[lang]
    assert not page.errors
