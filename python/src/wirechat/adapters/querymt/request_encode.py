"""Canonical ``ChatRequest`` -> QueryMT ``ExtismChatRequest`` (``encode_request``).

One canonical message becomes one QueryMT message: a user message is one text, one media part (an image
or a PDF), or a non-empty text followed by one media part (QueryMT's ``content`` beside an ``Image``
``message_type``); an assistant message is one text, tool calls (``ToolUse``) with at most one text before
them, or nothing (an empty ``ToolUse``); a tool message is a ``ToolResult`` User message whose calls hold
each result's text in ``function.arguments`` and the tool's name, found from the call it answers. A
message of any other shape has no QueryMT form and is refused (feature ``message.shape``), after every
manifest refusal has had its turn. An assistant message's plain reasoning is its ``thinking`` (decision
044, ``thinking``). The model and ``provider_options.querymt.cfg`` become the plugin's ``cfg``.
"""

from __future__ import annotations

import base64
from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    AudioPart,
    ChatOptions,
    ChatRequest,
    DataPart,
    FileBase64,
    FilePart,
    FileUri,
    ImagePart,
    MediaBase64,
    Message,
    Part,
    ProviderToolCallPart,
    ProviderToolResultPart,
    ReasoningPart,
    TextPart,
    ToolCallPart,
    ToolDefinition,
    ToolResultPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionRefused, ConversionWarning
from wirechat.adapters._conversion import Conversion, metadata_for
from wirechat.adapters._options import check_options
from wirechat.adapters._provider_run import citations_out, provider_part_out, provider_tools_out
from wirechat.adapters.querymt import shapes
from wirechat.adapters.querymt.manifest import MANIFEST
from wirechat.adapters.querymt.shapes import IMAGE_MIME, NAME, PROVIDER
from wirechat.adapters.querymt.thinking import Thinking

__all__ = ["encode_request", "plugin_cfg"]

_OPTION_FEATURES = ("temperature", "top_p", "max_tokens", "stop", "seed", "parallel_tool_calls")


def plugin_cfg(request: Any, adapter_name: str = NAME, type_name: str = "ChatRequest") -> dict[str, Any]:
    """The ``cfg`` a request carries: ``provider_options[adapter_name]["cfg"]`` (checked against the options
    schema) with the request's model as ``cfg.model``."""
    cfg: dict[str, Any] = {}
    options = request.provider_options
    if options is not MISSING and options is not None and options.get(adapter_name) is not None:
        own = options[adapter_name]
        check_options(own, adapter_name, MANIFEST.options_schema, type_name)
        cfg = dict(own.get("cfg") or {})
    if request.model is not MISSING:
        cfg["model"] = request.model
    return cfg


def encode_request(request: ChatRequest, adapter_name: str = NAME) -> tuple[dict[str, Any], list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    cfg = plugin_cfg(request, adapter_name)
    misfits: list[ConversionRefused] = []
    names = _tool_names(request.messages)
    messages = [_encode_message(m, f"/messages/{i}", conv, names, misfits) for i, m in enumerate(request.messages)]
    tools = None
    if request.tools is not MISSING:
        tools = [_encode_tool(tool, f"/tools/{i}", conv) for i, tool in enumerate(request.tools)]
    provider_tools_out(request, conv, PROVIDER)  # QueryMT defines none: each is dropped with a warning
    if request.tool_choice is not MISSING:
        raise conv.refuse("tool_choice", "/tool_choice")
    if request.options is not MISSING:
        _check_options(request.options, conv)
    if misfits:
        raise misfits[0]
    return {"cfg": cfg, "messages": messages, "tools": tools}, conv.warnings


def _check_options(options: ChatOptions, conv: Conversion) -> None:
    for name in _OPTION_FEATURES:
        if getattr(options, name) is not MISSING:
            raise conv.refuse(f"options.{name}", f"/options/{name}")
    if options.response_format is not MISSING:
        kind = options.response_format.type
        raise conv.refuse(f"response_format.{kind}", "/options/response_format")


def _tool_names(messages: list[Message]) -> dict[str, str]:
    """Tool call id -> tool name, for the names QueryMT's ToolResult calls carry."""
    return {
        part.tool_call.id: part.tool_call.name
        for message in messages
        for part in message.parts
        if isinstance(part, ToolCallPart)
    }


def _misfit(where: str, why: str) -> ConversionRefused:
    return ConversionRefused("message.shape", f"a QueryMT message holds {why}", where=where)  # manifest: message.shape


def _members(message: Message, where: str, conv: Conversion) -> None:
    if message.name is not MISSING:
        conv.degrade("message.name_tool" if message.role == "tool" else "message.name", f"{where}/name")
    if message.id is not MISSING:
        conv.degrade("message.id", f"{where}/id")
    if message.provider_metadata is not MISSING:
        conv.degrade("message.provider_metadata", f"{where}/provider_metadata")


def _metadata(part: Part, where: str, conv: Conversion) -> None:
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    if foreign or own:
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")


def _encode_message(
    message: Message, where: str, conv: Conversion, names: dict[str, str], misfits: list[ConversionRefused]
) -> dict[str, Any]:
    _members(message, where, conv)
    match message.role:
        case "system":
            for j, part in enumerate(message.parts):
                if not isinstance(part, TextPart):
                    raise conv.refuse("system.non_text", f"{where}/parts/{j}")
            started = where != "/messages/0"
            raise conv.refuse("system.later" if started else "system", where)
        case "user":
            return _encode_user(message, where, conv, misfits)
        case "assistant":
            return _encode_assistant(message, where, conv, misfits)
        case "tool":
            calls = []
            for j, part in enumerate(message.parts):
                at = f"{where}/parts/{j}"
                if not isinstance(part, ToolResultPart):
                    raise conv.refuse("part.misplaced", at)
                calls.append(_tool_result(part, at, conv, names))
            return {"role": "User", "message_type": {"ToolResult": calls}, "content": ""}
        case _:
            assert_never(message.role)


def _tool_result(part: ToolResultPart, where: str, conv: Conversion, names: dict[str, str]) -> dict[str, Any]:
    _metadata(part, where, conv)
    result = part.tool_result
    if result.is_error is not MISSING:
        conv.degrade("tool_result.is_error", f"{where}/tool_result/is_error")
    if result.parts is not MISSING:
        conv.degrade("tool_result.parts", f"{where}/tool_result/parts")
    return shapes.tool_call(result.tool_call_id, names.get(result.tool_call_id, ""), result.content)


def _encode_user(message: Message, where: str, conv: Conversion, misfits: list[ConversionRefused]) -> dict[str, Any]:
    texts: list[str] = []
    media: list[Any] = []
    order: list[str] = []
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        _metadata(part, at, conv)
        match part:
            case TextPart():
                citations_out(part, at, conv, PROVIDER)
                texts.append(part.text)
                order.append("text")
            case DataPart():
                conv.degrade("data", at)
                texts.append(_parts.data_text(part.data))
                order.append("text")
            case ImagePart():
                media.append(_image(part, at, conv))
                order.append("media")
            case FilePart():
                media.append(_pdf(part, at, conv, misfits))
                order.append("media")
            case AudioPart():
                source = part.audio
                raise conv.refuse("audio.url" if source.source == "url" else "audio.base64", at)
            case (
                ReasoningPart() | ToolCallPart() | ToolResultPart() | ProviderToolCallPart() | ProviderToolResultPart()
            ):
                raise conv.refuse("part.misplaced", at)
            case _:
                assert_never(part)
    fits = order in (["text"], ["media"]) or (order == ["text", "media"] and texts[0] != "")
    if not fits:
        misfits.append(_misfit(where, "one text, one image or PDF, or a non-empty text then one image or PDF"))
        return {}
    return {"role": "User", "message_type": media[0] if media else "Text", "content": texts[0] if texts else ""}


def _image(part: ImagePart, where: str, conv: Conversion) -> Any:
    source = part.image
    if isinstance(source, MediaBase64):
        if source.media_type not in IMAGE_MIME:
            raise conv.refuse("media.unsupported_type", f"{where}/image/media_type")
        return {"Image": [IMAGE_MIME[source.media_type], _bytes(source.base64, f"{where}/image/base64")]}
    if source.media_type is not MISSING:
        conv.degrade("media.media_type_dropped", f"{where}/image/media_type")
    return {"ImageURL": source.url}


def _pdf(part: FilePart, where: str, conv: Conversion, misfits: list[ConversionRefused]) -> Any:
    source = part.file
    if isinstance(source, FileUri):
        raise conv.refuse("file.uri", f"{where}/file")
    if not isinstance(source, FileBase64):
        own = source.issuer is not MISSING and source.issuer == PROVIDER
        feature = "file.file_id" if own else "file.file_id_foreign"
        raise conv.refuse(feature, f"{where}/file")
    if source.media_type != "application/pdf":
        raise conv.refuse("media.unsupported_type", f"{where}/file/media_type")
    if source.name is not MISSING:
        no_name = "QueryMT's Pdf message has no file name"
        misfits.append(ConversionRefused("message.shape", no_name, where=f"{where}/file/name"))
    return {"Pdf": _bytes(source.base64, f"{where}/file/base64")}


def _bytes(data: str, where: str) -> list[int]:
    try:
        return list(base64.b64decode(data, validate=True))
    except ValueError:
        raise ValueError(f"{where}: not valid base64") from None


def _encode_assistant(
    message: Message, where: str, conv: Conversion, misfits: list[ConversionRefused]
) -> dict[str, Any]:
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    thinking = Thinking(conv)
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        match part:
            case TextPart():
                _metadata(part, at, conv)
                if calls:
                    conv.degrade("tool_call.interleaved", at)
                citations_out(part, at, conv, PROVIDER)
                texts.append(part.text)
            case ToolCallPart():
                _metadata(part, at, conv)
                call = part.tool_call
                calls.append(shapes.tool_call(call.id, call.name, call.arguments))
            case ReasoningPart():
                _metadata(part, at, conv)
                thinking.take(part, at, after_content=bool(texts or calls))
            case ProviderToolCallPart() | ProviderToolResultPart():
                _metadata(part, at, conv)
                provider_part_out(part, at, conv, PROVIDER)  # QueryMT has no place for it: dropped, warned
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                _metadata(part, at, conv)
                raise conv.refuse("part.misplaced", at)
            case _:
                assert_never(part)
    thought = thinking.text()
    if len(texts) > 1 or (calls and texts == [""]):
        misfits.append(_misfit(where, "at most one text, and a non-empty one before tool calls"))
        return {}
    message_type: Any = "Text" if texts and not calls else {"ToolUse": calls}
    out: dict[str, Any] = {"role": "Assistant", "message_type": message_type, "content": texts[0] if texts else ""}
    if thought is not None:
        out["thinking"] = thought
    return out


def _encode_tool(tool: ToolDefinition, where: str, conv: Conversion) -> dict[str, Any]:
    if tool.strict is not MISSING:
        conv.degrade("tools.strict", f"{where}/strict")
    _parts.tool_definition_extras(tool, where, conv)
    description = "" if tool.description is MISSING else tool.description
    if tool.description == "":
        conv.degrade("zero_values", f"{where}/description")
    function = {"name": tool.name, "description": description, "parameters": tool.input_schema}
    return {"type": shapes.FUNCTION, "function": function}
