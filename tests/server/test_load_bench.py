"""``benchmarks/server_load.py`` at a tiny scale: it drives a real server and measures something.
Figures are not judged here (the machine's load varies); that actions flow, latencies are taken
from every connection, and the server is stopped, are."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time
from pathlib import Path

import pytest

from .. import pg

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "server_load.py"


def _load_benchmark():
    spec = importlib.util.spec_from_file_location("server_load", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["server_load"] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


load = _load_benchmark()


@pytest.mark.timeout(120)
def test_a_tiny_load_run_accepts_actions_and_times_them_to_every_connection(tmp_path: Path) -> None:
    run = load.Run(clients=10, seconds=2.0, warmup=1.0, scenario=load.Scenario(bot_tables=1))
    server = load.start_server(f"sqlite:///{tmp_path / 'load.sqlite3'}", tmp_path)
    try:
        result = asyncio.run(load.drive(server, run))
    finally:
        load.stop_server(server)
    assert server.process.poll() is not None
    assert (result.clients, result.tables, result.bot_tables) == (10, 2, 1)
    assert result.actions > 0 and result.bot_actions > 0
    assert result.latencies > 0 and 0 < result.p50_ms <= result.p99_ms <= result.max_ms
    assert result.updates >= result.actions * 5  # every action reaches 4 seats and a spectator
    assert result.server_cpu_s > 0 and result.actions_per_cpu_s > 0
    assert (result.incomplete, result.errors, result.first_problem) == (0, 0, None)


@pytest.mark.timeout(120)
def test_a_server_that_cannot_start_is_reported_with_its_log(tmp_path: Path) -> None:
    with pytest.raises(load.LoadError, match=r"exited with status 2:[\s\S]*--db"):
        load.start_server(f"sqlite:///{tmp_path / 'missing' / 'folder' / 'x.sqlite3'}", tmp_path)


def test_a_latency_runs_from_the_send_to_the_last_connection_whatever_the_order() -> None:
    stats = load.Stats()
    stats.start, stats.end = 0.0, float("inf")
    fanout = load.Fanout(3, stats)
    fanout.sent(1)
    sent = fanout.sent_at[1]
    fanout.arrived(1)  # the update reaches two connections before the sender hears "accepted"
    fanout.arrived(1)
    fanout.accepted(1, 1)
    assert stats.latencies == [] and stats.in_flight == 1
    fanout.arrived(1)
    after = time.perf_counter()
    assert 1 not in fanout.arrivals and len(stats.latencies) == 1
    assert 0 < stats.latencies[0] <= after - sent
    assert stats.in_flight == 0 and stats.actions == 1 and stats.updates == 3
    fanout.sent(2)  # never answered: the table is left with it in flight
    fanout.close()
    assert stats.incomplete == 1 and stats.in_flight == 0


def test_percentiles_are_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert (load.percentile(values, 0.5), load.percentile(values, 0.99), load.percentile([], 0.5)) == (
        50.0,
        99.0,
        0.0,
    )


@pytest.mark.timeout(120)
def test_two_servers_on_postgresql_split_the_tables_and_their_cpu_adds_up(
    cluster: str, tmp_path: Path
) -> None:
    """``--processes 2 --servers 2``: each generator plays its own table on its own server."""
    run = load.Run(clients=10, seconds=1.5, warmup=0.5, processes=2, servers=2)
    url = pg.new_database(cluster, "load_split")
    servers = [load.start_server(url, tmp_path) for _ in range(2)]
    try:
        parts = load.drive_in_processes(servers, run)
    finally:
        for server in servers:
            load.stop_server(server)
    assert [part.stats.actions > 0 for part in parts] == [True, True]  # each drove its own table
    assert all(part.server_cpu > 0 and part.inside.actions > 0 for part in parts)  # on its own server
    result = load._result(run, parts)
    assert (result.processes, result.servers, result.tables, result.connected_min) == (2, 2, 2, 10)
    assert result.actions == sum(part.stats.actions for part in parts)
    assert result.server_cpu_s == sum(part.server_cpu for part in parts)
    assert result.latencies > 0 and result.incomplete == 0 and result.database_cpu_s > 0
