"""Seat tokens: a seat's secret, 256 random bits, of which the server keeps only the SHA-256.

A token is made when a seat is given out (a table's creation, an invitation, a join), shown
once to whoever takes the seat, and compared in constant time with the stored hash whenever it
is presented (:meth:`robotable.server.live.LiveTable.seat_for`).

>>> new_table_id()[0] != "-" and len(new_table_id()) == 12
True
>>> token = new_token()
>>> token_matches(token, hash_token(token)), token_matches(token + "x", hash_token(token))
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A seat's secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A table's id: 72 random bits, URL-safe, never beginning with a dash (``robotable admin end
    -Bq...`` would read it as an option: one id in 64 did before)."""
    while (table_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return table_id


def hash_token(token: str) -> str:
    """What the store keeps of a token (``surrogatepass``: any text a client sends hashes)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
