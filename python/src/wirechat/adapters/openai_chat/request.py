"""Canonical ``ChatRequest`` <-> OpenAI Chat Completions request body."""

from __future__ import annotations

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
    get_list,
    get_map,
    get_str,
    metadata_for,
    parse_data_url,
)
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.response import decode_tool_call

__all__ = ["decode_request", "encode_request"]

NAME, PROVIDER = "openai-chat", "openai"
_AUDIO_FORMATS = {"audio/wav": "wav", "audio/mpeg": "mp3"}
_AUDIO_TYPES = {value: key for key, value in _AUDIO_FORMATS.items()}


# ---------------------------------------------------------------- canonical -> OpenAI


def encode_request(request: ChatRequest, adapter_name: str = NAME) -> tuple[dict[str, Any], list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    if request.model is MISSING:
        raise conv.refuse("model.absent", "/model")
    body: dict[str, Any] = {"model": request.model, "messages": []}
    for i, message in enumerate(request.messages):
        body["messages"] += _encode_message(message, f"/messages/{i}", conv)
    if request.tools is not MISSING:
        body["tools"] = [_encode_tool(tool, f"/tools/{i}", conv) for i, tool in enumerate(request.tools)]
    if request.tool_choice is not MISSING:
        body["tool_choice"] = _encode_tool_choice(request.tool_choice)
    if request.options is not MISSING:
        _encode_options(request.options, body)
    _parts.merge_provider_options(request.provider_options, adapter_name, body)
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
    """The message members every role shares, and its own provider_metadata entry."""
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
    if foreign or own:
        conv.degrade("message.provider_metadata", f"{where}/provider_metadata")
    return out, {"role": role_override} if role_override == "developer" else {}


def _encode_message(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
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
            out, _ = _common(message, where, conv, named=True)
            return [_encode_assistant(message, where, conv, out)]
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
            if source.media_type not in _AUDIO_FORMATS:
                raise conv.refuse("media.unsupported_type", f"{where}/audio/media_type")
            return {
                "type": "input_audio",
                "input_audio": {"data": source.base64, "format": _AUDIO_FORMATS[source.media_type]},
            }
        case FilePart():
            _part_metadata(part, where, conv)
            return {"type": "file", "file": _file(part.file, f"{where}/file", conv)}
        case DataPart():
            conv.degrade("data", where)
            _part_metadata(part, where, conv)
            return {"type": "text", "text": _parts.data_text(part.data)}
        case ReasoningPart() | ToolCallPart() | ToolResultPart():
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


def _encode_assistant(message: Message, where: str, conv: Conversion, out: dict[str, Any]) -> dict[str, Any]:
    texts: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    refusal: str | None = None
    for j, part in enumerate(message.parts):
        at = f"{where}/parts/{j}"
        match part:
            case TextPart():
                own = _part_metadata(part, at, conv)
                if own.get("refusal") is True and refusal is None:
                    refusal = part.text
                    continue
                if calls:
                    conv.degrade("tool_call.interleaved", at)
                texts.append({"type": "text", "text": part.text})
            case ToolCallPart():
                _part_metadata(part, at, conv)
                call = part.tool_call
                calls.append(
                    {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
                )
            case ReasoningPart():
                _part_metadata(part, at, conv)
                _parts.drop_reasoning(part, at, conv, PROVIDER)
            case ImagePart() | AudioPart() | FilePart() | DataPart() | ToolResultPart():
                raise conv.refuse("part.misplaced", at)
            case _:
                assert_never(part)
    result: dict[str, Any] = {"role": "assistant", **out}
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
    return {"type": "function", "function": function}


def _encode_tool_choice(choice: ToolChoice) -> Any:
    match choice:
        case ToolChoiceAuto() | ToolChoiceNone() | ToolChoiceRequired():
            return choice.type
        case ToolChoiceTool():
            return {"type": "function", "function": {"name": choice.tool}}
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


# ---------------------------------------------------------------- OpenAI -> canonical


def _decode_tool(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping) or raw.get("type") != "function":
        raise ValueError(f'{where}: expected a function tool ({{"type": "function", ...}})')
    function = get_map(raw, "function", where) or {}
    tool: dict[str, Any] = {"name": get_str(function, "name", f"{where}/function")}
    if function.get("description") is not None:
        tool["description"] = function["description"]
    tool["input_schema"] = function.get("parameters") or {"type": "object", "properties": {}}
    if function.get("strict") is not None:
        tool["strict"] = function["strict"]
    return tool


def _decode_tool_choice(raw: Any, where: str) -> dict[str, Any]:
    if raw in ("auto", "none", "required"):
        return {"type": raw}
    if isinstance(raw, Mapping) and raw.get("type") == "function":
        function = get_map(raw, "function", where) or {}
        return {"type": "tool", "tool": get_str(function, "name", f"{where}/function")}
    raise ValueError(f"{where}: expected auto, none, required or a function choice, got {raw!r}")


def _decode_response_format(raw: Any, where: str) -> dict[str, Any]:
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind in ("text", "json_object"):
        return {"type": kind}
    if kind == "json_schema":
        spec = get_map(raw, "json_schema", where) or {}
        out: dict[str, Any] = {"name": get_str(spec, "name", f"{where}/json_schema")}
        for key in ("description", "strict"):
            if spec.get(key) is not None:
                out[key] = spec[key]
        out["schema"] = spec.get("schema") or {}
        return {"type": "json_schema", "json_schema": out}
    raise ValueError(f"{where}/type: expected text, json_object or json_schema, got {kind!r}")


_OWN_KEYS = {
    "model",
    "messages",
    "tools",
    "tool_choice",
    "temperature",
    "top_p",
    "seed",
    "stop",
    "parallel_tool_calls",
    "max_completion_tokens",
    "max_tokens",
    "response_format",
}


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    fields: dict[str, Any] = {}
    model = get_str(body, "model", "", required=False)
    if model:
        fields["model"] = model
    raw_messages = get_list(body, "messages", "") or []
    fields["messages"] = [_decode_message(m, f"/messages/{i}") for i, m in enumerate(raw_messages)]
    tools = get_list(body, "tools", "", required=False)
    if tools is not None:
        fields["tools"] = [_decode_tool(t, f"/tools/{i}") for i, t in enumerate(tools)]
    if body.get("tool_choice") is not None:
        fields["tool_choice"] = _decode_tool_choice(body["tool_choice"], "/tool_choice")
    options = _decode_options(body)
    if options:
        fields["options"] = options
    extra = {key: value for key, value in body.items() if key not in _OWN_KEYS}
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    return ChatRequest.model_validate(fields), []


def _decode_options(body: Mapping[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name in ("temperature", "top_p"):
        if body.get(name) is not None:
            options[name] = float(body[name])
    for name in ("seed", "parallel_tool_calls"):
        if body.get(name) is not None:
            options[name] = body[name]
    limit = body.get("max_completion_tokens", body.get("max_tokens"))
    if limit is not None:
        options["max_tokens"] = limit
    stop = body.get("stop")
    if stop is not None:
        options["stop"] = [stop] if isinstance(stop, str) else list(stop)
    if body.get("response_format") is not None:
        options["response_format"] = _decode_response_format(body["response_format"], "/response_format")
    return options


def _decode_content(content: Any, where: str) -> list[dict[str, Any]]:
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list):
        raise ValueError(f"{where}: expected a string or an array of parts, got {type(content).__name__}")
    return [_decode_part(p, f"{where}/{i}") for i, p in enumerate(content)]


def _decode_part(part: Any, where: str) -> dict[str, Any]:
    if not isinstance(part, Mapping):
        raise ValueError(f"{where}: expected a content part object")
    kind = part.get("type")
    if kind == "text":
        return {"type": "text", "text": get_str(part, "text", where)}
    if kind == "refusal":
        return {
            "type": "text",
            "text": get_str(part, "refusal", where),
            "provider_metadata": {PROVIDER: {"refusal": True}},
        }
    if kind == "image_url":
        image = get_map(part, "image_url", where) or {}
        url = get_str(image, "url", f"{where}/image_url") or ""
        decoded: dict[str, Any] = {"type": "image", "image": _media_source(url)}
        if image.get("detail") is not None:
            decoded["provider_metadata"] = {PROVIDER: {"detail": image["detail"]}}
        return decoded
    if kind == "input_audio":
        audio = get_map(part, "input_audio", where) or {}
        fmt = get_str(audio, "format", f"{where}/input_audio") or ""
        if fmt not in _AUDIO_TYPES:
            raise ValueError(f"{where}/input_audio/format: expected wav or mp3, got {fmt!r}")
        data = get_str(audio, "data", f"{where}/input_audio")
        return {"type": "audio", "audio": {"source": "base64", "base64": data, "media_type": _AUDIO_TYPES[fmt]}}
    if kind == "file":
        file = get_map(part, "file", where) or {}
        source: dict[str, Any]
        if file.get("file_data") is not None:
            parsed = parse_data_url(get_str(file, "file_data", f"{where}/file") or "")
            if parsed is None:
                raise ValueError(f"{where}/file/file_data: expected a data:<type>;base64,<data> URL")
            source = {"source": "base64", "media_type": parsed[0], "base64": parsed[1]}
        elif file.get("file_id") is not None:
            source = {"source": "file_id", "file_id": get_str(file, "file_id", f"{where}/file"), "issuer": PROVIDER}
        else:
            raise ValueError(f"{where}/file: expected file_data or file_id")
        if file.get("filename") is not None:
            source["name"] = get_str(file, "filename", f"{where}/file")
        return {"type": "file", "file": source}
    raise ValueError(f"{where}/type: unknown content part type {kind!r}")


def _media_source(url: str) -> dict[str, Any]:
    parsed = parse_data_url(url)
    if parsed is not None:
        return {"source": "base64", "media_type": parsed[0], "base64": parsed[1]}
    return {"source": "url", "url": url}


def _decode_message(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a message object")
    role = raw.get("role")
    fields: dict[str, Any] = {}
    if isinstance(raw.get("name"), str):
        fields["name"] = raw["name"]
    if role in ("system", "developer"):
        if role == "developer":
            fields["provider_metadata"] = {PROVIDER: {"role": "developer"}}
        return {"role": "system", "parts": _decode_content(raw.get("content"), f"{where}/content"), **fields}
    if role == "user":
        return {"role": "user", "parts": _decode_content(raw.get("content"), f"{where}/content"), **fields}
    if role == "assistant":
        parts = _decode_content(raw.get("content"), f"{where}/content")
        if isinstance(raw.get("refusal"), str):
            parts.append({"type": "text", "text": raw["refusal"], "provider_metadata": {PROVIDER: {"refusal": True}}})
        for i, call in enumerate(get_list(raw, "tool_calls", where, required=False) or []):
            parts.append({"type": "tool_call", "tool_call": decode_tool_call(call, f"{where}/tool_calls/{i}")})
        return {"role": "assistant", "parts": parts, **fields}
    if role == "tool":
        content = raw.get("content")
        text = (
            content
            if isinstance(content, str)
            else "".join(p["text"] for p in _decode_content(content, f"{where}/content"))
        )
        call_id = get_str(raw, "tool_call_id", where)
        result = {"tool_call_id": call_id, "content": text}
        return {"role": "tool", "parts": [{"type": "tool_result", "tool_result": result}]}
    raise ValueError(f"{where}/role: expected system, developer, user, assistant or tool, got {role!r}")
