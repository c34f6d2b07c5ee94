"""The PettingZoo environments: the library's own checks, masks, seeds, refusals, the clock."""

from __future__ import annotations

import re
import sys
import warnings
from io import StringIO

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rich.console import Console

from robotable import games
from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.envs import make_aec
from robotable.envs.aec import RobotableAEC
from robotable.envs.core import WAIT
from robotable.games.dr2d.actions import LOCK
from robotable.games.ricochet.actions import Bid

from .cases import CASES, EnvCase, new_state


def play(env: RobotableAEC, seed: int, steps: int, check: bool = True) -> list[tuple[int, int]]:
    """Random legal actions through the env (numpy seeded); at every step, the selected agent's
    mask is exactly its legal actions (plus wait when a timer runs). Returns (seat, action)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    taken = []
    for agent in env.agent_iter(steps):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.removeprefix("seat_"))
        mask = obs["action_mask"]
        if check:
            state = env.state
            assert state is not None and seat in state.to_act()
            expected = {env.encoder.encode(a) for a in state.legal_actions(seat)}
            if state.timers():
                expected.add(env.encoder.encode(WAIT))
            assert set(np.flatnonzero(mask)) == expected
        action = int(rng.choice(np.flatnonzero(mask)))
        taken.append((seat, action))
        env.step(action)
    return taken


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_pettingzoo_api_and_seed_tests(case: EnvCase) -> None:
    with warnings.catch_warnings():
        # PettingZoo's checker suggests Box observations; action masks need the Dict (its own classic games)
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(make_aec(case.game_id, render_mode="ansi", **case.env_options()), num_cycles=400)
        seed_test(lambda: make_aec(case.game_id, **case.env_options()), num_cycles=150)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_the_mask_is_the_legal_set_at_every_step(case: EnvCase) -> None:
    env = make_aec(case.game_id, **case.env_options())
    assert len(play(env, 5, 400)) > 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_reset_with_a_seed_is_new_state_with_that_seed_and_replays(case: EnvCase) -> None:
    env = make_aec(case.game_id, **case.env_options())
    taken = play(env, 21, 200, check=False)
    end = env.state.to_dict()  # type: ignore[union-attr]
    env.reset(seed=21)
    assert env.state.to_dict() == new_state(case, 21).to_dict()  # type: ignore[union-attr]
    for seat, number in taken:
        assert env.agent_selection == f"seat_{seat}"
        env.step(number)
    assert env.state.to_dict() == end  # type: ignore[union-attr]


def test_same_seed_same_game_other_seed_other_game() -> None:
    env = make_aec("delivery")
    env.reset(seed=4)
    first = env.state.to_dict()  # type: ignore[union-attr]
    env.reset(seed=4)
    assert env.state.to_dict() == first  # type: ignore[union-attr]
    env.reset(seed=5)
    assert env.state.to_dict() != first  # type: ignore[union-attr]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_an_action_outside_the_mask_is_refused_and_changes_nothing(case: EnvCase) -> None:
    env = make_aec(case.game_id, **case.env_options())
    env.reset(seed=2)
    before, agent = env.state.to_json(), env.agent_selection  # type: ignore[union-attr]
    mask = env.observe(agent)["action_mask"]
    outside = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match="cannot play action"):
        env.step(outside)
    for bad in (env.encoder.action_count, -1, 2.5, "1"):
        with pytest.raises(IllegalAction, match="not an integer"):
            env.step(bad)  # type: ignore[arg-type]
    assert env.state.to_json() == before and env.agent_selection == agent  # type: ignore[union-attr]
    assert env.steps == 0


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = make_aec("robotick")
    env.reset(seed=1)
    others = [a for a in env.agents if a != env.agent_selection]
    assert env.observe(env.agent_selection)["action_mask"].sum() == 12  # passing: any card of the hand
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)


def test_simultaneous_passing_goes_round_the_seats_with_passes_hidden() -> None:
    env = make_aec("robotick")
    env.reset(seed=1)
    order = []
    for _ in range(6):
        order.append(env.agent_selection)
        before = env.encoder.blocks(env.observe("seat_1")["observation"].copy())
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        if order[-1] == "seat_0":  # seat 0's secret pass reaches neither seat 1's hand nor its passes
            after = env.encoder.blocks(env.observe("seat_1")["observation"])
            assert np.array_equal(after["hand"], before["hand"])
            assert np.array_equal(after["passing"], before["passing"])
    assert order == ["seat_0", "seat_1", "seat_2"] * 2


def test_bidding_closes_when_every_seat_waits() -> None:
    """RR-18: the sand timer; in an env every seat is a program, so the clock runs out when all wait."""
    env = make_aec("ricochet", seats=2)
    env.reset(seed=3)
    wait = env.encoder.encode(WAIT)
    env.step(env.encoder.encode(Bid(7)))  # seat 0 bids: the countdown starts
    assert env.state.phase == "countdown" and env.agent_selection == "seat_1"  # type: ignore[union-attr]
    env.step(wait)
    assert env.agent_selection == "seat_0"
    env.step(wait)  # both waited: time is up
    assert env.state.phase == "demonstration" and env.agent_selection == "seat_0"  # type: ignore[union-attr]
    assert env.observe("seat_0")["action_mask"][wait] == 1  # the demonstrator may let its time run out


def test_a_new_bid_makes_the_waiting_seats_choose_again() -> None:
    env = make_aec("ricochet", seats=2)
    env.reset(seed=3)
    wait = env.encoder.encode(WAIT)
    env.step(env.encoder.encode(Bid(9)))
    env.step(wait)  # seat 1 waits
    env.step(env.encoder.encode(Bid(6)))  # seat 0 bids lower: seat 1 may answer
    assert env.agent_selection == "seat_1" and env.state.phase == "countdown"  # type: ignore[union-attr]


def test_rewards_at_the_end_and_every_agent_leaves() -> None:
    env = make_aec("robotick", reward="score")
    env.reset(seed=8)
    rewards: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert not env.agents
    totals = info["outcome"]["scores"]
    assert [rewards[f"seat_{i}"] for i in range(3)] == [
        t - max(o for j, o in enumerate(totals) if j != i) for i, t in enumerate(totals)
    ]


def test_max_steps_truncates() -> None:
    env = make_aec("ricochet", seats=2, max_steps=5)
    env.reset(seed=1)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


@pytest.mark.parametrize("game_id", games.ids())
def test_render_ansi_is_the_terminal_picture_of_the_spectator(game_id: str) -> None:
    env = make_aec(game_id, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    game = env.game
    plain = StringIO()
    Console(file=plain, width=120, color_system=None).print(game.render_text(env.state.view(None)))
    assert isinstance(text, str) and "\x1b[" in text  # ANSI colours
    assert _strip_ansi(text) == plain.getvalue()
    quiet = make_aec(game_id)
    quiet.reset(seed=1)
    assert quiet.render() is None


@pytest.mark.parametrize("game_id", games.ids())
def test_render_rgb_array_is_the_svg_picture_of_the_spectator(game_id: str) -> None:
    env = make_aec(game_id, render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
    assert picture.ndim == 3 and picture.shape[2] == 3 and min(picture.shape[:2]) >= 100
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 4  # a drawing, not a blank page
    game = env.game
    svg = game.render_svg(env.state.view(None))
    assert picture.shape[:2] == _svg_size(svg)


def test_rgb_array_without_cairosvg_is_refused_when_the_env_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # what an environment without it would raise
    with pytest.raises(ModuleNotFoundError, match="pip install cairosvg"):
        make_aec("robotick", render_mode="rgb_array")


def _svg_size(svg: str) -> tuple[int, int]:
    """(height, width) of an SVG whose root names its size in pixels."""
    width = re.search(r'<svg[^>]*\swidth="([0-9.]+)', svg)
    height = re.search(r'<svg[^>]*\sheight="([0-9.]+)', svg)
    assert width and height
    return round(float(height.group(1))), round(float(width.group(1)))


def _strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_default_seats_and_bad_settings() -> None:
    assert make_aec("ricochet").num_agents == 0  # before reset
    assert len(make_aec("ricochet").possible_agents) == 2
    assert len(make_aec("droids", scenario=7).possible_agents) == 1
    assert len(make_aec("robotick").possible_agents) == 3
    with pytest.raises(InvalidOptions, match="reward"):
        make_aec("dr2d", reward="shaped")
    with pytest.raises(InvalidOptions, match="render_mode"):
        make_aec("dr2d", render_mode="human")
    with pytest.raises(InvalidOptions, match="unknown option"):
        make_aec("dr2d", colour="red")
    assert games.get("dr2d").id == make_aec("dr2d").game.id


def test_a_standby_window_closes_when_every_robot_waits() -> None:
    """DR-31: the window's timer; every seat to answer waits, so the registers run on."""
    env = make_aec("dr2d", seats=2, standby_between_registers=True, start_placement="assigned")
    env.reset(seed=6)
    wait, lock = env.encoder.encode(WAIT), env.encoder.encode(LOCK)
    for _ in range(100):
        if env.state.phase == "window":  # type: ignore[union-attr]
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        # a place, registers N N N N N, then lock (the lowest index after five registers is undo)
        env.step(lock if mask[lock] else int(np.flatnonzero(mask)[0]))
    else:
        pytest.fail("no standby window opened in 100 steps")
    register = env.state.register  # type: ignore[union-attr]
    answering = set(env.state.to_act())  # type: ignore[union-attr]
    for _ in answering:
        assert env.observe(env.agent_selection)["action_mask"][wait] == 1
        env.step(wait)
    assert env.state.phase != "window" or env.state.register > register  # type: ignore[union-attr]
