"""Anthropic Messages request body -> canonical ``ChatRequest``: a user message's ``tool_result`` blocks
read back as a tool message (a message mixing them with other blocks as a tool message and a user message,
in order); the top-level ``system`` becomes the first system
message; content blocks read as ``blocks`` reads them (provider-run calls and results, citations); a tool
whose ``type`` is Anthropic's own (``web_search_20250305``, ``code_execution_*``, ``mcp_toolset``...) becomes
a provider tool with its definition unchanged (spec section 15). Every member the decoder neither maps nor
keeps is reported with its pointer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import (
    ChatRequest,
)
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, Shape, get_list, get_map, get_str, unmapped_members
from wirechat.adapters.anthropic.blocks import decode_block
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.members import is_known, unmapped_block
from wirechat.adapters.anthropic.shapes import NAME, PROVIDER, SCHEMA_NAME

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


# What the decoder maps, member by member (blocks: ``members.BLOCKS``): anything else in a message or a
# function tool is reported (feature provider.unmapped), never dropped silently. Top-level members it does
# not map travel whole in provider_options; a block of a type it does not know is reported too, and becomes
# a data part (user content) or is dropped (assistant content).
_MESSAGE: Shape = {"role": None, "content": None}
_TOOL: Shape = {"name": None, "description": None, "input_schema": None, "strict": None}
_FUNCTION_TYPES = (None, "custom")
"""A tool whose ``type`` is absent or ``custom`` is the caller's function tool; any other is Anthropic's."""


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    fields: dict[str, Any] = {}
    if isinstance(body.get("model"), str) and body["model"]:
        fields["model"] = body["model"]
    messages: list[dict[str, Any]] = []
    if body.get("system") is not None:
        messages.append({"role": "system", "parts": _decode_blocks(body["system"], "/system", "system", conv)})
    for i, raw in enumerate(get_list(body, "messages", "") or []):
        messages += _decode_message(raw, f"/messages/{i}", conv)
    fields["messages"] = messages
    tools = get_list(body, "tools", "", required=False)
    if tools is not None:
        function_tools, provider_tools = _decode_tools(tools, conv)
        fields["tools"] = function_tools
        if provider_tools:
            fields["provider_tools"] = provider_tools
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
    return ChatRequest.model_validate(fields), conv.warnings


def _decode_message(raw: Any, where: str, conv: Conversion) -> list[dict[str, Any]]:
    """The canonical message, or messages: a user turn's ``tool_result`` blocks are tool messages, so a turn
    that mixes them with other blocks (results, then the text and images a client adds) is split in runs,
    in order."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a message object")
    for pointer in unmapped_members(raw, _MESSAGE, where):
        conv.degrade("provider.unmapped", pointer)
    role = raw.get("role")
    if role not in ("user", "assistant", "system"):
        raise ValueError(f"{where}/role: expected user, assistant or system, got {role!r}")
    parts = _decode_blocks(raw.get("content"), f"{where}/content", role, conv)
    if role != "user" or not any(part["type"] == "tool_result" for part in parts):
        return [{"role": role, "parts": parts}]
    runs: list[dict[str, Any]] = []
    for part in parts:
        run_role = "tool" if part["type"] == "tool_result" else "user"
        if not runs or runs[-1]["role"] != run_role:
            runs.append({"role": run_role, "parts": []})
        runs[-1]["parts"].append(part)
    return runs


def _decode_blocks(content: Any, where: str, role: str, conv: Conversion) -> list[dict[str, Any]]:
    """The parts of a message's content; a block of an unknown type is reported, and kept whole as a data
    part in user and system content, dropped from assistant content (where no data part may stand)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list):
        raise ValueError(f"{where}: expected a string or an array of content blocks")
    names: dict[str, str] = {}
    parts = []
    for i, block in enumerate(content):
        at = f"{where}/{i}"
        part = decode_block(block, at, names)
        _report(block, at, conv)
        if part is not None:
            parts.append(part)
        elif role != "assistant":
            parts.append({"type": "data", "data": {"value": dict(block)}})
    return parts


def _report(block: Any, where: str, conv: Conversion) -> None:
    """Report what of ``block`` no part holds: a type this adapter does not know, or unmapped members (in the
    blocks a tool result holds too)."""
    if isinstance(block, Mapping) and not is_known(block.get("type")):
        conv.degrade("provider.unmapped", where)
        return
    for pointer in unmapped_block(block, where):
        conv.degrade("provider.unmapped", pointer)
    if isinstance(block, Mapping) and block.get("type") == "tool_result" and isinstance(block.get("content"), list):
        for k, inner in enumerate(block["content"]):
            _report(inner, f"{where}/content/{k}", conv)


def _decode_tools(tools: list[Any], conv: Conversion) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The function tools, and Anthropic's own tools (web search, code execution, MCP toolsets...: any
    ``type`` but ``custom``) as provider tools with their definitions unchanged."""
    function_tools: list[dict[str, Any]] = []
    provider_tools: list[dict[str, Any]] = []
    for i, raw in enumerate(tools):
        where = f"/tools/{i}"
        if not isinstance(raw, Mapping):
            raise ValueError(f"{where}: expected a tool object")
        kind = raw.get("type")
        if kind in _FUNCTION_TYPES:
            for pointer in unmapped_members(raw, _TOOL, where):
                conv.degrade("provider.unmapped", pointer)
            function_tools.append(_decode_tool(raw, where))
            continue
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"{where}/type: expected a string, got {kind!r}")
        tool: dict[str, Any] = {"issuer": PROVIDER, "type": kind}
        if isinstance(raw.get("name"), str) and raw["name"]:
            tool["name"] = raw["name"]
        tool["definition"] = dict(raw)
        provider_tools.append(tool)
    return function_tools, provider_tools


def _decode_tool(raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": get_str(raw, "name", where)}
    if raw.get("description") is not None:
        tool["description"] = raw["description"]
    tool["input_schema"] = get_map(raw, "input_schema", where)
    if isinstance(raw.get("strict"), bool):
        tool["strict"] = raw["strict"]
    return tool
