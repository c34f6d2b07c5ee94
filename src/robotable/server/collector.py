"""The garbage collector's pauses, kept short on a server that is its process's only work."""

from __future__ import annotations

import asyncio
import gc
import time

FREEZE_EVERY = 1.0
"""Seconds between two freezes of what survived (see :func:`short_collections`)."""
SWEEP_EVERY = 600.0
"""Seconds between two full collections of everything, frozen objects included."""


async def short_collections() -> None:
    """A full collection scans every object the collector tracks, and a busy server holds
    hundreds of thousands (every table's state and history): each paused every table for
    100-200 ms, the p99 of its latency. What has survived is frozen every second, so a
    collection scans only the newest objects; every ten minutes everything is unfrozen and
    collected once, so reference cycles left by closed connections and finished tables are
    still freed (steady play makes none: measured with the collector's callbacks)."""
    gc.collect()
    gc.freeze()
    swept = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_EVERY)
        if time.monotonic() - swept > SWEEP_EVERY:
            gc.unfreeze()
            gc.collect()
            swept = time.monotonic()
        gc.freeze()
