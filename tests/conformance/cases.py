"""The games the conformance suite plays: one line per game (and per seat count worth testing).

A game joins with ``Case(id, options=..., seats=..., games=..., max_steps=...)``; tune
``timer_chance`` when the default 1/2 cuts its phases too short, and ``check_rate``
when its games are long (see :class:`~tests.conformance.harness.Case`).
"""

from .harness import Case

DR2D_VARIANTS = {
    "turn_limit": 4,
    "standby_between_registers": True,
    "program_timeout_s": 30.0,
    "start_placement": "free",
    "press_every_register": True,
    "pit_damage": True,
}
DELIVERY_VARIANTS = {"function_boards": "per_player_ad", "program_timeout_s": 20.0, "turn_limit": 12}
ROBOTICK_VARIANTS = {"hangars": 4, "fixed_ai_card": True}
HEURISTIC_2 = {0: "heuristic", 1: "heuristic"}  # the other seats play at random

CASES: list[Case] = [
    # the harness's own regression check: a toy game with every contract feature
    Case("toy", seats=2, games=200, max_steps=100, check_rate=0.5),
    Case("toy", seats=3, games=100, max_steps=100, check_rate=0.5),
    # timers rarer than 1/2, or demonstrations last two moves and no game ends
    Case(
        "ricochet",
        options={"chips_to_win": 1},
        seats=2,
        games=120,
        max_steps=2000,
        timer_chance=0.1,
        check_rate=0.02,
    ),
    # solo puzzles end by themselves (reveal, next): every playout reaches the end
    Case("ricochet", options={"silver_robot": True}, seats=1, games=50, max_steps=3000, check_rate=0.05),
    Case(
        "ricochet",
        options={"chips_to_win": 1, "must_ricochet": False},
        seats=3,
        games=100,
        max_steps=2000,
        timer_chance=0.1,
        check_rate=0.02,
    ),
    # fewer, shorter games with the full battery at every single step
    Case(
        "ricochet",
        options={"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"},
        seats=2,
        games=20,
        max_steps=400,
        timer_chance=0.1,
        check_rate=1.0,
        label="every-step",
    ),
    # DR2D: random programs rarely finish the course, so turn limits end the games
    Case("dr2d", options={"turn_limit": 8}, seats=4, games=10, max_steps=3000, check_rate=0.02),
    Case("dr2d", options=DR2D_VARIANTS, seats=3, games=6, max_steps=3000, check_rate=0.05, label="options"),
    Case("dr2d", seats=3, games=6, max_steps=4000, bots=HEURISTIC_2, label="bots"),
    # Droids: random players soon send nothing in a turn and are eliminated (DD-31), so games end
    # quickly; heuristic seats play on to the scenario's goal
    Case("droids", seats=2, games=8, max_steps=4000, bots=HEURISTIC_2, label="bots"),
    Case("droids", {"scenario": 3}, seats=3, games=4, max_steps=4000, bots=HEURISTIC_2, label="s3-bots"),
    Case("droids", {"scenario": 6}, seats=2, games=4, max_steps=4000, bots=HEURISTIC_2, label="s6-bots"),
    Case("droids", {"scenario": 7}, seats=1, games=6, max_steps=4000, bots={0: "heuristic"}, label="s7-bot"),
    Case("droids", seats=2, games=30, max_steps=3000, check_rate=0.02),
    Case("droids", {"scenario": 1, "teams": True}, seats=4, games=8, max_steps=3000, label="teams"),
    Case("droids", {"scenario": 2}, seats=2, games=8, max_steps=3000, check_rate=0.02, label="s2"),
    Case("droids", {"scenario": 3}, seats=3, games=6, max_steps=3000, check_rate=0.02, label="s3"),
    Case("droids", {"scenario": 4}, seats=2, games=8, max_steps=3000, check_rate=0.02, label="s4"),
    Case("droids", {"scenario": 5}, seats=2, games=8, max_steps=3000, check_rate=0.02, label="s5"),
    Case("droids", {"scenario": 6}, seats=2, games=8, max_steps=3000, check_rate=0.02, label="s6"),
    Case("droids", {"scenario": 7, "killer_level": 2}, seats=1, games=10, max_steps=3000, label="s7"),
    # Delivery: random play rarely delivers twice, so most games run to the round limit
    Case("delivery", seats=2, games=24, max_steps=6000, check_rate=0.02),
    Case(
        "delivery",
        options=DELIVERY_VARIANTS,
        seats=3,
        games=10,
        max_steps=6000,
        timer_chance=0.05,
        check_rate=0.02,
        label="variants",
    ),
    Case("delivery", seats=2, games=6, max_steps=6000, bots=HEURISTIC_2, label="bots"),
    Case("robotick", seats=3, games=60, max_steps=400, check_rate=0.05),
    Case("robotick", seats=3, games=10, max_steps=400, bots=HEURISTIC_2, label="bots"),
    Case("robotick", options=ROBOTICK_VARIANTS, seats=3, games=20, max_steps=400, label="variants"),
]
