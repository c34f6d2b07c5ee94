from robotable.play.clock import RealClock, VirtualClock
from tests.play.agents import FakeTime


def test_virtual_clock_jumps_and_never_goes_back() -> None:
    clock = VirtualClock()
    assert clock.now() == 0.0
    clock.wait_until(60.0)
    assert clock.now() == 60.0
    clock.wait_until(10.0)
    assert clock.now() == 60.0
    assert not clock.realtime


def test_real_clock_counts_from_its_start_and_sleeps_to_the_deadline() -> None:
    fake = FakeTime(tick=0.0)
    clock = RealClock(fake.monotonic, fake.sleep)
    fake.t += 5.0
    assert clock.now() == 5.0
    clock.wait_until(12.5)
    assert fake.slept == [7.5]
    assert clock.now() == 12.5
    assert clock.realtime


def test_real_clock_sleeps_again_after_waking_early() -> None:
    fake = FakeTime(tick=0.0)
    naps: list[float] = []

    def restless_sleep(seconds: float) -> None:  # the first nap ends halfway
        naps.append(seconds)
        fake.t += seconds / 2 if len(naps) == 1 else seconds

    clock = RealClock(fake.monotonic, restless_sleep)
    clock.wait_until(8.0)
    assert naps == [8.0, 4.0]
    assert clock.now() == 8.0


def test_past_deadline_does_not_sleep() -> None:
    fake = FakeTime(tick=0.0)
    clock = RealClock(fake.monotonic, fake.sleep)
    fake.t += 3.0
    clock.wait_until(1.0)
    assert fake.slept == []
