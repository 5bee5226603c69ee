"""Responses ``response`` objects <-> canonical ``ChatResponse``. Output items map to parts in order
(``shapes``): a message item gives one text part per ``output_text`` / ``refusal`` (annotations as its
citations), a reasoning item one reasoning part (issuer ``openai``), a function or custom tool call one
tool-call part, a hosted-tool item a provider-run call (and its result: ``hosted``). The finish reason comes
from ``status`` and ``incomplete_details`` (``finish``); what has no canonical field goes to
``provider_metadata["openai"]`` (``METADATA_KEYS``), the members the API repeats from the request
(``REQUEST_ECHOES``: the model settings, tools, instructions...) too. Any other member, and any item of a type
this adapter does not know, is reported in ``warnings`` with its pointer (feature ``provider.unmapped``),
never dropped without a word."""

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
from wirechat.adapters._conversion import Conversion, Shape, get_list, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.openai_responses import finish, usage
from wirechat.adapters.openai_responses.hosted import Pairing
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.shapes import (
    CALL_KEYS,
    PROVIDER,
    REASONING_KEYS,
    TEXT_KEYS,
    decode_output_item,
    encode_function_call,
    encode_reasoning,
    present_unmapped,
)

__all__ = [
    "METADATA_KEYS",
    "REQUEST_ECHOES",
    "RESPONSE_SHAPE",
    "WRITTEN_WHEN_ABSENT",
    "decode_response",
    "encode_response",
    "metadata_of",
    "text_entry",
]

REQUEST_ECHOES = (
    "instructions", "max_output_tokens", "max_tool_calls", "metadata", "parallel_tool_calls", "frequency_penalty",
    "presence_penalty", "prompt", "prompt_cache_key", "prompt_cache_retention", "reasoning", "safety_identifier",
    "store", "temperature", "text", "tool_choice", "tools", "top_logprobs", "top_p", "truncation", "user",
    "include", "input",
)  # fmt: skip
"""Response members that repeat the request's parameters (https://platform.openai.com/docs/api-reference/
responses/object), as the server applied them."""
METADATA_KEYS = (
    "created_at", "service_tier", "error", "previous_response_id", "background", "conversation", "completed_at",
    "billing", "tool_usage", "moderation", "content_filters", *REQUEST_ECHOES,
)  # fmt: skip
"""Response members with no canonical field that ``provider_metadata["openai"]`` keeps (``content_filters``:
Azure OpenAI's), the request's echoes included, so that a reply is written back as it came."""
WRITTEN_WHEN_ABSENT: Mapping[str, Any] = {"created_at": 0, "parallel_tool_calls": True, "tool_choice": "auto",
                                          "tools": []}  # fmt: skip
"""What ``encode_response`` writes for a member the SDKs require when nothing was kept; read back as nothing."""
_MAPPED = frozenset({"id", "object", "model", "status", "incomplete_details", "output", "output_text", "usage"})
"""Response members the decoder maps (``output_text`` is the SDKs' join of the output's texts)."""
RESPONSE_SHAPE: Shape = dict.fromkeys(_MAPPED | set(METADATA_KEYS))


_OWN_KEYS: dict[type, frozenset[str]] = {TextPart: TEXT_KEYS, ToolCallPart: CALL_KEYS, ReasoningPart: REASONING_KEYS}


def metadata_of(body: Mapping[str, Any]) -> dict[str, Any]:
    """The response members kept in ``provider_metadata["openai"]`` (usage details included)."""
    return {
        key: body[key]
        for key in METADATA_KEYS
        if body.get(key) is not None and (key not in WRITTEN_WHEN_ABSENT or body[key] != WRITTEN_WHEN_ABSENT[key])
    }


def decode_response(body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
    items = get_list(body, "output", "") or []
    pairing, unmapped = Pairing(), present_unmapped(body, "", RESPONSE_SHAPE)
    parts = [part for i, item in enumerate(items) for part in decode_output_item(item, f"/output/{i}", pairing,
                                                                                  unmapped)]  # fmt: skip
    conv = Conversion(MANIFEST, warnings)
    for where in unmapped:
        conv.degrade("provider.unmapped", where)
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
    entry: dict[str, Any] = {"type": "output_text", "text": part.text, "annotations": []}
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
        allowed = _OWN_KEYS.get(type(part), frozenset())
        if foreign or set(own) - allowed:
            conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        if not isinstance(part, TextPart):
            open_message = None
        match part:
            case TextPart():
                item_id = own.get("item_id") if isinstance(own.get("item_id"), str) else ""
                phase = own.get("phase") if isinstance(own.get("phase"), str) else None
                status = own.get("status") if isinstance(own.get("status"), str) else "completed"
                if open_message is None or (open_message["id"], open_message.get("phase"), open_message["status"]) != (
                    item_id,
                    phase,
                    status,
                ):
                    open_message = {"type": "message", "id": item_id, "role": "assistant", "status": status,
                                    "content": []}  # fmt: skip
                    if phase is not None:
                        open_message["phase"] = phase
                    output.append(open_message)
                entry = text_entry(part, own)
                if citations := citations_out(part, where, conv, PROVIDER):
                    entry["annotations"] = citations
                open_message["content"].append(entry)
            case ToolCallPart():
                output.append({"status": "completed", **encode_function_call(part.tool_call, own)})
            case ReasoningPart():
                item = encode_reasoning(part, where, conv)
                if item is not None:
                    output.append(item)
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
        "model": "" if response.model is MISSING else response.model,
        **finish.status_fields(raw),
        "output": output,
        **WRITTEN_WHEN_ABSENT,
        "error": None,
    }
    if response.usage is not MISSING:
        body["usage"] = usage.encode(response.usage, conv, own_meta.get("usage"))
    body.update({key: own_meta[key] for key in METADATA_KEYS if key in own_meta})
    return body
