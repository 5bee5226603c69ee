"""Canonical stream events -> Gemini stream chunks (``:streamGenerateContent?alt=sse``), the encoding half of
``stream``.

One chunk per part, in index order, once the part has ended (a thought and its signature, a function call,
a code execution part, an image are whole on the wire), a leading empty text where a text follows a text
and an empty thought where a thought follows an unsigned thought (so that it is not read as a continuation),
and a last chunk with the finish reason, the usage and the
candidate's kept members (``provider_metadata.gemini``). Opaque reasoning is held back and sent on the
part after it, as in a non-streamed body (``shapes.encode_model_parts``).
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    ErrorEvent,
    FinishEvent,
    FinishReason,
    Part,
    PartEvent,
    ReasoningDeltaEvent,
    ReasoningEndEvent,
    ReasoningPart,
    ReasoningStartEvent,
    StartEvent,
    StreamEvent,
    TextDeltaEvent,
    TextEndEvent,
    TextStartEvent,
    TokenUsage,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat.adapters._contract import SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.gemini import errors, finish, usage
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.shapes import PROVIDER, encode_model_parts
from wirechat.stream import fold

__all__ = ["StreamEncoder"]


def _chunk(body: dict[str, Any]) -> SseEvent:
    return SseEvent(None, compact_json(body))


class StreamEncoder:
    """Canonical events -> Gemini chunks (see the module docstring)."""

    def __init__(self) -> None:
        self._conv = Conversion(MANIFEST)
        self._events: list[StreamEvent] = []
        self._ends: dict[int, list[StreamEvent]] = {}
        self._sent = 0
        self._envelope: dict[str, Any] = {}
        self._usage: TokenUsage | None = None
        self._last_text = False
        self._last_thought = False  # the last part sent is an unsigned thought, which a thought would continue
        self._held: list[Part] = []

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        match event:
            case StartEvent():
                if event.id is not MISSING:
                    self._envelope["responseId"] = event.id
                if event.model is not MISSING:
                    self._envelope["modelVersion"] = event.model
                return []
            case TextStartEvent() | ReasoningStartEvent() | ToolCallStartEvent():
                self._ends[event.index] = [event]
                return []
            case TextDeltaEvent() | ReasoningDeltaEvent() | ToolCallDeltaEvent():
                self._ends[event.index].append(event)
                return []
            case TextEndEvent() | ReasoningEndEvent() | ToolCallEndEvent():
                self._ends[event.index].append(event)
                return self._flush()
            case PartEvent():
                self._ends[event.index] = [event]
                return self._flush()
            case UsageEvent():
                self._usage = event.usage
                return []
            case FinishEvent():
                return self._finish(event)
            case ErrorEvent():
                _, _, body = errors.encode_error(event.error)
                return [_chunk(body)]
            case _:
                assert_never(event)

    def _flush(self) -> list[SseEvent]:
        """Every part ended so far, in index order, each as one chunk."""
        out: list[SseEvent] = []
        while self._sent in self._ends and self._ended(self._ends[self._sent]):
            events = [event.model_copy(update={"index": 0}) for event in self._ends.pop(self._sent)]
            self._sent += 1
            part = fold([*events, FinishEvent(finish_reason=FinishReason(kind="other"))]).message.parts[0]
            if isinstance(part, ReasoningPart) and part.reasoning.redacted_data is not MISSING:
                self._held.append(part)  # opaque state: it goes on the next part when there is one
                continue
            out += self._send_parts([*self._held, part])
        return out

    def _send_parts(self, canonical: list[Part]) -> list[SseEvent]:
        self._held = []
        parts = encode_model_parts(canonical, "/message/parts", self._conv, reply=True)
        if not parts:
            return []
        first = parts[0]
        if self._last_text and "text" in first and "thought" not in first and "thoughtSignature" not in first:
            parts.insert(0, {"text": ""})
        elif self._last_thought and first.get("thought") is True:
            parts.insert(0, {"thought": True, "text": ""})  # continues the open thought with nothing
        last = parts[-1]
        carrier = last.get("text") == "" and "thoughtSignature" in last  # reads back as reasoning alone
        self._last_text = "text" in last and "thought" not in last and not carrier
        self._last_thought = last.get("thought") is True and "thoughtSignature" not in last
        return [self._send({"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}]})]

    @staticmethod
    def _ended(events: list[StreamEvent]) -> bool:
        return isinstance(events[-1], (TextEndEvent, ReasoningEndEvent, ToolCallEndEvent, PartEvent))

    def _send(self, body: dict[str, Any]) -> SseEvent:
        return _chunk({**body, **self._envelope})

    def _finish(self, event: FinishEvent) -> list[SseEvent]:
        own: dict[str, Any] = {}
        if event.provider_metadata is not MISSING:
            own = dict(event.provider_metadata.get(PROVIDER, {}))
        out: list[SseEvent] = self._send_parts(self._held) if self._held else []
        candidate: dict[str, Any] = {"finishReason": finish.encode(event.finish_reason, self._conv), "index": 0}
        candidate.update(own.pop("candidate", {}) or {})
        body: dict[str, Any] = {"candidates": [candidate, *(own.pop("candidates", []) or [])]}
        extra = own.pop("usage", None)
        if self._usage is not None:
            body["usageMetadata"] = usage.encode(self._usage, self._conv, extra)
        body.update(own)
        out.append(self._send(body))
        return out

    def close(self) -> list[SseEvent]:
        return []
