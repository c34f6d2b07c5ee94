"""The shared pieces of the contract: the seeded generator, options, outcomes, the random agent."""

from __future__ import annotations

import pytest

from robotable.agents import RandomAgent
from robotable.core.errors import InvalidOptions
from robotable.core.game import Option, Outcome, Turn, Wait
from robotable.core.rng import Rng

from ..conformance import toygame


def test_rng_same_seed_same_numbers() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    assert Rng(42).next_u64() != Rng(43).next_u64()


def test_rng_known_values_never_change() -> None:
    # SplitMix64 from seed 0; records replay forever only if these stay fixed
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_rng_resumes_from_its_state() -> None:
    rng = Rng(7)
    rng.randrange(10)
    resumed = Rng.from_state(rng.state)
    assert resumed == rng
    assert [resumed.random() for _ in range(3)] == [rng.random() for _ in range(3)]


def test_randrange_is_uniform_enough() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randrange(6)] += 1
    # chi-squared with 5 degrees of freedom: 20.5 is the 0.1% tail
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 20.5, counts


def test_rng_refuses_bounds_past_64_bits_instead_of_spinning() -> None:
    with pytest.raises(ValueError, match="from 1 to 2\\^64"):
        Rng(1).randrange(10**30)
    assert 0 <= Rng(1).randrange(1 << 64) < 1 << 64


def test_rng_rejects_empty_ranges() -> None:
    with pytest.raises(ValueError):
        Rng().randrange(0)
    with pytest.raises(ValueError):
        Rng().choice([])


def test_shuffle_and_spawn_are_deterministic() -> None:
    a, b = list(range(10)), list(range(10))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == list(range(10))
    assert Rng(5).spawn() == Rng(5).spawn() != Rng(5)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (Option("n", 1, "", kind=int), "2", "option 'n' must be a whole number, not '2'"),
        (Option("n", 1, "", kind=int), True, "option 'n' must be a whole number, not True"),
        (Option("mode", "a", "", kind=str, choices=("a", "b")), "c", "option 'mode' must be one of 'a', 'b'"),
        (Option("n", 1, "", kind=int, minimum=1), 0, "option 'n' must be at least 1, not 0"),
        (Option("n", 1, "", kind=int, maximum=9), 10, "option 'n' must be at most 9, not 10"),
        (Option("s", 1.0, "", kind=float), None, "option 's' must be a number, not None"),
    ],
)
def test_option_refuses_bad_values(option: Option, value: object, message: str) -> None:
    with pytest.raises(InvalidOptions) as error:
        option.check(value)
    assert str(error.value).startswith(message)


def test_option_accepts_ints_for_floats_and_none_when_nullable() -> None:
    assert Option("s", 1.0, "", kind=float).check(2) == 2.0
    assert Option("s", 1.0, "", kind=float, nullable=True).check(None) is None


def test_validate_options_fills_defaults_and_names_unknown_ones() -> None:
    assert toygame.GAME.validate_options({"rounds": 1}) == {"rounds": 1, "hand": 3}
    with pytest.raises(InvalidOptions) as error:
        toygame.GAME.validate_options({"round": 2})
    assert str(error.value) == "unknown option 'round' for toy; known options: hand, rounds"


def test_outcome_ties_share_a_rank() -> None:
    outcome = Outcome.from_scores([3, 5, 3, 1])
    assert outcome.ranks == (2, 1, 2, 4)
    assert Outcome.from_scores([2, 2]).winners == (0, 1)
    assert Outcome.from_dict(outcome.to_dict()) == outcome


def test_random_agent_is_deterministic_from_its_seed() -> None:
    state = toygame.GAME.new_state(seed=3)
    turn = Turn(0, state.view(0), state.legal_actions(0), toygame.GAME)
    picks = [RandomAgent(9).act(turn) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in turn.legal
    agent = RandomAgent(9)
    assert {agent.act(turn) for _ in range(30)} == set(turn.legal)
    assert RandomAgent(9).act(Turn(0, {}, [], toygame.GAME)) == Wait()
