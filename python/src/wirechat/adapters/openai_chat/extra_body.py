"""The embeddings and completions codecs' shared body helpers: ``provider_options["openai-chat"]`` merged
into a body (as the chat codec does: a key the adapter sets itself is refused), and the usage of a
non-chat response with the provider's own total kept when it disagrees with the canonical one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import TokenUsage
from wirechat.adapters._contract import ConversionRefused
from wirechat.adapters.openai_chat import usage

__all__ = ["NAME", "PROVIDER", "decode_usage", "merge_provider_options"]

NAME, PROVIDER = "openai-chat", "openai"


def merge_provider_options(provider_options: Any, body: dict[str, Any], adapter_name: str = NAME) -> None:
    """Copy ``provider_options[adapter_name]`` (the adapter's own key) into ``body``; a key already in
    ``body`` is refused (set it through the canonical field instead). Other adapters' options are ignored
    (spec section 11)."""
    if provider_options is MISSING or provider_options is None:
        return
    own = provider_options.get(adapter_name)
    if own is None:
        return
    for key, value in own.items():
        if key in body:
            raise ConversionRefused(
                "provider_options",
                f"{key!r} is set by the adapter from the canonical request; set it there instead",
                where=f"/provider_options/{adapter_name}/{key}",
            )
        body[key] = value


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
