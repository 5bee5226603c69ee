"""Responses: the go-model response document <-> a canonical ``ChatResponse``.

The SDK has no response type either; a reply is the assistant's Message, the finish reason a StreamChunk
carries, and a TokenUsage: ``{"message": Message, "finish_reason"?: string, "usage"?: TokenUsage}``.
A reply is shaped as the SDK streams it (one run of text, then tool calls), so that folding the go-model
stream of a call gives the same response as decoding its non-streamed document (spec section 9).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatResponse
from wirechat.adapters import ConversionWarning
from wirechat.adapters.go_model.conversion import Conversion, expect_members, read_string
from wirechat.adapters.go_model.manifest import MANIFEST
from wirechat.adapters.go_model.parts import message_to_wirechat, part_from_wirechat
from wirechat.adapters.go_model.usage import usage_from_wirechat, usage_to_wirechat
from wirechat.codec import decode, encode

__all__ = ["decode_response", "encode_response", "finish_from_wirechat", "finish_to_wirechat"]


def finish_to_wirechat(raw: str | None, has_tool_calls: bool) -> dict[str, Any]:
    """The canonical finish reason for the SDK's string (absent: ``other`` with no raw value)."""
    if raw is None:
        return {"kind": "other"}
    kind = MANIFEST.finish_reasons.get(raw, "other")
    if kind == "tool_calls" and not has_tool_calls:
        kind = "other"
    return {"kind": kind, "raw": raw}


def finish_from_wirechat(reason: dict[str, Any], conv: Conversion, where: str) -> str:
    """The SDK's string for a canonical finish reason: its raw value when that is the SDK's own for the
    kind, else the SDK's value for the kind, else the raw value (or the kind's name) as is."""
    raw, kind = reason.get("raw"), reason["kind"]
    if raw is not None and MANIFEST.finish_reasons.get(raw) == kind:
        return str(raw)
    conv.degrade("finish_reason.raw_foreign", where)
    return MANIFEST.finish_defaults.get(kind) or (raw if raw is not None else kind)


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    """The canonical response for a go-model response document."""
    if not isinstance(body, Mapping):
        raise ValueError("(root): expected a response object {message, finish_reason, usage}")
    expect_members(body, ("message", "finish_reason", "usage"), "", "a go-model response")
    message = message_to_wirechat(body.get("message"), "/message")
    has_calls = any(part["type"] == "tool_call" for part in message["parts"])
    document: dict[str, Any] = {
        "message": message,
        "finish_reason": finish_to_wirechat(read_string(body, "finish_reason", ""), has_calls),
    }
    if body.get("usage") is not None:
        document["usage"] = usage_to_wirechat(body["usage"], "/usage")
    return decode(json.dumps(document).encode(), ChatResponse)


def encode_response(response: ChatResponse, warnings: list[ConversionWarning] | None = None) -> dict[str, Any]:
    """The go-model response document for ``response``; raises ``ConversionRefused``."""
    conv = Conversion(MANIFEST, warnings)
    plain = json.loads(encode(response))
    message = plain["message"]
    for member in ("name", "id", "provider_metadata"):
        if member in message:
            conv.degrade("response.message_members", f"/message/{member}")
    parts = []
    for index, part in enumerate(message["parts"]):
        where = f"/message/parts/{index}"
        if part["type"] not in ("text", "tool_call", "reasoning", "provider_tool_call", "provider_tool_result"):
            raise conv.refuse("response.part_unsupported", where)
        converted = part_from_wirechat(part, where, conv)
        if converted is not None:
            parts.append(converted)
    texts = [part.get("text", "") for part in parts if part["type"] == "text"]
    if len(texts) > 1 or "" in texts:
        conv.degrade("response.text_joined", "/message/parts")
        joined = "".join(texts)
        parts = ([{"type": "text", "text": joined}] if joined else []) + [p for p in parts if p["type"] != "text"]
    body: dict[str, Any] = {"message": {"role": message["role"], "parts": parts}}
    body["finish_reason"] = finish_from_wirechat(plain["finish_reason"], conv, "/finish_reason")
    if "usage" in plain:
        body["usage"] = usage_from_wirechat(plain["usage"], "/usage", conv)
    for member in ("id", "model"):
        if member in plain:
            conv.degrade(f"response.{member}", f"/{member}")
    if plain.get("provider_metadata"):
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    return body
