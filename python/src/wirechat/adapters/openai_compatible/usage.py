"""Usage of OpenAI-compatible servers: OpenAI's (``openai_chat.usage``, which keeps every top-level usage
member a server adds, ``prompt_cache_miss_tokens``, Groq's ``queue_time``..., under ``extra["members"]`` and
recognises servers that count reasoning outside ``completion_tokens``), plus DeepSeek's
``prompt_cache_hit_tokens``: the cache read when ``prompt_tokens_details`` has none (its ``prompt_tokens``
already counts the hits, the canonical meaning)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.openai_chat import usage as openai_usage

__all__ = ["decode", "encode"]


def decode(raw: Mapping[str, Any], where: str = "/usage") -> tuple[TokenUsage, dict[str, Any]]:
    """The canonical usage, and the details and members without a canonical field (for provider_metadata)."""
    decoded, extra = openai_usage.decode(raw, where)
    hits = raw.get("prompt_cache_hit_tokens")
    if decoded.cache_read_input_tokens is MISSING and isinstance(hits, int) and not isinstance(hits, bool) and hits:
        if hits < 0 or hits > decoded.input_tokens:
            raise ValueError(f"{where}/prompt_cache_hit_tokens: {hits} is not between 0 and prompt_tokens")
        decoded = decoded.model_copy(update={"cache_read_input_tokens": hits})
    return decoded, extra


def encode(usage: TokenUsage, conv: Conversion, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """OpenAI's usage object with the server's own members (``extra["members"]``) restored."""
    return openai_usage.encode(usage, conv, extra)
