"""OpenAI ``chat.completion.chunk`` streams <-> canonical stream events.

Decoding: the first chunk gives ``start``; ``delta.content`` opens a text part, ``delta.refusal`` a
refusal part, and each ``delta.tool_calls[].index`` its own tool-call part (fragments are keyed by that
index only, so parallel calls never glue together). Parts close when ``finish_reason`` arrives; the usage
chunk (``choices: []``, sent before ``[DONE]`` when ``stream_options.include_usage`` is on) gives
``usage``; ``[DONE]`` gives ``finish``. A chunk with a top-level ``error`` gives an ``error`` event.
Only choice 0 is decoded (``n > 1`` streams are not supported).
"""

from __future__ import annotations

from typing import Any

import jiter
from pydantic import MISSING
from typing_extensions import assert_never

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
from wirechat._stream_events import text_delta, text_end, text_start, tool_call_delta, tool_call_end
from wirechat.adapters._contract import ConversionRefused, ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.openai_chat import errors, finish, shapes, usage
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.response import METADATA_KEYS
from wirechat.adapters.openai_chat.stream_fast import text_fragment

__all__ = ["StreamDecoder", "StreamEncoder"]

PROVIDER = "openai"
_DONE = "[DONE]"


def _cut(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class StreamDecoder:
    """OpenAI chunks -> canonical events (see the module docstring)."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._started = False
        self._next_index = 0
        self._text: int | None = None
        self._refusal: int | None = None
        self._calls: dict[int, int] = {}  # OpenAI tool_calls[].index -> part index
        self._has_calls = False
        self._open: list[tuple[str, int]] = []
        self._finish_raw: str | None = None
        self._usage: TokenUsage | None = None
        self._metadata: dict[str, Any] = {}
        self._logprobs: dict[str, list[Any]] = {}
        self._done = False

    def reserve_index(self) -> int:
        """Take the next part index for a part a wrapping decoder emits itself (openai-compatible servers'
        reasoning text), so the parts this decoder opens later come after it."""
        index = self._next_index
        self._next_index += 1
        return index

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, data: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, data))`` without the object (``EventPump`` calls this)."""
        if self._done:
            return []
        if data[:1] != "{" and data.strip() == _DONE:
            return self._finish()
        if self._text is not None:  # text is open: the chunk is most likely one more fragment of it
            fragment = text_fragment(data)
            if fragment is not None:
                return self._fragment(fragment)
        try:
            chunk = jiter.from_json(data.encode())
        except ValueError as exc:
            self._done = True
            return [_cut(f"a stream chunk is not JSON: {exc}", self._usage)]
        if not isinstance(chunk, dict):
            self._done = True
            return [_cut("a stream chunk is not a JSON object", self._usage)]
        return self.feed_chunk(chunk)

    def _fragment(self, chunk: Any) -> list[StreamEvent]:
        """``feed_chunk`` of a ``stream_fast.TextFragment``: the same metadata kept, the same event."""
        metadata = self._metadata
        created = chunk.created
        if created and metadata.get("created") != created:
            metadata["created"] = created
        for key in METADATA_KEYS:
            value = getattr(chunk, key)
            if value is not None:
                metadata[key] = value
        content = chunk.choices[0].delta.content
        return [text_delta(self._text, content)] if content and self._text is not None else []

    def feed_chunk(self, chunk: dict[str, Any]) -> list[StreamEvent]:
        """The events of one chunk already parsed to an object (an openai-compatible decoder that read it first
        passes it on rather than parsing it again)."""
        if self._done:
            return []
        if chunk.get("error") is not None:
            self._done = True
            error = errors.decode_error(None, {}, chunk)
            if self._usage is not None:
                error = error.model_copy(update={"usage": self._usage})
            return [ErrorEvent(error=error)]
        out: list[StreamEvent] = []
        if not self._started:
            self._started = True
            start = {key: chunk[key] for key in ("id", "model") if isinstance(chunk.get(key), str) and chunk[key]}
            if start:
                out.append(StartEvent(**start))
        metadata = self._metadata
        created = chunk.get("created")
        if created and isinstance(created, int) and metadata.get("created") != created:
            metadata["created"] = created
        for key in METADATA_KEYS:
            value = chunk.get(key)
            if value is not None:
                metadata[key] = value
        choices = chunk.get("choices")
        if self._text is not None and type(choices) is list and len(choices) == 1 and chunk.get("usage") is None:
            # Most chunks: one more fragment of the open text, nothing else; the same events as _choice gives.
            choice = choices[0]
            if type(choice) is dict and choice.get("finish_reason") is None and choice.get("logprobs") is None:
                delta = choice.get("delta")
                if type(delta) is dict and len(delta) == 1 and choice.get("index", 0) == 0:
                    content = delta.get("content")
                    if type(content) is str:
                        if content:
                            out.append(text_delta(self._text, content))
                        return out
        for choice in choices or ():
            if isinstance(choice, dict) and choice.get("index", 0) == 0:
                self._choice(choice, out)
        raw_usage = chunk.get("usage")
        if raw_usage is not None and isinstance(raw_usage, dict):
            self._usage, extra = usage.decode(raw_usage)
            if extra:
                self._metadata["usage"] = extra
            out.append(UsageEvent(usage=self._usage))
        return out

    def _choice(self, choice: dict[str, Any], out: list[StreamEvent]) -> None:
        delta = choice.get("delta") or {}
        if type(delta) is not dict:
            raise ValueError(f"/choices/0/delta: a delta is a JSON object, not {_kind(delta)}")
        content = delta.get("content")
        if isinstance(content, str) and content:
            if self._text is None:
                self._text = self._open_part("text", out)
            out.append(text_delta(self._text, content))
        refusal = delta.get("refusal")
        if refusal is not None and isinstance(refusal, str):
            if self._refusal is None:
                self._refusal = self._open_part("refusal", out)
            if refusal:
                out.append(text_delta(self._refusal, refusal))
        calls = delta.get("tool_calls")
        if calls:
            if type(calls) is not list:
                raise ValueError(f"/choices/0/delta/tool_calls: an array of tool call fragments, not {_kind(calls)}")
            for position, call in enumerate(calls):
                if type(call) is not dict:
                    where = f"/choices/0/delta/tool_calls/{position}"
                    raise ValueError(f"{where}: a tool call fragment is a JSON object, not {_kind(call)}")
                self._call(call, position, out)
        logprobs = choice.get("logprobs")
        if logprobs is not None and isinstance(logprobs, dict):
            for key in ("content", "refusal"):
                if isinstance(logprobs.get(key), list):
                    self._logprobs.setdefault(key, []).extend(logprobs[key])
        raw = choice.get("finish_reason")
        if raw is not None and isinstance(raw, str):
            self._finish_raw = raw
            out += self._close_parts()

    def _open_part(self, kind: str, out: list[StreamEvent]) -> int:
        index = self._next_index
        self._next_index += 1
        self._open.append((kind, index))
        out.append(text_start(index))
        return index

    def _call(self, call: dict[str, Any], position: int, out: list[StreamEvent]) -> None:
        key = call.get("index", len(self._calls))
        if type(key) is not int:
            raise ValueError(f"/choices/0/delta/tool_calls/{position}/index: an integer, not {_kind(key)}")
        function = call.get("function") or {}
        if type(function) is not dict:
            raise ValueError(f"/choices/0/delta/tool_calls/{position}/function: a JSON object, not {_kind(function)}")
        arguments = function.get("arguments")
        if arguments is not None and not isinstance(arguments, str):
            arguments = compact_json(arguments)
        if key not in self._calls:
            index = self._next_index
            self._next_index += 1
            self._calls[key] = index
            self._has_calls = True
            self._open.append(("tool_call", index))
            call_id, name = call.get("id"), function.get("name")
            if not isinstance(call_id, str) or not call_id or not isinstance(name, str) or not name:
                # the first fragment of a call names it; inventing an id or a name would hide a broken stream
                missing = "id" if not isinstance(call_id, str) or not call_id else "function name"
                raise ValueError(f"/choices/0/delta/tool_calls ({key}): a tool call's first fragment has no {missing}")
            out.append(ToolCallStartEvent(index=index, id=call_id, name=name))
        if arguments:
            out.append(tool_call_delta(self._calls[key], arguments))

    def _close_parts(self) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        for kind, index in self._open:
            if kind == "text":
                out.append(text_end(index))
            elif kind == "refusal":
                out.append(TextEndEvent(index=index, provider_metadata={PROVIDER: {"refusal": True}}))
            else:
                out.append(tool_call_end(index))
        self._open = []
        return out

    def _finish(self) -> list[StreamEvent]:
        self._done = True
        out = self._close_parts()
        if self._finish_raw is None:
            return [*out, _cut("the stream ended without a finish reason", self._usage)]
        metadata = dict(self._metadata)
        if self._logprobs:
            metadata["logprobs"] = {"content": self._logprobs.get("content"), "refusal": self._logprobs.get("refusal")}
        reason = finish.decode(self._finish_raw, has_tool_calls=self._has_calls)
        event = (
            FinishEvent(finish_reason=reason, provider_metadata={PROVIDER: metadata})
            if metadata
            else FinishEvent(finish_reason=reason)
        )
        return [*out, event]

    def close(self) -> list[StreamEvent]:
        """A stream cut before ``[DONE]``: finished if its finish reason had arrived, else an error."""
        if self._done:
            return []
        return self._finish()


class StreamEncoder:
    """Canonical events -> OpenAI chunks. Reasoning is not sent (Chat Completions streams none); the
    ``usage`` chunk and ``[DONE]`` follow the finish chunk."""

    def __init__(self) -> None:
        self._id = ""
        self._model = ""
        self._calls: dict[int, int] = {}
        self._usage: TokenUsage | None = None
        self._conv = Conversion(MANIFEST)

    def _chunk(self, delta: dict[str, Any] | None, finish_reason: str | None = None, **extra: Any) -> SseEvent:
        choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish_reason}]
        body = {
            "id": self._id,
            "object": "chat.completion.chunk",
            "created": extra.pop("created", 0),
            "model": self._model,
            "choices": choices,
            **extra,
        }
        return SseEvent(None, compact_json(body))

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
            case (
                TextStartEvent()
                | TextEndEvent()
                | ToolCallEndEvent()
                | ReasoningStartEvent()
                | ReasoningDeltaEvent()
                | ReasoningEndEvent()
            ):
                return []
            case PartEvent():
                raise ConversionRefused("response.part_unsupported", MANIFEST.message("response.part_unsupported"))
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

    def _finish(self, event: FinishEvent) -> list[SseEvent]:
        own: dict[str, Any] = {}
        if event.provider_metadata is not MISSING:
            own = dict(event.provider_metadata.get(PROVIDER, {}))
        extra = {key: own[key] for key in METADATA_KEYS if key in own}
        if "created" in own:
            extra["created"] = own["created"]
        raw = finish.encode(event.finish_reason, self._conv)
        out = [self._chunk({}, raw, **extra)]
        if self._usage is not None:
            body = usage.encode(self._usage, self._conv, own.get("usage"))
            out.append(self._chunk(None, usage=body, **extra))
        out.append(SseEvent(None, _DONE))
        return out

    def close(self) -> list[SseEvent]:
        return []


def _kind(value: Any) -> str:
    """The JSON kind of a decoded value, with the value when it is short (for an error message)."""
    names = {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }
    kind = "null" if value is None else names.get(type(value), type(value).__name__)
    shown = repr(value)
    return f"{kind} ({shown})" if value is not None and len(shown) <= 40 else kind
