"""An account made the way a person makes one: on the account page, in a real browser."""

from __future__ import annotations

import uuid
from typing import Any

PASSWORD = "correct horse battery"


def a_name(first: str = "Ada") -> str:
    """A name no other test takes (the browser tests share one server)."""
    return f"{first} {uuid.uuid4().hex[:8]}"


def sign_up(page: Any, url: str, name: str, password: str = PASSWORD) -> str:
    """``name``'s account made on the account page of the server at ``url``, signed in: its name."""
    page.goto(f"{url}/account")
    page.locator("#signed-out").wait_for()
    page.fill("#signup-name", name)
    page.fill("#signup-password", password)
    page.click("#signup-form button[type=submit]")
    page.locator("#signed-in").wait_for()
    return name
