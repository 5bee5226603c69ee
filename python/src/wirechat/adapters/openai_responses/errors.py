"""Responses errors to a canonical ``Error`` and back. HTTP failures have the OpenAI shape
(``{"error": {"message", "type", "param", "code"}}``) and the same status table, so they are read by the
``openai-chat`` decoder; a stream carries its own shapes: an ``error`` event with the members at the top
level (``{"type": "error", "code", "message", "param", "sequence_number"}``), and ``response.failed``
whose ``response.error`` is ``{"code", "message"}``. Both give an ``Error`` with no status."""

# ruff: noqa: E501 (the error table is one case per line)
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat.adapters._errors import parse_body
from wirechat.adapters.openai_chat import errors as chat_errors

__all__ = ["ERROR_CASES", "decode_error", "encode_error"]


def decode_error(status: int | None, headers: Mapping[str, str], body: bytes | Mapping[str, Any] | None) -> Error:
    parsed = parse_body(body)
    if parsed is not None and parsed.get("type") == "error" and not isinstance(parsed.get("error"), Mapping):
        detail = {key: parsed.get(key) for key in ("message", "code", "param") if parsed.get(key) is not None}
        detail["type"] = "server_error" if detail.get("code") is None else None
        parsed = {"error": detail}
    return chat_errors.decode_error(status, headers, parsed if parsed is not None else body)


def encode_error(error: Error) -> tuple[int, dict[str, str], dict[str, Any]]:
    return chat_errors.encode_error(error)


def stream_error(error: Error) -> dict[str, Any]:
    """The ``error`` event body for a mid-stream error."""
    code = error.provider_code if error.provider_code is not MISSING else None
    param = None
    if error.provider_metadata is not MISSING:
        param = error.provider_metadata.get("openai", {}).get("param")
    return {"type": "error", "code": code, "message": error.message, "param": param}


def _http(status: int, type_: str, code: str | None, message: str = "m") -> tuple[int, dict[str, str], Any]:
    return status, {}, {"error": {"message": message, "type": type_, "param": None, "code": code}}


# The documented statuses and error shapes, with the kind and retry flag each must map to (the gate's
# error table): (status, headers, body, kind, retryable, retry_after_ms).
ERROR_CASES: list[tuple[int | None, dict[str, str], Any, str, bool, int | None]] = [
    (*_http(400, "invalid_request_error", None), "invalid_request", False, None),
    (*_http(400, "invalid_request_error", "context_length_exceeded"), "context_length_exceeded", False, None),
    (*_http(400, "invalid_request_error", "invalid_prompt"), "invalid_request", False, None),
    (*_http(401, "invalid_request_error", "invalid_api_key"), "authentication", False, None),
    (*_http(403, "permission_error", None), "permission_denied", False, None),
    (*_http(404, "invalid_request_error", "model_not_found"), "not_found", False, None),
    (429, {"retry-after-ms": "1500"}, _http(429, "rate_limit_error", "rate_limit_exceeded")[2], "rate_limited", True, 1500),
    (*_http(429, "insufficient_quota", "insufficient_quota"), "rate_limited", False, None),
    (*_http(500, "server_error", None), "provider", True, None),
    (*_http(503, "server_error", "server_is_overloaded"), "overloaded", True, None),
    (502, {}, b"<html>bad gateway</html>", "provider", True, None),
    (None, {}, {"type": "error", "code": "server_error", "message": "The server had an error", "param": None, "sequence_number": 4}, "provider", True, None),
    (None, {}, {"type": "error", "code": "insufficient_quota", "message": "You exceeded your current quota", "param": None, "sequence_number": 2}, "rate_limited", False, None),
    (None, {}, {"type": "error", "code": "rate_limit_exceeded", "message": "slow down", "param": None}, "rate_limited", True, None),
    (None, {}, {"type": "error", "code": None, "message": "something broke", "param": None}, "provider", True, None),
    (None, {}, {"error": {"code": "server_error", "message": "response.failed error"}}, "provider", True, None),
]  # fmt: skip
