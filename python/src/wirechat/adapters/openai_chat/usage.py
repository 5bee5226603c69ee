"""OpenAI usage to canonical ``TokenUsage`` and back. ``prompt_tokens`` already includes the cached
tokens (``prompt_tokens_details.cached_tokens``) and ``completion_tokens`` the reasoning tokens, which is
the canonical meaning, so counts map one to one; ``total`` is recomputed as input + output.

What has no canonical field is kept (``extra``, which the response keeps in ``provider_metadata``) and
written back: the other details, the members a server adds beside the counts (``extra["members"]``), and a
reported ``total_tokens`` that is not prompt + completion (``extra["total_tokens"]``).

Servers that count reasoning outside ``completion_tokens`` (xAI, Gemini's OpenAI endpoint; spec section 7
wants output to include it) are recognised where the numbers prove it: ``reasoning_tokens`` above
``completion_tokens``, or ``total_tokens`` equal to prompt + completion + reasoning. Output is then
completion + reasoning, ``extra["completion_excludes_reasoning"]`` says so, and encoding writes the server's
own ``completion_tokens`` back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat.adapters._conversion import Conversion

__all__ = ["EXCLUDES_REASONING", "decode", "encode"]

_PROMPT_DETAILS = {"cached_tokens": "cache_read_input_tokens", "cache_write_tokens": "cache_write_input_tokens"}
_COMPLETION_DETAILS = {"reasoning_tokens": "reasoning_output_tokens"}
_COUNTS = ("prompt_tokens", "completion_tokens", "total_tokens")
_GROUPS = (("prompt_tokens_details", _PROMPT_DETAILS), ("completion_tokens_details", _COMPLETION_DETAILS))
EXCLUDES_REASONING = "completion_excludes_reasoning"
"""The ``extra`` member (``true``) marking usage whose ``completion_tokens`` left the reasoning out."""


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage details (for provider_metadata)."""
    input_tokens = _count(raw.get("prompt_tokens", 0), f"{where}/prompt_tokens")
    completion = _count(raw.get("completion_tokens", 0), f"{where}/completion_tokens")
    fields: dict[str, Any] = {"input_tokens": input_tokens}
    extra: dict[str, Any] = {}
    for group, names in _GROUPS:
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
    reasoning = fields.get("reasoning_output_tokens", 0)
    total = raw.get("total_tokens")
    if reasoning and (reasoning > completion or total == input_tokens + completion + reasoning):
        completion += reasoning
        extra[EXCLUDES_REASONING] = True
    fields["output_tokens"] = completion
    fields["total_tokens"] = input_tokens + completion
    if total is not None and total != fields["total_tokens"]:
        extra["total_tokens"] = _count(total, f"{where}/total_tokens")
    members = {key: value for key, value in raw.items() if key not in _COUNTS and key not in dict(_GROUPS)}
    members = {key: value for key, value in members.items() if value is not None}
    if members:
        extra["members"] = members
    return TokenUsage(**fields), extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The OpenAI usage object; ``extra`` restores the details, members and counts kept in provider_metadata."""
    if any(getattr(usage, name) is not MISSING for name in ("model", "latency_ms", "cost_micros")):
        conv.degrade("usage.extra", "/usage")
    kept = extra or {}
    completion = usage.output_tokens
    if kept.get(EXCLUDES_REASONING) is True and usage.reasoning_output_tokens is not MISSING:
        completion = max(completion - usage.reasoning_output_tokens, 0)
    out: dict[str, Any] = {
        "prompt_tokens": usage.input_tokens,
        "completion_tokens": completion,
        "total_tokens": kept.get("total_tokens", usage.total_tokens),
    }
    for group, names in _GROUPS:
        details: dict[str, Any] = dict(kept.get(group, {}))
        for key, name in names.items():
            if getattr(usage, name) is not MISSING:
                details[key] = getattr(usage, name)
        if details:
            out[group] = details
    members = kept.get("members")
    if isinstance(members, Mapping):
        out.update({key: value for key, value in members.items() if key not in out})
    return out
