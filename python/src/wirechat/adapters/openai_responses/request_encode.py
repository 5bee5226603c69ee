"""Canonical ``ChatRequest`` -> OpenAI Responses request body (``input`` items).

A leading system message of one text part becomes ``instructions``; other system messages are ``system``
message items. Each user message is one message item (``input_text``, ``input_image``, ``input_file``).
An assistant message is a run of items, one per part in order: text as an assistant message item,
reasoning as a ``reasoning`` item (replayed only when OpenAI issued it and its id is known: spec section
10), tool calls as ``function_call`` items (``custom_tool_call`` for a call read from one), provider-run calls
and results as their issuer's items (only OpenAI's: spec section 15). Each tool result is a
``function_call_output`` item, or a ``custom_tool_call_output`` when it answers a custom tool call.
Structured output is ``text.format``; ``max_tokens`` is ``max_output_tokens``. The messages go through
``request_fast`` first; the full walk here, which writes every warning and refusal with its pointer, runs
when it hands over (decision 023).
"""

from __future__ import annotations

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
from wirechat.adapters._contract import ConversionRefused, ConversionWarning
from wirechat.adapters._conversion import Conversion, build_data_url, metadata_for, parse_data_url
from wirechat.adapters._provider_run import citations_out, provider_part_out, provider_tools_out
from wirechat.adapters.openai_responses import request_fast
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.shapes import (
    CALL_KEYS,
    NAME,
    PROVIDER,
    REASONING_KEYS,
    encode_function_call,
    encode_reasoning,
)

__all__ = ["encode_request"]

_PART_KEYS = {"detail", "item_id"}
"""The part-level ``provider_metadata["openai"]`` members a request carries (others are degraded)."""


def encode_request(request: ChatRequest, adapter_name: str = NAME) -> tuple[dict[str, Any], list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    if request.model is MISSING:
        raise conv.refuse("model.absent", "/model")
    body: dict[str, Any] = {"model": request.model}
    fast = request_fast.messages(request.messages)
    if fast is not None:
        instructions, items = fast
        if instructions is not MISSING:
            body["instructions"] = instructions
    else:  # something needs a warning, a refusal or a shape the fast pass does not write
        items = _encode_messages(request, body, conv)
    body["input"] = items
    tools = (
        [] if request.tools is MISSING else [_encode_tool(t, f"/tools/{i}", conv) for i, t in enumerate(request.tools)]
    )
    tools += provider_tools_out(request, conv, PROVIDER)
    if tools or request.tools is not MISSING:
        body["tools"] = tools
    _encode_tool_choice(request, body)
    fmt = _encode_options(request.options if request.options is not MISSING else ChatOptions(), body, conv)
    _parts.merge_provider_options(request.provider_options, adapter_name, body, MANIFEST.options_schema)
    if fmt is not None:  # after the options: their own ``text`` members (verbosity) join the format
        if "format" in body.get("text", {}):
            raise ConversionRefused(
                "provider_options",
                "text.format is set from options.response_format; set it there instead",
                where=f"/provider_options/{adapter_name}/text/format",
            )
        body["text"] = {**body.get("text", {}), "format": fmt}
    return body, conv.warnings


def _encode_messages(request: ChatRequest, body: dict[str, Any], conv: Conversion) -> list[dict[str, Any]]:
    """The full walk over the messages (``instructions`` goes into ``body``), with every warning."""
    items: list[dict[str, Any]] = []
    previous = ""
    for i, message in enumerate(request.messages):
        where = f"/messages/{i}"
        developer = _message_members(message, where, conv)
        if message.role == "system":
            texts = _system_texts(message, where, conv)
            if i == 0 and len(texts) == 1 and not developer:
                body["instructions"] = texts[0]["text"]
            else:
                items.append({"type": "message", "role": "developer" if developer else "system", "content": texts})
        elif message.role == "user":
            items.append({"type": "message", "role": "user", "content": _user_content(message, where, conv)})
        elif message.role == "assistant":
            run = _assistant_items(message, where, conv) or [{"type": "message", "role": "assistant", "content": []}]
            if previous == "assistant":
                conv.degrade("message.assistant_merged", where)
            items += run
        elif message.role == "tool":
            items += _tool_items(message, where, conv, _custom_calls(request))
        else:
            assert_never(message.role)
        previous = message.role
    return items


def _message_members(message: Message, where: str, conv: Conversion) -> bool:
    """Degrades the message members Responses has no place for; True for a system message read from a
    ``developer`` item (``provider_metadata["openai"]["role"]``), which is written back as one."""
    developer = message.role == "system" and message.provider_metadata == {PROVIDER: {"role": "developer"}}
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING and not (name == "provider_metadata" and developer):
            feature = "message.name_tool" if name == "name" and message.role == "tool" else f"message.{name}"
            conv.degrade(feature, f"{where}/{name}")
    return developer


def _own(part: Part, where: str, conv: Conversion, keys: frozenset[str] | set[str] = _PART_KEYS) -> dict[str, Any]:
    """The part's own provider data this encoder carries; foreign or unknown data is degraded."""
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    if foreign or set(own) - set(keys):
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    return {key: own[key] for key in keys if key in own}


def _system_texts(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
    texts = []
    for j, part in enumerate(message.parts):
        if not isinstance(part, TextPart):
            raise conv.refuse("system.non_text", f"{where}/parts/{j}")
        _own(part, f"{where}/parts/{j}", conv, set())
        citations_out(part, f"{where}/parts/{j}", conv, PROVIDER)  # instructions carry no annotations
        texts.append({"type": "input_text", "text": part.text})
    return texts


def _user_content(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
    return [_content_part(part, f"{where}/parts/{j}", conv) for j, part in enumerate(message.parts)]


def _content_part(part: Part, where: str, conv: Conversion) -> dict[str, Any]:
    """A user-side content part: ``input_text``, ``input_image`` or ``input_file`` (data becomes text)."""
    match part:
        case TextPart():
            _own(part, where, conv, set())
            citations_out(part, where, conv, PROVIDER)  # a user's input_text has no annotations: dropped, warned
            return {"type": "input_text", "text": part.text}
        case ImagePart():
            own = _own(part, where, conv, {"detail"})
            return _image(part, own, f"{where}/image", conv)
        case FilePart():
            _own(part, where, conv, set())
            return _file(part.file, f"{where}/file", conv)
        case DataPart():
            _own(part, where, conv, set())
            conv.degrade("data", where)
            return {"type": "input_text", "text": _parts.data_text(part.data)}
        case AudioPart():
            feature = "audio.url" if isinstance(part.audio, MediaUrl) else "audio.base64"
            raise conv.refuse(feature, f"{where}/audio")
        case ReasoningPart() | ToolCallPart() | ToolResultPart() | ProviderToolCallPart() | ProviderToolResultPart():
            raise conv.refuse("part.misplaced", where)
        case _:
            assert_never(part)


def _image(part: ImagePart, own: dict[str, Any], where: str, conv: Conversion) -> dict[str, Any]:
    source = part.image
    detail = own.get("detail") if own.get("detail") in ("low", "high", "auto", "original") else "auto"
    if isinstance(source, MediaUrl):
        if source.media_type is not MISSING:
            conv.degrade("media.media_type_dropped", f"{where}/media_type")
        if parse_data_url(source.url) is not None:
            conv.degrade("media.data_url", f"{where}/url")
        return {"type": "input_image", "image_url": source.url, "detail": detail}
    if source.media_type not in MANIFEST.media_types["image"]:
        raise conv.refuse("media.unsupported_type", f"{where}/media_type")
    return {"type": "input_image", "image_url": build_data_url(source.media_type, source.base64), "detail": detail}


def _file(source: FileUri | FileBase64 | FileId, where: str, conv: Conversion) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "input_file"}
    match source:
        case FileUri():
            out["file_url"] = source.uri
        case FileBase64():
            out["file_data"] = build_data_url(source.media_type, source.base64)
        case FileId():
            if source.issuer is MISSING or source.issuer != PROVIDER:
                raise conv.refuse("file.file_id_foreign", f"{where}/issuer")
            out["file_id"] = source.file_id
        case _:
            assert_never(source)
    if not isinstance(source, FileBase64) and source.media_type is not MISSING:
        conv.degrade("media.media_type_dropped", f"{where}/media_type")
    if source.name is not MISSING:
        out["filename"] = source.name
    return out


def _assistant_items(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        match part:
            case TextPart():
                own = _own(part, at, conv, {"item_id", "phase", "status"})
                annotations = citations_out(part, at, conv, PROVIDER)
                if own.get("item_id") or own.get("phase") or own.get("status") or annotations:
                    content = [{"type": "output_text", "text": part.text, "annotations": annotations}]
                    message_item: dict[str, Any] = {"type": "message", "role": "assistant"}
                    if own.get("item_id"):
                        message_item["id"] = own["item_id"]
                    if isinstance(own.get("phase"), str):
                        message_item["phase"] = own["phase"]
                    status = own["status"] if isinstance(own.get("status"), str) else "completed"
                    items.append(message_item | {"status": status, "content": content})
                else:
                    items.append({"type": "message", "role": "assistant", "content": part.text})
            case ToolCallPart():
                own = _own(part, at, conv, CALL_KEYS)
                items.append(encode_function_call(part.tool_call, own))
            case ReasoningPart():
                _own(part, at, conv, REASONING_KEYS)
                reasoning = encode_reasoning(part, at, conv)
                if reasoning is not None:
                    items.append(reasoning)
            case ProviderToolCallPart() | ProviderToolResultPart():
                _own(part, at, conv, set())
                if (written := provider_part_out(part, at, conv, PROVIDER)) is not None:
                    items.append(written)
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("part.misplaced", at)
            case _:
                assert_never(part)
    return items


def _custom_calls(request: ChatRequest) -> set[str]:
    """The ids of the request's tool calls read from ``custom_tool_call`` items (their results answer in kind)."""
    return {
        part.tool_call.id
        for message in request.messages
        if message.role == "assistant"
        for part in message.parts
        if isinstance(part, ToolCallPart) and metadata_for(part.provider_metadata, PROVIDER)[0].get("item_type")
    }


def _tool_items(message: Message, where: str, conv: Conversion, custom: set[str]) -> list[dict[str, Any]]:
    items = []
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        if not isinstance(part, ToolResultPart):
            raise conv.refuse("part.misplaced", at)
        own = _own(part, at, conv, {"item_type"})
        item = _tool_result(part.tool_result, at, conv)
        if own.get("item_type") == "custom_tool_call_output" or part.tool_result.tool_call_id in custom:
            item["type"] = "custom_tool_call_output"
        items.append(item)
    if not message.parts:
        conv.degrade("tool_result.empty", f"{where}/parts")
        return [{"type": "message", "role": "user", "content": []}]
    if len(items) > 1:
        conv.degrade("tool_result.grouped", f"{where}/parts")
    return items


def _tool_result(result: ToolResult, where: str, conv: Conversion) -> dict[str, Any]:
    item: dict[str, Any] = {"type": "function_call_output", "call_id": result.tool_call_id}
    if result.is_error is not MISSING:
        conv.degrade("tool_result.is_error", f"{where}/tool_result/is_error")
    if result.parts is MISSING:
        item["output"] = result.content
        return item
    if not result.parts or (not result.content and isinstance(result.parts[0], (TextPart, DataPart))):
        conv.degrade("tool_result.parts_ambiguous", f"{where}/tool_result/parts")
    output = [{"type": "input_text", "text": result.content}] if result.content else []
    for k, part in enumerate(result.parts):
        output.append(_content_part(part, f"{where}/tool_result/parts/{k}", conv))
    item["output"] = output if result.parts else result.content
    return item


def _encode_tool(tool: ToolDefinition, where: str, conv: Conversion) -> dict[str, Any]:
    _parts.tool_definition_extras(tool, where, conv)
    out: dict[str, Any] = {"type": "function", "name": tool.name}
    if tool.description is not MISSING:
        out["description"] = tool.description
    out["parameters"] = tool.input_schema
    out["strict"] = None if tool.strict is MISSING else tool.strict
    return out


def _encode_tool_choice(request: ChatRequest, body: dict[str, Any]) -> None:
    match request.tool_choice:
        case ToolChoiceAuto() | ToolChoiceNone() | ToolChoiceRequired():
            body["tool_choice"] = request.tool_choice.type
        case ToolChoiceTool():
            body["tool_choice"] = {"type": "function", "name": request.tool_choice.tool}
        case _:
            pass


def _encode_options(options: ChatOptions, body: dict[str, Any], conv: Conversion) -> dict[str, Any] | None:
    """Sets the sampling options in ``body``; returns the ``text.format`` for the response format."""
    for name in ("temperature", "top_p"):
        if getattr(options, name) is not MISSING:
            body[name] = getattr(options, name)
    for name in ("stop", "seed"):
        if getattr(options, name) is not MISSING:
            conv.degrade(f"options.{name}", f"/options/{name}")
    if options.max_tokens is not MISSING:
        body["max_output_tokens"] = options.max_tokens
    if options.parallel_tool_calls is not MISSING:
        body["parallel_tool_calls"] = options.parallel_tool_calls
    match options.response_format:
        case ResponseFormatText() | ResponseFormatJsonObject():
            return {"type": options.response_format.type}
        case ResponseFormatJsonSchema():
            spec = options.response_format.json_schema
            fmt: dict[str, Any] = {"type": "json_schema", "name": spec.name, "schema": spec.schema_}
            if spec.description is not MISSING:
                fmt["description"] = spec.description
            if spec.strict is not MISSING:
                fmt["strict"] = spec.strict
            return fmt
        case _:
            return None
