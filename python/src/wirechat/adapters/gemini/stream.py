"""Gemini streams (``:streamGenerateContent?alt=sse``) <-> canonical stream events.

Each SSE ``data:`` is a whole ``GenerateContentResponse`` holding only the new parts; there are no event
names and no end marker: the stream ends with the body, and ``close()`` gives ``finish`` when a chunk had a
``finishReason`` (an ``invalid_response`` error when none had: the stream was cut). Decoding:

- The first part of a chunk continues the part before it when both are plain text (no signature), or both
  thought text and the open thought has no signature yet; every other part starts a new canonical part
  (``shapes.decode_part``: a signature on a non-thought part is a reasoning part before it). A function
  call arrives whole (start, arguments, end at once), or streamed (``willContinue``, ``partialArgs``:
  ``partial_args``), then it starts when it opens and its arguments come whole when it closes; ids missing
  on the wire are ``gemini_call_<k>`` and ``gemini_code_<k>`` as in the non-streamed body. Code execution
  parts and media are ``part`` events.
- ``usageMetadata`` gives ``usage`` (the last one wins: Gemini's counts are not monotonic). The candidate's
  other members and the body's are kept for the ``finish`` event's ``provider_metadata``, merged member by
  member over the chunks; a member a later chunk repeats with another value replaces it, and the replaced
  one is reported (``stream.member_superseded``), as is every member neither mapped nor kept
  (``provider.unmapped``): ``warnings``, pointers ``/<n>/...`` into the n-th event's data.
- When the reply's only text part is the part still open at the end, ``text_end`` carries the citations the
  grounding metadata gives it (``grounding``), as the non-streamed reading does.
- ``{"error": {...}}`` gives ``error``; a chunk that is not JSON, not an object, or has none of the
  members of a response gives an ``invalid_response`` error, never an invented value.

Encoding is ``stream_encode.StreamEncoder``.
"""

from __future__ import annotations

from typing import Any

import jiter

from wirechat._generated.models import (
    ChatResponse,
    Citation,
    Error,
    ErrorEvent,
    FinishEvent,
    Part,
    PartEvent,
    ReasoningDeltaEvent,
    ReasoningEndEvent,
    ReasoningStartEvent,
    StartEvent,
    StreamEvent,
    TextEndEvent,
    TokenUsage,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat._stream_events import text_delta, text_end, text_start
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.gemini import errors, finish, grounding, usage
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.partial_args import StreamedCall
from wirechat.adapters.gemini.provider_parts import CodeIds
from wirechat.adapters.gemini.response import split_body
from wirechat.adapters.gemini.shapes import PART_SHAPE, PROVIDER, content_warnings, decode_part, synthetic_id
from wirechat.adapters.gemini.stream_encode import StreamEncoder
from wirechat.adapters.gemini.stream_fast import text_piece

__all__ = ["StreamDecoder", "StreamEncoder"]

_RESPONSE_MEMBERS = frozenset({"candidates", "usageMetadata", "promptFeedback", "modelVersion", "responseId"})
_BODY_OWN = frozenset({"candidates", "usageMetadata", "modelVersion", "responseId"})
_CANDIDATE_PLAIN = frozenset({"content", "finishReason", "index"})
_STREAM_PART_SHAPE = {**PART_SHAPE, "functionCall": {"id": None, "name": None, "args": None, "partialArgs": None,
                                                     "willContinue": None}}  # fmt: skip
"""A streamed part's members: a function call may also stream its arguments (their members: ``partial_args``)."""


def _invalid(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class StreamDecoder:
    """Gemini chunks -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._n = -1  # the index of the event being read
        self._next = 0  # the next part index
        self._open: tuple[int, str] | None = None  # (index, "text" | "thought" | "signed") of a continuable part
        self._text: list[str] = []  # the open text part's fragments
        self._texts = 0  # text parts so far
        self._calls = 0
        self._codes = CodeIds()
        self._streamed: tuple[int, StreamedCall] | None = None
        self._started = False
        self._envelope: dict[str, Any] = {}  # responseId, modelVersion of the first chunk
        self._usage: TokenUsage | None = None
        self._metadata: dict[str, Any] = {}
        self._set_at: dict[tuple[str, ...], str] = {}  # where each kept member came from
        self._finished = False
        self._finish: str | None = None  # the raw reason (None: an enum number with no name here)
        self._has_calls = False
        self._done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, text: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, text))`` without the object (``EventPump`` calls this)."""
        self._n += 1
        if self._done:
            return []
        if self._started and self._open is not None and self._open[1] == "text":
            piece = text_piece(text)  # one more piece of the open text, read typed (stream_fast)
            if piece is not None and self._same_envelope(text):
                self._text.append(piece)
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

    def _same_envelope(self, text: str) -> bool:
        """Whether a chunk names the first chunk's id and model or none (the usual case), read cheaply: a
        chunk this cannot tell is read in full."""
        for name in ("responseId", "modelVersion"):
            if f'"{name}"' in text and f'"{name}":"{self._envelope.get(name)}"' not in text:
                return False
        return True

    def _warn(self, feature: str, where: str) -> None:
        Conversion(MANIFEST, self.warnings).degrade(feature, where)

    def _fail(self, message: str) -> list[StreamEvent]:
        self._done = True
        return [_invalid(message, self._usage)]

    def _chunk(self, data: dict[str, Any]) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        self._start(data, out)
        candidates = data.get("candidates")
        candidate: dict[str, Any] | None
        if type(candidates) is list and len(candidates) == 1 and type(candidates[0]) is dict \
                and _BODY_OWN.issuperset(data) and _CANDIDATE_PLAIN.issuperset(candidates[0]) \
                and candidates[0].get("index", 0) == 0 \
                and type(candidates[0].get("finishReason", "")) is str:  # fmt: skip
            candidate = candidates[0]  # the usual chunk: nothing for provider_metadata
        else:
            candidate, metadata = split_body(data)
            self._keep(metadata)
        if candidate is not None:
            content = candidate.get("content")
            raw_parts = content.get("parts") if isinstance(content, dict) else None
            if raw_parts is not None and not isinstance(raw_parts, list):
                raise ValueError("/candidates/0/content/parts: expected an array of parts")
            for j, raw in enumerate(raw_parts or ()):
                out += self._part(raw, j)
            for feature, pointer in content_warnings(content, f"/{self._n}/candidates/0/content", _STREAM_PART_SHAPE):
                self._warn(feature, pointer)
            if candidate.get("finishReason") is not None:
                self._finished, self._finish = True, finish.raw_name(candidate["finishReason"])
        elif isinstance(data.get("promptFeedback"), dict) and isinstance(
            data["promptFeedback"].get("blockReason"), str
        ):
            self._finished, self._finish = True, data["promptFeedback"]["blockReason"]  # a blocked prompt
        if isinstance(data.get("usageMetadata"), dict):
            self._usage, extra = usage.decode(data["usageMetadata"])
            if extra:
                self._metadata["usage"] = extra
            else:
                self._metadata.pop("usage", None)
            out.append(UsageEvent(usage=self._usage))
        return out

    def _start(self, data: dict[str, Any], out: list[StreamEvent]) -> None:
        """The ``start`` event from the first chunk; a later chunk naming another id or model is reported."""
        names = (("id", "responseId"), ("model", "modelVersion"))
        if not self._started:
            self._started = True
            self._envelope = {name: data[name] for _, name in names if isinstance(data.get(name), str) and data[name]}
            out.append(StartEvent(**{key: self._envelope[name] for key, name in names if name in self._envelope}))
            return
        for _, name in names:
            if data.get(name) is not None and data[name] != self._envelope.get(name):
                self._warn("stream.member_superseded", f"/{self._n}/{name}")

    def _keep(self, metadata: dict[str, Any]) -> None:
        """Merge a chunk's members for ``provider_metadata`` into the kept ones: objects member by member,
        other values replaced (a replaced value that held something is reported)."""
        for key, value in metadata.items():
            where = {"candidate": f"/{self._n}/candidates/0", "candidates": f"/{self._n}/candidates/1"}
            at = where.get(key, f"/{self._n}/{key}")
            if key == "candidate":  # the candidate's own members are one level down
                kept = self._metadata.setdefault("candidate", {})
                for member, inner in value.items():
                    self._merge(kept, (key, member), member, inner, f"{at}/{member}")
            else:
                self._merge(self._metadata, (key,), key, value, at)

    def _merge(self, target: dict[str, Any], path: tuple[str, ...], key: str, value: Any, where: str) -> None:
        old = target.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            for member, inner in value.items():
                self._merge(old, (*path, member), member, inner, f"{where}/{member}")
            return
        if old not in (None, {}, [], "") and old != value:
            self._warn("stream.member_superseded", self._set_at[path])
        target[key] = value
        self._set_at[path] = where

    def _part(self, raw: Any, j: int) -> list[StreamEvent]:
        if not isinstance(raw, dict):
            raise ValueError(f"/candidates/0/content/parts/{j}: expected a part object")
        call = raw.get("functionCall")
        if isinstance(call, dict) and (self._streamed is not None or call.get("willContinue") is True
                                       or "partialArgs" in call):  # fmt: skip
            return self._streamed_call(raw, call, j)
        out = self._end_streamed()
        signed = "thoughtSignature" in raw
        thought = raw.get("thought") is True
        if j == 0 and self._open is not None and "text" in raw and isinstance(raw["text"], str):
            index, kind = self._open
            if kind == "text" and not thought and not signed:
                self._text.append(raw["text"])
                return [*out, text_delta(index, raw["text"])] if raw["text"] else out
            if kind == "thought" and thought:
                fragment: dict[str, Any] = {"text": raw["text"]} if raw["text"] else {}
                if signed:
                    fragment["signature"] = raw["thoughtSignature"]
                    self._open = (index, "signed")
                return [*out, ReasoningDeltaEvent(index=index, **fragment)] if fragment else out
        if self._open is not None and self._open[1] in ("text", "held") and not thought and raw.get("text") == "" \
                and signed and set(raw) == {"text", "thoughtSignature"}:  # fmt: skip
            self._open = (self._open[0], "held")  # a signature after the text: the text may still be cited
            return [*out, *self._open_signature(raw["thoughtSignature"])]
        out += self._close_open()
        parts = decode_part(raw, f"/candidates/0/content/parts/{j}", call_index=self._calls, codes=self._codes)
        if "functionCall" in raw:
            self._calls += 1
        for part in parts:
            out += self._open_part(part, thought and not signed)
        return out

    def _streamed_call(self, raw: dict[str, Any], call: dict[str, Any], j: int) -> list[StreamEvent]:
        """A part of a function call whose arguments stream (``partial_args``): it opens, goes on or closes one."""
        out: list[StreamEvent] = []
        where = f"/{self._n}/candidates/0/content/parts/{j}"
        if self._streamed is None or call.get("name"):
            out += self._end_streamed() + self._close_open()
            name = call.get("name")
            if not isinstance(name, str) or not name:
                raise ValueError(f"/candidates/0/content/parts/{j}/functionCall/name: a functionCall needs a name")
            given = call.get("id")
            call_id = given if isinstance(given, str) and given else synthetic_id(self._calls)
            self._calls += 1
            if "thoughtSignature" in raw:
                out += self._signature(raw["thoughtSignature"])
            streamed = StreamedCall(call_id, name)
            if isinstance(call.get("args"), dict):
                streamed.args = dict(call["args"])
            self._streamed = (self._next, streamed)
            self._next += 1
            out.append(ToolCallStartEvent(index=self._streamed[0], id=call_id, name=name))
        else:
            streamed = self._streamed[1]
            if "thoughtSignature" in raw:  # on a later piece: state with no text, kept after the call's start
                out += self._signature(raw["thoughtSignature"])
        if "partialArgs" in call:
            for pointer in streamed.add(call["partialArgs"], f"{where}/functionCall/partialArgs"):
                self._warn("provider.unmapped", pointer)
        if call.get("willContinue") is not True:
            out += self._end_streamed()
        return out

    def _signature(self, signature: Any) -> list[StreamEvent]:
        return self._close_open() + self._open_signature(signature)

    def _open_signature(self, signature: Any) -> list[StreamEvent]:
        """A thought signature on a part of its own: opaque reasoning, started and ended at once."""
        if not isinstance(signature, str) or not signature:
            raise ValueError("/candidates/0/content/parts: thoughtSignature: expected a non-empty string")
        index, self._next = self._next, self._next + 1
        return [
            ReasoningStartEvent(index=index, issuer=PROVIDER, redacted_data=signature),
            ReasoningEndEvent(index=index),
        ]

    def _end_streamed(self) -> list[StreamEvent]:
        if self._streamed is None:
            return []
        index, call = self._streamed
        self._streamed = None
        self._has_calls = True
        return [ToolCallDeltaEvent(index=index, arguments=call.arguments()), ToolCallEndEvent(index=index)]

    def _close_open(self, grounded: Any = None) -> list[StreamEvent]:
        if self._open is None:
            return []
        index, kind = self._open
        self._open = None
        if kind not in ("text", "held"):
            return [ReasoningEndEvent(index=index)]
        found = grounding.citations(grounded, "".join(self._text)) if grounded is not None and self._texts == 1 else []
        self._text = []
        if not found:
            return [text_end(index)]
        return [TextEndEvent(index=index, citations=[Citation.model_validate(c) for c in found])]

    def _open_part(self, part: dict[str, Any], unsigned_thought: bool) -> list[StreamEvent]:
        out = self._close_open()
        index = self._next
        self._next += 1
        kind = part["type"]
        if kind == "text":
            out += [text_start(index)] + ([text_delta(index, part["text"])] if part["text"] else [])
            self._open, self._text = (index, "text"), [part["text"]]
            self._texts += 1
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
        if not self._finished:
            return [_invalid("the stream ended before a chunk with a finishReason", self._usage)]
        candidate = self._metadata.get("candidate") or {}
        out = self._end_streamed() + self._close_open(candidate.get("groundingMetadata"))
        reason = finish.decode(self._finish, has_tool_calls=self._has_calls)
        if self._metadata:
            return [*out, FinishEvent(finish_reason=reason, provider_metadata={PROVIDER: dict(self._metadata)})]
        return [*out, FinishEvent(finish_reason=reason)]


def _part(part: dict[str, Any]) -> Part:
    message = ChatResponse.model_validate({"message": {"role": "assistant", "parts": [part]},
                                           "finish_reason": {"kind": "other"}}).message  # fmt: skip
    return message.parts[0]
