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
from wirechat._tables.querymt import ERROR_CASES, ERRORS
from wirechat.adapters._errors import build_error, kind_for_status
from wirechat.adapters.querymt.shapes import PROVIDER

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]


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
    if not isinstance(variant, str) or variant not in ERRORS.kind_of["type"]:
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
    kind_of = ERRORS.kind_of["type"]
    return build_error(kind=kind_of[variant], message=message or variant, status=status, headers=out_headers,
                       provider_code=variant, request_id=None, provider=PROVIDER)  # fmt: skip


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    """A nominal status, no headers, and the ``PluginError`` JSON a QueryMT plugin would return."""
    variant = ERRORS.type_of_kind.get(error.kind, ERRORS.default_type)
    body: dict[str, Any]
    if variant == "Cancelled":
        body = {"kind": "Cancelled"}
    elif variant == "RateLimited":
        wait = None if error.retry_after_ms is MISSING else -(-error.retry_after_ms // 1000)
        body = {"kind": variant, "data": {"message": error.message, "retry_after_secs": wait}}
    else:
        body = {"kind": variant, "data": error.message}
    status = error.status if error.status is not MISSING else ERRORS.status_of_type.get(variant, ERRORS.default_status)
    return status, {}, body
