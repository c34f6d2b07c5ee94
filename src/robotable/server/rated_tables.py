"""The rules of rated tables (issue 29), whose result moves their players' ratings
(:mod:`robotable.play.rated`, stored by :mod:`.rating_store`):

- created by a signed-in person, with at least two seats, each a person's (``human``, ``open``)
  or a bot of one of the levels (``bot:easy`` ... ``bot:expert``: the rated bots, each level of
  each game one player); any game, with its clock or turn-based;
- every person's seat is held by an account: joining an open seat or an invitation, and
  playing, need a signed-in person, and an account sits once a table;
- nobody is helped: no "suggest a move", and the creator cannot hand a person's seat to a bot
  (the result would no longer be the person's). A person who leaves is played by the table's
  stand-in as on any table, and who concedes loses: both results are theirs.

Each refusal is one sentence in English and in French, with a stable ``code`` for the pages.
"""

from __future__ import annotations

from collections.abc import Sequence

from robotable.agents.levels import LEVELS
from robotable.core.errors import InvalidOptions, RobotableError
from robotable.core.game import Game


class RatedRefusal(RobotableError):
    """Something a rated table does not allow (a 403: the request was well made)."""

    status = 403

    def __init__(self, english: str, french: str, code: str) -> None:
        super().__init__(english)
        self.fr, self.code = french, code


def needs_account() -> RatedRefusal:
    return RatedRefusal(
        "this table is rated: its seats are taken and played by signed-in people; sign in first",
        "cette table est classée : ses places sont prises et jouées par des personnes connectées ; "
        "connectez-vous d'abord",
        "rated_needs_account",
    )


def one_seat() -> RatedRefusal:
    return RatedRefusal(
        "this table is rated and your account already sits at it: one seat per person",
        "cette table est classée et votre compte y est déjà assis : une place par personne",
        "rated_one_seat",
    )


def no_suggestions() -> RatedRefusal:
    return RatedRefusal(
        "this table is rated: no move is suggested, each person plays on their own",
        "cette table est classée : aucun coup n'est suggéré, chacun joue seul",
        "rated_no_suggestions",
    )


def no_hand_over() -> RatedRefusal:
    return RatedRefusal(
        "this table is rated: a person's seat cannot be handed to a bot (its result is the person's)",
        "cette table est classée : la place d'une personne ne peut pas être confiée à un robot "
        "(son résultat est celui de la personne)",
        "rated_no_hand_over",
    )


def check_rated_table(game: Game, kinds: Sequence[str], signed_in: bool) -> None:
    """Refuse a rated table that breaks the rules of the module's description."""
    if not signed_in:
        raise needs_account()
    if len(kinds) < 2:
        refused = InvalidOptions(
            "a rated table needs at least two seats", fr="une table classée a besoin d'au moins deux places"
        )
        refused.code = "rated_seats"
        raise refused
    for kind in kinds:
        if kind.startswith("bot:") and kind.removeprefix("bot:") not in LEVELS:
            refused = InvalidOptions(
                f"a rated table's bots are the levels easy, medium, hard and expert, not {kind[4:]!r}",
                fr="les robots d'une table classée sont les niveaux facile, moyen, difficile et expert, "
                f"pas « {kind[4:]} »",
            )
            refused.code = "rated_bots"
            raise refused
