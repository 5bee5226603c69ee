"""Anthropic usage to canonical ``TokenUsage`` and back. Anthropic's ``input_tokens`` counts only the
tokens after the last cache breakpoint: cache reads (``cache_read_input_tokens``) and writes
(``cache_creation_input_tokens``) are outside it, so the canonical ``input_tokens`` adds them back.
``output_tokens`` includes thinking (``output_tokens_details.thinking_tokens``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat._tables.anthropic import USAGE
from wirechat.adapters._conversion import Conversion

__all__ = ["decode", "encode"]

# The member names, from the usage map: input is the uncached tokens plus cache reads and writes.
_UNCACHED = USAGE.member("input_tokens", 0)
_CACHE_READ = USAGE.member("cache_read_input_tokens")
_CACHE_WRITE = USAGE.member("cache_write_input_tokens")
_OUTPUT = USAGE.member("output_tokens")
_DETAILS, _THINKING = USAGE.path("reasoning_output_tokens")
_KNOWN = {_UNCACHED, _OUTPUT, _CACHE_READ, _CACHE_WRITE}


def _count(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}/{key}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage members (for provider_metadata)."""
    uncached = _count(raw, _UNCACHED, where) or 0
    read = _count(raw, _CACHE_READ, where)
    written = _count(raw, _CACHE_WRITE, where)
    output = _count(raw, _OUTPUT, where) or 0
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
    details = extra.pop(_DETAILS, None)
    if isinstance(details, Mapping):
        details = dict(details)
        thinking = _count(details, _THINKING, f"{where}/{_DETAILS}")
        if thinking is not None:
            fields["reasoning_output_tokens"] = thinking
            details.pop(_THINKING)
        if details:
            extra[_DETAILS] = details
    return TokenUsage(**fields), extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The Anthropic usage object (``input_tokens`` without the cached tokens)."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")
    read = 0 if usage.cache_read_input_tokens is MISSING else usage.cache_read_input_tokens
    written = 0 if usage.cache_write_input_tokens is MISSING else usage.cache_write_input_tokens
    out: dict[str, Any] = {
        _UNCACHED: max(0, usage.input_tokens - read - written),
        _OUTPUT: usage.output_tokens,
    }
    if usage.cache_read_input_tokens is not MISSING:
        out[_CACHE_READ] = read
    if usage.cache_write_input_tokens is not MISSING:
        out[_CACHE_WRITE] = written
    rest = dict(extra or {})
    details = dict(rest.pop(_DETAILS, {}) or {})
    if usage.reasoning_output_tokens is not MISSING:
        details[_THINKING] = usage.reasoning_output_tokens
    if details:
        out[_DETAILS] = details
    out.update(rest)
    return out
