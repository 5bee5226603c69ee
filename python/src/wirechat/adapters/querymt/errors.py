"""QueryMT plugin errors to canonical ``Error`` and back.

A failing export sets the Extism error to a ``PluginError`` JSON, adjacently tagged
(``interface.rs``): ``{"kind": "Auth", "data": "message"}``, ``{"kind": "RateLimited", "data":
{"message", "retry_after_secs"}}``, ``{"kind": "Cancelled"}``. A plain string (a plugin that does not use
QueryMT's helpers) is kept whole as the message of a ``provider`` error. There is no HTTP status on this
path (``status`` is None); the status given by ``encode_error`` is nominal, for a server that fronts a
plugin."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.querymt import ERROR_CASES
from wirechat.adapters._errors import build_error, kind_for_status
from wirechat.adapters.querymt.shapes import PROVIDER

__all__ = ["ERROR_CASES", "KIND_OF", "decode_error", "encode_error"]

KIND_OF = {
    "Provider": "provider",
    "Auth": "authentication",
    "InvalidRequest": "invalid_request",
    "RateLimited": "rate_limited",
    "Http": "network",
    "Cancelled": "cancelled",
    "NotImplemented": "invalid_request",
    "Generic": "provider",
}
"""QueryMT ``PluginError`` variant -> canonical kind."""
_VARIANT_OF = {
    "authentication": "Auth",
    "permission_denied": "Auth",
    "invalid_request": "InvalidRequest",
    "context_length_exceeded": "InvalidRequest",
    "content_filter": "InvalidRequest",
    "not_found": "InvalidRequest",
    "rate_limited": "RateLimited",
    "network": "Http",
    "timeout": "Http",
    "cancelled": "Cancelled",
}


def _text(body: bytes | Mapping[str, Any] | None) -> tuple[Any, str]:
    if body is None:
        return None, ""
    if isinstance(body, Mapping):
        return dict(body), ""
    text = body.decode("utf-8", "replace")
    try:
        return json.loads(text), text
    except ValueError:
        return None, text


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed, text = _text(body)
    variant = parsed.get("kind") if isinstance(parsed, dict) else None
    if not isinstance(variant, str) or variant not in KIND_OF:
        kind = kind_for_status(status) if status is not None else "provider"
        message = text or "the plugin failed without a message"
        return build_error(kind=kind, message=message, status=status, headers=headers, provider_code=None,
                           request_id=None, provider=PROVIDER)  # fmt: skip
    assert isinstance(parsed, dict)
    data = parsed.get("data")
    message, wait_s = "", None
    if isinstance(data, str):
        message = data
    elif isinstance(data, Mapping):
        text_of = data.get("message")
        message = text_of if isinstance(text_of, str) else ""
        seconds = data.get("retry_after_secs")
        if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds >= 0:
            wait_s = seconds
    out_headers = dict(headers)
    if wait_s is not None:
        out_headers["retry-after"] = str(wait_s)
    return build_error(kind=KIND_OF[variant], message=message or variant, status=status, headers=out_headers,
                       provider_code=variant, request_id=None, provider=PROVIDER)  # fmt: skip


_STATUS = {"Auth": 401, "InvalidRequest": 400, "RateLimited": 429, "Http": 502, "Cancelled": 499}


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    """A nominal status, no headers, and the ``PluginError`` JSON a QueryMT plugin would return."""
    variant = _VARIANT_OF.get(error.kind, "Provider")
    body: dict[str, Any]
    if variant == "Cancelled":
        body = {"kind": "Cancelled"}
    elif variant == "RateLimited":
        wait = None if error.retry_after_ms is MISSING else -(-error.retry_after_ms // 1000)
        body = {"kind": variant, "data": {"message": error.message, "retry_after_secs": wait}}
    else:
        body = {"kind": variant, "data": error.message}
    status = error.status if error.status is not MISSING else _STATUS.get(variant, 500)
    return status, {}, body
