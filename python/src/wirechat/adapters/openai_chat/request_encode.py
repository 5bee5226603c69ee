"""Canonical ``ChatRequest`` -> OpenAI Chat Completions request body (``encode_request``).

The messages go through ``request_fast`` first; this module's walk, which writes every warning and
refusal with its pointer, runs when the fast pass hands over (decision 023).
"""

from __future__ import annotations

from typing import Any, Protocol

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
    ResponseFormat,
    ResponseFormatJsonObject,
    ResponseFormatJsonSchema,
    ResponseFormatText,
    TextPart,
    ToolCallPart,
    ToolChoice,
    ToolChoiceAuto,
    ToolChoiceNone,
    ToolChoiceRequired,
    ToolChoiceTool,
    ToolDefinition,
    ToolResultPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import (
    Conversion,
    build_data_url,
    metadata_for,
    parse_data_url,
)
from wirechat.adapters._provider_run import citations_out, provider_part_out, provider_tools_out
from wirechat.adapters.openai_chat import audio, request_fast, shapes
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.shapes import AUDIO_FORMATS, NAME, PROVIDER

__all__ = ["PartSink", "encode_request", "sunk"]


class PartSink(Protocol):
    """Where an adapter for a server that writes more into Chat Completions messages (an OpenAI-compatible
    server's reasoning, the tools Groq ran) takes an assistant message's reasoning and provider-run parts:
    ``take`` answers whether it took the part (it warns for what it drops; a part it does not take goes the
    Chat Completions way), then ``members`` gives what the message gets, once per assistant message."""

    def take(self, part: ReasoningPart | ProviderToolCallPart | ProviderToolResultPart, where: str) -> bool: ...

    def members(self) -> dict[str, Any]: ...


def sunk(sink: PartSink | None, part: Part, where: str) -> bool:
    """Whether ``sink`` took ``part`` (it takes only reasoning and provider-run parts)."""
    if sink is None or not isinstance(part, (ReasoningPart, ProviderToolCallPart, ProviderToolResultPart)):
        return False
    return sink.take(part, where)


def encode_request(
    request: ChatRequest, adapter_name: str = NAME, sink: PartSink | None = None
) -> tuple[dict[str, Any], list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    if request.model is MISSING:
        raise conv.refuse("model.absent", "/model")
    messages = request_fast.messages(request.messages)
    if messages is None:  # something needs a warning, a refusal or a shape the fast pass does not write
        messages = []
        for i, message in enumerate(request.messages):
            messages += _encode_message(message, f"/messages/{i}", conv, sink)
    body: dict[str, Any] = {"model": request.model, "messages": messages}
    if request.tools is not MISSING:
        body["tools"] = [_encode_tool(tool, f"/tools/{i}", conv) for i, tool in enumerate(request.tools)]
    provider_tools_out(request, conv, PROVIDER)  # Chat Completions defines none: each is dropped with a warning
    if request.tool_choice is not MISSING:
        body["tool_choice"] = _encode_tool_choice(request.tool_choice)
    if request.options is not MISSING:
        _encode_options(request.options, body)
    _parts.merge_provider_options(request.provider_options, adapter_name, body, MANIFEST.options_schema)
    return body, conv.warnings


def _encode_options(options: ChatOptions, body: dict[str, Any]) -> None:
    for name in ("temperature", "top_p", "seed", "stop", "parallel_tool_calls"):
        value = getattr(options, name)
        if value is not MISSING:
            body[name] = value
    if options.max_tokens is not MISSING:
        body["max_completion_tokens"] = options.max_tokens
    if options.response_format is not MISSING:
        body["response_format"] = _encode_response_format(options.response_format)


def _common(message: Message, where: str, conv: Conversion, *, named: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """The message members every role shares, and what its own provider_metadata entry says: a system
    message sent as ``developer``, an assistant message's earlier audio reply (``audio: {"id"}``)."""
    out: dict[str, Any] = {}
    if message.name is not MISSING:
        if named:
            out["name"] = message.name
        else:
            conv.degrade("message.name_tool", f"{where}/name")
    if message.id is not MISSING:
        conv.degrade("message.id", f"{where}/id")
    own, foreign = metadata_for(message.provider_metadata, PROVIDER)
    role_override = own.pop("role", None)
    reference = own.pop("audio", None) if message.role == "assistant" else None
    if foreign or own:
        conv.degrade("message.provider_metadata", f"{where}/provider_metadata")
    kept: dict[str, Any] = {"role": role_override} if role_override == "developer" else {}
    if isinstance(reference, dict) and isinstance(reference.get("id"), str):
        kept["audio"] = {"id": reference["id"]}
    return out, kept


def _encode_message(
    message: Message, where: str, conv: Conversion, sink: PartSink | None = None
) -> list[dict[str, Any]]:
    match message.role:
        case "system":
            out, own = _common(message, where, conv, named=True)
            texts = []
            for j, part in enumerate(message.parts):
                if not isinstance(part, TextPart):
                    raise conv.refuse("system.non_text", f"{where}/parts/{j}")
                texts.append(_text(part, f"{where}/parts/{j}", conv))
            return [{"role": own.get("role", "system"), "content": _content(texts), **out}]
        case "user":
            out, _ = _common(message, where, conv, named=True)
            parts = [_user_part(part, f"{where}/parts/{j}", conv) for j, part in enumerate(message.parts)]
            return [{"role": "user", "content": _content(parts), **out}]
        case "assistant":
            out, own = _common(message, where, conv, named=True)
            if "audio" in own:
                out["audio"] = own["audio"]
            return [_encode_assistant(message, where, conv, out, sink)]
        case "tool":
            _common(message, where, conv, named=False)
            if not message.parts:
                conv.degrade("tool_result.empty", f"{where}/parts")
                return [{"role": "user", "content": []}]
            if len(message.parts) > 1:
                conv.degrade("tool_result.grouped", f"{where}/parts")
            results = []
            for j, part in enumerate(message.parts):
                if not isinstance(part, ToolResultPart):
                    raise conv.refuse("part.misplaced", f"{where}/parts/{j}")
                results.append(_tool_message(part, f"{where}/parts/{j}", conv))
            return results
        case _:
            assert_never(message.role)


def _content(parts: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    """A lone text part is sent as a plain string; anything else as a list of parts."""
    if len(parts) == 1 and parts[0]["type"] == "text":
        return str(parts[0]["text"])
    return parts


def _part_metadata(part: Part, where: str, conv: Conversion) -> dict[str, Any]:
    own, foreign = metadata_for(part.provider_metadata, PROVIDER)
    if foreign:
        conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
    return own


def _text(part: TextPart, where: str, conv: Conversion) -> dict[str, Any]:
    _part_metadata(part, where, conv)
    citations_out(part, where, conv, PROVIDER)  # Chat Completions takes none in messages: dropped, warned
    return {"type": "text", "text": part.text}


def _user_part(part: Part, where: str, conv: Conversion) -> dict[str, Any]:
    match part:
        case TextPart():
            return _text(part, where, conv)
        case ImagePart():
            own = _part_metadata(part, where, conv)
            image: dict[str, Any] = {"url": _media_url(part.image, f"{where}/image", conv, "image")}
            if isinstance(own.get("detail"), str):
                image["detail"] = own["detail"]
            return {"type": "image_url", "image_url": image}
        case AudioPart():
            _part_metadata(part, where, conv)
            source = part.audio
            if isinstance(source, MediaUrl):
                raise conv.refuse("audio.url", f"{where}/audio")
            if source.media_type not in AUDIO_FORMATS:
                raise conv.refuse("media.unsupported_type", f"{where}/audio/media_type")
            return {
                "type": "input_audio",
                "input_audio": {"data": source.base64, "format": AUDIO_FORMATS[source.media_type]},
            }
        case FilePart():
            _part_metadata(part, where, conv)
            return {"type": "file", "file": _file(part.file, f"{where}/file", conv)}
        case DataPart():
            conv.degrade("data", where)
            _part_metadata(part, where, conv)
            return {"type": "text", "text": _parts.data_text(part.data)}
        case ReasoningPart() | ToolCallPart() | ToolResultPart() | ProviderToolCallPart() | ProviderToolResultPart():
            raise conv.refuse("part.misplaced", where)
        case _:
            assert_never(part)


def _media_url(source: MediaUrl | MediaBase64, where: str, conv: Conversion, kind: str) -> str:
    if isinstance(source, MediaBase64):
        return build_data_url(source.media_type, source.base64)
    if parse_data_url(source.url) is not None:
        conv.degrade("media.data_url", f"{where}/url")
    if source.media_type is not MISSING:
        conv.degrade("media.media_type_dropped", f"{where}/media_type")
    return source.url


def _file(source: FileUri | FileBase64 | FileId, where: str, conv: Conversion) -> dict[str, Any]:
    out: dict[str, Any] = {}
    match source:
        case FileUri():
            raise conv.refuse("file.uri", where)
        case FileBase64():
            out["file_data"] = build_data_url(source.media_type, source.base64)
        case FileId():
            if source.issuer is MISSING or source.issuer != PROVIDER:
                raise conv.refuse("file.file_id_foreign", f"{where}/issuer")
            if source.media_type is not MISSING:
                conv.degrade("media.media_type_dropped", f"{where}/media_type")
            out["file_id"] = source.file_id
        case _:
            assert_never(source)
    if source.name is not MISSING:
        out["filename"] = source.name
    return out


def _encode_assistant(
    message: Message, where: str, conv: Conversion, out: dict[str, Any], sink: PartSink | None = None
) -> dict[str, Any]:
    texts: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    refusal: str | None = None
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        if sunk(sink, part, at):
            continue
        match part:
            case TextPart():
                own = _part_metadata(part, at, conv)
                if own.get("refusal") is True and refusal is None:
                    citations_out(part, at, conv, PROVIDER)  # a refusal has no annotations: warned
                    refusal = part.text
                    continue
                if calls:
                    conv.degrade("tool_call.interleaved", at)
                citations_out(part, at, conv, PROVIDER)
                texts.append({"type": "text", "text": part.text})
            case ToolCallPart():
                _part_metadata(part, at, conv)
                call = part.tool_call
                calls.append(shapes.tool_call(call))
            case ReasoningPart():
                _part_metadata(part, at, conv)
                _parts.drop_reasoning(part, at, conv, PROVIDER)
            case ProviderToolCallPart() | ProviderToolResultPart():
                _part_metadata(part, at, conv)
                provider_part_out(part, at, conv, PROVIDER)  # Chat Completions has no place for it: dropped, warned
            case AudioPart() if audio.audio_reference(part) is not None and "audio" not in out:
                _part_metadata(part, at, conv)
                conv.degrade("audio.reply_by_id", at)
                out["audio"] = audio.audio_reference(part)
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("part.misplaced", at)
            case _:
                assert_never(part)
    result: dict[str, Any] = {"role": "assistant", **out}
    if sink is not None:
        result.update(sink.members())
    if texts:
        result["content"] = _content(texts)
    elif not calls and refusal is None:
        result["content"] = None
    if refusal is not None:
        result["refusal"] = refusal
    if calls:
        result["tool_calls"] = calls
    return result


def _tool_message(part: ToolResultPart, where: str, conv: Conversion) -> dict[str, Any]:
    _part_metadata(part, where, conv)
    result = part.tool_result
    if result.is_error is not MISSING:
        conv.degrade("tool_result.is_error", f"{where}/tool_result/is_error")
    if result.parts is not MISSING:
        conv.degrade("tool_result.parts", f"{where}/tool_result/parts")
    return {"role": "tool", "tool_call_id": result.tool_call_id, "content": result.content}


def _encode_tool(tool: ToolDefinition, where: str, conv: Conversion) -> dict[str, Any]:
    _parts.tool_definition_extras(tool, where, conv)
    function: dict[str, Any] = {"name": tool.name}
    if tool.description is not MISSING:
        function["description"] = tool.description
    function["parameters"] = tool.input_schema
    if tool.strict is not MISSING:
        function["strict"] = tool.strict
    return shapes.function_tool(function)


def _encode_tool_choice(choice: ToolChoice) -> Any:
    match choice:
        case ToolChoiceAuto() | ToolChoiceNone() | ToolChoiceRequired():
            return choice.type
        case ToolChoiceTool():
            return shapes.named_tool_choice(choice.tool)
        case _:
            assert_never(choice)


def _encode_response_format(response_format: ResponseFormat) -> dict[str, Any]:
    match response_format:
        case ResponseFormatText() | ResponseFormatJsonObject():
            return {"type": response_format.type}
        case ResponseFormatJsonSchema():
            spec = response_format.json_schema
            out: dict[str, Any] = {"name": spec.name}
            if spec.description is not MISSING:
                out["description"] = spec.description
            out["schema"] = spec.schema_
            if spec.strict is not MISSING:
                out["strict"] = spec.strict
            return {"type": "json_schema", "json_schema": out}
        case _:
            assert_never(response_format)
