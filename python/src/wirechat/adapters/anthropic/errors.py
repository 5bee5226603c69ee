"""Anthropic errors: ``{"type": "error", "error": {"type", "message"}, "request_id"}`` with an HTTP status,
or as an ``event: error`` inside a 200 stream, to a canonical ``Error`` (Claude on Amazon Bedrock answers
its own errors as ``{"message": ...}``: the kind then comes from the status). 529 ``overloaded_error`` is
``overloaded`` and retryable; 402 ``billing_error`` is out of credit: ``rate_limited``, not retryable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.anthropic import ERROR_CASES, ERRORS
from wirechat.adapters._errors import build_error, header, kind_for_status, parse_body
from wirechat.adapters.anthropic.manifest import MANIFEST

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed = parse_body(body)
    detail = parsed.get("error") if parsed is not None else None
    if not isinstance(detail, Mapping):
        detail = {}
    type_ = detail.get("type") if isinstance(detail.get("type"), str) else None
    message: str = detail["message"] if isinstance(detail.get("message"), str) else ""
    if not message and parsed is not None and isinstance(parsed.get("message"), str):
        message = parsed["message"]  # Amazon Bedrock's and Vertex AI's own errors: {"message": ...}
    kind = ERRORS.kind_of["type"].get(type_ or "")
    if kind is None:
        kind = kind_for_status(status) if parsed is not None or status is not None else "invalid_response"
    if kind == "invalid_request" and "prompt is too long" in message.lower():
        kind = "context_length_exceeded"
    retryable = False if type_ in ERRORS.not_retryable["type"] else MANIFEST.status_retryable.get(status or 0)
    request_id = header(headers, ERRORS.request_id_header)
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
    type_ = (
        code
        if code is not None and code in ERRORS.status_of_type
        else ERRORS.type_of_kind.get(error.kind, ERRORS.default_type)
    )
    status = error.status if error.status is not MISSING else ERRORS.status_of_type[type_]
    headers: dict[str, str] = {"x-should-retry": "true" if error.retryable else "false"}
    if error.retry_after_ms is not MISSING:
        headers["retry-after-ms"] = str(error.retry_after_ms)
    body: dict[str, Any] = {"type": "error", "error": {"type": type_, "message": error.message}}
    if error.request_id is not MISSING:
        headers[ERRORS.request_id_header] = error.request_id
        body["request_id"] = error.request_id
    return status, headers, body
