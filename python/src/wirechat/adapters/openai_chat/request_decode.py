"""OpenAI Chat Completions request body -> canonical ``ChatRequest`` (``decode_request``): every member the
canonical request cannot hold is kept in ``provider_metadata`` or reported, never dropped silently.

``stream`` and ``stream_options.include_usage: true`` are not request members but the call's mode: the
client sets them when it streams (``stream_request_flags`` writes exactly these), so they are read as that
and not carried; another ``stream_options`` member is reported (a non-streamed call may not send it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import (
    ChatRequest,
)
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import (
    Conversion,
    Shape,
    get_list,
    get_map,
    get_str,
    parse_data_url,
    unmapped_members,
)
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.shapes import AUDIO_TYPES, NAME, PROVIDER, decode_tool_call
from wirechat.structured_output import SCHEMA_NAME

__all__ = ["decode_request"]


def _decode_tool(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping) or raw.get("type") != "function":
        raise ValueError(f'{where}: expected a function tool ({{"type": "function", ...}})')
    function = get_map(raw, "function", where) or {}
    tool: dict[str, Any] = {"name": get_str(function, "name", f"{where}/function")}
    if function.get("description") is not None:
        tool["description"] = function["description"]
    parameters = function.get("parameters")  # {} is a schema (anything goes): only absent or null gets the default
    tool["input_schema"] = {"type": "object", "properties": {}} if parameters is None else parameters
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
        # Perplexity's json_schema has no name (its API takes the schema alone); OpenAI's requires one, which
        # then is the name Anthropic's and Gemini's mappings keep
        name = get_str(spec, "name", f"{where}/json_schema", required=False)
        out: dict[str, Any] = {"name": SCHEMA_NAME if name is None else name}
        for key in ("description", "strict"):
            if spec.get(key) is not None:
                out[key] = spec[key]
        out["schema"] = spec.get("schema") or {}
        return {"type": "json_schema", "json_schema": out}
    raise ValueError(f"{where}/type: expected text, json_object or json_schema, got {kind!r}")


_MODE = {"stream", "stream_options"}
"""The call's mode, set by the client when it streams (module docstring)."""
_OWN_KEYS = {
    *_MODE,
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


# What the decoder maps, member by member: anything else in a message, part, tool call or tool is reported
# (feature provider.unmapped), never dropped silently. Top-level members it does not map travel whole in
# provider_options, so they are never unmapped.
_SAME = {"role": None, "content": None, "name": None}
_MESSAGES: dict[str, Shape] = {
    "system": _SAME,
    "developer": _SAME,
    "user": _SAME,
    "assistant": {**_SAME, "refusal": None, "tool_calls": None, "audio": {"id": None}},
    "tool": {"role": None, "content": None, "tool_call_id": None},
}
_PARTS: dict[str, Shape] = {
    "text": {"type": None, "text": None},
    "refusal": {"type": None, "refusal": None},
    "image_url": {"type": None, "image_url": {"url": None, "detail": None}},
    "input_audio": {"type": None, "input_audio": {"data": None, "format": None}},
    "file": {"type": None, "file": {"file_data": None, "file_id": None, "filename": None}},
}
_CALL: Shape = {"id": None, "type": None, "function": {"name": None, "arguments": None}}
_TOOL: Shape = {"type": None, "function": {"name": None, "description": None, "parameters": None, "strict": None}}


def _is_function(tool: Any) -> bool:
    return not isinstance(tool, Mapping) or tool.get("type") in ("function", None)


def _unmapped(body: Mapping[str, Any]) -> list[str]:
    found: list[str] = []
    for i, message in enumerate(body.get("messages") or []):
        where = f"/messages/{i}"
        if not isinstance(message, Mapping):
            continue
        found += unmapped_members(message, _MESSAGES.get(str(message.get("role")), _SAME), where)
        content = message.get("content")
        for k, part in enumerate(content if isinstance(content, list) else []):
            shape = _PARTS.get(str(part.get("type"))) if isinstance(part, Mapping) else None
            if message.get("role") == "tool" and shape is not _PARTS["text"]:
                found.append(f"{where}/content/{k}")  # a tool result is text: its content is the text parts
                continue
            found += unmapped_members(part, shape or {"type": None}, f"{where}/content/{k}")
        calls = message.get("tool_calls")
        for k, call in enumerate(calls if isinstance(calls, list) else []):
            found += unmapped_members(call, _CALL, f"{where}/tool_calls/{k}")
    tools = body.get("tools")
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        if _is_function(tool):  # a provider-defined tool is kept whole (its definition)
            found += unmapped_members(tool, _TOOL, f"/tools/{i}")
    return found


def decode_request(
    body: Mapping[str, Any], adapter_name: str = NAME, provider_tools: str | None = None
) -> tuple[ChatRequest, list[ConversionWarning]]:
    """The canonical request of a body. ``provider_tools`` names the issuer of the tools that are not
    functions (a server that defines tools of its own: OpenRouter's ``openrouter:web_search``, Groq's
    ``browser_search``): they become ``provider_tools``, their object kept as the definition. Without it
    (OpenAI defines no tool of its own in Chat Completions) such a tool is an error naming its pointer."""
    fields: dict[str, Any] = {}
    model = get_str(body, "model", "", required=False)
    if model:
        fields["model"] = model
    raw_messages = get_list(body, "messages", "") or []
    fields["messages"] = [_decode_message(m, f"/messages/{i}") for i, m in enumerate(raw_messages)]
    tools = get_list(body, "tools", "", required=False)
    if tools is not None:
        fields["tools"] = [
            _decode_tool(t, f"/tools/{i}") for i, t in enumerate(tools) if provider_tools is None or _is_function(t)
        ]
        defined = [
            {"issuer": provider_tools, "type": str(tool["type"]), "definition": dict(tool)}
            for tool in tools
            if provider_tools is not None and not _is_function(tool)
        ]
        if defined:
            fields["provider_tools"] = defined
        if not fields["tools"] and defined:
            del fields["tools"]
    if body.get("tool_choice") is not None:
        fields["tool_choice"] = _decode_tool_choice(body["tool_choice"], "/tool_choice")
    options = _decode_options(body)
    if options:
        fields["options"] = options
    extra = {key: value for key, value in body.items() if key not in _OWN_KEYS}
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    conv = Conversion(MANIFEST)
    for where in _unmapped(body) + _mode_unmapped(body.get("stream_options")):
        conv.degrade("provider.unmapped", where)
    return ChatRequest.model_validate(fields), conv.warnings


def _mode_unmapped(options: Any) -> list[str]:
    """The ``stream_options`` members the streaming flags do not write again (reported, not carried)."""
    if options is None:
        return []
    if not isinstance(options, Mapping):
        return ["/stream_options"]
    return [f"/stream_options/{key}" for key, value in options.items() if (key, value) != ("include_usage", True)]


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
        if fmt not in AUDIO_TYPES:
            raise ValueError(f"{where}/input_audio/format: expected wav or mp3, got {fmt!r}")
        data = get_str(audio, "data", f"{where}/input_audio")
        return {"type": "audio", "audio": {"source": "base64", "base64": data, "media_type": AUDIO_TYPES[fmt]}}
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
        reference = get_map(raw, "audio", where, required=False)
        if reference is not None:  # an earlier audio reply, by id (``audio.py``): the message refers to it
            fields["provider_metadata"] = {PROVIDER: {"audio": {"id": get_str(reference, "id", f"{where}/audio")}}}
        return {"role": "assistant", "parts": parts, **fields}
    if role == "tool":
        content = raw.get("content")
        text = (
            content
            if isinstance(content, str)
            else "".join(p["text"] for p in _decode_content(content, f"{where}/content") if p["type"] == "text")
        )
        call_id = get_str(raw, "tool_call_id", where)
        result = {"tool_call_id": call_id, "content": text}
        return {"role": "tool", "parts": [{"type": "tool_result", "tool_result": result}]}
    raise ValueError(f"{where}/role: expected system, developer, user, assistant or tool, got {role!r}")
