"""A robot drawn as a figure, the same in every game's drawing: a ring on the floor in the
robot's colour (centred on its cell, where pages and tests find the piece), and over it a
little robot seen from the front (antenna, head with two eyes, arms, body) in that colour, its
letter on its chest, dark or light as the colour needs to be read.

>>> svg = robot_figure(50, 50, 40, "#d62728", "A")
>>> svg.startswith('<circle cx="50" cy="50"') and ">A</text>" in svg
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

INK = "#1b2233"
PALE = "#fbf6ea"


def _luminance(colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour (WCAG's), 0 black to 1 white."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def letter_colour(fill: str) -> str:
    """Dark ink on a light colour (a yellow robot), pale on a dark one: whichever reads better."""
    light = _luminance(fill)
    dark_on_it = (light + 0.05) / (_luminance(INK) + 0.05)
    pale_on_it = (_luminance(PALE) + 0.05) / (light + 0.05)
    return INK if dark_on_it > pale_on_it else PALE


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def robot_figure(
    cx: float,
    cy: float,
    size: float,
    fill: str,
    letter: str,
    *,
    letter_fill: str | None = None,
    ring: bool = True,
) -> str:
    """The figure of a robot on the cell centred at ``(cx, cy)``, ``size`` the cell's side.

    ``ring``: the coloured ring on the floor first (the piece's centre, its ``<circle>``).
    ``letter_fill``: the letter's colour, else the one that reads best on ``fill``."""
    s = size / 40  # drawn for a 40-unit cell, scaled
    ink = INK
    out = []
    if ring:
        out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(17 * s)}" fill="{fill}" fill-opacity="0.28" '
            f'stroke="{fill}" stroke-width="{_n(2 * s)}"/>'
        )
    top = cy - 15 * s  # the antenna's knob
    parts = [
        # antenna
        f'<line x1="{_n(cx)}" y1="{_n(top + 2 * s)}" x2="{_n(cx)}" y2="{_n(top + 6 * s)}" '
        f'stroke="{ink}" stroke-width="{_n(1.6 * s)}"/>',
        f'<circle cx="{_n(cx)}" cy="{_n(top + 1.5 * s)}" r="{_n(2 * s)}" fill="{fill}" stroke="{ink}" '
        f'stroke-width="{_n(1 * s)}"/>',
        # arms, behind the body
        f'<rect x="{_n(cx - 13 * s)}" y="{_n(cy + 1 * s)}" width="{_n(26 * s)}" height="{_n(4 * s)}" '
        f'rx="{_n(2 * s)}" fill="{ink}"/>',
        # head with two eyes
        f'<rect x="{_n(cx - 8 * s)}" y="{_n(top + 6 * s)}" width="{_n(16 * s)}" height="{_n(9 * s)}" '
        f'rx="{_n(3 * s)}" fill="{fill}" stroke="{ink}" stroke-width="{_n(1.4 * s)}"/>',
        f'<circle cx="{_n(cx - 3.5 * s)}" cy="{_n(top + 10.5 * s)}" r="{_n(1.8 * s)}" fill="{PALE}" '
        f'stroke="{ink}" stroke-width="{_n(0.8 * s)}"/>',
        f'<circle cx="{_n(cx + 3.5 * s)}" cy="{_n(top + 10.5 * s)}" r="{_n(1.8 * s)}" fill="{PALE}" '
        f'stroke="{ink}" stroke-width="{_n(0.8 * s)}"/>',
        # body
        f'<rect x="{_n(cx - 10 * s)}" y="{_n(top + 16 * s)}" width="{_n(20 * s)}" height="{_n(15 * s)}" '
        f'rx="{_n(3.5 * s)}" fill="{fill}" stroke="{ink}" stroke-width="{_n(1.4 * s)}"/>',
        # the letter on its chest
        f'<text x="{_n(cx)}" y="{_n(top + 27.5 * s)}" font-size="{_n(12 * s)}" font-weight="bold" '
        f'text-anchor="middle" fill="{letter_fill or letter_colour(fill)}">{escape(letter)}</text>',
    ]
    return "".join(out + parts)
