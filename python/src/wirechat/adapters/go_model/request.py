"""Requests: the go-model request document <-> a canonical ``ChatRequest``.

The SDK has no request type; a caller hands a provider its ``[]Message`` and ``[]ToolDefinition``. The
go-model request document is therefore ``{"model"?, "messages": [Message], "tools"?: [ToolDefinition]}``;
``decode_request`` also takes what such a program stores: a bare array of messages, or one Message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatRequest
from wirechat.adapters import ConversionWarning
from wirechat.adapters.go_model.conversion import Conversion, expect_members, read_string
from wirechat.adapters.go_model.manifest import MANIFEST
from wirechat.adapters.go_model.parts import message_from_wirechat, message_to_wirechat
from wirechat.adapters.go_model.usage import tool_from_wirechat, tool_to_wirechat
from wirechat.codec import decode, encode

__all__ = ["decode_request", "encode_request", "request_to_wirechat"]

_SAMPLING = ("temperature", "top_p", "max_tokens", "stop", "seed")


def request_to_wirechat(body: Any) -> dict[str, Any]:
    """The canonical request document (plain JSON) for a go-model request, message list or message."""
    if isinstance(body, list):
        body = {"messages": body}
    elif isinstance(body, Mapping) and "role" in body:
        body = {"messages": [body]}
    if not isinstance(body, Mapping):
        raise ValueError("(root): expected a request object, an array of messages or a message")
    expect_members(body, ("model", "messages", "tools"), "", "a go-model request")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise ValueError("/messages: expected a non-empty array of messages")
    out: dict[str, Any] = {"messages": [message_to_wirechat(m, f"/messages/{i}") for i, m in enumerate(messages)]}
    model = read_string(body, "model", "")
    if model:
        out["model"] = model
    tools = body.get("tools")
    if tools is not None:
        if not isinstance(tools, list):
            raise ValueError("/tools: expected an array of tool definitions")
        out["tools"] = [tool_to_wirechat(t, f"/tools/{i}") for i, t in enumerate(tools)]
    return out


def decode_request(body: Any, adapter_name: str = "go-model") -> tuple[ChatRequest, list[ConversionWarning]]:
    """The canonical request for a go-model request; ``ValueError`` (a ``WireError`` for schema
    problems) naming the pointer when wirechat cannot hold it. Nothing is degraded on the way in."""
    document = request_to_wirechat(body)
    return decode(json.dumps(document).encode(), ChatRequest), []


def encode_request(
    request: ChatRequest, adapter_name: str = "go-model"
) -> tuple[dict[str, Any], list[ConversionWarning]]:
    """The go-model request document for ``request``; raises ``ConversionRefused``."""
    conv = Conversion(MANIFEST)
    plain = json.loads(encode(request))
    if "tool_choice" in plain:
        raise conv.refuse("tool_choice", "/tool_choice")
    options = plain.get("options", {})
    if "parallel_tool_calls" in options:
        raise conv.refuse("options.parallel_tool_calls", "/options/parallel_tool_calls")
    format_kind = options.get("response_format", {}).get("type")
    if format_kind == "json_schema":
        raise conv.refuse("response_format.json_schema", "/options/response_format")
    if plain.get("provider_options", {}).get(adapter_name):
        raise conv.refuse("provider_options", f"/provider_options/{adapter_name}")
    body: dict[str, Any] = {}
    if "model" in plain:
        body["model"] = plain["model"]
    body["messages"] = [message_from_wirechat(m, f"/messages/{i}", conv) for i, m in enumerate(plain["messages"])]
    if "tools" in plain:
        body["tools"] = [tool_from_wirechat(t, f"/tools/{i}", conv) for i, t in enumerate(plain["tools"])]
    for i, tool in enumerate(plain.get("provider_tools", ())):
        own = tool["issuer"] == "go-model"
        conv.degrade("provider_tools.own" if own else "provider_tools.foreign", f"/provider_tools/{i}")
    for name in _SAMPLING:
        if name in options:
            conv.degrade(f"options.{name}", f"/options/{name}")
    if format_kind is not None:
        conv.degrade(f"response_format.{format_kind}", "/options/response_format")
    return body, conv.warnings
