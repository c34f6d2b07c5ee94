"""Issue 29, "My tables" in real Chromium: a guest who plays a table and then signs up finds it
in their account; on another device (another browser context) they sign in, see it waiting
for them in "My tables" and in the header's count, and play it from there without its link;
a table that starts waiting for them while a page of the site is open shows a notification of
the browser once they allowed it; the page in French."""

from __future__ import annotations

from typing import Any

import pytest

from ..server.process import Server
from .accounts import PASSWORD, a_name, sign_up
from .conftest import new_page
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(150)

SPY = """
window.__notes = [];
if (window.Notification) {
  const Real = window.Notification;
  window.Notification = new Proxy(Real, {
    construct(target, args) {
      window.__notes.push({ title: args[0], body: args[1]?.body, tag: args[1]?.tag });
      try { return new target(...args); } catch { return {}; }
    },
  });
}
"""
"""Records each notification the page shows (and still shows it), so the test can read them."""


def create_robotick(page: Any) -> str:
    """A Robotick table against two bots, made from the page (with its cookie, if any): its id."""
    made = page.evaluate(
        """async () => {
          const body = {game: 'robotick', seats: ['human', 'bot:easy', 'bot:easy'], name: 'Guest'};
          const answer = await fetch('/api/tables', {
            method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
          const made = await answer.json();
          localStorage.setItem('robotable:token:' + made.table, made.token);
          return made.table;
        }"""
    )
    return str(made)


def test_a_guest_keeps_their_table_and_finds_it_on_another_device(server: Server, browser: Any) -> None:
    name = a_name("Mo")
    laptop = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    phone = browser.new_context(viewport={"width": 400, "height": 800}, locale="en-GB", bypass_csp=True)
    try:
        page = new_page(laptop, server.url)
        table = create_robotick(page)
        sign_up(page, server.url, name)
        assert "My tables" in page.inner_text("#account-notice")  # the guest's table is kept
        page.locator("#my-tables[data-your-turn='1']").wait_for()
        assert page.inner_text("#my-tables") == "My tables (1)"

        other = new_page(phone, f"{server.url}/account")
        other.locator("#signed-out").wait_for()
        other.fill("#signin-name", name.upper())  # names are one whatever their case
        other.fill("#signin-password", PASSWORD)
        other.click("#signin-form button[type=submit]")
        other.locator("#signed-in").wait_for()
        other.click("#my-tables")
        other.wait_for_url("**/mine")
        waiting = other.locator(f"#mine-waiting li[data-table='{table}']")
        waiting.wait_for()
        assert "Robotick" in waiting.inner_text() and "Easy bot 1" in waiting.inner_text()
        assert grave_violations(other) == []
        waiting.get_by_role("link", name="Play").click()
        other.wait_for_url(f"**/tables/{table}")
        # the seat is the account's: its cards to pass are offered, with no token in this browser
        other.locator("body[data-seat='0']").wait_for()
        assert other.evaluate(f"localStorage.getItem('robotable:token:{table}')") is None
        other.locator("#decision:not([hidden])").wait_for()  # the two cards to pass, drawn
        assert other.errors == [] and page.errors == []
    finally:
        laptop.close()
        phone.close()


def test_a_table_that_starts_waiting_shows_a_notification(server: Server, browser: Any) -> None:
    name = a_name("Mo")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", bypass_csp=True)
    try:
        context.grant_permissions(["notifications"], origin=server.url)
        context.add_init_script(SPY)
        page = context.new_page()
        page.clock.install()
        sign_up(page, server.url, name)
        page.goto(f"{server.url}/mine")
        page.locator("#mine-signed-in").wait_for()
        assert page.inner_text("#mine-title") == "Mes tables"
        assert "Aucune table ne vous attend" in page.inner_text("#mine-waiting")
        assert "activées" in page.inner_text("#notify-state")  # permission granted: nothing to ask
        table = create_robotick(page)  # made elsewhere: the page learns it at its next asking
        page.clock.run_for(21_000)
        page.wait_for_function("window.__notes.length > 0")
        notes = page.evaluate("window.__notes")
        assert notes == [{"title": "À vous de jouer", "body": "Une table de Robotick vous attend.",
                          "tag": f"robotable-{table}"}]  # fmt: skip
        page.locator(f"#mine-waiting li[data-table='{table}']").wait_for()
        assert page.inner_text("#my-tables") == "Mes tables (1)"
        assert grave_violations(page) == []
    finally:
        context.close()
