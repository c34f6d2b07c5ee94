"""The accounts' email (issue 29, "Email, optional") over HTTP, with a real SMTP server on this
machine (``aiosmtpd``, started and stopped by each test) that keeps what it is sent: an address
confirmed by its link once, a forgotten password reset by its link once, links that expire, an
answer to "forgot" that never says whether a name exists, the throttles, a server without SMTP
that says so, the export, the deletion, and an SMTP password that never reaches a log."""

from __future__ import annotations

import email
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.policy import default as default_policy
from pathlib import Path
from typing import Any, TypeVar

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

from robotable.cli import serve
from robotable.cli.main import app as cli
from robotable.cli.serve import AppSettings
from robotable.server import mail as mail_module
from robotable.server import passwords, schema
from robotable.server.app import create_app
from robotable.server.mail import Mailer, MailSettings, SmtpServer, smtp_server
from robotable.server.sessions import COOKIE
from robotable.server.store import open_store
from robotable.server.tokens import hash_token

from .process import free_port
from .test_accounts import CHEAP_HASHER, OWN, PASSWORD, client_of, sign_in, sign_up
from .test_serve import settings_handed

HOUR = 3600.0
LINK = re.compile(r"/account#(confirm|reset)=([A-Za-z0-9_-]+)")


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passwords, "HASHER", CHEAP_HASHER)


class Inbox:
    """An aiosmtpd handler that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.port = 0

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=default_policy)
        self.messages.append(message)  # type: ignore[arg-type]
        return "250 OK"

    def wait(self, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            assert time.monotonic() < deadline, f"{len(self.messages)} messages, not {count}"
            time.sleep(0.02)
        return self.messages


Kept = TypeVar("Kept", bound=Inbox)


@contextmanager
def local_smtp(handler: Kept) -> Iterator[Kept]:
    """An SMTP server on loopback (aiosmtpd, a free port) that keeps what it is sent in
    ``handler`` (an :class:`Inbox`), stopped after."""
    handler.port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=handler.port)
    controller.start()
    try:
        yield handler
    finally:
        controller.stop()


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    with local_smtp(Inbox()) as handler:
        yield handler


class Clock:
    """The server's clock (seconds since the epoch), moved by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def settings_of(inbox: Inbox) -> MailSettings:
    return MailSettings(
        SmtpServer("smtp", "127.0.0.1", inbox.port), "robotable@test.example", "http://testserver"
    )


def serving(url: str, clock: Clock, mail: MailSettings | None) -> Iterator[TestClient]:
    store = open_store(url)
    application = create_app(store, clock=clock, mail=mail)
    with TestClient(application, client=("127.0.0.1", 50000)) as client:
        yield client
    store.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def server(url: str, inbox: Inbox, clock: Clock) -> Iterator[TestClient]:
    """A server that sends email, on each database (``url``: tests/server/conftest.py)."""
    yield from serving(url, clock, settings_of(inbox))


@pytest.fixture
def lite(tmp_path: Path, inbox: Inbox, clock: Clock) -> Iterator[TestClient]:
    """The same on SQLite only (for what the database plays no part in)."""
    yield from serving(f"sqlite:///{tmp_path / 'db.sqlite3'}", clock, settings_of(inbox))


def post(client: TestClient, route: str, body: dict[str, Any] | None = None) -> Any:
    return client.post(f"/api/account/{route}", json=body or {}, headers=OWN)


def link_of(message: EmailMessage) -> tuple[str, str]:
    found = LINK.search(message.get_content())
    assert found is not None, message.get_content()
    return found[1], found[2]


def count(client: TestClient, table: Any) -> int:
    with client.app.state.accounts.store.store.engine.connect() as connection:  # type: ignore[attr-defined]
        return connection.execute(select(func.count()).select_from(table)).scalar_one()


def settle(client: TestClient) -> None:
    """Every message sent after its answer (a reset link) is sent."""
    deadline = time.monotonic() + 10
    while client.app.state.email.sending:  # type: ignore[attr-defined]
        assert time.monotonic() < deadline
        time.sleep(0.02)


def confirmed(client: TestClient, inbox: Inbox, address: str = "ann@example.org") -> None:
    """The signed-in account of ``client`` has ``address``, confirmed."""
    before = len(inbox.messages)
    assert post(client, "email", {"address": address}).status_code == 202
    _purpose, token = link_of(inbox.wait(before + 1)[-1])
    assert post(client, "email/confirm", {"token": token}).status_code == 200


# --------------------------------------------------------------------------- an address


def test_an_address_is_confirmed_by_its_link_once(server: TestClient, inbox: Inbox) -> None:
    sign_up(server)
    answer = post(server, "email", {"address": "  Ann@Example.org ", "language": "fr"})
    assert answer.status_code == 202 and answer.json() == {"address": "Ann@Example.org"}
    (message,) = inbox.wait(1)
    assert message["To"] == "Ann@Example.org" and message["From"] == "robotable@test.example"
    assert (
        message["Subject"] == "Confirmez votre adresse pour robotable"
        and "Bonjour Ann" in message.get_content()
    )
    purpose, token = link_of(message)
    assert purpose == "confirm" and f"http://testserver/account#confirm={token}" in message.get_content()
    state = server.get("/api/account").json()
    assert state["mail"] is True and state["email"] is None and state["email_pending"] == "Ann@Example.org"
    with server.app.state.accounts.store.store.engine.connect() as connection:  # type: ignore[attr-defined]
        (row,) = connection.execute(select(schema.email_links))
    assert row.token_hash == hash_token(token) and token not in str(tuple(row)) and row.purpose == "confirm"

    wrong = post(server, "email/confirm", {"token": token[:-2]})
    assert wrong.status_code == 400 and wrong.json()["code"] == "link_invalid"
    assert (
        "ask for a new one" in wrong.json()["error"] and "demandez-en un nouveau" in wrong.json()["error_fr"]
    )
    assert server.get("/api/account").json()["email"] is None  # nothing changed

    opened = post(
        client_of(server), "email/confirm", {"token": token}
    )  # another browser: the link is the proof
    assert opened.status_code == 200 and opened.json() == {"name": "Ann", "email": "Ann@Example.org"}
    state = server.get("/api/account").json()
    assert state["email"] == "Ann@Example.org" and state["email_pending"] is None
    again = post(server, "email/confirm", {"token": token})
    assert again.status_code == 400 and again.json()["code"] == "link_invalid"


def test_a_new_address_waits_for_its_link_and_the_old_one_stays_meanwhile(
    lite: TestClient, inbox: Inbox
) -> None:
    sign_up(lite)
    confirmed(lite, inbox)
    assert post(lite, "email", {"address": "first@example.org"}).status_code == 202
    assert post(lite, "email", {"address": "second@example.org"}).status_code == 202
    first, second = (link_of(message)[1] for message in inbox.wait(3)[1:])
    state = lite.get("/api/account").json()
    assert state["email"] == "ann@example.org" and state["email_pending"] == "second@example.org"
    assert post(lite, "email/confirm", {"token": first}).json()["code"] == "link_invalid"  # replaced
    assert post(lite, "email/confirm", {"token": second}).status_code == 200
    assert lite.get("/api/account").json()["email"] == "second@example.org"


def test_a_confirmation_link_lasts_a_day(server: TestClient, inbox: Inbox, clock: Clock) -> None:
    sign_up(server)
    post(server, "email", {"address": "ann@example.org"})
    _purpose, token = link_of(inbox.wait(1)[0])
    clock.now += 24 * HOUR + 1
    sign_in(server)  # the session too was made on the server's clock
    assert post(server, "email/confirm", {"token": token}).json()["code"] == "link_invalid"
    assert server.get("/api/account").json()["email"] is None


@pytest.mark.parametrize(
    "address",
    [
        "ann",
        "ann@",
        "@example.org",
        "ann@example",
        "a b@example.org",
        "ann@exa mple.org",
        "ann@example.org\r\nBcc: x@example.org",
        "x" * 250 + "@example.org",
        "zoé@example.org",
    ],
)
def test_what_is_not_an_address_is_refused_and_nothing_is_sent(
    lite: TestClient, inbox: Inbox, address: str
) -> None:
    sign_up(lite)
    answer = post(lite, "email", {"address": address})
    assert answer.status_code == 422 and answer.json()["code"] == "email_invalid"
    assert "ann@example.org" in answer.json()["error"] and answer.json()["error_fr"]
    assert count(lite, schema.email_links) == 0 and inbox.messages == []


def test_an_address_is_one_accounts_and_the_answer_does_not_say_so(lite: TestClient, inbox: Inbox) -> None:
    sign_up(lite)
    confirmed(lite, inbox, "ann@example.org")
    bob = client_of(lite)
    sign_up(bob, "Bob")
    free = post(bob, "email", {"address": "bob@example.org"})
    taken = post(bob, "email", {"address": "ANN@example.org"})
    assert free.status_code == taken.status_code == 202 and set(free.json()) == set(taken.json())
    assert bob.get("/api/account").json()["email_pending"] == "ANN@example.org"  # as if it were free
    notice = inbox.wait(3)[-1]
    assert (
        notice["To"] == "ANN@example.org" and LINK.search(notice.get_content().replace("#forgot", "")) is None
    )
    assert "already belongs to an account" in notice.get_content() and "Bob" not in notice.get_content()
    # the link made for it was never sent: nobody can confirm it
    assert count(lite, schema.email_links) == 1
    assert lite.get("/api/account").json()["email"] == "ann@example.org"


def test_two_accounts_confirming_one_address_the_first_keeps_it(server: TestClient, inbox: Inbox) -> None:
    sign_up(server)
    bob = client_of(server)
    sign_up(bob, "Bob")
    post(server, "email", {"address": "shared@example.org"})
    post(bob, "email", {"address": "Shared@Example.org"})  # nobody had it yet: a link each
    ann_token, bob_token = (link_of(message)[1] for message in inbox.wait(2))
    assert post(server, "email/confirm", {"token": ann_token}).status_code == 200
    late = post(bob, "email/confirm", {"token": bob_token})
    assert late.status_code == 409 and late.json()["code"] == "email_taken" and late.json()["error_fr"]
    assert bob.get("/api/account").json()["email"] is None
    assert server.get("/api/account").json()["email"] == "shared@example.org"
    with pytest.raises(IntegrityError), server.app.state.accounts.store.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(update(schema.accounts).values(email_key="shared@example.org"))  # the index itself


def test_removing_the_address_and_the_wish_for_email(server: TestClient, inbox: Inbox) -> None:
    sign_up(server)
    refused = post(server, "notify", {"notify_by_email": True})
    assert refused.status_code == 409 and refused.json()["code"] == "no_email"
    assert server.get("/api/account").json()["notify_by_email"] is False
    confirmed(server, inbox)
    assert post(server, "notify", {"notify_by_email": True}).json() == {"notify_by_email": True}
    assert server.get("/api/account").json()["notify_by_email"] is True
    assert post(server, "notify", {"notify_by_email": "yes please"}).status_code == 422
    removed = post(server, "email/remove")
    assert removed.status_code == 200
    state = server.get("/api/account").json()
    assert (state["email"], state["email_pending"], state["notify_by_email"]) == (None, None, False)
    # the address is free for another account
    bob = client_of(server)
    sign_up(bob, "Bob")
    confirmed(bob, inbox)
    assert bob.get("/api/account").json()["email"] == "ann@example.org"


# --------------------------------------------------------------------------- a forgotten password


def test_a_forgotten_password_is_reset_by_its_link_once(server: TestClient, inbox: Inbox) -> None:
    sign_up(server)
    confirmed(server, inbox)
    phone = client_of(server)
    assert sign_in(phone).status_code == 200
    stranger = client_of(server)
    answer = post(stranger, "forgot", {"name": " ANN ", "language": "en"})
    assert answer.status_code == 202 and answer.json() == {"sent": True}
    message = inbox.wait(2)[-1]
    assert message["To"] == "ann@example.org" and message["Subject"] == "A new password for robotable"
    purpose, token = link_of(message)
    assert purpose == "reset"

    short = post(stranger, "reset", {"token": token, "password": "short"})
    assert short.status_code == 422 and short.json()["code"] == "password_invalid"
    other = ("y" if token[0] == "x" else "x") + token[1:]  # one character off, never the token itself
    wrong = post(stranger, "reset", {"token": other, "password": "a new horse battery"})
    assert wrong.status_code == 400 and wrong.json()["code"] == "link_invalid"
    done = post(stranger, "reset", {"token": token, "password": "a new horse battery"})
    assert done.status_code == 200 and done.json() == {"name": "Ann"} and COOKIE in done.headers["set-cookie"]
    assert stranger.get("/api/account").json()["name"] == "Ann"  # this browser is signed in
    for old in (server, phone):
        assert old.get("/api/account").status_code == 401  # every other session ended
    assert sign_in(client_of(server)).status_code == 401  # the old password no longer works
    assert sign_in(client_of(server), "Ann", "a new horse battery").status_code == 200
    again = post(client_of(server), "reset", {"token": token, "password": "yet another horse"})
    assert again.status_code == 400 and again.json()["code"] == "link_invalid"


def test_a_reset_link_is_asked_by_address_and_lasts_an_hour(
    server: TestClient, inbox: Inbox, clock: Clock
) -> None:
    sign_up(server)
    confirmed(server, inbox)
    post(client_of(server), "forgot", {"name": "Ann@EXAMPLE.org", "language": "fr"})
    message = inbox.wait(2)[-1]
    assert message["Subject"] == "Nouveau mot de passe pour robotable" and "« Ann »" in message.get_content()
    _purpose, token = link_of(message)
    clock.now += HOUR + 1
    late = post(client_of(server), "reset", {"token": token, "password": "a new horse battery"})
    assert late.status_code == 400 and late.json()["code"] == "link_invalid"
    assert sign_in(client_of(server)).status_code == 200  # the password is unchanged


def test_forgot_answers_alike_whether_or_not_the_name_exists_or_has_an_address(
    lite: TestClient, inbox: Inbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_up(lite)
    confirmed(lite, inbox)
    sign_up(client_of(lite), "Bob")  # no address
    real = mail_module.Mailer._hand_over

    def slow(self: Any, message: Any) -> None:
        time.sleep(1.5)  # a slow mail server: the answer must not wait for it
        real(self, message)

    monkeypatch.setattr(mail_module.Mailer, "_hand_over", slow)
    answers, times = [], []
    for name in ("Nobody", "Bob", "Ann", "nobody@example.org", "ann@example.org"):
        start = time.monotonic()
        answer = post(client_of(lite), "forgot", {"name": name})
        times.append(time.monotonic() - start)
        answers.append((answer.status_code, answer.json(), sorted(answer.headers.keys())))
    assert all(answer == answers[0] for answer in answers) and answers[0][0] == 202
    assert max(times) < 1.0, times  # none waited for the slow mail server
    settle(lite)
    assert [message["To"] for message in inbox.messages[1:]] == ["ann@example.org"] * 2


# --------------------------------------------------------------------------- throttles


def test_links_are_throttled_per_account_and_per_address(lite: TestClient, inbox: Inbox) -> None:
    sign_up(lite)
    for number in range(5):
        assert post(lite, "email", {"address": f"ann{number}@example.org"}).status_code == 202
    refused = post(lite, "email", {"address": "ann9@example.org"})
    assert refused.status_code == 429 and refused.json()["code"] == "quota"
    assert refused.json()["params"]["limit"] == "email_asker" and int(refused.headers["Retry-After"]) > 0
    assert "too many emails" in refused.json()["error"] and "try again in" in refused.json()["error"]
    assert "réessayez" in refused.json()["error_fr"]
    bob = client_of(lite)
    sign_up(bob, "Bob")
    assert post(bob, "email", {"address": "ann0@example.org"}).status_code == 202  # its 2nd message
    carol = client_of(lite)
    sign_up(carol, "Carol")
    for _ in range(3):
        assert post(carol, "email", {"address": "ann0@example.org"}).status_code == 202
    flooded = post(carol, "email", {"address": "ANN0@example.org"})
    assert flooded.status_code == 429 and flooded.json()["params"]["limit"] == "email_address"
    assert len(inbox.wait(9)) == 9


def test_forgot_is_throttled_per_name_typed_whether_or_not_it_exists(lite: TestClient) -> None:
    for name in ("Nobody", "Ann"):
        if name == "Ann":
            sign_up(lite)
        for _ in range(5):
            assert post(client_of(lite), "forgot", {"name": name}).status_code == 202
        refused = post(client_of(lite), "forgot", {"name": name.upper()})
        assert refused.status_code == 429 and refused.json()["params"]["limit"] == "email_asker"
    settle(lite)


def test_forgot_sends_an_address_no_more_than_its_share(lite: TestClient, inbox: Inbox) -> None:
    sign_up(lite)
    confirmed(lite, inbox)  # the address's first message
    for typed in ("Ann", "ann@example.org", "ANN@example.org", "Ann ", "aNN", "ann@EXAMPLE.org"):
        assert post(client_of(lite), "forgot", {"name": typed}).status_code == 202  # the same answer
    settle(lite)
    assert len(inbox.messages) == 5  # four reset links, then nothing more to that address for now


# --------------------------------------------------------------------------- without SMTP


def test_without_smtp_the_routes_say_this_server_sends_no_email(tmp_path: Path, clock: Clock) -> None:
    for client in serving(f"sqlite:///{tmp_path / 'db.sqlite3'}", clock, None):
        sign_up(client)
        assert client.get("/api/account").json()["mail"] is False
        for route, body in [
            ("email", {"address": "ann@example.org"}),
            ("email/confirm", {"token": "abc"}),
            ("email/remove", {}),
            ("notify", {"notify_by_email": True}),
            ("forgot", {"name": "Ann"}),
            ("reset", {"token": "abc", "password": "a new horse battery"}),
        ]:
            answer = post(client, route, body)
            assert answer.status_code == 404, route
            assert (
                answer.json()["error"] == "this server sends no email" and answer.json()["code"] == "no_mail"
            )
            assert answer.json()["error_fr"] == "ce serveur n'envoie pas de courriel"
        assert count(client, schema.email_links) == 0
        assert sign_in(client).status_code == 200  # everything else as before


def test_the_email_routes_are_guarded_like_the_others(lite: TestClient) -> None:
    sign_up(lite)
    other_site = lite.post(
        "/api/account/email", json={"address": "ann@example.org"}, headers={"Origin": "https://evil.example"}
    )
    assert other_site.status_code == 403 and other_site.json()["code"] == "cross_site"
    as_text = lite.post(
        "/api/account/forgot", content='{"name": "Ann"}', headers={**OWN, "Content-Type": "text/plain"}
    )
    assert as_text.status_code == 415
    signed_out = post(client_of(lite), "email", {"address": "ann@example.org"})
    assert signed_out.status_code == 401 and signed_out.json()["code"] == "signed_out"
    assert count(lite, schema.email_links) == 0


# --------------------------------------------------------------------------- export, deletion


def test_the_export_holds_the_address_and_never_a_links_token(server: TestClient, inbox: Inbox) -> None:
    sign_up(server)
    confirmed(server, inbox)
    post(server, "notify", {"notify_by_email": True})
    post(client_of(server), "forgot", {"name": "Ann"})
    settle(server)
    _purpose, token = link_of(inbox.wait(2)[-1])
    data = server.get("/api/account/export").json()
    assert (
        data["email"] == "ann@example.org" and data["email_confirmed"] > 0 and data["notify_by_email"] is True
    )
    assert [(link["purpose"], link["address"]) for link in data["email_links"]] == [("reset", None)]
    text = server.get("/api/account/export").text
    assert token not in text and hash_token(token) not in text


def test_deleting_the_account_deletes_its_links_and_frees_its_address(
    server: TestClient, inbox: Inbox
) -> None:
    sign_up(server)
    confirmed(server, inbox)
    post(server, "email", {"address": "next@example.org"})
    post(client_of(server), "forgot", {"name": "Ann"})
    settle(server)
    assert count(server, schema.email_links) == 2
    assert post(server, "delete", {"password": PASSWORD}).status_code == 204
    assert count(server, schema.email_links) == 0
    bob = client_of(server)
    sign_up(bob, "Bob")
    confirmed(bob, inbox)


# --------------------------------------------------------------------------- the SMTP server's password


def test_a_failed_message_is_a_sentence_and_its_password_is_never_logged(
    tmp_path: Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    closed = free_port()  # nothing listens there
    settings = MailSettings(
        smtp_server(f"smtp://robot:s3cret-Pa55@127.0.0.1:{closed}"), "r@test.example", "http://t"
    )
    assert "s3cret" not in repr(settings) and settings.smtp.shown() == f"smtp://127.0.0.1:{closed}"
    caplog.set_level("DEBUG")
    for client in serving(f"sqlite:///{tmp_path / 'db.sqlite3'}", clock, settings):
        sign_up(client)
        answer = post(client, "email", {"address": "ann@example.org"})
        assert answer.status_code == 503 and answer.json()["code"] == "mail_failed"
        assert "try again later" in answer.json()["error"] and "réessayez" in answer.json()["error_fr"]
        assert client.get("/api/account").json()["email_pending"] is None  # the unsent link is gone
        post(client, "forgot", {"name": "Ann"})
        settle(client)
    assert f"smtp://127.0.0.1:{closed}" in caplog.text
    assert "s3cret" not in caplog.text and "Pa55" not in caplog.text


def test_logging_in_to_the_smtp_server(
    tmp_path: Path, clock: Clock, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a user and password the server logs in (aiosmtpd checks them), and a wrong password
    is a failure logged without it."""
    from aiosmtpd.smtp import AuthResult

    # aiosmtpd leaves a refused login waiting: the mail's time limit answers it, shortened here
    monkeypatch.setattr(Mailer.__init__, "__defaults__", (2.0,))

    inbox = Inbox()
    inbox.port = free_port()

    def check(_server: Any, _session: Any, _envelope: Any, mechanism: str, data: Any) -> AuthResult:
        return AuthResult(success=(data.login, data.password) == (b"robot", b"s3cret-Pa55"))

    controller = Controller(
        inbox, hostname="127.0.0.1", port=inbox.port, authenticator=check, auth_require_tls=False
    )
    controller.start()
    try:
        for password, sent in (("s3cret-Pa55", True), ("wr0ng-Pa55", False)):
            settings = MailSettings(
                smtp_server(f"smtp://robot:{password}@127.0.0.1:{inbox.port}"), "r@test.example", "http://t"
            )
            for client in serving(f"sqlite:///{tmp_path / f'{sent}.sqlite3'}", clock, settings):
                sign_up(client)
                answer = post(client, "email", {"address": "ann@example.org"})
                assert answer.status_code == (202 if sent else 503), answer.text
    finally:
        controller.stop()
    assert len(inbox.messages) == 1
    assert "wr0ng" not in caplog.text and "s3cret" not in caplog.text


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("ftp://mail.example.org", "begins with ftp://"),
        ("smtp://", "names no host"),
        ("smtp://mail.example.org:99999", "port"),
        ("smtp://mail.example.org/inbox", "more than a host and a port"),
        ("smtp://:hunter2-secret@mail.example.org", "a password but no user"),
    ],
)
def test_a_malformed_smtp_url_is_refused_at_start_in_one_line(tmp_path: Path, url: str, said: str) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    result = CliRunner().invoke(cli, ["serve", "--port", str(free_port()), "--db", db, "--smtp", url])
    assert result.exit_code == 2 and result.output.startswith("error: --smtp: the SMTP server's")
    assert said in result.output and "hunter2" not in result.output


def test_serve_reads_its_smtp_server_from_the_environment_and_hands_it_to_workers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    handed = settings_handed(monkeypatch)
    monkeypatch.setenv(serve.SMTP_VARIABLE, "smtp+starttls://robot:hunter2-secret@mail.example.org")
    db, port = f"sqlite:///{tmp_path / 'db.sqlite3'}", free_port()
    result = CliRunner().invoke(
        cli, ["serve", "--port", str(port), "--db", db, "--mail-from", "games@example.org"]
    )
    assert result.exit_code == 0, result.output
    assert "mail: smtp+starttls://mail.example.org:587" in result.output and "hunter2" not in result.output
    (settings,) = handed
    assert settings.mail == MailSettings(
        SmtpServer("smtp+starttls", "mail.example.org", 587, "robot", "hunter2-secret"),
        "games@example.org",
        f"http://127.0.0.1:{port}",
    )
    for variable in (serve.MAIL_VARIABLE, serve.THINK_VARIABLE):
        monkeypatch.setenv(variable, "")  # each put back as it was after the test
    settings.export()
    assert AppSettings.imported().mail == settings.mail
    everywhere = CliRunner().invoke(
        cli, ["serve", "--host", "0.0.0.0", "--port", str(free_port()), "--db", db]
    )
    assert everywhere.exit_code == 2 and "--public-url" in everywhere.output
    monkeypatch.delenv(serve.SMTP_VARIABLE)
    assert CliRunner().invoke(cli, ["serve", "--port", str(free_port()), "--db", db]).exit_code == 0
    assert handed[-1].mail is None
