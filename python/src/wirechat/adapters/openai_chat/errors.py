"""OpenAI errors: ``{"error": {"message", "type", "param", "code"}}`` with an HTTP status (or inside a
200 stream) to a canonical ``Error``. A 429 ``insufficient_quota`` is out of credit, not busy: it is
``rate_limited`` but not retryable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.openai_chat import ERROR_CASES, ERRORS, PROVIDER
from wirechat.adapters._errors import build_error, header, kind_for_status, parse_body

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed = parse_body(body)
    detail = parsed.get("error") if parsed is not None else None
    if not isinstance(detail, Mapping):
        detail = {}
    code = detail.get("code") if isinstance(detail.get("code"), str) else None
    type_ = detail.get("type") if isinstance(detail.get("type"), str) else None
    kind = ERRORS.kind_of["code"].get(code or "") or ERRORS.kind_of["type"].get(type_ or "")
    if kind is None:
        kind = kind_for_status(status) if parsed is not None or status is not None else "invalid_response"
    if status is not None and status >= 500 and kind == "invalid_request":
        kind = kind_for_status(status)
    retryable = None
    if code in ERRORS.not_retryable["code"] or type_ in ERRORS.not_retryable["type"]:
        retryable = False
    message = detail.get("message") if isinstance(detail.get("message"), str) else ""
    metadata = {"param": detail["param"]} if detail.get("param") is not None else None
    return build_error(
        kind=kind,
        message=message or ("" if parsed is not None else "the error body is not JSON"),
        status=status,
        headers=headers,
        provider_code=code or type_,
        request_id=header(headers, ERRORS.request_id_header),
        retryable=retryable,
        metadata=metadata,
        provider=PROVIDER,
    )


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    status = (
        error.status if error.status is not MISSING else ERRORS.status_of_kind.get(error.kind, ERRORS.default_status)
    )
    code = error.provider_code if error.provider_code is not MISSING else None
    type_ = ERRORS.type_of_status.get(status, ERRORS.default_type)
    if status == 429 and not error.retryable:
        type_ = "insufficient_quota"  # out of credit, not busy (code, not a table)
    headers: dict[str, str] = {}
    if error.retry_after_ms is not MISSING:
        headers["retry-after-ms"] = str(error.retry_after_ms)
    if error.request_id is not MISSING:
        headers[ERRORS.request_id_header] = error.request_id
    headers["x-should-retry"] = "true" if error.retryable else "false"
    param = None
    if error.provider_metadata is not MISSING:
        param = error.provider_metadata.get(PROVIDER, {}).get("param")
    return status, headers, {"error": {"message": error.message, "type": type_, "param": param, "code": code}}
