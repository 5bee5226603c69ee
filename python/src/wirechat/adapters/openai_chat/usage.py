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
from wirechat._tables.openai_chat import USAGE
from wirechat.adapters._conversion import Conversion

__all__ = ["EXCLUDES_REASONING", "decode", "encode"]

# The member names, from the usage map: the two counts and the details objects (group -> member -> count).
# The reported total is no count the map reads (the canonical total is input + output): kept when it differs.
_PROMPT = USAGE.member("input_tokens")
_COMPLETION = USAGE.member("output_tokens")
_TOTAL = "total_tokens"
_COUNTS = (_PROMPT, _COMPLETION, _TOTAL)
_GROUPS = tuple(USAGE.details().items())
EXCLUDES_REASONING = "completion_excludes_reasoning"
"""The ``extra`` member (``true``) marking usage whose ``completion_tokens`` left the reasoning out."""


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}: expected a token count (an integer >= 0), got {value!r}")
    return value


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the provider's other usage details (for provider_metadata)."""
    input_tokens = _count(raw.get(_PROMPT, 0), f"{where}/{_PROMPT}")
    completion = _count(raw.get(_COMPLETION, 0), f"{where}/{_COMPLETION}")
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
    total = raw.get(_TOTAL)
    if reasoning and (reasoning > completion or total == input_tokens + completion + reasoning):
        completion += reasoning
        extra[EXCLUDES_REASONING] = True
    fields["output_tokens"] = completion
    fields["total_tokens"] = input_tokens + completion
    if total is not None and total != fields["total_tokens"]:
        extra[_TOTAL] = _count(total, f"{where}/{_TOTAL}")
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
        _PROMPT: usage.input_tokens,
        _COMPLETION: completion,
        _TOTAL: kept.get(_TOTAL, usage.total_tokens),
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
