"""Errors for the go-model format. The SDK defines no error type of its own and speaks no HTTP; a
failure stored beside its messages is ``{"error": message}``. Decoding takes the kind from the HTTP
status when there is one (``provider`` otherwise); encoding writes the message and the status."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.go_model import ERROR_CASES

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]

_KIND_BY_STATUS = {400: "invalid_request", 401: "authentication", 403: "permission_denied", 404: "not_found",
                   408: "timeout", 429: "rate_limited", 503: "overloaded", 504: "timeout"}  # fmt: skip
_RETRYABLE = frozenset({"network", "timeout", "rate_limited", "overloaded", "provider"})
_STATUS_BY_KIND = {kind: status for status, kind in _KIND_BY_STATUS.items()}


def _message(body: bytes | Mapping[str, Any] | None) -> str | None:
    if body is None:
        return None
    if not isinstance(body, Mapping):
        try:
            body = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return None
    if not isinstance(body, Mapping):
        return None
    value = body.get("error")
    if isinstance(value, Mapping):
        value = value.get("message")
    return value if isinstance(value, str) and value else None


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    """The canonical error; never raises. Headers carry nothing the SDK sets."""
    if status is None:
        kind = "provider"
    else:
        kind = _KIND_BY_STATUS.get(status) or ("provider" if status >= 500 else "invalid_request")
    fields: dict[str, Any] = {"kind": kind, "retryable": kind in _RETRYABLE}
    fields["message"] = _message(body) or (f"HTTP {status}" if status is not None else "the error body has no message")
    if status is not None and 100 <= status <= 599:
        fields["status"] = status
    return Error(**fields)


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    status = error.status if error.status is not MISSING else _STATUS_BY_KIND.get(error.kind, 500)
    return status, {}, {"error": error.message}
