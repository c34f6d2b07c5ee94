"""Issue 29, friends and invitations by name in real Chromium, two people in two browsers: Ann
asks Bob to be her friend on the Friends page, Bob (whose browser speaks French) accepts; Ann's
"invite to a new table" opens the lobby with Bob offered the second seat of a Robotick table;
at the table, her seat panel says whom the seat waits for, and she may cancel and invite him
again by name; Bob takes the seat from his Friends page, and each sees the other's name."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server
from .accounts import a_name, sign_up
from .conftest import new_page
from .test_accessibility import grave_violations
from .test_french_everywhere import english_left

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def contexts(browser: Any) -> Iterator[tuple[Any, Any]]:
    ann = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    bob = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        yield ann, bob
    finally:
        ann.close()
        bob.close()


def listed(page: Any, list_id: str, name: str) -> Any:
    item = page.locator(f"#{list_id} li[data-name='{name}']")
    item.wait_for()
    return item


def test_ann_befriends_bob_invites_him_by_name_and_he_takes_the_seat(server: Server, contexts: Any) -> None:
    ann_context, bob_context = contexts
    ann_name, bob_name = a_name("Ann"), a_name("Bob")
    ann, bob = new_page(ann_context, server.url), new_page(bob_context, server.url)
    sign_up(ann, server.url, ann_name)
    sign_up(bob, server.url, bob_name)

    ann.goto(f"{server.url}/friends")
    ann.locator("#friends-signed-in").wait_for()
    assert "No friends yet" in ann.inner_text("#friends-list")
    ann.fill("#ask-name", "nobody " + uuid.uuid4().hex[:6])
    ann.click("#ask-form button[type=submit]")
    ann.locator("#ask-error").filter(has_text="No player named").wait_for()
    ann.fill("#ask-name", bob_name.upper())  # capitals do not count
    ann.click("#ask-form button[type=submit]")
    ann.locator("#friends-notice").filter(has_text=f"Request sent to {bob_name}").wait_for()
    listed(ann, "sent-list", bob_name)
    assert grave_violations(ann, {"serious", "critical", "moderate"}) == []

    bob.goto(f"{server.url}/friends")
    bob.locator("#friends-signed-in").wait_for()
    assert bob.get_attribute("html", "lang") == "fr" and bob.title() == "Amis · robotable"
    assert bob.inner_text("#received-title") == "Demandes reçues"
    asking = listed(bob, "received-list", ann_name)
    asking.get_by_role("button", name=f"Accepter {ann_name}").click()
    bob.locator("#friends-notice").filter(has_text="êtes amis maintenant").wait_for()
    listed(bob, "friends-list", ann_name)
    assert "Aucune demande ne vous attend." in bob.inner_text("#received-list")

    ann.reload()
    friend = listed(ann, "friends-list", bob_name)
    assert ann.locator("#sent-list li.empty").count() == 1
    friend.get_by_role("link", name=f"Invite {bob_name} to a new table").click()
    ann.locator("article[data-game=robotick] button.new-table").click()
    second, third = ann.locator("#seat-list li select").nth(0), ann.locator("#seat-list li select").nth(1)
    assert second.input_value() == f"invite:{bob_name}"
    third.select_option("human")
    ann.click("#create-button")
    ann.wait_for_url("**/tables/**")
    table = ann.url.rsplit("/", 1)[1]
    seat_one = ann.locator(".panel[data-seat='1']")
    seat_one.locator(".invited").filter(has_text=f"Invited: {bob_name}").wait_for()
    seat_one.locator("button.cancel-invite").click()  # she changes her mind, then invites him by name
    field = seat_one.get_by_label("Invite by name")
    field.wait_for()
    assert grave_violations(ann) == []  # the form: a labelled field, its suggestions, its button
    suggested = ann.locator(f"#invite-name-1-friends option[value='{bob_name}']")
    suggested.wait_for(state="attached")  # her friend, suggested
    field.fill(bob_name.lower())
    seat_one.get_by_role("button", name="Invite", exact=True).click()
    seat_one.locator(".invited").filter(has_text=f"Invited: {bob_name}").wait_for()
    assert grave_violations(ann) == []

    bob.reload()
    offer = bob.locator(f"#invitations-list li[data-table='{table}']")
    offer.wait_for()
    assert ann_name in offer.inner_text() and "place 1" in offer.inner_text()
    offer.get_by_role("button", name="Prendre la place").click()
    bob.wait_for_url(f"**/tables/{table}")
    bob.locator(".panel.mine[data-seat='1']").filter(has_text=bob_name).wait_for()
    assert ann_name in bob.inner_text(".panel[data-seat='0']")
    ann.locator(".panel[data-seat='1'] h3").filter(has_text=bob_name).wait_for()
    assert ann.locator(".panel[data-seat='1'] .invite-by-name").count() == 0  # the seat is taken
    assert ann.errors == [] and bob.errors == []


def test_the_friends_page_signed_out_leads_to_the_account_page(server: Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/friends")
    page.locator("#friends-signed-out").wait_for()
    page.get_by_role("link", name="Sign in or create an account").click()
    page.wait_for_url("**/account")
    assert page.errors == []


def test_the_page_has_no_english_left_in_french(server: Server, browser: Any) -> None:
    assert english_left(browser, f"{server.url}/friends", "#friends-signed-out:not([hidden])", set()) == []


def test_the_account_page_leads_to_the_friends_page(server: Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/account")
    sign_up(page, server.url, a_name("Dee"))
    page.get_by_role("link", name="Your friends, and the seats offered to you").click()
    page.locator("#friends-signed-in").wait_for()
    assert page.errors == []


def test_the_lobby_offers_seats_by_name_to_a_signed_in_person_only(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    page.locator("article[data-game=robotick] button.new-table").click()
    first = page.locator("#seat-list li select").nth(0)
    assert first.locator("option[value=invite]").count() == 0  # a guest invites nobody by name
    sign_up(page, server.url, a_name("Eve"))
    page.goto(server.url)
    page.locator("article[data-game=robotick] button.new-table").click()
    first.select_option("invite")
    field = page.get_by_label("Name of the person at seat 1")
    assert field.is_visible()
    page.click("#create-button")
    page.locator("#create-error").filter(
        has_text="Write the name of the person to invite at seat 1"
    ).wait_for()
    field.fill("nobody " + uuid.uuid4().hex[:6])
    page.click("#create-button")
    page.locator("#create-error").filter(has_text="no player named nobody").wait_for()
    assert "/tables/" not in page.url and page.errors == []
