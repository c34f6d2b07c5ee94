"""A tournament's batches as Ray tasks give the same records as a process pool (needs the cluster extra)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.play.round_robin import batches, make_plan, pool_runner, ray_runner

# CI sets ROBOTABLE_REQUIRE_RAY=1, so a missing cluster extra fails there instead of skipping
ray = __import__("ray") if os.environ.get("ROBOTABLE_REQUIRE_RAY") else pytest.importorskip("ray")


@pytest.fixture
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_and_the_process_pool_play_the_same_records(local_ray: None) -> None:
    game = games.get("robotick")
    plan = make_plan(game, ["random", "bot:heuristic"], players=3, games=3, seed=21)
    assert len(batches(plan.schedule(), 2)) > 1  # several tasks, finishing in any order
    by_ray = [r.to_dict() for batch in ray_runner("local", 2)(plan, plan.schedule()) for r in batch]
    assert ray.is_initialized()  # the caller's Ray is used, not shut down under it
    by_pool = [r.to_dict() for batch in pool_runner(2)(plan, plan.schedule()) for r in batch]
    assert len(by_ray) == 6
    assert sorted(map(json.dumps, by_ray)) == sorted(map(json.dumps, by_pool))


def test_the_command_with_ray_local_starts_ray_and_stops_it(tmp_path: Path) -> None:
    from robotable.cli.main import app

    command = ["tournament", "droids", "--bots", "random,bot", "--games", "3", "--jobs", "2"]
    assert CliRunner().invoke(app, [*command, "--out", str(tmp_path / "pool")]).exit_code == 0
    result = CliRunner().invoke(app, [*command, "--ray", "local", "--out", str(tmp_path / "ray")])
    assert result.exit_code == 0, result.output
    assert not ray.is_initialized()
    by_pool, by_ray = (
        sorted((tmp_path / name / "games.jsonl").read_text().splitlines()) for name in ("pool", "ray")
    )
    assert by_ray == by_pool and len(by_ray) == 3


@pytest.mark.parametrize(
    ("address", "words"), [("127.0.0.1:1", "no Ray cluster answers there"), ("nohost", "HOST:PORT")]
)
def test_a_cluster_address_nobody_answers_at_is_refused_at_once(
    tmp_path: Path, address: str, words: str
) -> None:
    from robotable.cli.main import app

    command = ["tournament", "droids", "--bots", "random,bot", "--ray", address, "--out", str(tmp_path / "t")]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2 and words in result.output
    assert not (tmp_path / "t").exists() and not ray.is_initialized()
