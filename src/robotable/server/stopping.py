"""A server process's stop, bounded: at Ctrl-C or SIGTERM the costly work ends at once (the
requests waiting for it answer), and past ``stop_within`` seconds the process exits whatever
still runs. Stored actions are safe either way: each was committed before anyone was told.

uvicorn takes the signals while it serves (one process, or each of ``--workers N``); the
application's start-up runs after it has, so :func:`bound_the_stop` wraps uvicorn's handlers."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("robotable.server")

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def bound_the_stop(stop_within: float, stop_work: Callable[[], None]) -> None:
    """Wrap the handlers of :data:`SIGNALS` (uvicorn's, in the main thread): the first signal
    also calls ``stop_work`` on the event loop and starts the clock of ``stop_within`` seconds."""
    if threading.current_thread() is not threading.main_thread():
        return  # signals reach only the main thread (a test's server runs in another)
    loop = asyncio.get_running_loop()
    began = threading.Event()

    def stopping(handler: Any) -> Callable[[int, Any], None]:
        def stop(sig: int, frame: Any) -> None:
            if not began.is_set():
                began.set()
                timer = threading.Timer(stop_within, _exit_now, args=(stop_within,))
                timer.daemon = True
                timer.start()
                loop.call_soon_threadsafe(stop_work)  # not inside the signal's handler
            if callable(handler):
                handler(sig, frame)

        return stop

    for sig in SIGNALS:
        signal.signal(sig, stopping(signal.getsignal(sig)))


def _exit_now(stop_within: float) -> None:
    log.error("the server did not stop within %g s: it exits now", stop_within)
    logging.shutdown()
    os._exit(1)
