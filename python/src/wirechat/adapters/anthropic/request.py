"""Canonical ``ChatRequest`` <-> Anthropic Messages request body (API version 2026-10-21).

The first system message becomes the top-level ``system``; later ones are ``{"role": "system"}``
messages. A tool message becomes a user message of ``tool_result`` blocks, and a user message made only
of ``tool_result`` blocks reads back as a tool message. Signed thinking is replayed only when Anthropic
issued it (spec section 10).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
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
    ReasoningPart,
    ResponseFormatJsonObject,
    ResponseFormatJsonSchema,
    ResponseFormatText,
    TextPart,
    ToolCall,
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
from wirechat.adapters._conversion import Conversion, compact_json, get_list, get_map, get_str, metadata_for
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.tool_arguments import ToolArgumentsError, parse_arguments

__all__ = ["decode_block", "decode_request", "encode_reasoning", "encode_request", "encode_tool_call"]

NAME = PROVIDER = "anthropic"
IMAGE_TYPES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})
_SCHEMA_NAME = "response"


# ---------------------------------------------------------------- canonical -> Anthropic


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
    messages: list[dict[str, Any]] = []
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
    if request.tools is not MISSING:
        body["tools"] = [_encode_tool(tool, f"/tools/{i}", conv) for i, tool in enumerate(request.tools)]
    _encode_tool_choice(request, options, body, conv)
    _encode_options(options, body, conv)
    _parts.merge_provider_options(request.provider_options, adapter_name, body)
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


def _own(part: Part | Any, where: str, conv: Conversion) -> dict[str, Any]:
    """The part's ``cache_control`` (the one provider field parts carry), degrading foreign metadata."""
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    extra = {key for key in own if key not in ("cache_control", "citations")}
    if foreign or extra:
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    return {key: own[key] for key in ("cache_control",) if key in own}


def _system_blocks(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
    blocks = []
    for j, part in enumerate(message.parts):
        if not isinstance(part, TextPart):
            raise conv.refuse("system.non_text", f"{where}/parts/{j}")
        blocks.append({"type": "text", "text": part.text, **_own(part, f"{where}/parts/{j}", conv)})
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
            return {"type": "text", "text": part.text, **own}
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
        case ReasoningPart() | ToolCallPart() | ToolResultPart():
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


def _assistant_block(part: Part, where: str, conv: Conversion) -> dict[str, Any] | None:
    match part:
        case TextPart():
            return {"type": "text", "text": part.text, **_own(part, where, conv)}
        case ToolCallPart():
            return encode_tool_call(part.tool_call, f"{where}/tool_call", conv) | _own(part, where, conv)
        case ReasoningPart():
            _own(part, where, conv)
            return encode_reasoning(part, where, conv)
        case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
            raise conv.refuse("part.misplaced", where)
        case _:
            assert_never(part)


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
            if spec.name != _SCHEMA_NAME or spec.description is not MISSING or spec.strict is not MISSING:
                conv.degrade("response_format.json_schema", "/options/response_format/json_schema")
            body["output_config"] = {"format": {"type": "json_schema", "schema": spec.schema_}}
        case _:
            pass


# ---------------------------------------------------------------- Anthropic -> canonical

_OWN_KEYS = {
    "model",
    "max_tokens",
    "messages",
    "system",
    "tools",
    "tool_choice",
    "stop_sequences",
    "temperature",
    "top_p",
}


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    fields: dict[str, Any] = {}
    if isinstance(body.get("model"), str) and body["model"]:
        fields["model"] = body["model"]
    messages: list[dict[str, Any]] = []
    if body.get("system") is not None:
        messages.append({"role": "system", "parts": _decode_blocks(body["system"], "/system")})
    for i, raw in enumerate(get_list(body, "messages", "") or []):
        messages.append(_decode_message(raw, f"/messages/{i}"))
    fields["messages"] = messages
    tools = get_list(body, "tools", "", required=False)
    if tools is not None:
        fields["tools"] = [_decode_tool(tool, f"/tools/{i}") for i, tool in enumerate(tools)]
    options: dict[str, Any] = {}
    if body.get("max_tokens") is not None:
        options["max_tokens"] = body["max_tokens"]
    for name in ("temperature", "top_p"):
        if body.get(name) is not None:
            options[name] = float(body[name])
    if body.get("stop_sequences") is not None:
        options["stop"] = list(body["stop_sequences"])
    choice = get_map(body, "tool_choice", "", required=False)
    if choice is not None:
        kind = choice.get("type")
        fields["tool_choice"] = (
            {"type": "required"}
            if kind == "any"
            else {"type": "tool", "tool": get_str(choice, "name", "/tool_choice")}
            if kind == "tool"
            else {"type": kind}
        )
        if isinstance(choice.get("disable_parallel_tool_use"), bool):
            options["parallel_tool_calls"] = not choice["disable_parallel_tool_use"]
    extra = {key: value for key, value in body.items() if key not in _OWN_KEYS}
    output_config = extra.pop("output_config", None)
    if isinstance(output_config, Mapping):
        output_config = dict(output_config)
        fmt = output_config.pop("format", None)
        if isinstance(fmt, Mapping) and fmt.get("type") == "json_schema":
            options["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": _SCHEMA_NAME, "schema": fmt.get("schema") or {}},
            }
        if output_config:
            extra["output_config"] = output_config
    if options:
        fields["options"] = options
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    return ChatRequest.model_validate(fields), []


def _decode_message(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a message object")
    role = raw.get("role")
    if role not in ("user", "assistant", "system"):
        raise ValueError(f"{where}/role: expected user, assistant or system, got {role!r}")
    parts = _decode_blocks(raw.get("content"), f"{where}/content")
    if role == "user" and parts and all(part["type"] == "tool_result" for part in parts):
        role = "tool"
    return {"role": role, "parts": parts}


def _decode_blocks(content: Any, where: str) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list):
        raise ValueError(f"{where}: expected a string or an array of content blocks")
    return [decode_block(block, f"{where}/{i}") for i, block in enumerate(content)]


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


def _decode_tool(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a tool object")
    tool: dict[str, Any] = {"name": get_str(raw, "name", where)}
    if raw.get("description") is not None:
        tool["description"] = raw["description"]
    tool["input_schema"] = get_map(raw, "input_schema", where)
    if isinstance(raw.get("strict"), bool):
        tool["strict"] = raw["strict"]
    return tool
