"""How often one key (an address, a token's hash) may do one thing of the puzzles' routes
(records, classrooms): a token bucket per key, refused with the server's quota refusal (429,
``Retry-After``) before the request costs a query."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable

from robotable.server.limits import REMEMBERED, Bucket
from robotable.server.quotas import OverQuota
from robotable.server.throttle import Rule


class Buckets:
    """``rule`` per key: ``rule.burst`` at once, then one every ``rule.every`` seconds."""

    def __init__(
        self, name: str, rule: Rule, english: str, french: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.name, self.rule, self.english, self.french = name, rule, english, french
        self.clock = clock
        self.buckets: dict[Hashable, Bucket] = {}

    def take(self, key: Hashable) -> None:
        """One token of ``key``'s bucket, or :class:`OverQuota` with the wait."""
        if key not in self.buckets and len(self.buckets) >= REMEMBERED:
            for old in [k for k, bucket in self.buckets.items() if bucket.full()]:
                del self.buckets[old]
        bucket = self.buckets.setdefault(key, Bucket(1 / self.rule.every, self.rule.burst, self.clock))
        if not bucket.take():
            raise OverQuota(self.name, self.rule.burst, self.english, self.french, math.ceil(bucket.wait()))
