"""The independent reader of Gemini ``generateContent`` bodies (responses and streams), from the API reference. Only
the first candidate is read.

Parts: ``text`` is text, or reasoning when ``thought`` is true; ``functionCall`` is a call the caller runs, its id
the call's ``id`` or ``gemini_call_<k>`` (k counting the document's function calls from 0, spec section 10);
``executableCode`` is a call the provider ran (``code_execution``, id ``gemini_code_<k>`` counting the document's
executableCode parts, unless the part has its own ``id``). Gemini 3 streams a call's arguments: a ``functionCall``
with ``willContinue`` opens it, ``partialArgs`` (``jsonPath`` and a ``stringValue`` to append, or a number, bool or
null value) fill it, and one without ``willContinue`` closes it. Usage in the canonical meaning (spec section 7):
input = ``promptTokenCount`` + ``toolUsePromptTokenCount``; output = ``candidatesTokenCount`` +
``thoughtsTokenCount``; cache read = ``cachedContentTokenCount``; reasoning = ``thoughtsTokenCount``; in a stream
the last ``usageMetadata`` with counts. Finish raw = the candidate's ``finishReason``.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from wirechat_conformance.recorded.readers.reading import Call, Piece, ProviderCall, Reading, pointer
from wirechat_conformance.recorded.sse import Event

__all__ = ["read_response", "read_stream"]

_PATH = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\['([^']*)'\]|\[\"([^\"]*)\"\]")
_VALUES = ("numberValue", "boolValue", "nullValue", "structValue", "listValue")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _usage(counts: dict[str, Any]) -> dict[str, int | None]:
    prompt, tool_prompt = _int(counts.get("promptTokenCount")), _int(counts.get("toolUsePromptTokenCount"))
    candidates, thoughts = _int(counts.get("candidatesTokenCount")), _int(counts.get("thoughtsTokenCount"))
    given = None if prompt is None and tool_prompt is None else (prompt or 0) + (tool_prompt or 0)
    output = None if candidates is None and thoughts is None else (candidates or 0) + (thoughts or 0)
    return {
        "input_tokens": given,
        "output_tokens": output,
        "total_tokens": None if given is None or output is None else given + output,
        "cache_read_input_tokens": _int(counts.get("cachedContentTokenCount")),
        "cache_write_input_tokens": None,
        "reasoning_output_tokens": thoughts,
    }


def _has_counts(usage: Any) -> bool:
    return isinstance(usage, dict) and any(key.endswith("TokenCount") for key in usage)


_VERTEX_FINISH = {0: "FINISH_REASON_UNSPECIFIED", 1: "STOP", 2: "MAX_TOKENS", 3: "SAFETY", 4: "RECITATION", 5: "OTHER"}
"""Vertex AI's JSON sometimes writes the FinishReason enum by number (the google.cloud.aiplatform.v1 proto's
values); the name is what the Gemini API writes."""


class _Reader:
    """Reads parts in document order, keeping the call counters and a streamed call being assembled."""

    def __init__(self) -> None:
        self.reading = Reading()
        self.calls = 0
        self.code = 0
        self.open: dict[str, Any] | None = None

    def part(self, part: dict[str, Any], at: str) -> None:
        if isinstance(part.get("text"), str):
            pieces = self.reading.reasoning if part.get("thought") is True else self.reading.texts
            pieces.append(Piece(f"{at}/text", part["text"]))
        elif isinstance(part.get("functionCall"), dict):
            self._function_call(part["functionCall"], f"{at}/functionCall")
        elif isinstance(part.get("executableCode"), dict):
            given = part["executableCode"].get("id")
            call_id = given if isinstance(given, str) and given else f"gemini_code_{self.code}"
            self.reading.provider_calls.append(ProviderCall(f"{at}/executableCode", call_id, "code_execution"))
            self.code += 1

    def _function_call(self, call: dict[str, Any], at: str) -> None:
        if self.open is not None:
            for partial in call.get("partialArgs") or []:
                _apply(self.open["args"], partial)
            if call.get("willContinue") is not True:
                opened, self.open = self.open, None
                self._add(opened["call"], opened["args"], opened["at"])
            return
        if call.get("willContinue") is True and "args" not in call:
            self.open = {"call": call, "args": {}, "at": at}
            for partial in call.get("partialArgs") or []:
                _apply(self.open["args"], partial)
            return
        self._add(call, call.get("args") or {}, at)

    def _add(self, call: dict[str, Any], arguments: Any, at: str) -> None:
        ident = call.get("id") or f"gemini_call_{self.calls}"
        self.calls += 1
        self.reading.tool_calls.append(Call(at, ident, call.get("name", ""), arguments))

    def close(self) -> None:
        """A call the stream opened and never closed counts with the arguments that arrived."""
        if self.open is not None:
            opened, self.open = self.open, None
            self._add(opened["call"], opened["args"], opened["at"])

    def chunk(self, body: dict[str, Any], at: str) -> None:
        self.reading.id = self.reading.id or body.get("responseId")
        candidates = body.get("candidates") or []
        if candidates and isinstance(candidates[0], dict):
            candidate = candidates[0]
            for i, part in enumerate((candidate.get("content") or {}).get("parts") or []):
                if isinstance(part, dict):
                    self.part(part, f"{at}/candidates/0/content/parts/{i}")
            if candidate.get("finishReason") is not None:
                raw = candidate["finishReason"]
                self.reading.finish = _VERTEX_FINISH.get(raw, str(raw)) if isinstance(raw, int) else raw
                self.reading.finish_at = f"{at}/candidates/0/finishReason"
        if _has_counts(body.get("usageMetadata")):
            self.reading.usage, self.reading.usage_at = _usage(body["usageMetadata"]), f"{at}/usageMetadata"
        if "error" in body:
            self.reading.error = f"{at}/error"


def _apply(arguments: dict[str, Any], partial: Any) -> None:
    """Set one ``partialArgs`` entry into ``arguments``: a string value appends, any other sets."""
    if not isinstance(partial, dict) or not isinstance(partial.get("jsonPath"), str):
        return
    steps = [m.group(1) or m.group(3) or m.group(4) or int(m.group(2)) for m in _PATH.finditer(partial["jsonPath"])]
    if not steps:
        return
    target: Any = arguments
    for step, following in itertools.pairwise(steps):
        empty: Any = [] if isinstance(following, int) else {}
        if isinstance(target, list):
            while len(target) <= int(step):
                target.append(None)
            target[int(step)] = target[int(step)] if target[int(step)] is not None else empty
            target = target[int(step)]
        else:
            target = target.setdefault(step, empty)
    last = steps[-1]
    if "stringValue" in partial:
        previous = target[last] if isinstance(target, dict) and isinstance(target.get(last), str) else ""
        value: Any = previous + str(partial["stringValue"])
    else:
        value = next((partial[key] for key in _VALUES if key in partial), None)
    if isinstance(target, list):
        while len(target) <= int(last):
            target.append(None)
        target[int(last)] = value
    else:
        target[last] = value


def read_response(body: dict[str, Any]) -> Reading:
    reader = _Reader()
    reader.chunk(body, "")
    return reader.reading


def read_stream(events: list[Event]) -> Reading:
    """The reading of a stream's chunks (SSE events, or a json-array stream's elements); pointers ``/<n>/...``."""
    reader = _Reader()
    for n, event in enumerate(events):
        try:
            chunk = json.loads(event.data)
        except ValueError:
            continue
        if isinstance(chunk, dict):
            reader.chunk(chunk, pointer(n))
    reader.close()
    return reader.reading
