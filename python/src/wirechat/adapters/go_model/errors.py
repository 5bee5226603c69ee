"""Errors for the go-model format. The SDK defines no error type of its own and speaks no HTTP; a
failure stored beside its messages is ``{"error": message}``. Decoding takes the kind from the HTTP
status when there is one (``provider`` otherwise); encoding writes the message and the status."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.go_model import ERROR_CASES, ERRORS
from wirechat.exchange import RETRYABLE_KINDS

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]


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
        kind = ERRORS.kind_of_status.get(status) or ("provider" if status >= 500 else "invalid_request")
    fields: dict[str, Any] = {"kind": kind, "retryable": kind in RETRYABLE_KINDS}
    fields["message"] = _message(body) or (f"HTTP {status}" if status is not None else "the error body has no message")
    if status is not None and 100 <= status <= 599:
        fields["status"] = status
    return Error(**fields)


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    status = (
        error.status if error.status is not MISSING else ERRORS.status_of_kind.get(error.kind, ERRORS.default_status)
    )
    return status, {}, {"error": error.message}
