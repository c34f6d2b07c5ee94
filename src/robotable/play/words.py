"""Small wording helpers for messages people read."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 action``, ``2 actions``; ``many`` for irregular plurals (``1 body``, ``2 bodies``).

    >>> plural(1, "move"), plural(0, "move"), plural(3, "body", "bodies")
    ('1 move', '0 moves', '3 bodies')
    """
    return f"{count} {noun if count == 1 else many or noun + 's'}"
