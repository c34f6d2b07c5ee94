"""The messages the server sends by email, in English and French (the language of the page
that asked): each a subject and a plain-text body. A message holds its link, the person's
account name and nothing else about them."""

from __future__ import annotations

from typing import Literal

Language = Literal["en", "fr"]


def confirm_address(language: Language, name: str, link: str) -> tuple[str, str]:
    if language == "fr":
        return (
            "Confirmez votre adresse pour robotable",
            f"Bonjour {name},\n\n"
            "Pour ajouter cette adresse à votre compte robotable, ouvrez ce lien dans les 24 heures :\n\n"
            f"{link}\n\n"
            "Si vous ne l'avez pas demandé, ignorez ce message : rien ne change.\n",
        )
    return (
        "Confirm your address for robotable",
        f"Hello {name},\n\n"
        "To add this address to your robotable account, open this link within 24 hours:\n\n"
        f"{link}\n\n"
        "If you did not ask for this, ignore this message: nothing changes.\n",
    )


def address_in_use(language: Language, site: str) -> tuple[str, str]:
    """To an address another account asked to add while it is already an account's: no link."""
    forgot = f"{site}/account#forgot"
    if language == "fr":
        return (
            "Votre adresse sur robotable",
            "Bonjour,\n\n"
            "Quelqu'un a demandé d'ajouter cette adresse à un compte robotable, mais elle est déjà celle "
            "d'un compte. Si c'était vous, connectez-vous à ce compte ; si vous avez oublié son mot de "
            f"passe, demandez-en un nouveau ici :\n\n{forgot}\n\n"
            "Sinon, ignorez ce message : rien ne change.\n",
        )
    return (
        "Your address on robotable",
        "Hello,\n\n"
        "Someone asked to add this address to a robotable account, but it already belongs to an "
        "account. If it was you, sign in to that account; if you forgot its password, ask for a new "
        f"one here:\n\n{forgot}\n\n"
        "If it was not you, ignore this message: nothing changes.\n",
    )


def reset_password(language: Language, name: str, link: str) -> tuple[str, str]:
    if language == "fr":
        return (
            "Nouveau mot de passe pour robotable",
            f"Bonjour {name},\n\n"
            f"Quelqu'un (vous, espérons-le) a demandé un nouveau mot de passe pour le compte robotable "
            f"« {name} ». Pour le choisir, ouvrez ce lien dans l'heure :\n\n{link}\n\n"
            "Si ce n'était pas vous, ignorez ce message : votre mot de passe reste le même.\n",
        )
    return (
        "A new password for robotable",
        f"Hello {name},\n\n"
        f'Someone (you, we hope) asked for a new password for the robotable account "{name}". '
        f"To choose it, open this link within the hour:\n\n{link}\n\n"
        "If it was not you, ignore this message: your password stays as it is.\n",
    )


def your_turn(
    language: Language, name: str, game: str, others: list[str], link: str, account: str
) -> tuple[str, str]:
    """To a person the table ``link`` waits for (one email until they play there)."""
    if language == "fr":
        with_whom = f" avec {_listed(others, 'et')}" if others else ""
        return (
            f"À vous de jouer à {game}{with_whom}",
            f"Bonjour {name},\n\n"
            f"C'est votre tour à {game}{with_whom}. La table vous attend ici :\n\n{link}\n\n"
            "Vous ne recevrez pas d'autre courriel pour cette table avant d'y avoir joué. Pour ne plus "
            f"en recevoir, décochez « M'écrire quand c'est mon tour » sur votre compte :\n\n{account}\n",
        )
    with_whom = f" with {_listed(others, 'and')}" if others else ""
    return (
        f"Your turn at {game}{with_whom}",
        f"Hello {name},\n\n"
        f"It is your turn at {game}{with_whom}. The table waits for you here:\n\n{link}\n\n"
        "You will get no other email for this table until you have played there. To get none at all, "
        f'untick "Email me when it is my turn" on your account:\n\n{account}\n',
    )


def _listed(names: list[str], conjunction: str) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"
