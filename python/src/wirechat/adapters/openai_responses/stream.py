"""OpenAI Responses streams -> canonical stream events (the encoder is in ``stream_encode``).

Decoding, event by event (the JSON ``type``; every event also has a ``sequence_number``): ``response.created``
gives ``start``; each output item gets part indices in order of appearance: an assistant message one per
content part (``response.content_part.added`` or its first ``response.output_text.delta`` /
``response.refusal.delta`` opens it, ``response.output_item.done`` ends it with the item id and the
annotations as citations), a function or custom tool call one (``response.output_item.added`` must carry
``call_id`` and ``name``; ``response.function_call_arguments.delta`` /
``response.custom_tool_call_input.delta`` fragments go to that item's part only, keyed by ``output_index``, so
parallel calls stay apart), a reasoning item one, read whole from ``response.output_item.done`` (issuer
``openai``; its id is the signature, its summaries or ``reasoning_text`` its text: ``shapes``): the canonical
start event carries the redacted data, and ``encrypted_content`` is final only there (an ``added`` event may
carry an earlier one), so summary and reasoning-text deltas are what the finished item repeats. A provider-run
item (``hosted``: web search, MCP, code interpreter...) arrives as ``part`` events when it is done, its call
and its result, as the non-streamed reading has them; its progress events (``.searching``,
``_arguments.delta``, ``.partial_image``...) are what the finished item carries. An item that ends without
having been added (a trimmed stream) is read whole at its end. ``response.completed`` /
``response.incomplete`` / ``response.failed`` give usage and ``finish`` (``response.failed`` with an error
gives ``error``); an ``error`` event gives ``error``. An event type this adapter does not know, an item type
it does not know, and a member it neither maps nor keeps are reported in ``warnings`` (feature
``provider.unmapped``, pointer ``/<n>/...``: the n-th event from 0, then into its data), never skipped without
a word; so is an event after the terminal one. An event that is not a JSON object with a ``type`` is not this
format and ends the stream as ``invalid_response``, as does a stream that stops before its terminal event.
"""

from __future__ import annotations

from typing import Any

import jiter

from wirechat._generated.models import (
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
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.openai_responses import errors, finish, usage
from wirechat.adapters.openai_responses.hosted import Pairing
from wirechat.adapters.openai_responses.manifest import MANIFEST
from wirechat.adapters.openai_responses.response import RESPONSE_SHAPE, metadata_of
from wirechat.adapters.openai_responses.shapes import (
    ECHO_EVENTS,
    EVENT_MEMBERS,
    PROVIDER,
    decode_function_call,
    decode_output_item,
    present_unmapped,
    progress_event,
)
from wirechat.adapters.openai_responses.stream_encode import StreamEncoder
from wirechat.adapters.openai_responses.stream_fast import text_delta_of

__all__ = ["StreamDecoder", "StreamEncoder"]

_TERMINAL = {"response.completed", "response.incomplete", "response.failed"}
_CALLS = ("function_call", "custom_tool_call")
_EVENT_SHAPE = dict.fromkeys(EVENT_MEMBERS)


def _cut(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class _Item:
    """One output item being streamed: its kind and the part indices it has opened."""

    __slots__ = ("annotations", "kind", "parts", "sent_arguments")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.parts: dict[int, int] = {}  # content_index (0 for non-message items) -> part index
        self.sent_arguments = False
        self.annotations: dict[int, list[Any]] = {}  # content_index -> annotations announced by events


class StreamDecoder:
    """Responses events -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._conv = Conversion(MANIFEST, self.warnings)
        self._items: dict[int, _Item] = {}
        self._pairing = Pairing()
        self._next_part = 0
        self._has_calls = False
        self._usage: TokenUsage | None = None
        self._done = False
        self._finished = False  # a terminal event arrived (after a cut, what follows is the cut's)
        self._event = -1  # the position of the event being read, for warnings' pointers

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, text: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, text))`` without the object (``EventPump`` calls this)."""
        self._event += 1
        if text[:1] != "{" and text.strip() == "[DONE]":
            return []
        if self._done:
            if self._finished:  # a response ended, and another event came: not part of it, reported
                self._conv.degrade("provider.unmapped", f"/{self._event}")
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
        if kind in ECHO_EVENTS or progress_event(kind):
            return []
        if kind != "error":
            for where in present_unmapped(data, f"/{self._event}", _EVENT_SHAPE):
                self._conv.degrade("provider.unmapped", where)
        return self._dispatch(kind, data)

    def _dispatch(self, kind: str, data: dict[str, Any]) -> list[StreamEvent]:
        if kind in ("response.output_text.delta", "response.content_part.added", "response.refusal.delta"):
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
        if kind in ("response.function_call_arguments.delta", "response.custom_tool_call_input.delta"):
            return self._arguments(data)
        if kind == "response.output_item.done":
            return self._item_done(data)
        if kind == "response.output_text.annotation.added":
            item = self._item(data)
            if item is not None and item.kind == "message":  # the finished item repeats them, as a rule
                item.annotations.setdefault(data.get("content_index", 0), []).append(data.get("annotation"))
            return []
        if kind in _TERMINAL:
            return self._terminal(data, kind)
        if kind == "error":
            self._done = True
            error = errors.decode_error(None, {}, data)
            return [ErrorEvent(error=error.model_copy(update={"usage": self._usage}) if self._usage else error)]
        self._conv.degrade("provider.unmapped", f"/{self._event}")  # an event type newer than this adapter
        return []

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
        kind = str(raw.get("type", "message"))
        item = self._items[position] = _Item(kind)
        if kind in _CALLS:
            call = decode_function_call(raw, f"/output/{position}")["tool_call"]
            self._has_calls = True
            return [ToolCallStartEvent(index=self._open(item), id=call["id"], name=call["name"])]
        return []  # a message opens with its content parts; reasoning and provider-run items arrive whole when done

    def _text(self, data: dict[str, Any], kind: str) -> list[StreamEvent]:
        item = self._item(data)
        if item is not None and item.kind == "reasoning" and kind == "response.content_part.added":
            return []  # a reasoning_text part: its text is read from the finished item
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
        if item is None or item.kind not in _CALLS:
            raise ValueError(f"/output_index: {data.get('output_index')!r} is not an open function_call item")
        delta = data.get("delta")
        if not isinstance(delta, str) or not delta:
            return []
        item.sent_arguments = True
        return [tool_call_delta(item.parts[0], delta)]

    def _item_done(self, data: dict[str, Any]) -> list[StreamEvent]:
        raw = data.get("item")
        position = data.get("output_index", -1)
        if not isinstance(raw, dict):
            raise ValueError(f"/output_index: response.output_item.done for {position!r} has no item object")
        out: list[StreamEvent] = []
        if position not in self._items:  # never added (a trimmed stream): read it whole here
            out += self._added({"output_index": position, "item": raw})
        item = self._items[position]
        where = f"/{self._event}/item"
        unmapped: list[str] = []
        if item.kind == "message":
            raw = self._with_announced(item, raw)
        parts = decode_output_item(raw, where, self._pairing, unmapped)  # as a reply's body reads it
        for at in unmapped:
            self._conv.degrade("provider.unmapped", at)
        if item.kind == "message":
            return out + self._message_done(item, parts)
        if item.kind in _CALLS:
            index, call = item.parts[0], parts[0]["tool_call"]
            if not item.sent_arguments and call["arguments"]:
                out.append(ToolCallDeltaEvent(index=index, arguments=call["arguments"]))
            return [*out, ToolCallEndEvent(index=index, **_metadata(parts[0]))]
        if item.kind in ("reasoning", "compaction"):
            return out + self._reasoning_done(item, parts[0])
        for part in parts:  # provider-run items, and types this adapter does not know (reported, no part)
            out.append(PartEvent.model_validate({"index": self._open(item, len(item.parts)), "part": part}))
        return out

    @staticmethod
    def _with_announced(item: _Item, raw: dict[str, Any]) -> dict[str, Any]:
        """The finished message item, with the annotations that events announced where it has none."""
        content = raw.get("content")
        if not isinstance(content, list) or not item.annotations:
            return raw
        entries = [
            {**entry, "annotations": item.annotations[k]}
            if isinstance(entry, dict) and not entry.get("annotations") and item.annotations.get(k)
            else entry
            for k, entry in enumerate(content)
        ]
        return {**raw, "content": entries}

    def _message_done(self, item: _Item, parts: list[dict[str, Any]]) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        for k, part in enumerate(parts):
            if k not in item.parts:
                out.append(TextStartEvent(index=self._open(item, k)))
                if part["text"]:
                    out.append(TextDeltaEvent(index=item.parts[k], text=part["text"]))
            end = {"citations": part["citations"]} if "citations" in part else {}
            out.append(TextEndEvent(index=item.parts[k], **end, **_metadata(part)))
        return out

    def _reasoning_done(self, item: _Item, part: dict[str, Any]) -> list[StreamEvent]:
        """The whole reasoning part, from the finished item: ``encrypted_content`` is final only there (an
        ``added`` event may carry an earlier one), and a start event carries the redacted data."""
        reasoning = part["reasoning"]
        start = {key: reasoning[key] for key in ("issuer", "redacted_data") if key in reasoning}
        index = self._open(item)
        out: list[StreamEvent] = [ReasoningStartEvent(index=index, **start)]
        if "text" in reasoning:
            out.append(ReasoningDeltaEvent(index=index, text=reasoning["text"]))
        if "signature" in reasoning:
            out.append(ReasoningDeltaEvent(index=index, signature=reasoning["signature"]))
        return [*out, ReasoningEndEvent(index=index, **_metadata(part))]

    def _terminal(self, data: dict[str, Any], kind: str) -> list[StreamEvent]:
        self._done = self._finished = True
        response = data.get("response")
        if not isinstance(response, dict):
            return [_cut(f"{kind} carries no response object", self._usage)]
        for where in present_unmapped(response, f"/{self._event}/response", RESPONSE_SHAPE):
            self._conv.degrade("provider.unmapped", where)
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
