"""OpenAI usage to canonical ``TokenUsage`` and back. ``prompt_tokens`` already includes the cached
tokens (``prompt_tokens_details.cached_tokens``) and ``completion_tokens`` the reasoning tokens, which is
the canonical meaning, so counts map one to one; ``total`` is recomputed as input + output."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat.adapters._conversion import Conversion

__all__ = ["decode", "encode"]

_PROMPT_DETAILS = {"cached_tokens": "cache_read_input_tokens", "cache_write_tokens": "cache_write_input_tokens"}
_COMPLETION_DETAILS = {"reasoning_tokens": "reasoning_output_tokens"}


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage details (for provider_metadata)."""
    input_tokens = _count(raw.get("prompt_tokens", 0), f"{where}/prompt_tokens")
    output_tokens = _count(raw.get("completion_tokens", 0), f"{where}/completion_tokens")
    fields: dict[str, Any] = {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "total_tokens": input_tokens + output_tokens,
    }
    extra: dict[str, Any] = {}
    for group, names in (
        ("prompt_tokens_details", _PROMPT_DETAILS),
        ("completion_tokens_details", _COMPLETION_DETAILS),
    ):
        details = raw.get(group)
        if not isinstance(details, Mapping):
            continue
        rest = {}
        for key, value in details.items():
            if key in names and value is not None:
                fields[names[key]] = _count(value, f"{where}/{group}/{key}")
            elif value is not None:
                rest[key] = value
        if rest:
            extra[group] = rest
    return TokenUsage(**fields), extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The OpenAI usage object; ``extra`` restores the details kept in provider_metadata."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")
    out: dict[str, Any] = {
        "prompt_tokens": usage.input_tokens,
        "completion_tokens": usage.output_tokens,
        "total_tokens": usage.total_tokens,
    }
    for group, names in (
        ("prompt_tokens_details", _PROMPT_DETAILS),
        ("completion_tokens_details", _COMPLETION_DETAILS),
    ):
        details: dict[str, Any] = dict((extra or {}).get(group, {}))
        for key, name in names.items():
            if getattr(usage, name) is not MISSING:
                details[key] = getattr(usage, name)
        if details:
            out[group] = details
    return out
