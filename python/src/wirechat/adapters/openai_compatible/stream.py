"""OpenAI-compatible ``chat.completion.chunk`` streams <-> canonical stream events: openai-chat's codec
(``openai_chat.stream``) wrapped with the profile's quirks.

Decoding: a chunk is parsed a second time only when its text holds a marker of a quirk (``"reasoning``,
``"x_groq"``, ``"timings"``, a usage object, and ``"tool_calls"`` for profiles whose servers may omit
ids). Reasoning deltas (``reasoning_content`` / ``reasoning``) open a reasoning part whose index is reserved
in the inner decoder before the chunk's other parts, so the folded parts come in the order the body
decoder gives (reasoning first); it ends when a chunk brings something else. A tool call's first fragment
without an id gets ``shapes.synthesised_id`` (same position and response id as the whole body, so the
same id), flagged on its ``tool_call_end``. Groq's ``x_groq.usage`` becomes the usage, and usage is read
as ``usage.py`` reads it; the finish reason is read with the profile's table and llama-server's
``timings`` join the finish event's provider data.
Encoding: openai-chat's encoder, with the profile's finish reason and the usage members restored.
"""

from __future__ import annotations

import re
from typing import Any

import jiter
from pydantic import MISSING

from wirechat._generated.models import (
    FinishEvent,
    FinishReason,
    ReasoningEndEvent,
    ReasoningStartEvent,
    StartEvent,
    StreamEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat._stream_events import reasoning_text
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters._conversion import Conversion, compact_json, metadata_for
from wirechat.adapters.openai_chat import stream as openai_stream
from wirechat.adapters.openai_chat.manifest import MANIFEST as OPENAI
from wirechat.adapters.openai_compatible import finish, usage
from wirechat.adapters.openai_compatible.manifest import MANIFESTS
from wirechat.adapters.openai_compatible.profiles import GENERIC, Profile
from wirechat.adapters.openai_compatible.response import SERVER_MEMBERS, fill_tool_call_ids
from wirechat.adapters.openai_compatible.shapes import ID_FLAG, PROVIDER, read_reasoning

__all__ = ["StreamDecoder", "StreamEncoder"]

_QUIET = frozenset({"start", "usage"})
"""Inner events that do not end an open reasoning part."""
_PASS = frozenset({"text_delta", "tool_call_delta"})
"""Inner events passed on as they are when no reasoning part is open (the common chunk: one delta)."""
_MARKERS = re.compile(r'"reasoning|"x_groq"|"timings"|"usage": ?\{')
_MARKERS_WITH_CALLS = re.compile(_MARKERS.pattern + '|"tool_calls"')


class StreamDecoder:
    """Compatible-server chunks -> canonical events (see the module docstring)."""

    def __init__(self, profile: Profile = GENERIC) -> None:
        self._inner = openai_stream.StreamDecoder()
        self.warnings: list[ConversionWarning] = self._inner.warnings
        self._profile = profile
        self._markers = _MARKERS_WITH_CALLS if profile.tool_call_ids == "synthesise" else _MARKERS
        self._response_id: str | None = None
        self._reasoning: int | None = None
        self._positions: dict[Any, int] = {}
        self._flags: set[str] = set()
        self._flag_parts: set[int] = set()
        self._server: dict[str, Any] = {}
        self._has_calls = False
        self._usage_extra: dict[str, Any] | None = None
        self._raw_usage: dict[str, Any] | None = None

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        return self.feed_data(event.event, event.data)

    def feed_data(self, event: str | None, data: str) -> list[StreamEvent]:
        """``feed(SseEvent(event, data))`` without the object (``EventPump`` calls this)."""
        reasoning = None
        parsed: dict[str, Any] | None = None  # the chunk as read here, unchanged: the inner decoder takes it as is
        if data[:1] == "{" and self._markers.search(data) is not None:
            try:
                chunk = jiter.from_json(data.encode())
            except ValueError:
                chunk = None  # the inner decoder reports it
            if isinstance(chunk, dict) and chunk.get("error") is None:
                reasoning, changed = self._prepare(chunk)
                if changed:
                    data = compact_json(chunk)
                else:
                    parsed = chunk
        opened: list[StreamEvent] = []
        if reasoning and self._reasoning is None:
            self._reasoning = self._inner.reserve_index()
            opened.append(ReasoningStartEvent(index=self._reasoning))
        if reasoning:
            opened.append(reasoning_text(self._reasoning, reasoning))  # type: ignore[arg-type]
        inner = self._inner.feed_chunk(parsed) if parsed is not None else self._inner.feed_data(event, data)
        return self._after(inner, opened, ending=not reasoning)

    def close(self) -> list[StreamEvent]:
        return self._after(self._inner.close(), [], ending=True)

    def _prepare(self, chunk: dict[str, Any]) -> tuple[str | None, bool]:
        """Read the quirks of one parsed chunk: its reasoning text, and whether the chunk was changed."""
        changed = False
        if self._response_id is None:
            self._response_id = chunk["id"] if isinstance(chunk.get("id"), str) else ""
        groq = chunk.get("x_groq")
        if isinstance(groq, dict) and isinstance(groq.get("usage"), dict) and chunk.get("usage") is None:
            chunk["usage"] = groq["usage"]
            changed = True
        for key in SERVER_MEMBERS:
            if chunk.get(key) is not None:
                self._server[key] = chunk[key]
        if isinstance(chunk.get("usage"), dict):
            self._raw_usage = chunk["usage"]
        choices = chunk.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else None
        delta = choice.get("delta") if choice is not None and choice.get("index", 0) == 0 else None
        if not isinstance(delta, dict):
            return None, changed
        reasoning = read_reasoning(delta, self._profile.reasoning_read, "/choices/0/delta")
        calls = delta.get("tool_calls")
        if self._profile.tool_call_ids == "synthesise" and isinstance(calls, list):
            for call in calls:
                slot = call.get("index") if isinstance(call, dict) else None
                if slot is None or slot in self._positions:
                    continue
                position = self._positions[slot] = len(self._positions)
                where = "/choices/0/delta/tool_calls"
                if fill_tool_call_ids([call], self._response_id or "", self._profile, where, position):
                    self._flags.add(call["id"])
                    changed = True
        return reasoning, changed

    def _after(self, events: list[StreamEvent], opened: list[StreamEvent], *, ending: bool) -> list[StreamEvent]:
        if not opened and self._reasoning is None and len(events) == 1 and events[0].type in _PASS:
            return events
        out: list[StreamEvent] = []
        for inner in events:
            event = inner
            if isinstance(inner, StartEvent):
                if self._response_id is None:
                    self._response_id = "" if inner.id is MISSING else inner.id
            elif self._reasoning is not None and ending and inner.type not in _QUIET:
                out.append(ReasoningEndEvent(index=self._reasoning))
                self._reasoning = None
            if isinstance(inner, ToolCallStartEvent):
                self._has_calls = True
                if inner.id in self._flags:
                    self._flag_parts.add(inner.index)
            elif isinstance(inner, ToolCallEndEvent) and inner.index in self._flag_parts:
                event = inner.model_copy(update={"provider_metadata": {PROVIDER: {ID_FLAG: True}}})
            elif isinstance(inner, UsageEvent) and self._raw_usage is not None:
                decoded, self._usage_extra = usage.decode(self._raw_usage)
                event = UsageEvent(usage=decoded)
            elif isinstance(inner, FinishEvent):
                event = self._finish(inner)
            out.append(event)
            if isinstance(inner, StartEvent):
                out += opened
                opened = []
        return opened + out if opened else out

    def _finish(self, event: FinishEvent) -> FinishEvent:
        raw = event.finish_reason.raw
        update: dict[str, Any] = {}
        if raw is not MISSING:
            manifest = MANIFESTS[self._profile.name]
            update["finish_reason"] = finish.decode(raw, has_tool_calls=self._has_calls, manifest=manifest)
        if self._server or self._usage_extra:
            own, _ = metadata_for(event.provider_metadata, PROVIDER)
            own.update(self._server)
            if self._usage_extra:
                own["usage"] = self._usage_extra
            update["provider_metadata"] = {PROVIDER: own}
        return event.model_copy(update=update)


class StreamEncoder:
    """Canonical events -> compatible-server chunks: openai-chat's encoder (reasoning is not sent), with the
    finish reason spelled from the profile's table and the server's usage members and ``timings`` kept."""

    def __init__(self, profile: Profile = GENERIC) -> None:
        self._inner = openai_stream.StreamEncoder()
        self._conv = Conversion(MANIFESTS[profile.name])

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        if not isinstance(event, FinishEvent):
            return self._inner.feed(event)
        sent = finish.encode(event.finish_reason, self._conv)
        # a value outside OpenAI's table goes out as it is when its stand-in kind has no OpenAI default
        kind = OPENAI.finish_reasons.get(sent, "other")
        stand_in = event.model_copy(update={"finish_reason": FinishReason(kind=kind, raw=sent)})  # type: ignore[arg-type]
        out = self._inner.feed(stand_in)
        own, _ = metadata_for(event.provider_metadata, PROVIDER)
        members = (own.get("usage") or {}).get("members")
        server = {key: own[key] for key in SERVER_MEMBERS if key in own}
        if (members or server) and len(out) >= 2:
            last = jiter.from_json(out[-2].data.encode())
            if members and isinstance(last.get("usage"), dict):
                last["usage"].update({k: v for k, v in members.items() if k not in last["usage"]})
            last.update(server)
            out[-2] = SseEvent(None, compact_json(last))
        return out

    def close(self) -> list[SseEvent]:
        return self._inner.close()
