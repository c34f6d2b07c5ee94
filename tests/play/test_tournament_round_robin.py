"""Round-robin tournaments: line-ups, plans, batches, ratings and the resumable folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from robotable import games
from robotable.core.errors import InvalidOptions
from robotable.core.game import Outcome
from robotable.core.records import Record
from robotable.play.ratings import head_to_head, rate
from robotable.play.round_robin import Plan, batches, lineups, make_plan, play_batch, pool_runner, run_inline
from robotable.play.tournament_files import TournamentFiles, TournamentFilesError

DROIDS = games.get("droids")
ROBOTICK = games.get("robotick")
BOTS = ["random", "bot:heuristic"]


def droids_plan(games_per_lineup: int = 3, **changes) -> Plan:
    settings = {"players": 2, "games": games_per_lineup, "options": {"scenario": 1}, "seed": 4} | changes
    return make_plan(DROIDS, BOTS, **settings)


def played(plan: Plan) -> dict[tuple[int, int], Record]:
    records = [record for batch in run_inline(plan, plan.schedule()) for record in batch]
    return {(r.meta["lineup"], r.meta["game"]): r for r in records}  # type: ignore[misc]


def test_lineups_are_combinations_and_repeat_bots_only_when_too_few() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b", "c", "d"], 3) == [
        ("a", "b", "c"),
        ("a", "b", "d"),
        ("a", "c", "d"),
        ("b", "c", "d"),
    ]
    # two bots at a three-seat table: never a table of one bot alone
    assert lineups(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]


@pytest.mark.parametrize(
    ("game", "bots", "changes", "words"),
    [
        (DROIDS, ["random", "bot:clever"], {}, "'bot:clever' cannot play"),
        (DROIDS, ["random"], {}, "at least 2 bots"),
        (DROIDS, ["random", "random"], {}, "named twice"),
        (DROIDS, BOTS, {"games": 0}, "--games must be at least 1"),
        (DROIDS, BOTS, {"options": {"scenario": 99}}, "scenario"),
        (DROIDS, BOTS, {"options": {"no_such": 1}}, "no_such"),
        (ROBOTICK, BOTS, {"players": 2}, "exactly 3 players .*, not 2"),
        (DROIDS, BOTS, {"options": {"scenario": 7}}, "1 player"),
    ],
)
def test_a_plan_is_refused_with_its_reason(game, bots, changes, words) -> None:
    settings = {"players": 2, "games": 2} | changes
    with pytest.raises(InvalidOptions, match=words):
        make_plan(game, bots, **settings)


def test_games_rotate_seats_share_deals_across_line_ups_and_replay() -> None:
    plan = make_plan(ROBOTICK, BOTS, players=3, games=3, seed=10)
    records = played(plan)
    assert len(records) == 6
    assert records[0, 1].seats == [
        "random",
        "bot:heuristic",
        "random",
    ]  # ('random','random','bot') rotated by 1
    assert {records[lineup, 2].seed for lineup in (0, 1)} == {12}
    for record in records.values():
        games.replay(record)  # the records `robotable replay` verifies
        assert record.options == ROBOTICK.validate_options({})


def test_batches_cover_every_game_once_in_several_games_per_task() -> None:
    keys = [(lineup, number) for number in range(50) for lineup in range(3)]
    work = batches(keys, workers=2)
    assert [key for batch in work for key in batch] == keys
    assert max(map(len, work)) == 16 and len(work) >= 8  # at most 16 a task, at least 4 tasks per worker
    assert batches(keys[:3], workers=8) == [[key] for key in keys[:3]]


def test_a_batch_depends_only_on_its_games() -> None:
    plan = droids_plan()
    alone = play_batch(plan.to_dict(), [(0, 2)])
    among_others = play_batch(plan.to_dict(), [(0, 0), (0, 1), (0, 2)])
    assert alone[0] == among_others[2]


def test_a_process_pool_plays_the_same_records_as_one_process() -> None:
    plan = droids_plan(games_per_lineup=4)
    pooled = [r for batch in pool_runner(2)(plan, plan.schedule()) for r in batch]
    assert sorted(json.dumps(r.to_dict()) for r in pooled) == sorted(
        json.dumps(r.to_dict()) for r in played(plan).values()
    )


# --------------------------------------------------------------------------- ratings


def fixture_record(seats: list[str], ranks: list[int], lineup: int, number: int) -> Record:
    outcome = Outcome(tuple(float(-r) for r in ranks), tuple(ranks))
    meta = {"lineup": lineup, "game": number}
    return Record("robotick", ROBOTICK.rules_version, {}, number, seats, [], outcome, meta)


def test_head_to_head_counts_each_pair_of_seats() -> None:
    plan = make_plan(ROBOTICK, BOTS, players=3, games=2)
    records = {
        (0, 0): fixture_record(["random", "random", "bot:heuristic"], [2, 3, 1], 0, 0),
        (1, 0): fixture_record(["random", "bot:heuristic", "bot:heuristic"], [1, 1, 3], 1, 0),
        (1, 1): fixture_record(["bot:heuristic", "random", "bot:heuristic"], [1, 1, 1], 1, 1),
    }
    (versus,) = head_to_head(plan, records)
    assert (versus.first, versus.second) == ("random", "bot:heuristic")
    assert (versus.ahead, versus.behind, versus.level) == (1, 2 + 0, 1 + 2)
    assert versus.meetings == 6


def test_ratings_rank_the_better_bot_first_and_ignore_the_finishing_order() -> None:
    plan = droids_plan(games_per_lineup=6)
    records = played(plan)
    ratings = rate(plan, records)
    assert [r.bot for r in ratings] == ["bot:heuristic", "random"]
    assert ratings[0].interval[0] < ratings[0].mu < ratings[0].interval[1]
    assert ratings[0].games == 6 and ratings[0].firsts >= 5
    shuffled = dict(reversed(list(records.items())))  # workers may finish in any order
    assert rate(plan, shuffled) == ratings


# --------------------------------------------------------------------------- the folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_a_folder_resumes_where_it_stopped_and_cuts_a_torn_line(tmp_path: Path) -> None:
    plan = droids_plan(games_per_lineup=4)
    records = played(plan)
    files = TournamentFiles.load(tmp_path / "t", plan)
    files.start()
    files.append([records[0, 0], records[0, 1]])
    with files.games_path.open("a") as games_file:
        games_file.write(json.dumps(records[0, 2].to_dict())[:50])  # killed mid-write
    again = TournamentFiles.load(tmp_path / "t", plan)
    assert again.missing() == [(0, 2), (0, 3)]
    again.start()
    again.append([records[0, 2]])
    lines = again.games_path.read_text().splitlines()
    assert [json.loads(line)["meta"]["game"] for line in lines] == [0, 1, 2]


def test_a_different_tournament_in_the_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    plan = droids_plan(games_per_lineup=3)
    files = TournamentFiles.load(tmp_path, plan)
    files.start()
    files.append(list(played(plan).values()))
    before = snapshot(tmp_path)
    for other, words in [
        (droids_plan(games_per_lineup=3, seed=5), "seed 4, not 5"),
        (droids_plan(games_per_lineup=3, options={"scenario": 2}), "with options"),
        (make_plan(DROIDS, BOTS[::-1], players=2, games=3, options={"scenario": 1}, seed=4), "bots"),
        (droids_plan(games_per_lineup=2), "--games 2 would leave it out"),
    ]:
        with pytest.raises(TournamentFilesError, match=words):
            TournamentFiles.load(tmp_path, other)
    assert snapshot(tmp_path) == before
    assert TournamentFiles.load(tmp_path, droids_plan(games_per_lineup=5)).missing() == [(0, 3), (0, 4)]


def test_a_record_that_is_not_one_of_the_plans_games_is_refused(tmp_path: Path) -> None:
    plan = droids_plan(games_per_lineup=2)
    files = TournamentFiles.load(tmp_path, plan)
    files.start()
    stranger = played(droids_plan(games_per_lineup=2, seed=9))[0, 1]
    files.append([stranger])
    with pytest.raises(TournamentFilesError, match=r"games\.jsonl:1: not the game this tournament plays"):
        TournamentFiles.load(tmp_path, plan)
