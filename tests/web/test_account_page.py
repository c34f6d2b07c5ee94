"""Issue 29, the account page (/account) in real Chromium: a new person goes from the lobby's
"Sign in" to a new account, sees their name in the lobby's header, signs out and in again, is
told plainly when a password is wrong (in the same words for a name nobody has), changes their
password, downloads their data, and deletes their account after a warning; the page in French
says French words and the server's French refusals."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from ..server.process import Server
from .test_accessibility import grave_violations
from .test_french_everywhere import english_left

pytestmark = pytest.mark.timeout(120)

WRONG = "This name and password do not match an account"


def a_name() -> str:
    """A name no other test has taken (the server lives through the whole session)."""
    return f"Ada {uuid.uuid4().hex[:8]}"


def sign_in(page: Any, name: str, password: str) -> None:
    page.fill("#signin-name", name)
    page.fill("#signin-password", password)
    page.click("#signin-form button[type=submit]")


def signed_in_as(page: Any, name: str) -> None:
    page.locator("#signed-in").wait_for()
    assert page.inner_text("#account-name") == name


def refused(page: Any, form: str) -> str:
    error = page.locator(f"#{form}-error")
    error.filter(has_text=" ").wait_for()
    return error.inner_text()


def test_a_person_makes_uses_and_deletes_an_account(server: Server, page_at: Any) -> None:
    page = page_at(server.url)
    who = page.locator("#who")
    who.filter(has_text="Sign in").wait_for()
    who.click()
    page.wait_for_url("**/account")
    page.locator("#signed-out").wait_for()
    # the rules are said beside the fields, and each field has its label
    assert "3 to 24 characters" in page.inner_text("#signup-form")
    assert "At least 8 characters" in page.inner_text("#signup-form")
    # sign in's and sign up's, each tied to its input
    assert page.get_by_label("Password", exact=True).count() == 2
    name, password, new_password = a_name(), "correct horse", "a longer horse battery"
    page.fill("#signup-name", name)
    page.fill("#signup-password", "short")
    page.click("#signup-form button[type=submit]")
    assert "8" in refused(page, "signup") and page.locator("#signed-out").is_visible()
    page.fill("#signup-password", password)
    page.click("#signup-form button[type=submit]")
    signed_in_as(page, name)
    assert page.locator("#signed-out").is_hidden()

    page.click(".brand")
    page.locator("#who[data-signed-in=yes]").wait_for()
    assert page.inner_text("#who") == name
    page.click("article[data-game=dr2d] button.new-table")  # a new table offers the account's name
    assert page.input_value("#player-name") == name
    page.click("#who")
    signed_in_as(page, name)

    page.click("#signout")
    page.locator("#signed-out").wait_for()
    assert "signed out" in page.inner_text("#account-notice")
    sign_in(page, name, "not my password")
    assert refused(page, "signin") == WRONG
    sign_in(page, f"Nobody {uuid.uuid4().hex[:8]}", password)
    assert refused(page, "signin") == WRONG  # a name nobody has: the same words
    sign_in(page, name, password)
    signed_in_as(page, name)

    page.fill("#password-current", "not my password")
    page.fill("#password-new", new_password)
    page.click("#password-form button[type=submit]")
    assert "password" in refused(page, "password").lower()
    page.fill("#password-current", password)
    page.fill("#password-new", new_password)
    page.click("#password-form button[type=submit]")
    page.locator("#account-notice").filter(has_text="password is changed").wait_for()
    assert page.input_value("#password-current") == ""  # no password stays on the page

    with page.expect_download() as downloading:
        page.click("#export")
    data = json.loads(Path(downloading.value.path()).read_text("utf-8"))
    assert data["name"] == name and "sessions" in data

    page.click("#signout")
    page.locator("#signed-out").wait_for()
    sign_in(page, name, password)
    assert refused(page, "signin") == WRONG  # the old password no longer works
    sign_in(page, name, new_password)
    signed_in_as(page, name)

    page.click("#delete-open")
    dialog = page.locator("#delete-dialog")
    dialog.wait_for()
    assert "cannot be undone" in dialog.inner_text()
    page.click("#delete-cancel")  # changing one's mind deletes nothing
    assert dialog.is_hidden() and page.locator("#signed-in").is_visible()
    page.click("#delete-open")
    page.fill("#delete-password", "not my password")
    page.click("#delete-confirm")
    assert "password" in refused(page, "delete").lower()
    page.fill("#delete-password", new_password)
    page.click("#delete-confirm")
    page.locator("#account-notice").filter(has_text="deleted").wait_for()
    assert page.locator("#signed-out").is_visible() and dialog.is_hidden()
    sign_in(page, name, new_password)
    assert refused(page, "signin") == WRONG  # the account is gone
    page.goto(server.url)
    page.locator("#who[data-signed-in=no]").wait_for()
    assert page.errors == []


def test_the_page_in_french(server: Server, browser: Any) -> None:
    context = browser.new_context(locale="fr-FR", bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(server.url)
        page.locator("#who").filter(has_text="Se connecter").wait_for()
        page.goto(f"{server.url}/account")
        page.locator("#signed-out").wait_for()
        assert page.get_attribute("html", "lang") == "fr" and page.title() == "Votre compte · robotable"
        assert page.inner_text("#signup-title") == "Créer un compte"
        assert "Au moins 8 caractères" in page.inner_text("#signup-form")
        sign_in(page, f"Personne {uuid.uuid4().hex[:8]}", "pas le bon mot")
        assert refused(page, "signin") == "Ce nom et ce mot de passe ne correspondent à aucun compte"
        # back to English with the menu: the words change, the French refusal goes
        page.select_option("#language", "en")
        assert page.inner_text("#signup-title") == "Create an account"
        assert page.inner_text("#signin-error") == "" and page.title() == "Your account · robotable"
    finally:
        context.close()


def test_the_page_has_no_english_left_in_french(server: Server, browser: Any) -> None:
    assert english_left(browser, f"{server.url}/account", "#signed-out:not([hidden])", set()) == []


def test_a_throttled_sign_in_says_when_to_try_again(server: Server, page_at: Any) -> None:
    """Ten wrong passwords for one name from one address at once, then one a minute: the
    eleventh is refused with when to try again, in words, and the right password waits too."""
    page = page_at(f"{server.url}/account")
    page.locator("#signed-out").wait_for()
    name = a_name()
    page.fill("#signup-name", name)
    page.fill("#signup-password", "correct horse")
    page.click("#signup-form button[type=submit]")
    page.click("#signout")
    page.locator("#account-notice").filter(has_text="signed out").wait_for()
    for _ in range(10):
        sign_in(page, name, "not my password")
        assert refused(page, "signin") == WRONG
    sign_in(page, name, "correct horse")
    said = refused(page, "signin")
    assert "try again in" in said and "{" not in said, said
    assert page.locator("#signed-out").is_visible()


def test_the_page_has_no_grave_accessibility_fault(server: Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/account")
    page.locator("#signed-out").wait_for()
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []
    page.fill("#signup-name", a_name())
    page.fill("#signup-password", "correct horse")
    page.click("#signup-form button[type=submit]")
    page.locator("#signed-in").wait_for()
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []
    page.click("#delete-open")
    page.locator("#delete-dialog").wait_for()
    assert grave_violations(page) == []


def test_the_keyboard_alone_signs_up_and_leaves_the_delete_dialog(server: Server, page_at: Any) -> None:
    """Enter sends a form from its fields; Escape closes the deletion's dialog, deleting nothing,
    and the focus goes back to the button that opened it."""
    page = page_at(f"{server.url}/account")
    page.locator("#signed-out").wait_for()
    name = a_name()
    page.focus("#signup-name")
    page.keyboard.press("Control+A")
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    page.keyboard.type("correct horse")
    page.keyboard.press("Enter")
    signed_in_as(page, name)
    page.focus("#delete-open")
    page.keyboard.press("Enter")
    page.locator("#delete-dialog").wait_for()
    assert page.evaluate("document.activeElement.id") == "delete-password"
    page.keyboard.press("Escape")
    page.locator("#delete-dialog").wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "delete-open"
    page.reload()
    signed_in_as(page, name)


def test_signing_out_everywhere_ends_the_other_browsers_session(server: Server, browser: Any) -> None:
    """Two browsers signed in to one account; one signs out everywhere: the other's next action
    finds its session ended and shows the sign-in forms, saying why."""
    name, password = a_name(), "correct horse"
    contexts = [browser.new_context(locale="en-GB", bypass_csp=True) for _ in range(2)]
    try:
        here, there = (context.new_page() for context in contexts)
        for page in (here, there):
            page.goto(f"{server.url}/account")
            page.locator("#signed-out").wait_for()
        here.fill("#signup-name", name)
        here.fill("#signup-password", password)
        here.click("#signup-form button[type=submit]")
        signed_in_as(here, name)
        sign_in(there, name, password)
        signed_in_as(there, name)
        here.click("#signout-everywhere")
        here.locator("#account-notice").filter(has_text="every device").wait_for()
        there.fill("#password-current", password)
        there.fill("#password-new", "a longer horse battery")
        there.click("#password-form button[type=submit]")
        there.locator("#account-notice").filter(has_text="sign in again").wait_for()
        assert there.locator("#signed-out").is_visible()
        sign_in(there, name, password)  # the password is unchanged
        signed_in_as(there, name)
    finally:
        for context in contexts:
            context.close()


def test_a_person_makes_a_bot_sees_its_token_once_and_revokes_it(server: Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/account")
    page.locator("#signed-out").wait_for()
    page.fill("#signup-name", a_name())
    page.fill("#signup-password", "correct horse")
    page.click("#signup-form button[type=submit]")
    page.locator("#signed-in").wait_for()
    assert "No bot yet" in page.inner_text("#bots-list")
    limits = page.inner_text("#bots-limits")  # the server's own figures (its defaults here)
    assert "at most 8 unfinished tables" in limits and "10 requests a second (bursts of 30)" in limits
    bot = f"Bot {uuid.uuid4().hex[:6]}"
    page.fill("#bot-name", bot)
    page.click("#bot-form button[type=submit]")
    page.locator("#bot-token-shown").wait_for()
    token = page.inner_text("#bot-token")
    assert len(token) >= 40 and "shown this once" in page.inner_text("#bot-token-words")
    listed = page.locator(f"#bots-list li[data-bot='{bot}']")
    assert "made" in listed.inner_text() and token not in page.inner_text("#bots-list")
    answer = page.request.get(f"{server.url}/api/bot", headers={"Bot-Token": token})
    assert answer.json()["name"] == bot
    page.reload()
    listed.wait_for()
    assert page.locator("#bot-token-shown").is_hidden() and token not in page.content()
    listed.get_by_role("button", name="Revoke its token").click()
    page.locator("#bots-list li", has_text="no token").wait_for()
    assert page.request.get(f"{server.url}/api/bot", headers={"Bot-Token": token}).status == 401
