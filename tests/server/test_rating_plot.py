"""The rating's drawing (:mod:`robotable.server.rating_plot`), from a made-up history: an SVG
with a point per result, its axes worded in English or French, and its text alternative."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from robotable.server.rating_plot import LINE_ID, rating_svg, summary

DAY = 86_400.0
HISTORY = [(1_796_000_000.0 + n * DAY, 1500.0 + 10 * n) for n in range(14)]
SVG = "{http://www.w3.org/2000/svg}"


def line_group(svg: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)
    found = next((g for g in root.iter(f"{SVG}g") if g.get("id") == LINE_ID), None)
    assert found is not None, "no line in the drawing"
    return found


def test_the_drawing_has_a_point_per_result_and_english_axes() -> None:
    svg = rating_svg(HISTORY, "en")
    line = line_group(svg)
    assert len(list(line.iter(f"{SVG}use"))) == len(HISTORY)  # one marker per result
    path = next(line.iter(f"{SVG}path")).get("d") or ""
    assert len(re.findall(r"[ML] ", path)) == len(HISTORY)  # the line goes through each
    texts = {"".join(t.itertext()).strip() for t in ElementTree.fromstring(svg).iter(f"{SVG}text")}
    assert {"Rated game", "Rating"} <= texts
    assert "<script" not in svg and "Classement" not in svg
    assert rating_svg(HISTORY, "en") == svg  # the same history, the same bytes (no date in it)


def test_the_drawing_in_french() -> None:
    svg = rating_svg(HISTORY[:3], "fr")
    texts = {"".join(t.itertext()).strip() for t in ElementTree.fromstring(svg).iter(f"{SVG}text")}
    assert {"Partie classée", "Classement"} <= texts and "Rating" not in texts
    assert len(list(line_group(svg).iter(f"{SVG}use"))) == 3


def test_one_result_is_drawn_and_none_is_refused() -> None:
    assert len(list(line_group(rating_svg(HISTORY[:1])).iter(f"{SVG}use"))) == 1
    with pytest.raises(ValueError):
        rating_svg([])


def test_the_text_alternative_says_where_the_rating_went() -> None:
    assert summary(HISTORY, "en") == "Rating went from 1,500 to 1,630 over 14 games"
    assert summary(HISTORY, "fr") == "Le classement est passé de 1\u202f500 à 1\u202f630 en 14 parties"
    assert summary(HISTORY[:1], "en") == "Rating went from 1,500 to 1,500 over 1 game"
