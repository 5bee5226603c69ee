"""Error decoding that every adapter shares: header lookup, retry-after parsing, body parsing and the
HTTP status's default meaning. Each provider's ``errors`` module adds its own error types on top."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from email.utils import parsedate_to_datetime
from typing import Any

from wirechat._generated.models import Error

__all__ = [
    "RETRYABLE_KINDS",
    "build_error",
    "header",
    "kind_for_status",
    "parse_body",
    "retry_after_ms",
]

RETRYABLE_KINDS = frozenset({"network", "timeout", "rate_limited", "overloaded", "provider"})
_MAX_SAFE = 2**53 - 1


def header(headers: Mapping[str, str], name: str) -> str | None:
    """The value of header ``name``, whatever the case of the keys."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return None


def retry_after_ms(headers: Mapping[str, str], now: float | None = None) -> int | None:
    """How long the server asked us to wait: ``retry-after-ms`` first, then ``retry-after`` in seconds
    or as an HTTP date, measured from the response's own ``date`` header, else from ``now`` (seconds since
    the epoch) when the caller gives it; no clock is read here. A date in the past means 0."""
    raw_ms = header(headers, "retry-after-ms")
    if raw_ms is not None:
        try:
            value = float(raw_ms)
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value >= 0:
            return min(round(value), _MAX_SAFE)
    raw = header(headers, "retry-after")
    if raw is None:
        return None
    try:
        seconds = float(raw)
    except ValueError:
        return _from_http_date(raw, header(headers, "date"), now)
    if not math.isfinite(seconds) or seconds < 0:
        return None
    return min(round(seconds * 1000), _MAX_SAFE)


def _from_http_date(raw: str, date: str | None, now: float | None) -> int | None:
    try:
        later = parsedate_to_datetime(raw)
        reference = parsedate_to_datetime(date).timestamp() if date is not None else now
    except (TypeError, ValueError, IndexError):
        return None
    if later.tzinfo is None or reference is None:
        return None
    return max(0, round((later.timestamp() - reference) * 1000))


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


def kind_for_status(status: int | None) -> str:
    """The error kind an HTTP status means when the body says nothing more precise."""
    if status is None:
        return "provider"
    table = {
        400: "invalid_request",
        401: "authentication",
        402: "rate_limited",
        403: "permission_denied",
        404: "not_found",
        408: "timeout",
        409: "provider",
        413: "invalid_request",
        422: "invalid_request",
        429: "rate_limited",
        503: "overloaded",
        504: "timeout",
        529: "overloaded",
    }
    if status in table:
        return table[status]
    return "provider" if status >= 500 else "invalid_request"


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
    """An ``Error``: ``retryable`` defaults to the kind's default, and an ``x-should-retry`` header
    overrides both; ``retry_after_ms`` comes from the headers."""
    decided = kind in RETRYABLE_KINDS if retryable is None else retryable
    should = header(headers, "x-should-retry")
    if should in ("true", "false"):
        decided = should == "true"
    fields: dict[str, Any] = {"kind": kind, "message": message or f"HTTP {status}", "retryable": decided}
    if status is not None and 100 <= status <= 599:
        fields["status"] = status
    if provider_code:
        fields["provider_code"] = provider_code
    wait = retry_after_ms(headers)
    if wait is not None:
        fields["retry_after_ms"] = wait
    if request_id:
        fields["request_id"] = request_id
    if metadata:
        fields["provider_metadata"] = {provider: metadata}
    return Error(**fields)
