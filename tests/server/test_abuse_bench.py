"""``benchmarks/server_abuse.py`` at a tiny scale: each flood drives a real server, the normal
client is timed, the server's usage and stop are measured and the server is gone at the end.
Figures are not judged here (``test_floods.py`` judges the floods at full size)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from robotable import games
from robotable.core.records import Record

from .abuse_bench import abuse

pytestmark = pytest.mark.timeout(120)

TINY = abuse.Settings(seconds=1.5, warmup=0.5, uploaders=2, bot_tables=2, record_actions=401)


def test_a_long_records_variants_are_legal_different_and_as_long_as_asked() -> None:
    record = abuse.LongRecord.build(401)
    first, other = record.as_dict(0), record.as_dict(7)
    assert first["actions"] != other["actions"] and len(first["actions"]) == len(other["actions"]) == 401
    for variant in (first, other):
        replayed = games.replay(Record.from_dict(variant))
        assert replayed.outcome() is None  # never solved: the puzzle goes on
    assert json.loads(record.body(7, 250)) == {"record": other, "number": 250}


def test_a_tiny_uploads_flood_is_measured(tmp_path: Path) -> None:
    result = abuse.run_flood("uploads", TINY, tmp_path)
    assert result.answers.get("200", 0) > 0  # replayed: a 401-action record costs little
    assert result.games_ms and result.tables_ms and result.action_ms and result.quiet_tables_ms > 0
    assert 0 < result.rss_start_mb <= result.rss_peak_mb and result.server_cores > 0
    assert result.stop_s is not None


def test_a_tiny_bots_flood_is_measured_and_the_report_prints(tmp_path: Path) -> None:
    result = abuse.run_flood("bots", TINY, tmp_path)
    assert (result.bot_tables, result.answers) == (2, {"201": 2})
    assert result.games_ms and result.action_ms and result.stop_s is not None
    output = io.StringIO()
    abuse.report(Console(file=output, width=200), [result], TINY)
    text = output.getvalue()
    assert "2 tables of 4 expert bots" in text and "exit after SIGTERM" in text and "201: 2" in text


def test_the_command_runs_both_floods_and_saves_them(tmp_path: Path) -> None:
    saved = tmp_path / "abuse.json"
    tiny = ["--seconds", "1", "--warmup", "0.3", "--uploaders", "1", "--bot-tables", "1"]
    assert abuse.main([*tiny, "--record-actions", "101", "--json", str(saved)]) == 0
    results = json.loads(saved.read_text())["results"]
    assert [r["flood"] for r in results] == ["uploads", "bots"]
    assert all(r["games_ms"] and r["stop_s"] is not None for r in results)
