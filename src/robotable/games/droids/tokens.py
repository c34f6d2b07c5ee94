"""The 120 order tokens (DD-6), their bins, directions (DD-7, DD-8) and the geometry of sides.

Token types are two-letter codes; tokens of one type are interchangeable, so bins and hands
are counts of types.
"""

from __future__ import annotations

from functools import lru_cache

# ---------------------------------------------------------------- directions
DIRS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "NE": (1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
    "NW": (-1, -1),
}
ORTHO = ("N", "E", "S", "W")
DIAG = ("NE", "SE", "SW", "NW")


def turn_left(d: str) -> str:
    return ORTHO[(ORTHO.index(d) + 3) % 4]


def turn_right(d: str) -> str:
    return ORTHO[(ORTHO.index(d) + 1) % 4]


def opposite(d: str) -> str:
    return ORTHO[(ORTHO.index(d) + 2) % 4]


# ---------------------------------------------------------------- tokens
BINS = ("violet", "blue", "grey", "red")

# type -> (bin, count, name)
TOKENS: dict[str, tuple[str, int, str]] = {
    "M1": ("violet", 8, "move 1"),
    "MD": ("violet", 7, "diagonal 1"),
    "M2": ("violet", 8, "move 2"),
    "MM": ("violet", 9, "move max"),
    "W1": ("blue", 20, "water move 1"),
    "WD": ("blue", 4, "water diagonal 1"),
    "G1": ("grey", 10, "repairer move 1"),
    "GM": ("grey", 6, "repairer move max"),
    "G2": ("grey", 8, "repairer move 2"),
    "GR": ("grey", 8, "repair"),
    "SH": ("red", 14, "shoot"),
    "TP": ("red", 10, "take/put"),
    "O1": ("red", 2, "send-order kind 1 (push away)"),
    "O2": ("red", 2, "send-order kind 2 (pull back)"),
    "O3": ("red", 2, "send-order kind 3 (quarter left)"),
    "O4": ("red", 2, "send-order kind 4 (quarter right)"),
}
TYPES = tuple(TOKENS)
DIAGONAL_TYPES = frozenset({"MD", "WD"})
MOVE_STEPS = {"M1": 1, "M2": 2, "MM": 99, "MD": 1, "W1": 1, "WD": 1, "G1": 1, "G2": 2, "GM": 99}
SEND_ORDER = ("O1", "O2", "O3", "O4")


def bin_of(kind: str) -> str:
    return TOKENS[kind][0]


def token_name(kind: str) -> str:
    return TOKENS[kind][2]


def directions_for(kind: str) -> tuple[str, ...]:
    """DD-7: diagonal tokens take diagonal arrows, every other token an orthogonal one."""
    return DIAG if kind in DIAGONAL_TYPES else ORTHO


def send_order_move(kind: str, transmit: str) -> str:
    """DD-8: the move direction M of a send-order token of ``kind`` sent towards ``transmit``."""
    if kind == "O1":
        return transmit
    if kind == "O2":
        return opposite(transmit)
    if kind == "O3":
        return turn_left(transmit)
    return turn_right(transmit)


def full_bins(removed: tuple[str, ...] = ()) -> dict[str, int]:
    """Counts per type of a full set, minus removed types or whole bins."""
    return {t: (0 if t in removed or TOKENS[t][0] in removed else n) for t, (_, n, _) in TOKENS.items()}


BIN_OF = {kind: spec[0] for kind, spec in TOKENS.items()}
""":func:`bin_of` as a table (a look-up costs a third of the call)."""


def bin_totals(bins: dict[str, int]) -> dict[str, int]:
    """The tokens of ``bins`` (counts per type) in each bin."""
    return {b: sum(count for t, count in bins.items() if TOKENS[t][0] == b) for b in BINS}


def full_bin_totals(removed: tuple[str, ...] = ()) -> dict[str, int]:
    """:func:`bin_totals` of :func:`full_bins` (a new dict; summed once per scenario)."""
    return dict(_full_bin_totals(removed))


@lru_cache(maxsize=16)
def _full_bin_totals(removed: tuple[str, ...]) -> dict[str, int]:
    return bin_totals(full_bins(removed))


# ---------------------------------------------------------------- colours and sides
COLOURS = "YBRG"  # clockwise play order: South, West, North, East (DD-11)
COLOUR_NAMES = {"Y": "Yellow", "B": "Blue", "R": "Red", "G": "Green"}
SIDE_OF = {"Y": "S", "B": "W", "R": "N", "G": "E"}
OPPOSITE_COLOUR = {"Y": "R", "R": "Y", "B": "G", "G": "B"}
TEAM_OF = {"Y": 0, "R": 0, "B": 1, "G": 1}


def line_of(side: str, x: int, y: int) -> int:
    """The emitter line a cell lies on, for a side: columns for N/S, rows for W/E."""
    return x if side in ("N", "S") else y


def nearness(side: str, x: int, y: int) -> int:
    """Smaller is nearer to that side's emitters (DD-16, two repairers in a line)."""
    return {"S": 9 - y, "N": y, "W": x, "E": 9 - x}[side]
