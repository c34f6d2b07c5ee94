"""Issue 27, the decision in progress drawn where the player works, in real Chromium: the seat's
own secret decision as slots beside the players' panels (DR2D's five registers, Droids' orders on
its emitters, Delivery's program slots and function boards, Robotick's two cards to pass), filled
by clicking them, in the page's language, and on no other seat's page.

The positions are reached through the HTTP API with each seat's token; the page shows seat 0
unless a test opens another seat's."""

from __future__ import annotations

from typing import Any

import pytest

from ..server.process import Server
from .test_guidance import act, first_legal_until, new_table, open_seat0, state_of

pytestmark = pytest.mark.timeout(180)


def slot(page: Any, key: str) -> Any:
    return page.locator(f'#decision button.slot[data-slot="{key}"]')


def slot_state(page: Any, key: str) -> str | None:
    return slot(page, key).get_attribute("data-state")


def wait_slot(page: Any, key: str, state: str) -> None:
    page.wait_for_selector(f'#decision button.slot[data-slot="{key}"][data-state="{state}"]')


def choose(page: Any, key: str, action: str) -> str:
    """Opens slot ``key`` and clicks the choice that sends ``action``; waits for the answer and
    says what the choice read."""
    version = page.get_attribute("body", "data-version")
    slot(page, key).click()
    choice = page.locator(f'#decision .chooser[data-for="{key}"] button[data-choice="{action}"]')
    label = choice.inner_text()
    choice.click()
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    return label


def click_and_wait(page: Any, selector: str) -> None:
    version = page.get_attribute("body", "data-version")
    page.locator(selector).click()
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")


def open_seat(page_at: Any, server: Server, table: dict[str, Any], seat: int) -> Any:
    page = page_at(f"{server.url}/tables/{table['table']}#token={table['tokens'][seat]}")
    page.wait_for_selector("#board svg")
    return page


def to_french(page: Any) -> None:
    page.select_option("#language", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")


# ----------------------------------------------------------------------------- DR2D


def programming(server: Server) -> dict[str, Any]:
    table = new_table(server, "dr2d", 2, {})
    first_legal_until(
        server, table, lambda s: s["view"]["phase"] == "programming" and 0 in s["to_act"], seats=2
    )
    return table


def test_dr2d_registers_are_five_slots_filled_by_clicking_and_taken_back_from_the_last(
    server: Server, page_at: Any
) -> None:
    """Seat 0 programs by clicking its five drawn registers: the next one opens the five choices
    (worded in the robot's frame), a filled one shows its word and arrow, only the last filled
    one offers undo, and clicking it empties it. In French the same slots read in French. Five
    filled: the lock button locks the program. Seat 1's page draws nothing of seat 0's program,
    and the server still shows seat 1 its own empty program."""
    table = programming(server)
    page = open_seat0(page_at, server, table)
    wait_slot(page, "r1", "next")
    assert [slot_state(page, f"r{n}") for n in range(1, 6)] == ["next", "empty", "empty", "empty", "empty"]
    assert "register 1" in slot(page, "r1").inner_text()
    assert page.inner_text('#legal button.action[data-action="STAY"]') == "stay (STAY)"  # the buttons too
    slot(page, "r1").click()
    choices = page.locator('#decision .chooser[data-for="r1"] button.choice')
    assert choices.all_inner_texts() == ["forward", "right", "back", "left", "stay"]
    page.locator('#decision .chooser[data-for="r1"] button[data-choice="N"]').click()
    wait_slot(page, "r1", "filled")
    assert "forward" in slot(page, "r1").inner_text() and slot(page, "r1").locator("svg.pic").count() == 1
    assert slot(page, "r1").get_attribute("data-send") == "undo" and "undo" in slot(page, "r1").inner_text()
    wait_slot(page, "r2", "next")
    choose(page, "r2", "E")
    wait_slot(page, "r2", "filled")
    assert "right" in slot(page, "r2").inner_text()
    assert slot(page, "r1").get_attribute("data-send") is None  # only the last filled is taken back
    assert state_of(server, table, 0)["view"]["program"] == ["N", "E"]

    click_and_wait(page, '#decision button.slot[data-slot="r2"]')  # undo
    wait_slot(page, "r2", "next")
    assert state_of(server, table, 0)["view"]["program"] == ["N"]
    assert slot(page, "r1").get_attribute("data-send") == "undo"
    log = page.inner_text("#log")  # the seat's own secret actions echoed in words
    assert "Ada: programs a register (N)" in log and "Ada: takes back the last register" in log

    to_french(page)
    page.wait_for_function(
        "() => document.querySelector('#decision [data-slot=\"r1\"]').innerText.includes('en avant')"
    )
    assert "registre 1" in slot(page, "r1").inner_text() and "annuler" in slot(page, "r1").inner_text()
    assert "à choisir" in slot(page, "r2").inner_text()
    assert page.inner_text('#legal button.action[data-action="undo"]') == "annuler"
    assert page.inner_text('#legal button.action[data-action="STAY"]') == "sur place (STAY)"
    slot(page, "r2").click()
    french = page.locator('#decision .chooser[data-for="r2"] button.choice').all_inner_texts()
    assert french == ["en avant", "à droite", "en arrière", "à gauche", "sur place"]
    slot(page, "r2").click()  # closes the choices again
    assert page.locator("#decision .chooser").count() == 0
    for number, action in ((2, "S"), (3, "W"), (4, "STAY"), (5, "N")):
        choose(page, f"r{number}", action)
    assert state_of(server, table, 0)["view"]["program"] == ["N", "S", "W", "STAY", "N"]
    assert page.inner_text("#decision button.finish") == "Valider le programme"
    click_and_wait(page, "#decision button.finish")
    page.wait_for_selector("#decision .decision-note")
    assert "validé" in page.inner_text("#decision .decision-note")
    assert page.locator("#decision button.slot:not([disabled])").count() == 0
    page.wait_for_function(
        "() => document.querySelector('#log').innerText.includes('Ada: valide son programme')"
    )
    assert "Ada: reprend le dernier registre" in page.inner_text("#log")

    other = open_seat(page_at, server, table, 1)
    other.wait_for_selector('#decision button.slot[data-slot="r1"][data-state="next"]')
    assert other.locator('#decision button.slot[data-state="filled"]').count() == 0
    assert state_of(server, table, 1)["view"]["program"] == []
    # the same browser: this page is in French too
    other.wait_for_function(
        "() => document.querySelector('#log').innerText.includes('Ada: valide son programme')"
    )
    theirs = other.inner_text("#log")
    assert "Ada: programme en secret" in theirs and "(secret)" not in theirs
    assert "registre (N)" not in theirs and "reprend" not in theirs
    assert not page.errors and not other.errors, page.errors + other.errors


def test_dr2d_registers_read_as_board_directions_with_absolute_directions(
    server: Server, page_at: Any
) -> None:
    """DR-12: with `absolute_directions` the letters are compass directions, and the choices and
    the filled register say so (north, not forward)."""
    table = new_table(server, "dr2d", 2, {"absolute_directions": True})
    first_legal_until(
        server, table, lambda s: s["view"]["phase"] == "programming" and 0 in s["to_act"], seats=2
    )
    page = open_seat0(page_at, server, table)
    wait_slot(page, "r1", "next")
    slot(page, "r1").click()
    choices = page.locator('#decision .chooser[data-for="r1"] button.choice')
    assert choices.all_inner_texts() == ["north", "east", "south", "west", "stay"]
    page.locator('#decision .chooser[data-for="r1"] button[data-choice="W"]').click()
    wait_slot(page, "r1", "filled")
    assert "west" in slot(page, "r1").inner_text()
    assert not page.errors, page.errors


def test_a_spectator_sees_no_decision(server: Server, page_at: Any) -> None:
    """A spectator of a DR2D table in programming has no decision drawn."""
    table = programming(server)
    page = page_at(f"{server.url}/tables/{table['table']}?watch")
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#panels [data-seat='1']")
    assert page.locator("#decision").is_hidden()
    assert page.locator("#decision button").count() == 0
    assert not page.errors, page.errors


# ----------------------------------------------------------------------------- Robotick


def test_robotick_two_cards_to_pass_are_chosen_by_clicking_their_slots(server: Server, page_at: Any) -> None:
    """Seat 0 chooses its two cards to pass by clicking the drawn slots: the next one opens the
    hand's cards, a chosen card fills its slot (in order), the note names the player on the left;
    in French too. Seat 1's page draws its own empty slots, never seat 0's cards."""
    table = new_table(server, "robotick", 3, {})
    page = open_seat0(page_at, server, table)
    wait_slot(page, "c1", "next")
    assert slot_state(page, "c2") == "empty" and "card 1" in slot(page, "c1").inner_text()
    hand = state_of(server, table, 0)["view"]["hand"]
    slot(page, "c1").click()
    offered = page.locator('#decision .chooser[data-for="c1"] button.choice').all_inner_texts()
    assert sorted(offered) == sorted(hand)
    first = f"pass {hand[0]}"
    page.locator(f'#decision .chooser[data-for="c1"] button[data-choice="{first}"]').click()
    wait_slot(page, "c1", "filled")
    assert hand[0] in slot(page, "c1").inner_text()
    wait_slot(page, "c2", "next")
    assert "seat 1" in page.inner_text("#decision .decision-note")  # the player on the left

    other = open_seat(page_at, server, table, 1)
    other.wait_for_selector('#decision button.slot[data-slot="c1"][data-state="next"]')
    assert hand[0] not in other.inner_text("#decision")
    assert other.locator('#decision button.slot[data-state="filled"]').count() == 0

    to_french(page)
    page.wait_for_function(
        "() => document.querySelector('#decision [data-slot=\"c2\"]').innerText.includes('à choisir')"
    )
    assert "carte 1" in slot(page, "c1").inner_text()
    choose(page, "c2", f"pass {hand[1]}")
    wait_slot(page, "c2", "filled")
    shown = [slot(page, key).locator(".slot-word").inner_text() for key in ("c1", "c2")]
    assert sorted(shown) == sorted(state_of(server, table, 0)["view"]["pass_chosen"]) == sorted(hand[:2])
    assert "choisies" in page.inner_text("#decision .decision-note")
    page.wait_for_function(
        f"() => document.querySelector('#log').innerText.includes('Ada: choisit {hand[1]} à donner')"
    )
    assert f"Ada: chooses {hand[0]} to give" not in other.inner_text("#log")
    assert "Ada: chooses a card to give, in secret" in other.inner_text("#log")
    assert not page.errors and not other.errors, page.errors + other.errors


# ----------------------------------------------------------------------------- Robot Delivery


def test_delivery_program_slots_and_function_board_are_filled_by_clicking_them(
    server: Server, page_at: Any
) -> None:
    """Seat 0 fills its onPlay slots by clicking them (the first empty one is marked next), takes
    a slot's cards back from it, puts a card for good on its function board, and reads why
    `submit` is missing (the empty slots named) until every slot holds a card; in French too.
    Seat 1's page shows its own empty program, never seat 0's cards."""
    table = new_table(server, "delivery", 2, {"turn_limit": 2})
    page = open_seat0(page_at, server, table)
    wait_slot(page, "s1", "next")
    assert [slot_state(page, f"s{n}") for n in range(1, 5)] == ["next", "empty", "empty", "empty"]
    assert "1, 2, 3, 4" in page.inner_text("#decision .decision-note")
    assert page.locator("#decision button.finish").count() == 0
    legal = state_of(server, table, 0)["legal"]
    first = next(a for a in legal if a.startswith("slot 1 ") and "LOOP" not in a and "BUG" not in a)
    label = choose(page, "s1", first)
    wait_slot(page, "s1", "filled")
    assert label.startswith(first.split()[-1] + " · ")  # the card's code and its words
    assert page.inner_text('#decision [data-slot="s1"] .slot-word') == label.split(" · ")[1]
    wait_slot(page, "s2", "next")
    assert "2, 3, 4" in page.inner_text("#decision .decision-note")
    choose(page, "s1", "take 1")  # a filled slot gives its cards back
    wait_slot(page, "s1", "next")
    assert state_of(server, table, 0)["view"]["players"][0]["program"][0] == []

    boards = [b for b in state_of(server, table, 0)["view"]["function_boards"] if b["owner"] == 0]
    letter = boards[0]["letter"]
    placing = next(a for a in state_of(server, table, 0)["legal"] if a.startswith(f"fn {letter} 1 "))
    assert page.locator(f'#decision [data-row="fn-{letter}"]').count() == 1
    choose(page, f"f{letter}1", placing)
    wait_slot(page, f"f{letter}1", "filled")

    to_french(page)
    page.wait_for_function(
        "() => document.querySelector('#decision [data-slot=\"s1\"]').innerText.includes('il faut une carte')"
    )
    assert "emplacement 1" in slot(page, "s1").inner_text()
    assert "Encore vide" in page.inner_text("#decision .decision-note")
    for number in range(1, 5):
        legal = state_of(server, table, 0)["legal"]
        action = next((a for a in legal if a.startswith(f"slot {number} ") and "LOOP" not in a), None)
        action = action or next(a for a in legal if a.startswith(f"slot {number} "))
        choose(page, f"s{number}", action)
        wait_slot(page, f"s{number}", "filled")
    assert page.inner_text("#decision button.finish") == "Valider le programme"
    assert page.locator("#decision .decision-note").count() == 0
    click_and_wait(page, "#decision button.finish")
    page.wait_for_selector("#decision .decision-note")
    assert "validé" in page.inner_text("#decision .decision-note")
    log = page.inner_text("#log")
    assert "Ada: valide son programme" in log and "Ada: reprend les cartes de l'emplacement 1" in log

    other = open_seat(page_at, server, table, 1)
    other.wait_for_selector('#decision button.slot[data-slot="s1"][data-state="next"]')
    assert other.locator('#decision [data-row="onplay"] button.slot[data-state="filled"]').count() == 0
    assert not page.errors and not other.errors, page.errors + other.errors


# ----------------------------------------------------------------------------- Droids


def test_droids_orders_are_placed_by_clicking_the_hand_the_emitter_slot_and_the_arrow(
    server: Server, page_at: Any
) -> None:
    """Seat 0 places an order by clicking its drawn hand (the token, pending; clicked again it
    goes back), then a marked slot of an emitter, then an arrow among the choices the slot opens
    by itself; the order then shows on its slot with its arrow. In French too. Seat 1's page
    draws seat 1's own hand, never seat 0's."""
    table = new_table(server, "droids", 2, {"scenario": 1, "turn_limit": 3})
    placing = first_legal_until(
        server, table, lambda s: s["view"]["phase"] == "place" and s["to_act"] == [0], seats=2
    )
    hand = placing["view"]["hand"]
    page = open_seat0(page_at, server, table)
    page.wait_for_selector('#decision [data-row="hand"] button.slot[data-state="next"]')
    shown = page.locator('#decision [data-row="hand"] button.slot .slot-label').all_inner_texts()
    assert sorted(shown) == sorted(hand)
    assert "Choose an order" in page.inner_text("#decision .decision-note")
    assert page.locator('#decision [data-row^="e"]').count() == 10  # the seat's ten emitters
    token = hand[0]
    click_and_wait(page, '#decision [data-row="hand"] button.slot[data-slot="h0"]')
    page.wait_for_selector('#decision [data-row="hand"] button.slot[data-state="pending"]')
    assert f"Now a slot for {token}" in page.inner_text("#decision .decision-note")
    free = [a for a in state_of(server, table, 0)["legal"] if a.startswith("e")]
    assert page.locator('#decision [data-row^="e"] button.slot[data-state="next"]').count() == len(free)
    click_and_wait(page, '#decision [data-row="hand"] button.slot[data-state="pending"]')  # back
    page.wait_for_selector('#decision [data-row="hand"] button.slot[data-slot="h0"][data-state="next"]')
    assert state_of(server, table, 0)["view"]["placing"] is None

    to_french(page)
    page.wait_for_function(
        "() => document.querySelector('#decision .decision-note').innerText.includes('Choisissez un ordre')"
    )
    assert "votre main" in page.inner_text('#decision [data-row="hand"]')
    assert "émetteur 0" in page.inner_text('#decision [data-row="e0"]')
    click_and_wait(page, '#decision [data-row="hand"] button.slot[data-slot="h0"]')
    target = free[0]
    click_and_wait(page, f'#decision button.slot[data-slot="{target}"]')
    wait_slot(page, target, "pending")
    arrows = page.locator(f'#decision .chooser[data-for="{target}"] button.choice')
    arrows.first.wait_for()
    assert arrows.all_inner_texts()[0] in ("nord", "nord-est")
    arrow = arrows.first.get_attribute("data-choice")
    click_and_wait(page, f'#decision .chooser[data-for="{target}"] button[data-choice="{arrow}"]')
    wait_slot(page, target, "filled")
    assert token in slot(page, target).inner_text() and slot(page, target).locator("svg.pic").count() == 1
    emitter, number = (int(part) for part in target[1:].split("."))
    assert (
        state_of(server, table, 0)["view"]["emitters"][0][emitter]["slots"][number - 1] == f"{token}:{arrow}"
    )

    other = open_seat(page_at, server, table, 1)
    other.wait_for_selector('#decision [data-row="hand"]')
    theirs = other.locator('#decision [data-row="hand"] button.slot .slot-label').all_inner_texts()
    assert sorted(theirs) == sorted(state_of(server, table, 1)["view"]["hand"])
    other.wait_for_function(  # the same browser: this page is in French too
        "() => document.querySelector('#log').innerText.includes('prépare un ordre en secret')"
    )
    assert f"Ada: choisit l'ordre {token}" not in other.inner_text("#log")
    assert f"Ada: choisit l'ordre {token}" in page.inner_text("#log")
    assert not page.errors and not other.errors, page.errors + other.errors


def test_droids_an_order_that_can_be_sent_is_marked_on_its_emitter_and_sent_by_a_click(
    server: Server, page_at: Any
) -> None:
    """Seat 0 placed an order on the emitter facing its robot; while sending, that order (the one
    nearest the board on its emitter) is marked and a click on it sends it (DD-15..DD-17)."""
    table = new_table(server, "droids", 2, {"scenario": 1, "turn_limit": 3})
    placing = first_legal_until(
        server, table, lambda s: s["view"]["phase"] == "place" and s["to_act"] == [0], seats=2
    )
    view = placing["view"]
    robot = next(r for r in view["robots"] if r["kind"] == "player" and r["seat"] == 0)
    facing = robot["cell"][0] if view["colours"][0] in "YR" else robot["cell"][1]  # DD-16: S/N columns
    token = next(a for a in placing["legal"] if a != "stop")
    for step in (token, f"e{facing}.1"):
        act(server, table, 0, step)
    act(server, table, 0, state_of(server, table, 0)["legal"][0])  # its arrow
    for _ in range(20):
        mine = state_of(server, table, 0)
        if mine["view"]["phase"] == "send" and f"send e{facing}" in mine["legal"]:
            break
        seat = mine["to_act"][0]
        legal = state_of(server, table, seat)["legal"]
        act(server, table, seat, "stop" if "stop" in legal else legal[0])
    else:
        raise AssertionError("seat 0 never had an order to send")
    page = open_seat0(page_at, server, table)
    key = f"e{facing}.1"
    wait_slot(page, key, "next")
    assert slot(page, key).get_attribute("data-send") == f"send e{facing}"
    assert "send" in slot(page, key).inner_text() and token in slot(page, key).inner_text()
    assert "Send one of your orders" in page.inner_text("#decision .decision-note")
    assert page.locator('#decision button.slot[data-state="next"]').count() == 1
    click_and_wait(page, f'#decision button.slot[data-slot="{key}"]')
    assert state_of(server, table, 0)["view"]["emitters"][0][facing]["slots"][0] is None
    assert not page.errors, page.errors


def test_delivery_says_why_submit_is_missing_when_the_hand_ran_out(server: Server, page_at: Any) -> None:
    """The moment of issue 27: a card put on the function board, then slot 1 given a card and two
    LOOPs, and the hand (two cards) can no longer fill the three empty slots (RD-9). The drawn
    program says so and how to get out (take a slot's cards back); the open slot's choices offer
    it; once taken back, the note names the empty slots again. No submit meanwhile."""
    table = new_table(server, "delivery", 2, {"turn_limit": 2}, seed=0)
    assert state_of(server, table, 0)["view"]["hand"] == ["LOOP", "LOOP", "FWD", "FWD", "RR", "FWD"]
    page = open_seat0(page_at, server, table)
    wait_slot(page, "s1", "next")
    choose(page, "fA1", "fn A 1 FWD")
    for action in ("slot 1 FWD", "slot 1 LOOP", "slot 1 LOOP"):
        choose(page, "s1", action)
    page.wait_for_function(
        "() => document.querySelector('#decision .decision-note').innerText.includes('2 card(s) for 3')"
    )
    assert "take them back" in page.inner_text("#decision .decision-note")
    assert page.inner_text('#decision [data-slot="s1"] .slot-word') == "forward + loop ×2 + loop ×2"
    assert page.locator("#decision button.finish").count() == 0
    assert page.locator('#legal button.action[data-action="submit"]').count() == 0
    choose(page, "s1", "take 1")
    wait_slot(page, "s1", "next")
    page.wait_for_function(
        "() => document.querySelector('#decision .decision-note').innerText.includes('slot 1, 2, 3, 4')"
    )
    assert state_of(server, table, 0)["view"]["hand"].count("LOOP") == 2
    assert not page.errors, page.errors
