"""``benchmarks/server_abuse.py`` loaded from its path (the benchmarks are scripts, not a
package): its floods and clients serve ``test_floods.py`` and its own tiny test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "server_abuse.py"


def _load() -> Any:
    if "server_abuse" not in sys.modules:
        spec = importlib.util.spec_from_file_location("server_abuse", BENCHMARK)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["server_abuse"] = module  # dataclasses look their module up while being made
        spec.loader.exec_module(module)
    return sys.modules["server_abuse"]


abuse = _load()
