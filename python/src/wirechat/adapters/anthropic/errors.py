"""Anthropic errors: ``{"type": "error", "error": {"type", "message"}, "request_id"}`` with an HTTP status,
or as an ``event: error`` inside a 200 stream, to a canonical ``Error`` (Claude on Amazon Bedrock answers
its own errors as ``{"message": ...}``: the kind then comes from the status). 529 ``overloaded_error`` is
``overloaded`` and retryable; 402 ``billing_error`` is out of credit: ``rate_limited``, not retryable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.anthropic import ERROR_CASES
from wirechat.adapters._errors import build_error, header, kind_for_status, parse_body
from wirechat.adapters.anthropic.manifest import MANIFEST

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]

_KIND_BY_TYPE = {
    "invalid_request_error": "invalid_request",
    "authentication_error": "authentication",
    "billing_error": "rate_limited",
    "permission_error": "permission_denied",
    "not_found_error": "not_found",
    "conflict_error": "provider",
    "request_too_large": "invalid_request",
    "rate_limit_error": "rate_limited",
    "api_error": "provider",
    "timeout_error": "timeout",
    "overloaded_error": "overloaded",
}
_STATUS_BY_TYPE = {
    "invalid_request_error": 400,
    "authentication_error": 401,
    "billing_error": 402,
    "permission_error": 403,
    "not_found_error": 404,
    "conflict_error": 409,
    "request_too_large": 413,
    "rate_limit_error": 429,
    "api_error": 500,
    "timeout_error": 504,
    "overloaded_error": 529,
}
_TYPE_BY_KIND = {
    "invalid_request": "invalid_request_error",
    "context_length_exceeded": "invalid_request_error",
    "content_filter": "invalid_request_error",
    "authentication": "authentication_error",
    "permission_denied": "permission_error",
    "not_found": "not_found_error",
    "rate_limited": "rate_limit_error",
    "timeout": "timeout_error",
    "overloaded": "overloaded_error",
}


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed = parse_body(body)
    detail = parsed.get("error") if parsed is not None else None
    if not isinstance(detail, Mapping):
        detail = {}
    type_ = detail.get("type") if isinstance(detail.get("type"), str) else None
    message: str = detail["message"] if isinstance(detail.get("message"), str) else ""
    if not message and parsed is not None and isinstance(parsed.get("message"), str):
        message = parsed["message"]  # Amazon Bedrock's and Vertex AI's own errors: {"message": ...}
    kind = _KIND_BY_TYPE.get(type_ or "")
    if kind is None:
        kind = kind_for_status(status) if parsed is not None or status is not None else "invalid_response"
    if kind == "invalid_request" and "prompt is too long" in message.lower():
        kind = "context_length_exceeded"
    retryable = False if type_ == "billing_error" else MANIFEST.status_retryable.get(status or 0)
    request_id = header(headers, "request-id")
    if request_id is None and parsed is not None and isinstance(parsed.get("request_id"), str):
        request_id = parsed["request_id"]
    return build_error(
        kind=kind,
        message=message or ("" if parsed is not None else "the error body is not JSON"),
        status=status,
        headers=headers,
        provider_code=type_,
        request_id=request_id,
        retryable=retryable,
    )


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    code = error.provider_code if error.provider_code is not MISSING else None
    type_ = code if code in _STATUS_BY_TYPE else _TYPE_BY_KIND.get(error.kind, "api_error")
    status = error.status if error.status is not MISSING else _STATUS_BY_TYPE[type_]
    headers: dict[str, str] = {"x-should-retry": "true" if error.retryable else "false"}
    if error.retry_after_ms is not MISSING:
        headers["retry-after-ms"] = str(error.retry_after_ms)
    body: dict[str, Any] = {"type": "error", "error": {"type": type_, "message": error.message}}
    if error.request_id is not MISSING:
        headers["request-id"] = error.request_id
        body["request_id"] = error.request_id
    return status, headers, body
