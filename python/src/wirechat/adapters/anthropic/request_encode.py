"""Canonical ``ChatRequest`` -> Anthropic Messages request body (API version 2026-10-21).

The first system message becomes the top-level ``system``; later ones are ``{"role": "system"}``
messages. A tool message becomes a user message of ``tool_result`` blocks. Signed thinking is replayed
only when Anthropic issued it (spec section 10); so are the calls and results Anthropic ran, as their
blocks, and citations (spec section 15). A tool call gets back the ``tool_use`` members kept in its
``provider_metadata.anthropic`` (``caller``). Provider tools Anthropic defines follow the function tools,
their definitions unchanged. The messages go through ``request_fast`` first; this
module's walk, which writes every warning and refusal with its pointer, runs when it hands over
(decision 023).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    AudioPart,
    ChatOptions,
    ChatRequest,
    DataPart,
    FileBase64,
    FileId,
    FilePart,
    FileUri,
    ImagePart,
    MediaBase64,
    MediaUrl,
    Message,
    Part,
    ProviderToolCallPart,
    ProviderToolResultPart,
    ReasoningPart,
    ResponseFormatJsonObject,
    ResponseFormatJsonSchema,
    ResponseFormatText,
    TextPart,
    ToolCallPart,
    ToolChoiceAuto,
    ToolChoiceNone,
    ToolChoiceRequired,
    ToolChoiceTool,
    ToolDefinition,
    ToolResult,
    ToolResultPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out, provider_tools_out
from wirechat.adapters.anthropic import request_fast
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.shapes import (
    IMAGE_TYPES,
    NAME,
    PROVIDER,
    SCHEMA_NAME,
    encode_reasoning,
    encode_tool_call,
    tool_use_extras,
)

__all__ = ["encode_request"]


def encode_request(request: ChatRequest, adapter_name: str = NAME) -> tuple[dict[str, Any], list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    if request.model is MISSING:
        raise conv.refuse("model.absent", "/model")
    options = request.options if request.options is not MISSING else ChatOptions()
    body: dict[str, Any] = {"model": request.model}
    if options.max_tokens is not MISSING:
        body["max_tokens"] = options.max_tokens
    else:
        conv.degrade("options.max_tokens.absent", "/options/max_tokens")
        body["max_tokens"] = MANIFEST.default_max_tokens
    fast = request_fast.messages(request.messages)
    if fast is not None:
        system, messages, loose = fast
        if system is not MISSING:
            body["system"] = system
        for where in loose:
            conv.degrade("tool_call.arguments_not_compact", where)
    else:  # something needs a warning, a refusal or a shape the fast pass does not write
        messages = []
        for i, message in enumerate(request.messages):
            where = f"/messages/{i}"
            _message_members(message, where, conv)
            if message.role == "system":
                blocks = _system_blocks(message, where, conv)
                if i == 0:
                    body["system"] = _content(blocks)
                else:
                    messages.append({"role": "system", "content": _content(blocks)})
            else:
                messages.append(_encode_message(message, where, conv))
    body["messages"] = messages
    tools = (
        [] if request.tools is MISSING else [_encode_tool(t, f"/tools/{i}", conv) for i, t in enumerate(request.tools)]
    )
    tools += provider_tools_out(request, conv, PROVIDER)
    if tools or request.tools is not MISSING:
        body["tools"] = tools
    _encode_tool_choice(request, options, body, conv)
    _encode_options(options, body, conv)
    _parts.merge_provider_options(request.provider_options, adapter_name, body, MANIFEST.options_schema)
    return body, conv.warnings


def _message_members(message: Message, where: str, conv: Conversion) -> None:
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            feature = "message.name_tool" if name == "name" and message.role == "tool" else f"message.{name}"
            conv.degrade(feature, f"{where}/{name}")


def _content(blocks: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    """A lone plain text block is sent as a string; anything else as a list of blocks."""
    if len(blocks) == 1 and blocks[0]["type"] == "text" and len(blocks[0]) == 2:
        return str(blocks[0]["text"])
    return blocks


_KEPT: dict[type[Any], tuple[str, ...]] = {
    TextPart: ("cache_control",),
    ImagePart: ("cache_control",),
    FilePart: ("cache_control", "citations"),
    ToolResultPart: ("cache_control",),
}
"""The ``provider_metadata.anthropic`` members each part writes back into its block (a document's
``citations`` is its citation setting); a tool call writes back every member (``shapes.tool_use_extras``)."""


def _own(part: Part | Any, where: str, conv: Conversion) -> dict[str, Any]:
    """The members the part's block gets back from its ``provider_metadata.anthropic``, degrading the
    rest and foreign metadata."""
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    if foreign:
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    if isinstance(part, ToolCallPart):
        return tool_use_extras(own, where, conv)
    kept = {key: own[key] for key in _KEPT.get(type(part), ()) if key in own}
    if len(kept) != len(own) and not foreign:
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    return kept


def _system_blocks(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
    blocks = []
    for j, part in enumerate(message.parts):
        if not isinstance(part, TextPart):
            raise conv.refuse("system.non_text", f"{where}/parts/{j}")
        blocks.append(_text_block(part, f"{where}/parts/{j}", conv) | _own(part, f"{where}/parts/{j}", conv))
    return blocks


def _encode_message(message: Message, where: str, conv: Conversion) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = []
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        match message.role:
            case "user":
                if isinstance(part, (ReasoningPart, ToolCallPart, ToolResultPart)):
                    raise conv.refuse("part.misplaced", at)
                blocks.append(_content_block(part, at, conv))
            case "assistant":
                block = _assistant_block(part, at, conv)
                if block is not None:
                    blocks.append(block)
            case "tool":
                if not isinstance(part, ToolResultPart):
                    raise conv.refuse("part.misplaced", at)
                blocks.append(_tool_result(part.tool_result, at, conv) | _own(part, at, conv))
            case "system":  # handled by the caller
                raise AssertionError("system messages are encoded by encode_request")
            case _:
                assert_never(message.role)
    if message.role == "tool" and not message.parts:
        conv.degrade("tool_result.empty", f"{where}/parts")
    role = "assistant" if message.role == "assistant" else "user"
    return {"role": role, "content": _content(blocks)}


def _content_block(part: Part, where: str, conv: Conversion) -> dict[str, Any]:
    """A user-side content block: text, image, document (a data part becomes text)."""
    own = _own(part, where, conv)
    match part:
        case TextPart():
            return _text_block(part, where, conv) | own
        case ImagePart():
            return {"type": "image", "source": _image_source(part.image, f"{where}/image", conv), **own}
        case FilePart():
            return _document(part.file, f"{where}/file", conv) | own
        case DataPart():
            conv.degrade("data", where)
            return {"type": "text", "text": _parts.data_text(part.data), **own}
        case AudioPart():
            feature = "audio.url" if isinstance(part.audio, MediaUrl) else "audio.base64"
            raise conv.refuse(feature, f"{where}/audio")
        case ReasoningPart() | ToolCallPart() | ToolResultPart() | ProviderToolCallPart() | ProviderToolResultPart():
            raise conv.refuse("part.misplaced", where)
        case _:
            assert_never(part)


def _image_source(source: MediaUrl | MediaBase64, where: str, conv: Conversion) -> dict[str, Any]:
    if isinstance(source, MediaUrl):
        if source.media_type is not MISSING:
            conv.degrade("media.media_type_dropped", f"{where}/media_type")
        return {"type": "url", "url": source.url}
    if source.media_type not in IMAGE_TYPES:
        raise conv.refuse("media.unsupported_type", f"{where}/media_type")
    return {"type": "base64", "media_type": source.media_type, "data": source.base64}


def _document(source: FileUri | FileBase64 | FileId, where: str, conv: Conversion) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "document"}
    match source:
        case FileUri():
            if source.media_type is not MISSING:
                conv.degrade("media.media_type_dropped", f"{where}/media_type")
            block["source"] = {"type": "url", "url": source.uri}
        case FileBase64():
            if source.media_type == "application/pdf":
                block["source"] = {"type": "base64", "media_type": "application/pdf", "data": source.base64}
            elif source.media_type == "text/plain":
                try:
                    text = base64.b64decode(source.base64, validate=True).decode("utf-8")
                except (binascii.Error, UnicodeDecodeError):
                    raise conv.refuse("media.unsupported_type", f"{where}/base64") from None
                if base64.b64encode(text.encode("utf-8")).decode("ascii") != source.base64:
                    raise conv.refuse("media.unsupported_type", f"{where}/base64")
                block["source"] = {"type": "text", "media_type": "text/plain", "data": text}
            else:
                raise conv.refuse("media.unsupported_type", f"{where}/media_type")
        case FileId():
            if source.issuer is MISSING or source.issuer != PROVIDER:
                raise conv.refuse("file.file_id_foreign", f"{where}/issuer")
            if source.media_type is not MISSING:
                conv.degrade("media.media_type_dropped", f"{where}/media_type")
            block["source"] = {"type": "file", "file_id": source.file_id}
        case _:
            assert_never(source)
    if source.name is not MISSING:
        block["title"] = source.name
    return block


def _assistant_block(part: Part, where: str, conv: Conversion) -> dict[str, Any] | None:
    match part:
        case TextPart():
            return _text_block(part, where, conv) | _own(part, where, conv)
        case ProviderToolCallPart() | ProviderToolResultPart():
            _own(part, where, conv)
            return provider_part_out(part, where, conv, PROVIDER)
        case ToolCallPart():
            return encode_tool_call(part.tool_call, f"{where}/tool_call", conv) | _own(part, where, conv)
        case ReasoningPart():
            _own(part, where, conv)
            return encode_reasoning(part, where, conv)
        case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
            raise conv.refuse("part.misplaced", where)
        case _:
            assert_never(part)


def _text_block(part: TextPart, where: str, conv: Conversion) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "text", "text": part.text}
    if citations := citations_out(part, where, conv, PROVIDER):
        block["citations"] = citations
    return block


def _tool_result(result: ToolResult, where: str, conv: Conversion) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": result.tool_call_id}
    if result.parts is MISSING:
        block["content"] = result.content
    else:
        if not result.parts or (not result.content and isinstance(result.parts[0], (TextPart, DataPart))):
            conv.degrade("tool_result.parts_ambiguous", f"{where}/tool_result/parts")
        content = [{"type": "text", "text": result.content}] if result.content else []
        for k, part in enumerate(result.parts):
            content.append(_content_block(part, f"{where}/tool_result/parts/{k}", conv))
        block["content"] = content if result.parts else result.content
    if result.is_error is not MISSING:
        block["is_error"] = result.is_error
    return block


def _encode_tool(tool: ToolDefinition, where: str, conv: Conversion) -> dict[str, Any]:
    _parts.tool_definition_extras(tool, where, conv)
    out: dict[str, Any] = {"name": tool.name}
    if tool.description is not MISSING:
        out["description"] = tool.description
    out["input_schema"] = tool.input_schema
    if tool.strict is not MISSING:
        out["strict"] = tool.strict
    return out


def _encode_tool_choice(request: ChatRequest, options: ChatOptions, body: dict[str, Any], conv: Conversion) -> None:
    choice = request.tool_choice
    parallel = options.parallel_tool_calls
    out: dict[str, Any] | None = None
    match choice:
        case ToolChoiceAuto() | ToolChoiceNone():
            out = {"type": choice.type}
        case ToolChoiceRequired():
            out = {"type": "any"}
        case ToolChoiceTool():
            out = {"type": "tool", "name": choice.tool}
        case _:
            out = None
    if parallel is not MISSING:
        if out is None or out["type"] == "none":
            conv.degrade("options.parallel_tool_calls", "/options/parallel_tool_calls")
        if out is None:
            out = {"type": "auto"}
        if out["type"] != "none":
            out["disable_parallel_tool_use"] = not parallel
    if out is not None:
        body["tool_choice"] = out


def _encode_options(options: ChatOptions, body: dict[str, Any], conv: Conversion) -> None:
    for name in ("temperature", "top_p", "seed"):
        if getattr(options, name) is not MISSING:
            conv.degrade(f"options.{name}", f"/options/{name}")
    if options.stop is not MISSING:
        body["stop_sequences"] = list(options.stop)
    match options.response_format:
        case ResponseFormatText():
            conv.degrade("response_format.text", "/options/response_format")
        case ResponseFormatJsonObject():
            raise conv.refuse("response_format.json_object", "/options/response_format")
        case ResponseFormatJsonSchema():
            spec = options.response_format.json_schema
            if spec.name != SCHEMA_NAME or spec.description is not MISSING or spec.strict is not MISSING:
                conv.degrade("response_format.json_schema", "/options/response_format/json_schema")
            body["output_config"] = {"format": {"type": "json_schema", "schema": spec.schema_}}
        case _:
            pass
