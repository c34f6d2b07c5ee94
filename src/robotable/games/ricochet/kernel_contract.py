"""What the solver kernel (``_kernel.py``) and its callers agree on: status codes, the depth limit,
the sizes of the scratch arrays.

Kept apart from the kernel so that a caller running the ahead-of-time build (``kernel_build.py``)
never imports numba: loading numba costs a third of a second, more than most searches.
"""

from __future__ import annotations

INF = 255  # a lower bound for a cell the finishing robot never reaches
MAX_DEPTH = 63  # the transposition table keeps 6 bits of remaining depth
FOUND, EXHAUSTED, TIMEOUT, GROW = 0, 1, 2, 3  # what a search returns first

WORK_ROWS, WORK_WIDTH = 14, 256  # the search's scratch arrays, see _kernel.search
KIDS = 20  # children of a node at most: 5 robots, 4 directions
KEYS_SIZE = MAX_DEPTH + 2
