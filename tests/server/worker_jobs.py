"""Jobs for the worker pools' tests: module-level, so a spawned worker imports them by name."""

from __future__ import annotations

import os
import time


def add(a: int, b: int) -> int:
    return a + b


def pid() -> int:
    return os.getpid()


def spin(seconds: float) -> str:
    """Busy for ``seconds`` of processor time."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return "spun"


def sleep(seconds: float) -> str:
    """Waits without using the processor (as a job stuck outside Python would)."""
    time.sleep(seconds)
    return "slept"


def hold(megabytes: int) -> int:
    return len(bytearray(megabytes << 20))


def started() -> float:
    return time.monotonic()


def fail() -> None:
    raise ValueError("the job's own words")


class Unpicklable(Exception):
    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{a} and {b}")


def fail_oddly() -> None:
    raise Unpicklable("one", "two")
