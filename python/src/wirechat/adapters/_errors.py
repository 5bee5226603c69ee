"""Error decoding that every adapter shares: body parsing and building the canonical ``Error`` from the one
status table (``wirechat.exchange.classify``, re-exported here with the header helpers it uses). Each
provider's ``errors`` module adds its own error types on top."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import Error
from wirechat.exchange import RETRYABLE_KINDS, classify, header, kind_for_status, retry_after_ms, should_retry

__all__ = [
    "RETRYABLE_KINDS",
    "build_error",
    "header",
    "kind_for_status",
    "parse_body",
    "retry_after_ms",
]


def parse_body(body: bytes | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The body as a JSON object, or None when it is absent or not a JSON object."""
    if body is None:
        return None
    if isinstance(body, Mapping):
        return dict(body)
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def build_error(
    *,
    kind: str,
    message: str,
    status: int | None,
    headers: Mapping[str, str],
    provider_code: str | None,
    request_id: str | None,
    retryable: bool | None = None,
    metadata: dict[str, Any] | None = None,
    provider: str = "",
) -> Error:
    """An ``Error`` classified by the shared table (``wirechat.exchange.classify``): ``kind`` is what the
    provider's body said; ``retryable`` is a provider's documented exception to the kind's default (Anthropic's
    402 billing error), and the server's ``x-should-retry`` overrides both; ``retry_after_ms`` comes from the
    headers."""
    decided = classify(status, headers, kind)
    retry = decided.retryable if retryable is None or should_retry(headers) is not None else retryable
    fields: dict[str, Any] = {"kind": decided.kind, "message": message or f"HTTP {status}", "retryable": retry}
    if status is not None and 100 <= status <= 599:
        fields["status"] = status
    if provider_code:
        fields["provider_code"] = provider_code
    if decided.retry_after_ms is not None:
        fields["retry_after_ms"] = decided.retry_after_ms
    if request_id:
        fields["request_id"] = request_id
    if metadata:
        fields["provider_metadata"] = {provider: metadata}
    return Error(**fields)
