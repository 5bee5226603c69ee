"""OpenAI ``chat.completion`` bodies <-> canonical ``ChatResponse``. The reply's text comes first, then
a refusal (a text part marked ``{"openai": {"refusal": true}}``), then the tool calls, the order the
stream decoder assigns indices in; what has no canonical field goes to ``provider_metadata["openai"]``."""

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
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, get_list, get_map, get_str, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.openai_chat import finish, shapes, usage
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.shapes import PROVIDER, decode_tool_call

__all__ = ["METADATA_KEYS", "decode_response", "encode_response"]

METADATA_KEYS = ("system_fingerprint", "service_tier")


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    choices = get_list(body, "choices", "") or []
    metadata: dict[str, Any] = {}
    parts: list[dict[str, Any]] = []
    raw_finish = None
    if choices:
        choice = choices[0]
        if not isinstance(choice, Mapping):
            raise ValueError("/choices/0: expected a choice object")
        message = get_map(choice, "message", "/choices/0") or {}
        content = message.get("content")
        if isinstance(content, str) and content:
            parts.append({"type": "text", "text": content})
        if isinstance(message.get("refusal"), str):
            parts.append(
                {"type": "text", "text": message["refusal"], "provider_metadata": {PROVIDER: {"refusal": True}}}
            )
        for i, call in enumerate(get_list(message, "tool_calls", "/choices/0/message", required=False) or []):
            parts.append(
                {"type": "tool_call", "tool_call": decode_tool_call(call, f"/choices/0/message/tool_calls/{i}")}
            )
        raw_finish = get_str(choice, "finish_reason", "/choices/0", required=False)
        if choice.get("logprobs") is not None:
            metadata["logprobs"] = choice["logprobs"]
        if message.get("annotations"):
            metadata["annotations"] = message["annotations"]
        if len(choices) > 1:
            metadata["other_choices"] = list(choices[1:])
    fields: dict[str, Any] = {
        "message": {"role": "assistant", "parts": parts},
        "finish_reason": finish.decode(raw_finish, has_tool_calls=any(p["type"] == "tool_call" for p in parts)),
    }
    if isinstance(body.get("usage"), Mapping):
        fields["usage"], extra = usage.decode(body["usage"])
        if extra:
            metadata["usage"] = extra
    for key in ("id", "model"):
        if isinstance(body.get(key), str) and body[key]:
            fields[key] = body[key]
    if isinstance(body.get("created"), int) and body["created"]:
        metadata["created"] = body["created"]
    for key in METADATA_KEYS:
        if body.get(key) is not None:
            metadata[key] = body[key]
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
    refusal: str | None = None
    calls: list[dict[str, Any]] = []
    for j, part in enumerate(message.parts):
        where = f"/message/parts/{j}"
        own, foreign = metadata_for(part.provider_metadata, PROVIDER)
        if foreign:
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        match part:
            case TextPart():
                if own.get("refusal") is True and refusal is None:
                    refusal = part.text
                    continue
                if calls:
                    conv.degrade("tool_call.interleaved", where)
                citations_out(part, where, conv, PROVIDER)
                texts.append(part.text)
            case ToolCallPart():
                call = part.tool_call
                calls.append(shapes.tool_call(call))
            case ReasoningPart():
                _parts.drop_reasoning(part, where, conv, PROVIDER)
            case ProviderToolCallPart() | ProviderToolResultPart():
                provider_part_out(part, where, conv, PROVIDER)  # no place for it in a Chat Completions reply
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("response.part_unsupported", where)
            case _:
                assert_never(part)
    if len(texts) > 1 or "" in texts:
        conv.degrade("response.text_joined", "/message/parts")
    own_meta, foreign_meta = metadata_for(response.provider_metadata, PROVIDER)
    if foreign_meta:
        conv.degrade("response.provider_metadata.foreign", "/provider_metadata")
    out_message: dict[str, Any] = {"role": "assistant", "content": "".join(texts) or None}
    if refusal is not None:
        out_message["refusal"] = refusal
    if calls:
        out_message["tool_calls"] = calls
    if own_meta.get("annotations"):
        out_message["annotations"] = own_meta["annotations"]
    body: dict[str, Any] = {
        "id": "" if response.id is MISSING else response.id,
        "object": "chat.completion",
        "created": own_meta.get("created", 0),
        "model": "" if response.model is MISSING else response.model,
        "choices": [
            {
                "index": 0,
                "message": out_message,
                "finish_reason": finish.encode(response.finish_reason, conv),
                "logprobs": own_meta.get("logprobs"),
            },
            *own_meta.get("other_choices", []),
        ],
    }
    if response.usage is not MISSING:
        body["usage"] = usage.encode(response.usage, conv, own_meta.get("usage"))
    for key in METADATA_KEYS:
        if key in own_meta:
            body[key] = own_meta[key]
    return body
