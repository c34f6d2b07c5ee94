"""What the solver kernel (``_kernel.py``) and its callers agree on: status codes, the depth limit,
the sizes of the scratch arrays.

Kept apart from the kernel so that a caller running the ahead-of-time build (``kernel_build.py``)
never imports numba: loading numba costs a third of a second, more than most searches.
"""

from __future__ import annotations

import sys
import time

INF = 255  # a lower bound for a cell the finishing robot never reaches
MAX_DEPTH = 63  # the transposition table keeps 6 bits of remaining depth
FOUND, EXHAUSTED, TIMEOUT, GROW = 0, 1, 2, 3  # what a search returns first

WORK_ROWS, WORK_WIDTH = 14, 256  # the search's scratch arrays, see _kernel.search
KIDS = 20  # children of a node at most: 5 robots, 4 directions
KEYS_SIZE = MAX_DEPTH + 2

# The kernel reads time.perf_counter's clock itself, without calling back into Python, where
# that clock is Linux's CLOCK_MONOTONIC and a struct timespec is two 64-bit words: only there
# can the kernel be built ahead of time (kernel_build.py), since a callback needs numba loaded.
CLOCK_IN_KERNEL = (
    sys.platform.startswith("linux")
    and sys.maxsize > 2**32
    and time.get_clock_info("perf_counter").implementation == "clock_gettime(CLOCK_MONOTONIC)"
)
CLOCK_MONOTONIC = 1  # Linux's id of that clock
