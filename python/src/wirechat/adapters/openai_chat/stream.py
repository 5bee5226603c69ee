"""OpenAI ``chat.completion.chunk`` streams <-> canonical stream events (the encoder is in ``stream_encode``).

Decoding: the first chunk gives ``start``; ``delta.content`` opens a text part, ``delta.refusal`` a
refusal part, the first ``delta.audio`` an audio part (its fragments collected, ``audio.StreamedAudio``),
and each ``delta.tool_calls[].index`` its own tool-call part (fragments are keyed by that index only, so
parallel calls never glue together). Parts close when ``finish_reason`` arrives: the text's ``text_end``
carries the ``delta.annotations`` collected as its citations, the audio arrives whole as a ``part`` event.
The usage chunk (``choices: []``, sent before ``[DONE]`` when ``stream_options.include_usage`` is on) gives
``usage``; ``[DONE]`` gives ``finish``, with ``created`` and the members the dialect keeps. A chunk with a
top-level ``error`` gives an ``error`` event.

No silent loss: a member of a chunk, its choice, delta or tool-call fragment that the decoder neither reads
nor keeps goes to ``warnings`` as ``provider.unmapped``, pointed at ``/<n>/...`` (the n-th event fed, from
0), once per member (a member every chunk repeats is reported where it first came); so does each choice
other than choice 0 (``n`` > 1: a canonical reply has one message), once per choice.
"""

from __future__ import annotations

import re
from typing import Any

import jiter

from wirechat._generated.models import (
    AudioPart,
    Error,
    ErrorEvent,
    FinishEvent,
    PartEvent,
    StartEvent,
    StreamEvent,
    TextEndEvent,
    TokenUsage,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat._stream_events import text_delta, text_end, text_start, tool_call_delta, tool_call_end
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, Shape, compact_json
from wirechat.adapters.openai_chat import audio, citations, errors, finish, shapes, usage
from wirechat.adapters.openai_chat.manifest import MANIFEST
from wirechat.adapters.openai_chat.response import METADATA_KEYS
from wirechat.adapters.openai_chat.shapes import OPENAI, PROVIDER, Dialect, unmapped
from wirechat.adapters.openai_chat.stream_encode import DONE, StreamEncoder
from wirechat.adapters.openai_chat.stream_fast import text_fragment
from wirechat.tool_arguments import build_arguments

__all__ = ["StreamDecoder", "StreamEncoder"]

_EVENT = re.compile(r"^/\d+")
_AUDIO: Shape = {"id": None, "data": None, "expires_at": None, "transcript": None}


def _cut(message: str, usage_so_far: TokenUsage | None) -> ErrorEvent:
    fields: dict[str, Any] = {"kind": "invalid_response", "message": message, "retryable": True}
    if usage_so_far is not None:
        fields["usage"] = usage_so_far
    return ErrorEvent(error=Error(**fields))


class StreamDecoder:
    """OpenAI chunks -> canonical events (see the module docstring)."""

    def __init__(self, dialect: Dialect = OPENAI) -> None:
        self.warnings: list[ConversionWarning] = []
        self._conv = Conversion(MANIFEST, self.warnings)
        self._dialect = dialect
        self._chunk_keys, self._choice_keys = dialect.chunk_keys, dialect.chunk_choice_keys
        self._delta_shape = dialect.message
        self._seen = -1  # the position of the event being read
        self._reported: set[str] = set()
        self._started = False
        self._next_index = 0
        self._text: int | None = None
        self._refusal: int | None = None
        self._audio: audio.StreamedAudio | None = None
        self._annotations: list[Any] = []
        self._annotations_at = ""
        self._calls: dict[int, int] = {}  # OpenAI tool_calls[].index -> part index
        self._has_calls = False
        self._open: list[tuple[str, int]] = []
        self._finish_raw: str | None = None
        self._usage: TokenUsage | None = None
        self._metadata: dict[str, Any] = {}
        self._logprobs: dict[str, list[Any]] = {}
        self._done = False

    @property
    def position(self) -> int:
        """The position of the event being read (from 0): the first step of a warning's pointer."""
        return self._seen

    def reserve_index(self) -> int:
        """Take the next part index for a part a wrapping decoder emits itself (openai-compatible servers'
        reasoning text), so the parts this decoder opens later come after it."""
        index = self._next_index
        self._next_index += 1
        return index

    def report(self, pointer: str) -> None:
        """Warn that the member at ``pointer`` is not mapped, once per member (the event number aside)."""
        key = _EVENT.sub("", pointer, count=1)
        if key not in self._reported:
            self._reported.add(key)
            self._conv.degrade("provider.unmapped", pointer)

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, data: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, data))`` without the object (``EventPump`` calls this)."""
        self._seen += 1
        if self._done:
            return []
        if data[:1] != "{" and data.strip() == DONE:
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
        return self._chunk(chunk)

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
        self._seen += 1
        return self._chunk(chunk)

    def _chunk(self, chunk: dict[str, Any]) -> list[StreamEvent]:
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
        choices = chunk.get("choices")
        known = chunk.keys() <= self._chunk_keys
        if self._text is not None and known and type(choices) is list and len(choices) == 1:
            # Most chunks: one more fragment of the open text, nothing else; the same events as _choice gives.
            choice = choices[0]
            if (
                type(choice) is dict
                and choice.get("finish_reason") is None
                and choice.get("logprobs") is None
                and chunk.get("usage") is None
                and choice.keys() <= self._choice_keys
            ):
                delta = choice.get("delta")
                if type(delta) is dict and len(delta) == 1 and choice.get("index", 0) == 0:
                    content = delta.get("content")
                    if type(content) is str:
                        self._keep(chunk, self._dialect.kept_body)
                        if content:
                            out.append(text_delta(self._text, content))
                        return out
        if not known:
            for pointer in unmapped(chunk, dict.fromkeys(self._chunk_keys), f"/{self._seen}"):
                self.report(pointer)
        self._keep(chunk, self._dialect.kept_body)
        for position, choice in enumerate(choices or ()):
            if not isinstance(choice, dict):
                continue
            if choice.get("index", 0) == 0:
                self._choice(choice, f"/{self._seen}/choices/{position}", out)
            elif f"choice {choice.get('index')}" not in self._reported:
                self._reported.add(f"choice {choice.get('index')}")
                self._conv.degrade("provider.unmapped", f"/{self._seen}/choices/{position}")
        raw_usage = chunk.get("usage")
        if raw_usage is not None and isinstance(raw_usage, dict):
            self._usage, extra = usage.decode(raw_usage, f"/{self._seen}/usage")
            if extra:
                self._metadata["usage"] = extra
            out.append(UsageEvent(usage=self._usage))
        return out

    def _keep(self, holder: dict[str, Any], keys: tuple[str, ...]) -> None:
        for key in keys:
            value = holder.get(key)
            if value is not None:
                self._metadata[key] = value

    def _choice(self, choice: dict[str, Any], where: str, out: list[StreamEvent]) -> None:
        if not choice.keys() <= self._choice_keys:
            for pointer in unmapped(choice, dict.fromkeys(self._choice_keys), where):
                self.report(pointer)
        self._keep(choice, tuple(key for key in self._dialect.kept_choice if key != "logprobs"))
        delta = choice.get("delta") or {}
        if type(delta) is not dict:
            raise ValueError(f"{where}/delta: a delta is a JSON object, not {_kind(delta)}")
        for pointer in unmapped(delta, self._delta_shape, f"{where}/delta"):
            self.report(pointer)
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
        if isinstance(delta.get("audio"), dict):
            for pointer in unmapped(delta["audio"], _AUDIO, f"{where}/delta/audio"):
                self.report(pointer)
            if self._audio is None:
                self._audio = audio.StreamedAudio(self.reserve_index())
            self._audio.add(delta["audio"])
        calls = delta.get("tool_calls")
        if calls:
            if type(calls) is not list:
                raise ValueError(f"{where}/delta/tool_calls: an array of tool call fragments, not {_kind(calls)}")
            for position, call in enumerate(calls):
                at = f"{where}/delta/tool_calls/{position}"
                if type(call) is not dict:
                    raise ValueError(f"{at}: a tool call fragment is a JSON object, not {_kind(call)}")
                for pointer in unmapped(call, shapes.TOOL_CALL, at):
                    self.report(pointer)
                self._call(call, at, out)
        if delta.get("annotations"):
            self._annotations += citations.decode_annotations(
                delta["annotations"], f"{where}/delta/annotations", self._dialect.issuer
            )
            self._annotations_at = self._annotations_at or f"{where}/delta/annotations"
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

    def _call(self, call: dict[str, Any], where: str, out: list[StreamEvent]) -> None:
        key = call.get("index", len(self._calls))
        if type(key) is not int:
            raise ValueError(f"{where}/index: an integer, not {_kind(key)}")
        function = call.get("function") or {}
        if type(function) is not dict:
            raise ValueError(f"{where}/function: a JSON object, not {_kind(function)}")
        arguments = function.get("arguments")
        if isinstance(arguments, dict):
            arguments = build_arguments(arguments)
        elif arguments is not None and not isinstance(arguments, str):
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
                raise ValueError(f"{where} ({key}): a tool call's first fragment has no {missing}")
            out.append(ToolCallStartEvent(index=index, id=call_id, name=name))
        if arguments:
            out.append(tool_call_delta(self._calls[key], arguments))

    def _close_parts(self) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        annotations, self._annotations = self._annotations, []
        if annotations and self._text is None:
            self._conv.degrade("provider.unmapped", self._annotations_at)  # no text for them to cite
        for kind, index in self._open:
            if kind == "text":
                out.append(TextEndEvent(index=index, citations=annotations) if annotations else text_end(index))
            elif kind == "refusal":
                out.append(TextEndEvent(index=index, provider_metadata={PROVIDER: {"refusal": True}}))
            else:
                out.append(tool_call_end(index))
        self._open = []
        if self._audio is not None:
            part = self._audio.part(f"/{self._seen}/choices/0/delta/audio")
            out.append(PartEvent(index=self._audio.index, part=AudioPart.model_validate(part)))
            self._audio = None
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
