"""Token usage arithmetic with the spec's semantics (schema/README.md, section 7).

Counts sum; an optional count absent on both sides stays absent; ``model`` is the accumulator's when
both are set and differ, else whichever side has one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage

__all__ = ["add_usage", "sum_usage"]

_REQUIRED_COUNTS = ("input_tokens", "output_tokens", "total_tokens")
_OPTIONAL_COUNTS = (
    "cache_read_input_tokens",
    "cache_write_input_tokens",
    "reasoning_output_tokens",
    "latency_ms",
    "cost_micros",
)


def add_usage(accumulator: TokenUsage, other: TokenUsage) -> TokenUsage:
    """``accumulator + other``, as a new ``TokenUsage``."""
    fields: dict[str, Any] = {name: getattr(accumulator, name) + getattr(other, name) for name in _REQUIRED_COUNTS}
    for name in _OPTIONAL_COUNTS:
        left, right = getattr(accumulator, name), getattr(other, name)
        if left is not MISSING or right is not MISSING:
            fields[name] = (0 if left is MISSING else left) + (0 if right is MISSING else right)
    model = accumulator.model if accumulator.model is not MISSING else other.model
    if model is not MISSING:
        fields["model"] = model
    return TokenUsage(**fields)


def sum_usage(usages: Iterable[TokenUsage]) -> TokenUsage | None:
    """The sum of ``usages`` in order (the first model named labels the total), or None when empty."""
    total: TokenUsage | None = None
    for usage in usages:
        total = usage if total is None else add_usage(total, usage)
    return total
