"""QueryMT ``Usage`` (``input_tokens``, ``output_tokens``, ``reasoning_tokens``, ``cache_read``,
``cache_write``, all u32 defaulting to 0) to canonical ``TokenUsage`` and back.

QueryMT's OpenAI-compatible providers fill ``input_tokens`` from ``prompt_tokens`` (cached tokens
included) and ``output_tokens`` from ``completion_tokens`` (reasoning included): the canonical meanings,
so the counts map one to one; ``total_tokens`` is input + output; a zero cache or reasoning count is
written as absent. Serde's read aliases (``prompt_tokens``, ``completion_tokens``,
``cache_read_input_tokens``, ``cache_creation_input_tokens``) are read too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat._tables.querymt import USAGE
from wirechat.adapters._conversion import Conversion

__all__ = ["MEMBERS", "decode", "encode"]

_NAMES = {
    count: tuple(USAGE.member(count, index) for index in range(len(USAGE.paths(count)))) for count in USAGE.counts
}
"""Each canonical count and the QueryMT names it is read from (the usage map's ``first``): the first wins."""
MEMBERS = {alias for names in _NAMES.values() for alias in names}
"""Every member QueryMT's Usage reads (names and serde aliases)."""


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 0xFFFFFFFF:
        raise ValueError(f"{where}: expected a token count (an integer from 0 to 2**32-1), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the members QueryMT's Usage does not have (for provider_metadata)."""
    counts: dict[str, int] = {}
    for field, names in _NAMES.items():
        for name in names:
            if name in raw and raw[name] is not None:
                counts[field] = _count(raw[name], f"{where}/{name}")
                break
    fields: dict[str, Any] = {
        "input_tokens": counts.get("input_tokens", 0),
        "output_tokens": counts.get("output_tokens", 0),
    }
    fields["total_tokens"] = fields["input_tokens"] + fields["output_tokens"]
    for field in ("cache_read_input_tokens", "cache_write_input_tokens", "reasoning_output_tokens"):
        if counts.get(field):
            fields[field] = counts[field]
    extra = {key: value for key, value in raw.items() if key not in MEMBERS}
    return TokenUsage(**fields), extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """QueryMT's Usage; ``extra`` is ignored (QueryMT's Usage has no other member)."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")

    def count(name: str) -> int:
        value = getattr(usage, name)
        return 0 if value is MISSING else int(value)

    return {names[0]: count(field) for field, names in _NAMES.items()}  # each under QueryMT's own name
