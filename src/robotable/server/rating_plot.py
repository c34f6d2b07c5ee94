"""A player's rating game after game as an SVG drawing, by matplotlib (the plotting library of the
field, already the tournaments'), and the sentence that says what it shows to someone who
cannot see it.

matplotlib is imported only when a drawing is made (a server with no rated game never loads it),
through its object-oriented API with the Agg canvas, never ``pyplot``: no global figure, no
backend to choose, no window, and each request draws its own figure (in a thread). Its text is
kept as SVG text (``svg.fonttype: none``), so that the axes' words can be read, found and
translated like the page's; no date or tool name is written in it, so the same history always
gives the same bytes.

>>> summary([(0.0, 1500.0), (86400.0, 1620.4)], "en")
'Rating went from 1,500 to 1,620 over 2 games'
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence

History = Sequence[tuple[float, float]]
"""(time in seconds since the epoch, rating as shown), oldest first (the time is not drawn)."""

LINE_ID = "rating-line"
"""The SVG group of the line and its points (a test counts the points in it)."""

WORDS = {
    "en": {
        "x": "Rated game",
        "y": "Rating",
        "summary": "Rating went from {first} to {last} over {games}",
    },
    "fr": {
        "x": "Partie classée",
        "y": "Classement",
        "summary": "Le classement est passé de {first} à {last} en {games}",
    },
}
GAMES = {"en": ("game", "games"), "fr": ("partie", "parties")}


def number(value: float, lang: str) -> str:
    """A rating as people read it: ``1,620`` in English, ``1 620`` in French (a narrow no-break space)."""
    text = f"{round(value):,}"
    return text.replace(",", "\u202f") if lang == "fr" else text


def summary(history: History, lang: str = "en") -> str:
    """The drawing's text alternative: "Rating went from 1,500 to 1,620 over 14 games"."""
    words = WORDS.get(lang, WORDS["en"])
    one, many = GAMES.get(lang, GAMES["en"])
    games = f"{len(history)} {one if len(history) == 1 else many}"
    first, last = number(history[0][1], lang), number(history[-1][1], lang)
    return words["summary"].format(first=first, last=last, games=games)


def rating_svg(history: History, lang: str = "en") -> str:
    """The rating's history drawn as a line with a point per rated game, numbered along the
    bottom (by game, not by date: ten games in an evening spread out as ten points, and a
    month away leaves no empty stretch)."""
    import matplotlib
    from matplotlib.figure import Figure  # no pyplot: no global state, the Agg canvas
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    if not history:
        raise ValueError("no rating to draw")
    words = WORDS.get(lang, WORDS["en"])
    games = range(1, len(history) + 1)
    ratings = [rating for _, rating in history]
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "robotable", "font.size": 10}):
        figure = Figure(figsize=(6.4, 3.2), layout="constrained")
        axes = figure.add_subplot()
        (line,) = axes.plot(games, ratings, marker="o", markersize=4, linewidth=1.5, color="#1f5fa8")
        line.set_gid(LINE_ID)
        axes.set_xlim(0.5, max(len(history), 5) + 0.5)  # a first game drawn at the left, not alone mid-way
        axes.xaxis.set_major_locator(MaxNLocator(nbins=8, integer=True, min_n_ticks=1))
        axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: number(x, lang)))
        axes.yaxis.set_major_formatter(FuncFormatter(lambda y, _: number(y, lang)))
        axes.set_xlabel(words["x"])
        axes.set_ylabel(words["y"])
        axes.grid(alpha=0.3)
        axes.margins(y=0.15)
        drawn = io.StringIO()
        figure.savefig(drawn, format="svg", metadata={"Date": None, "Creator": None})
    return drawn.getvalue()


@functools.lru_cache(maxsize=256)
def cached_svg(history: tuple[tuple[float, float], ...], lang: str) -> str:
    """:func:`rating_svg`, kept for the histories drawn last: a drawing costs ~0.1 s of a core,
    and a profile's readers ask for the same one until the player's next rated game."""
    return rating_svg(history, lang)
