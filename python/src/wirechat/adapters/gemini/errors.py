"""Gemini errors: a google.rpc ``Status`` body ``{"error": {"code", "message", "status", "details"}}`` with an
HTTP status, or as a ``data:`` chunk of a 200 stream, to a canonical ``Error``.

The kind comes from ``status`` (``RESOURCE_EXHAUSTED`` is ``rate_limited``, ``UNAVAILABLE`` is
``overloaded``...). Gemini sends its wait in the body, not a header: ``details[]`` ``RetryInfo.retryDelay``
(``"34.4s"``) is ``retry_after_ms``. A quota that is per day (a ``QuotaFailure`` violation whose
``quotaId`` names ``PerDay``) is not retryable: waiting seconds does not help.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.gemini import ERROR_CASES, ERRORS
from wirechat.adapters._errors import header, kind_for_status, parse_body
from wirechat.exchange import classify, should_retry

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]

_DELAY = re.compile(r"^(\d+(?:\.\d+)?)s$")
_TOO_LONG = re.compile(r"input token count.*exceeds|exceeds the maximum number of tokens", re.IGNORECASE)


def _details(detail: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    items = detail.get("details")
    return [item for item in items if isinstance(item, Mapping)] if isinstance(items, list) else []


def _retry_delay_ms(details: list[Mapping[str, Any]]) -> int | None:
    for item in details:
        if str(item.get("@type", "")).endswith("google.rpc.RetryInfo"):
            found = _DELAY.match(str(item.get("retryDelay", "")))
            if found:
                return math.ceil(float(found.group(1)) * 1000)
    return None


def _daily_quota(details: list[Mapping[str, Any]]) -> bool:
    for item in details:
        if str(item.get("@type", "")).endswith("google.rpc.QuotaFailure"):
            for violation in item.get("violations") or []:
                if isinstance(violation, Mapping) and "PerDay" in str(violation.get("quotaId", "")):
                    return True
    return False


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed = parse_body(body)
    detail = parsed.get("error") if parsed is not None else None
    if not isinstance(detail, Mapping):
        detail = {}
    status_name = detail.get("status") if isinstance(detail.get("status"), str) else None
    message: str = detail["message"] if isinstance(detail.get("message"), str) else ""
    code = detail.get("code") if isinstance(detail.get("code"), int) else None
    kind = ERRORS.kind_of["status"].get(status_name or "")
    if kind is None:
        known = status if status is not None else code
        kind = kind_for_status(known) if parsed is not None or known is not None else "invalid_response"
    if kind == "invalid_request" and _TOO_LONG.search(message):
        kind = "context_length_exceeded"
    details = _details(detail)
    decided = classify(status, headers, kind)
    retryable = decided.retryable
    if _daily_quota(details) and should_retry(headers) is None:
        retryable = False
    fields: dict[str, Any] = {
        "kind": decided.kind,
        "message": message or (f"HTTP {status}" if parsed is not None else "the error body is not a google.rpc Status"),
        "retryable": retryable,
    }
    if status is not None and 100 <= status <= 599:
        fields["status"] = status
    if status_name:
        fields["provider_code"] = status_name
    wait = decided.retry_after_ms if decided.retry_after_ms is not None else _retry_delay_ms(details)
    if wait is not None:
        fields["retry_after_ms"] = wait
    request_id = header(headers, ERRORS.request_id_header)
    if request_id:
        fields["request_id"] = request_id
    if details:
        fields["provider_metadata"] = {"gemini": {"details": [dict(item) for item in details]}}
    return Error(**fields)


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    code = error.provider_code if error.provider_code is not MISSING else None
    status_name = (
        code
        if code is not None and code in ERRORS.status_of_type
        else ERRORS.type_of_kind.get(error.kind, ERRORS.default_type)
    )
    status = error.status if error.status is not MISSING else ERRORS.status_of_type[status_name]
    detail: dict[str, Any] = {"code": status, "message": error.message, "status": status_name}
    if error.retry_after_ms is not MISSING:
        delay = f"{error.retry_after_ms / 1000:.3f}".rstrip("0").rstrip(".")
        detail["details"] = [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": f"{delay}s"}]
    headers: dict[str, str] = {}
    if error.request_id is not MISSING:
        headers[ERRORS.request_id_header] = error.request_id
    return status, headers, {"error": detail}
