"""Observations pinned on seeded games: making the encoders faster must not move one byte.

Each case plays seeded games through :func:`robotable.envs.make_aec` (a seeded random action of
the mask at every step) and hashes, at every step, the acting agent's observation and mask and,
every fifth step, every other agent's observation too (the seats that do not act see the game
through the same encoder). The hashes were taken before the encoders were optimised; a change
that moves them changes what a learner sees, which the documented encodings (``docs/envs.md``)
forbid. The views are pinned beside them: ``view`` is what the server, the faces and the golden
games read, so a cheaper ``view`` must return equal dicts.

To re-pin after a deliberate, documented change of an encoding: ``ROBOTABLE_PIN_PRINT=1 pytest
tests/envs/test_pinned.py -s`` prints the new hashes.
"""

from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

from robotable.envs import make_aec

from .cases import CASES, EnvCase

STEPS = 400  # per game: Ricochet's bidding and DR2D's programs take a few hundred steps a turn
SEEDS = (0, 1, 2)

PINNED = {
    "ricochet-2": (
        "e6b29db3c8d863bf3701f74431ad08dac44462120179948f52b03f0ca2a699f9",
        "b204ee894c46ca5ea0a442fe7b2450d2b2102cbb5473aeaadeefce861fd85aba",
    ),
    "ricochet-2-silver_robot=True": (
        "d3ab95e0c83b3541a2df0064d683dacd69b2e66f250c58abc33d7073b9c8940d",
        "45a44d5d06b352a21a4781236f3a1ae1f4ee3da0abf626208ea4356773a22a95",
    ),
    "ricochet-3-max_bid=20": (
        "69ee045ab4aac403954e336c5e69be17516325ce270fbe6753bd399c269dc564",
        "9cfe61e65383dc6142f8cf17e6d64109c64244124fe2304bed2aefc77148f7a1",
    ),
    "ricochet-1": (
        "8ea98730e9fbe663dd112c98f681fbbe8bc3d55cfdf537fa64fbf3ca779c3dcf",
        "799c54cd6df0b3dc7444710b5680a805a83f3cda331d14b35fa5e46cdcb43b6f",
    ),
    "dr2d-2-turn_limit=6": (
        "ece424142b158fdf75c889a5acfd707b4863413ee7ccba2cc180bcc2f9d071bd",
        "c11e501ff34054ebd3ed0b2a70cc4afd2fbbfbaa6160863dbbd1168d909b17d5",
    ),
    "dr2d-3-turn_limit=3,standby_between_registers=True,program_timeout_s=30.0,start_placement=free": (
        "4eb9b4a3c14dcfad486fce72579f3350b77cfb1f16ab06e83fd4352e9f15ad89",
        "164c199cb311105667f6af322d7a2d103b6cf4c1ca11bacc92ea11f4548fbb7e",
    ),
    "droids-2-scenario=1": (
        "5c7b3d3b0b6e0749ded58e6af02bb7b825635477c7604c08733cb7c968013803",
        "2fe27300c13e8f9446e3d51b68322d17e04205f9e553f8c04aaafbb8d3f04fdc",
    ),
    "droids-2-scenario=6": (
        "9ef256988991ec20e066122d85b4a6a73c5638b37d1955b3d0670f375851343f",
        "d331a45de69772321af3bb215e2595e74c125fc70106b547edf41e02a4971d5c",
    ),
    "droids-1-scenario=7": (
        "e606da8c9f097b8b1087b096651715aab1bde30928955936e52e228661b35fcf",
        "b09c5553b2e7fe901489ed7562cd088130049705bbd48aea7e53900a8a4632b6",
    ),
    "droids-3-scenario=3": (
        "4cda254721d97128fec37306f1143b281c1f123706217981bc95045feb60dc71",
        "44a3c500836352695ebfeabe1174f12cd4668f8199c24c5cf5d2842e44b98abd",
    ),
    "delivery-2-turn_limit=6": (
        "1d49dbcccaee892abb604e275851a3f60db088a1b60f39103f47063e89e009f4",
        "bf73d3b90d427d94f5c71ed02ac1af4bca654234f6d41213dff8ee9ad12640c9",
    ),
    "delivery-3-turn_limit=6,function_boards=per_player_ad,program_timeout_s=20.0": (
        "c2e4cbb4c3863a95da7231de90e05eae4223cc48cc5b38e12a14506791b78207",
        "50dbd28a84da694a43014bfd8ff62c8646b9d43047e2bd1faec1815e65e81378",
    ),
    "robotick-3": (
        "6529e5aa4a738b1f90c3da2f1facca39ee4976a77c024ef2eb11721cc07cb6d1",
        "08d9f613a4bb27414740da588bfb9ae85965e9eeb38eb9bd8a66eec2999a0e81",
    ),
}
"""Per case: the SHA-256 of the observations and masks, and of the views, of the seeded games."""


def digests(case: EnvCase) -> tuple[str, str]:
    """The hashes of everything the env showed and of the views behind it, on ``SEEDS``."""
    observed, viewed = hashlib.sha256(), hashlib.sha256()
    env = make_aec(case.game_id, **case.env_options())
    for seed in SEEDS:
        env.reset(seed=seed)
        pick = random.Random(seed).choice
        for step, _agent in enumerate(env.agent_iter(STEPS)):
            obs, _, terminated, truncated, _ = env.last()
            observed.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            if step % 5 == 0:
                for seat, other in enumerate(env.possible_agents):
                    observed.update(env.observe(other)["observation"].tobytes())
                    view = json.dumps(env.state.view(seat), sort_keys=True, separators=(",", ":"))
                    viewed.update(view.encode())
            if terminated or truncated:
                env.step(None)
                continue
            env.step(pick([i for i, allowed in enumerate(obs["action_mask"]) if allowed]))
    return observed.hexdigest(), viewed.hexdigest()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_observations_and_views_of_seeded_games_are_the_pinned_ones(case: EnvCase) -> None:
    got = digests(case)
    if os.environ.get("ROBOTABLE_PIN_PRINT"):
        print(f'    "{case.label}": {got!r},')
    assert got == PINNED[case.label]
