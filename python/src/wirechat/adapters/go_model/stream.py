"""Streams: a go-model stream <-> canonical ``StreamEvent``s.

The SDK streams ``StreamChunk``s (``role``, ``content``, ``tool_calls`` with whole calls, and
``finish_reason``, all ``omitempty``) and reports usage as a ``TokenUsage`` beside them. As server-sent
events (or NDJSON lines ``{"event", "data"}`` for ``wirechat convert``) a chunk is an event with no name
(or ``chunk``) and the chunk as data, usage is the event ``usage`` with a TokenUsage, and a failure is the
event ``error`` with ``{"error": message}``.

Decoding: a run of content is one text part; each tool call is one part (start, its whole arguments,
end); the finish waits for the end of the stream, so that usage that arrives after it still comes first.
"""

from __future__ import annotations

import json
from typing import Any

from wirechat._generated.models import StreamEvent
from wirechat.adapters import ConversionWarning, SseEvent
from wirechat.adapters.go_model.conversion import Conversion, compact, expect_members, read_object, read_string
from wirechat.adapters.go_model.manifest import MANIFEST
from wirechat.adapters.go_model.parts import reasoning_feature, tool_call_to_wirechat
from wirechat.adapters.go_model.response import finish_from_wirechat, finish_to_wirechat
from wirechat.adapters.go_model.usage import usage_from_wirechat, usage_to_wirechat
from wirechat.codec import decode, encode

__all__ = ["StreamDecoder", "StreamEncoder"]


def _event(document: dict[str, Any]) -> StreamEvent:
    return decode(json.dumps(document).encode(), StreamEvent)  # type: ignore[no-any-return]


class StreamDecoder:
    """go-model stream events -> canonical events, one response at a time."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self.next_index = 0
        self.open_text: int | None = None
        self.has_calls = False
        self.finish: str | None = None
        self.count = 0
        self.done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        self.count += 1
        where = f"event {self.count}"
        if self.done:
            raise ValueError(f"{where}: an event after the stream's error")
        try:
            data = json.loads(event.data)
        except ValueError as exc:
            raise ValueError(f"{where}: data is not JSON ({exc})") from None
        if event.event == "usage":
            return [_event({"type": "usage", "usage": usage_to_wirechat(data, where)})]
        if event.event == "error":
            self.done = True
            message = data.get("error") if isinstance(data, dict) else None
            if not isinstance(message, str) or not message:
                message = "stream failed"
            error = {"kind": "provider", "message": message, "retryable": True}
            return [*self._close_text(), _event({"type": "error", "error": error})]
        if event.event not in (None, "chunk"):
            raise ValueError(f"{where}: unknown event {event.event!r} (chunk, usage or error)")
        return self._chunk(read_object(data, where), where)

    def _chunk(self, chunk: dict[str, Any], where: str) -> list[StreamEvent]:
        expect_members(chunk, ("role", "content", "tool_calls", "finish_reason"), where, "StreamChunk")
        role = read_string(chunk, "role", where)
        if role not in (None, "", "assistant"):
            raise ValueError(f"{where}/role: a streamed reply is the assistant's, got {role!r}")
        out: list[dict[str, Any]] = []
        content = read_string(chunk, "content", where)
        if content:
            if self.open_text is None:
                self.open_text = self.next_index
                self.next_index += 1
                out.append({"type": "text_start", "index": self.open_text})
            out.append({"type": "text_delta", "index": self.open_text, "text": content})
        calls = chunk.get("tool_calls") or []
        if not isinstance(calls, list):
            raise ValueError(f"{where}/tool_calls: expected an array")
        if calls:
            out += self._text_end()
        for number, value in enumerate(calls):
            call = tool_call_to_wirechat(
                read_object(value, f"{where}/tool_calls/{number}"), f"{where}/tool_calls/{number}"
            )
            index, self.next_index, self.has_calls = self.next_index, self.next_index + 1, True
            out.append({"type": "tool_call_start", "index": index, "id": call["id"], "name": call["name"]})
            if call["arguments"]:
                out.append({"type": "tool_call_delta", "index": index, "arguments": call["arguments"]})
            out.append({"type": "tool_call_end", "index": index})
        finish = read_string(chunk, "finish_reason", where)
        if finish is not None:
            self.finish = finish
        return [_event(document) for document in out]

    def _text_end(self) -> list[dict[str, Any]]:
        if self.open_text is None:
            return []
        index, self.open_text = self.open_text, None
        return [{"type": "text_end", "index": index}]

    def _close_text(self) -> list[StreamEvent]:
        return [_event(document) for document in self._text_end()]

    def close(self) -> list[StreamEvent]:
        if self.done:
            return []
        self.done = True
        out = self._close_text()
        if self.finish is None:
            error = {
                "kind": "invalid_response",
                "message": "the stream ended without a finish_reason",
                "retryable": False,
            }
            return [*out, _event({"type": "error", "error": error})]
        reason = finish_to_wirechat(self.finish, self.has_calls)
        return [*out, _event({"type": "finish", "finish_reason": reason})]


class StreamEncoder:
    """Canonical events -> go-model stream events. Reasoning, the start event's id and model, and
    provider data have no StreamChunk member and are dropped; a whole ``part`` (image, file ...) is
    refused. ``warnings`` collects the degradations."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self.conv = Conversion(MANIFEST, self.warnings)
        self.calls: dict[int, dict[str, str]] = {}
        self.reasoning: dict[int, dict[str, Any]] = {}

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        plain = json.loads(encode(event))
        kind = plain["type"]
        where = f"/{kind}/{plain['index']}" if "index" in plain else f"/{kind}"
        if kind.endswith("_end") and plain.get("provider_metadata"):
            self.conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        if kind == "start":
            for member in ("id", "model"):
                if member in plain:
                    self.conv.degrade(f"response.{member}", f"{where}/{member}")
        elif kind == "text_delta" and plain["text"]:
            return [SseEvent(None, compact({"content": plain["text"]}))]
        if kind == "tool_call_start":
            self.calls[plain["index"]] = {"id": plain["id"], "name": plain["name"], "arguments": ""}
        elif kind == "tool_call_delta":
            self.calls[plain["index"]]["arguments"] += plain["arguments"]
        elif kind == "tool_call_end":
            return [SseEvent(None, compact({"tool_calls": [self.calls.pop(plain["index"])]}))]
        elif kind == "reasoning_start":
            self.reasoning[plain["index"]] = {k: plain[k] for k in ("issuer", "redacted_data") if k in plain}
        elif kind == "reasoning_delta":
            state = self.reasoning[plain["index"]]
            for member in ("text", "signature"):
                if member in plain:
                    state[member] = state.get(member, "") + plain[member]
        elif kind == "reasoning_end":
            self.conv.degrade(reasoning_feature(self.reasoning.pop(plain["index"])), where)
        elif kind == "part":
            raise self.conv.refuse("response.part_unsupported", f"/index/{plain['index']}")
        elif kind == "usage":
            return [SseEvent("usage", compact(usage_from_wirechat(plain["usage"], "/usage", self.conv)))]
        elif kind == "finish":
            if plain.get("provider_metadata"):
                self.conv.degrade("response.provider_metadata.foreign", f"{where}/provider_metadata")
            raw = finish_from_wirechat(plain["finish_reason"], self.conv, "/finish_reason")
            return [SseEvent(None, compact({"finish_reason": raw}))]
        elif kind == "error":
            return [SseEvent("error", compact({"error": plain["error"]["message"]}))]
        return []

    def close(self) -> list[SseEvent]:
        return []
