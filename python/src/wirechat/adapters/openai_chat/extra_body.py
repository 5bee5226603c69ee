"""What the embeddings and completions codecs share: the adapter's names, and the usage of a non-chat
response with the provider's own total kept when it disagrees with the canonical one. (Their
``provider_options`` merge through ``wirechat.adapters._parts.merge_provider_options``, as chat does.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import TokenUsage
from wirechat._tables.openai_chat import NAME, PROVIDER
from wirechat.adapters.openai_chat import usage

__all__ = ["NAME", "PROVIDER", "decode_usage"]


def decode_usage(raw: Any, metadata: dict[str, Any]) -> TokenUsage | None:
    """The canonical usage of an embeddings or completions body (None when it has none). Details without
    a canonical field, and a ``total_tokens`` that is not prompt + completion, go to ``metadata["usage"]``."""
    if not isinstance(raw, Mapping):
        return None
    decoded, extra = usage.decode(raw)
    total = raw.get("total_tokens")
    if total is not None and total != decoded.total_tokens:
        extra["total_tokens"] = total
    if extra:
        metadata["usage"] = extra
    return decoded
