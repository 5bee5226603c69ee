"""Responses usage to canonical ``TokenUsage`` and back (spec section 7). ``input_tokens`` already includes
the cached tokens (``input_tokens_details.cached_tokens`` -> ``cache_read_input_tokens``,
``cache_write_tokens`` -> ``cache_write_input_tokens``) and ``output_tokens`` the reasoning tokens
(``output_tokens_details.reasoning_tokens`` -> ``reasoning_output_tokens``): the canonical meanings, so
counts map one to one; ``total`` is recomputed as input + output. Other details are kept for
``provider_metadata``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat._tables.openai_responses import USAGE
from wirechat.adapters._conversion import Conversion

__all__ = ["decode", "encode"]

# The member names, from the usage map: the two counts and the details objects (group -> member -> count).
# The total is no count the map reads (it is input + output, written back recomputed).
_INPUT = USAGE.member("input_tokens")
_OUTPUT = USAGE.member("output_tokens")
_TOTAL = "total_tokens"
_DETAILS = USAGE.details()
_KNOWN = {_INPUT, _OUTPUT, _TOTAL, *_DETAILS}


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage members (for provider_metadata)."""
    input_tokens = _count(raw.get(_INPUT, 0), f"{where}/{_INPUT}")
    output_tokens = _count(raw.get(_OUTPUT, 0), f"{where}/{_OUTPUT}")
    fields: dict[str, Any] = {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "total_tokens": input_tokens + output_tokens,
    }
    extra: dict[str, Any] = {key: value for key, value in raw.items() if key not in _KNOWN and value is not None}
    for group, names in _DETAILS.items():
        details = raw.get(group)
        if details is None:
            continue
        if not isinstance(details, Mapping):
            raise ValueError(f"{where}/{group}: expected an object, got {type(details).__name__}")
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
    """The Responses usage object; ``extra`` restores the members kept in provider_metadata."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")
    rest = dict(extra or {})
    out: dict[str, Any] = {_INPUT: usage.input_tokens, _OUTPUT: usage.output_tokens, _TOTAL: usage.total_tokens}
    for group, names in _DETAILS.items():
        details: dict[str, Any] = dict(rest.pop(group, None) or {})
        for key, name in names.items():
            if getattr(usage, name) is not MISSING:
                details[key] = getattr(usage, name)
        if details:
            out[group] = details
    out.update(rest)
    return out
