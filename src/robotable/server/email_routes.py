"""The accounts' email (issue 29, "Email, optional"): routes that exist on every server, and
answer 404 ``no_mail`` unless it was given an SMTP server (``robotable serve --smtp URL``):

- ``GET /api/account/mail``: {mail}, whether this server sends email (signed in or not).
- ``POST /api/account/email`` {address, language}: a confirmation link to that address (202);
  the address counts once the link is opened. An address already another account's gets a
  notice instead (its link is made but never sent), and the answer and the account's state are
  the same: they never say whose an address is.
- ``POST /api/account/email/confirm`` {token}: the link's address becomes its account's.
- ``POST /api/account/email/remove``: the address goes (and the wish to be told by email).
- ``POST /api/account/notify`` {notify_by_email, language}: whether to be told by email when it is
  one's turn (needs an address; :mod:`.turn_emails`), and in which language (the page's).
- ``POST /api/account/forgot`` {name, language}: a name or an address; if its account has a
  confirmed address, a reset link goes to it. The answer is always the same, at once: the
  account is looked up, and the message sent, after it (:meth:`Email.send_reset`).
- ``POST /api/account/reset`` {token, password}: the new password; every session ends, this
  browser is signed in, the link is used up.

Links are one use, kept as their token's hash (:mod:`.email_store`); they open ``/account#...``
(a fragment: the token is never sent in a request line nor logged), whose page posts the token.
How often: :meth:`.throttle.Throttle.link`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Literal

from fastapi import Depends, FastAPI, Request, Response
from pydantic import BaseModel, Field

from robotable.server import email_texts
from robotable.server.account_store import Account
from robotable.server.accounts import LONGEST, Accounts, same_site_json
from robotable.server.email_store import CONFIRM, RESET, EmailStore, NewLink, address_key
from robotable.server.mail import Mailer
from robotable.server.passwords import AccountRefusal, check_new_password, hash_password, name_key, tidy_name
from robotable.server.sessions import set_cookie
from robotable.server.tokens import hash_token, new_token

log = logging.getLogger("robotable.server.mail")

HOUR = 3600.0
CONFIRM_LIFETIME = 24 * HOUR
RESET_LIFETIME = HOUR
ADDRESS_LENGTH = 254
ADDRESS = re.compile(r"[!#-'*+\-/-9=?A-Z^-~]+(\.[!#-'*+\-/-9=?A-Z^-~]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
"""An address as people write them: ASCII, a local part of the usual characters, a dotted domain."""


class NewAddress(BaseModel):
    address: str = Field(max_length=LONGEST)
    language: Literal["en", "fr"] = "en"


class LinkToken(BaseModel):
    token: str = Field(max_length=LONGEST)


class Notify(BaseModel):
    notify_by_email: bool
    language: Literal["en", "fr"] | None = None
    """The language the emails speak from now on (the page's); None: as it was."""


class Forgot(BaseModel):
    name: str = Field(max_length=LONGEST, description="the account's name, or its address")
    language: Literal["en", "fr"] = "en"


class Reset(BaseModel):
    token: str = Field(max_length=LONGEST)
    password: str = Field(max_length=LONGEST)


def no_mail() -> AccountRefusal:
    return AccountRefusal(
        "no_mail",
        "this server sends no email",
        "ce serveur n'envoie pas de courriel",
        status=404,
    )


def link_invalid() -> AccountRefusal:
    return AccountRefusal(
        "link_invalid",
        "this link no longer works: it was used already, it is too old, or it was cut short; "
        "ask for a new one",
        "ce lien ne marche plus : il a déjà servi, il est trop ancien ou il a été tronqué ; "
        "demandez-en un nouveau",
        status=400,
    )


def no_address() -> AccountRefusal:
    return AccountRefusal(
        "no_email",
        "add an address and open the link sent to it first",
        "ajoutez d'abord une adresse et ouvrez le lien qui lui est envoyé",
        status=409,
    )


def clean_address(text: str) -> str:
    """The address as kept (no spaces around), or the refusal ``email_invalid`` (422)."""
    address = text.strip()
    if len(address) > ADDRESS_LENGTH or not ADDRESS.fullmatch(address):
        raise AccountRefusal(
            "email_invalid",
            "this is not an email address (like ann@example.org)",
            "ce n'est pas une adresse de courriel (comme ann@exemple.fr)",
            status=422,
        )
    return address


class Email:
    """The email part of the accounts: ``mailer`` None when the server sends no email."""

    def __init__(self, accounts: Accounts, mailer: Mailer | None) -> None:
        self.accounts = accounts
        self.mailer = mailer
        self.store = EmailStore(accounts.store.store)
        self.sending: set[asyncio.Task[None]] = set()
        """Messages being sent after their answer (a reset link): kept until they are done."""

    def now(self) -> float:
        return self.accounts.sessions.clock()

    def mail(self) -> Mailer:
        if self.mailer is None:
            raise no_mail()
        return self.mailer

    async def state(self, account: Account) -> dict[str, Any]:
        """What ``GET /api/account`` says of the account's email."""
        waiting = await asyncio.to_thread(self.store.waiting, account.id, self.now())
        return {
            "mail": self.mailer is not None,
            "email": account.email,
            "email_pending": waiting,
            "notify_by_email": account.notify_by_email,
        }

    async def export(self, account: Account) -> dict[str, Any]:
        """What the export holds of it: the address, its confirmation, the wish, the links'
        purposes and times (never their tokens nor their hashes)."""
        links = await asyncio.to_thread(self.store.links_of, account.id, self.now())
        return {
            "email": account.email,
            "email_confirmed": account.email_confirmed,
            "notify_by_email": account.notify_by_email,
            "email_links": [
                {"purpose": k.purpose, "address": k.address, "created": k.created, "expiry": k.expiry}
                for k in links
            ],
        }

    async def send_link(
        self, account: Account, purpose: str, address: str, send: Callable[[str], Awaitable[None]]
    ) -> None:
        """A new link of ``purpose`` for the account, sent by ``send(link_url)``; the link is
        dropped when its message could not be sent."""
        token, now = new_token(), self.now()
        lifetime = CONFIRM_LIFETIME if purpose == CONFIRM else RESET_LIFETIME
        link = NewLink(
            hash_token(token),
            purpose,
            account.id,
            address if purpose == CONFIRM else None,
            now,
            now + lifetime,
        )
        await asyncio.to_thread(self.store.add_link, link)
        try:
            await send(f"{self.mail().site}/account#{purpose}={token}")
        except AccountRefusal:
            await asyncio.to_thread(self.store.drop_link, link.token_hash)
            raise

    async def send_reset(self, typed: str, language: email_texts.Language) -> None:
        """A reset link to the confirmed address of the account ``typed`` names (its name or its
        address), if there is one: run after the answer, which says the same either way."""
        mailer = self.mail()
        if "@" in typed:
            account = await asyncio.to_thread(self.store.by_address, typed)
        else:
            account = await asyncio.to_thread(self.accounts.store.by_name, name_key(tidy_name(typed)))
        if account is None or account.email is None:
            return
        if not self.accounts.throttle.link_to(address_key(account.email)):
            return  # the address had its share of messages: the answer said nothing either way
        to = account.email

        async def send(url: str) -> None:
            await mailer.send(to, *email_texts.reset_password(language, account.name, url))

        await self.send_link(account, RESET, to, send)

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """``work`` (a coroutine) after the answer; a failure is logged (it was already)."""
        task = asyncio.create_task(work)
        self.sending.add(task)

        def done(finished: asyncio.Task[None]) -> None:
            self.sending.discard(finished)
            failure = None if finished.cancelled() else finished.exception()
            if failure is not None and not isinstance(failure, AccountRefusal):  # a refusal: logged
                log.error("a reset link could not be sent: %s", type(failure).__name__)

        task.add_done_callback(done)


def add_email(app: FastAPI, mailer: Mailer | None) -> None:
    """The routes of the module's description, on the accounts of ``app`` (:func:`.add_accounts`)."""
    accounts: Accounts = app.state.accounts
    email = Email(accounts, mailer)
    app.state.email = email
    accounts.parts.append(email)
    guarded = [Depends(same_site_json)]

    @app.get("/api/account/mail")
    async def has_mail() -> dict[str, Any]:
        """Whether this server sends email (a signed-out page offers "Forgot your password?")."""
        return {"mail": mailer is not None}

    @app.post("/api/account/email", status_code=202, dependencies=guarded)
    async def add_address(body: NewAddress, request: Request) -> dict[str, Any]:
        """A link to confirm the address, sent to it (or, if it is another account's, a notice)."""
        signed_in = await accounts.sessions.required(request)
        mailer = email.mail()
        address = clean_address(body.address)
        account = signed_in.account
        accounts.throttle.link(asker=f"account {account.id}", address=address_key(address))
        holder = await asyncio.to_thread(email.store.holder, address)
        taken = holder is not None and holder != account.id

        async def send(url: str) -> None:
            if taken:  # a link all the same, never sent: the account's state looks the same
                await mailer.send(address, *email_texts.address_in_use(body.language, mailer.site))
            else:
                await mailer.send(address, *email_texts.confirm_address(body.language, account.name, url))

        await email.send_link(account, CONFIRM, address, send)
        await asyncio.to_thread(email.store.set_language, account.id, body.language)  # its emails' too
        return {"address": address}

    @app.post("/api/account/email/confirm", dependencies=guarded)
    async def confirm(body: LinkToken) -> dict[str, Any]:
        """The link's address becomes its account's (signed in or not: the link is the proof)."""
        email.mail()
        found = await asyncio.to_thread(email.store.confirm, hash_token(body.token), email.now())
        if found is None:
            raise link_invalid()
        account, address = found
        return {"name": account.name, "email": address}

    @app.post("/api/account/email/remove", dependencies=guarded)
    async def remove(request: Request) -> dict[str, Any]:
        """The address goes, with the link waiting for one and the wish to be told by email."""
        signed_in = await accounts.sessions.required(request)
        email.mail()
        await asyncio.to_thread(email.store.remove, signed_in.account.id)
        return {"email": None, "email_pending": None, "notify_by_email": False}

    @app.post("/api/account/notify", dependencies=guarded)
    async def notify(body: Notify, request: Request) -> dict[str, Any]:
        """Whether to be told by email when it is one's turn (a confirmed address needed to say yes)."""
        signed_in = await accounts.sessions.required(request)
        email.mail()
        if body.notify_by_email and signed_in.account.email is None:
            raise no_address()
        await asyncio.to_thread(email.store.set_notify, signed_in.account.id, body.notify_by_email)
        if body.language is not None:
            await asyncio.to_thread(email.store.set_language, signed_in.account.id, body.language)
        return {"notify_by_email": body.notify_by_email}

    @app.post("/api/account/forgot", status_code=202, dependencies=guarded)
    async def forgot(body: Forgot, request: Request) -> dict[str, Any]:
        """The same answer, at once, whether or not the name exists or has an address."""
        email.mail()
        typed = body.name.strip()
        key = address_key(typed) if "@" in typed else name_key(tidy_name(typed))
        client = request.client.host if request.client else ""
        accounts.throttle.link(asker=f"forgot {key}", client=client)
        email.later(email.send_reset(typed, body.language))
        return {"sent": True}

    @app.post("/api/account/reset", dependencies=guarded)
    async def reset(body: Reset, request: Request, response: Response) -> dict[str, Any]:
        """The new password of a reset link's account: every session ends, this browser signs in."""
        email.mail()
        check_new_password(body.password)  # a refused password leaves the link as it was
        token_hash = hash_token(body.token)
        if not await asyncio.to_thread(email.store.valid, token_hash, RESET, email.now()):
            raise link_invalid()  # before the hash's cost
        password_hash = await asyncio.to_thread(hash_password, body.password)
        token, session = accounts.sessions.new()
        account = await asyncio.to_thread(email.store.reset, token_hash, password_hash, session)
        if account is None:  # used meanwhile, by another request with the same link
            raise link_invalid()
        accounts.sessions.ended(account.id)
        set_cookie(response, request, token)
        return {"name": account.name}
