"""How often a password may be guessed (:mod:`robotable.server.throttle`), on a clock moved by
hand: per name and address strictly, per address strictly, per name loosely, so that 10,000
wrong passwords from one address never lock the owner out at another."""

from __future__ import annotations

import pytest

from robotable.server.quotas import OverQuota
from robotable.server.throttle import PER_ADDRESS, PER_NAME, PER_PAIR, SIGN_UPS, Throttle


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def refused(throttle: Throttle, name: str, address: str) -> OverQuota | None:
    try:
        throttle.guess(name, address)
    except OverQuota as refusal:
        return refusal
    return None


def test_one_address_guessing_one_name_gets_a_burst_then_one_guess_a_minute() -> None:
    clock = Clock()
    throttle = Throttle(clock)
    for _ in range(PER_PAIR.burst):
        throttle.guess("ann", "198.51.100.7")
    refusal = refused(throttle, "ann", "198.51.100.7")
    assert refusal is not None and refusal.retry == 60 and refusal.params["limit"] == "sign_in_name_address"
    clock.now += 30
    assert refused(throttle, "ann", "198.51.100.7").retry == 30  # type: ignore[union-attr]
    clock.now += 30
    assert refused(throttle, "ann", "198.51.100.7") is None
    assert refused(throttle, "ann", "198.51.100.7") is not None


def test_ten_thousand_wrong_passwords_from_one_address_never_lock_the_owner_out_elsewhere() -> None:
    clock = Clock()
    throttle = Throttle(clock)
    tried = 0
    while tried < 10_000:  # as fast as the throttle lets them through, for days
        refusal = refused(throttle, "ann", "198.51.100.7")
        if refusal is None:
            tried += 1
        else:
            clock.now += refusal.retry
        if tried % 500 == 0:
            owner = throttle.guess("ann", "203.0.113.9")  # the owner, at home: never refused
            owner.right()
    assert clock.now > 9_000 * PER_PAIR.every  # one guess a minute: about a week for 10,000


def test_the_attackers_address_across_many_names_is_limited_too() -> None:
    throttle = Throttle(Clock())
    for i in range(PER_ADDRESS.burst):
        throttle.guess(f"name{i}", "198.51.100.7")
    refusal = refused(throttle, "another", "198.51.100.7")
    assert refusal is not None and refusal.params["limit"] == "sign_in_address"
    assert refused(throttle, "another", "203.0.113.9") is None


def test_only_many_addresses_together_hold_an_account_closed() -> None:
    throttle = Throttle(Clock())
    for i in range(PER_NAME.burst):
        throttle.guess("ann", f"198.51.{i // 250}.{i % 250}")
    refusal = refused(throttle, "ann", "203.0.113.9")
    assert (
        refusal is not None and refusal.params["limit"] == "sign_in_name" and refusal.retry == PER_NAME.every
    )


def test_a_right_password_gives_its_tokens_back() -> None:
    throttle = Throttle(Clock())
    for _ in range(PER_PAIR.burst * 3):
        throttle.guess("ann", "198.51.100.7").right()
    assert refused(throttle, "ann", "198.51.100.7") is None


def test_an_ipv6_network_is_one_address_and_this_machine_has_no_address_limit() -> None:
    throttle = Throttle(Clock())
    for i in range(PER_PAIR.burst):
        throttle.guess("ann", f"2001:db8::{i + 1}")
    assert refused(throttle, "ann", "2001:db8::ffff") is not None
    for i in range(PER_ADDRESS.burst * 2):
        throttle.guess(f"name{i}", "127.0.0.1")  # loopback: names and pairs only


def test_sign_ups_from_one_address_are_limited() -> None:
    clock = Clock()
    throttle = Throttle(clock)
    for _ in range(SIGN_UPS.burst):
        throttle.sign_up("198.51.100.7")
    with pytest.raises(OverQuota, match="too many new accounts") as refusal:
        throttle.sign_up("198.51.100.7")
    assert refusal.value.retry == SIGN_UPS.every
    throttle.sign_up("203.0.113.9")
    for _ in range(SIGN_UPS.burst * 2):
        throttle.sign_up("127.0.0.1")
