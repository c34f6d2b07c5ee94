"""A replay stepped many times is worked out once (issue 28): a record is replayed whole once to
verify it, stepping on costs the actions stepped over, a step shown again costs nothing, and a
record over the replays' processor time is stopped with a clear refusal."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from robotable import games
from robotable.core.records import Record
from robotable.play.table import Table
from robotable.server import replay_steps
from robotable.server.replay_steps import step, uploaded_step
from robotable.server.workers import Budget, TooCostly, WorkerPool

pytestmark = pytest.mark.timeout(120)


def solo_record(actions: int) -> dict[str, Any]:
    """A legal Ricochet solo record of ``actions`` robot moves and resets."""
    table = Table(games.get("ricochet"), {}, seed=7, seats=["human"])
    rng = random.Random(1)
    while table.version < actions:
        legal = [a for a in table.state.legal_actions(0) if str(a).split()[0] in ("red", "green", "reset")]
        table.submit(0, rng.choice(legal), 0.0)
    return table.record.to_dict()  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def nothing_kept() -> None:
    for kept in (replay_steps._cursors, replay_steps._steps, replay_steps._verified):
        kept.clear()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many actions were carried out, and how many whole replays made."""
    counts = {"actions": 0, "replays": 0}
    submit, replay = Table.submit, games.replay

    def counting_submit(self: Table, *args: Any, **kwargs: Any) -> Any:
        counts["actions"] += 1
        return submit(self, *args, **kwargs)

    def counting_replay(*args: Any, **kwargs: Any) -> Any:
        counts["replays"] += 1
        return replay(*args, **kwargs)

    monkeypatch.setattr(Table, "submit", counting_submit)
    monkeypatch.setattr(games, "replay", counting_replay)
    return counts


def body(record: dict[str, Any], number: int, **more: Any) -> bytes:
    return json.dumps({"record": record, "number": number, **more}).encode()


def test_an_upload_is_replayed_whole_once_then_stepped_on(counted: dict[str, int]) -> None:
    record = solo_record(200)
    first = uploaded_step(body(record, 100))
    assert first["number"] == 100 and first["actions"] == 200
    assert counted == {"actions": 200 + 100, "replays": 1}  # verified whole, then stepped to 100
    uploaded_step(body(record, 101))  # one step on: one action more, not verified again
    assert counted == {"actions": 301, "replays": 1}
    uploaded_step(body(record, 100))  # shown before: kept
    assert counted == {"actions": 301, "replays": 1}
    uploaded_step(body(record, 100, lang="fr"))  # another language: worked out again, from the start
    assert counted == {"actions": 401, "replays": 1}


def test_a_false_record_is_not_remembered_as_true() -> None:
    record = solo_record(20)
    false = {**record, "outcome": {"scores": [9], "ranks": [1], "detail": "solved everything"}}
    for _ in range(2):
        with pytest.raises(Exception, match="the record says scores"):
            uploaded_step(body(false, 1))


def test_a_step_is_what_a_fresh_replay_shows() -> None:
    record = solo_record(60)
    parsed = Record.from_dict(record, source="test")
    names = ["Ann"]
    stepped = [step("key", parsed, names, n, None) for n in (10, 30, 20, 60)]
    for shown in stepped:
        replay_steps._cursors.clear()
        replay_steps._steps.clear()
        assert step("other", parsed, names, shown["number"], None) == shown


def test_a_record_past_the_replays_processor_time_is_refused_clearly() -> None:
    record = json.dumps({"record": solo_record(20_000), "number": 20_000}).encode()

    async def upload() -> None:
        pool = WorkerPool("replays", 1, Budget(0.3, 512), queue=4)
        try:
            await pool.run(uploaded_step, record)
        finally:
            pool.close()

    with pytest.raises(TooCostly, match="processor time: it was stopped"):
        asyncio.run(upload())
