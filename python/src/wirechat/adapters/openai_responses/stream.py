"""OpenAI Responses streams -> canonical stream events (the encoder is in ``stream_encode``).

Decoding, event by event (the JSON ``type``; every event also has a ``sequence_number``):
``response.created`` gives ``start``; each output item gets part indices in order of appearance:
an assistant message one per content part (``response.content_part.added`` or its first
``response.output_text.delta`` / ``response.refusal.delta`` opens it, ``response.output_item.done`` ends it
with the item id and annotations), a function call one (``response.output_item.added`` must carry
``call_id`` and ``name``; ``response.function_call_arguments.delta`` fragments go to that item's part only,
keyed by ``output_index``, so parallel calls stay apart), a reasoning item one (issuer ``openai``; its id is
the signature; summary deltas are its text, summaries joined by a blank line). A reasoning item whose
``encrypted_content`` is not in ``response.output_item.added`` is held until ``response.output_item.done``
(the canonical start event carries the redacted data). Other item types arrive whole as data parts.
``response.completed`` / ``response.incomplete`` / ``response.failed`` give usage and ``finish``
(``response.failed`` with an error gives ``error``); an ``error`` event gives ``error``. Unknown event
types are skipped (the API adds new ones); an event that is not a JSON object with a ``type`` is not this
format and ends the stream as ``invalid_response``, as does a stream that stops before its terminal event.
"""

from __future__ import annotations

from typing import Any

import jiter

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
from wirechat._stream_events import text_delta, text_start, tool_call_delta
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters.openai_responses import errors, finish, usage
from wirechat.adapters.openai_responses.response import metadata_of
from wirechat.adapters.openai_responses.shapes import (
    PROVIDER,
    SUMMARY_JOIN,
    decode_function_call,
    decode_output_item,
    decode_reasoning,
    output_text,
)
from wirechat.adapters.openai_responses.stream_encode import StreamEncoder
from wirechat.adapters.openai_responses.stream_fast import text_delta_of

__all__ = ["StreamDecoder", "StreamEncoder"]

_TERMINAL = {"response.completed", "response.incomplete", "response.failed"}


def _cut(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class _Item:
    """One output item being streamed: its kind and the part indices it has opened."""

    __slots__ = ("held", "kind", "parts", "sent_arguments", "signed", "summaries")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.parts: dict[int, int] = {}  # content_index (0 for non-message items) -> part index
        self.sent_arguments = False
        self.signed = False
        self.held: list[str] | None = None  # summary fragments of a reasoning item held until done
        self.summaries = 0


class StreamDecoder:
    """Responses events -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._items: dict[int, _Item] = {}
        self._next_part = 0
        self._has_calls = False
        self._usage: TokenUsage | None = None
        self._done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, text: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, text))`` without the object (``EventPump`` calls this)."""
        if self._done or (text[:1] != "{" and text.strip() == "[DONE]"):
            return []
        if '"response.output_text.delta"' in text:  # most of a stream: read typed when exactly that (stream_fast)
            fast = text_delta_of(text)
            if fast is not None:
                item = self._items.get(fast[0])
                if item is not None and item.kind == "message" and fast[1] in item.parts:
                    return [text_delta(item.parts[fast[1]], fast[2])] if fast[2] else []
        try:
            data = jiter.from_json(text.encode())
        except ValueError as exc:
            self._done = True
            return [_cut(f"a stream event is not JSON: {exc}", self._usage)]
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            self._done = True
            return [_cut("a stream event is not a Responses event (a JSON object with a type)", self._usage)]
        kind: str = data["type"]
        if kind == "response.output_text.delta":  # most of a stream
            return self._text(data, kind)
        if kind == "response.created":
            response = data.get("response") or {}
            return [
                StartEvent(
                    **{k: response[k] for k in ("id", "model") if isinstance(response.get(k), str) and response[k]}
                )
            ]
        if kind == "response.output_item.added":
            return self._added(data)
        if kind in ("response.content_part.added", "response.output_text.delta", "response.refusal.delta"):
            return self._text(data, kind)
        if kind == "response.function_call_arguments.delta":
            return self._arguments(data)
        if kind == "response.reasoning_summary_part.added":
            return self._summary_part(data)
        if kind == "response.reasoning_summary_text.delta":
            return self._summary_delta(data)
        if kind == "response.output_item.done":
            return self._item_done(data)
        if kind in _TERMINAL:
            return self._terminal(data, kind)
        if kind == "error":
            self._done = True
            error = errors.decode_error(None, {}, data)
            return [ErrorEvent(error=error.model_copy(update={"usage": self._usage}) if self._usage else error)]
        return []  # response.in_progress, *.done echoes, annotations, and event types newer than this adapter

    def _open(self, item: _Item, content_index: int = 0) -> int:
        index = item.parts[content_index] = self._next_part
        self._next_part += 1
        return index

    def _item(self, data: dict[str, Any]) -> _Item | None:
        return self._items.get(data.get("output_index", -1))

    def _added(self, data: dict[str, Any]) -> list[StreamEvent]:
        raw = data.get("item")
        if not isinstance(raw, dict):
            raise ValueError("/item: response.output_item.added has no item object")
        position = data.get("output_index", len(self._items))
        kind = str(raw.get("type"))
        item = self._items[position] = _Item(kind)
        if kind == "function_call":
            call = decode_function_call(raw, f"/output/{position}")["tool_call"]
            self._has_calls = True
            return [ToolCallStartEvent(index=self._open(item), id=call["id"], name=call["name"])]
        if kind == "reasoning":
            if not raw.get("encrypted_content"):
                item.held = []
                return []
            out: list[StreamEvent] = [ReasoningStartEvent(index=self._open(item), issuer=PROVIDER,
                                                          redacted_data=raw["encrypted_content"])]  # fmt: skip
            return out + self._sign(item, raw)
        return []

    def _sign(self, item: _Item, raw: dict[str, Any]) -> list[StreamEvent]:
        if item.signed or not isinstance(raw.get("id"), str) or not raw["id"]:
            return []
        item.signed = True
        return [ReasoningDeltaEvent(index=item.parts[0], signature=raw["id"])]

    def _text(self, data: dict[str, Any], kind: str) -> list[StreamEvent]:
        item = self._item(data)
        if item is None or item.kind != "message":
            raise ValueError(f"{kind}: output_index {data.get('output_index')!r} is not an open message item")
        content_index = data.get("content_index", 0)
        out: list[StreamEvent] = []
        if content_index not in item.parts:
            out.append(text_start(self._open(item, content_index)))
        delta = data.get("delta")
        if kind != "response.content_part.added" and isinstance(delta, str) and delta:
            out.append(text_delta(item.parts[content_index], delta))
        return out

    def _arguments(self, data: dict[str, Any]) -> list[StreamEvent]:
        item = self._item(data)
        if item is None or item.kind != "function_call":
            raise ValueError(f"/output_index: {data.get('output_index')!r} is not an open function_call item")
        delta = data.get("delta")
        if not isinstance(delta, str) or not delta:
            return []
        item.sent_arguments = True
        return [tool_call_delta(item.parts[0], delta)]

    def _summaries_upto(self, item: _Item, data: dict[str, Any]) -> list[str]:
        """The text fragments that open the summaries up to this event's ``summary_index``: nothing for
        the first (an empty text, so that an empty summary still reads as text), a blank line before others."""
        index = data.get("summary_index", 0)
        fragments = []
        while isinstance(index, int) and item.summaries <= index:
            fragments.append(SUMMARY_JOIN if item.summaries else "")
            item.summaries += 1
        return fragments

    def _reasoning_text(self, item: _Item, fragments: list[str]) -> list[StreamEvent]:
        if item.held is not None:
            item.held += fragments
            return []
        return [ReasoningDeltaEvent(index=item.parts[0], text=fragment) for fragment in fragments]

    def _summary_part(self, data: dict[str, Any]) -> list[StreamEvent]:
        item = self._item(data)
        if item is None or item.kind != "reasoning":
            return []
        return self._reasoning_text(item, self._summaries_upto(item, data))

    def _summary_delta(self, data: dict[str, Any]) -> list[StreamEvent]:
        item = self._item(data)
        delta = data.get("delta")
        if item is None or item.kind != "reasoning" or not isinstance(delta, str):
            return []
        fragments = self._summaries_upto(item, data)
        return self._reasoning_text(item, [*fragments, delta] if delta else fragments)

    def _item_done(self, data: dict[str, Any]) -> list[StreamEvent]:
        raw = data.get("item")
        position = data.get("output_index", -1)
        item = self._items.get(position)
        if not isinstance(raw, dict) or item is None:
            raise ValueError(f"/output_index: response.output_item.done for {position!r}, which was never added")
        where = f"/output/{position}"
        if item.kind == "message":
            return self._message_done(item, raw, where)
        if item.kind == "function_call":
            part = decode_function_call(raw, where)
            index = item.parts[0]
            out: list[StreamEvent] = []
            if not item.sent_arguments and part["tool_call"]["arguments"]:
                out.append(ToolCallDeltaEvent(index=index, arguments=part["tool_call"]["arguments"]))
            return [*out, ToolCallEndEvent(index=index, **_metadata(part))]
        if item.kind == "reasoning":
            return self._reasoning_done(item, raw, where)
        part = decode_output_item(raw, where)[0]
        return [PartEvent(index=self._open(item), part=DataPart.model_validate(part))]

    def _message_done(self, item: _Item, raw: dict[str, Any], where: str) -> list[StreamEvent]:
        item_id = str(raw["id"]) if isinstance(raw.get("id"), str) else ""
        out: list[StreamEvent] = []
        for k, entry in enumerate(raw.get("content") or []):
            part = output_text(item_id, entry, f"{where}/content/{k}")
            if k not in item.parts:
                out.append(TextStartEvent(index=self._open(item, k)))
                if part["text"]:
                    out.append(TextDeltaEvent(index=item.parts[k], text=part["text"]))
            out.append(TextEndEvent(index=item.parts[k], **_metadata(part)))
        return out

    def _reasoning_done(self, item: _Item, raw: dict[str, Any], where: str) -> list[StreamEvent]:
        part = decode_reasoning(raw, where)
        reasoning = part["reasoning"]
        out: list[StreamEvent] = []
        if item.held is not None:  # held until now: everything in one go, from the finished item
            start: dict[str, Any] = {"issuer": PROVIDER}
            if "redacted_data" in reasoning:
                start["redacted_data"] = reasoning["redacted_data"]
            out.append(ReasoningStartEvent(index=self._open(item), **start))
            if "text" in reasoning:
                out.append(ReasoningDeltaEvent(index=item.parts[0], text=reasoning["text"]))
        elif not item.summaries and "text" in reasoning:
            out.append(ReasoningDeltaEvent(index=item.parts[0], text=reasoning["text"]))
        out += self._sign(item, raw)
        return [*out, ReasoningEndEvent(index=item.parts[0], **_metadata(part))]

    def _terminal(self, data: dict[str, Any], kind: str) -> list[StreamEvent]:
        self._done = True
        response = data.get("response")
        if not isinstance(response, dict):
            return [_cut(f"{kind} carries no response object", self._usage)]
        out: list[StreamEvent] = []
        metadata = metadata_of(response)
        if isinstance(response.get("usage"), dict):
            self._usage, extra = usage.decode(response["usage"], "/response/usage")
            out.append(UsageEvent(usage=self._usage))
            if extra:
                metadata["usage"] = extra
        if kind == "response.failed" and isinstance(response.get("error"), dict):
            error = errors.decode_error(None, {}, {"error": response["error"]})
            return [*out, ErrorEvent(error=error.model_copy(update={"usage": self._usage}) if self._usage else error)]
        reason = finish.decode(finish.raw_of(response, "/response"), has_tool_calls=self._has_calls)
        if metadata:
            return [*out, FinishEvent(finish_reason=reason, provider_metadata={PROVIDER: metadata})]
        return [*out, FinishEvent(finish_reason=reason)]

    def close(self) -> list[StreamEvent]:
        """A stream cut before its terminal event ends in an error carrying the usage so far."""
        if self._done:
            return []
        self._done = True
        return [_cut("the stream ended before response.completed (or incomplete, or failed)", self._usage)]


def _metadata(part: dict[str, Any]) -> dict[str, Any]:
    return {"provider_metadata": part["provider_metadata"]} if "provider_metadata" in part else {}
