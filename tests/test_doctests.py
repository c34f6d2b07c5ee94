"""The examples in the package's docstrings are run: documentation that is tested stays true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import robotable


def modules_with_examples() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(robotable.__path__, "robotable."):
        if info.name.endswith("_kernel") or ".migrations" in info.name:
            continue  # the numba kernel compiles in the solver tests; migrations run inside Alembic
        module = importlib.import_module(info.name)
        if any(test.examples for test in doctest.DocTestFinder().find(module)):
            names.append(info.name)
    return names


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed (see output above)"
