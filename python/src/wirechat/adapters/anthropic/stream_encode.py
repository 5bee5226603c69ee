"""Canonical stream events -> Anthropic Messages events (the decoder is ``stream.StreamDecoder``).

``start`` opens the message (a ``message_start`` is made up if the stream has none); text, thinking and tool
calls become ``content_block_start`` / ``_delta`` / ``_stop`` at the next block index (block indices are
renumbered so the provider stream has no gaps); a text part's own citations (issuer ``anthropic``, with
their blocks) go out as ``citations_delta`` before its ``content_block_stop``; a ``part`` event holding a
call or a result Anthropic ran is its block, whole, in ``content_block_start``, then ``content_block_stop``.
Reasoning, provider-run parts and citations another API issued are not sent (the replay rule, spec sections
10 and 15); any other ``part`` event is refused. ``finish`` gives ``message_delta`` (stop reason, the last
usage) and ``message_stop``; ``error`` gives an ``error`` event.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    ErrorEvent,
    FinishEvent,
    PartEvent,
    ProviderToolCallPart,
    ProviderToolResultPart,
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
from wirechat.adapters._contract import ConversionRefused, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.anthropic import errors, finish, usage
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.shapes import PROVIDER

__all__ = ["StreamEncoder"]


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
            case TextEndEvent():
                return self._citations(event) + self._stop(event.index)
            case ReasoningEndEvent() | ToolCallEndEvent():
                return self._stop(event.index)
            case PartEvent():
                return self._part(event)
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

    def _citations(self, event: TextEndEvent) -> list[SseEvent]:
        out: list[SseEvent] = []
        for citation in [] if event.citations is MISSING else event.citations:
            if citation.issuer is not MISSING and citation.issuer == PROVIDER and citation.block is not MISSING:
                out += self._delta(event.index, {"type": "citations_delta", "citation": dict(citation.block)})
        return out

    def _part(self, event: PartEvent) -> list[SseEvent]:
        part = event.part
        if not isinstance(part, (ProviderToolCallPart, ProviderToolResultPart)):
            raise ConversionRefused("response.part_unsupported", MANIFEST.message("response.part_unsupported"))
        value = part.provider_tool_call if isinstance(part, ProviderToolCallPart) else part.provider_tool_result
        if value.issuer != PROVIDER or value.block is MISSING:
            self._skipped.add(event.index)  # another API's, or no block to write: not sent (spec section 15)
            return []
        return self._open(event.index, dict(value.block)) + self._stop(event.index)

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
