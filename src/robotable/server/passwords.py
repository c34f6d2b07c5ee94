"""Accounts' names and passwords: what a name and a password may be, how a password is hashed
(argon2id, :data:`HASHER`), and the refusals of the account routes, each in English and French
with a ``code`` and its own HTTP ``status``.

Hashing is slow on purpose (:func:`hash_password`, :func:`check_password`: about 50-200 ms):
the routes run it in a thread (``asyncio.to_thread``), not in a worker process as the bots'
thoughts are (:mod:`.workers`): argon2's C code releases the GIL while it works, so the event
loop goes on meanwhile, and a hash is too short to be worth a process's round trip.

>>> clean_name("  Ann  Marie ")
'Ann Marie'
>>> name_key("ÅNN") == name_key("ånn")
True
"""

from __future__ import annotations

import functools
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from robotable.core.errors import RobotableError

HASHER = PasswordHasher()
"""argon2-cffi's defaults, which are RFC 9106's second recommended ("low memory") profile:
argon2id, 64 MiB of memory, 3 passes, 4 lanes, a 16-byte salt, a 32-byte hash. The first
profile (2 GiB a hash) would let a few sign-ins at once exhaust a small server's memory; this
one costs an attacker 64 MiB and three passes per guess, and this server ~0.05-0.2 s of one
core per sign-in. Hashes carry their parameters: when these change, :func:`check_password`
says so, and the next sign-in stores the password's hash again with the new ones."""

NAME_LENGTH = (3, 24)
PASSWORD_LENGTH = (8, 256)


class AccountRefusal(RobotableError):
    """A refusal of the account routes: a sentence in English and French, a ``code``, a status."""

    status = 400

    def __init__(self, code: str, english: str, french: str, status: int | None = None) -> None:
        super().__init__(english, fr=french)
        self.code = code
        if status is not None:
            self.status = status


def signed_out() -> AccountRefusal:
    return AccountRefusal("signed_out", "you are not signed in", "vous n'êtes pas connecté·e", status=401)


def wrong_sign_in() -> AccountRefusal:
    """The one answer to a wrong name or a wrong password: it never says which."""
    return AccountRefusal(
        "wrong_sign_in",
        "this name and password do not match an account",
        "ce nom et ce mot de passe ne correspondent à aucun compte",
        status=401,
    )


def wrong_password() -> AccountRefusal:
    return AccountRefusal(
        "wrong_password", "the password is not this account's", "ce n'est pas le mot de passe du compte", 403
    )


def name_taken(name: str) -> AccountRefusal:
    return AccountRefusal(
        "name_taken",
        f"the name {name} is already taken (names differing only in capitals are the same): choose another",
        f"le nom {name} est déjà pris (les majuscules ne comptent pas) : choisissez-en un autre",
        status=409,
    )


def clean_name(name: str) -> str:
    """The name as it is kept: NFC, no spaces around, one space between words; or a refusal."""
    name = tidy_name(name)
    low, high = NAME_LENGTH
    if not low <= len(name) <= high or not all(ch.isalnum() or ch in "_- " for ch in name):
        raise AccountRefusal(
            "name_invalid",
            f"a name has {low} to {high} characters: letters, digits, '_', '-' and spaces between words",
            f"un nom a de {low} à {high} caractères : lettres, chiffres, « _ », « - » et des espaces "
            "entre les mots",
            status=422,
        )
    return name


def tidy_name(name: str) -> str:
    """A name as typed, in NFC, without spaces around and with one space between words."""
    return " ".join(part for part in unicodedata.normalize("NFC", name).split(" ") if part)


def name_key(name: str) -> str:
    """What makes two names the same: compatibility-normalised and case-folded ("Ann", "ANN")."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_new_password(password: str) -> None:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise AccountRefusal(
            "password_invalid",
            f"a password has {low} to {high} characters",
            f"un mot de passe a de {low} à {high} caractères",
            status=422,
        )


def hash_password(password: str) -> str:
    """The argon2id hash to store (slow: call it in a thread)."""
    return HASHER.hash(password)


def check_password(password: str, stored_hash: str | None) -> tuple[bool, bool]:
    """Whether ``password`` matches ``stored_hash`` (in constant time: argon2's own check), and
    whether the hash should be made again with :data:`HASHER`'s parameters. Without a hash (no
    such account) a dummy one is checked, so that the answer takes the same time."""
    try:
        HASHER.verify(stored_hash or _dummy_hash(), password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False, False
    if stored_hash is None:
        return False, False
    return True, HASHER.check_needs_rehash(stored_hash)


@functools.cache
def _dummy_hash() -> str:
    return HASHER.hash("no account has this password: it is only checked against")
