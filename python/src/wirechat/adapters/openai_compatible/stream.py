"""OpenAI-compatible ``chat.completion.chunk`` streams <-> canonical stream events: openai-chat's codec
(``openai_chat.stream``, reading the profile's ``response.dialect``) wrapped with the profile's quirks.

Decoding: a chunk is parsed a second time only when its text holds a marker of a quirk (``"reasoning``,
``"x_groq"``, ``"executed_tools"``, a usage object, a ``content`` array, and ``"tool_calls"`` for profiles
whose servers may omit ids). A ``content`` array of Mistral's chunks (``chunks.py``) gives its thinking as a
plain reasoning fragment and its text chunks as the delta's text; the thinking chunk's ``closed`` has no
place in a streamed part and is reported once. Reasoning fragments open a reasoning part whose index is
reserved in the inner decoder before the chunk's other parts, so the folded parts come in the order the body
decoder gives (reasoning first). The fragments are the profile's text members, or, in a chunk that has
``reasoning_details`` (whose ``reasoning`` text only repeats them), the details: a part per detail, its
issuer the profile's, its text and signature as deltas, its ``redacted_data`` on the start, its other
members on the end (``reasoning.detail_part`` reads a whole detail the same way); fragments belong to one
detail while their ``index`` and ``type`` stay the same (OpenRouter numbers a summary and the encrypted
reasoning after it alike). Plain text ends when a chunk brings something else; a detail stays open until
another detail starts or the stream finishes (OpenRouter sends a detail's signature after the content and
tool calls it signs). A tool call's first fragment without an id gets ``shapes.synthesised_id`` (same
position and response id as the whole body, so the same id), flagged on its ``tool_call_end``. Groq's
``x_groq.usage`` becomes the usage, and usage is read as ``usage.py`` reads it; the tools Groq ran
(``delta.executed_tools``) arrive as whole provider-run parts before the finish; the finish reason is read
with the profile's table.

Encoding: openai-chat's encoder, with the profile's finish reason; plain reasoning goes out as the profile's
first reasoning member (a thinking chunk in ``content`` where the profile writes ``reasoning_chunks``), the
server's own reasoning details whole at their end, the tools it ran as
``delta.executed_tools``; signed reasoning of anyone else is not sent.
"""

from __future__ import annotations

import re
from typing import Any

import jiter
from pydantic import MISSING

from wirechat._generated.models import (
    FinishEvent,
    FinishReason,
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
    ToolCallEndEvent,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat._stream_events import reasoning_text
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json
from wirechat.adapters.openai_chat import stream as openai_stream
from wirechat.adapters.openai_chat.manifest import MANIFEST as OPENAI
from wirechat.adapters.openai_compatible import chunks, executed_tools, finish, reasoning, usage
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.profiles import GENERIC, Profile
from wirechat.adapters.openai_compatible.response import dialect, fill_tool_call_ids
from wirechat.adapters.openai_compatible.shapes import ID_FLAG, PROVIDER, read_reasoning

__all__ = ["StreamDecoder", "StreamEncoder"]

_QUIET = frozenset({"start", "usage"})
"""Inner events that do not end an open reasoning part."""
_PASS = frozenset({"text_delta", "tool_call_delta"})
"""Inner events passed on as they are when no reasoning part is open (the common chunk: one delta)."""
_MARKERS = re.compile(r'"reasoning|"x_groq"|"executed_tools"|"usage": ?\{|"content": ?\[')
_MARKERS_WITH_CALLS = re.compile(_MARKERS.pattern + '|"tool_calls"')
_PLAIN = "text"
"""The key of the plain reasoning part (details are keyed by their ``index``)."""

_READ = frozenset({"text", "summary", "signature", "data"})
"""Detail members a fragment carries in pieces (an empty piece is not kept: the whole detail has the rest)."""
Fragment = tuple[Any, dict[str, Any]]
"""A reasoning fragment: the key of its part, and its ``Reasoning`` fields and kept members."""


class StreamDecoder:
    """Compatible-server chunks -> canonical events (see the module docstring)."""

    def __init__(self, profile: Profile = GENERIC) -> None:
        self._inner = openai_stream.StreamDecoder(dialect(profile))
        self.warnings: list[ConversionWarning] = self._inner.warnings
        self._profile = profile
        self._markers = _MARKERS_WITH_CALLS if profile.tool_call_ids == "synthesise" else _MARKERS
        self._response_id: str | None = None
        self._reasoning: int | None = None
        self._key: Any = None
        self._kept: dict[str, Any] = {}
        self._positions: dict[Any, int] = {}
        self._flags: set[str] = set()
        self._flag_parts: set[int] = set()
        self._has_calls = False
        self._raw_usage: dict[str, Any] | None = None
        self._tools = executed_tools.StreamedTools()
        self._tool_parts: dict[int, int] = {}  # executed tool index -> its call's part index
        self._chunk_members_reported = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, data: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, data))`` without the object (``EventPump`` calls this)."""
        fragments: list[Fragment] = []
        parsed: dict[str, Any] | None = None  # the chunk as read here, unchanged: the inner decoder takes it as is
        if data[:1] == "{" and self._markers.search(data) is not None:
            try:
                chunk = jiter.from_json(data.encode())
            except ValueError:
                chunk = None  # the inner decoder reports it
            if isinstance(chunk, dict) and chunk.get("error") is None:
                changed = self._prepare(chunk, fragments)
                if changed:
                    data = compact_json(chunk)
                else:
                    parsed = chunk
        opened = [event for fragment in fragments for event in self._fragment(fragment)]
        inner = self._inner.feed_chunk(parsed) if parsed is not None else self._inner.feed_data(event, data)
        return self._after(inner, opened, ending=not fragments)

    def close(self) -> list[StreamEvent]:
        return self._after(self._inner.close(), [], ending=True)

    def _prepare(self, chunk: dict[str, Any], fragments: list[Fragment]) -> bool:
        """Read the quirks of one parsed chunk (its reasoning fragments into ``fragments``); whether the chunk
        was changed."""
        changed = False
        if self._response_id is None:
            self._response_id = chunk["id"] if isinstance(chunk.get("id"), str) else ""
        groq = chunk.get("x_groq")
        if isinstance(groq, dict) and isinstance(groq.get("usage"), dict) and chunk.get("usage") is None:
            chunk["usage"] = groq["usage"]  # the usage, moved where it is read (x_groq keeps the rest: its id)
            chunk["x_groq"] = {key: value for key, value in groq.items() if key != "usage"}
            changed = True
        if isinstance(chunk.get("usage"), dict):
            self._raw_usage = chunk["usage"]
        choices = chunk.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else None
        delta = choice.get("delta") if choice is not None and choice.get("index", 0) == 0 else None
        if not isinstance(delta, dict):
            return changed
        where = f"/{self._inner.position + 1}/choices/0/delta"
        details = delta.get(reasoning.DETAILS) if self._profile.reasoning_details else None
        if details is not None:
            fragments += _detail_fragments(details, f"{where}/{reasoning.DETAILS}", self._profile.issuer)
        else:
            text = read_reasoning(delta, self._profile.reasoning_read, where)
            if text:
                fragments.append((_PLAIN, {"text": text}))
        chunked = chunks.split(delta.get("content"))
        if chunked is not None:  # Mistral's thinking and text chunks (chunks.py)
            if chunked.thinking:
                fragments.append((_PLAIN, {"text": chunked.thinking}))
            if chunked.kept and not self._chunk_members_reported:  # "closed": no streamed part carries it
                self._chunk_members_reported = True
                for member in chunked.kept:
                    Conversion(MANIFESTS[self._profile.name], self.warnings).degrade(
                        "provider.unmapped", f"{where}/content/0/{member}"
                    )
            delta["content"] = chunked.text
            changed = True
        if self._profile.executed_tools and delta.get(executed_tools.EXECUTED) is not None:
            self._tools.add(delta[executed_tools.EXECUTED], f"{where}/{executed_tools.EXECUTED}")
            for index in self._tools.entries:
                if index not in self._tool_parts:
                    self._tool_parts[index] = self._inner.reserve_index()
                    self._inner.reserve_index()  # its result, next to it
        calls = delta.get("tool_calls")
        if self._profile.tool_call_ids == "synthesise" and isinstance(calls, list):
            for call in calls:
                slot = call.get("index") if isinstance(call, dict) else None
                if slot is None or slot in self._positions:
                    continue
                position = self._positions[slot] = len(self._positions)
                if fill_tool_call_ids([call], self._response_id or "", self._profile, f"{where}/tool_calls", position):
                    self._flags.add(call["id"])
                    changed = True
        return changed

    def _fragment(self, fragment: Fragment) -> list[StreamEvent]:
        key, fields = fragment
        out: list[StreamEvent] = []
        if self._reasoning is not None and key != self._key:
            out.append(self._end())
        if self._reasoning is None:
            self._reasoning, self._key, self._kept = self._inner.reserve_index(), key, {}
            start = {name: fields[name] for name in ("issuer", "redacted_data") if name in fields}
            out.append(ReasoningStartEvent(index=self._reasoning, **start))
        self._kept.update(fields.get("kept", {}))
        if "text" in fields:
            out.append(reasoning_text(self._reasoning, fields["text"]))
        if fields.get("signature"):
            out.append(ReasoningDeltaEvent(index=self._reasoning, signature=fields["signature"]))
        return out

    def _end(self) -> ReasoningEndEvent:
        index, key, kept = self._reasoning, self._key, self._kept
        self._reasoning, self._key, self._kept = None, None, {}
        assert index is not None
        if key == _PLAIN:
            return ReasoningEndEvent(index=index)
        return ReasoningEndEvent(index=index, provider_metadata={self._profile.issuer: kept})

    def _after(self, events: list[StreamEvent], opened: list[StreamEvent], *, ending: bool) -> list[StreamEvent]:
        if not opened and self._reasoning is None and len(events) == 1 and events[0].type in _PASS:
            return events
        out: list[StreamEvent] = []
        for inner in events:
            event = inner
            if isinstance(inner, StartEvent):
                if self._response_id is None:
                    self._response_id = "" if inner.id is MISSING else inner.id
            elif (
                self._reasoning is not None
                and inner.type not in _QUIET
                and (isinstance(inner, FinishEvent) or (ending and self._key == _PLAIN))
            ):
                out.append(self._end())
            if isinstance(inner, ToolCallStartEvent):
                self._has_calls = True
                if inner.id in self._flags:
                    self._flag_parts.add(inner.index)
            elif isinstance(inner, ToolCallEndEvent) and inner.index in self._flag_parts:
                event = inner.model_copy(update={"provider_metadata": {PROVIDER: {ID_FLAG: True}}})
            elif isinstance(inner, UsageEvent) and self._raw_usage is not None:
                decoded, _ = usage.decode(self._raw_usage)
                event = UsageEvent(usage=decoded)
            elif isinstance(inner, FinishEvent):
                out += self._ran()
                event = self._finish(inner)
            out.append(event)
            if isinstance(inner, StartEvent):
                out += opened
                opened = []
        return opened + out if opened else out

    def _ran(self) -> list[StreamEvent]:
        """The tools the server ran, whole, each at the indices reserved when it first came."""
        out: list[StreamEvent] = []
        for index, entry in self._tools.entries.items():
            where = f"/{self._inner.position}/executed_tools/{index}"
            call, result = executed_tools.entry_parts(entry, where, self._profile.issuer)
            out.append(PartEvent(index=self._tool_parts[index], part=call))
            out.append(PartEvent(index=self._tool_parts[index] + 1, part=result))
        self._tools.entries = {}
        return out

    def _finish(self, event: FinishEvent) -> FinishEvent:
        raw = event.finish_reason.raw
        if raw is MISSING:
            return event
        manifest = MANIFESTS[self._profile.name]
        reason = finish.decode(raw, has_tool_calls=self._has_calls, manifest=manifest)
        return event.model_copy(update={"finish_reason": reason})


def _detail_fragments(raw: Any, where: str, issuer: str) -> list[Fragment]:
    """The fragments of a chunk's ``reasoning_details``: each entry read as ``reasoning.detail_part`` reads a
    whole detail, keyed by the entry's ``index``."""
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected an array of reasoning details, got {type(raw).__name__}")
    out: list[Fragment] = []
    for i, entry in enumerate(raw):
        part = reasoning.detail_part(entry, f"{where}/{i}", issuer)
        metadata = part.provider_metadata if part.provider_metadata is not MISSING else {}
        kept = {key: value for key, value in metadata.get(issuer, {}).items() if key not in _READ}
        fields: dict[str, Any] = {"issuer": issuer, "kept": kept}
        for name in ("text", "signature", "redacted_data"):
            value = getattr(part.reasoning, name)
            if value is not MISSING:
                fields[name] = value
        out.append((("detail", entry.get("index", i), entry.get("type")), fields))  # index and type: one detail
    return out


class StreamEncoder:
    """Canonical events -> compatible-server chunks (see the module docstring)."""

    def __init__(self, profile: Profile = GENERIC) -> None:
        self._inner = openai_stream.StreamEncoder(dialect(profile))
        self._profile = profile
        self._conv = Conversion(MANIFESTS[profile.name])
        self._parts: dict[int, dict[str, Any] | None] = {}  # reasoning index -> buffered detail (None: plain)

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        profile = self._profile
        match event:
            case ReasoningStartEvent():
                own = event.issuer is not MISSING and event.issuer == profile.issuer and profile.reasoning_details
                if own:
                    start: dict[str, Any] = {"issuer": event.issuer, "text": [], "signature": []}
                    if event.redacted_data is not MISSING:
                        start["redacted_data"] = event.redacted_data
                    self._parts[event.index] = start
                elif event.issuer is MISSING and event.redacted_data is MISSING:
                    self._parts[event.index] = None
                return []
            case ReasoningDeltaEvent() if event.index in self._parts:
                buffered = self._parts[event.index]
                if buffered is not None:
                    for name in ("text", "signature"):
                        if getattr(event, name) is not MISSING:
                            buffered[name].append(getattr(event, name))
                    return []
                text = "" if event.text is MISSING else event.text
                if text and profile.reasoning_chunks:
                    return [self._inner.delta({"content": chunks.write(text, None, {})})]
                return [self._inner.delta({profile.reasoning_fields[0]: text})] if text else []
            case ReasoningEndEvent() if self._parts.get(event.index) is not None:
                return [self._inner.delta({reasoning.DETAILS: [self._detail(event)]})]
            case ReasoningDeltaEvent() | ReasoningEndEvent():
                return []  # the reasoning of a part this encoder does not send
            case PartEvent() if isinstance(event.part, ProviderToolCallPart | ProviderToolResultPart):
                return self._ran(event.part)
            case FinishEvent():
                return self._finish(event)
            case _:
                return self._inner.feed(event)

    def _detail(self, end: ReasoningEndEvent) -> dict[str, Any]:
        buffered = self._parts.pop(end.index) or {}
        fields: dict[str, Any] = {"issuer": buffered["issuer"]}
        if "redacted_data" in buffered:
            fields["redacted_data"] = buffered["redacted_data"]
        if buffered["text"]:
            fields["text"] = "".join(buffered["text"])
        if buffered["signature"]:
            fields["signature"] = "".join(buffered["signature"])
        part = ReasoningPart(reasoning=Reasoning(**fields), provider_metadata=end.provider_metadata)
        return reasoning.detail(part, self._profile.issuer)

    def _ran(self, part: ProviderToolCallPart | ProviderToolResultPart) -> list[SseEvent]:
        value: Any = part.provider_tool_call if isinstance(part, ProviderToolCallPart) else part.provider_tool_result
        if self._profile.executed_tools and value.issuer == self._profile.issuer:
            return [self._inner.delta({executed_tools.EXECUTED: [dict(value.block)]})] if value.block else []
        return self._inner.feed(PartEvent(index=0, part=part))  # refused: no place for it

    def _finish(self, event: FinishEvent) -> list[SseEvent]:
        sent = finish.encode(event.finish_reason, self._conv)
        # a value outside OpenAI's table goes out as it is when its stand-in kind has no OpenAI default
        kind = OPENAI.finish_reasons.get(sent, "other")
        stand_in = event.model_copy(update={"finish_reason": FinishReason(kind=kind, raw=sent)})  # type: ignore[arg-type]
        return self._inner.feed(stand_in)

    def close(self) -> list[SseEvent]:
        return self._inner.close()
