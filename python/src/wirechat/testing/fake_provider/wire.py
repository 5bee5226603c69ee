"""What a fake provider needs to know of one API's wire format, and the helpers the formats share.

A ``ProviderWire`` renders a scripted ``Reply`` as the provider's JSON body and as its stream of SSE
events, renders errors (as an HTTP body and as a mid-stream error event), names its endpoints and request
id header, and checks a script against what the API can say. It is written from the provider references,
independently of ``wirechat.adapters``, so that driving the client against the fake server checks the
adapters against a second reading of the same documentation.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, Protocol

from wirechat.testing.fake_provider.script import Reply, Usage

__all__ = ["Endpoint", "Frame", "ProviderWire", "dumps", "fragments", "reply_usage", "sse_bytes"]

Endpoint = Literal["chat", "embed", "complete"]
Frame = tuple[str | None, str]  # (event name, data text): one server-sent event


class ProviderWire(Protocol):
    name: str
    request_id_header: str

    def route(self, path: str) -> Endpoint | None:
        """Which endpoint a request path is, or None for a path this API does not have."""
        ...

    def presented_key(self, headers: Mapping[str, str]) -> str | None:
        """The API key a request carries, however this API expects it."""
        ...

    def check_reply(self, where: str, reply: Reply) -> None:
        """Raise ``ScriptError`` for a reply this API cannot give."""
        ...

    def chat_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]: ...

    def chat_frames(self, reply: Reply, request: Mapping[str, Any]) -> list[Frame]: ...

    def embed_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]: ...

    def complete_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]: ...

    def error_body(
        self, status: int, error_type: str | None, code: str | None, message: str | None, request_id: str
    ) -> dict[str, Any]:
        """The body of an HTTP error, with this API's defaults for what the script leaves out."""
        ...

    def error_frame(self, error_type: str | None, message: str | None) -> Frame:
        """The error event this API sends inside a 200 stream."""
        ...

    def status_of(self, error_type: str | None) -> int:
        """The HTTP status that goes with an error type (for an error event asked of a non-streamed call)."""
        ...

    def malformed_frame(self) -> Frame:
        """A stream event whose JSON is cut short."""
        ...


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def fragments(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def sse_bytes(frame: Frame) -> bytes:
    event, data = frame
    head = f"event: {event}\n" if event is not None else ""
    body = "".join(f"data: {line}\n" for line in data.split("\n"))
    return (head + body + "\n").encode("utf-8")


def reply_usage(reply: Reply) -> Usage:
    """The reply's usage, or a deterministic one from its length when the script gives none."""
    if reply.usage is not None:
        return reply.usage
    size = len(reply.text or "") + sum(len(call.arguments) for call in reply.tool_calls)
    return Usage(input=10, output=1 + size // 4)
