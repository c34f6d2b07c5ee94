"""Game.phase_help takes the language as describe_event does (issue 14): every game answers in
French where it has help, English by default, and the same nothing where it has none."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.game import Game


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.id)
def test_phase_help_in_french_where_there_is_english(game: Game) -> None:
    view = game.new_state({}, seed=3, seats=max(2, game.min_seats)).view(0)
    english, french = game.phase_help(view), game.phase_help(view, "fr")
    assert game.phase_help(view, "en") == english
    if english is None:
        assert french is None  # the legal list says enough, in any language
    else:
        assert french and french != english
