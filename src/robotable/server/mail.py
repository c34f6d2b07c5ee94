"""Sending email, when the server is given an SMTP server (``robotable serve --smtp URL``).

:func:`smtp_server` reads the URL (``smtp://[user:password@]host[:port]``, ``smtps://`` for
TLS from the first byte, ``smtp+starttls://`` for TLS after ``STARTTLS``); its password is
never shown: :meth:`SmtpServer.shown` names the server without it, for the logs and the
console. :class:`Mailer` sends one plain-text message at a time with the standard library's
``smtplib`` in a thread (never on the event loop), within :data:`TIMEOUT`; a failure is logged
(never the password, never the message, which may hold a link) and becomes the refusal
:func:`mail_failed` (503), a sentence for the person.

The turn emails (:mod:`.turn_emails`) call :meth:`Mailer.send` too.
"""

from __future__ import annotations

import asyncio
import json
import logging
import smtplib
import socket
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import unquote, urlsplit

from robotable.server.passwords import AccountRefusal

log = logging.getLogger("robotable.server.mail")

TIMEOUT = 15.0
"""Seconds a message may take to be handed to the SMTP server (connection included)."""
PORTS = {"smtp": 25, "smtps": 465, "smtp+starttls": 587}


class BadSmtpUrl(ValueError):
    """A ``--smtp`` URL that cannot be used: the sentence says why (never with its password)."""


@dataclass(frozen=True)
class SmtpServer:
    """Where to send, and how: ``scheme`` one of :data:`PORTS`' keys."""

    scheme: str
    host: str
    port: int
    user: str | None = None
    password: str | None = field(default=None, repr=False)

    def shown(self) -> str:
        """The server without its user and password: ``smtp://host:port``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def smtp_server(url: str) -> SmtpServer:
    """The SMTP server of ``url``, or :class:`BadSmtpUrl` saying what is wrong with it."""
    expected = "expected smtp://[user:password@]host[:port], smtps://... or smtp+starttls://..."
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise BadSmtpUrl(
            f"the SMTP server's URL is not one ({expected}, with a port of 1 to 65535)"
        ) from None
    scheme = parts.scheme.lower()
    if scheme not in PORTS:
        raise BadSmtpUrl(f"the SMTP server's URL begins with {scheme or 'nothing'}:// ({expected})")
    if not parts.hostname:
        raise BadSmtpUrl(f"the SMTP server's URL names no host ({expected})")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise BadSmtpUrl(f"the SMTP server's URL has more than a host and a port ({expected})")
    if port == 0:
        raise BadSmtpUrl("the SMTP server's port is 1 to 65535")
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password is not None else None
    if password is not None and user is None:
        raise BadSmtpUrl(f"the SMTP server's URL has a password but no user ({expected})")
    return SmtpServer(scheme, parts.hostname, port or PORTS[scheme], user, password)


@dataclass(frozen=True)
class MailSettings:
    """What a server sends email with: its SMTP server, the ``From`` address, and the site's
    address as people open it (the links in the messages begin with it)."""

    smtp: SmtpServer
    sender: str
    site: str

    def to_json(self) -> str:
        """For the worker processes of ``serve --workers N`` (an environment variable)."""
        smtp = self.smtp
        fields = {"scheme": smtp.scheme, "host": smtp.host, "port": smtp.port, "user": smtp.user}
        return json.dumps(
            {"smtp": fields | {"password": smtp.password}, "sender": self.sender, "site": self.site}
        )

    @classmethod
    def from_json(cls, text: str) -> MailSettings:
        data = json.loads(text)
        return cls(SmtpServer(**data["smtp"]), data["sender"], data["site"])


def mail_failed() -> AccountRefusal:
    return AccountRefusal(
        "mail_failed",
        "the email could not be sent just now (the mail server did not take it): try again later",
        "le courriel n'a pas pu être envoyé pour l'instant (le serveur de courrier ne l'a pas pris) : "
        "réessayez plus tard",
        status=503,
    )


class Mailer:
    """Sends plain-text messages through one SMTP server."""

    def __init__(self, settings: MailSettings, timeout: float = TIMEOUT) -> None:
        self.settings = settings
        self.timeout = timeout

    @property
    def site(self) -> str:
        return self.settings.site.rstrip("/")

    async def send(self, to: str, subject: str, body: str) -> None:
        """One message to ``to``, sent in a thread; :func:`mail_failed` when the server does not
        take it (the failure is logged, without the password or the message)."""
        message = self.message(to, subject, body)
        try:
            await asyncio.to_thread(self._hand_over, message)
        except (OSError, smtplib.SMTPException) as exc:  # socket errors and timeouts are OSErrors
            log.warning(
                "an email could not be sent through %s: %s",
                self.settings.smtp.shown(),
                _said(exc, self.settings.smtp.password),
            )
            raise mail_failed() from None

    def message(self, to: str, subject: str, body: str) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.settings.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain=self.settings.sender.rpartition("@")[2] or None)
        message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no auto-reply comes back
        message.set_content(body)  # text/plain, UTF-8
        return message

    def _hand_over(self, message: EmailMessage) -> None:
        smtp = self.settings.smtp
        context = ssl.create_default_context()
        if smtp.scheme == "smtps":
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                smtp.host, smtp.port, timeout=self.timeout, context=context
            )
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=self.timeout)
        with client:
            if smtp.scheme == "smtp+starttls":
                client.starttls(context=context)
            if smtp.user is not None:
                client.login(smtp.user, smtp.password or "")
            client.send_message(message)


def _said(exc: BaseException, password: str | None) -> str:
    """What went wrong, in one line: the exception's kind and its text (smtplib's texts hold the
    server's reply, never the password; the password is removed all the same if it were there)."""
    text = " ".join(str(exc).split()) or "no detail"
    if password:
        text = text.replace(password, "***")
    return f"{type(exc).__name__}: {text}"[:300]


def default_sender() -> str:
    """``robotable@`` this machine's name."""
    return f"robotable@{socket.getfqdn() or 'localhost'}"


def check_sender(sender: str) -> str:
    """A ``From`` address (``ann@example.org`` or ``Robotable <ann@example.org>``), or
    :class:`BadSmtpUrl`'s sentence."""
    sender = sender.strip()
    if "@" not in sender or any(ch in sender for ch in "\r\n") or len(sender) > 320:
        raise BadSmtpUrl(
            f"the sender's address {sender!r} is not an email address (like robotable@example.org)"
        )
    return sender


def check_site(site: str) -> str:
    """The site's address as people open it (``https://games.example.org``), or a sentence."""
    parts = urlsplit(site.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise BadSmtpUrl(f"{site!r} is not the address of a site (like https://games.example.org)")
    return site.strip().rstrip("/")
