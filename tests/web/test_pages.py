"""Issue 14, the browser pages, in real Chromium: tables created from the lobby, whole games
played by clicks, the outcome shown equal to the server's record; two people at one
hidden-information table; reload, spectators, keyboard play, French."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from robotable import games
from robotable.core.records import Record

from ..server import process
from ..server.clients import SHORT_GAMES
from ..server.process import Server
from .conftest import new_page, sit_down

pytestmark = pytest.mark.timeout(300)

GAME_DEADLINE = 180.0
PATIENT = {"ricochet": {**SHORT_GAMES["ricochet"].options, "bid_window_s": 10.0}}
"""Ricochet's short game (a one-second sand timer) may end before a loaded machine has shown
the page: the bot bids at once, the timer runs out, the bot shows its solution. Ten seconds to
bid, for the tests that need the person to act."""


def create_from_lobby(
    page: Any,
    game: str,
    *,
    seats: list[str] | None = None,
    options: dict[str, Any] | None = None,
    timers: bool | None = None,
) -> str:
    """Fill the lobby's form for ``game`` with the short options the server tests use (or
    ``options``), create the table, and return its id once the table page shows its board."""
    short = SHORT_GAMES[game]
    page.click(f"article[data-game={game}] button.new-table")
    page.select_option("#seat-count", str(short.seats))
    for index, kind in enumerate(seats or []):
        page.locator(".seat-kind").nth(index).select_option(kind)
    page.locator("#timers").set_checked(short.timers if timers is None else timers)
    chosen = short.options if options is None else options
    if chosen:
        page.check("input[name=preset][value=custom]")  # every option, as the person sets them
    for name, value in chosen.items():
        field = page.locator(f"#option-{name}")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.fill("#player-name", "Ada")
    page.click("#create-button")
    page.wait_for_function(
        "location.pathname.startsWith('/tables/') || document.querySelector('#create-error')?.textContent"
    )
    assert "/tables/" in page.url, page.inner_text("#create-error")
    page.wait_for_selector("#board svg, #handover-ready:visible", timeout=30_000)
    if page.locator("#handover-ready").is_visible():  # people sharing the screen: Ada's turn first
        page.click("#handover-ready")
    page.wait_for_selector("#board svg", timeout=30_000)
    return page.url.rstrip("/").split("/")[-1].split("?")[0].split("#")[0]


def choose(actions: list[str]) -> str:
    """Submit a program when it may be (Delivery), never take a card back, else the first."""
    if "submit" in actions:
        return "submit"
    return next((a for a in actions if not a.startswith("take ")), actions[0])


def legal_actions(page: Any) -> list[str]:
    """Every legal action of the page's seat (the notation box's suggestions)."""
    return page.locator("#legal-list option").evaluate_all("os => os.map(o => o.value)")


def click_action(page: Any, action: str, confirm: bool = True) -> bool:
    """Click ``action``'s button, choosing its words one by one while the list is long; False
    when the action stopped being legal meanwhile (another seat's action moved the table on).
    When the page asks first (an action that loses by the rules), ``confirm`` says yes."""
    words = action.split()
    for _ in range(100):
        if action not in legal_actions(page):
            return False
        button = page.locator(f'#legal button.action[data-action="{action}"]')
        if button.count():
            button.first.click()
            if confirm and page.locator("#confirm[open]").count():
                page.click("#confirm-yes")
            return True
        chosen = (page.get_attribute("#legal", "data-prefix") or "").split()
        if chosen != words[: len(chosen)]:
            step = page.locator("#legal button.back")
        else:
            step = page.locator(f'#legal button.word[data-word="{words[len(chosen)]}"]')
        if step.count():
            step.first.click()
        else:
            page.wait_for_timeout(50)  # the buttons are being drawn again
    raise AssertionError(f"no way to click {action!r}")


def play_by_clicks(page: Any, deadline: float = GAME_DEADLINE) -> int:
    """Click legal actions until the page shows the outcome; how many were played."""
    end, played = time.monotonic() + deadline, 0
    while page.get_attribute("body", "data-over") != "yes":
        assert time.monotonic() < end, f"the game did not end in time: {page.inner_text('body')[:2000]}"
        assert not page.errors, page.errors
        if page.locator("#handover-ready").is_visible():
            page.click("#handover-ready")
        actions = legal_actions(page)
        if not actions or page.get_attribute("body", "data-pending") == "yes":
            page.wait_for_timeout(50)
            continue
        version = page.get_attribute("body", "data-version")
        if not click_action(page, choose(actions)):
            continue
        played += 1
        page.wait_for_function(
            "v => document.body.dataset.pending !== 'yes' || document.body.dataset.version !== v",
            arg=version,
            timeout=30_000,
        )
    return played


def shown_ranks(page: Any) -> list[int]:
    items = page.locator("#outcome li").evaluate_all("ls => ls.map(l => [+l.dataset.seat, +l.dataset.rank])")
    return [rank for _, rank in sorted(items)]


def record_of(server: Server, table: str) -> Record:
    response = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30)
    assert response.status_code == 200, response.text
    return Record.from_dict(response.json())


def test_the_lobby_shows_every_game_with_its_picture_and_french_rules(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    page.wait_for_selector(".card")
    assert page.locator(".card").count() == 5
    for image in page.locator(".card img").all():
        image.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    page.select_option("#language", "fr")
    assert page.inner_text("#games-title") == "Jeux"
    assert page.locator("article[data-game=robotick] button.rules").inner_text() == "Règles"
    page.click("article[data-game=robotick] button.rules")
    page.wait_for_selector("#rules-text h1")
    assert "résumé des règles" in page.inner_text("#rules-text h1")
    page.reload()  # the choice stays
    page.wait_for_selector(".card")
    assert (
        page.inner_text("#games-title") == "Jeux"
        and page.evaluate("() => document.documentElement.lang") == "fr"
    )


def test_two_people_each_see_their_own_hand_and_never_the_others(
    server: Server, browser: Any, page_at: Any
) -> None:
    """Robotick, two people and a bot: the second joins by the invitation link the first's
    page shows; neither page's messages nor its DOM hold the other's hand."""
    first = page_at(server.url)
    frames: dict[str, list[str]] = {"first": [], "second": []}
    first.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames["first"].append(str(f))))
    table = create_from_lobby(first, "robotick", seats=["human", "bot:heuristic"])
    invite = first.locator("input.invite").first.input_value()
    assert f"/tables/{table}#token=" in invite

    other = browser.new_context(
        viewport={"width": 412, "height": 915}, locale="fr-FR", bypass_csp=True
    )  # a phone
    try:
        second = other.new_page()
        second.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames["second"].append(str(f))))
        second.goto(invite)
        sit_down(second)  # the invited person is asked a name first (left empty: "Player 2")
        second.wait_for_selector("#board svg")
        assert second.get_attribute("body", "data-seat") == "1"
        assert "#token" not in second.url  # the seat's token leaves the address bar
        assert second.inner_text("#play-title") == "À vous de jouer"
        assert second.inner_text("#panels section[data-seat='0'] h3") == "Ada"
        assert second.inner_text("#panels section[data-seat='0'] .kind") == "personne"
        assert "Phase : passe des cartes." in second.inner_text("#status")  # the game's phase, in French
        hands = {
            "first": json.loads(first.text_content("#view"))["hand"],
            "second": json.loads(second.text_content("#view"))["hand"],
        }
        assert len(hands["first"]) == len(hands["second"]) == 12
        for seen, hidden in (("first", "second"), ("second", "first")):
            secret = json.dumps(hands[hidden], separators=(",", ":"))
            page = first if seen == "first" else second
            assert secret not in page.content() and all(secret not in f for f in frames[seen])
        assert not first.errors
        scroll = second.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert scroll, "the phone-sized page scrolls sideways"
    finally:
        other.close()


def test_a_reload_mid_game_comes_back_to_the_same_table_and_seat(server: Server, page_at: Any) -> None:
    """Delivery with a second person who never comes: nothing moves but this page's own actions.
    The view and the log (names and the game's sentences) come back as they were."""
    page = page_at(server.url)
    table = create_from_lobby(page, "delivery", seats=["human"])
    page.wait_for_selector("#legal-list option", state="attached")
    assert click_action(page, legal_actions(page)[-1])
    page.wait_for_function("() => document.body.dataset.pending === 'no'")
    before = (page.get_attribute("body", "data-version"), page.text_content("#view"), page.inner_text("#log"))
    assert before[2].startswith("1. Ada: ") and "\n" in before[2]  # the action and its sentences
    page.reload()
    page.wait_for_selector("#board svg")
    page.wait_for_function("v => document.body.dataset.version === v", arg=before[0])
    assert page.get_attribute("body", "data-seat") == "0" and page.url.endswith(f"/tables/{table}")
    assert page.text_content("#view") == before[1] and page.inner_text("#log") == before[2]


def test_a_spectator_watches_without_controls_and_keyboard_play_works(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    table = create_from_lobby(page, "droids")
    watcher = page_at(f"{server.url}/tables/{table}?watch")
    watcher.wait_for_selector("#board svg")
    assert watcher.get_attribute("body", "data-seat") == "spectator"
    assert watcher.locator("#legal button").count() == 0 and not legal_actions(watcher)
    assert watcher.inner_text("#status").startswith("You are watching.")

    page.wait_for_selector("#legal-list option", state="attached")  # seat 0's first decision in Droids
    action = legal_actions(page)[-1]
    version = page.get_attribute("body", "data-version")
    page.locator("body").press("/")  # the notation box, then the action typed and Enter
    assert page.evaluate("() => document.activeElement.id") == "notation"
    page.keyboard.type(action)
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    watcher.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    assert page.inner_text("#answer") in ("Played.", "")


def test_the_pages_run_under_their_content_security_policy(server: Server, browser: Any) -> None:
    """No inline script, no eval, nothing from elsewhere: the pages work with the policy on."""
    strict = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = strict.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        response = page.goto(server.url)
        assert "default-src 'self'" in response.headers["content-security-policy"]
        page.locator(".card").nth(4).wait_for()
        page.click("article[data-game=robotick] button.new-table")
        page.click("#create-button")
        page.locator("#board svg").wait_for(timeout=30_000)
        page.locator("#legal button.action").first.wait_for()
        assert page.locator("#legal button.action").count() > 0 and not refused, refused
    finally:
        strict.close()


def seconds_left(page: Any, label: str) -> int:
    return int(page.locator("#timers .timer", has_text=label).inner_text().rsplit(":", 1)[1].split()[0])


def test_ricochets_sand_timer_counts_down_from_the_servers_deadline(server: Server, page_at: Any) -> None:
    """The first bid starts the sand timer (60 s by default; 300 s wait for it): the page counts
    down from the deadline the server gave, and the log says who bid, in the game's sentence."""
    page = page_at(server.url)
    create_from_lobby(page, "ricochet", options={"puzzle": "1A2A3A4A-8A44FF0F-RC"})
    page.wait_for_selector("#legal button.word[data-word=bid]")
    assert click_action(page, "bid 9")
    page.locator("#timers .timer", has_text="bidding closes").wait_for()
    first = seconds_left(page, "bidding closes")
    assert 50 <= first <= 60, page.inner_text("#timers")
    page.wait_for_timeout(2100)
    assert first - 3 <= seconds_left(page, "bidding closes") <= first - 1
    assert "Ada bids 9" in page.inner_text("#log"), page.inner_text("#log")


def test_two_people_at_one_screen_hand_it_over_between_secret_decisions(server: Server, page_at: Any) -> None:
    """Robotick with Ada and a second person at this screen (and a bot): once Ada has passed her
    two cards the page shows only the hand-over screen, nothing of her hand; the second person
    asks for their game and is shown their own hand (test_new_person plays whole games by
    clicks)."""
    page = page_at(server.url)
    create_from_lobby(page, "robotick", seats=["here", "bot:heuristic"])
    assert page.get_attribute("body", "data-seat") == "0" and page.locator("#here button.give").count() == 1
    hand = json.loads(page.text_content("#view"))["hand"]
    passed = [a for a in legal_actions(page) if a.startswith("pass ")][:2]
    for action in passed:
        assert click_action(page, action)
        page.wait_for_function("a => !document.querySelector(`#legal-list option[value='${a}']`)", arg=action)
    page.wait_for_selector("body[data-handover='1']")
    screen = page.inner_text("body")
    assert "Give the screen to seat 1." in screen and "I am seat 1: show my game" in screen
    kept = [card for card in hand if f"pass {card}" not in passed]
    assert not [card for card in kept if card in page.content()], "Ada's hand on the hand-over screen"
    page.keyboard.press("Enter")  # the button has the focus
    page.wait_for_selector("body:not([data-handover='1']) #board svg")
    assert page.get_attribute("body", "data-seat") == "1"
    assert json.loads(page.text_content("#view"))["hand"] != hand and not page.errors


def test_the_creator_gives_the_seat_of_someone_who_never_came_to_a_bot(server: Server, page_at: Any) -> None:
    """Delivery with an invited person who never comes: the game waits for them until the
    creator gives their seat to a bot; then it is played to its end."""
    page = page_at(server.url)
    table = create_from_lobby(page, "delivery", seats=["human"])
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#panels section[data-seat='1'] button.to-bot")  # in the panel of its seat
    page.wait_for_function("() => !document.querySelector('#panels button.to-bot')")
    assert page.inner_text("#panels section[data-seat='1'] .kind") == "bot: heuristic"
    assert not page.locator("#panels input.invite").count()  # its link went with the person
    assert play_by_clicks(page) > 0
    assert record_of(server, table).seats[1].startswith("bot")


def replay_step(server: Server, table: str, number: int, seat: int | None = None) -> dict[str, Any]:
    params = {} if seat is None else {"seat": seat}
    answer = httpx.get(f"{server.url}/api/tables/{table}/replay/{number}", params=params, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_replay_viewer_steps_a_finished_game_back_and_forth(server: Server, page_at: Any) -> None:
    """A DR2D game played to its end, then replayed from the table page's link: the keys and
    buttons step through it, each step the record's position as the chosen seat saw it."""
    page = page_at(server.url)
    table = create_from_lobby(page, "dr2d")
    assert httpx.get(f"{server.url}/api/tables/{table}/replay/0", timeout=30).status_code == 409
    play_by_clicks(page)
    total = len(record_of(server, table).actions)
    page.click("#replay-link")
    page.wait_for_selector("body[data-number='0'] #board svg")
    assert page.inner_text("#position") == f"After 0 of {total} actions."
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-number='{total}']")
    assert page.locator("#outcome li").count() == 2
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"body[data-number='{total - 1}']")
    page.click("#forward")
    page.wait_for_selector(f"body[data-number='{total}']")
    page.click("#first")
    page.wait_for_selector("body[data-number='0']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-number='1']")
    page.select_option("#seat", "1")
    page.wait_for_function("() => document.querySelector('#seat').value === '1'")
    step = replay_step(server, table, 1, 1)
    sentences = [e["text"] for e in step["news"]["events"]]
    page.wait_for_function("n => document.querySelectorAll('#news li').length === n", arg=len(sentences))
    assert page.locator("#news li").all_inner_texts() == sentences
    as_drawn = "s => { const box = document.createElement('div'); box.innerHTML = s; return box.innerHTML; }"
    assert page.inner_html("#board") == page.evaluate(as_drawn, step["board"])
    assert step["board"] != replay_step(server, table, 0, 1)["board"]
    assert not page.errors


def test_a_record_file_is_replayed_from_the_lobby(server: Server, page_at: Any, tmp_path: Path) -> None:
    """A finished game's record saved as a file, chosen on the lobby's replay page: stepped to
    its end, it shows the record's outcome; a file that is no record gets a clear message."""
    page = page_at(server.url)
    table = create_from_lobby(page, "delivery")
    play_by_clicks(page)
    record = record_of(server, table)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record.to_dict()))
    page.goto(server.url)
    page.click("#replay-file")
    page.set_input_files("#record-file", str(tmp_path / "game.json"))
    page.wait_for_selector("body[data-number='0'] #board svg")
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-number='{len(record.actions)}']")
    ranks = page.locator("#outcome li").all_inner_texts()
    assert [int(text.split("rank ")[1].split(",")[0]) for text in ranks] == list(record.outcome.ranks)
    (tmp_path / "broken.json").write_text('{"game": "delivery"')
    page.set_input_files("#record-file", str(tmp_path / "broken.json"))
    said = "() => document.querySelector('#error').textContent.startsWith('Not a record file')"
    page.wait_for_function(said)
    assert not page.errors


def frames_news(frames: list[str]) -> dict[int, dict[str, Any]]:
    """The news a page received over its WebSocket, by action number."""
    news: dict[int, dict[str, Any]] = {}
    for frame in frames:
        message = json.loads(frame)
        told = message.get("news")
        for item in told if isinstance(told, list) else [told] if told else []:
            news[item["number"]] = item
    return news


@pytest.mark.parametrize("game", ["dr2d", "delivery"])
def test_two_people_online_never_see_each_others_program(
    server: Server, browser: Any, page_at: Any, game: str
) -> None:
    """Ada and a friend on an invitation link play by clicks until Ada has programmed three
    cards or registers in secret: the friend's page was told those actions as null, its log
    does not name them, and (Delivery) its view has no program of Ada's."""
    first = page_at(server.url)
    create_from_lobby(first, game, seats=["human"])
    invite = first.locator("input.invite").first.input_value()
    other = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    try:
        second = other.new_page()
        second.errors = []
        second.on("pageerror", lambda error: second.errors.append(str(error)))
        frames: list[str] = []
        second.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
        second.goto(invite)
        sit_down(second)  # the invited person is asked a name first (left empty: "Player 2")
        second.wait_for_selector("#board svg")
        rules = games.get(game)
        secrets: list[str] = []
        deadline = time.monotonic() + 60
        while len(secrets) < 3:
            assert time.monotonic() < deadline, "Ada made no secret decision"
            for page in (first, second):
                actions = legal_actions(page)
                if not actions or page.get_attribute("body", "data-pending") == "yes":
                    continue
                action = choose(actions)
                version = page.get_attribute("body", "data-version")
                if not click_action(page, action):
                    continue  # the other's action changed what may be done
                page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
                if page is first and type(rules.parse_action(action)).secret:
                    secrets.append(action)
        ada = json.loads(first.text_content("#view"))
        friend = json.loads(second.text_content("#view"))
        told = frames_news(frames)
        adas = [n for n in told.values() if n["seat"] == 0]
        assert len([n for n in adas if n["action"] is None]) >= len(secrets)
        assert not [n for n in adas if n["action"] in secrets], "the friend was told Ada's secret action"
        log = second.inner_text("#log")
        assert not [s for s in secrets if f"Ada: {s}\n" in log + "\n"], log
        if game == "delivery":
            assert ada["players"][0]["program"] and friend["players"][0]["program"] is None
        assert not first.errors and not second.errors
    finally:
        other.close()


NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"
FIRST_BUTTON_RIGHT_EDGE = """() => {
  const button = [...document.querySelectorAll("#legal button")].find((b) => b.offsetParent);
  return button ? button.getBoundingClientRect().right : null;
}"""


@pytest.mark.parametrize("game", ["ricochet", "dr2d", "droids", "delivery", "robotick"])
def test_on_a_phone_nothing_scrolls_sideways(server: Server, browser: Any, game: str) -> None:
    """A 390-pixel-wide screen: the lobby, its form and each game's table page fit its width
    (the board scales down), and the first decision's buttons are on screen."""
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, bypass_csp=True
    )
    try:
        page = phone.new_page()
        page.goto(server.url)
        page.locator(".card").nth(4).wait_for()
        assert page.evaluate(NO_SIDEWAYS_SCROLL), "the lobby scrolls sideways"
        create_from_lobby(page, game, options=PATIENT.get(game))
        page.wait_for_selector("#legal button", timeout=30_000)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), "the table page scrolls sideways"
        board = page.locator("#board svg").bounding_box()
        assert board is not None and board["width"] <= 390
        # read in the page at once: the buttons are redrawn as the table changes (Ricochet's
        # timer), and a button measured from here may be gone by the time it is read
        right = page.wait_for_function(FIRST_BUTTON_RIGHT_EDGE).json_value()
        assert right <= 390
    finally:
        phone.close()


def test_a_card_clicked_on_the_board_narrows_the_buttons_to_its_actions(server: Server, page_at: Any) -> None:
    """Robotick: Ada clicks a card of her hand drawn on the board, the buttons show only what
    she can do with it (passing it), and one more click plays it."""
    page = page_at(server.url)
    create_from_lobby(page, "robotick")
    page.wait_for_selector("#legal-list option", state="attached")
    card = legal_actions(page)[0].split()[-1]
    drawn = page.locator("#board svg text.pickable").filter(has_text=re.compile(f"^{card}$"))
    page.wait_for_function("() => document.querySelector('#board svg text.pickable')")
    drawn.first.click()
    page.wait_for_selector("#legal button.unpick")
    offered = page.locator("#legal button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert offered == [f"pass {card}"], offered
    version = page.get_attribute("body", "data-version")
    page.click(f'#legal button.action[data-action="pass {card}"]')
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    assert f"pass {card}" not in legal_actions(page) and not page.errors


@pytest.mark.long
def test_a_lost_connection_comes_back_by_itself_with_nothing_lost(tmp_path: Path, page_at: Any) -> None:
    """The server stops mid-game and starts again on the same port and database: the page says
    the connection is lost, reconnects by itself, shows the same state and log (nothing twice),
    and play goes on."""
    port, database = process.free_port(), f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    server = process.start(database, tmp_path, port=port)
    try:
        page = page_at(server.url)
        create_from_lobby(page, "delivery", seats=["human"])  # the other person never comes
        page.wait_for_selector("#legal-list option", state="attached")
        assert click_action(page, legal_actions(page)[0])
        page.wait_for_function("() => document.body.dataset.version === '1'")
        logged = page.inner_text("#log")
        process.stop(server)
        page.wait_for_function("() => document.querySelector('#connection').textContent.includes('lost')")
        server = process.start(database, tmp_path, port=port)
        page.wait_for_function(
            "() => document.querySelector('#connection').textContent === 'Connected.'", timeout=40_000
        )
        assert page.get_attribute("body", "data-version") == "1" and page.inner_text("#log") == logged
        assert click_action(page, legal_actions(page)[0])
        page.wait_for_function("() => document.body.dataset.version === '2'")
        assert not page.errors
    finally:
        process.stop(server)


def test_pieces_slide_to_their_new_place_at_the_speed_chosen(server: Server, page_at: Any) -> None:
    """Robotick: passing draws no card anywhere else; with movement off the cards jump, and at
    a slow speed a card played slides from the hand to the trick (Web Animations on the board's
    elements)."""
    page = page_at(server.url)
    create_from_lobby(page, "robotick")
    page.select_option("#movement", "off")
    page.evaluate(COUNT_ANIMATIONS)
    for speed in ("off", "off", "slow"):  # two cards passed, then the first card played
        page.select_option("#movement", speed)
        page.wait_for_function("() => document.querySelector('#legal-list option')")
        board = page.get_attribute("body", "data-board")
        started, slid = page.evaluate("() => [window.animationsStarted, window.slid]")
        assert click_action(page, legal_actions(page)[0])
        page.wait_for_function("b => document.body.dataset.board !== b", arg=board)
        # counted as they start, not read while they run: a loaded machine may finish them
        # first, and the bots' next drawing may come before the test looks
        moved = page.evaluate("() => window.slid") - slid
        animated = page.evaluate("() => window.animationsStarted") - started
        sliding = (moved > 0 and animated > 0) if speed == "slow" else (moved == 0 and animated == 0)
        assert sliding, (speed, moved, animated)
    assert page.evaluate("() => localStorage.getItem('robotable:movement')") == "slow" and not page.errors


COUNT_ANIMATIONS = """() => {
  window.animationsStarted = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...how) {
    window.animationsStarted += 1;
    return animate.apply(this, how);
  };
  window.slid = 0; // every drawing's data-moved, added up (a record holds the value before it)
  new MutationObserver((records) => {
    const values = [...records.slice(1).map((record) => record.oldValue), document.body.dataset.moved];
    window.slid += values.reduce((sum, value) => sum + Number(value), 0);
  }).observe(document.body, { attributeFilter: ["data-moved"], attributeOldValue: true });
}"""


def test_the_word_chooser_is_played_with_the_keyboard_alone(server: Server, page_at: Any) -> None:
    """Ricochet's 99 bids: 'f' reaches the filter, Tab the 'bid' button, Enter opens it with the
    focus on its first button, Tab walks to 9, Enter bids."""
    page = page_at(server.url)
    create_from_lobby(page, "ricochet", options={"puzzle": "1A2A3A4A-8A44FF0F-RC"})
    page.wait_for_selector("#legal button.word[data-word=bid]")
    page.locator("body").press("f")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.word") == "bid"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.classList.contains('back')")
    for _ in range(9):
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "bid 9"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('Ada bids 9')")
    assert not page.errors


def test_the_french_page_logs_the_games_own_french_sentences(server: Server, browser: Any) -> None:
    """A browser that prefers French gets the log in the game's French words (its log module's),
    and the replay viewer words its steps in French too."""
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        table = create_from_lobby(page, "delivery", seats=["bot:heuristic"])
        page.wait_for_selector("#legal-list option", state="attached")
        action = next(a for a in legal_actions(page) if a.startswith("slot "))  # slot 1 SR
        assert click_action(page, action)
        said = f"Ada programme {action.split()[2]} dans l'emplacement {action.split()[1]}"
        page.wait_for_function("said => document.querySelector('#log').innerText.includes(said)", arg=said)
        sentences = page.locator("#log li.event").all_inner_texts()  # the actions stay in notation
        assert not [text for text in sentences if re.search(r"\b(programs|slot|submits)\b", text)], sentences
        assert play_by_clicks(page) > 0
        verdict = page.inner_text("#outcome p.verdict")  # the game's own end, in French
        assert verdict.startswith("fin de la partie (") and "gagnant" in verdict, verdict
        page.click("#replay-link")
        page.wait_for_selector("body[data-number='0'] #board svg")
        page.click("#forward")
        page.wait_for_selector("body[data-number='1']")
        page.wait_for_function("() => document.querySelectorAll('#news li').length > 0")
        assert "programme" in page.inner_text("#news"), page.inner_text(
            "#news"
        )  # "… programme … l'emplacement 1"
        assert record_of(server, table).outcome is not None and not page.errors
    finally:
        french.close()


def test_the_french_page_says_its_clocks_and_refusals_in_french(server: Server, browser: Any) -> None:
    """Ricochet in French: the sand timer is "fin des annonces", the bid is logged in French,
    and an action typed that is not possible now is refused in French, not in the game's
    English reason."""
    french = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        page = new_page(french, server.url)
        create_from_lobby(page, "ricochet", options={"puzzle": "1A2A3A4A-8A44FF0F-RC"})
        page.wait_for_selector("#legal button.word[data-word=bid]")
        assert click_action(page, "bid 9")
        page.locator("#timers .timer", has_text="fin des annonces").wait_for()
        assert 50 <= seconds_left(page, "fin des annonces") <= 60, page.inner_text("#timers")
        page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('Ada annonce 9 coups')"
        )
        page.wait_for_function("() => document.body.dataset.pending === 'no'")
        page.check("#show-notation")  # the notation box is off by default
        page.fill("#notation", "bid 12")  # raising one's own bid: never possible
        page.press("#notation", "Enter")
        page.wait_for_function("() => document.querySelector('#answer').className === 'error'")
        said = page.inner_text("#answer")
        assert said == "Refusé : cette action n'est pas possible maintenant (phase : le sablier s'écoule).", (
            said
        )
        assert not page.errors
    finally:
        french.close()


def test_switching_the_language_rewords_the_whole_log(server: Server, page_at: Any) -> None:
    """An English page switched to French mid-game: the log so far is asked for again, worded in
    French, nothing twice, and play goes on."""
    page = page_at(server.url)
    create_from_lobby(page, "delivery", seats=["human"])  # the other person never comes
    page.wait_for_selector("#legal-list option", state="attached")
    action = next(a for a in legal_actions(page) if a.startswith("slot "))
    assert click_action(page, action)
    said = f"Ada programs {action.split()[2]} in slot {action.split()[1]}"
    page.wait_for_function("said => document.querySelector('#log').innerText.includes(said)", arg=said)
    page.select_option("#language", "fr")
    french = f"Ada programme {action.split()[2]} dans l'emplacement {action.split()[1]}"
    page.wait_for_function("said => document.querySelector('#log').innerText.includes(said)", arg=french)
    assert said not in page.inner_text("#log") and page.locator("#log li[data-number]").count() == 1
    assert click_action(page, next(a for a in legal_actions(page) if a.startswith("slot ")))
    page.wait_for_function("() => document.querySelectorAll('#log li[data-number]').length === 2")
    assert not page.errors
