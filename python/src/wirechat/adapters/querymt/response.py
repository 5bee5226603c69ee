"""QueryMT ``ExtismChatResponse`` (``{text, tool_calls, thinking, usage, finish_reason}``) <-> canonical
``ChatResponse``.

Decoding: ``thinking`` is a reasoning part (first), then the text, then the tool calls with their ids;
usage is normalised (``usage``); the finish reason is derived from QueryMT's value and the raw value kept
(``finish``). Members QueryMT's type does not have are kept in ``provider_metadata["querymt"]`` and
written back by ``encode_response``. Encoding joins the text parts (with a warning) and writes the plain
reasoning as ``thinking`` (decision 044, ``thinking``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    AudioPart,
    ChatResponse,
    DataPart,
    FilePart,
    ImagePart,
    ProviderToolCallPart,
    ProviderToolResultPart,
    ReasoningPart,
    TextPart,
    ToolCallPart,
    ToolResultPart,
)
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, get_list, get_map, get_str, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.querymt import finish, shapes, usage
from wirechat.adapters.querymt.manifest import MANIFEST
from wirechat.adapters.querymt.shapes import PROVIDER, decode_tool_call
from wirechat.adapters.querymt.thinking import Thinking

__all__ = ["MEMBERS", "decode_response", "encode_response"]

MEMBERS = ("text", "tool_calls", "thinking", "usage", "finish_reason")


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    parts: list[dict[str, Any]] = []
    thinking = get_str(body, "thinking", "", required=False)
    if thinking:
        parts.append({"type": "reasoning", "reasoning": {"text": thinking}})
    text = get_str(body, "text", "", required=False)
    if text:
        parts.append({"type": "text", "text": text})
    for i, call in enumerate(get_list(body, "tool_calls", "", required=False) or []):
        call_id, name, arguments = decode_tool_call(call, f"/tool_calls/{i}")
        parts.append({"type": "tool_call", "tool_call": {"id": call_id, "name": name, "arguments": arguments}})
    raw_finish = get_str(body, "finish_reason", "", required=False)
    has_calls = any(part["type"] == "tool_call" for part in parts)
    fields: dict[str, Any] = {
        "message": {"role": "assistant", "parts": parts},
        "finish_reason": finish.decode(raw_finish, has_tool_calls=has_calls),
    }
    metadata = {key: value for key, value in body.items() if key not in MEMBERS}
    raw_usage = get_map(body, "usage", "", required=False)
    if raw_usage is not None:
        fields["usage"], extra = usage.decode(raw_usage)
        if extra:
            metadata["usage"] = extra
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    return ChatResponse(**fields)


def encode_response(response: ChatResponse, warnings: list[ConversionWarning] | None = None) -> dict[str, Any]:
    conv = Conversion(MANIFEST, warnings)
    message = response.message
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            conv.degrade("response.message_members", f"/message/{name}")
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    thinking = Thinking(conv)
    for j, part in enumerate(message.parts):
        where = f"/message/parts/{j}"
        own, foreign = metadata_for(part.provider_metadata, PROVIDER)
        if foreign or own:
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        match part:
            case TextPart():
                if calls:
                    conv.degrade("tool_call.interleaved", where)
                citations_out(part, where, conv, PROVIDER)
                texts.append(part.text)
            case ToolCallPart():
                call = part.tool_call
                calls.append(shapes.tool_call(call.id, call.name, call.arguments))
            case ReasoningPart():
                thinking.take(part, where, after_content=bool(texts or calls))
            case ProviderToolCallPart() | ProviderToolResultPart():
                provider_part_out(part, where, conv, PROVIDER)
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("response.part_unsupported", where)
            case _:
                assert_never(part)
    thought = thinking.text()
    if len(texts) > 1 or "" in texts:
        conv.degrade("response.text_joined", "/message/parts")
    for member in ("id", "model"):
        if getattr(response, member) is not MISSING:
            conv.degrade(f"response.{member}", f"/{member}")
    own_meta, foreign_meta = metadata_for(response.provider_metadata, PROVIDER)
    if foreign_meta:
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    body: dict[str, Any] = {
        "text": "".join(texts) or None,
        "tool_calls": calls or None,
        "thinking": thought,
        "usage": None if response.usage is MISSING else usage.encode(response.usage, conv),
        "finish_reason": finish.encode(response.finish_reason, conv),
    }
    for key, value in own_meta.items():
        if key not in body:
            body[key] = value
    return body
