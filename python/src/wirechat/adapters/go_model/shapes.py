"""The seed's JSON shapes as TypedDicts: the gate's request oracle (``request_oracle``), which checks
that every body the adapter writes uses only members the Go SDK's structs have, with their types.

``NotRequired`` marks the members the Go structs tag ``omitempty``; the request envelope
(``Request``) holds the two slices a caller hands a provider.
"""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import NotRequired, TypedDict

__all__ = ["Request", "Response", "StreamChunk", "TokenUsage"]


class MediaRef(TypedDict):
    url: NotRequired[str]
    base64: NotRequired[str]
    media_type: NotRequired[str]


class FileRef(TypedDict):
    uri: str
    mime_type: NotRequired[str]
    name: NotRequired[str]


class DataRef(TypedDict):
    mime_type: NotRequired[str]
    value: dict[str, Any] | None


class ToolCall(TypedDict):
    id: str
    name: str
    arguments: str


class ToolResult(TypedDict):
    tool_call_id: str
    content: str
    is_error: NotRequired[bool]


class Part(TypedDict):
    type: Literal["text", "image", "audio", "file", "data", "tool_call", "tool_result"]
    text: NotRequired[str]
    image: NotRequired[MediaRef]
    audio: NotRequired[MediaRef]
    file: NotRequired[FileRef]
    data: NotRequired[DataRef]
    tool_call: NotRequired[ToolCall]
    tool_result: NotRequired[ToolResult]


class Message(TypedDict):
    role: Literal["system", "user", "assistant", "tool"]
    parts: list[Part] | None


class ToolDefinition(TypedDict):
    name: str
    description: str
    input_schema: dict[str, Any] | None


class TokenUsage(TypedDict):
    input_tokens: int
    output_tokens: int
    total_tokens: int
    model: NotRequired[str]
    latency_ms: NotRequired[int]
    cost_micros: NotRequired[int]


class StreamChunk(TypedDict):
    role: NotRequired[str]
    content: NotRequired[str]
    tool_calls: NotRequired[list[ToolCall]]
    finish_reason: NotRequired[str]


class Request(TypedDict):
    model: NotRequired[str]
    messages: list[Message]
    tools: NotRequired[list[ToolDefinition]]


class Response(TypedDict):
    message: Message
    finish_reason: NotRequired[str]
    usage: NotRequired[TokenUsage]
