"""A player's rating over time as an SVG drawing, by matplotlib (the plotting library of the
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
from datetime import UTC, datetime, timedelta
from typing import Any

History = Sequence[tuple[float, float]]
"""(time in seconds since the epoch, rating as shown), oldest first."""

LINE_ID = "rating-line"
"""The SVG group of the line and its points (a test counts the points in it)."""

WORDS = {
    "en": {
        "x": "Date of the game",
        "y": "Rating",
        "summary": "Rating went from {first} to {last} over {games}",
    },
    "fr": {
        "x": "Date de la partie",
        "y": "Classement",
        "summary": "Le classement est passé de {first} à {last} en {games}",
    },
}
GAMES = {"en": ("game", "games"), "fr": ("partie", "parties")}
MONTHS = {
    "en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    "fr": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
}
"""The months' names in the dates along the bottom (matplotlib's own would follow the server's
locale, whatever the reader's language)."""


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


def date_words(when: datetime, lang: str, *, long_span: bool) -> str:
    """A date along the bottom: "5 Dec" (or "Dec 2026" over more than a year's history)."""
    month = MONTHS.get(lang, MONTHS["en"])[when.month - 1]
    return f"{month} {when.year}" if long_span else f"{when.day} {month}"


def date_ticks(days: float) -> Any:
    """Where the dates go along the bottom: about six of them, on whole days, months or years
    (never two ticks on one day, which would read the same)."""
    from matplotlib.dates import DayLocator, MonthLocator, YearLocator

    if days <= 60:
        return DayLocator(interval=max(1, round(days / 6)))
    if days <= 730:
        return MonthLocator(interval=max(1, round(days / 30 / 6)))
    return YearLocator()


def rating_svg(history: History, lang: str = "en") -> str:
    """The rating's history drawn as a line with a point per game, dates along the bottom."""
    import matplotlib
    from matplotlib.dates import num2date
    from matplotlib.figure import Figure  # no pyplot: no global state, the Agg canvas
    from matplotlib.ticker import FuncFormatter

    if not history:
        raise ValueError("no rating to draw")
    words = WORDS.get(lang, WORDS["en"])
    when = [datetime.fromtimestamp(at, UTC) for at, _ in history]
    ratings = [rating for _, rating in history]
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "robotable", "font.size": 10}):
        figure = Figure(figsize=(6.4, 3.2), layout="constrained")
        axes = figure.add_subplot()
        (line,) = axes.plot(when, ratings, marker="o", markersize=4, linewidth=1.5, color="#1f5fa8")
        line.set_gid(LINE_ID)
        days = (when[-1] - when[0]) / timedelta(days=1)
        if days < 2:  # a day's games: a few days around them, named by day
            middle = when[0] + (when[-1] - when[0]) / 2
            axes.set_xlim(middle - timedelta(days=1.5), middle + timedelta(days=1.5))
        long_span = days > 365
        axes.xaxis.set_major_locator(date_ticks(days))
        axes.xaxis.set_major_formatter(
            FuncFormatter(lambda x, _: date_words(num2date(x, UTC), lang, long_span=long_span))
        )
        axes.yaxis.set_major_formatter(FuncFormatter(lambda y, _: number(y, lang)))
        axes.set_xlabel(words["x"])
        axes.set_ylabel(words["y"])
        axes.grid(alpha=0.3)
        axes.margins(x=0.05, y=0.15)
        drawn = io.StringIO()
        figure.savefig(drawn, format="svg", metadata={"Date": None, "Creator": None})
    return drawn.getvalue()


@functools.lru_cache(maxsize=256)
def cached_svg(history: tuple[tuple[float, float], ...], lang: str) -> str:
    """:func:`rating_svg`, kept for the histories drawn last: a drawing costs ~0.1 s of a core,
    and a profile's readers ask for the same one until the player's next rated game."""
    return rating_svg(history, lang)
