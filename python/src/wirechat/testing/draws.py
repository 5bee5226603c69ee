"""Examples drawn from a Hypothesis strategy as data, the same in every process: the gate's cases and the
cross-language adapter vectors come from here.

Hypothesis mixes into its draws constants read from every "local" module in ``sys.modules`` (any module
outside site-packages, so the editable wirechat itself and the test files). The same seed then drew other
documents depending on what the process had imported before: the CLI wrote other vectors than pytest
checked, and under pytest-xdist the gate's verdict on a deliberately broken adapter depended on which tests
the worker had run first. ``draw_examples`` draws without them, so a draw is a function of the strategy
and the seed alone. Hypothesis has no setting for this; the private collector is replaced for the draw
(and left alone if a later Hypothesis renames it: the vector drift test and the gate tests then say so).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

__all__ = ["draw_examples"]


@contextlib.contextmanager
def _no_local_constants() -> Iterator[None]:
    from hypothesis.internal.conjecture import providers  # noqa: PLC0415 (private: only here)

    collector = getattr(providers, "_get_local_constants", None)
    if collector is None:
        yield
        return
    providers._get_local_constants = providers.Constants  # type: ignore[attr-defined]
    providers.CONSTANTS_CACHE.cache.clear()  # what earlier draws in this process chose from
    try:
        yield
    finally:
        providers._get_local_constants = collector
        providers.CONSTANTS_CACHE.cache.clear()


def draw_examples(strategy: Any, count: int, seed: int | None = None) -> list[Any]:
    """``count`` examples drawn deterministically from ``strategy`` (for ``seed``, when given)."""
    from hypothesis import HealthCheck, given, settings  # noqa: PLC0415 (the gate extra)

    drawn: list[Any] = []

    @settings(
        max_examples=count, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(strategy)
    def collect(example: Any) -> None:
        drawn.append(example)

    if seed is not None:
        collect._hypothesis_internal_use_seed = seed
    with _no_local_constants():
        collect()
    return drawn
