"""Anthropic ``message`` bodies <-> canonical ``ChatResponse``. Content blocks map to parts in order
(``blocks``; the same parts at the same indices as the stream gives); thinking keeps its signature and
redacted thinking its data byte for byte, with issuer ``anthropic``; provider-run calls and results and
citations keep their blocks byte for byte. What has no canonical field goes to
``provider_metadata["anthropic"]`` and is written back: the usage members beside the counts, the members of
``members.RESPONSE_KEPT``, and the blocks of a type this adapter does not know (``UNKNOWN_BLOCKS``, at their
positions; they are not parts, so a replayed conversation does not carry them). Every member neither mapped
nor kept is reported in ``warnings`` with its pointer."""

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
from wirechat.adapters._conversion import Conversion, get_list, metadata_for, unmapped_members
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.anthropic import finish, usage
from wirechat.adapters.anthropic.blocks import decode_block
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.members import RESPONSE, RESPONSE_KEPT, unmapped_block
from wirechat.adapters.anthropic.shapes import PROVIDER, encode_reasoning, encode_tool_call, tool_use_extras

__all__ = ["UNKNOWN_BLOCKS", "decode_content", "decode_response", "encode_response"]

UNKNOWN_BLOCKS = "unknown_blocks"
"""The ``provider_metadata.anthropic`` key of the blocks of a type this adapter does not know: a list of
``{"index": <position in content>, "block": <the block>}``, written back where they were."""


def decode_content(
    blocks: list[Any], where: str, conv: Conversion
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The parts of a reply's content blocks, and its blocks of unknown types (``UNKNOWN_BLOCKS`` entries);
    each unknown block and each member no decoder maps is reported at its pointer."""
    names: dict[str, str] = {}
    parts: list[dict[str, Any]] = []
    unknown: list[dict[str, Any]] = []
    for i, block in enumerate(blocks):
        at = f"{where}/{i}"
        part = decode_block(block, at, names)
        if part is None:
            conv.degrade("provider.unmapped", at)
            unknown.append({"index": i, "block": dict(block)})
            continue
        for pointer in unmapped_block(block, at):
            conv.degrade("provider.unmapped", pointer)
        parts.append(part)
    return parts, unknown


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    conv = Conversion(MANIFEST, warnings)
    for pointer in unmapped_members(body, RESPONSE, ""):
        conv.degrade("provider.unmapped", pointer)
    parts, unknown = decode_content(get_list(body, "content", "") or [], "/content", conv)
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
    for key in RESPONSE_KEPT:
        if body.get(key) is not None:
            metadata[key] = body[key]
    if unknown:
        metadata[UNKNOWN_BLOCKS] = unknown
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
        if foreign or (own and not isinstance(part, ToolCallPart)):
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        match part:
            case TextPart():
                block: dict[str, Any] = {"type": "text", "text": part.text}
                if citations := citations_out(part, where, conv, PROVIDER):
                    block["citations"] = citations
                content.append(block)
            case ToolCallPart():
                extras = tool_use_extras(own, where, conv)
                content.append(encode_tool_call(part.tool_call, f"{where}/tool_call", conv) | extras)
            case ReasoningPart():
                encoded = encode_reasoning(part, where, conv)
                if encoded is not None:
                    content.append(encoded)
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
    for key in RESPONSE_KEPT:
        if key in own_meta and key != "stop_sequence":
            body[key] = own_meta[key]
    _put_back(content, own_meta.get(UNKNOWN_BLOCKS))
    return body


def _put_back(content: list[dict[str, Any]], unknown: Any) -> None:
    """Write the reply's blocks of unknown types back at their positions."""
    entries: list[tuple[int, dict[str, Any]]] = []
    for entry in unknown if isinstance(unknown, list) else []:
        index, block = (entry.get("index"), entry.get("block")) if isinstance(entry, Mapping) else (None, None)
        if isinstance(index, int) and isinstance(block, Mapping):
            entries.append((index, dict(block)))
    for index, block in sorted(entries, key=lambda entry: entry[0]):
        content.insert(min(max(index, 0), len(content)), block)
