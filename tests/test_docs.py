"""The documentation: the site in ``docs/`` builds with ``mkdocs build --strict``, and the README
stays a front page whose links all lead somewhere.

The strict build fails on a link to a page or an anchor that does not exist, on a page left out
of the navigation, and on an API reference block (``::: robotable.core.game``) naming something
the code no longer has: so a moved section or a renamed module shows here, not on the site.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

# The README's quick-start test command, which CI (.ci/run) runs word for word.
TEST_COMMAND = 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/pytest -n 2'

# [text](target) and ![alt](target), the target up to a space or the closing parenthesis
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def test_the_site_builds_strict(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # Material's notice about MkDocs 2, not ours
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, f"mkdocs build --strict failed:\n{built.stdout}\n{built.stderr}"
    for page in ("index.html", "getting-started.html", "games/ricochet.html", "bots.html", "server.html"):
        assert (site / page).is_file(), page
    # the API reference was made from the docstrings, not left empty
    contract = (site / "reference" / "core.html").read_text(encoding="utf-8")
    assert 'id="robotable.core.game.State"' in contract
    assert 'id="robotable.core.game.State.legal_actions"' in contract
    # the doctest examples are shown as code (docs/griffe_docstrings.py), not read as Markdown
    table = (site / "reference" / "play.html").read_text(encoding="utf-8")
    assert "&gt;&gt;&gt;" in table and "<blockquote>" not in table


def relative_links(text: str) -> list[str]:
    targets = [match.group(1) for match in LINK.finditer(text)]
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t) and not t.startswith("#")]


def test_relative_links_are_found_by_the_check() -> None:
    text = "See [a](docs/a.md#x), ![b](docs/b.png), [c](https://e.org/c.md), [d](#top), [e](mailto:x)."
    assert relative_links(text) == ["docs/a.md#x", "docs/b.png"]


def test_the_readme_is_a_front_page() -> None:
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) < 150, f"README.md has {len(lines)} lines: the manual belongs in docs/"
    assert TEST_COMMAND in lines  # CI runs it word for word
    links = relative_links(text)
    assert any(link.startswith("docs/") and link.endswith(".md") for link in links)
    missing = [link for link in links if not (ROOT / link.split("#")[0]).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"
