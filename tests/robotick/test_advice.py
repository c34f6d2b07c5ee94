"""Issue 27: Robotick's panels and its "what to do now", from a view alone."""

from __future__ import annotations

from robotable import games


def test_robotick_counts_scores_hand_and_hangars() -> None:
    game = games.get("robotick")
    view = game.new_state(seed=1, seats=3).view(0)
    counters = game.counters(view)
    assert len(counters) == 3
    assert counters[0] == [
        {"key": "round_score", "value": 0, "round": 1},
        {"key": "total", "value": 0},
        {"key": "hand", "value": 12},
        {"key": "hangars", "value": 0, "of": 3},
        {"key": "face_down", "value": 0},
    ]
    assert [fact["code"] for fact in game.guidance(view, 0)["now"]] == ["pass"]


def _say(game, guidance: dict, lang: str = "en") -> list[str]:  # type: ignore[no-untyped-def]
    return [game.say(f"guide.{fact['code']}", fact["params"], lang) for fact in guidance.get("now", [])]


def _passed(seed: int):  # type: ignore[no-untyped-def]
    """A state after every player passed their first two cards (RT-9)."""
    game = games.get("robotick")
    state = game.new_state(seed=seed, seats=3)
    for seat in range(3):
        for _ in range(2):
            state.apply(seat, next(a for a in state.legal_actions(seat)))
    return game, state


def test_passing_counts_the_cards_left_to_choose() -> None:
    """RT-9: each player secretly chooses exactly two cards for the player on their left."""
    game = games.get("robotick")
    state = game.new_state(seed=2, seats=3)
    assert _say(game, game.guidance(state.view(1), 1))[0].startswith("Choose 2 more card(s) to give")
    state.apply(1, state.legal_actions(1)[0])
    assert _say(game, game.guidance(state.view(1), 1), "fr")[0].startswith("Choisissez encore 1 carte(s)")
    state.apply(1, state.legal_actions(1)[0])
    assert _say(game, game.guidance(state.view(1), 1)) == [
        "Your two cards are chosen: waiting for the other players."
    ]
    assert "now" not in game.guidance(state.view(None), None)


def test_lead_follow_or_not_the_trump_and_full_hangars_through_whole_games() -> None:
    """RT-12: the leader plays any card, the others follow the led type when they hold one, else
    any card; RT-13: the trump; RT-16: once the hangars are full a win puts Droco's card face down."""
    seen = set()
    for seed in (1, 2, 3):
        game, state = _passed(seed)
        while state.view(None)["phase"] == "play":
            seat = state.view(None)["to_play"]
            view = state.view(seat)
            guidance = game.guidance(view, seat)
            seen |= {fact["code"] for fact in guidance["now"]}
            _check_play_guidance(game, view, guidance)
            assert all("now" not in game.guidance(state.view(s), s) for s in range(3) if s != seat)
            state.apply(seat, state.legal_actions(seat)[-1])
            if state.view(None)["phase"] == "pass":
                for giver in range(3):
                    for _ in range(2):
                        state.apply(giver, state.legal_actions(giver)[0])
    assert seen == {"lead", "follow", "no_follow", "trump", "hangars_full"}


def _check_play_guidance(game, view: dict, guidance: dict) -> None:  # type: ignore[no-untyped-def]
    codes = [fact["code"] for fact in guidance["now"]]
    words = _say(game, guidance)
    trump = game.say("kind." + view["trump"], {}, "en")
    assert words[1] == f"Trump this round: {trump}."
    led = view["led"]
    if led is None:
        assert codes[0] == "lead"
    elif any(card.startswith(led) for card in view["hand"]):
        assert codes[0] == "follow" and all(action.startswith(led) for action in view["legal"])
    else:
        assert codes[0] == "no_follow" and len(view["legal"]) == len(view["hand"])
    full = len(view["captures"][view["viewer"]]["up"]) >= view["hangars"]
    assert ("hangars_full" in codes) == full
