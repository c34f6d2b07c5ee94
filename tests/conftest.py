"""Hypothesis profiles for the whole suite.

``ci`` (the default) is reproducible: every run draws the same examples (``derandomize``),
no deadline (the 2-core CI machine is shared, so timings vary), and a modest number of
examples. Tests that need more scale from it (see ``tests/conformance/fuzz.py``).

``long`` is for hunting locally: fifty times the examples, drawn afresh on every run::

    .venv/bin/pytest tests/conformance/test_fuzz.py --hypothesis-profile long

A failure found there is printed with the minimal example and a ``@reproduce_failure``
blob; add the example to a test of the game so that CI keeps checking it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from .fastapi_fields import share_adapters, share_signatures
from .timeout_stacks import pytest_timeout_cancel_timer, pytest_timeout_set_timer  # noqa: F401 (hooks)

CI_EXAMPLES = 100
"""Examples per ``@given`` test in the ``ci`` profile (Hypothesis' own default)."""

settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=50 * CI_EXAMPLES,
    deadline=None,
    derandomize=False,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci")  # pytest's --hypothesis-profile NAME loads another one after this

# FastAPI's type adapters and dependencies' signatures made once per test process, not once per
# application (see there)
share_adapters()
share_signatures()

KERNEL_WARM_UP = (
    "from robotable.games.ricochet import kernel_build, solver; kernel_build.build(); solver._jit_kernels()"
)
"""The solver's kernels made ready: the ahead-of-time module built into the cache folder (as the
first solve would), and numba's JIT kernel compiled into numba's disk cache (as the tests that
compare both load it)."""
WARMING = pytest.StashKey[subprocess.Popen]()  # the build's process, in the controller's stash


def pytest_sessionstart(session: pytest.Session) -> None:
    """On a machine that must build the solver's kernel (CI: ``ROBOTABLE_REQUIRE_AOT=1``, a cache
    folder empty at every run), the build starts with the run, in a process of its own: a build
    is tens of seconds of compiling, which otherwise falls inside whichever test solves first
    (while the other worker's first solve waits for it on the build's lock). A test that needs
    the kernel before it is ready waits on that lock as before and loads what was built; the
    build's own tests (tests/ricochet/test_kernel_build.py) check the module it made."""
    if hasattr(session.config, "workerinput") or os.environ.get("ROBOTABLE_REQUIRE_AOT") != "1":
        return  # an xdist worker (the controller starts it), or a machine that builds on first use
    from robotable.games.ricochet import kernel_build

    if kernel_build.SUPPORTED and kernel_build.built_path() is None:
        session.config.stash[WARMING] = subprocess.Popen(
            [sys.executable, "-c", KERNEL_WARM_UP], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``long`` (ten seconds or more, alone or with their parameters) run first,
    the others in their order.

    xdist hands each worker half of the run and lets one that is done take the other's next
    tests: a long test drawn near the end kept one core busy alone for up to a minute while the
    other had nothing left. Taken first, the long ones end early and short tests even out the end.
    Every worker sorts the same collection the same way (the sort is stable)."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The build started with the run is waited for (it ends long before a whole run), then
    stopped by its process id if it still runs."""
    warming = session.config.stash.get(WARMING, None)
    if warming is None:
        return
    try:
        warming.wait(300)
    except subprocess.TimeoutExpired:
        warming.kill()
        warming.wait(10)


@pytest.fixture(autouse=True)
def no_browser_event_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test without the browser runs with no event loop marked running in its thread.

    Playwright's sync API marks its own loop running in the calling thread after each call
    (its dispatcher resumes it), and the browser fixture lives for the whole session: without
    this, ``asyncio.run`` in any later test of the same worker failed ("cannot be called from a
    running event loop"), depending on which tests the worker happened to take. The mark is put
    back after the test, for the browser tests that follow."""
    if "browser" in request.fixturenames:
        yield
        return
    running = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(running)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], str]:
    """Put a new SQLite database file at a path, its schema the newest already; its URL.

    Each file is a copy of one database migrated once per test process: the store opened on it
    finds nothing to migrate, where migrating an empty file costs a tenth of a second, paid by
    hundreds of tests. Migrating an empty database stays tested where it is the subject (the
    store's and the migrations' own tests, every server process a test starts on a new file)."""
    from robotable.server.store import open_store

    template = tmp_path_factory.mktemp("migrated") / "migrated.sqlite3"
    open_store(f"sqlite:///{template}").close()
    assert not template.with_name(template.name + "-wal").exists()  # all of it is in the one file

    def made(path: Path) -> str:
        shutil.copyfile(template, path)
        return f"sqlite:///{path}"

    return made
