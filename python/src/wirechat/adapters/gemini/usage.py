"""Gemini ``usageMetadata`` <-> canonical ``TokenUsage`` (spec section 7).

- ``input_tokens`` = ``promptTokenCount`` + ``toolUsePromptTokenCount``: the prompt already includes the
  cached tokens (``cachedContentTokenCount``, which is ``cache_read_input_tokens``); tool-use prompt tokens
  (results of built-in tools fed back to the model) are input too.
- ``output_tokens`` = ``candidatesTokenCount`` + ``thoughtsTokenCount``: Gemini counts thoughts outside the
  candidates; ``reasoning_output_tokens`` = ``thoughtsTokenCount``.
- ``total_tokens`` = input + output, which is Gemini's ``totalTokenCount``; a reported total that differs is
  kept raw. Gemini reports no cache writes (a canonical one is dropped, with a warning).

Everything else (the per-modality ``*TokensDetails``, ``toolUsePromptTokenCount`` itself, ``trafficType``)
is returned as the raw rest, for ``provider_metadata["gemini"]["usage"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat._tables.gemini import USAGE
from wirechat.adapters._conversion import Conversion

__all__ = ["decode", "encode"]

# The member names, from the usage map (input = prompt + tool-use prompt, output = candidates + thoughts).
# The reported total is no count the map sums (the canonical total is input + output): kept raw when it differs.
_PROMPT, _TOOL_USE = USAGE.member("input_tokens", 0), USAGE.member("input_tokens", 1)
_CANDIDATES = USAGE.member("output_tokens", 0)
_THOUGHTS = USAGE.member("reasoning_output_tokens")
_CACHED = USAGE.member("cache_read_input_tokens")
_TOTAL = "totalTokenCount"
_COUNTS = (_PROMPT, _CANDIDATES, _THOUGHTS, _CACHED, _TOOL_USE, _TOTAL)


def _count(raw: Mapping[str, Any], key: str, where: str) -> int:
    value = raw.get(key)
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}/{key}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usageMetadata") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage members (for provider_metadata)."""
    counts = {key: _count(raw, key, where) for key in _COUNTS}
    tool_use = counts[_TOOL_USE]
    input_tokens = counts[_PROMPT] + tool_use
    output = counts[_CANDIDATES] + counts[_THOUGHTS]
    fields: dict[str, Any] = {"input_tokens": input_tokens, "output_tokens": output,
                              "total_tokens": input_tokens + output}  # fmt: skip
    if raw.get(_CACHED) is not None:
        fields["cache_read_input_tokens"] = counts[_CACHED]
    if raw.get(_THOUGHTS) is not None:
        fields["reasoning_output_tokens"] = counts[_THOUGHTS]
    extra = {key: value for key, value in raw.items() if key not in _COUNTS and value is not None}
    if raw.get(_TOOL_USE) is not None:
        extra[_TOOL_USE] = tool_use
    if raw.get(_TOTAL) is not None and counts[_TOTAL] != input_tokens + output:
        extra[_TOTAL] = counts[_TOTAL]
    return TokenUsage(**fields), extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``usageMetadata`` object (thoughts outside the candidates, tool-use tokens outside the prompt)."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")
    if usage.cache_write_input_tokens is not MISSING:
        conv.degrade("usage.cache", "/usage/cache_write_input_tokens")
    rest = dict(extra or {})
    tool_use = rest.pop(_TOOL_USE, None)
    reasoning = 0 if usage.reasoning_output_tokens is MISSING else usage.reasoning_output_tokens
    out: dict[str, Any] = {
        _PROMPT: max(0, usage.input_tokens - (tool_use or 0)),
        _CANDIDATES: max(0, usage.output_tokens - reasoning),
    }
    if usage.reasoning_output_tokens is not MISSING:
        out[_THOUGHTS] = reasoning
    if usage.cache_read_input_tokens is not MISSING:
        out[_CACHED] = usage.cache_read_input_tokens
    if tool_use is not None:
        out[_TOOL_USE] = tool_use
    out[_TOTAL] = rest.pop(_TOTAL, usage.input_tokens + usage.output_tokens)
    out.update(rest)
    return out
