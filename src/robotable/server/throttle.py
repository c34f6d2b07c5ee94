"""How often one may try a password, and make accounts: token buckets (:class:`.limits.Bucket`)
per account name and address together, per account name, and per address.

A guess at a password takes a token from three buckets at once, and is refused (429, with
``Retry-After`` and a sentence saying when) while one of them is empty; a sign-in that
succeeds gives its tokens back, so only wrong passwords count. The three limits:

- per (name, address): strict, :data:`PER_PAIR`. It is what stops one address guessing one
  account's password.
- per name: loose, :data:`PER_NAME`, and refilled faster than one address's pair bucket can
  empty it: 10,000 wrong passwords from one address never lock the owner, at another address,
  out of their account. Only many addresses together (ten or more) can empty it, and then
  they hold the account closed only while they go on, each guessing at the rate of its pair.
- per address: strict, :data:`PER_ADDRESS`, across every name: one address trying one password
  on many names (a list of leaked passwords) is slowed as much as one guessing one name.

A name counts whether or not an account has it (the answer never says which). Addresses are
counted as the quotas count them (:func:`.quotas.counted_as`: an IPv6 /64 is one); this
machine's addresses have no per-address limit (tests, the owner's scripts; behind a reverse
proxy, name it: ``--trusted-proxy``), but their names and pairs do. Each server process counts
its own (``robotable serve --workers N``: N times the numbers, still far from a guessing rate).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from robotable.server.limits import REMEMBERED, Bucket
from robotable.server.quotas import OverQuota, counted_as, is_loopback


@dataclass(frozen=True)
class Rule:
    """``burst`` attempts at once, then one every ``every`` seconds."""

    burst: int
    every: float


PER_PAIR = Rule(burst=10, every=60.0)
"""Ten tries at once (a person who forgot which of their passwords it was), then one a minute:
1,440 guesses a day at one account from one address."""
PER_NAME = Rule(burst=100, every=6.0)
"""A hundred at once, then ten a minute: fewer than ten addresses guessing at their pair's rate
never empty it."""
PER_ADDRESS = Rule(burst=30, every=20.0)
"""Thirty wrong passwords at once from one address, whatever the names (a household behind one
router, each of its people mistyping), then three a minute."""
SIGN_UPS = Rule(burst=10, every=360.0)
"""Accounts made from one address: ten at once (a family, a club's evening), then ten an hour.
Each costs a password's hash, and a name taken."""
LINKS_PER_ACCOUNT = Rule(burst=5, every=720.0)
"""Emails with a link asked by one account, or by one name or address typed in "forgot your
password": five at once (a mistyped address, a message late), then five an hour."""
LINKS_PER_ADDRESS = Rule(burst=5, every=720.0)
"""Emails sent to one address, whoever asks: nobody's inbox is flooded through this server."""
LINKS_PER_CLIENT = Rule(burst=20, every=180.0)
"""Emails asked from one client address, whatever the names: twenty at once, then twenty an hour."""


@dataclass
class Guess:
    """The tokens a guess took; :meth:`right` gives them back."""

    buckets: list[Bucket]

    def right(self) -> None:
        for bucket in self.buckets:
            bucket.give_back()


class Throttle:
    """The buckets of one server process (``clock``: seconds, a test gives its own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.pairs: dict[tuple[str, str], Bucket] = {}
        self.names: dict[str, Bucket] = {}
        self.addresses: dict[str, Bucket] = {}
        self.sign_ups: dict[str, Bucket] = {}
        self.links: dict[tuple[str, str], Bucket] = {}

    def guess(self, name_key: str, address: str) -> Guess:
        """A password is about to be checked for ``name_key`` from ``address``: its tokens, or
        :class:`OverQuota` (nothing taken) when one of the three buckets is empty."""
        address = counted_as(address)
        buckets = [
            ("sign_in_name_address", PER_PAIR, self._bucket(self.pairs, (name_key, address), PER_PAIR)),
            ("sign_in_name", PER_NAME, self._bucket(self.names, name_key, PER_NAME)),
        ]
        if not is_loopback(address):
            buckets.append(
                ("sign_in_address", PER_ADDRESS, self._bucket(self.addresses, address, PER_ADDRESS))
            )
        waits = [(bucket.wait(), limit, rule) for limit, rule, bucket in buckets]
        wait, limit, rule = max(waits, key=lambda found: found[0])
        if wait > 0:
            raise OverQuota(
                limit,
                rule.burst,
                "too many wrong passwords: wait a little before trying again",
                "trop de mots de passe erronés : attendez un peu avant de réessayer",
                math.ceil(wait),
            )
        for _limit, _rule, bucket in buckets:
            bucket.take()
        return Guess([bucket for _limit, _rule, bucket in buckets])

    def sign_up(self, address: str) -> None:
        """An account is about to be made from ``address``, or :class:`OverQuota`."""
        address = counted_as(address)
        if is_loopback(address):
            return
        bucket = self._bucket(self.sign_ups, address, SIGN_UPS)
        if not bucket.take():
            raise OverQuota(
                "sign_ups",
                SIGN_UPS.burst,
                "too many new accounts from one address",
                "trop de nouveaux comptes depuis une même adresse",
                math.ceil(bucket.wait()),
            )

    def link(self, *, asker: str, address: str | None = None, client: str | None = None) -> None:
        """An email with a link is about to be sent for ``asker`` (an account, or a name typed),
        to ``address`` (when the answer may say so), asked from ``client``: or :class:`OverQuota`,
        nothing taken."""
        buckets = [
            ("email_asker", LINKS_PER_ACCOUNT, self._bucket(self.links, ("asker", asker), LINKS_PER_ACCOUNT))
        ]
        if address is not None:
            rule = LINKS_PER_ADDRESS
            buckets.append(("email_address", rule, self._bucket(self.links, ("address", address), rule)))
        if client is not None and not is_loopback(counted_as(client)):
            rule = LINKS_PER_CLIENT
            buckets.append(
                ("email_client", rule, self._bucket(self.links, ("client", counted_as(client)), rule))
            )
        wait, limit, rule = max(((b.wait(), limit, rule) for limit, rule, b in buckets), key=lambda w: w[0])
        if wait > 0:
            raise OverQuota(
                limit,
                rule.burst,
                "too many emails asked for just now",
                "trop de courriels demandés pour l'instant",
                math.ceil(wait),
            )
        for _limit, _rule, bucket in buckets:
            bucket.take()

    def link_to(self, address: str) -> bool:
        """Whether one more email may go to ``address`` (a token taken if so), for the answers
        that must not say that an address exists."""
        return self._bucket(self.links, ("address", address), LINKS_PER_ADDRESS).take()

    def _bucket(self, buckets: dict[Any, Bucket], key: Any, rule: Rule) -> Bucket:
        if key not in buckets and len(buckets) >= REMEMBERED:  # forget the buckets full again
            for old in [k for k, bucket in buckets.items() if bucket.full()]:
                del buckets[old]
        if key not in buckets:
            buckets[key] = Bucket(1 / rule.every, rule.burst, self.clock)
        return buckets[key]
