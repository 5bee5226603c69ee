"""Anthropic Messages' own JSON shapes, written in one place: the names, the media types it takes, and the
content blocks both ways (``tool_use``, ``thinking`` / ``redacted_thinking`` from canonical parts;
``decode_block`` for every block a request, a response or a stream carries).

The fake provider (``wirechat.testing.fake_provider``) writes these shapes again on purpose, from the
provider's documentation rather than from this module, so that its tests are a second reading of the docs.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    ReasoningPart,
    ToolCall,
)
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion, compact_json, get_map, get_str
from wirechat.tool_arguments import ToolArgumentsError, parse_arguments

__all__ = ["IMAGE_TYPES", "NAME", "PROVIDER", "SCHEMA_NAME", "decode_block", "encode_reasoning", "encode_tool_call"]

NAME = PROVIDER = "anthropic"
"""The registry name, the ``provider_metadata`` key and the reasoning issuer: one word for Anthropic."""
IMAGE_TYPES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})
"""The image media types the API takes inline."""
SCHEMA_NAME = "response"
"""The name structured output's schema travels under (Anthropic has no name of its own for it)."""


def encode_tool_call(call: ToolCall, where: str, conv: Conversion) -> dict[str, Any]:
    """A ``tool_use`` block: the arguments must be a JSON object, sent as ``input``."""
    try:
        value = parse_arguments(call.arguments)
    except ToolArgumentsError:
        raise conv.refuse("tool_call.arguments_not_object", f"{where}/arguments") from None
    if compact_json(value) != call.arguments:
        conv.degrade("tool_call.arguments_not_compact", f"{where}/arguments")
    return {"type": "tool_use", "id": call.id, "name": call.name, "input": value}


def encode_reasoning(part: ReasoningPart, where: str, conv: Conversion) -> dict[str, Any] | None:
    """A ``thinking`` or ``redacted_thinking`` block for reasoning Anthropic issued; None when the
    replay rule drops it."""
    feature = _parts.reasoning_feature(part, PROVIDER)
    if not conv.handle(feature, where) and feature != "reasoning.own_empty_text":
        return None
    reasoning = part.reasoning
    if reasoning.redacted_data is not MISSING:
        return {"type": "redacted_thinking", "data": reasoning.redacted_data}
    text = "" if reasoning.text is MISSING else reasoning.text
    signature = "" if reasoning.signature is MISSING else reasoning.signature
    return {"type": "thinking", "thinking": text, "signature": signature}


def _cache(block: Mapping[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    own = {key: block[key] for key in ("cache_control", "citations") if block.get(key) is not None}
    if own:
        part["provider_metadata"] = {PROVIDER: own}
    return part


def decode_block(block: Any, where: str) -> dict[str, Any]:
    """A canonical part (as a dict) for one Anthropic content block, request or response side."""
    if not isinstance(block, Mapping):
        raise ValueError(f"{where}: expected a content block object")
    kind = block.get("type")
    if kind == "text":
        return _cache(block, {"type": "text", "text": get_str(block, "text", where)})
    if kind == "image":
        source = get_map(block, "source", where) or {}
        if source.get("type") == "url":
            image = {"source": "url", "url": get_str(source, "url", f"{where}/source")}
        elif source.get("type") == "base64":
            image = {"source": "base64", "base64": source.get("data"), "media_type": source.get("media_type")}
        else:
            raise ValueError(f"{where}/source/type: expected url or base64, got {source.get('type')!r}")
        return _cache(block, {"type": "image", "image": image})
    if kind == "document":
        return _cache(block, {"type": "file", "file": _decode_document(block, where)})
    if kind == "thinking":
        reasoning: dict[str, Any] = {"issuer": PROVIDER}
        if block.get("thinking"):
            reasoning["text"] = block["thinking"]
        if block.get("signature"):
            reasoning["signature"] = block["signature"]
        return {"type": "reasoning", "reasoning": reasoning}
    if kind == "redacted_thinking":
        return {"type": "reasoning", "reasoning": {"redacted_data": get_str(block, "data", where), "issuer": PROVIDER}}
    if kind == "tool_use":
        value = block.get("input") if block.get("input") is not None else {}
        call = {
            "id": get_str(block, "id", where),
            "name": get_str(block, "name", where),
            "arguments": compact_json(value),
        }
        return _cache(block, {"type": "tool_call", "tool_call": call})
    if kind == "tool_result":
        return _cache(block, {"type": "tool_result", "tool_result": _decode_tool_result(block, where)})
    return {"type": "data", "data": {"value": dict(block)}, "provider_metadata": {PROVIDER: {"block": True}}}


def _decode_document(block: Mapping[str, Any], where: str) -> dict[str, Any]:
    source = get_map(block, "source", where) or {}
    kind = source.get("type")
    out: dict[str, Any]
    if kind == "url":
        out = {"source": "uri", "uri": get_str(source, "url", f"{where}/source")}
    elif kind == "base64":
        out = {"source": "base64", "base64": source.get("data"), "media_type": source.get("media_type")}
    elif kind == "text":
        data = get_str(source, "data", f"{where}/source") or ""
        out = {"source": "base64", "base64": base64.b64encode(data.encode()).decode(), "media_type": "text/plain"}
    elif kind == "file":
        out = {"source": "file_id", "file_id": get_str(source, "file_id", f"{where}/source"), "issuer": PROVIDER}
    else:
        raise ValueError(f"{where}/source/type: expected url, base64, text or file, got {kind!r}")
    if isinstance(block.get("title"), str) and block["title"]:
        out["name"] = block["title"]
    return out


def _decode_tool_result(block: Mapping[str, Any], where: str) -> dict[str, Any]:
    result: dict[str, Any] = {"tool_call_id": get_str(block, "tool_use_id", where), "content": ""}
    content = block.get("content")
    if isinstance(content, str):
        result["content"] = content
    elif isinstance(content, list):
        parts = [decode_block(item, f"{where}/content/{k}") for k, item in enumerate(content)]
        if parts and parts[0]["type"] == "text" and "provider_metadata" not in parts[0]:
            result["content"] = parts.pop(0)["text"]
        if parts:
            result["parts"] = parts
    if isinstance(block.get("is_error"), bool):
        result["is_error"] = block["is_error"]
    return result
