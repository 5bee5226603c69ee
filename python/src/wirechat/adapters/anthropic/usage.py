"""Anthropic usage to canonical ``TokenUsage`` and back. Anthropic's ``input_tokens`` counts only the
tokens after the last cache breakpoint: cache reads (``cache_read_input_tokens``) and writes
(``cache_creation_input_tokens``) are outside it, so the canonical ``input_tokens`` adds them back.
``output_tokens`` includes thinking (``output_tokens_details.thinking_tokens``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat.adapters._conversion import Conversion

__all__ = ["decode", "encode"]

_KNOWN = {"input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"}


def _count(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}/{key}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage members (for provider_metadata)."""
    uncached = _count(raw, "input_tokens", where) or 0
    read = _count(raw, "cache_read_input_tokens", where)
    written = _count(raw, "cache_creation_input_tokens", where)
    output = _count(raw, "output_tokens", where) or 0
    input_tokens = uncached + (read or 0) + (written or 0)
    fields: dict[str, Any] = {
        "input_tokens": input_tokens,
        "output_tokens": output,
        "total_tokens": input_tokens + output,
    }
    if read is not None:
        fields["cache_read_input_tokens"] = read
    if written is not None:
        fields["cache_write_input_tokens"] = written
    extra = {key: value for key, value in raw.items() if key not in _KNOWN and value is not None}
    details = extra.pop("output_tokens_details", None)
    if isinstance(details, Mapping):
        details = dict(details)
        thinking = _count(details, "thinking_tokens", f"{where}/output_tokens_details")
        if thinking is not None:
            fields["reasoning_output_tokens"] = thinking
            details.pop("thinking_tokens")
        if details:
            extra["output_tokens_details"] = details
    return TokenUsage(**fields), extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The Anthropic usage object (``input_tokens`` without the cached tokens)."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")
    read = 0 if usage.cache_read_input_tokens is MISSING else usage.cache_read_input_tokens
    written = 0 if usage.cache_write_input_tokens is MISSING else usage.cache_write_input_tokens
    out: dict[str, Any] = {
        "input_tokens": max(0, usage.input_tokens - read - written),
        "output_tokens": usage.output_tokens,
    }
    if usage.cache_read_input_tokens is not MISSING:
        out["cache_read_input_tokens"] = read
    if usage.cache_write_input_tokens is not MISSING:
        out["cache_creation_input_tokens"] = written
    rest = dict(extra or {})
    details = dict(rest.pop("output_tokens_details", {}) or {})
    if usage.reasoning_output_tokens is not MISSING:
        details["thinking_tokens"] = usage.reasoning_output_tokens
    if details:
        out["output_tokens_details"] = details
    out.update(rest)
    return out
