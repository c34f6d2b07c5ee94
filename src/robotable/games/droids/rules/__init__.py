"""Short rules summaries of Droids, one Markdown file per language.

>>> rules_summary("en").startswith("# Droids")
True
"""

from __future__ import annotations

from importlib import resources

from robotable.core.errors import RobotableError


def available_languages() -> list[str]:
    """Language codes with a summary, e.g. ``["en", "fr"]``."""
    files = resources.files(__name__).iterdir()
    return sorted(f.name.removesuffix(".md") for f in files if f.name.endswith(".md"))


def rules_summary(lang: str = "en") -> str:
    """The summary in ``lang`` as Markdown text."""
    code = lang.strip().lower()
    if code not in available_languages():
        raise RobotableError(f"no Droids rules in {lang!r}; available: {', '.join(available_languages())}")
    return resources.files(__name__).joinpath(f"{code}.md").read_text("utf-8")
