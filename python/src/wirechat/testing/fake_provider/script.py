"""The script a fake provider plays: one turn per request, each a reply, a raw payload or a fault.

A script is a JSON array of turns, a JSON object ``{"turns": [...], "loop": true}`` (``loop`` starts over
after the last turn instead of answering "script exhausted"), or NDJSON with one turn per line. A turn:

``reply``   what the model says, rendered in the provider's own wire format, streamed or not as the
            request asks: ``text``, ``reasoning`` (``{"text", "signature"}``, Anthropic only),
            ``tool_calls`` (``[{"id", "name", "arguments"}]``, arguments an object or a JSON string),
            ``finish`` (the provider's raw finish reason; by default the natural one), ``usage``
            (``{"input", "output", "cache_read", "cache_write", "reasoning"}`` in wirechat's meanings,
            converted to the provider's), ``id``, ``model``, ``chunk_size`` (characters per streamed
            fragment, default 8), ``interleave`` (stream parallel tool calls' fragments alternately),
            ``embeddings`` (for an embeddings request; small fixed vectors, one per input, of the
            request's ``dimensions`` or 3, when absent), ``web_search`` (a search the provider ran
            itself before the text: ``{"id", "query", "results": [{"url", "title", "cited_text"}]}``;
            the text cites each result that has a ``cited_text``; anthropic and openai-responses). A
            completions request (openai-chat ``/v1/completions``) takes ``text``, ``finish``, ``usage``,
            ``id`` and ``model``.
``raw``     an exact answer: ``{"status", "headers", "body"}`` (JSON) or ``{"status", "headers", "sse":
            [{"event", "data"}]}`` (``data`` a string, or JSON that is serialised).
``fault``   ``{"type": "status", "status": 429, "retry_after": 1, "retry_after_ms": 20, "should_retry":
            true, "error_type": ..., "code": ..., "message": ...}``: an HTTP error in the provider's
            format (retry headers only when given); ``{"type": "drop", "after": N}``: close the connection
            after N stream events (with N = 0, the default, or for a non-streamed request: before any
            byte of the answer); ``{"type": "malformed", "after":
            N}``: a stream event whose JSON is cut short (a truncated body for a non-streamed request);
            ``{"type": "error_event", "after": N, "error_type": ..., "message": ...}``: a 200 stream that
            carries the provider's error event after N events (the matching HTTP error when not streamed).
``hostile`` an answer from the client fault suite (a body too large, a gzip bomb, an SSE line that never
            ends, a redirect, a body trickled byte by byte): ``wirechat.testing.fake_provider.hostile``.
``delay_ms`` a pause before each stream event (a slow stream), or before a non-streamed answer.
``repeat``  how many requests this turn answers (default 1).

Every request takes the next turn, whatever its endpoint, and faults apply to every endpoint.

A fault with a reply (``{"fault": {"type": "drop", "after": 3}, "reply": {...}}``) plays that reply up to
the fault. ``load_script`` reports every mistake with the turn number and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from wirechat.testing.fake_provider.hostile import Hostile, HostileError, parse_hostile

__all__ = [
    "Fault",
    "RawAnswer",
    "Reply",
    "Script",
    "ScriptError",
    "ScriptedSearch",
    "ScriptedToolCall",
    "SearchResult",
    "Turn",
    "Usage",
    "load_script",
    "parse_script",
]

FaultType = Literal["status", "drop", "malformed", "error_event"]
FAULT_TYPES: tuple[FaultType, ...] = ("status", "drop", "malformed", "error_event")


class ScriptError(ValueError):
    """A script that cannot be played: ``where`` names the turn and field."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


@dataclass(frozen=True)
class ScriptedToolCall:
    id: str
    name: str
    arguments: str  # the exact JSON text the model "produced"

    def arguments_object(self) -> dict[str, Any]:
        value = json.loads(self.arguments) if self.arguments.strip() else {}
        if not isinstance(value, dict):
            raise ValueError("the arguments are not a JSON object")
        return value


@dataclass(frozen=True)
class SearchResult:
    url: str
    title: str
    cited_text: str | None = None


@dataclass(frozen=True)
class ScriptedSearch:
    """A web search the provider ran itself: its call id, the query, and what it found."""

    id: str
    query: str
    results: tuple[SearchResult, ...] = ()


@dataclass(frozen=True)
class Usage:
    """Token counts in wirechat's meanings: ``input`` includes cached tokens, ``output`` reasoning ones."""

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0
    reasoning: int = 0


@dataclass(frozen=True)
class Reply:
    text: str | None = None
    reasoning_text: str | None = None
    reasoning_signature: str | None = None
    tool_calls: tuple[ScriptedToolCall, ...] = ()
    finish: str | None = None
    usage: Usage | None = None
    id: str | None = None
    model: str | None = None
    chunk_size: int = 8
    interleave: bool = False
    embeddings: tuple[tuple[float, ...], ...] | None = None
    web_search: ScriptedSearch | None = None


@dataclass(frozen=True)
class RawAnswer:
    status: int
    headers: dict[str, str]
    body: Any = None
    sse: tuple[tuple[str | None, str], ...] | None = None


@dataclass(frozen=True)
class Fault:
    type: FaultType
    status: int | None = None
    after: int = 0
    retry_after: str | None = None
    retry_after_ms: int | None = None
    should_retry: bool | None = None
    error_type: str | None = None
    code: str | None = None
    message: str | None = None


@dataclass(frozen=True)
class Turn:
    reply: Reply | None = None
    raw: RawAnswer | None = None
    fault: Fault | None = None
    delay_ms: int = 0
    repeat: int = 1
    hostile: Hostile | None = None


@dataclass(frozen=True)
class Script:
    turns: tuple[Turn, ...] = ()
    loop: bool = False


def _expect(where: str, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    if isinstance(value, bool) and kind in (int, float, (int, float)):
        raise ScriptError(where, f"must be {what}, got {json.dumps(value)}")
    if not isinstance(value, kind):
        raise ScriptError(where, f"must be {what}, got {json.dumps(value)[:80]}")
    return value


def _check_keys(where: str, obj: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise ScriptError(where, f"unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")


def _count(where: str, value: Any, minimum: int = 0) -> int:
    number = _expect(where, value, int, "a whole number")
    if number < minimum:
        raise ScriptError(where, f"must be at least {minimum}, got {number}")
    return int(number)


def _tool_call(where: str, obj: Any) -> ScriptedToolCall:
    _expect(where, obj, dict, "an object {id, name, arguments}")
    _check_keys(where, obj, {"id", "name", "arguments"})
    for key in ("id", "name"):
        _expect(f"{where}.{key}", obj.get(key), str, "a string")
    arguments = obj.get("arguments", {})
    if isinstance(arguments, dict):
        text = json.dumps(arguments, separators=(",", ":"), ensure_ascii=False)
    else:
        text = _expect(f"{where}.arguments", arguments, str, "an object or a JSON string")
    return ScriptedToolCall(obj["id"], obj["name"], text)


def _usage(where: str, obj: Any) -> Usage:
    _expect(where, obj, dict, "an object")
    _check_keys(where, obj, {"input", "output", "cache_read", "cache_write", "reasoning"})
    usage = Usage(**{key: _count(f"{where}.{key}", value) for key, value in obj.items()})
    if usage.cache_read + usage.cache_write > usage.input:
        raise ScriptError(where, "cache_read + cache_write cannot exceed input (input includes cached tokens)")
    if usage.reasoning > usage.output:
        raise ScriptError(where, "reasoning cannot exceed output (output includes reasoning tokens)")
    return usage


def _web_search(where: str, obj: Any) -> ScriptedSearch:
    _expect(where, obj, dict, "an object {id, query, results}")
    _check_keys(where, obj, {"id", "query", "results"})
    for key in ("id", "query"):
        _expect(f"{where}.{key}", obj.get(key), str, "a string")
    results = []
    for i, result in enumerate(_expect(f"{where}.results", obj.get("results", []), list, "a list")):
        spot = f"{where}.results[{i}]"
        _expect(spot, result, dict, "an object {url, title, cited_text}")
        _check_keys(spot, result, {"url", "title", "cited_text"})
        for key in ("url", "title"):
            _expect(f"{spot}.{key}", result.get(key), str, "a string")
        if "cited_text" in result:
            _expect(f"{spot}.cited_text", result["cited_text"], str, "a string")
        results.append(SearchResult(result["url"], result["title"], result.get("cited_text")))
    return ScriptedSearch(obj["id"], obj["query"], tuple(results))


def _reply(where: str, obj: Any) -> Reply:
    _expect(where, obj, dict, "an object")
    allowed = {"text", "reasoning", "tool_calls", "finish", "usage", "id", "model", "chunk_size", "interleave"}
    _check_keys(where, obj, allowed | {"embeddings", "web_search"})
    fields: dict[str, Any] = {}
    for key in ("text", "finish", "id", "model"):
        if key in obj:
            fields[key] = _expect(f"{where}.{key}", obj[key], str, "a string")
    if "reasoning" in obj:
        reasoning = _expect(f"{where}.reasoning", obj["reasoning"], dict, "an object {text, signature}")
        _check_keys(f"{where}.reasoning", reasoning, {"text", "signature"})
        fields["reasoning_text"] = _expect(f"{where}.reasoning.text", reasoning.get("text", ""), str, "a string")
        if "signature" in reasoning:
            fields["reasoning_signature"] = _expect(f"{where}.reasoning.signature", reasoning["signature"], str,
                                                    "a string")  # fmt: skip
    calls = _expect(f"{where}.tool_calls", obj.get("tool_calls", []), list, "a list")
    fields["tool_calls"] = tuple(_tool_call(f"{where}.tool_calls[{i}]", call) for i, call in enumerate(calls))
    if "usage" in obj:
        fields["usage"] = _usage(f"{where}.usage", obj["usage"])
    if "chunk_size" in obj:
        fields["chunk_size"] = _count(f"{where}.chunk_size", obj["chunk_size"], minimum=1)
    if "interleave" in obj:
        fields["interleave"] = _expect(f"{where}.interleave", obj["interleave"], bool, "true or false")
    if "embeddings" in obj:
        vectors = _expect(f"{where}.embeddings", obj["embeddings"], list, "a list of lists of numbers")
        rows = []
        for i, vector in enumerate(vectors):
            _expect(f"{where}.embeddings[{i}]", vector, list, "a list of numbers")
            rows.append(tuple(float(_expect(f"{where}.embeddings[{i}]", x, (int, float), "numbers")) for x in vector))
        fields["embeddings"] = tuple(rows)
    if "web_search" in obj:
        fields["web_search"] = _web_search(f"{where}.web_search", obj["web_search"])
    return Reply(**fields)


def _raw(where: str, obj: Any) -> RawAnswer:
    _expect(where, obj, dict, "an object {status, headers, body} or {status, headers, sse}")
    _check_keys(where, obj, {"status", "headers", "body", "sse"})
    status = _count(f"{where}.status", obj.get("status", 200), minimum=100)
    headers = _expect(f"{where}.headers", obj.get("headers", {}), dict, "an object of strings")
    for name, value in headers.items():
        _expect(f"{where}.headers.{name}", value, str, "a string")
    if ("body" in obj) == ("sse" in obj):
        raise ScriptError(where, "give exactly one of body (a JSON answer) and sse (a list of events)")
    if "body" in obj:
        return RawAnswer(status, dict(headers), body=obj["body"])
    events = []
    for i, event in enumerate(_expect(f"{where}.sse", obj["sse"], list, "a list of {event, data}")):
        spot = f"{where}.sse[{i}]"
        _expect(spot, event, dict, "an object {event, data}")
        _check_keys(spot, event, {"event", "data"})
        name = event.get("event")
        if name is not None:
            _expect(f"{spot}.event", name, str, "a string")
        data = event.get("data", "")
        events.append((name, data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))))
    return RawAnswer(status, dict(headers), sse=tuple(events))


def _fault(where: str, obj: Any) -> Fault:
    _expect(where, obj, dict, "an object with a type")
    kind = obj.get("type")
    if kind not in FAULT_TYPES:
        raise ScriptError(f"{where}.type", f"must be one of {', '.join(FAULT_TYPES)}, got {json.dumps(kind)}")
    allowed = {"type", "status", "after", "retry_after", "retry_after_ms", "should_retry", "error_type", "code",
               "message"}  # fmt: skip
    _check_keys(where, obj, allowed)
    fields: dict[str, Any] = {"type": kind}
    if kind == "status":
        fields["status"] = _count(f"{where}.status", obj.get("status"), minimum=400)
    elif "status" in obj:
        raise ScriptError(f"{where}.status", "only a status fault has a status")
    if "after" in obj:
        fields["after"] = _count(f"{where}.after", obj["after"])
    if "retry_after" in obj:
        value = _expect(f"{where}.retry_after", obj["retry_after"], (int, float, str), "seconds or an HTTP date")
        fields["retry_after"] = str(value)
    if "retry_after_ms" in obj:
        fields["retry_after_ms"] = _count(f"{where}.retry_after_ms", obj["retry_after_ms"])
    if "should_retry" in obj:
        fields["should_retry"] = _expect(f"{where}.should_retry", obj["should_retry"], bool, "true or false")
    for key in ("error_type", "code", "message"):
        if key in obj:
            fields[key] = _expect(f"{where}.{key}", obj[key], str, "a string")
    return Fault(**fields)


def _turn(where: str, obj: Any) -> Turn:
    _expect(where, obj, dict, "an object with reply, raw or fault")
    _check_keys(where, obj, {"reply", "raw", "fault", "delay_ms", "repeat", "hostile"})
    if not any(key in obj for key in ("reply", "raw", "fault", "hostile")):
        raise ScriptError(where, "needs a reply, a raw answer, a fault or a hostile answer")
    for alone in ("raw", "hostile"):
        if alone in obj and len({"reply", "fault", "raw", "hostile"} & set(obj)) > 1:
            raise ScriptError(where, f"a {alone} answer stands alone (no reply, fault or other answer beside it)")
    hostile = None
    if "hostile" in obj:
        try:
            hostile = parse_hostile(f"{where}.hostile", obj["hostile"])
        except HostileError as error:
            raise ScriptError(error.where, error.message) from None
    return Turn(
        reply=_reply(f"{where}.reply", obj["reply"]) if "reply" in obj else None,
        raw=_raw(f"{where}.raw", obj["raw"]) if "raw" in obj else None,
        fault=_fault(f"{where}.fault", obj["fault"]) if "fault" in obj else None,
        delay_ms=_count(f"{where}.delay_ms", obj.get("delay_ms", 0)),
        repeat=_count(f"{where}.repeat", obj.get("repeat", 1), minimum=1),
        hostile=hostile,
    )


def parse_script(document: Any) -> Script:
    """A ``Script`` from parsed JSON: a list of turns or ``{"turns": [...], "loop": bool}``."""
    loop = False
    if isinstance(document, dict):
        _check_keys("script", document, {"turns", "loop"})
        loop = _expect("script.loop", document.get("loop", False), bool, "true or false")
        document = document.get("turns", [])
    _expect("script", document, list, "a list of turns, or an object {turns, loop}")
    return Script(tuple(_turn(f"turn {i + 1}", turn) for i, turn in enumerate(document)), loop=loop)


def load_script(source: str | Path) -> Script:
    """Read a script file: JSON (a list, or ``{turns, loop}``) or NDJSON (one turn per line)."""
    text = Path(source).read_text(encoding="utf-8")
    try:
        document = json.loads(text)
        if isinstance(document, dict) and "turns" not in document and "loop" not in document:
            document = [document]  # NDJSON with a single turn
        return parse_script(document)
    except json.JSONDecodeError as whole_error:
        turns = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                turns.append(json.loads(line))
            except json.JSONDecodeError as error:
                if number == 1:
                    raise ScriptError(str(source), f"not JSON or NDJSON: {whole_error}") from None
                raise ScriptError(f"{source}:{number}", f"not JSON: {error.msg}") from None
        return parse_script(turns)
