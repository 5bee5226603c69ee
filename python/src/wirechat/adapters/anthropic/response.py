"""Anthropic ``message`` bodies <-> canonical ``ChatResponse``. Content blocks map to parts in order
(block index = part index, as in the stream); thinking keeps its signature and redacted thinking its
data byte for byte, with issuer ``anthropic``; what has no canonical field goes to
``provider_metadata["anthropic"]``."""

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
from wirechat.adapters._conversion import Conversion, get_list, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.anthropic import finish, usage
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.shapes import PROVIDER, decode_block, encode_reasoning, encode_tool_call

__all__ = ["METADATA_KEYS", "decode_response", "encode_response"]

METADATA_KEYS = ("stop_sequence", "stop_details", "container", "diagnostics")


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    blocks = get_list(body, "content", "") or []
    parts = [decode_block(block, f"/content/{i}") for i, block in enumerate(blocks)]
    raw_finish = body.get("stop_reason") if isinstance(body.get("stop_reason"), str) else None
    fields: dict[str, Any] = {
        "message": {"role": "assistant", "parts": parts},
        "finish_reason": finish.decode(raw_finish, has_tool_calls=any(p["type"] == "tool_call" for p in parts)),
    }
    metadata: dict[str, Any] = {}
    if isinstance(body.get("usage"), Mapping):
        fields["usage"], extra = usage.decode(body["usage"])
        if extra:
            metadata["usage"] = extra
    for key in ("id", "model"):
        if isinstance(body.get(key), str) and body[key]:
            fields[key] = body[key]
    for key in METADATA_KEYS:
        if body.get(key) is not None:
            metadata[key] = body[key]
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    return ChatResponse.model_validate(fields)


def encode_response(response: ChatResponse, warnings: list[ConversionWarning] | None = None) -> dict[str, Any]:
    conv = Conversion(MANIFEST, warnings)
    message = response.message
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            conv.degrade("response.message_members", f"/message/{name}")
    content: list[dict[str, Any]] = []
    for j, part in enumerate(message.parts):
        where = f"/message/parts/{j}"
        own, foreign = metadata_for(part.provider_metadata, PROVIDER)
        if foreign or set(own) - {"citations", "block"}:
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        match part:
            case TextPart():
                block: dict[str, Any] = {"type": "text", "text": part.text}
                if "citations" in own:
                    block["citations"] = own["citations"]
                if citations := citations_out(part, where, conv, PROVIDER):
                    block["citations"] = citations
                content.append(block)
            case ToolCallPart():
                content.append(encode_tool_call(part.tool_call, f"{where}/tool_call", conv))
            case ReasoningPart():
                encoded = encode_reasoning(part, where, conv)
                if encoded is not None:
                    content.append(encoded)
            case DataPart() if own.get("block") is True and isinstance(part.data.value, dict):
                content.append(dict(part.data.value))
            case ProviderToolCallPart() | ProviderToolResultPart():
                if (written := provider_part_out(part, where, conv, PROVIDER)) is not None:
                    content.append(written)
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("response.part_unsupported", where)
            case _:
                assert_never(part)
    own_meta, foreign_meta = metadata_for(response.provider_metadata, PROVIDER)
    if foreign_meta:
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    if response.usage is MISSING:
        conv.degrade("usage.absent", "/usage")
        usage_body: dict[str, Any] = {"input_tokens": 0, "output_tokens": 0}
    else:
        usage_body = usage.encode(response.usage, conv, own_meta.get("usage"))
    body: dict[str, Any] = {
        "id": "" if response.id is MISSING else response.id,
        "type": "message",
        "role": "assistant",
        "content": content,
        "model": "" if response.model is MISSING else response.model,
        "stop_reason": finish.encode(response.finish_reason, conv),
        "stop_sequence": own_meta.get("stop_sequence"),
        "usage": usage_body,
    }
    for key in METADATA_KEYS:
        if key in own_meta and key != "stop_sequence":
            body[key] = own_meta[key]
    return body
