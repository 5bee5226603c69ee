"""Responses errors to a canonical ``Error`` and back. HTTP failures have the OpenAI shape
(``{"error": {"message", "type", "param", "code"}}``) and the same status table, so they are read by the
``openai-chat`` decoder; a stream carries its own shapes: an ``error`` event with the members at the top
level (``{"type": "error", "code", "message", "param", "sequence_number"}``), and ``response.failed``
whose ``response.error`` is ``{"code", "message"}``. Both give an ``Error`` with no status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat._tables.openai_responses import ERROR_CASES
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
