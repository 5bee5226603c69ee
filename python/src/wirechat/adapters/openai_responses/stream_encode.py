"""Canonical stream events -> OpenAI Responses stream events (``stream.StreamEncoder``).

Each canonical part becomes one output item, numbered in order (``output_index``): a text part an assistant
message item with one ``output_text`` content part, a tool call a ``function_call`` item, a reasoning part a
``reasoning`` item, a provider-run call its issuer's item (``block``, when OpenAI issued it: the replay rule;
a result without a block is in its call's item, so it writes nothing). A text part's citations that OpenAI
issued are its ``annotations``, a call read from a custom tool call finishes as one (its kind is known only at
its end: it is announced as a function call). Reasoning is held until its end event (its id, the signature,
and a split summary arrive last) and sent only when OpenAI issued it and its id is known (the replay rule);
the finish event becomes ``response.completed``, ``response.incomplete`` or ``response.failed`` with the
usage; an error event becomes an ``error`` event. Every event carries its ``sequence_number``.
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
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat.adapters._contract import ConversionRefused, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json, metadata_for
from wirechat.adapters._provider_run import citations_out, provider_part_out
from wirechat.adapters.openai_responses import errors, finish, usage
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.response import METADATA_KEYS, WRITTEN_WHEN_ABSENT, text_entry
from wirechat.adapters.openai_responses.shapes import PROVIDER, encode_function_call, encode_reasoning

__all__ = ["StreamEncoder"]


class StreamEncoder:
    """Canonical events -> Responses events (see the module docstring)."""

    def __init__(self) -> None:
        self._sequence = 0
        self._started = False
        self._id = ""
        self._model = ""
        self._positions: dict[int, int] = {}  # part index -> output_index
        self._texts: dict[int, list[str]] = {}  # text or arguments so far, per part index
        self._calls: dict[int, tuple[str, str]] = {}
        self._reasoning: dict[int, dict[str, Any]] = {}
        self._has_calls = False
        self._usage: TokenUsage | None = None
        self._conv = Conversion(MANIFEST)

    def _event(self, kind: str, body: dict[str, Any]) -> SseEvent:
        data = {"type": kind, **body, "sequence_number": self._sequence}
        self._sequence += 1
        return SseEvent(kind, compact_json(data))

    def _response(self, **fields: Any) -> dict[str, Any]:
        return {"id": self._id, "object": "response", "model": self._model, "output": [], **WRITTEN_WHEN_ABSENT,
                **fields}  # fmt: skip

    def _item_event(self, kind: str, index: int, item: dict[str, Any]) -> SseEvent:
        if index not in self._positions:
            self._positions[index] = len(self._positions)
        return self._event(kind, {"output_index": self._positions[index], "item": item})

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        prefix: list[SseEvent] = []
        if not self._started and not isinstance(event, StartEvent):
            prefix = self._start()
        return prefix + self._feed(event)

    def _start(self) -> list[SseEvent]:
        self._started = True
        return [self._event("response.created", {"response": self._response(status="in_progress")})]

    def _feed(self, event: StreamEvent) -> list[SseEvent]:
        match event:
            case StartEvent():
                self._id = "" if event.id is MISSING else event.id
                self._model = "" if event.model is MISSING else event.model
                return self._start()
            case TextStartEvent():
                self._texts[event.index] = []
                item = {"type": "message", "id": "", "role": "assistant", "status": "in_progress", "content": []}
                added = self._item_event("response.output_item.added", event.index, item)
                part = {"type": "output_text", "text": "", "annotations": []}
                return [added, self._event("response.content_part.added", {**self._at(event.index), "part": part})]
            case TextDeltaEvent():
                self._texts[event.index].append(event.text)
                return [self._event("response.output_text.delta", {**self._at(event.index), "delta": event.text})]
            case TextEndEvent():
                return self._text_done(event)
            case ToolCallStartEvent():
                self._has_calls = True
                self._texts[event.index] = []
                self._calls[event.index] = (event.id, event.name)
                item = {"type": "function_call", "id": "", "call_id": event.id, "name": event.name,
                        "arguments": "", "status": "in_progress"}  # fmt: skip
                return [self._item_event("response.output_item.added", event.index, item)]
            case ToolCallDeltaEvent():
                self._texts[event.index].append(event.arguments)
                body = {"item_id": "", "output_index": self._positions[event.index], "delta": event.arguments}
                return [self._event("response.function_call_arguments.delta", body)]
            case ToolCallEndEvent():
                return self._call_done(event)
            case ReasoningStartEvent():
                self._reasoning[event.index] = {k: getattr(event, k) for k in ("issuer", "redacted_data")
                                                if getattr(event, k) is not MISSING}  # fmt: skip
                return []
            case ReasoningDeltaEvent():
                held = self._reasoning[event.index]
                for key in ("text", "signature"):
                    if getattr(event, key) is not MISSING:
                        held[key] = held.get(key, "") + getattr(event, key)
                return []
            case ReasoningEndEvent():
                return self._reasoning_done(event)
            case PartEvent():
                run = event.part
                if not isinstance(run, (ProviderToolCallPart, ProviderToolResultPart)):
                    feature = "response.part_unsupported"
                    raise ConversionRefused(feature, MANIFEST.message(feature), where=f"/{event.index}/part")
                written = provider_part_out(run, f"/message/parts/{event.index}", self._conv, PROVIDER)
                if written is None:
                    return []
                return [self._item_event("response.output_item.added", event.index, written),
                        self._item_event("response.output_item.done", event.index, written)]  # fmt: skip
            case UsageEvent():
                self._usage = event.usage
                return []
            case FinishEvent():
                return self._finish(event)
            case ErrorEvent():
                return [
                    self._event("error", {k: v for k, v in errors.stream_error(event.error).items() if k != "type"})
                ]
            case _:
                assert_never(event)

    def _at(self, index: int) -> dict[str, Any]:
        return {"item_id": "", "output_index": self._positions[index], "content_index": 0}

    def _text_done(self, event: TextEndEvent) -> list[SseEvent]:
        text = "".join(self._texts.pop(event.index, []))
        own, _ = metadata_for(event.provider_metadata, PROVIDER)
        entry = text_entry(TextPart(text=text), own)
        out: list[SseEvent] = []
        where = f"/message/parts/{event.index}"
        for k, annotation in enumerate(citations_out(TextPart(text=text, citations=event.citations), where,
                                                     self._conv, PROVIDER)):  # fmt: skip
            entry["annotations"].append(annotation)
            body = {**self._at(event.index), "annotation_index": k, "annotation": annotation}
            out.append(self._event("response.output_text.annotation.added", body))
        item_id = own.get("item_id") if isinstance(own.get("item_id"), str) else ""
        status = own["status"] if isinstance(own.get("status"), str) else "completed"
        item = {"type": "message", "id": item_id, "role": "assistant", "status": status, "content": [entry]}
        if isinstance(own.get("phase"), str):
            item["phase"] = own["phase"]
        return [
            *out,
            self._event("response.output_text.done", {**self._at(event.index), "text": text}),
            self._event("response.content_part.done", {**self._at(event.index), "part": entry}),
            self._item_event("response.output_item.done", event.index, item),
        ]

    def _call_done(self, event: ToolCallEndEvent) -> list[SseEvent]:
        arguments = "".join(self._texts.pop(event.index, []))
        call_id, name = self._calls.pop(event.index)
        own, _ = metadata_for(event.provider_metadata, PROVIDER)
        item = {"id": "", "status": "completed",
                **encode_function_call(ToolCall(id=call_id, name=name, arguments=arguments), own)}  # fmt: skip
        done = {"item_id": item["id"], "output_index": self._positions[event.index], "arguments": arguments}
        return [self._event("response.function_call_arguments.done", done),
                self._item_event("response.output_item.done", event.index, item)]  # fmt: skip

    def _reasoning_done(self, event: ReasoningEndEvent) -> list[SseEvent]:
        held = self._reasoning.pop(event.index)
        metadata = {} if event.provider_metadata is MISSING else event.provider_metadata
        part = ReasoningPart(reasoning=Reasoning(**held), provider_metadata=metadata or MISSING)
        item = encode_reasoning(part, f"/message/parts/{event.index}", self._conv)
        if item is None:
            return []
        added = {**item, "summary": []} if item["type"] == "reasoning" else item  # a compaction item has none
        out = [self._item_event("response.output_item.added", event.index, added)]
        for k, summary in enumerate(item.get("summary", [])):
            at = {"item_id": item.get("id", ""), "output_index": self._positions[event.index], "summary_index": k}
            out.append(
                self._event(
                    "response.reasoning_summary_part.added", {**at, "part": {"type": "summary_text", "text": ""}}
                )
            )
            if summary["text"]:
                out.append(self._event("response.reasoning_summary_text.delta", {**at, "delta": summary["text"]}))
        return [*out, self._item_event("response.output_item.done", event.index, item)]

    def _finish(self, event: FinishEvent) -> list[SseEvent]:
        own, _ = metadata_for(event.provider_metadata, PROVIDER)
        raw = finish.encode(event.finish_reason, self._conv, has_tool_calls=self._has_calls)
        fields = finish.status_fields(raw)
        response = self._response(**fields, error=None)
        if self._usage is not None:
            response["usage"] = usage.encode(self._usage, self._conv, own.get("usage"))
        response.update({key: own[key] for key in METADATA_KEYS if key in own})
        kind = {"incomplete": "response.incomplete", "failed": "response.failed"}.get(
            fields.get("status", ""), "response.completed"
        )
        return [self._event(kind, {"response": response})]

    def close(self) -> list[SseEvent]:
        return []
