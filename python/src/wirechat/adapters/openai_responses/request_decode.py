"""OpenAI Responses request body -> canonical ``ChatRequest``.

``instructions`` becomes the first system message; message items with role ``system`` or ``developer``
are system messages (``developer`` kept as ``provider_metadata["openai"]["role"]``); a user message item is
a user message; a run of assistant-side items (assistant messages, ``reasoning``, ``function_call``,
``custom_tool_call``, and the provider-run items of ``hosted``: hosted-tool calls, and the outputs of
provider-defined tools the caller ran, which replay only to OpenAI) is one assistant message; each
``function_call_output`` / ``custom_tool_call_output`` is a tool message. Function tools are ``tools``; every
other tool (``web_search``, ``file_search``, ``mcp``, ``custom``...) is a provider tool (issuer ``openai``,
the definition unchanged). A member given as ``null`` is absent. Top-level members with no canonical field
travel whole in ``provider_options``; members of items this decoder does not map are reported (feature
``provider.unmapped``), never dropped without a word. An item type it does not know is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatRequest
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import (
    Conversion,
    Shape,
    get_list,
    get_map,
    get_str,
    parse_data_url,
)
from wirechat.adapters.openai_responses.hosted import Pairing, is_provider_run
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.shapes import (
    NAME,
    PROVIDER,
    REQUEST_STATUS,
    decode_output_item,
    present_unmapped,
    unmapped_in_item,
)

__all__ = ["decode_request"]

_OWN_KEYS = {
    "model", "instructions", "input", "tools", "tool_choice", "temperature", "top_p", "max_output_tokens",
    "parallel_tool_calls", "text",
}  # fmt: skip
_PART: dict[str, Shape] = {
    "input_text": {"type": None, "text": None},
    "input_image": {"type": None, "image_url": None, "detail": None},
    "input_file": {"type": None, "file_data": None, "file_url": None, "file_id": None, "filename": None},
    "output_text": {"type": None, "text": None, "annotations": None, "logprobs": None},
    "refusal": {"type": None, "refusal": None},
}
_USER_SIDE: dict[str, Shape] = {
    "message": {"type": None, "role": None, "content": None, "id": None, "status": None},
    "function_call_output": {"type": None, "id": None, "call_id": None, "output": None, "status": None},
    "custom_tool_call_output": {"type": None, "id": None, "call_id": None, "output": None, "status": None},
}
_TOOL: Shape = {"type": None, "name": None, "description": None, "parameters": None, "strict": None}
_RESULTS = {"function_call_output", "custom_tool_call_output"}


def _assistant_side(kind: str, role: Any) -> bool:
    assistant_items = ("reasoning", "compaction", "function_call", "custom_tool_call")
    return kind in assistant_items or is_provider_run(kind) or role == "assistant"


def _unmapped(body: Mapping[str, Any]) -> list[str]:
    found: list[str] = []
    items = body.get("input")
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, Mapping):
            continue
        where = f"/input/{i}"
        kind = str(item.get("type", "message"))
        if _assistant_side(kind, item.get("role")):
            found += unmapped_in_item(item, where)
            continue
        found += present_unmapped(item, where, _USER_SIDE.get(kind, {}))
        key = "content" if kind == "message" else "output"
        content = item.get(key)
        for k, part in enumerate(content if isinstance(content, list) else []):
            shape = _PART.get(str(part.get("type"))) if isinstance(part, Mapping) else None
            found += present_unmapped(part, f"{where}/{key}/{k}", shape) if shape is not None else []
    tools = body.get("tools")
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        if isinstance(tool, Mapping) and tool.get("type") == "function":
            found += present_unmapped(tool, f"/tools/{i}", _TOOL)
    return found


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    body = {key: value for key, value in body.items() if value is not None}  # an explicit null is absent
    fields: dict[str, Any] = {}
    if isinstance(body.get("model"), str) and body["model"]:
        fields["model"] = body["model"]
    messages: list[dict[str, Any]] = []
    instructions = get_str(body, "instructions", "", required=False)
    if instructions is not None:
        messages.append({"role": "system", "parts": [{"type": "text", "text": instructions}]})
    raw_input = body.get("input")
    if isinstance(raw_input, str):
        messages.append({"role": "user", "parts": [{"type": "text", "text": raw_input}]})
    else:
        messages += _decode_items(get_list(body, "input", "") or [])
    fields["messages"] = messages
    tools = get_list(body, "tools", "", required=False)
    if tools is not None:
        _decode_tools(tools, fields)
    extra = {key: value for key, value in body.items() if key not in _OWN_KEYS}
    _decode_tool_choice(body, fields, extra)
    options: dict[str, Any] = {}
    for name in ("temperature", "top_p"):
        if body.get(name) is not None:
            options[name] = float(body[name])
    if body.get("max_output_tokens") is not None:
        options["max_tokens"] = body["max_output_tokens"]
    if isinstance(body.get("parallel_tool_calls"), bool):
        options["parallel_tool_calls"] = body["parallel_tool_calls"]
    _decode_text(body, options, extra)
    if options:
        fields["options"] = options
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    conv = Conversion(MANIFEST)
    for where in _unmapped(body):
        conv.degrade("provider.unmapped", where)
    return ChatRequest.model_validate(fields), conv.warnings


def _decode_items(items: list[Any]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    run: list[dict[str, Any]] | None = None  # the parts of the assistant message being read
    pairing = Pairing()
    for i, item in enumerate(items):
        where = f"/input/{i}"
        if not isinstance(item, Mapping):
            raise ValueError(f"{where}: expected an input item object")
        kind = str(item.get("type", "message"))
        role = item.get("role") if kind == "message" else None
        if _assistant_side(kind, role):
            if run is None:
                run = []
                messages.append({"role": "assistant", "parts": run})
            run += decode_output_item(item, where, pairing, implied=REQUEST_STATUS)
            continue
        run = None
        if kind in _RESULTS:
            messages.append({"role": "tool", "parts": [_tool_result(item, where)]})
        elif kind != "message":
            raise ValueError(f"{where}/type: an input item type this adapter does not map: {kind!r}")
        elif role in ("user", "system", "developer"):
            message: dict[str, Any] = {"role": "user" if role == "user" else "system"}
            message["parts"] = _decode_content(item.get("content"), f"{where}/content")
            if role == "developer":
                message["provider_metadata"] = {PROVIDER: {"role": "developer"}}
            messages.append(message)
        else:
            raise ValueError(f"{where}/role: expected user, system, developer or assistant, got {role!r}")
    return messages


def _decode_content(content: Any, where: str) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list):
        raise ValueError(f"{where}: expected a string or an array of content parts")
    return [_decode_part(part, f"{where}/{k}") for k, part in enumerate(content)]


def _decode_part(part: Any, where: str) -> dict[str, Any]:
    if not isinstance(part, Mapping):
        raise ValueError(f"{where}: expected a content part object")
    kind = part.get("type")
    if kind == "input_text":
        return {"type": "text", "text": get_str(part, "text", where)}
    if kind == "input_image":
        url = get_str(part, "image_url", where)
        parsed = parse_data_url(url or "")
        image = {"source": "url", "url": url} if parsed is None else {
            "source": "base64", "base64": parsed[1], "media_type": parsed[0]}  # fmt: skip
        out: dict[str, Any] = {"type": "image", "image": image}
        if part.get("detail") not in (None, "auto"):
            out["provider_metadata"] = {PROVIDER: {"detail": part["detail"]}}
        return out
    if kind == "input_file":
        return {"type": "file", "file": _decode_file(part, where)}
    raise ValueError(f"{where}/type: expected input_text, input_image or input_file, got {kind!r}")


def _decode_file(part: Mapping[str, Any], where: str) -> dict[str, Any]:
    source: dict[str, Any]
    if part.get("file_data") is not None:
        parsed = parse_data_url(get_str(part, "file_data", where) or "")
        if parsed is None:
            raise ValueError(f"{where}/file_data: expected a data: URL with base64 content")
        source = {"source": "base64", "base64": parsed[1], "media_type": parsed[0]}
    elif part.get("file_url") is not None:
        source = {"source": "uri", "uri": get_str(part, "file_url", where)}
    elif part.get("file_id") is not None:
        source = {"source": "file_id", "file_id": get_str(part, "file_id", where), "issuer": PROVIDER}
    else:
        raise ValueError(f"{where}: an input_file needs file_data, file_url or file_id")
    if isinstance(part.get("filename"), str):
        source["name"] = part["filename"]
    return source


def _tool_result(item: Mapping[str, Any], where: str) -> dict[str, Any]:
    call_id = get_str(item, "call_id", where)
    if not call_id:
        raise ValueError(f"{where}/call_id: required non-empty string is missing")
    result: dict[str, Any] = {"tool_call_id": call_id, "content": ""}
    output = item.get("output")
    if isinstance(output, str):
        result["content"] = output
    elif isinstance(output, list):
        parts = [_decode_part(part, f"{where}/output/{k}") for k, part in enumerate(output)]
        if parts and parts[0]["type"] == "text" and "provider_metadata" not in parts[0]:
            result["content"] = parts.pop(0)["text"]
        if parts:
            result["parts"] = parts
    else:
        raise ValueError(f"{where}/output: expected a string or an array of content parts")
    part: dict[str, Any] = {"type": "tool_result", "tool_result": result}
    if item.get("type") == "custom_tool_call_output":
        part["provider_metadata"] = {PROVIDER: {"item_type": "custom_tool_call_output"}}
    return part


def _decode_tools(tools: list[Any], fields: dict[str, Any]) -> None:
    """Function tools -> ``tools``; any other tool -> ``provider_tools`` (issuer ``openai``, unchanged)."""
    fields["tools"] = []
    for i, raw in enumerate(tools):
        where = f"/tools/{i}"
        if not isinstance(raw, Mapping) or not isinstance(raw.get("type"), str):
            raise ValueError(f"{where}: expected a tool object with a type")
        if raw["type"] == "function":
            fields["tools"].append(_decode_tool(raw, where))
            continue
        tool: dict[str, Any] = {"issuer": PROVIDER, "type": raw["type"], "definition": dict(raw)}
        if isinstance(raw.get("name"), str) and raw["name"]:
            tool["name"] = raw["name"]
        fields.setdefault("provider_tools", []).append(tool)
    if not fields["tools"] and "provider_tools" in fields:
        del fields["tools"]  # only provider tools: no function tools to speak of


def _decode_tool(raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": get_str(raw, "name", where)}
    if raw.get("description") is not None:
        tool["description"] = get_str(raw, "description", where)
    tool["input_schema"] = get_map(raw, "parameters", where, required=False) or {"type": "object"}
    if isinstance(raw.get("strict"), bool):
        tool["strict"] = raw["strict"]
    return tool


def _decode_tool_choice(body: Mapping[str, Any], fields: dict[str, Any], extra: dict[str, Any]) -> None:
    choice = body.get("tool_choice")
    if choice in ("auto", "none", "required"):
        fields["tool_choice"] = {"type": choice}
    elif isinstance(choice, Mapping) and choice.get("type") == "function":
        fields["tool_choice"] = {"type": "tool", "tool": get_str(choice, "name", "/tool_choice")}
    elif choice is not None:
        extra["tool_choice"] = choice  # hosted-tool and allowed_tools choices travel as they are


def _decode_text(body: Mapping[str, Any], options: dict[str, Any], extra: dict[str, Any]) -> None:
    text = get_map(body, "text", "", required=False)
    if text is None:
        return
    fmt = text.pop("format", None)
    if isinstance(fmt, Mapping) and fmt.get("type") in ("text", "json_object"):
        options["response_format"] = {"type": fmt["type"]}
    elif isinstance(fmt, Mapping) and fmt.get("type") == "json_schema":
        spec: dict[str, Any] = {"name": get_str(fmt, "name", "/text/format"), "schema": fmt.get("schema") or {}}
        for key in ("description", "strict"):
            if fmt.get(key) is not None:
                spec[key] = fmt[key]
        options["response_format"] = {"type": "json_schema", "json_schema": spec}
    elif fmt is not None:
        raise ValueError(f"/text/format/type: expected text, json_object or json_schema, got {fmt.get('type')!r}")
    if text:
        extra["text"] = text  # verbosity and the like, sent back as they came
