"""OpenAI errors: ``{"error": {"message", "type", "param", "code"}}`` with an HTTP status (or inside a
200 stream) to a canonical ``Error``. A 429 ``insufficient_quota`` is out of credit, not busy: it is
``rate_limited`` but not retryable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.openai_chat import ERROR_CASES, PROVIDER
from wirechat.adapters._errors import build_error, header, kind_for_status, parse_body

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]

_NOT_RETRYABLE_CODES = {"insufficient_quota", "credit_balance_exhausted", "project_spend_limit_exceeded"}
_KIND_BY_CODE = {
    "context_length_exceeded": "context_length_exceeded",
    "content_filter": "content_filter",
    "content_policy_violation": "content_filter",
    "rate_limit_exceeded": "rate_limited",
    "slow_down": "rate_limited",
    "insufficient_quota": "rate_limited",
    "server_is_overloaded": "overloaded",
    "server_error": "provider",
    "invalid_api_key": "authentication",
    "model_not_found": "not_found",
}
_KIND_BY_TYPE = {
    "invalid_request_error": "invalid_request",
    "authentication_error": "authentication",
    "permission_error": "permission_denied",
    "not_found_error": "not_found",
    "rate_limit_error": "rate_limited",
    "insufficient_quota": "rate_limited",
    "server_error": "provider",
    "api_error": "provider",
}


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed = parse_body(body)
    detail = parsed.get("error") if parsed is not None else None
    if not isinstance(detail, Mapping):
        detail = {}
    code = detail.get("code") if isinstance(detail.get("code"), str) else None
    type_ = detail.get("type") if isinstance(detail.get("type"), str) else None
    kind = _KIND_BY_CODE.get(code or "") or _KIND_BY_TYPE.get(type_ or "")
    if kind is None:
        kind = kind_for_status(status) if parsed is not None or status is not None else "invalid_response"
    if status is not None and status >= 500 and kind == "invalid_request":
        kind = kind_for_status(status)
    retryable = None
    if code in _NOT_RETRYABLE_CODES or type_ in _NOT_RETRYABLE_CODES:
        retryable = False
    message = detail.get("message") if isinstance(detail.get("message"), str) else ""
    metadata = {"param": detail["param"]} if detail.get("param") is not None else None
    return build_error(
        kind=kind,
        message=message or ("" if parsed is not None else "the error body is not JSON"),
        status=status,
        headers=headers,
        provider_code=code or type_,
        request_id=header(headers, "x-request-id"),
        retryable=retryable,
        metadata=metadata,
        provider=PROVIDER,
    )


_STATUS_BY_KIND = {
    "invalid_request": 400,
    "context_length_exceeded": 400,
    "content_filter": 400,
    "authentication": 401,
    "permission_denied": 403,
    "not_found": 404,
    "timeout": 408,
    "rate_limited": 429,
    "overloaded": 503,
}


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    status = error.status if error.status is not MISSING else _STATUS_BY_KIND.get(error.kind, 500)
    code = error.provider_code if error.provider_code is not MISSING else None
    type_ = {
        400: "invalid_request_error",
        401: "authentication_error",
        403: "permission_error",
        404: "not_found_error",
        429: "insufficient_quota" if not error.retryable else "rate_limit_error",
    }.get(status, "server_error")
    headers: dict[str, str] = {}
    if error.retry_after_ms is not MISSING:
        headers["retry-after-ms"] = str(error.retry_after_ms)
    if error.request_id is not MISSING:
        headers["x-request-id"] = error.request_id
    headers["x-should-retry"] = "true" if error.retryable else "false"
    param = None
    if error.provider_metadata is not MISSING:
        param = error.provider_metadata.get(PROVIDER, {}).get("param")
    return status, headers, {"error": {"message": error.message, "type": type_, "param": param, "code": code}}
