"""What a server's ``state`` message tells a seat (``LiveTable.snapshot``), made from a bare
state as JSON: for tests that feed a remote bot (``robotable.client``) without a server."""

from __future__ import annotations

import json
from typing import Any

from robotable.core.game import State


def state_message(state: State, seat: int, version: int) -> dict[str, Any]:
    """The ``state`` of a ``state`` message to ``seat``, its clock's ``now`` the version."""
    game, view, outcome = state.game, state.view(seat), state.outcome()
    message = {
        "version": version,
        "seat": seat,
        "view": view,
        "to_act": state.to_act(),
        "legal": [str(action) for action in state.legal_actions(seat)],
        "timers": [],
        "outcome": None if outcome is None else outcome.to_dict(),
        "counters": game.counters(view),
        "guidance": game.guidance(view, seat),
        "now": float(version),
        "seats": [],
    }
    return json.loads(json.dumps(message))  # as it travels: tuples become lists
