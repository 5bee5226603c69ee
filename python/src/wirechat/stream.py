"""Fold a stream of events into the response it stands for (the fold law, spec section 9).

``StreamFold`` takes events one at a time, checks that the stream is well formed (each index started
once, deltas between its start and end, nothing after ``finish`` or ``error``) and keeps what arrived, so
that a failed or cut stream still yields its partial message and usage. ``fold`` is the one-call form.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    ChatResponse,
    Error,
    ErrorEvent,
    FinishEvent,
    FinishReason,
    Message,
    Part,
    PartEvent,
    ProviderMetadata,
    Reasoning,
    ReasoningDeltaEvent,
    ReasoningEndEvent,
    ReasoningPart,
    ReasoningStartEvent,
    StartEvent,
    StreamEvent,
    TextDeltaEvent,
    TextEndEvent,
    TextPart,
    TextStartEvent,
    TokenUsage,
    ToolCall,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallPart,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat.errors import WirechatError

__all__ = [
    "IncompleteStreamError",
    "MalformedStreamError",
    "StreamError",
    "StreamFailedError",
    "StreamFold",
    "events_from_response",
    "fold",
]


class StreamError(WirechatError, ValueError):
    """A stream that does not fold to a response; ``partial`` and ``usage`` hold what arrived."""

    def __init__(self, message: str, partial: Message, usage: TokenUsage | None) -> None:
        super().__init__(message)
        self.partial = partial
        self.usage = usage


class MalformedStreamError(StreamError):
    """The events break the stream rules (an index started twice, a delta with no start, ...)."""


class IncompleteStreamError(StreamError):
    """The stream ended without a ``finish`` event."""


class StreamFailedError(StreamError):
    """The stream ended with an ``error`` event; ``error`` is that event's error."""

    def __init__(self, error: Error, partial: Message, usage: TokenUsage | None) -> None:
        super().__init__(f"stream failed: {error.kind}: {error.message}", partial, usage)
        self.error = error


@dataclass
class _Pending:
    """A part being assembled from its events."""

    kind: str  # "text", "reasoning", "tool_call" or "part"
    ended: bool = False
    fragments: list[str] = field(default_factory=list)
    signature: list[str] = field(default_factory=list)
    has_text: bool = False
    fields: dict[str, Any] = field(default_factory=dict)
    metadata: ProviderMetadata | None = None
    whole: Part | None = None

    def build(self) -> Part:
        meta: dict[str, Any] = {} if self.metadata is None else {"provider_metadata": self.metadata}
        if self.kind == "text":
            return TextPart(text="".join(self.fragments), **self.fields, **meta)
        if self.kind == "reasoning":
            reasoning: dict[str, Any] = dict(self.fields)
            if self.has_text:
                reasoning["text"] = "".join(self.fragments)
            signature = "".join(self.signature)
            if signature:  # spec section 9: an empty signature is no signature
                reasoning["signature"] = signature
            return ReasoningPart(reasoning=Reasoning(**reasoning), **meta)
        if self.kind == "tool_call":
            call = ToolCall(arguments="".join(self.fragments), **self.fields)
            return ToolCallPart(tool_call=call, **meta)
        assert self.whole is not None
        return self.whole


class StreamFold:
    """Accumulates stream events; ``response()`` gives the folded ``ChatResponse``."""

    def __init__(self) -> None:
        self._parts: dict[int, _Pending] = {}
        self._usage: TokenUsage | None = None
        self._start: StartEvent | None = None
        self._finish: FinishEvent | None = None
        self._error: Error | None = None
        self._count = 0

    @property
    def usage(self) -> TokenUsage | None:
        """The usage reported so far (the last ``usage`` event), if any."""
        return self._usage

    def partial(self) -> Message:
        """The message as far as it arrived: the parts received so far, in index order."""
        return Message(role="assistant", parts=[self._parts[i].build() for i in sorted(self._parts)])

    def _fail(self, text: str) -> MalformedStreamError:
        return MalformedStreamError(f"event {self._count}: {text}", self.partial(), self._usage)

    def _open(self, index: int, kind: str) -> _Pending:
        if index in self._parts:
            raise self._fail(f"index {index} is started twice")
        pending = _Pending(kind)
        self._parts[index] = pending
        return pending

    def _get(self, index: int, kind: str, what: str) -> _Pending:
        pending = self._parts.get(index)
        if pending is None:
            raise self._fail(f"{what} for index {index}, which was never started")
        if pending.kind != kind:
            raise self._fail(f"{what} for index {index}, which is a {pending.kind} part")
        if pending.ended:
            raise self._fail(f"{what} for index {index}, which has already ended")
        return pending

    def add(self, event: StreamEvent) -> None:
        """Take the next event; raises ``MalformedStreamError`` if it breaks the stream rules."""
        self._count += 1
        if self._finish is not None or self._error is not None:
            raise self._fail(f"{event.type} after the stream's {'finish' if self._finish else 'error'}")
        # Deltas, most of a stream, first: one exact type test and one lookup; anything else, and a delta the
        # rules refuse, goes through the match below, which checks and says why.
        if type(event) is TextDeltaEvent:
            pending = self._parts.get(event.index)
            if pending is not None and not pending.ended and pending.kind == "text":
                pending.fragments.append(event.text)
                return
        elif type(event) is ToolCallDeltaEvent:
            pending = self._parts.get(event.index)
            if pending is not None and not pending.ended and pending.kind == "tool_call":
                pending.fragments.append(event.arguments)
                return
        self._add(event)

    def _add(self, event: StreamEvent) -> None:
        match event:
            case StartEvent():
                if self._start is not None or self._parts or self._usage is not None:
                    raise self._fail("start must come first, and once")
                self._start = event
            case TextStartEvent():
                self._open(event.index, "text")
            case TextDeltaEvent():
                self._get(event.index, "text", "text_delta").fragments.append(event.text)
            case ReasoningStartEvent():
                pending = self._open(event.index, "reasoning")
                for name in ("issuer", "redacted_data"):
                    if getattr(event, name) is not MISSING:
                        pending.fields[name] = getattr(event, name)
            case ReasoningDeltaEvent():
                pending = self._get(event.index, "reasoning", "reasoning_delta")
                if event.text is not MISSING:
                    pending.has_text = True
                    pending.fragments.append(event.text)
                if event.signature is not MISSING:
                    pending.signature.append(event.signature)
            case ToolCallStartEvent():
                self._open(event.index, "tool_call").fields = {"id": event.id, "name": event.name}
            case ToolCallDeltaEvent():
                self._get(event.index, "tool_call", "tool_call_delta").fragments.append(event.arguments)
            case TextEndEvent() | ReasoningEndEvent() | ToolCallEndEvent():
                kind = event.type.removesuffix("_end")
                pending = self._get(event.index, kind, event.type)
                pending.ended = True
                if event.provider_metadata is not MISSING:
                    pending.metadata = event.provider_metadata
                if isinstance(event, TextEndEvent) and event.citations is not MISSING:
                    pending.fields["citations"] = event.citations
            case PartEvent():
                pending = self._open(event.index, "part")
                pending.whole, pending.ended = event.part, True
            case UsageEvent():
                self._usage = event.usage
            case FinishEvent():
                self._finish = event
            case ErrorEvent():
                self._error = event.error
            case _:
                assert_never(event)

    def response(self) -> ChatResponse:
        """The folded response; raises ``StreamError`` when the stream failed, is cut or is malformed."""
        if self._error is not None:
            raise StreamFailedError(self._error, self.partial(), self._usage)
        if self._finish is None:
            raise IncompleteStreamError("the stream ended without a finish event", self.partial(), self._usage)
        open_parts = sorted(index for index, pending in self._parts.items() if not pending.ended)
        if open_parts:
            raise self._fail(f"the stream finished with parts still open: indices {open_parts}")
        if sorted(self._parts) != list(range(len(self._parts))):
            raise self._fail(f"part indices must be 0..n-1 without gaps, got {sorted(self._parts)}")
        return _response(self.partial(), self._finish.finish_reason, self._usage, self._start, self._finish)


def _response(
    message: Message, reason: FinishReason, usage: TokenUsage | None, start: StartEvent | None, finish: FinishEvent
) -> ChatResponse:
    fields: dict[str, Any] = {"message": message, "finish_reason": reason}
    if usage is not None:
        fields["usage"] = usage
    if start is not None:
        for name in ("id", "model"):
            if getattr(start, name) is not MISSING:
                fields[name] = getattr(start, name)
    if finish.provider_metadata is not MISSING:
        fields["provider_metadata"] = finish.provider_metadata
    return ChatResponse(**fields)


def fold(events: Iterable[StreamEvent]) -> ChatResponse:
    """Fold a whole stream into its ``ChatResponse`` (spec section 9)."""
    accumulator = StreamFold()
    for event in events:
        accumulator.add(event)
    return accumulator.response()


def _fragments(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or []


def events_from_response(response: ChatResponse, fragment_size: int = 16) -> list[StreamEvent]:
    """A well-formed stream that folds back to ``response``: text, reasoning and tool-call arguments cut
    into fragments of ``fragment_size`` characters. The response's message must be a plain assistant
    message (no id, name or provider_metadata of its own), as the fold law requires.
    """
    message = response.message
    if message.role != "assistant" or any(
        getattr(message, name) is not MISSING for name in ("id", "name", "provider_metadata")
    ):
        raise ValueError("only a plain assistant message (no id, name or provider_metadata) can be streamed")
    events: list[StreamEvent] = []
    start = {name: getattr(response, name) for name in ("id", "model") if getattr(response, name) is not MISSING}
    if start:
        events.append(StartEvent(**start))
    for index, part in enumerate(message.parts):
        end: dict[str, Any] = {"index": index}
        if part.provider_metadata is not MISSING:
            end["provider_metadata"] = part.provider_metadata
        match part:
            case TextPart():
                events.append(TextStartEvent(index=index))
                events += [TextDeltaEvent(index=index, text=piece) for piece in _fragments(part.text, fragment_size)]
                if part.citations is not MISSING:
                    end["citations"] = part.citations
                events.append(TextEndEvent(**end))
            case ReasoningPart():
                reasoning = part.reasoning
                opening = {
                    n: getattr(reasoning, n)
                    for n in ("issuer", "redacted_data")
                    if getattr(reasoning, n) is not MISSING
                }
                events.append(ReasoningStartEvent(index=index, **opening))
                if reasoning.text is not MISSING:
                    pieces = _fragments(reasoning.text, fragment_size) or [""]
                    events += [ReasoningDeltaEvent(index=index, text=piece) for piece in pieces]
                if reasoning.signature is not MISSING:
                    pieces = _fragments(reasoning.signature, fragment_size)
                    events += [ReasoningDeltaEvent(index=index, signature=piece) for piece in pieces]
                events.append(ReasoningEndEvent(**end))
            case ToolCallPart():
                call = part.tool_call
                events.append(ToolCallStartEvent(index=index, id=call.id, name=call.name))
                pieces = _fragments(call.arguments, fragment_size)
                events += [ToolCallDeltaEvent(index=index, arguments=piece) for piece in pieces]
                events.append(ToolCallEndEvent(**end))
            case _:
                events.append(PartEvent(index=index, part=part))
    if response.usage is not MISSING:
        events.append(UsageEvent(usage=response.usage))
    finish: dict[str, Any] = {"finish_reason": response.finish_reason}
    if response.provider_metadata is not MISSING:
        finish["provider_metadata"] = response.provider_metadata
    events.append(FinishEvent(**finish))
    return events
