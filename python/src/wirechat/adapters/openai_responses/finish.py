"""Responses finish reasons: the raw value is the response ``status`` (``completed``, ``failed``,
``cancelled``...), or for an ``incomplete`` response its ``incomplete_details.reason`` (``max_output_tokens``,
``content_filter``...). Responses has no tool-call status: a ``completed`` reply holding function calls is
kind ``tool_calls`` (raw ``completed``). The table lives in the manifest."""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import FinishReason
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._finish import decode_finish, encode_finish
from wirechat.adapters.openai_responses.manifest import MANIFEST

__all__ = ["INCOMPLETE_REASONS", "decode", "encode", "raw_of", "status_fields"]

INCOMPLETE_REASONS = ("max_output_tokens", "max_messages", "content_filter", "steered")
"""``incomplete_details.reason`` values: the raw finish reason of an ``incomplete`` response."""


def decode(raw: str | None, *, has_tool_calls: bool) -> FinishReason:
    if raw == "completed" and has_tool_calls:
        return FinishReason(kind="tool_calls", raw=raw)
    return decode_finish(raw, MANIFEST, has_tool_calls=has_tool_calls)


def encode(
    reason: FinishReason, conv: Conversion, where: str = "/finish_reason", *, has_tool_calls: bool = False
) -> str | None:
    """The raw finish reason to write; None for ``other`` without a raw value (a reply read without a
    ``status``: none is written, so it reads back the same)."""
    raw = None if reason.raw is MISSING else reason.raw
    if reason.kind == "other" and raw is None:
        return None
    if reason.kind == "tool_calls" and raw == "completed":
        return raw
    sent = encode_finish(reason, MANIFEST, conv, where)
    if sent == "completed" and has_tool_calls and reason.kind != "tool_calls":
        conv.degrade("finish_reason.tool_calls_inferred", where)
    return sent


def raw_of(body: dict[str, Any] | Any, where: str = "") -> str | None:
    """The raw finish reason of a response body: its status, or the incomplete reason."""
    status = body.get("status")
    if status is None:
        return None
    if not isinstance(status, str):
        raise ValueError(f"{where}/status: expected a string, got {type(status).__name__}")
    details = body.get("incomplete_details")
    if status == "incomplete" and isinstance(details, dict) and isinstance(details.get("reason"), str):
        return str(details["reason"])
    return status


def status_fields(raw: str | None) -> dict[str, Any]:
    """``status`` and ``incomplete_details`` for a raw finish reason (neither for none)."""
    if raw is None:
        return {}
    if raw in INCOMPLETE_REASONS:
        return {"status": "incomplete", "incomplete_details": {"reason": raw}}
    return {"status": raw, "incomplete_details": None}
