"""Every thread's stack, written where a run's log shows it, just before a test times out.

pytest-timeout's ``thread`` method prints the stacks and ends the worker; under xdist it prints
them into the worker's standard output, which goes nowhere (execnet keeps the real one for its
own messages): the run only said "node down: Not properly terminated", with nothing on what
hung. This writes them a second earlier through faulthandler, to the copy of the standard error
that pytest keeps for crashes (a segmentation fault's stack reaches the log the same way)."""

from __future__ import annotations

import faulthandler
import os
import sys
import threading

import pytest

EARLIER = 1.0
"""Seconds before the timeout the stacks are written (the timeout's own exit comes after)."""

_timers: dict[str, threading.Timer] = {}


def _stderr(config: pytest.Config) -> int:
    try:  # pytest's own copy of the standard error, made for crashes (a private name: looked up)
        from _pytest.faulthandler import fault_handler_stderr_fd_key

        return config.stash[fault_handler_stderr_fd_key]
    except (ImportError, KeyError):
        return sys.stderr.fileno()


def _write_stacks(nodeid: str, timeout: float, fd: int) -> None:
    os.write(fd, f"\n+++ {nodeid} times out ({timeout:g} s): every thread's stack +++\n".encode())
    faulthandler.dump_traceback(file=fd, all_threads=True)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: object) -> None:
    timeout = getattr(settings, "timeout", None)
    if not timeout or timeout <= EARLIER:
        return
    timer = threading.Timer(timeout - EARLIER, _write_stacks, (item.nodeid, timeout, _stderr(item.config)))
    timer.daemon = True
    timer.start()
    _timers[item.nodeid] = timer


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> None:
    timer = _timers.pop(item.nodeid, None)
    if timer is not None:
        timer.cancel()
