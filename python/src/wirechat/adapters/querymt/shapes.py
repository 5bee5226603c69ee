"""QueryMT's Extism plugin JSON (decision 014, QueryMT as of ``5ef33da4``), written once: the names, the
role and image-type tables, and the shapes as TypedDicts (the gate's ``request_oracle`` checks every body
the adapter writes against ``ExtismChatRequest``).

Serde writes QueryMT's enums externally tagged with the variant names as spelled in Rust: ``"User"``,
``"Text"``, ``{"Image": ["PNG", [137, 80, ...]]}``, ``{"ToolUse": [ToolCall]}``; ``Vec<u8>`` is a JSON
array of numbers.
"""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import NotRequired, TypedDict

from wirechat._tables.querymt import NAME, PROVIDER

__all__ = [
    "FUNCTION",
    "IMAGE_MIME",
    "MIME_OF",
    "NAME",
    "PROVIDER",
    "ChatMessage",
    "ChatRequest",
    "ChatResponse",
    "ToolCall",
    "Usage",
    "decode_tool_call",
    "tool_call",
]

FUNCTION = "function"

IMAGE_MIME = {"image/jpeg": "JPEG", "image/png": "PNG", "image/gif": "GIF", "image/webp": "WEBP"}
"""Canonical media type -> QueryMT ``ImageMime`` variant (the only four it has)."""
MIME_OF = {variant: media for media, variant in IMAGE_MIME.items()}


class FunctionCall(TypedDict):
    name: str
    arguments: str


class ToolCall(TypedDict):
    id: str
    type: str
    function: FunctionCall


class FunctionTool(TypedDict):
    name: str
    description: str
    parameters: dict[str, Any]


class Tool(TypedDict):
    type: str
    function: FunctionTool


class ChatMessage(TypedDict):
    role: Literal["User", "Assistant"]
    message_type: Any
    """``"Text"``, ``{"Image": [mime, bytes]}``, ``{"Pdf": bytes}``, ``{"ImageURL": url}``,
    ``{"ToolUse": [ToolCall]}`` or ``{"ToolResult": [ToolCall]}``."""
    content: str
    thinking: NotRequired[str]
    cache: NotRequired[dict[str, Any]]


class ChatRequest(TypedDict):
    cfg: dict[str, Any]
    messages: list[ChatMessage]
    tools: list[Tool] | None


class Usage(TypedDict):
    input_tokens: int
    output_tokens: int
    reasoning_tokens: int
    cache_read: int
    cache_write: int


class ChatResponse(TypedDict):
    text: str | None
    tool_calls: list[ToolCall] | None
    thinking: str | None
    usage: Usage | None
    finish_reason: str | None


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    """A QueryMT ``ToolCall``."""
    return {"id": call_id, "type": FUNCTION, "function": {"name": name, "arguments": arguments}}


def decode_tool_call(value: Any, where: str) -> tuple[str, str, str]:
    """``(id, name, arguments)`` of a QueryMT ``ToolCall``; ``ValueError`` naming the member otherwise."""
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a ToolCall object")
    function = value.get("function")
    if not isinstance(function, dict):
        raise ValueError(f"{where}/function: expected an object with name and arguments")
    fields = []
    for key, holder, at in (("id", value, where), ("name", function, f"{where}/function"),
                            ("arguments", function, f"{where}/function")):  # fmt: skip
        item = holder.get(key)
        if not isinstance(item, str):
            raise ValueError(f"{at}/{key}: expected a string, got {type(item).__name__}")
        fields.append(item)
    return fields[0], fields[1], fields[2]
