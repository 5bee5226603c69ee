"""Reading the recorded-traffic corpus's Responses bodies (``conformance/recorded/openai-responses``, traced in
``conformance/recorded/SOURCES.ndjson``): a body by name, a stream's events, and a stream decoded with the
non-streamed reading of the same call (the ``response`` its terminal event carries)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wirechat import ChatResponse
from wirechat.adapters import ConversionWarning, SseEvent, get
from wirechat.stream import fold
from wirechat.transport.sse import iter_sse

__all__ = ["ADAPTER", "CORPUS", "Decoded", "body", "decode_stream", "events"]

ADAPTER = get("openai-responses")
CORPUS = Path(__file__).resolve().parents[3] / "conformance" / "recorded" / "openai-responses"


def body(name: str) -> dict[str, Any]:
    """A recorded JSON body (``name`` without the folder: ``vercel-openai-mcp-tool-approval-1.response.json``)."""
    value: dict[str, Any] = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    return value


def events(name: str) -> list[SseEvent]:
    """A recorded stream's server-sent events, as the transport parses them."""
    return list(iter_sse([(CORPUS / name).read_bytes()]))


class Decoded:
    """A recorded stream run through the adapter's stream decoder."""

    def __init__(self, name: str) -> None:
        decoder = ADAPTER.stream_decoder()
        self.sse = events(name)
        self.events = [out for event in self.sse for out in decoder.feed(event)] + decoder.close()
        self.warnings: list[ConversionWarning] = decoder.warnings
        self.final: dict[str, Any] | None = None  # the response object of the (first) terminal event
        self.after: list[str] = []  # the pointers of the events after it (a source that kept several calls)
        ended = False
        for n, event in enumerate(self.sse):
            if ended:
                self.after.append(f"/{n}")
                continue
            data = json.loads(event.data) if event.data.startswith("{") else None
            kind = data.get("type") if isinstance(data, dict) else None
            ended = kind in ("response.completed", "response.incomplete", "response.failed")
            if kind in ("response.completed", "response.incomplete"):
                self.final = data["response"]  # type: ignore[index]

    def fold(self) -> ChatResponse:
        return fold(self.events)

    def non_streamed(self) -> ChatResponse:
        """The non-streamed reading of the same call: the terminal event's response, decoded as a body."""
        assert self.final is not None, "the stream has no terminal response"
        return ADAPTER.decode_response(self.final)


def decode_stream(name: str) -> Decoded:
    return Decoded(name)
