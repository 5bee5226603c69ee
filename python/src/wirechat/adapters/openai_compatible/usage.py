"""Usage of OpenAI-compatible servers: OpenAI's (``openai_chat.usage``), plus what servers add. DeepSeek's
``prompt_cache_hit_tokens`` is the cache read when ``prompt_tokens_details`` has none (its
``prompt_tokens`` already counts the hits, the canonical meaning); every other top-level usage member a
server adds (``prompt_cache_miss_tokens``, Groq's ``queue_time``...) is kept under ``extra["members"]``
and written back on encoding, never dropped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.openai_chat import usage as openai_usage

__all__ = ["decode", "encode"]

_OPENAI_MEMBERS = {
    "prompt_tokens",
    "completion_tokens",
    "total_tokens",
    "prompt_tokens_details",
    "completion_tokens_details",
}


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the details and members without a canonical field (for provider_metadata)."""
    decoded, extra = openai_usage.decode(raw, where)
    members = {key: value for key, value in raw.items() if key not in _OPENAI_MEMBERS and value is not None}
    if members:
        extra["members"] = members
    hits = raw.get("prompt_cache_hit_tokens")
    if decoded.cache_read_input_tokens is MISSING and isinstance(hits, int) and not isinstance(hits, bool) and hits:
        if hits < 0 or hits > decoded.input_tokens:
            raise ValueError(f"{where}/prompt_cache_hit_tokens: {hits} is not between 0 and prompt_tokens")
        decoded = decoded.model_copy(update={"cache_read_input_tokens": hits})
    return decoded, extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """OpenAI's usage object with the server's own members (``extra["members"]``) restored."""
    out = openai_usage.encode(usage, conv, extra)
    members = (extra or {}).get("members")
    if isinstance(members, Mapping):
        out.update({key: value for key, value in members.items() if key not in out})
    return out
