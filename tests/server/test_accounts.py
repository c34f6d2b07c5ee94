"""Accounts and sessions over HTTP (issue 29): sign up, in, out, everywhere, a new password, a
deletion and an export; the names and passwords refused; the cookie's attributes; requests
from other sites refused; sign-in throttled without locking an account's owner out."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from robotable.server import accounts as accounts_module
from robotable.server import passwords, schema
from robotable.server.app import create_app
from robotable.server.passwords import name_key
from robotable.server.sessions import COOKIE, LIFETIME
from robotable.server.store import open_store
from robotable.server.throttle import PER_PAIR, Throttle
from robotable.server.tokens import hash_token

PASSWORD = "correct horse battery"
OWN = {"Origin": "http://testserver"}
"""What a browser sends with a page of the site's own (TestClient's host is ``testserver``)."""


class Clock:
    """A monotonic clock a test moves by hand (the throttle's)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


REAL_HASHER = passwords.HASHER
CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""Quick argon2id hashes for the tests of what the routes do (the real parameters cost ~0.2 s a
hash); the tests of the stored hash itself use the real ones (:func:`real_hashes`)."""


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passwords, "HASHER", CHEAP_HASHER)


def real_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passwords, "HASHER", REAL_HASHER)


@pytest.fixture
def server(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "db.sqlite3")), trusted_proxies=["10.0.0.1"])
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


def client_of(running: TestClient, address: str = "127.0.0.1", **kwargs: Any) -> TestClient:
    """Another device (its own cookies) from ``address``, on the running application's loop."""
    client = TestClient(running.app, client=(address, 1), **kwargs)
    client.portal = running.portal
    return client


def account_id(server: TestClient, name: str) -> int:
    """The id of ``name``'s account (read from the running application's store)."""
    found = server.app.state.accounts.store.by_name(name_key(name))  # type: ignore[attr-defined]
    assert found is not None
    return found.id


def person(server: TestClient, name: str) -> TestClient:
    """Another device, signed up as ``name``."""
    client = client_of(server)
    sign_up(client, name)
    return client


def sign_up(client: TestClient, name: str = "Ann", password: str = PASSWORD) -> Any:
    answer = client.post("/api/account/signup", json={"name": name, "password": password}, headers=OWN)
    assert answer.status_code == 201, answer.text
    return answer


def sign_in(client: TestClient, name: str = "Ann", password: str = PASSWORD) -> Any:
    return client.post("/api/account/signin", json={"name": name, "password": password}, headers=OWN)


def rows(client: TestClient, table: Any) -> list[Any]:
    with client.app.state.accounts.store.store.engine.connect() as connection:  # type: ignore[attr-defined]
        return list(connection.execute(select(table)))


def count(client: TestClient, table: Any) -> int:
    with client.app.state.accounts.store.store.engine.connect() as connection:  # type: ignore[attr-defined]
        return connection.execute(select(func.count()).select_from(table)).scalar_one()


def who(client: TestClient) -> Any:
    return client.get("/api/account")


# --------------------------------------------------------------------------- the account's life


def test_a_sign_up_signs_in_with_a_cookie_whose_token_is_stored_only_as_its_hash(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_hashes(monkeypatch)
    answer = sign_up(server, "  Ann   Lee ")
    assert answer.json() == {"name": "Ann Lee"}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Path=/" in cookie and f"Max-Age={int(LIFETIME)}" in cookie and "Secure" not in cookie
    assert who(server).json()["name"] == "Ann Lee"
    token = server.cookies[COOKIE]
    (session,) = rows(server, schema.sessions)
    assert session.token_hash == hash_token(token) and token not in str(tuple(session))
    (account,) = rows(server, schema.accounts)
    assert account.password_hash.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert PASSWORD not in str(tuple(account)) and account.name_key == "ann lee"


def test_names_are_unique_whatever_their_capitals(server: TestClient) -> None:
    sign_up(server, "Ann")
    for same in ("ann", "ANN", " aNn "):
        answer = client_of(server).post(
            "/api/account/signup", json={"name": same, "password": PASSWORD}, headers=OWN
        )
        assert answer.status_code == 409 and answer.json()["code"] == "name_taken"
        assert "already taken" in answer.json()["error"] and "déjà pris" in answer.json()["error_fr"]
    assert count(server, schema.accounts) == 1 and count(server, schema.sessions) == 1


@pytest.mark.parametrize(
    ("name", "password", "code"),
    [
        ("ab", PASSWORD, "name_invalid"),
        ("x" * 25, PASSWORD, "name_invalid"),
        ("Ann!", PASSWORD, "name_invalid"),
        ("<b>Ann</b>", PASSWORD, "name_invalid"),
        ("Ann\tLee", PASSWORD, "name_invalid"),
        ("   ", PASSWORD, "name_invalid"),
        ("Ann", "short", "password_invalid"),
        ("Ann", "x" * 257, "password_invalid"),
    ],
)
def test_a_wrong_name_or_password_is_refused_in_two_languages_and_nothing_is_stored(
    server: TestClient, name: str, password: str, code: str
) -> None:
    answer = server.post("/api/account/signup", json={"name": name, "password": password}, headers=OWN)
    assert answer.status_code == 422 and answer.json()["code"] == code
    assert answer.json()["error"] and answer.json()["error_fr"] != answer.json()["error"]
    assert COOKIE not in answer.headers.get("set-cookie", "")
    assert count(server, schema.accounts) == 0 and count(server, schema.sessions) == 0


def test_names_of_other_alphabets_and_the_longest_password_are_welcome(server: TestClient) -> None:
    assert sign_up(server, "Zoé_Ü-9", "p" * 256).json() == {"name": "Zoé_Ü-9"}
    assert sign_in(client_of(server), "zoé_ü-9", "p" * 256).status_code == 200


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_after_the_same_work(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_up(server)
    checked: list[str | None] = []
    real = accounts_module.check_password

    def counting(password: str, stored: str | None) -> tuple[bool, bool]:
        checked.append(stored)
        return real(password, stored)

    monkeypatch.setattr(accounts_module, "check_password", counting)
    wrong = sign_in(client_of(server), "Ann", "not the password")
    unknown = sign_in(client_of(server), "Nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() and wrong.json()["code"] == "wrong_sign_in"
    assert "name" not in wrong.json()["error"].replace("this name and password", "")
    assert len(checked) == 2 and checked[0] is not None and checked[1] is None  # a dummy hash checked


def test_a_sign_in_opens_a_new_session_and_ends_the_one_it_came_with(server: TestClient) -> None:
    sign_up(server)
    before = server.cookies[COOKIE]
    assert sign_in(server).json() == {"name": "Ann"}
    after = server.cookies[COOKIE]
    assert after != before
    assert who(client_of(server, cookies={COOKIE: before})).status_code == 401
    assert who(server).status_code == 200 and count(server, schema.sessions) == 1


def test_signing_out_ends_the_session_and_clears_the_cookie(server: TestClient) -> None:
    sign_up(server)
    token = server.cookies[COOKIE]
    answer = server.post("/api/account/signout", headers=OWN)
    assert answer.status_code == 204 and "Max-Age=0" in answer.headers["set-cookie"]
    assert count(server, schema.sessions) == 0
    assert who(client_of(server, cookies={COOKIE: token})).json()["code"] == "signed_out"
    assert server.post("/api/account/signout", headers=OWN).status_code == 204  # signed out already: the same


def test_signing_out_everywhere_ends_every_session_of_the_account_only(server: TestClient) -> None:
    sign_up(server)
    phone = client_of(server)
    assert sign_in(phone).status_code == 200
    other = client_of(server)
    sign_up(other, "Bob")
    assert server.post("/api/account/signout-everywhere", headers=OWN).status_code == 204
    assert who(server).status_code == 401 and who(phone).status_code == 401
    assert who(other).json()["name"] == "Bob"
    assert client_of(server).post("/api/account/signout-everywhere", headers=OWN).status_code == 401


def test_a_new_password_ends_every_other_session_and_the_old_cookie(server: TestClient) -> None:
    sign_up(server)
    old_token = server.cookies[COOKIE]
    phone = client_of(server)
    sign_in(phone)
    body = {"current": PASSWORD, "new": "a new horse battery"}
    answer = server.post("/api/account/password", json=body, headers=OWN)
    assert answer.status_code == 200 and server.cookies[COOKIE] != old_token
    assert who(server).json()["name"] == "Ann"
    assert who(phone).status_code == 401
    assert who(client_of(server, cookies={COOKIE: old_token})).status_code == 401
    assert sign_in(client_of(server)).status_code == 401
    assert sign_in(client_of(server), password="a new horse battery").status_code == 200
    (account,) = rows(server, schema.accounts)
    assert account.password_changed > account.created


def test_a_new_password_needs_the_current_one_and_a_good_new_one(server: TestClient) -> None:
    sign_up(server)
    wrong = server.post("/api/account/password", json={"current": "guess", "new": "x" * 10}, headers=OWN)
    assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_password"
    short = server.post("/api/account/password", json={"current": PASSWORD, "new": "short"}, headers=OWN)
    assert short.status_code == 422 and short.json()["code"] == "password_invalid"
    assert sign_in(client_of(server)).status_code == 200  # the old password still opens it
    signed_out = client_of(server).post("/api/account/password", json={"current": PASSWORD, "new": "x" * 9})
    assert signed_out.status_code == 401


def test_deleting_the_account_takes_its_sessions_and_frees_its_name(server: TestClient) -> None:
    sign_up(server)
    phone = client_of(server)
    sign_in(phone)
    refused = server.post("/api/account/delete", json={"password": "not it"}, headers=OWN)
    assert refused.status_code == 403 and count(server, schema.accounts) == 1
    answer = server.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN)
    assert answer.status_code == 204 and "Max-Age=0" in answer.headers["set-cookie"]
    assert count(server, schema.accounts) == 0 and count(server, schema.sessions) == 0
    assert who(phone).status_code == 401 and sign_in(client_of(server)).status_code == 401
    sign_up(client_of(server), "ann")  # the name is free again


def test_the_export_holds_everything_stored_about_the_account_and_nothing_else(server: TestClient) -> None:
    sign_up(client_of(server), "Bob", "bobs password")
    sign_up(server)
    sign_in(client_of(server))
    answer = server.get("/api/account/export")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
    assert answer.headers["content-disposition"].startswith("attachment")
    data = answer.json()
    email = {"email", "email_confirmed", "notify_by_email", "email_links"}  # tests/server/test_mail.py
    email |= {"email_language", "turn_emails"}  # tests/server/test_turn_emails.py
    seats = {"seats", "chat"}  # tests/server/test_seats_of_accounts.py
    friends = {"friendships", "seat_invitations"}  # tests/server/test_friends.py
    ratings = {"ratings", "rating_history"}  # tests/server/test_ratings.py
    profile = {"profile_hidden"}  # tests/server/test_profiles.py
    puzzles = {"puzzle_solutions"}  # tests/server/test_records.py
    puzzles |= {"published_puzzles"}  # tests/server/test_puzzle_editor.py
    bots = {"bots"}  # tests/server/test_bot_accounts.py
    bots |= {"bot_challenges"}  # tests/server/test_bot_challenges.py
    parts = email | seats | friends | ratings | profile | puzzles | bots
    assert set(data) == {"name", "created", "password_changed", "sessions"} | parts
    assert data["name"] == "Ann" and data["seats"] == data["chat"] == []
    assert data["friendships"] == data["seat_invitations"] == data["ratings"] == data["rating_history"] == []
    assert data["bots"] == []
    assert len(data["sessions"]) == 2
    assert all(set(s) == {"created", "last_seen", "expiry"} for s in data["sessions"])
    for secret in ("argon2", "Bob", PASSWORD, server.cookies[COOKIE], hash_token(server.cookies[COOKIE])):
        assert secret not in answer.text
    assert client_of(server).get("/api/account/export").status_code == 401


def test_a_hash_made_with_older_parameters_is_made_again_at_sign_in(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_hashes(monkeypatch)
    sign_up(server)
    weak = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1).hash(PASSWORD)
    with server.app.state.accounts.store.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(update(schema.accounts).values(password_hash=weak))
    assert sign_in(client_of(server)).status_code == 200
    (account,) = rows(server, schema.accounts)
    assert account.password_hash != weak and "m=65536,t=3,p=4" in account.password_hash


def test_no_password_nor_session_token_is_ever_logged(
    server: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    sign_up(server, "Ann", "my secret password")
    sign_in(client_of(server), "Ann", "a wrong secret")
    server.post(
        "/api/account/password", json={"current": "my secret password", "new": "next secret"}, headers=OWN
    )
    server.post("/api/account/delete", json={"password": "next secret"}, headers=OWN)
    logged = caplog.text + "".join(str(record.args) for record in caplog.records)
    for secret in ("my secret password", "a wrong secret", "next secret"):
        assert secret not in logged


# --------------------------------------------------------------------------- the cookie over HTTPS


def test_the_cookie_is_secure_over_https_and_through_a_trusted_proxy_that_says_so(server: TestClient) -> None:
    direct = client_of(server, "198.51.100.7", base_url="https://testserver")
    headers = {"Origin": "https://testserver"}
    answer = direct.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD}, headers=headers)
    assert answer.status_code == 201 and "Secure" in answer.headers["set-cookie"]
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}
    proxied = client_of(server, "10.0.0.1")
    answer = proxied.post("/api/account/signin", json={"name": "Ann", "password": PASSWORD}, headers=https)
    assert answer.status_code == 200 and "Secure" in answer.headers["set-cookie"]
    untrusted = client_of(server, "198.51.100.8")
    answer = untrusted.post("/api/account/signin", json={"name": "Ann", "password": PASSWORD}, headers=https)
    assert answer.status_code == 200 and "Secure" not in answer.headers["set-cookie"]


# --------------------------------------------------------------------------- other sites


POSTS = [
    ("/api/account/signup", {"name": "Eve", "password": PASSWORD}),
    ("/api/account/signin", {"name": "Ann", "password": PASSWORD}),
    ("/api/account/signout", None),
    ("/api/account/signout-everywhere", None),
    ("/api/account/password", {"current": PASSWORD, "new": "stolen password"}),
    ("/api/account/delete", {"password": PASSWORD}),
]


@pytest.mark.parametrize(("path", "body"), POSTS)
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
    ],
)
def test_another_sites_requests_are_refused_and_change_nothing(
    server: TestClient, path: str, body: Any, headers: dict[str, str]
) -> None:
    sign_up(server)
    token = server.cookies[COOKIE]
    answer = server.post(path, json=body, headers=headers)
    assert answer.status_code == 403 and answer.json()["code"] == "cross_site", answer.text
    assert answer.json()["error_fr"]
    assert server.cookies[COOKIE] == token and who(server).json()["name"] == "Ann"
    assert count(server, schema.accounts) == 1 and count(server, schema.sessions) == 1


@pytest.mark.parametrize(("path", "body"), [(path, body) for path, body in POSTS if body is not None])
@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_must_be_json_which_another_site_cannot_send_unasked(
    server: TestClient, path: str, body: Any, kind: str | None
) -> None:
    import json

    sign_up(server)
    headers = {**OWN, **({"Content-Type": kind} if kind else {})}
    answer = server.post(path, content=json.dumps(body).encode(), headers=headers)
    assert answer.status_code == 415 and answer.json()["code"] == "not_json"
    assert who(server).json()["name"] == "Ann" and count(server, schema.accounts) == 1


def test_the_sites_own_pages_and_scripts_without_origin_are_accepted(server: TestClient) -> None:
    sign_up(server)
    same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert sign_in(client_of(server)).status_code == 200
    assert (
        client_of(server).post("/api/account/signin", json={"name": "Ann", "password": PASSWORD}).status_code
        == 200
    )
    assert server.post("/api/account/signout", headers=same).status_code == 204
    https_page = client_of(server, "198.51.100.7", base_url="https://testserver")
    refused = https_page.post("/api/account/signout", headers={"Origin": "http://testserver"})
    assert refused.status_code == 403  # a page over plain HTTP may not act on the HTTPS site


# --------------------------------------------------------------------------- throttling


def test_wrong_passwords_from_one_address_are_throttled_but_the_owner_signs_in_from_another(
    server: TestClient,
) -> None:
    sign_up(server)
    clock = Clock()
    server.app.state.accounts.throttle = Throttle(clock)  # type: ignore[attr-defined]
    attacker = client_of(server, "198.51.100.7")
    for _ in range(PER_PAIR.burst):
        assert sign_in(attacker, password="a guess at it").status_code == 401
    refused = sign_in(attacker, password="a guess at it")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert refused.json()["code"] == "quota" and refused.json()["params"]["limit"] == "sign_in_name_address"
    assert "try again in 60 seconds" in refused.json()["error"] and "réessayez" in refused.json()["error_fr"]
    assert sign_in(attacker).status_code == 429  # even the right password waits at that address
    assert sign_in(client_of(server, "203.0.113.9")).status_code == 200  # the owner, elsewhere
    clock.now += 60
    assert sign_in(attacker, password="another guess").status_code == 401
    assert sign_in(attacker, password="another guess").status_code == 429


def test_a_session_lasts_thirty_days_after_its_last_use(tmp_path: Path) -> None:
    wall = Clock()
    wall.now = 1_800_000_000.0
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), clock=wall)
    with TestClient(app, client=("127.0.0.1", 50000)) as server:
        sign_up(server)
        wall.now += 20 * 24 * 3600
        renewed = who(server)
        assert renewed.status_code == 200 and f"Max-Age={int(LIFETIME)}" in renewed.headers["set-cookie"]
        (session,) = rows(server, schema.sessions)
        assert session.last_seen == wall.now and session.expiry == wall.now + LIFETIME
        wall.now += 60  # within the hour: nothing written, no cookie
        assert "set-cookie" not in who(server).headers
        wall.now += LIFETIME - 60  # 30 days after its last use (written), the session has ended
        assert who(server).json()["code"] == "signed_out"


def test_another_sites_request_is_refused_before_its_body_is_read(server: TestClient) -> None:
    evil = {"Origin": "https://evil.example"}
    assert server.post("/api/account/signin", json={"junk": 1}, headers=evil).json()["code"] == "cross_site"
    form = {**OWN, "Content-Type": "application/x-www-form-urlencoded"}
    assert server.post("/api/account/signin", content=b"name=Ann", headers=form).json()["code"] == "not_json"


def test_seat_tokens_work_as_before_with_or_without_an_account(server: TestClient) -> None:
    body = {"game": "robotick", "seats": ["human", "human", "human"], "timers": False}
    guest = client_of(server)
    sign_up(server)
    for client in (server, guest):  # signed in, and a guest
        created = client.post("/api/tables", json=body, headers=OWN)
        assert created.status_code == 201, created.text
        headers = {"Authorization": f"Bearer {created.json()['token']}"}
        table = client.get(f"/api/tables/{created.json()['table']}", headers=headers).json()
        played = client.post(
            f"/api/tables/{created.json()['table']}/actions",
            json={"action": table["legal"][0]},
            headers=headers,
        )
        assert played.status_code == 200, played.text
