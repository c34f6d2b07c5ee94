"""A Robotick bot that looks one step ahead (`python examples/lookahead_bot.py --server URL`): each
card it may play is played out to the end of the trick as far as its view tells (Droco's open hand
and AI card say what Droco answers; the people still to play are unknown), and scored by what the
trick would then bring it. Against two `bot:easy` (60 seeded games, seats rotated): first 23 times
(38 %; par is 33 %), mean score -1.8 to their -8.6; a random bot in the same games: first 6 times,
mean -30.4.
"""

import argparse

from robotable.client import bot, new_table, play
from robotable.games.robotick.cards import DROCO, HANDS, TYPES, AiCard, card, kind, load_pv, strength
from robotable.games.robotick.droco import choose as droco_answer


@bot
def choose(view: dict, legal: list[str]) -> str:
    pv = load_pv(view["options"]["cards_file"], view["options"]["pv_table"])  # each card's points
    trump, of = TYPES.index(view["trump"]), lambda action: card(action.split()[-1])  # "pass A3", "A3"
    droco = [card(c) for column in view["droco_hand"] for c in column]  # Droco's open hand
    if view["phase"] == "pass":  # pass non-trumps most at risk: worth most, Droco holding a stronger one
        beaten = {c for c in map(of, legal) if any(kind(d) == kind(c) and d > c for d in droco)}
        return max(legal, key=lambda a: (kind(of(a)) != trump, pv[of(a)] * (1 if of(a) in beaten else 0.3)))
    return max(legal, key=lambda a: score(view, of(a), trump, pv, droco))


def score(view: dict, mine: int, trump: int, pv: tuple[int, ...], droco: list[int]) -> float:
    """What playing ``mine`` brings once the trick's known cards are down (higher is better)."""
    me = view["viewer"]
    trick = [(seat, card(c)) for seat, c in view["trick"]] + [(me, mine)]
    led = kind(trick[0][1])
    order = view["seating"][view["seating"].index(trick[0][0]) :] + view["seating"]  # from the leader
    later = order[len(trick) : HANDS]  # who plays after us in this trick
    if DROCO in later:  # Droco plays after us: its AI card's rules say which card
        ai = view["ai_card"]
        rules = AiCard(ai["id"], *(tuple(ai[column]) for column in ("follow", "no-follow", "open")))
        trick.append((DROCO, droco_answer(rules, droco, led)))
    # the trick's best card so far: the highest trump, else the highest of the type led
    winner = max(trick, key=lambda played: (kind(played[1]) == trump, kind(played[1]) == led, played[1]))[0]
    sure = 0.5 ** sum(seat != DROCO for seat in later)  # a guess: each person after us may overtake
    up = 1 if view["hangars"] > len(view["captures"][me]["up"]) else -1  # face up while a hangar is free
    if winner == me:  # we take Droco's card: its points, face up, or against us face down
        return sure * up * pv[dict(trick)[DROCO]] - 0.01 * strength(mine)  # the weakest card that does
    if winner == DROCO:  # Droco wins: our card is kept face down, its points lost
        return -sure * pv[mine] - 0.01 * strength(mine)
    return 0.05 * pv[mine]  # another person wins, at no cost to us: shed a card Droco could take later


def main() -> None:
    parser = argparse.ArgumentParser(description="A one-step-lookahead Robotick bot.")
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    server = parser.parse_args().server
    seat = new_table(server, "robotick", ["bot:easy", "bot:easy"], name="lookahead", timers=False)
    print(f"watch it: {server}/tables/{seat.table}")
    print(f"game over: {play(seat, choose)['detail']}")


if __name__ == "__main__":
    main()
