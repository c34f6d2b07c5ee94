"""A Griffe extension for the API reference: the docstrings are written for Python's own tools
(reST roles, doctest examples that ``tests/test_doctests.py`` runs), and the site renders them
as Markdown. Two small rewrites, done on the docstring text before it is rendered:

- a role such as ``:meth:`Table.submit``` becomes inline code, ``Table.submit``;
- a doctest example (lines from ``>>>`` to the next blank line) becomes a fenced ``pycon`` block,
  so its output is shown as printed, not read as Markdown;
- a paragraph ending in ``::`` (reST's mark of the indented code block after it) ends in ``:``;
  the indented block is already code in Markdown.

mkdocs.yml loads this file (``extensions`` of the python handler); the site does not publish it.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|data|attr|exc|obj|const):`~?([^`]+)`")
LITERAL = re.compile(r"(?<=\S)::$", re.MULTILINE)


def fence_doctests(text: str) -> str:
    out: list[str] = []
    in_example = False
    indent = ""
    for line in text.split("\n"):
        stripped = line.lstrip()
        if not in_example and stripped.startswith(">>>"):
            in_example = True
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
        elif in_example and not stripped:
            out.append(f"{indent}```")
            in_example = False
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class Docstrings(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            text = LITERAL.sub(":", ROLE.sub(r"``\1``", obj.docstring.value))
            obj.docstring.value = fence_doctests(text)
