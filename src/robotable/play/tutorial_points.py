"""What a tutorial step points at on the board: a small CSS selector over the names the game's own
SVG drawing gives its elements (``[data-piece="red"]``, ``#target-RC``, ``.centre``), checked
here against the drawing so that a pointer that finds nothing fails when the tutorial loads, not
silently in a learner's browser.

The grammar is the part of CSS the pages need and every browser reads the same way: compound
selectors (a tag, ``#id``, ``.class``, ``[attr]``, ``[attr="value"]``) joined by spaces
(descendants).

>>> robot = '<g class="robot red" data-piece="red"/>'
>>> svg = f'<svg xmlns="http://www.w3.org/2000/svg"><g class="robots">{robot}</g></svg>'
>>> finds(svg, '.robots [data-piece="red"]'), finds(svg, "g.robot.blue")
(True, False)
>>> parse("g[")
Traceback (most recent call last):
...
ValueError: cannot read 'g[' as a selector (a tag, #id, .class, [attr] or [attr="value"], joined by spaces)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

_NAME = r"[A-Za-z_][\w-]*"
_PART = re.compile(
    rf"#(?P<id>{_NAME})|\.(?P<cls>{_NAME})"
    rf"|\[(?P<attr>{_NAME})(?:=(?:\"(?P<dq>[^\"]*)\"|'(?P<sq>[^']*)'|(?P<bare>[\w-]+)))?\]"
)
_TAG = re.compile(rf"{_NAME}|\*")
MAX_SELECTOR = 200


@dataclass(frozen=True)
class Compound:
    """One compound selector: every condition holds on one element."""

    tag: str | None
    ids: tuple[str, ...]
    classes: tuple[str, ...]
    attributes: tuple[tuple[str, str | None], ...]

    def matches(self, element: ET.Element) -> bool:
        tag = element.tag.rpartition("}")[2]
        if self.tag not in (None, "*") and tag != self.tag:
            return False
        if any(element.get("id") != wanted for wanted in self.ids):
            return False
        classes = set((element.get("class") or "").split())
        if not set(self.classes) <= classes:
            return False
        return all(
            element.get(name) is not None and (value is None or element.get(name) == value)
            for name, value in self.attributes
        )


def parse(selector: str) -> tuple[Compound, ...]:
    """The compounds of ``selector``, outermost first; ``ValueError`` when it is not of the grammar."""
    if not isinstance(selector, str) or not selector.strip() or len(selector) > MAX_SELECTOR:
        raise ValueError(f"a selector is text of 1 to {MAX_SELECTOR} characters")
    words = _split(selector)
    if words is None:
        raise ValueError(_unreadable(selector))
    return tuple(_compound(word, selector) for word in words)


def finds(svg: str, selector: str) -> bool:
    """Whether ``selector`` names at least one element of the drawing ``svg``."""
    chain = parse(selector)
    root = ET.fromstring(svg)
    parents = {child: parent for parent in root.iter() for child in parent}
    return any(_matches_chain(element, chain, parents) for element in root.iter())


def _matches_chain(element: ET.Element, chain: tuple[Compound, ...], parents: dict) -> bool:
    if not chain[-1].matches(element):
        return False
    rest, above = chain[:-1], parents.get(element)
    while rest and above is not None:
        if rest[-1].matches(above):
            rest = rest[:-1]
        above = parents.get(above)
    return not rest


def _split(selector: str) -> list[str] | None:
    """The selector's words at spaces outside brackets (``[data-cell="3 4"]`` is one word)."""
    words, current, depth = [], "", 0
    for char in selector.strip():
        depth += char == "["
        depth -= char == "]"
        if depth < 0:
            return None
        if char.isspace() and depth == 0:
            if current:
                words.append(current)
            current = ""
        else:
            current += char
    return None if depth else [*words, current]


def _compound(word: str, selector: str) -> Compound:
    tag_match = _TAG.match(word)
    tag = tag_match.group(0) if tag_match else None
    at = tag_match.end() if tag_match else 0
    ids, classes, attributes = [], [], []
    while at < len(word):
        part = _PART.match(word, at)
        if part is None:
            raise ValueError(_unreadable(selector))
        if part["id"]:
            ids.append(part["id"])
        elif part["cls"]:
            classes.append(part["cls"])
        else:
            value = next((v for v in (part["dq"], part["sq"], part["bare"]) if v is not None), None)
            attributes.append((part["attr"], value))
        at = part.end()
    return Compound(tag, tuple(ids), tuple(classes), tuple(attributes))


def _unreadable(selector: str) -> str:
    return (
        f"cannot read {selector!r} as a selector "
        '(a tag, #id, .class, [attr] or [attr="value"], joined by spaces)'
    )
