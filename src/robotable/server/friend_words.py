"""The refusals of friends and invitations by name, each in English and French with a ``code``
and its HTTP status (:class:`~.passwords.AccountRefusal`: the server's one error shape)."""

from __future__ import annotations

from robotable.core.errors import clipped
from robotable.server.passwords import AccountRefusal


def no_player(name: str) -> AccountRefusal:
    """A name no account has: said plainly (names are public at the tables anyway)."""
    name = clipped(name, 30)
    return AccountRefusal(
        "no_player", f"no player named {name}", f"aucun joueur ne s'appelle {name}", status=404
    )


def not_yourself() -> AccountRefusal:
    return AccountRefusal("yourself", "that is your own name", "c'est votre propre nom", status=422)


def already_friends(name: str) -> AccountRefusal:
    return AccountRefusal(
        "already_friends", f"you and {name} are friends already", f"{name} et vous êtes déjà amis", status=409
    )


def already_asked(name: str) -> AccountRefusal:
    return AccountRefusal(
        "already_asked",
        f"you asked {name} already: they have not answered yet",
        f"vous avez déjà fait la demande à {name} : pas encore de réponse",
        status=409,
    )


def refused_lately(name: str) -> AccountRefusal:
    return AccountRefusal(
        "refused_lately",
        f"{name} did not accept your request: you may ask again a day after it",
        f"{name} n'a pas accepté votre demande : vous pourrez redemander un jour après",
        status=409,
    )


def too_many_friends(name: str | None = None) -> AccountRefusal:
    if name is None:
        return AccountRefusal(
            "too_many_friends",
            "you have as many friends as an account can have (200): remove one first",
            "vous avez autant d'amis qu'un compte peut en avoir (200) : retirez-en un d'abord",
            status=409,
        )
    return AccountRefusal(
        "too_many_friends",
        f"{name} has as many friends as an account can have (200)",
        f"{name} a autant d'amis qu'un compte peut en avoir (200)",
        status=409,
    )


def too_many_asked() -> AccountRefusal:
    return AccountRefusal(
        "too_many_asked",
        "you have 50 requests nobody answered yet: withdraw some before asking more people",
        "vous avez 50 demandes encore sans réponse : retirez-en avant d'en envoyer d'autres",
        status=409,
    )


def no_request(name: str, *, sent: bool = False) -> AccountRefusal:
    if sent:
        return AccountRefusal(
            "no_request",
            f"you have no request waiting for {name}",
            f"vous n'avez pas de demande en attente pour {name}",
            status=404,
        )
    return AccountRefusal(
        "no_request",
        f"{name} has not asked to be your friend",
        f"{name} ne vous a pas demandé en ami",
        status=404,
    )


def not_friends(name: str) -> AccountRefusal:
    return AccountRefusal(
        "not_friends", f"you and {name} are not friends", f"{name} et vous n'êtes pas amis", status=404
    )


def already_seated(name: str) -> AccountRefusal:
    return AccountRefusal(
        "already_seated",
        f"{name} has a seat at this table already",
        f"{name} a déjà une place à cette table",
        status=409,
    )


def seat_not_free(seat: int) -> AccountRefusal:
    return AccountRefusal(
        "seat_taken",
        f"seat {seat} is not a person's seat that nobody sits at",
        f"la place {seat} n'est pas une place de joueur libre",
        status=409,
    )


def not_creator() -> AccountRefusal:
    return AccountRefusal(
        "not_creator",
        "only the table's creator, signed in, can invite someone by name",
        "seul·e le ou la créatrice de la table, connecté·e, peut inviter quelqu'un par son nom",
        status=403,
    )


def not_invited(seat: int) -> AccountRefusal:
    return AccountRefusal(
        "not_invited",
        f"seat {seat} is not offered to you",
        f"la place {seat} ne vous est pas proposée",
        status=403,
    )
