"""Anthropic Messages streams -> canonical stream events (the encoder is in ``stream_encode``).

Decoding: ``message_start`` gives ``start``, the input-side usage, and the blocks its message already holds
(programmatic tool calling sends a whole turn there, stop reason included, then ``message_stop``): each is
read as if it had been opened and closed at its position. Each ``content_block_start`` opens the part at the
block's index (thinking with issuer ``anthropic``; redacted thinking arrives whole); ``text_delta``,
``thinking_delta``, ``signature_delta`` and ``input_json_delta`` are fragments of that index only;
``citations_delta`` citations are collected and the text's ``text_end`` carries them all;
``content_block_stop`` ends it. A ``tool_use`` block's members other than its id, name and input (``caller``)
go to its ``tool_call_end``'s ``provider_metadata``. A call or a result Anthropic ran (``server_tool_use``,
``mcp_tool_use``, ``*_tool_result``: ``provider_run``) is collected, its ``input_json_delta`` fragments
joined and parsed into the block's ``input``, and sent as one ``part`` event at its ``content_block_stop``, so
that the fold equals the non-streamed reading (spec section 15). ``message_delta`` carries the stop reason
and cumulative usage; ``message_stop`` gives ``finish``; ``error`` (even after a 200) gives ``error``; a
second ``message_start`` before ``message_stop`` (two generations spliced into one body) ends the stream as
``invalid_response``.

Tool input fragments are rewritten token by token into the arguments form (``ArgumentsNormaliser``: no
insignificant whitespace, RFC 8785 numbers and strings, so ``1E2`` is ``100`` and ``"\u00e9"`` is ``"é"``), so
that the folded arguments equal the text the non-streamed response decodes to (``build_arguments`` of the
input); a tool with no input fragments gets ``{}``. A number or an escape the form cannot hold (an integer
beyond 2^53-1, a lone surrogate) ends the stream as ``invalid_response``, as the non-streamed reading refuses it.

Nothing is dropped silently (``warnings``, pointers ``/<n>/...`` into the n-th event from 0): a member the
decoder neither maps nor keeps (``members``), a delta or an event type it does not know, an event after
``message_stop`` (``ping`` aside) are reported as ``provider.unmapped``; so is a block of an unknown type,
which is kept whole in the finish's ``provider_metadata`` (as the response decoder keeps it) and is not a
part: the parts after it move down one index.
"""

from __future__ import annotations

from collections.abc import Mapping
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
from wirechat._stream_events import reasoning_signature, reasoning_text, text_delta, tool_call_delta
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, unmapped_members
from wirechat.adapters.anthropic import errors, finish, provider_run, usage
from wirechat.adapters.anthropic.blocks import tool_use_extras_of
from wirechat.adapters.anthropic.citations import decode_citations
from wirechat.adapters.anthropic.manifest import MANIFEST
from wirechat.adapters.anthropic.members import DELTAS, EVENTS, RESPONSE_KEPT, unmapped_block
from wirechat.adapters.anthropic.response import UNKNOWN_BLOCKS
from wirechat.adapters.anthropic.shapes import PROVIDER
from wirechat.adapters.anthropic.stream_encode import StreamEncoder
from wirechat.adapters.anthropic.stream_fast import text_delta_of
from wirechat.tool_arguments import ArgumentsNormaliser, ArgumentsTextError, build_arguments

__all__ = ["StreamDecoder", "StreamEncoder"]


def _cut(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class StreamDecoder:
    """Anthropic events -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._count = 0  # events fed so far: the number of the current one is self._count - 1
        self._kinds: dict[int, str] = {}
        self._normalisers: dict[int, ArgumentsNormaliser] = {}
        self._sent_arguments: set[int] = set()
        self._extras: dict[int, dict[str, Any]] = {}
        self._citations: dict[int, list[Any]] = {}
        self._run: dict[int, tuple[dict[str, Any], list[str]]] = {}  # provider-run blocks and input fragments
        self._names: dict[str, str] = {}
        self._skipped: list[int] = []  # the indices of blocks of unknown types, which are not parts
        self._unknown: list[dict[str, Any]] = []
        self._usage_raw: dict[str, Any] = {}
        self._usage: TokenUsage | None = None
        self._metadata: dict[str, Any] = {}
        self._stop_reason: str | None = None
        self._has_calls = False
        self._started = False
        self._done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, text: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, text))`` without the object (``EventPump`` calls this)."""
        self._count += 1
        if self._done:
            if event != "ping" and '"ping"' not in text:
                self._warn("provider.unmapped", "")  # an event after the end of the message
            return []
        if '"text_delta"' in text and not self._skipped:  # most of a text stream: read typed (stream_fast)
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
        shape = EVENTS.get(str(kind))
        if shape is None:  # an event type newer than this adapter
            self._warn("provider.unmapped", "")
            return []
        for pointer in unmapped_members(data, shape, ""):
            self._warn("provider.unmapped", pointer)
        if kind == "content_block_delta":
            return self._delta(data)
        if kind == "content_block_start":
            index = data.get("index", len(self._kinds))
            return self._open(index, data.get("content_block") or {}, "/content_block")
        if kind == "content_block_stop":
            return self._close(data.get("index", 0))
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
        return []  # ping

    def _warn(self, feature: str, pointer: str) -> None:
        Conversion(MANIFEST, self.warnings).degrade(feature, f"/{self._count - 1}{pointer}")

    def _part(self, index: Any) -> Any:
        """The part index of the block at ``index``: blocks of unknown types before it are not parts."""
        if not self._skipped or not isinstance(index, int):
            return index
        return index - sum(1 for skipped in self._skipped if skipped < index)

    def _message_start(self, data: dict[str, Any]) -> list[StreamEvent]:
        if self._started:
            self._done = True
            return [_cut("a second message_start before message_stop (two generations in one body)", self._usage)]
        self._started = True
        message = data.get("message") or {}
        out: list[StreamEvent] = []
        start = {key: message[key] for key in ("id", "model") if isinstance(message.get(key), str) and message[key]}
        out.append(StartEvent(**start))
        if isinstance(message.get("usage"), dict):
            out += self._merge_usage(message["usage"])
        for key in RESPONSE_KEPT:
            if message.get(key) is not None:
                self._metadata[key] = message[key]
        if isinstance(message.get("stop_reason"), str):
            self._stop_reason = message["stop_reason"]
        content = message.get("content")
        for i, block in enumerate(content if isinstance(content, list) else []):
            out += self._open(i, block, f"/message/content/{i}") + self._close(i)
        return out

    def _merge_usage(self, raw: dict[str, Any]) -> list[StreamEvent]:
        self._usage_raw.update({key: value for key, value in raw.items() if value is not None})
        self._usage, extra = usage.decode(self._usage_raw)
        if extra:
            self._metadata["usage"] = extra
        else:
            self._metadata.pop("usage", None)
        return [UsageEvent(usage=self._usage)]

    def _open(self, index: Any, block: Any, where: str) -> list[StreamEvent]:
        if not isinstance(block, Mapping):
            raise ValueError(f"{where} ({index}): expected a content block object")
        kind = str(block.get("type"))
        self._kinds[index] = kind
        for pointer in unmapped_block(block, where):
            self._warn("provider.unmapped", pointer)
        part = self._part(index)
        if kind == "text":
            out: list[StreamEvent] = [TextStartEvent(index=part)]
            if block.get("text"):
                out.append(TextDeltaEvent(index=part, text=block["text"]))
            if block.get("citations"):
                self._citations[index] = list(block["citations"])
            return out
        if kind == "thinking":
            out = [ReasoningStartEvent(index=part, issuer=PROVIDER)]
            if block.get("thinking") or block.get("signature"):
                fragment = {key: block[key] for key in ("signature",) if block.get(key)}
                if block.get("thinking"):
                    fragment["text"] = block["thinking"]
                out.append(ReasoningDeltaEvent(index=part, **fragment))
            return out
        if kind == "redacted_thinking":
            return [ReasoningStartEvent(index=part, issuer=PROVIDER, redacted_data=str(block.get("data")))]
        if kind == "tool_use":
            return self._open_tool_use(index, part, block)
        if provider_run.is_call(kind) or provider_run.is_result(kind):
            self._run[index] = (dict(block), [])
            return []
        self._warn("provider.unmapped", where)
        self._kinds[index] = "unknown"
        self._skipped.append(index)
        self._unknown.append({"index": index, "block": dict(block)})
        return []

    def _open_tool_use(self, index: Any, part: Any, block: Mapping[str, Any]) -> list[StreamEvent]:
        self._has_calls = True
        self._normalisers[index] = ArgumentsNormaliser()
        call_id, name = block.get("id"), block.get("name")
        if not isinstance(call_id, str) or not call_id or not isinstance(name, str) or not name:
            missing = "id" if not isinstance(call_id, str) or not call_id else "name"
            raise ValueError(f"/content_block ({index}): a tool_use block has no {missing}")
        if extras := tool_use_extras_of(block):
            self._extras[index] = extras
        out: list[StreamEvent] = [ToolCallStartEvent(index=part, id=call_id, name=name)]
        if block.get("input"):
            self._sent_arguments.add(index)
            out.append(ToolCallDeltaEvent(index=part, arguments=build_arguments(block["input"])))
        return out

    def _delta(self, data: dict[str, Any]) -> list[StreamEvent]:
        index = data.get("index", 0)
        delta = data.get("delta") or {}
        kind = delta.get("type")
        shape = DELTAS.get(str(kind))
        if shape is None or self._kinds.get(index) == "unknown":  # a delta this adapter does not know
            self._warn("provider.unmapped", "/delta")
            return []
        for pointer in unmapped_members(delta, shape, "/delta"):
            self._warn("provider.unmapped", pointer)
        if kind == "text_delta":
            return [text_delta(self._part(index), delta.get("text", ""))]
        if kind == "input_json_delta":
            return self._input_delta(index, delta.get("partial_json") or "")
        if kind == "thinking_delta":
            text = delta.get("thinking") or ""
            return [reasoning_text(self._part(index), text)] if text else []
        if kind == "signature_delta":
            signature = delta.get("signature") or ""
            return [reasoning_signature(self._part(index), signature)] if signature else []
        self._citations.setdefault(index, []).append(delta.get("citation"))  # citations_delta
        return []

    def _input_delta(self, index: Any, fragment: str) -> list[StreamEvent]:
        if index in self._run:
            block, fragments = self._run[index]
            if not provider_run.is_call(block.get("type")):
                self._warn("provider.unmapped", "/delta")  # input for a result block
            else:
                fragments.append(fragment)
            return []
        normaliser = self._normalisers.get(index)
        if normaliser is not None:
            try:
                fragment = normaliser.feed(fragment)
            except ArgumentsTextError as exc:
                return self._bad_input(index, exc)
        if not fragment:
            return []
        self._sent_arguments.add(index)
        return [tool_call_delta(self._part(index), fragment)]

    def _close(self, index: Any) -> list[StreamEvent]:
        kind = self._kinds.get(index)
        part = self._part(index)
        if kind == "text":
            raw = self._citations.get(index)
            if not raw:
                return [TextEndEvent(index=part)]
            citations = decode_citations(raw, f"/content/{index}/citations")
            return [TextEndEvent.model_validate({"index": part, "citations": citations})]
        if kind in ("thinking", "redacted_thinking"):
            return [ReasoningEndEvent(index=part)]
        if kind == "tool_use":
            out: list[StreamEvent] = []
            normaliser = self._normalisers.pop(index, None)
            try:
                rest = normaliser.finish() if normaliser is not None else ""
            except ArgumentsTextError as exc:
                return self._bad_input(index, exc)
            if rest:
                self._sent_arguments.add(index)
                out.append(tool_call_delta(part, rest))
            if index not in self._sent_arguments:
                out.append(ToolCallDeltaEvent(index=part, arguments="{}"))
            if index in self._extras:
                return [*out, ToolCallEndEvent(index=part, provider_metadata={PROVIDER: self._extras[index]})]
            return [*out, ToolCallEndEvent(index=part)]
        if index in self._run:
            return self._close_run(index, part)
        return []

    def _bad_input(self, index: Any, exc: ArgumentsTextError) -> list[StreamEvent]:
        """A tool input the arguments form cannot hold ends the stream (the unstreamed reading refuses it)."""
        self._done = True
        return [_cut(f"the input of tool call {index} cannot be tool arguments: {exc}", self._usage)]

    def _close_run(self, index: Any, part: Any) -> list[StreamEvent]:
        block, fragments = self._run.pop(index)
        where = f"/content/{index}"
        if provider_run.is_call(block.get("type")):
            collected = "".join(fragments)
            if collected.strip():
                try:
                    block["input"] = jiter.from_json(collected.encode())
                except ValueError as exc:
                    self._done = True
                    return [_cut(f"the input of provider-run call {index} is not JSON: {exc}", self._usage)]
            value = provider_run.decode_call(block, where)
            call = value["provider_tool_call"]
            self._names[call["id"]] = call["name"]
        else:
            value = provider_run.decode_result(block, where, self._names)
        return [PartEvent.model_validate({"index": part, "part": value})]

    def _message_delta(self, data: dict[str, Any]) -> list[StreamEvent]:
        delta = data.get("delta") or {}
        if isinstance(delta.get("stop_reason"), str):
            self._stop_reason = delta["stop_reason"]
        for key in RESPONSE_KEPT:
            if delta.get(key) is not None:
                self._metadata[key] = delta[key]
        if data.get("context_management") is not None:
            self._metadata["context_management"] = data["context_management"]
        if isinstance(data.get("usage"), dict):
            return self._merge_usage(data["usage"])
        return []

    def _message_stop(self) -> list[StreamEvent]:
        self._done = True
        reason = finish.decode(self._stop_reason, has_tool_calls=self._has_calls)
        if self._unknown:
            self._metadata[UNKNOWN_BLOCKS] = self._unknown
        if self._metadata:
            return [FinishEvent(finish_reason=reason, provider_metadata={PROVIDER: dict(self._metadata)})]
        return [FinishEvent(finish_reason=reason)]

    def close(self) -> list[StreamEvent]:
        """A stream cut before ``message_stop`` ends in an error carrying the usage so far."""
        if self._done:
            return []
        self._done = True
        return [_cut("the stream ended before message_stop", self._usage)]
