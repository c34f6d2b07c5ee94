"""Debian's Chromium for the browser tests, started by the test itself and stopped by its
process id; Playwright drives it over the DevTools protocol.

The machine has no internet: Playwright's own browser download is not available, and the
flags keep Chromium from reaching for Google's services (refused here, many at a time).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

EXECUTABLE = os.environ.get("ROBOTABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    # pages kept between tests (tests/web/kept.py) leave by going to about:blank: without this,
    # the page left would wait in the back-forward cache with its connections open
    "--disable-features=BackForwardCache",
]
START_DEADLINE = 60.0
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


def available() -> bool:
    return Path(EXECUTABLE).is_file() and os.access(EXECUTABLE, os.X_OK)


@dataclass
class Chromium:
    process: subprocess.Popen[str]
    endpoint: str
    """The DevTools WebSocket Playwright connects to."""
    profile: Path


def start() -> Chromium:
    """A headless Chromium on a free DevTools port with a fresh profile, waited for."""
    profile = Path(tempfile.mkdtemp(prefix="robotable-chromium-"))
    command = [EXECUTABLE, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + START_DEADLINE
    seen: list[str] = []
    assert process.stderr is not None
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            break
        seen.append(line)
        if match := LISTENING.search(line):
            # its later messages are read and dropped: a full pipe would stall it
            threading.Thread(target=process.stderr.read, daemon=True).start()
            return Chromium(process, match.group(1), profile)
    stop(Chromium(process, "", profile))
    raise AssertionError("Chromium did not start:\n" + "".join(seen[-20:]))


def stop(chromium: Chromium) -> None:
    """Terminate by process id (its whole process group of renderers goes with it), then kill."""
    process = chromium.process
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    shutil.rmtree(chromium.profile, ignore_errors=True)
