"""The cross-language adapter vectors: the Python adapters' verdicts as data, and the check that every
language that has an adapter agrees with them (``wirechat conformance --adapter NAME``).

``conformance/cases/adapters/<adapter>.ndjson`` holds one JSON object a line, each with a ``kind``, a factual
``description``, its input and the expected output (the table is in that folder's README). ``build`` makes them
from the Python adapter (the gate's strategies with a fixed seed, the schema's examples, the recorded
fixtures whole and cut, the error tables, hand-written provider bodies and bad input); ``replay`` recomputes
one line from its input, so ``adapter_vector_checks.check_python`` holds the Python adapter to the file it
wrote (a change to an adapter that moves a vector shows there, and ``--write-adapter-vectors`` writes the file
again, for the other languages to follow). Go (``go/adapters/vectors_test.go``) and TypeScript read the same files.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from wirechat import ChatRequest, ChatResponse, CompleteRequest, EmbedRequest, WireError, encode, fold
from wirechat.adapters import Adapter, CompleteCodec, ConversionRefused, ConversionWarning, EmbedCodec, get
from wirechat.exchange import SseEvent
from wirechat.stream import events_from_response
from wirechat.testing.draws import draw_examples
from wirechat.testing.gate_strategies import requests, responses
from wirechat_conformance.adapter_vector_bodies import (
    ANTHROPIC_BODIES,
    ANTHROPIC_TOOL_INPUTS,
    CANONICAL_REQUESTS,
    COMPLETE_BODIES,
    COMPLETE_REQUESTS,
    EMBED_BODIES,
    EMBED_REQUESTS,
    OPENAI_BODIES,
)
from wirechat_conformance.adapter_vector_querymt import QUERYMT_BODIES, QUERYMT_REPLIES, QUERYMT_REQUESTS

__all__ = [
    "COMPATIBLE_PROFILES",
    "PORTED",
    "VECTOR_ADAPTERS",
    "build",
    "replay",
    "stale",
    "vector_file_stem",
    "vectors_path",
    "write",
]

COMPATIBLE_PROFILES = ("deepseek", "groq", "llama-cpp", "lm-studio", "mistral", "ollama", "openrouter", "vllm")
_COMPATIBLE = ("openai-compatible", *(f"openai-compatible:{p}" for p in COMPATIBLE_PROFILES))
"""The openai-compatible adapter's names: the generic profile and each named one."""
VECTOR_ADAPTERS = (
    "openai-chat",
    "anthropic",
    "gemini",
    "openai-responses",
    "openai-compatible",
    *(f"openai-compatible:{profile}" for profile in COMPATIBLE_PROFILES),
    "querymt",
    "go-model",
)
"""The adapters whose verdicts are written as vectors for the other languages: every HTTP adapter, every
compatible-server profile, and the two in-process codecs (querymt, go-model), which have no HTTP side."""
PORTED: dict[str, frozenset[str]] = {
    "typescript": frozenset(
        {
            "openai-chat",
            "anthropic",
            "openai-responses",
            "gemini",
            "openai-compatible",
            *(f"openai-compatible:{p}" for p in COMPATIBLE_PROFILES),
            "querymt",
            "go-model",
        }
    ),
    "go": frozenset({"openai-chat", "anthropic", "gemini", "openai-responses", *_COMPATIBLE, "querymt", "go-model"}),
}
"""The adapters each other language implements today: ``--adapter NAME`` reports "not ported" for the rest
rather than running a test that cannot pass."""
COUNT = 40
Line = dict[str, Any]


def vectors_path(root: Path, name: str) -> Path:
    """``<adapter>.ndjson``; a compatible profile ``openai-compatible:groq`` is ``openai-compatible.groq.ndjson``
    (no colon in a file name, for the checkouts of systems that refuse one)."""
    return root / "conformance" / "cases" / "adapters" / f"{vector_file_stem(name)}.ndjson"


def vector_file_stem(name: str) -> str:
    return name.replace(":", ".")


def _hand_bodies(name: str) -> Sequence[Any]:
    """The hand-written provider request bodies in ``name``'s own format (none for formats the recorded corpus
    covers instead)."""
    if name == "openai-chat" or name.startswith("openai-compatible"):
        return OPENAI_BODIES
    return {"anthropic": ANTHROPIC_BODIES, "querymt": QUERYMT_BODIES}.get(name, ())


def _generated(adapter: Adapter, strategy: Callable[[Adapter], st.SearchStrategy[Any]], count: int) -> list[Any]:
    return draw_examples(strategy(adapter), count)


def _features(warnings: list[ConversionWarning]) -> list[str]:
    return [warning.feature for warning in warnings]


def request_line(adapter: Adapter, document: Any, description: str) -> Line:
    line: Line = {"kind": "request", "description": description, "canonical": document}
    try:
        body, warnings = adapter.encode_request(ChatRequest.model_validate(document))
    except ConversionRefused as refusal:
        line["refused"] = refusal.feature
        return line
    except WireError as invalid:  # provider_options that break the adapter's options schema
        line["invalid"] = [[problem.pointer, problem.rule] for problem in invalid.problems]
        return line
    line["body"] = body
    line["warnings"] = _features(warnings)
    return line


def request_decode_line(adapter: Adapter, body: Any, description: str) -> Line:
    line: Line = {"kind": "request_decode", "description": description, "body": body}
    try:
        request, warnings = adapter.decode_request(body)
        line["canonical"] = json.loads(encode(request))
        line["warnings"] = _features(warnings)
    except (ValueError, KeyError, TypeError):
        line["error"] = "invalid"
    return line


def stream_line(adapter: Adapter, events: list[Any], description: str) -> Line:
    line: Line = {"kind": "stream", "description": description, "events": events}
    try:
        decoder = adapter.stream_decoder()
        out = []
        for event in events:
            out += decoder.feed(SseEvent(event.get("event"), event["data"]))
        out += decoder.close()
        line["canonical"] = json.loads(encode(fold(out)))
    except ValueError as failure:  # a broken event, or a stream that ended in an error event
        error = getattr(failure, "error", None) or getattr(failure, "failure", None)
        line["error"] = getattr(error, "kind", "invalid_response")
    return line


def response_line(adapter: Adapter, body_text: str, description: str) -> Line:
    line: Line = {"kind": "response", "description": description, "body_text": body_text}
    try:
        body = json.loads(body_text)
        if not isinstance(body, dict):
            raise ValueError("not an object")
        line["canonical"] = json.loads(encode(adapter.decode_response(body)))
    except (ValueError, KeyError):
        line["error"] = "invalid_response"
    return line


def response_encode_line(adapter: Adapter, canonical: Any, description: str) -> Line:
    line: Line = {"kind": "response_encode", "description": description, "canonical": canonical}
    warnings: list[ConversionWarning] = []
    try:
        line["body"] = adapter.encode_response(ChatResponse.model_validate(canonical), warnings)
    except ConversionRefused as refusal:
        line["refused"] = refusal.feature
        return line
    line["warnings"] = _features(warnings)
    return line


def stream_encode_line(adapter: Adapter, canonical_events: list[Any], description: str) -> Line | None:
    from wirechat import StreamEvent, decode  # noqa: PLC0415

    encoder = adapter.stream_encoder()
    sse = []
    try:
        for event in canonical_events:
            sse += encoder.feed(decode(json.dumps(event), StreamEvent))
        sse += encoder.close()
    except ConversionRefused:
        return None
    events = [{"event": e.event, "data": e.data} for e in sse]
    return {"kind": "stream_encode", "description": description, "canonical_events": canonical_events, "events": events}


def error_line(adapter: Adapter, status: int | None, headers: dict[str, str], text: str, description: str) -> Line:
    error = adapter.decode_error(status, headers, text.encode())
    return {"kind": "error", "description": description, "status": status, "headers": headers, "body_text": text,
            "canonical": json.loads(encode(error))}  # fmt: skip


# Embeddings and completions (kinds embed_request / embed_response / complete_request / complete_response):
# the call's request model and the adapter's two methods for it.
_CALLS: dict[str, tuple[type[EmbedRequest] | type[CompleteRequest], str, str]] = {
    "embed": (EmbedRequest, "encode_embed_request", "decode_embed_response"),
    "complete": (CompleteRequest, "encode_complete_request", "decode_complete_response"),
}


def call_request_line(adapter: Adapter, call: str, document: Any, description: str) -> Line:
    model, encoder, _ = _CALLS[call]
    line: Line = {"kind": f"{call}_request", "description": description, "canonical": document}
    try:
        line["body"] = getattr(adapter, encoder)(model.model_validate(document))
    except ConversionRefused as refusal:
        line["refused"] = refusal.feature
    return line


def call_response_line(adapter: Adapter, call: str, body_text: str, description: str) -> Line:
    line: Line = {"kind": f"{call}_response", "description": description, "body_text": body_text}
    try:
        body = json.loads(body_text)
        if not isinstance(body, dict):
            raise ValueError("not an object")
        line["canonical"] = json.loads(encode(getattr(adapter, _CALLS[call][2])(body)))
    except (ValueError, WireError):
        line["error"] = "invalid_response"
    return line


def manifest_line(adapter: Adapter) -> Line:
    manifest = adapter.manifest
    return {"kind": "manifest", "description": "the capability manifest",
            "features": {k: [v.level, v.message] for k, v in manifest.features.items()},
            "finish_reasons": dict(manifest.finish_reasons), "finish_defaults": dict(manifest.finish_defaults),
            "default_max_tokens": manifest.default_max_tokens, "options_schema": dict(manifest.options_schema),
            "status_retryable": {str(k): v for k, v in manifest.status_retryable.items()}}  # fmt: skip


BAD_BODIES = (
    '{"choices": [{"message": {"tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{}"}}]}}]}',
    '{"content": [{"type": "tool_use", "name": "f", "input": {}}]}',
    '{"content": [{"type": "tool_use", "id": "t", "input": {}}]}',
    "[1]",
    '{"choices": 5}',
)


MID_STREAM_ERROR = {
    "type": "error",
    "error": {"kind": "overloaded", "message": "Overloaded", "retryable": True, "provider_code": "overloaded_error"},
}


def _sse_event(event: dict[str, Any]) -> dict[str, Any]:
    """A fixture's event as an SSE event: some fixtures hold the data member as the JSON value it carries."""
    data = event["data"]
    return {"event": event.get("event"), "data": data if isinstance(data, str) else json.dumps(data)}


def _tool_input_lines(adapter: Adapter) -> list[Line]:
    """An Anthropic tool input in each spelling of ``ANTHROPIC_TOOL_INPUTS``, unstreamed and streamed."""
    usage = {"input_tokens": 1, "output_tokens": 1}
    lines = []
    for text in ANTHROPIC_TOOL_INPUTS:
        block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
        body = {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [block],
                "stop_reason": "tool_use", "usage": usage}  # fmt: skip
        body_text = json.dumps(body).replace('"input": {}', '"input": ' + text)
        lines.append(response_line(adapter, body_text, f"tool input spelled {text}: body"))
        deltas = [{"type": "input_json_delta", "partial_json": char} for char in text]
        events: list[dict[str, Any]] = [
            {"type": "message_start", "message": {"id": "m", "model": "c", "content": [], "usage": usage}},
            {"type": "content_block_start", "index": 0, "content_block": block},
            *({"type": "content_block_delta", "index": 0, "delta": delta} for delta in deltas),
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": usage},
            {"type": "message_stop"},
        ]
        sse = [{"event": event["type"], "data": json.dumps(event, ensure_ascii=False)} for event in events]
        lines.append(stream_line(adapter, sse, f"tool input spelled {text}: partial_json one character at a time"))
    return lines


def _querymt_lines(adapter: Adapter) -> list[Line]:
    """QueryMT's thinking both ways (decision 044): requests and replies with plain reasoning."""
    lines = [
        request_line(adapter, document, f"hand-written querymt request {i} (thinking)")
        for i, document in enumerate(QUERYMT_REQUESTS)
    ]
    for i, document in enumerate(QUERYMT_REPLIES):
        encoded = response_encode_line(adapter, document, f"hand-written querymt reply {i} (thinking): encode")
        body = json.dumps(encoded["body"], ensure_ascii=False)
        lines += [encoded, response_line(adapter, body, f"hand-written querymt reply {i} (thinking): body")]
    return lines


_OWN_LINES: dict[str, Callable[[Adapter], list[Line]]] = {"anthropic": _tool_input_lines, "querymt": _querymt_lines}


def build(name: str, root: Path) -> list[Line]:
    """Every vector of adapter ``name``, from the Python adapter."""
    adapter = get(name)
    lines = [manifest_line(adapter)]
    for i, document in enumerate(_generated(adapter, requests, COUNT)):
        lines.append(request_line(adapter, document, f"generated request {i} (gate strategies, fixed seed)"))
    for line in list(lines):
        if "body" in line:
            lines.append(request_decode_line(adapter, line["body"], "decode of: " + line["description"]))
    for i, body in enumerate(_hand_bodies(name)):
        lines.append(request_decode_line(adapter, body, f"hand-written request body {i}"))
    for i, document in enumerate(CANONICAL_REQUESTS):
        lines.append(request_line(adapter, document, f"hand-written request {i}"))
    for source, bodies in (("openai-chat", OPENAI_BODIES), ("anthropic", ANTHROPIC_BODIES)):
        for i, body in enumerate(bodies):  # a rich canonical request, read from a provider body, sent here
            decoded = request_decode_line(get(source), body, "")
            if "canonical" in decoded:
                lines.append(request_line(adapter, decoded["canonical"], f"{source} hand-written body {i}, decoded"))
    for i, document in enumerate(_generated(adapter, responses, 24)):
        response = ChatResponse.model_validate(document)
        encoded = response_encode_line(adapter, json.loads(encode(response)), f"generated response {i}: encode")
        lines.append(encoded)
        if "body" not in encoded:
            continue
        lines.append(
            response_line(adapter, json.dumps(encoded["body"], ensure_ascii=False), f"generated response {i}: body")
        )
        canonical_events = [json.loads(encode(e)) for e in events_from_response(response, 12)]
        streamed = stream_encode_line(adapter, canonical_events, f"generated response {i}: stream encode")
        if streamed is not None:
            lines.append(streamed)
            lines.append(stream_line(adapter, streamed["events"], f"generated response {i}: stream"))
        if i < 3:  # the same stream failing midway: its error event's kind is what every language reports
            failing = [*canonical_events[: len(canonical_events) // 2], MID_STREAM_ERROR]
            failed = stream_encode_line(adapter, failing, f"generated response {i}: stream failing midway, encode")
            if failed is not None:
                lines.append(failed)
                lines.append(stream_line(adapter, failed["events"], f"generated response {i}: stream failing midway"))
    for path in sorted((root / "schema/v1/examples/ChatRequest/valid").glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        document.setdefault("model", "m")
        lines.append(request_line(adapter, document, f"schema example {path.name}"))
    fixtures = getattr(adapter, "fixtures_dir", None)
    for path in sorted(Path(fixtures).glob("*.json")) if fixtures else []:
        fixture = json.loads(path.read_text(encoding="utf-8"))
        lines.append(response_line(adapter, json.dumps(fixture["body"]), f"recorded {path.name}: body"))
        events = [_sse_event(event) for event in fixture.get("events", [])]
        if len(events) >= 3:
            lines.append(stream_line(adapter, events, f"recorded {path.name}: events"))
            lines.append(stream_line(adapter, events[: len(events) // 2], f"recorded {path.name}: cut in half"))
            broken = [*events[:2], {"event": events[2].get("event"), "data": events[2]["data"][:-7]}]
            lines.append(stream_line(adapter, broken, f"recorded {path.name}: third event cut mid-JSON"))
        lines.append(response_line(adapter, json.dumps(fixture["body"])[:-5], f"recorded {path.name}: body cut"))
    for status, headers, body, *_ in getattr(adapter, "error_cases", ()):
        text = body.decode() if isinstance(body, bytes) else json.dumps(body)
        lines.append(error_line(adapter, status, headers, text, f"error table: {status} {text[:60]}"))
    for text in BAD_BODIES:
        lines.append(response_line(adapter, text, f"bad input: {text[:70]}"))
    lines += _OWN_LINES[name](adapter) if name in _OWN_LINES else []  # cases of one format only
    offered = {"embed": isinstance(adapter, EmbedCodec), "complete": isinstance(adapter, CompleteCodec)}
    calls = (("embed", EMBED_REQUESTS, EMBED_BODIES), ("complete", COMPLETE_REQUESTS, COMPLETE_BODIES))
    for call, documents, texts in calls:
        if offered[call]:
            lines += [call_request_line(adapter, call, doc, f"{call} request {i}") for i, doc in enumerate(documents)]
            lines += [call_response_line(adapter, call, body, f"{call} response {i}") for i, body in enumerate(texts)]
    return lines


def replay(adapter: Adapter, line: Line) -> Line | None:
    """The line the Python adapter gives today for ``line``'s input (None for a kind it cannot replay)."""
    kind, description = line.get("kind"), line.get("description", "")
    if kind == "manifest":
        return manifest_line(adapter)
    if kind == "request":
        return request_line(adapter, line["canonical"], description)
    if kind == "request_decode":
        return request_decode_line(adapter, line["body"], description)
    if kind == "response":
        return response_line(adapter, line["body_text"], description)
    if kind == "response_encode":
        return response_encode_line(adapter, line["canonical"], description)
    if kind == "stream":
        return stream_line(adapter, line["events"], description)
    if kind == "stream_encode":
        return stream_encode_line(adapter, line["canonical_events"], description)
    if kind in ("embed_request", "complete_request"):
        return call_request_line(adapter, kind.split("_")[0], line["canonical"], description)
    if kind in ("embed_response", "complete_response"):
        return call_response_line(adapter, kind.split("_")[0], line["body_text"], description)
    if kind == "error":
        return error_line(adapter, line["status"], line["headers"], line["body_text"], description)
    return None


def stale(root: Path) -> list[str]:
    """One line per adapter whose vector file differs from what ``build`` writes today (``--check-adapter-vectors``:
    a strategy or body changed without the files written again would leave the other languages testing old
    inputs)."""
    found = []
    for name in VECTOR_ADAPTERS:
        path = vectors_path(root, name)
        written = path.read_text(encoding="utf-8").split("\n")[:-1] if path.exists() else []
        built = [json.dumps(line, ensure_ascii=False) for line in build(name, root)]
        differ = [i + 1 for i, (a, b) in enumerate(zip(written, built, strict=False)) if a != b]
        if differ or len(written) != len(built):
            where = f"lines {differ[:5]}" if differ else f"{len(written)} lines written, {len(built)} built"
            found.append(f"{path.relative_to(root)}: differs from what build writes ({where})")
    return found


def write(root: Path) -> list[Path]:
    """Write every adapter's vectors from the Python adapters; returns the files written."""
    written = []
    for name in VECTOR_ADAPTERS:
        out = vectors_path(root, name)
        out.write_text(
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in build(name, root)), encoding="utf-8"
        )
        written.append(out)
    return written
