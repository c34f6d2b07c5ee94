"""Every rule ID and worked example of a game's spec is named by at least one of its tests.

``tests/spec_ids/GAME.txt`` lists the IDs of ``specs/GAME.md`` (one per line). When the
specs folder sits next to the repository (``../shared/specs``), the list is checked
against the spec itself, so a spec that gains a rule cannot be forgotten here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from robotable import games

ROOT = Path(__file__).resolve().parent.parent
ID_LISTS = ROOT / "tests" / "spec_ids"
SPECS = ROOT.parent / "shared" / "specs"
ID_PATTERN = re.compile(r"\b[A-Z]{2}-(?:EX-)?[0-9]+\b")
GAMES = sorted(p.stem for p in ID_LISTS.glob("*.txt"))


def listed_ids(game: str) -> list[str]:
    return (ID_LISTS / f"{game}.txt").read_text("utf-8").split()


def named_in_tests(game: str) -> set[str]:
    """IDs written as such (``DR-12``, ``DR-EX-3``) or in test names (``test_dr12_...``, ``test_dr_ex3``)."""
    text = "\n".join(
        p.read_text("utf-8")
        for p in (ROOT / "tests" / game).rglob("*")
        if p.is_file() and p.suffix in (".py", ".txt", ".json", ".md")
    )
    prefix = listed_ids(game)[0].split("-")[0]
    in_names = re.findall(rf"\btest_{prefix.lower()}(_ex)?_?([0-9]+)(?![0-9])", text)
    return set(ID_PATTERN.findall(text)) | {f"{prefix}{'-EX' if ex else ''}-{n}" for ex, n in in_names}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_has_a_test(game: str) -> None:
    assert game in games.ids(), f"tests/spec_ids/{game}.txt lists a game that is not in the registry"
    missing = [rule for rule in listed_ids(game) if rule not in named_in_tests(game)]
    assert not missing, f"rule IDs of specs/{game}.md named by no test in tests/{game}/: {', '.join(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_id_list_matches_the_spec(game: str) -> None:
    spec = SPECS / f"{game}.md"
    if not spec.exists():
        pytest.skip("the specs folder is not next to this checkout")
    in_spec = sorted(set(ID_PATTERN.findall(spec.read_text("utf-8"))))
    assert sorted(listed_ids(game)) == in_spec
