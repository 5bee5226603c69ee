"""Canonical stream events -> OpenAI ``chat.completion.chunk`` SSE events (``stream.StreamEncoder``).

Text and tool-call fragments become deltas as they come; reasoning is not sent (Chat Completions streams
none). A text part's own citations (``text_end``) go out as a ``delta.annotations`` chunk, an audio part
read from OpenAI (a ``part`` event) as one ``delta.audio`` chunk; any other whole part has no place in a
Chat Completions stream (refused). The finish chunk carries what the finish event kept (``created``, the
dialect's body and choice members), then the ``usage`` chunk and ``[DONE]``.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import (
    AudioPart,
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
    TextPart,
    TextStartEvent,
    TokenUsage,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat.adapters._contract import SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.openai_chat import audio, citations, errors, finish, shapes, usage
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.shapes import OPENAI, PROVIDER, Dialect

__all__ = ["DONE", "StreamEncoder"]

DONE = "[DONE]"


class StreamEncoder:
    """Canonical events -> OpenAI chunks (see the module docstring)."""

    def __init__(self, dialect: Dialect = OPENAI) -> None:
        self._dialect = dialect
        self._id = ""
        self._model = ""
        self._calls: dict[int, int] = {}
        self._usage: TokenUsage | None = None
        self._conv = Conversion(MANIFEST)

    def _chunk(
        self,
        delta: dict[str, Any] | None,
        finish_reason: str | None = None,
        choice_extra: dict[str, Any] | None = None,
        **extra: Any,
    ) -> SseEvent:
        choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish_reason}]
        if choices and choice_extra:
            choices[0].update(choice_extra)
        body = {
            "id": self._id,
            "object": "chat.completion.chunk",
            "created": extra.pop("created", 0),
            "model": self._model,
            "choices": choices,
            **extra,
        }
        return SseEvent(None, compact_json(body))

    def delta(self, delta: dict[str, Any]) -> SseEvent:
        """A chunk of choice 0 holding ``delta`` (a wrapping encoder writes its server's own members so)."""
        return self._chunk(delta)

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        match event:
            case StartEvent():
                self._id = "" if event.id is MISSING else event.id
                self._model = "" if event.model is MISSING else event.model
                return [self._chunk({"role": "assistant"})]
            case TextDeltaEvent():
                return [self._chunk({"content": event.text})]
            case ToolCallStartEvent():
                self._calls[event.index] = len(self._calls)
                opening = shapes.stream_call_opening(self._calls[event.index], event.id, event.name)
                return [self._chunk({"tool_calls": [opening]})]
            case ToolCallDeltaEvent():
                key = self._calls[event.index]
                return [self._chunk({"tool_calls": [shapes.stream_call_arguments(key, event.arguments)]})]
            case TextEndEvent():
                return self._annotations(event)
            case (
                TextStartEvent()
                | ToolCallEndEvent()
                | ReasoningStartEvent()
                | ReasoningDeltaEvent()
                | ReasoningEndEvent()
            ):
                return []
            case PartEvent():
                if not isinstance(event.part, AudioPart):
                    raise self._conv.refuse("response.part_unsupported", f"/parts/{event.index}")
                sound = audio.encode_audio(event.part, f"/parts/{event.index}", self._conv)
                return [self._chunk({"audio": sound})]
            case UsageEvent():
                self._usage = event.usage
                return []
            case FinishEvent():
                return self._finish(event)
            case ErrorEvent():
                _, _, body = errors.encode_error(event.error)
                return [SseEvent(None, compact_json(body))]
            case _:
                assert_never(event)

    def _annotations(self, event: TextEndEvent) -> list[SseEvent]:
        if event.citations is MISSING:
            return []
        stand_in = TextPart(text="", citations=event.citations)
        found = citations.encode_annotations(stand_in, f"/parts/{event.index}", self._conv, self._dialect.issuer)
        return [self._chunk({"annotations": found})] if found else []

    def _finish(self, event: FinishEvent) -> list[SseEvent]:
        own: dict[str, Any] = {}
        if event.provider_metadata is not MISSING:
            own = dict(event.provider_metadata.get(PROVIDER, {}))
        extra = {key: own[key] for key in self._dialect.kept_body if key in own}
        if "created" in own:
            extra["created"] = own["created"]
        choice_extra = {key: own[key] for key in self._dialect.kept_choice if key in own and key != "logprobs"}
        raw = finish.encode(event.finish_reason, self._conv)
        out = [self._chunk({}, raw, choice_extra, **extra)]
        if self._usage is not None:
            body = usage.encode(self._usage, self._conv, own.get("usage"))
            out.append(self._chunk(None, usage=body, **extra))
        out.append(SseEvent(None, DONE))
        return out

    def close(self) -> list[SseEvent]:
        return []
