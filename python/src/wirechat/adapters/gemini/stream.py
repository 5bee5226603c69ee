"""Gemini streams (``:streamGenerateContent?alt=sse``) <-> canonical stream events.

Each SSE ``data:`` is a whole ``GenerateContentResponse`` holding only the new parts; there are no event
names and no end marker: the stream ends with the body, and ``close()`` gives ``finish`` when a chunk had a
``finishReason`` (an ``invalid_response`` error when none had: the stream was cut). Decoding:

- The first part of a chunk continues the part before it when both are plain text (no signature), or both
  thought text and the open thought has no signature yet; every other part starts a new canonical part
  (``shapes.decode_part``: a signature on a non-thought part is a reasoning part before it). A function
  call arrives whole (start, arguments, end at once); ids missing on the wire are ``gemini_call_<k>`` as in
  the non-streamed body.
- ``usageMetadata`` gives ``usage`` (the last one wins: Gemini's counts are not monotonic).
- ``{"error": {...}}`` gives ``error``; a chunk that is not JSON, not an object, or has none of the
  members of a response gives an ``invalid_response`` error, never an invented value.

Encoding sends one chunk per part, in index order, once the part has ended (a thought and its signature,
a function call, are whole on the wire), a leading empty text where a text follows a text (so that it is
not read as a continuation), and a last chunk with the finish reason and the usage.
"""

from __future__ import annotations

from typing import Any

import jiter
from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    ChatResponse,
    Error,
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
from wirechat._stream_events import text_delta, text_end, text_start
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.gemini import errors, finish, usage
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.response import decode_candidate, split_body
from wirechat.adapters.gemini.shapes import PROVIDER, encode_model_parts
from wirechat.adapters.gemini.stream_fast import text_piece
from wirechat.stream import fold

__all__ = ["StreamDecoder", "StreamEncoder"]

_RESPONSE_MEMBERS = frozenset({"candidates", "usageMetadata", "promptFeedback", "modelVersion", "responseId"})
_BODY_OWN = frozenset({"candidates", "usageMetadata", "modelVersion", "responseId"})
_CANDIDATE_PLAIN = frozenset({"content", "finishReason", "index"})


def _invalid(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class StreamDecoder:
    """Gemini chunks -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._next = 0  # the next part index
        self._open: tuple[int, str] | None = None  # (index, "text" | "thought" | "signed") of a continuable part
        self._calls = 0
        self._started = False
        self._usage: TokenUsage | None = None
        self._metadata: dict[str, Any] = {}
        self._finish: str | None = None
        self._has_calls = False
        self._done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, text: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, text))`` without the object (``EventPump`` calls this)."""
        if self._done:
            return []
        if self._started and self._open is not None and self._open[1] == "text":
            piece = text_piece(text)  # one more piece of the open text, read typed (stream_fast)
            if piece is not None:
                return [text_delta(self._open[0], piece)] if piece else []
        try:
            data = jiter.from_json(text.encode())
        except ValueError as exc:
            return self._fail(f"a stream chunk is not JSON: {exc}")
        if not isinstance(data, dict):
            return self._fail("a stream chunk is not a JSON object")
        if "error" in data:
            self._done = True
            error = errors.decode_error(None, {}, data)
            if self._usage is not None:
                error = error.model_copy(update={"usage": self._usage})
            return [ErrorEvent(error=error)]
        if _RESPONSE_MEMBERS.isdisjoint(data):
            return self._fail(f"a stream chunk has none of the members of a response: {sorted(data)[:5]}")
        try:
            return self._chunk(data)
        except ValueError as exc:
            return self._fail(f"a stream chunk could not be read: {exc}")

    def _fail(self, message: str) -> list[StreamEvent]:
        self._done = True
        return [_invalid(message, self._usage)]

    def _chunk(self, data: dict[str, Any]) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        if not self._started:
            self._started = True
            start = {key: data[name] for key, name in (("id", "responseId"), ("model", "modelVersion"))
                     if isinstance(data.get(name), str) and data[name]}  # fmt: skip
            out.append(StartEvent(**start))
        candidates = data.get("candidates")
        candidate: dict[str, Any] | None
        if type(candidates) is list and len(candidates) == 1 and type(candidates[0]) is dict \
                and _BODY_OWN.issuperset(data) and _CANDIDATE_PLAIN.issuperset(candidates[0]) \
                and candidates[0].get("index", 0) == 0:  # fmt: skip
            candidate = candidates[0]  # the usual chunk: nothing for provider_metadata
        else:
            candidate, metadata = split_body(data)
            self._metadata.update(metadata)
        if candidate is not None:
            content = candidate.get("content")
            raw_parts = content.get("parts") if isinstance(content, dict) else None
            if raw_parts is not None and not isinstance(raw_parts, list):
                raise ValueError("/candidates/0/content/parts: expected an array of parts")
            for j, raw in enumerate(raw_parts or ()):
                out += self._part(raw, j)
            if isinstance(candidate.get("finishReason"), str):
                self._finish = candidate["finishReason"]
        elif isinstance(data.get("promptFeedback"), dict) and isinstance(
            data["promptFeedback"].get("blockReason"), str
        ):
            self._finish = data["promptFeedback"]["blockReason"]  # a blocked prompt: no candidate will come
        if isinstance(data.get("usageMetadata"), dict):
            self._usage, extra = usage.decode(data["usageMetadata"])
            if extra:
                self._metadata["usage"] = extra
            else:
                self._metadata.pop("usage", None)
            out.append(UsageEvent(usage=self._usage))
        return out

    def _part(self, raw: Any, j: int) -> list[StreamEvent]:
        if not isinstance(raw, dict):
            raise ValueError(f"/candidates/0/content/parts/{j}: expected a part object")
        signed = "thoughtSignature" in raw
        thought = raw.get("thought") is True
        if j == 0 and self._open is not None and "text" in raw and isinstance(raw["text"], str):
            index, kind = self._open
            if kind == "text" and not thought and not signed:
                return [text_delta(index, raw["text"])] if raw["text"] else []
            if kind == "thought" and thought:
                fragment: dict[str, Any] = {"text": raw["text"]} if raw["text"] else {}
                if signed:
                    fragment["signature"] = raw["thoughtSignature"]
                    self._open = (index, "signed")
                return [ReasoningDeltaEvent(index=index, **fragment)] if fragment else []
        out = self._close_open()
        parts = decode_candidate({"content": {"parts": [raw]}}, "/candidates/0", self._calls)
        if "functionCall" in raw:
            self._calls += 1
        for part in parts:
            out += self._open_part(part, thought and not signed)
        return out

    def _close_open(self) -> list[StreamEvent]:
        if self._open is None:
            return []
        index, kind = self._open
        self._open = None
        return [text_end(index) if kind == "text" else ReasoningEndEvent(index=index)]

    def _open_part(self, part: dict[str, Any], unsigned_thought: bool) -> list[StreamEvent]:
        out = self._close_open()
        index = self._next
        self._next += 1
        kind = part["type"]
        if kind == "text":
            out += [text_start(index)] + ([text_delta(index, part["text"])] if part["text"] else [])
            self._open = (index, "text")
        elif kind == "reasoning":
            reasoning = part["reasoning"]
            start = {key: reasoning[key] for key in ("issuer", "redacted_data") if key in reasoning}
            out.append(ReasoningStartEvent(index=index, **start))
            fragment = {key: reasoning[key] for key in ("text", "signature") if key in reasoning}
            if fragment:
                out.append(ReasoningDeltaEvent(index=index, **fragment))
            if unsigned_thought:
                self._open = (index, "thought")
            else:
                out.append(ReasoningEndEvent(index=index))
        elif kind == "tool_call":
            call = part["tool_call"]
            self._has_calls = True
            out += [
                ToolCallStartEvent(index=index, id=call["id"], name=call["name"]),
                ToolCallDeltaEvent(index=index, arguments=call["arguments"]),
                ToolCallEndEvent(index=index),
            ]
        else:
            out.append(PartEvent(index=index, part=_part(part)))
        return out

    def close(self) -> list[StreamEvent]:
        """The end of the body: ``finish`` when a chunk gave a finish reason, else a cut-stream error."""
        if self._done:
            return []
        self._done = True
        if self._finish is None:
            return [_invalid("the stream ended before a chunk with a finishReason", self._usage)]
        out = self._close_open()
        reason = finish.decode(self._finish, has_tool_calls=self._has_calls)
        if self._metadata:
            return [*out, FinishEvent(finish_reason=reason, provider_metadata={PROVIDER: dict(self._metadata)})]
        return [*out, FinishEvent(finish_reason=reason)]


def _part(part: dict[str, Any]) -> Part:
    message = ChatResponse.model_validate({"message": {"role": "assistant", "parts": [part]},
                                           "finish_reason": {"kind": "other"}}).message  # fmt: skip
    return message.parts[0]


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
        last = parts[-1]
        carrier = last.get("text") == "" and "thoughtSignature" in last  # reads back as reasoning alone
        self._last_text = "text" in last and "thought" not in last and not carrier
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
