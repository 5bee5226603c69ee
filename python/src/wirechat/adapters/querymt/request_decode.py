"""QueryMT ``ExtismChatRequest`` -> canonical ``ChatRequest`` (``decode_request``).

Each QueryMT message becomes one canonical message: ``User`` + ``ToolResult`` is a tool message (each
call's ``function.arguments`` is the result's content), other ``User`` messages are user messages (the
``content`` text, then the image or PDF), ``Assistant`` messages hold their ``thinking`` as a reasoning
part, then the text (for ``ToolUse``, only when non-empty), then the tool calls. ``cfg.model`` is the
model and the rest of ``cfg`` goes to ``provider_options.querymt.cfg``. Members QueryMT's types do not
have, and ``cache`` hints wirechat has no field for, are reported (``provider.unmapped``), never dropped
silently.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatRequest
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, Shape, get_list, get_map, get_str, unmapped_members
from wirechat.adapters.querymt.manifest import MANIFEST
from wirechat.adapters.querymt.shapes import MIME_OF, NAME, decode_tool_call

__all__ = ["decode_message", "decode_request"]

_MESSAGE: Shape = {"role": None, "message_type": None, "content": None, "thinking": None}
_TOOL: Shape = {"type": None, "function": {"name": None, "description": None, "parameters": None}}


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    if not isinstance(body, Mapping):
        raise ValueError("/: expected an ExtismChatRequest object")
    for where in unmapped_members(body, {"cfg": None, "messages": None, "tools": None}, ""):
        conv.degrade("provider.unmapped", where)
    cfg = get_map(body, "cfg", "", required=False) or {}
    document: dict[str, Any] = {"messages": []}
    model = cfg.pop("model", None)
    if model is not None:
        if not isinstance(model, str) or not model:
            raise ValueError(f"/cfg/model: expected a non-empty string, got {model!r}")
        document["model"] = model
    if cfg:
        document["provider_options"] = {adapter_name: {"cfg": cfg}}
    for i, raw in enumerate(get_list(body, "messages", "") or []):
        where = f"/messages/{i}"
        if not isinstance(raw, Mapping):
            raise ValueError(f"{where}: expected a ChatMessage object")
        for unmapped in unmapped_members(raw, _MESSAGE, where):
            conv.degrade("provider.unmapped", unmapped)
        document["messages"].append(decode_message(raw, where))
    tools = get_list(body, "tools", "", required=False)
    if tools is not None:
        document["tools"] = [_decode_tool(tool, f"/tools/{i}", conv) for i, tool in enumerate(tools)]
    return ChatRequest.model_validate(document), conv.warnings


def _decode_tool(raw: Any, where: str, conv: Conversion) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a Tool object")
    for unmapped in unmapped_members(raw, _TOOL, where):
        conv.degrade("provider.unmapped", unmapped)
    function = get_map(raw, "function", where) or {}
    tool: dict[str, Any] = {"name": get_str(function, "name", f"{where}/function")}
    description = get_str(function, "description", f"{where}/function", required=False)
    if description:
        tool["description"] = description
    parameters = function.get("parameters")
    if parameters is not None and not isinstance(parameters, Mapping):
        raise ValueError(f"{where}/function/parameters: expected a JSON Schema object")
    tool["input_schema"] = dict(parameters) if parameters is not None else {"type": "object"}
    return tool


def _is_byte(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 255


def _bytes(value: Any, where: str) -> str:
    if not isinstance(value, list) or not all(_is_byte(b) for b in value):
        raise ValueError(f"{where}: expected the bytes as an array of integers from 0 to 255")
    return base64.b64encode(bytes(value)).decode("ascii")


def _media(kind: str, value: Any, where: str) -> dict[str, Any]:
    if kind == "Image":
        if not isinstance(value, list) or len(value) != 2 or value[0] not in MIME_OF:
            raise ValueError(f"{where}: expected [ImageMime (JPEG, PNG, GIF or WEBP), bytes], got {value!r:.80}")
        source = {"source": "base64", "base64": _bytes(value[1], f"{where}/1"), "media_type": MIME_OF[value[0]]}
        return {"type": "image", "image": source}
    if kind == "ImageURL":
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected a URL string")
        return {"type": "image", "image": {"source": "url", "url": value}}
    source = {"source": "base64", "base64": _bytes(value, where), "media_type": "application/pdf"}
    return {"type": "file", "file": source}


def _calls(value: Any, where: str) -> list[tuple[str, str, str]]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected an array of ToolCall objects")
    return [decode_tool_call(call, f"{where}/{k}") for k, call in enumerate(value)]


def decode_message(raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The canonical message (a JSON object) for one QueryMT ``ChatMessage``."""
    role = raw.get("role")
    if role not in ("User", "Assistant"):
        raise ValueError(f"{where}/role: expected User or Assistant, got {role!r}")
    content = get_str(raw, "content", where) or ""
    message_type = raw.get("message_type", "Text")
    at = f"{where}/message_type"
    if message_type == "Text":
        kind, value = "Text", None
    elif isinstance(message_type, Mapping) and len(message_type) == 1:
        ((kind, value),) = message_type.items()
    else:
        raise ValueError(f"{at}: expected Text or a one-member object (Image, Pdf, ImageURL, ToolUse, ToolResult)")
    parts: list[dict[str, Any]] = []
    thinking = get_str(raw, "thinking", where, required=False)
    if thinking is not None:
        if role != "Assistant":
            raise ValueError(f"{where}/thinking: only an Assistant message has thinking")
        parts.append({"type": "reasoning", "reasoning": {"text": thinking}})
    if kind == "ToolResult":
        if role != "User" or content:
            raise ValueError(f"{at}: a ToolResult is a User message whose content is empty")
        results = [{"type": "tool_result", "tool_result": {"tool_call_id": call_id, "content": text}}
                   for call_id, _, text in _calls(value, f"{at}/ToolResult")]  # fmt: skip
        return {"role": "tool", "parts": results}
    if kind == "ToolUse":
        if role != "Assistant":
            raise ValueError(f"{at}: ToolUse is an Assistant message")
        if content:
            parts.append({"type": "text", "text": content})
        for call_id, name, arguments in _calls(value, f"{at}/ToolUse"):
            parts.append({"type": "tool_call", "tool_call": {"id": call_id, "name": name, "arguments": arguments}})
        return {"role": "assistant", "parts": parts}
    if kind == "Text":
        parts.append({"type": "text", "text": content})
        return {"role": role.lower(), "parts": parts}
    if kind not in ("Image", "ImageURL", "Pdf"):
        raise ValueError(f"{at}: unknown MessageType {kind!r}")
    if role != "User":
        raise ValueError(f"{at}: wirechat takes images and PDFs from the user only")
    if content:
        parts.append({"type": "text", "text": content})
    parts.append(_media(kind, value, f"{at}/{kind}"))
    return {"role": "user", "parts": parts}
