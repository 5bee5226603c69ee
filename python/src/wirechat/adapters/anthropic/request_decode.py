"""Anthropic Messages request body -> canonical ``ChatRequest``: a user message made only of
``tool_result`` blocks reads back as a tool message; the top-level ``system`` becomes the first system
message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import (
    ChatRequest,
)
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, Shape, get_list, get_map, get_str, unmapped_members
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.shapes import (
    NAME,
    SCHEMA_NAME,
    decode_block,
)

__all__ = ["decode_request"]


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


# What the decoder maps, member by member: anything else in a message, a content block, a tool result's
# blocks or a tool is reported (feature provider.unmapped), never dropped silently. Top-level members it
# does not map travel whole in provider_options; block types it does not know become whole data parts.
_MESSAGE: Shape = {"role": None, "content": None}
_SOURCE: Shape = {"type": None, "url": None, "data": None, "media_type": None, "file_id": None}
_BLOCKS: dict[str, Shape] = {
    "text": {"type": None, "text": None, "cache_control": None, "citations": None},
    "image": {"type": None, "source": _SOURCE, "cache_control": None, "citations": None},
    "document": {"type": None, "source": _SOURCE, "title": None, "cache_control": None, "citations": None},
    "tool_use": {"type": None, "id": None, "name": None, "input": None, "cache_control": None, "citations": None},
    "tool_result": {
        "type": None,
        "tool_use_id": None,
        "content": None,
        "is_error": None,
        "cache_control": None,
        "citations": None,
    },
    "thinking": {"type": None, "thinking": None, "signature": None},
    "redacted_thinking": {"type": None, "data": None},
}
_TOOL: Shape = {"name": None, "description": None, "input_schema": None, "strict": None}


def _unmapped_blocks(blocks: Any, where: str) -> list[str]:
    found: list[str] = []
    for k, block in enumerate(blocks if isinstance(blocks, list) else []):
        shape = _BLOCKS.get(str(block.get("type"))) if isinstance(block, Mapping) else None
        if shape is not None:
            found += unmapped_members(block, shape, f"{where}/{k}")
            if block.get("type") == "tool_result":
                found += _unmapped_blocks(block.get("content"), f"{where}/{k}/content")
    return found


def _unmapped(body: Mapping[str, Any]) -> list[str]:
    found = _unmapped_blocks(body.get("system"), "/system")
    for i, message in enumerate(body.get("messages") or []):
        found += unmapped_members(message, _MESSAGE, f"/messages/{i}")
        if isinstance(message, Mapping):
            found += _unmapped_blocks(message.get("content"), f"/messages/{i}/content")
    tools = body.get("tools")
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        found += unmapped_members(tool, _TOOL, f"/tools/{i}")
    return found


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
                "json_schema": {"name": SCHEMA_NAME, "schema": fmt.get("schema") or {}},
            }
        if output_config:
            extra["output_config"] = output_config
    if options:
        fields["options"] = options
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    conv = Conversion(MANIFEST)
    for where in _unmapped(body):
        conv.degrade("provider.unmapped", where)
    return ChatRequest.model_validate(fields), conv.warnings


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
