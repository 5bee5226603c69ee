"""Anthropic Messages streams <-> canonical stream events.

Decoding: ``message_start`` gives ``start`` (and the input-side usage); each ``content_block_start`` opens
the part at the block's index (thinking with issuer ``anthropic``; redacted thinking arrives whole);
``text_delta``, ``thinking_delta``, ``signature_delta`` and ``input_json_delta`` are fragments of that index
only; ``content_block_stop`` ends it; ``message_delta`` carries the stop reason and cumulative usage;
``message_stop`` gives ``finish``; ``ping`` is ignored; ``error`` (even after a 200) gives ``error``.
Tool input fragments are passed on without insignificant whitespace, so that the folded arguments equal
the compact JSON the non-streamed response decodes to; a tool with no input fragments gets ``{}``.
"""

from __future__ import annotations

from typing import Any

import jiter
from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    DataPart,
    Error,
    ErrorEvent,
    FinishEvent,
    PartEvent,
    ReasoningDeltaEvent,
    ReasoningEndEvent,
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
from wirechat._stream_events import reasoning_signature, reasoning_text, text_delta, tool_call_delta
from wirechat.adapters._contract import ConversionRefused, ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.anthropic import errors, finish, usage
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.shapes import PROVIDER, decode_block
from wirechat.adapters.anthropic.stream_fast import text_delta_of

__all__ = ["JsonCompactor", "StreamDecoder", "StreamEncoder"]

_WHITESPACE = frozenset(" \t\r\n")


class JsonCompactor:
    """Removes insignificant whitespace from JSON text that arrives in arbitrary fragments."""

    __slots__ = ("_escape", "_in_string")

    def __init__(self) -> None:
        self._in_string = False
        self._escape = False

    def feed(self, fragment: str) -> str:
        if not self._in_string and '"' not in fragment and not (_WHITESPACE & set(fragment)):
            return fragment
        out = []
        in_string, escape = self._in_string, self._escape
        for char in fragment:
            if in_string:
                out.append(char)
                if escape:
                    escape = False
                elif char == "\\":
                    escape = True
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
                out.append(char)
            elif char not in _WHITESPACE:
                out.append(char)
        self._in_string, self._escape = in_string, escape
        return "".join(out)


def _cut(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class StreamDecoder:
    """Anthropic events -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._kinds: dict[int, str] = {}
        self._compactors: dict[int, JsonCompactor] = {}
        self._sent_arguments: set[int] = set()
        self._citations: dict[int, list[Any]] = {}
        self._usage_raw: dict[str, Any] = {}
        self._usage: TokenUsage | None = None
        self._metadata: dict[str, Any] = {}
        self._stop_reason: str | None = None
        self._has_calls = False
        self._done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, text: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, text))`` without the object (``EventPump`` calls this)."""
        if self._done:
            return []
        if '"text_delta"' in text:  # most of a text stream: read typed when it is exactly that (stream_fast)
            delta = text_delta_of(text)
            if delta is not None:
                return [text_delta(*delta)]
        try:
            data = jiter.from_json(text.encode())
        except ValueError as exc:
            self._done = True
            return [_cut(f"a stream event is not JSON: {exc}", self._usage)]
        if not isinstance(data, dict):
            self._done = True
            return [_cut("a stream event is not a JSON object", self._usage)]
        kind: str | None = data.get("type") or event
        if kind == "content_block_delta":
            return self._delta(data)
        if kind == "content_block_start":
            return self._start_block(data)
        if kind == "content_block_stop":
            return self._stop_block(data)
        if kind == "message_start":
            return self._message_start(data)
        if kind == "message_delta":
            return self._message_delta(data)
        if kind == "message_stop":
            return self._message_stop()
        if kind == "error":
            self._done = True
            error = errors.decode_error(None, {}, data)
            if self._usage is not None:
                error = error.model_copy(update={"usage": self._usage})
            return [ErrorEvent(error=error)]
        return []  # ping, and event types newer than this adapter

    def _message_start(self, data: dict[str, Any]) -> list[StreamEvent]:
        message = data.get("message") or {}
        out: list[StreamEvent] = []
        start = {key: message[key] for key in ("id", "model") if isinstance(message.get(key), str) and message[key]}
        out.append(StartEvent(**start))
        if isinstance(message.get("usage"), dict):
            out += self._merge_usage(message["usage"])
        for key in ("container", "diagnostics"):
            if message.get(key) is not None:
                self._metadata[key] = message[key]
        return out

    def _merge_usage(self, raw: dict[str, Any]) -> list[StreamEvent]:
        self._usage_raw.update({key: value for key, value in raw.items() if value is not None})
        self._usage, extra = usage.decode(self._usage_raw)
        if extra:
            self._metadata["usage"] = extra
        else:
            self._metadata.pop("usage", None)
        return [UsageEvent(usage=self._usage)]

    def _start_block(self, data: dict[str, Any]) -> list[StreamEvent]:
        index = data.get("index", len(self._kinds))
        block = data.get("content_block") or {}
        kind = str(block.get("type"))
        self._kinds[index] = kind
        if kind == "text":
            out: list[StreamEvent] = [TextStartEvent(index=index)]
            if block.get("text"):
                out.append(TextDeltaEvent(index=index, text=block["text"]))
            if block.get("citations"):
                self._citations[index] = list(block["citations"])
            return out
        if kind == "thinking":
            out = [ReasoningStartEvent(index=index, issuer=PROVIDER)]
            if block.get("thinking") or block.get("signature"):
                fragment = {key: block[key] for key in ("signature",) if block.get(key)}
                if block.get("thinking"):
                    fragment["text"] = block["thinking"]
                out.append(ReasoningDeltaEvent(index=index, **fragment))
            return out
        if kind == "redacted_thinking":
            return [ReasoningStartEvent(index=index, issuer=PROVIDER, redacted_data=str(block.get("data")))]
        if kind == "tool_use":
            self._has_calls = True
            self._compactors[index] = JsonCompactor()
            call_id, name = block.get("id"), block.get("name")
            if not isinstance(call_id, str) or not call_id or not isinstance(name, str) or not name:
                missing = "id" if not isinstance(call_id, str) or not call_id else "name"
                raise ValueError(f"/content_block ({index}): a tool_use block has no {missing}")
            out = [ToolCallStartEvent(index=index, id=call_id, name=name)]
            if block.get("input"):
                self._sent_arguments.add(index)
                out.append(ToolCallDeltaEvent(index=index, arguments=compact_json(block["input"])))
            return out
        part = decode_block(block, f"/content/{index}")
        self._kinds[index] = "part"
        return [PartEvent(index=index, part=DataPart.model_validate(part))]

    def _delta(self, data: dict[str, Any]) -> list[StreamEvent]:
        index = data.get("index", 0)
        delta = data.get("delta") or {}
        kind = delta.get("type")
        if kind == "text_delta":
            return [text_delta(index, delta.get("text", ""))]
        if kind == "input_json_delta":
            compactor = self._compactors.get(index)
            fragment = delta.get("partial_json") or ""
            if compactor is not None:
                fragment = compactor.feed(fragment)
            if not fragment:
                return []
            self._sent_arguments.add(index)
            return [tool_call_delta(index, fragment)]
        if kind == "thinking_delta":
            text = delta.get("thinking") or ""
            return [reasoning_text(index, text)] if text else []
        if kind == "signature_delta":
            signature = delta.get("signature") or ""
            return [reasoning_signature(index, signature)] if signature else []
        if kind == "citations_delta":
            self._citations.setdefault(index, []).append(delta.get("citation"))
        return []

    def _stop_block(self, data: dict[str, Any]) -> list[StreamEvent]:
        index = data.get("index", 0)
        kind = self._kinds.get(index)
        if kind == "text":
            if index in self._citations:
                return [TextEndEvent(index=index, provider_metadata={PROVIDER: {"citations": self._citations[index]}})]
            return [TextEndEvent(index=index)]
        if kind in ("thinking", "redacted_thinking"):
            return [ReasoningEndEvent(index=index)]
        if kind == "tool_use":
            out: list[StreamEvent] = []
            if index not in self._sent_arguments:
                out.append(ToolCallDeltaEvent(index=index, arguments="{}"))
            return [*out, ToolCallEndEvent(index=index)]
        return []

    def _message_delta(self, data: dict[str, Any]) -> list[StreamEvent]:
        delta = data.get("delta") or {}
        if isinstance(delta.get("stop_reason"), str):
            self._stop_reason = delta["stop_reason"]
        for key in ("stop_sequence", "stop_details"):
            if delta.get(key) is not None:
                self._metadata[key] = delta[key]
        if isinstance(data.get("usage"), dict):
            return self._merge_usage(data["usage"])
        return []

    def _message_stop(self) -> list[StreamEvent]:
        self._done = True
        reason = finish.decode(self._stop_reason, has_tool_calls=self._has_calls)
        if self._metadata:
            return [FinishEvent(finish_reason=reason, provider_metadata={PROVIDER: dict(self._metadata)})]
        return [FinishEvent(finish_reason=reason)]

    def close(self) -> list[StreamEvent]:
        """A stream cut before ``message_stop`` ends in an error carrying the usage so far."""
        if self._done:
            return []
        self._done = True
        return [_cut("the stream ended before message_stop", self._usage)]


def _event(name: str, body: dict[str, Any]) -> SseEvent:
    return SseEvent(name, compact_json({"type": name, **body}))


class StreamEncoder:
    """Canonical events -> Anthropic events. Reasoning from other issuers is not sent (the replay rule);
    block indices are renumbered so the provider stream has no gaps."""

    def __init__(self) -> None:
        self._started = False
        self._blocks: dict[int, int] = {}
        self._skipped: set[int] = set()
        self._usage: TokenUsage | None = None
        self._conv = Conversion(MANIFEST)

    def _start(self, event_id: str = "", model: str = "") -> list[SseEvent]:
        self._started = True
        message: dict[str, Any] = {
            "id": event_id,
            "type": "message",
            "role": "assistant",
            "content": [],
            "model": model,
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 0, "output_tokens": 0},
        }
        return [_event("message_start", {"message": message})]

    def _open(self, index: int, block: dict[str, Any]) -> list[SseEvent]:
        self._blocks[index] = len(self._blocks)
        return [_event("content_block_start", {"index": self._blocks[index], "content_block": block})]

    def _delta(self, index: int, delta: dict[str, Any]) -> list[SseEvent]:
        if index in self._skipped:
            return []
        return [_event("content_block_delta", {"index": self._blocks[index], "delta": delta})]

    def _stop(self, index: int) -> list[SseEvent]:
        if index in self._skipped:
            return []
        return [_event("content_block_stop", {"index": self._blocks[index]})]

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        prefix: list[SseEvent] = []
        if not self._started and not isinstance(event, StartEvent):
            prefix = self._start()
        return prefix + self._feed(event)

    def _feed(self, event: StreamEvent) -> list[SseEvent]:
        match event:
            case StartEvent():
                return self._start(
                    "" if event.id is MISSING else event.id, "" if event.model is MISSING else event.model
                )
            case TextStartEvent():
                return self._open(event.index, {"type": "text", "text": ""})
            case TextDeltaEvent():
                return self._delta(event.index, {"type": "text_delta", "text": event.text})
            case ReasoningStartEvent():
                if event.issuer is MISSING or event.issuer != PROVIDER:
                    self._skipped.add(event.index)
                    return []
                if event.redacted_data is not MISSING:
                    return self._open(event.index, {"type": "redacted_thinking", "data": event.redacted_data})
                return self._open(event.index, {"type": "thinking", "thinking": "", "signature": ""})
            case ReasoningDeltaEvent():
                out: list[SseEvent] = []
                if event.text is not MISSING and event.text:
                    out += self._delta(event.index, {"type": "thinking_delta", "thinking": event.text})
                if event.signature is not MISSING and event.signature:
                    out += self._delta(event.index, {"type": "signature_delta", "signature": event.signature})
                return out
            case ToolCallStartEvent():
                block = {"type": "tool_use", "id": event.id, "name": event.name, "input": {}}
                return self._open(event.index, block)
            case ToolCallDeltaEvent():
                return self._delta(event.index, {"type": "input_json_delta", "partial_json": event.arguments})
            case TextEndEvent() | ReasoningEndEvent() | ToolCallEndEvent():
                return self._stop(event.index)
            case PartEvent():
                part = event.part
                own = {} if part.provider_metadata is MISSING else part.provider_metadata.get(PROVIDER, {})
                if isinstance(part, DataPart) and own.get("block") is True and isinstance(part.data.value, dict):
                    return self._open(event.index, dict(part.data.value)) + self._stop(event.index)
                raise ConversionRefused("response.part_unsupported", MANIFEST.message("response.part_unsupported"))
            case UsageEvent():
                self._usage = event.usage
                return []
            case FinishEvent():
                return self._finish(event)
            case ErrorEvent():
                _, _, body = errors.encode_error(event.error)
                return [SseEvent("error", compact_json(body))]
            case _:
                assert_never(event)

    def _finish(self, event: FinishEvent) -> list[SseEvent]:
        own: dict[str, Any] = {}
        if event.provider_metadata is not MISSING:
            own = dict(event.provider_metadata.get(PROVIDER, {}))
        delta: dict[str, Any] = {"stop_reason": finish.encode(event.finish_reason, self._conv)}
        for key in ("stop_sequence", "stop_details"):
            if key in own:
                delta[key] = own[key]
        body: dict[str, Any] = {"delta": delta}
        if self._usage is not None:
            body["usage"] = usage.encode(self._usage, self._conv, own.get("usage"))
        return [_event("message_delta", body), _event("message_stop", {})]

    def close(self) -> list[SseEvent]:
        return []
