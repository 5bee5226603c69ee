"""Responses ``response`` objects <-> canonical ``ChatResponse``. Output items map to parts in order
(``shapes``): a message item gives one text part per ``output_text`` / ``refusal``, a reasoning item one
reasoning part (issuer ``openai``), a function call one tool-call part; an item type this adapter does not
map (hosted tool calls) is kept whole as a data part. The finish reason comes from ``status`` and
``incomplete_details`` (``finish``); what has no canonical field goes to ``provider_metadata["openai"]``."""

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
from wirechat.adapters.openai_responses import finish, usage
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.shapes import (
    PROVIDER,
    decode_output_item,
    encode_function_call,
    encode_reasoning,
)

__all__ = ["METADATA_KEYS", "decode_response", "encode_response", "metadata_of", "text_entry"]

METADATA_KEYS = ("created_at", "service_tier", "error", "previous_response_id", "background", "conversation")
"""Response members with no canonical field that ``provider_metadata["openai"]`` keeps."""
_TEXT_KEYS = {"item_id", "annotations", "logprobs", "refusal"}


def metadata_of(body: Mapping[str, Any]) -> dict[str, Any]:
    """The response members kept in ``provider_metadata["openai"]`` (usage details included)."""
    metadata = {key: body[key] for key in METADATA_KEYS if body.get(key) is not None}
    if metadata.get("created_at") == 0:  # what encode_response writes when it has no time
        del metadata["created_at"]
    return metadata


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    items = get_list(body, "output", "") or []
    parts = [part for i, item in enumerate(items) for part in decode_output_item(item, f"/output/{i}")]
    has_calls = any(part["type"] == "tool_call" for part in parts)
    fields: dict[str, Any] = {
        "message": {"role": "assistant", "parts": parts},
        "finish_reason": finish.decode(finish.raw_of(body), has_tool_calls=has_calls),
    }
    metadata = metadata_of(body)
    if isinstance(body.get("usage"), Mapping):
        fields["usage"], extra = usage.decode(body["usage"])
        if extra:
            metadata["usage"] = extra
    for key in ("id", "model"):
        if isinstance(body.get(key), str) and body[key]:
            fields[key] = body[key]
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    return ChatResponse.model_validate(fields)


def text_entry(part: TextPart, own: Mapping[str, Any]) -> dict[str, Any]:
    """The ``output_text`` (or ``refusal``) entry of a message item for a text part."""
    if own.get("refusal") is True:
        return {"type": "refusal", "refusal": part.text}
    entry: dict[str, Any] = {"type": "output_text", "text": part.text, "annotations": own.get("annotations") or []}
    if own.get("logprobs"):
        entry["logprobs"] = own["logprobs"]
    return entry


def encode_response(response: ChatResponse, warnings: list[ConversionWarning] | None = None) -> dict[str, Any]:
    conv = Conversion(MANIFEST, warnings)
    message = response.message
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            conv.degrade("response.message_members", f"/message/{name}")
    output: list[dict[str, Any]] = []
    open_message: dict[str, Any] | None = None  # the message item consecutive text parts join
    for j, part in enumerate(message.parts):
        where = f"/message/parts/{j}"
        own, foreign = metadata_for(part.provider_metadata, PROVIDER)
        allowed = {TextPart: _TEXT_KEYS, ToolCallPart: {"item_id"}, ReasoningPart: {"summary", "content"},
                   DataPart: {"item"}}.get(type(part), set())  # fmt: skip
        if foreign or set(own) - allowed:
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        if not isinstance(part, TextPart):
            open_message = None
        match part:
            case TextPart():
                item_id = own.get("item_id") if isinstance(own.get("item_id"), str) else ""
                if open_message is None or open_message["id"] != item_id:
                    open_message = {"type": "message", "id": item_id, "role": "assistant",
                                    "status": "completed", "content": []}  # fmt: skip
                    output.append(open_message)
                entry = text_entry(part, own)
                if citations := citations_out(part, where, conv, PROVIDER):
                    entry["annotations"] = citations
                open_message["content"].append(entry)
            case ToolCallPart():
                output.append({**encode_function_call(part.tool_call, own), "status": "completed"})
            case ReasoningPart():
                item = encode_reasoning(part, where, conv)
                if item is not None:
                    output.append(item)
            case DataPart() if own.get("item") is True and isinstance(part.data.value, dict):
                output.append(dict(part.data.value))
            case ProviderToolCallPart() | ProviderToolResultPart():
                if (written := provider_part_out(part, where, conv, PROVIDER)) is not None:
                    output.append(written)
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("response.part_unsupported", where)
            case _:
                assert_never(part)
    has_calls = any(isinstance(part, ToolCallPart) for part in message.parts)
    own_meta, foreign_meta = metadata_for(response.provider_metadata, PROVIDER)
    if foreign_meta:
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    raw = finish.encode(response.finish_reason, conv, has_tool_calls=has_calls)
    body: dict[str, Any] = {
        "id": "" if response.id is MISSING else response.id,
        "object": "response",
        "created_at": own_meta.get("created_at", 0),
        "model": "" if response.model is MISSING else response.model,
        **finish.status_fields(raw),
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "error": own_meta.get("error"),
    }
    if response.usage is not MISSING:
        body["usage"] = usage.encode(response.usage, conv, own_meta.get("usage"))
    for key in METADATA_KEYS:
        if key in own_meta and key not in body:
            body[key] = own_meta[key]
    return body
