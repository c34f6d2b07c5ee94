"""Issue 29, the account page's email in real Chromium, against ``robotable serve --smtp`` and a
real SMTP server on this machine (``aiosmtpd``, started and stopped here, keeping what it is
sent): a person adds an address, opens the link from the message and sees it confirmed, asks
to be told by email; signed out, "Forgot your password?" sends a link whose page sets a new
password and signs them in; the same in French. The email parts pass axe's checks."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server import process
from ..server.test_mail import Inbox, local_smtp
from .test_accessibility import grave_violations
from .test_french_everywhere import english_left

pytestmark = pytest.mark.timeout(180)

LINK = re.compile(r"http://127\.0\.0\.1:\d+/account#(?:confirm|reset)=[A-Za-z0-9_-]+")


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with local_smtp(Inbox()) as handler:
        yield handler


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory: pytest.TempPathFactory, inbox: Inbox) -> Iterator[process.Server]:
    folder: Path = tmp_path_factory.mktemp("mail")
    smtp = ["--smtp", f"smtp://127.0.0.1:{inbox.port}", "--mail-from", "games@robotable.test"]
    running = process.start(f"sqlite:///{folder / 'tables.sqlite3'}", folder, extra=smtp)
    try:
        yield running
    finally:
        process.stop(running)


def link_to(inbox: Inbox, address: str) -> tuple[Any, str]:
    """The message to ``address`` (waited for) and its link; a message read is taken away."""
    inbox.wait(1)
    message = inbox.messages.pop()
    assert message["To"] == address and inbox.messages == []
    found = LINK.search(message.get_content())
    assert found is not None, message.get_content()
    return message, found[0]


def sign_up(page: Any, name: str, password: str) -> None:
    page.locator("#signed-out").wait_for()
    page.fill("#signup-name", name)
    page.fill("#signup-password", password)
    page.click("#signup-form button[type=submit]")
    page.locator("#signed-in").wait_for()


def add_address(page: Any, address: str) -> None:
    page.fill("#email-address", address)
    page.click("#email-form button[type=submit]")
    page.locator("#email-pending").filter(has_text=address).wait_for()


def test_an_address_is_confirmed_and_a_forgotten_password_reset(
    mail_server: process.Server, inbox: Inbox, page_at: Any
) -> None:
    name, address = f"Ada {uuid.uuid4().hex[:8]}", f"ada-{uuid.uuid4().hex[:8]}@example.org"
    page = page_at(f"{mail_server.url}/account")
    sign_up(page, name, "correct horse")
    section = page.locator("#email-section")
    assert section.is_visible() and "No address yet" in section.inner_text()
    assert page.locator("#notify").is_disabled()
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []
    page.fill("#email-address", "not an address")
    page.click("#email-form button[type=submit]")
    page.locator("#email-error").filter(has_text="not an email address").wait_for()
    add_address(page, address)
    assert f"A link was sent to {address}" in page.inner_text("#email-sent")
    assert "Waiting for confirmation" in section.inner_text()

    message, link = link_to(inbox, address)
    assert message["Subject"] == "Confirm your address for robotable"
    page.goto(link)
    page.locator("#account-notice").filter(has_text="Your email address is confirmed").wait_for()
    assert page.inner_text("#email-confirmed") == address and page.locator("#email-pending-line").is_hidden()
    assert "#" not in page.url  # the token left the address bar
    page.check("#notify")
    page.reload()
    page.locator("#signed-in").wait_for()
    assert page.is_checked("#notify")
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []

    page.click("#signout")
    page.locator("#account-notice").filter(has_text="signed out").wait_for()
    page.click("#forgot-open")
    assert page.evaluate("document.activeElement.id") == "forgot-name"
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []
    page.fill("#forgot-name", name.upper())
    page.click("#forgot-form button[type=submit]")
    page.locator("#forgot-sent").filter(has_text="a link is on its way").wait_for()
    message, link = link_to(inbox, address)
    assert message["Subject"] == "A new password for robotable"
    page.goto(link)
    page.locator("#reset-part").wait_for()
    assert page.locator("#signed-out").is_hidden() and page.locator("#signed-in").is_hidden()
    assert grave_violations(page, {"serious", "critical", "moderate"}) == []
    page.fill("#reset-password", "short")
    page.click("#reset-form button[type=submit]")
    page.locator("#reset-error").filter(has_text="8").wait_for()
    page.fill("#reset-password", "a new horse battery")
    page.click("#reset-form button[type=submit]")
    page.locator("#account-notice").filter(has_text="new password is set").wait_for()
    assert page.inner_text("#account-name") == name
    page.goto(link)  # a link works once
    page.fill("#reset-password", "yet another horse")
    page.click("#reset-form button[type=submit]")
    page.locator("#reset-error").filter(has_text="no longer works").wait_for()
    assert page.errors == []


def test_the_email_parts_in_french(mail_server: process.Server, inbox: Inbox, browser: Any) -> None:
    context = browser.new_context(locale="fr-FR", bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{mail_server.url}/account")
        name, address = f"Zoé {uuid.uuid4().hex[:8]}", f"zoe-{uuid.uuid4().hex[:8]}@example.org"
        sign_up(page, name, "cheval correct")
        assert page.inner_text("#email-title") == "Courriel"
        add_address(page, address)
        assert "En attente de confirmation" in page.inner_text("#email-section")
        message, link = link_to(inbox, address)
        assert message["Subject"] == "Confirmez votre adresse pour robotable"
        page.goto(link)
        page.locator("#account-notice").filter(has_text="Votre adresse de courriel est confirmée").wait_for()
        with page.expect_response(lambda answer: answer.url.endswith("/api/account/notify")):
            page.check("#notify")  # the turn emails: in the page's language
        exported = page.evaluate("fetch('/api/account/export').then(r => r.json())")
        assert exported["email_language"] == "fr" and exported["notify_by_email"] is True
        page.click("#signout")
        page.locator("#signed-out").wait_for()
        page.click("#forgot-open")
        page.fill("#forgot-name", address)
        page.click("#forgot-form button[type=submit]")
        page.locator("#forgot-sent").filter(has_text="un lien est en route").wait_for()
        message, link = link_to(inbox, address)
        assert message["Subject"] == "Nouveau mot de passe pour robotable"
        page.goto(link)
        assert page.inner_text("#reset-title") == "Choisissez un nouveau mot de passe"
        page.fill("#reset-password", "un nouveau cheval")
        page.click("#reset-form button[type=submit]")
        page.locator("#account-notice").filter(has_text="nouveau mot de passe est enregistré").wait_for()
        assert page.inner_text("#account-name") == name
    finally:
        context.close()


def test_the_forgot_form_has_no_english_left_in_french(mail_server: process.Server, browser: Any) -> None:
    ready = "#forgot-line:not([hidden])"
    assert english_left(browser, f"{mail_server.url}/account", ready, set()) == []
    context = browser.new_context(locale="fr-FR", bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{mail_server.url}/account#forgot")  # the link of the notice to a taken address
        form = page.locator("#forgot-form:not([hidden])")
        form.wait_for()
        assert page.evaluate("document.activeElement.id") == "forgot-name"
        said = form.inner_text()
        assert "Nom ou adresse de courriel" in said and "M'envoyer un lien" in said
        assert not {"Give", "Name", "Send", "link"} & set(re.findall(r"\w+", said))
    finally:
        context.close()


def test_without_smtp_the_page_shows_no_email_part(server: process.Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/account")
    sign_up(page, f"Bea {uuid.uuid4().hex[:8]}", "correct horse")
    assert page.locator("#email-section").is_hidden()
    page.click("#signout")
    page.locator("#account-notice").filter(has_text="signed out").wait_for()
    assert page.locator("#forgot-line").is_hidden()
    assert page.errors == []
