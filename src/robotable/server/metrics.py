"""What one server process measures, for Prometheus (``GET /metrics``: :mod:`.health`).

Through ``prometheus-client``, each application with a registry of its own (two applications in
one test process count apart). Counted where it happens: an accepted action's time from its
arrival to its announcement (checked, stored, carried out), each transaction of the group
writer, each bot decision, each stand-in seated, each refusal by its code. Read when Prometheus
asks: connections, live tables per game, actions waiting for the writer. Actions per second are
``rate(robotable_action_seconds_count[1m])``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Buckets for what takes milliseconds (an action, a commit), in seconds."""
SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Buckets for what may take seconds (a bot's decision)."""


class Metrics:
    """The measures of one server process, and its registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Histogram(
            "robotable_action_seconds",
            "Accepted actions: from arrival to announcement (checked, stored, carried out)",
            ["game"],
            buckets=FAST,
            registry=self.registry,
        )
        self.commits = Histogram(
            "robotable_commit_seconds",
            "Transactions of the group writer (one or more actions each)",
            buckets=FAST,
            registry=self.registry,
        )
        self.thinking = Histogram(
            "robotable_bot_think_seconds",
            "Bot decisions, from the question to the answer",
            ["game"],
            buckets=SLOW,
            registry=self.registry,
        )
        self.stand_ins = Counter(
            "robotable_stand_ins",
            "Bots seated for a person: gone past the grace period, or out of time",
            ["game"],
            registry=self.registry,
        )
        self.bot_fallbacks = Counter(
            "robotable_bot_fallbacks",
            "Decisions made by the fallback bot for a bot that went past its limit, crashed or cheated",
            ["game"],
            registry=self.registry,
        )
        self.errors = Counter(
            "robotable_errors",
            "Refusals and failures answered, by their code",
            ["code"],
            registry=self.registry,
        )

    def watch(
        self,
        connections: Callable[[], int],
        tables: Callable[[], Mapping[str, int]],
        write_queue: Callable[[], int],
    ) -> None:
        """Read these when Prometheus asks: open connections, live tables per game, actions
        waiting to be written."""
        self.registry.register(_Now(connections, tables, write_queue))

    def refused(self, code: str) -> None:
        """A refusal or error answered, by its code (HTTP or socket)."""
        self.errors.labels(code).inc()


class _Now(Collector):
    """What is read at each scrape rather than counted as it happens."""

    def __init__(
        self,
        connections: Callable[[], int],
        tables: Callable[[], Mapping[str, int]],
        write_queue: Callable[[], int],
    ) -> None:
        self.connections = connections
        self.tables = tables
        self.write_queue = write_queue

    def collect(self) -> Iterator[GaugeMetricFamily]:
        yield GaugeMetricFamily(
            "robotable_connections", "Open WebSocket connections", value=self.connections()
        )
        live = GaugeMetricFamily(
            "robotable_live_tables", "Unfinished tables this process holds", labels=["game"]
        )
        for game, count in sorted(self.tables().items()):
            live.add_metric([game], count)
        yield live
        yield GaugeMetricFamily(
            "robotable_write_queue", "Accepted actions waiting for the writer", value=self.write_queue()
        )
