"""Hypothesis profiles for the whole suite.

``ci`` (the default) is reproducible: every run draws the same examples (``derandomize``),
no deadline (the 2-core CI machine is shared, so timings vary), and a modest number of
examples. Tests that need more scale from it (see ``tests/conformance/fuzz.py``).

``long`` is for hunting locally: fifty times the examples, drawn afresh on every run::

    .venv/bin/pytest tests/conformance/test_fuzz.py --hypothesis-profile long

A failure found there is printed with the minimal example and a ``@reproduce_failure``
blob; add the example to a test of the game so that CI keeps checking it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

CI_EXAMPLES = 100
"""Examples per ``@given`` test in the ``ci`` profile (Hypothesis' own default)."""

settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=50 * CI_EXAMPLES,
    deadline=None,
    derandomize=False,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci")  # pytest's --hypothesis-profile NAME loads another one after this
