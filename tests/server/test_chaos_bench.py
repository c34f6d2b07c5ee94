"""``benchmarks/server_chaos.py`` for a few seconds: two server processes on PostgreSQL, one of
them killed with ``kill -9`` and started again while people play; every action acknowledged is
stored (and every stored one was acknowledged), the people reconnect, and the benchmark stops
what it started. (Stuck tables need a longer run to be seen: its bound is 30 s.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .. import pg

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "server_chaos.py"


@pytest.mark.timeout(180)
@pytest.mark.long
def test_a_short_chaos_run_stores_every_acknowledged_action(cluster: str, tmp_path: Path) -> None:
    url = pg.new_database(cluster, "chaos")
    figures = tmp_path / "chaos.json"
    arguments = [
        "--minutes",
        "0.1",
        "--clients",
        "8",
        "--kill-every",
        "3",
        "--db",
        url,
        "--json",
        str(figures),
    ]
    run = subprocess.run(
        [sys.executable, str(BENCHMARK), *arguments], capture_output=True, text=True, timeout=150
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    result = json.loads(figures.read_text())["result"]
    assert result["acknowledged"] == result["stored"] > 0
    assert result["differences"] == []
    assert result["kills"] >= 1 and result["reconnects"] >= 1
    for port in result["ports"]:  # both processes stopped
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
