"""Writes conformance/cases/adapters/<adapter>.ndjson: Python's adapter verdicts as data, for the Go adapters
(and any other language) to be held to. Regenerate (from the repository root, with the dev environment's
Python, which has wirechat and hypothesis):

    python go/adapters/testdata/make_vectors.py

Lines: {"kind": "request", "canonical", "body" | "refused", "warnings"} (canonical ChatRequest -> provider
body, warnings as feature names); {"kind": "response", "body", "canonical" | "error"} and
{"kind": "stream", "events", "canonical" | "error"} (provider response / SSE events -> canonical
ChatResponse, or the error kind). Requests come from the adapter gate's strategies with a fixed seed.
"""

import json
import pathlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wirechat import ChatRequest, ChatResponse, adapters, encode, fold
from wirechat.adapters import ConversionRefused
from wirechat.exchange import SseEvent
from wirechat.stream import events_from_response
from wirechat.testing.gate_strategies import requests, responses

ROOT = pathlib.Path(__file__).resolve().parents[3]
COUNT = 40


def generated(adapter, strategy=requests, count=COUNT):
    found = []

    @settings(derandomize=True, max_examples=count, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy(adapter))
    def collect(document):
        found.append(document)

    collect()
    return found


def request_line(adapter, document, description):
    line = {"kind": "request", "description": description, "canonical": document}
    try:
        body, warnings = adapter.encode_request(ChatRequest.model_validate(document))
    except ConversionRefused as refusal:
        line["refused"] = refusal.feature
        return line
    line["body"] = body
    line["warnings"] = [w.feature for w in warnings]
    return line


OPENAI_BODIES = [
    {"model": "gpt-4.1", "messages": [
        {"role": "developer", "content": "Be terse.", "name": "ops"},
        {"role": "user", "content": [{"type": "text", "text": "Look"},
                                     {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0K", "detail": "low"}},
                                     {"type": "file", "file": {"file_data": "data:application/pdf;base64,JVBERi0=", "filename": "a.pdf"}}]},
        {"role": "assistant", "content": None, "refusal": "No.", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"b\": 1, \"a\": 2}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text", "text": "4"}, {"type": "text", "text": "2"}]}],
     "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "strict": True}}],
     "tool_choice": {"type": "function", "function": {"name": "f"}}, "temperature": 1, "stop": "END",
     "max_tokens": 9, "response_format": {"type": "json_schema", "json_schema": {"name": "r", "schema": {"type": "object"}}},
     "reasoning_effort": "low", "user": "u1"},
    {"model": "m", "messages": [{"role": "robot", "content": "x"}]},
    {"model": "m", "messages": [{"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "f"}}]}]},
    {"model": "m", "messages": [{"role": "user", "content": [{"type": "file", "file": {"file_data": "not a data url"}}]}]},
]
ANTHROPIC_BODIES = [
    {"model": "claude-x", "max_tokens": 100, "system": [{"type": "text", "text": "Be terse.", "cache_control": {"type": "ephemeral"}}],
     "messages": [
        {"role": "user", "content": [{"type": "text", "text": "Look"},
                                     {"type": "image", "source": {"type": "url", "url": "https://x/y.png"}},
                                     {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "héllo"}, "title": "t"}]},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm", "signature": "c2ln"},
                                          {"type": "redacted_thinking", "data": "cmVk"},
                                          {"type": "tool_use", "id": "t1", "name": "f", "input": {"b": 1, "a": [1.5, -0.0, 1e-7]}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "is_error": True,
                                      "content": [{"type": "text", "text": "oops"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBO"}}]}]},
        {"role": "system", "content": "later"}],
     "tools": [{"name": "f", "input_schema": {"type": "object"}, "strict": False, "description": "d"}],
     "tool_choice": {"type": "any", "disable_parallel_tool_use": True}, "stop_sequences": ["END"], "top_p": 0.5,
     "output_config": {"format": {"type": "json_schema", "schema": {"type": "object"}}, "effort": "low"},
     "thinking": {"type": "adaptive"}},
    {"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": [{"type": "tool_use", "name": "f", "input": {}}]}]},
    {"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": 5}]},
    {"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": [{"type": "image", "source": {"type": "file"}}]}]},
]


def request_decode_line(adapter, body, description):
    line = {"kind": "request_decode", "description": description, "body": body}
    try:
        request, warnings = adapter.decode_request(body)
        line["canonical"] = json.loads(encode(request))
        line["warnings"] = [w.feature for w in warnings]
    except (ValueError, KeyError, TypeError):
        line["error"] = "invalid"
    return line


def stream_line(adapter, events, description):
    decoder = adapter.stream_decoder()
    out = []
    for event in events:
        out += decoder.feed(SseEvent(event.get("event"), event["data"]))
    out += decoder.close()
    line = {"kind": "stream", "description": description, "events": events}
    try:
        line["canonical"] = json.loads(encode(fold(out)))
    except Exception as failure:  # the stream ended in an error event
        error = getattr(failure, "error", None) or getattr(failure, "failure", None)
        line["error"] = error.kind if error is not None else type(failure).__name__
    return line


def response_line(adapter, body_text, description):
    line = {"kind": "response", "description": description, "body_text": body_text}
    try:
        body = json.loads(body_text)
        if not isinstance(body, dict):
            raise ValueError("not an object")
        line["canonical"] = json.loads(encode(adapter.decode_response(body)))
    except (ValueError, KeyError):
        line["error"] = "invalid_response"
    return line


def main():
    for name in ("openai-chat", "anthropic"):
        adapter = adapters.get(name)
        manifest = adapter.manifest
        lines = [{"kind": "manifest", "description": "the capability manifest",
                  "features": {k: [v.level, v.message] for k, v in manifest.features.items()},
                  "finish_reasons": dict(manifest.finish_reasons), "finish_defaults": dict(manifest.finish_defaults),
                  "default_max_tokens": manifest.default_max_tokens,
                  "status_retryable": {str(k): v for k, v in manifest.status_retryable.items()}}]
        for i, document in enumerate(generated(adapter)):
            lines.append(request_line(adapter, document, f"generated request {i} (gate strategies, fixed seed)"))
        for line in list(lines):
            if "body" in line:
                lines.append(request_decode_line(adapter, line["body"], "decode of: " + line["description"]))
        for i, body in enumerate(OPENAI_BODIES if name == "openai-chat" else ANTHROPIC_BODIES):
            lines.append(request_decode_line(adapter, body, f"hand-written request body {i}"))
        for source, bodies in (("openai-chat", OPENAI_BODIES), ("anthropic", ANTHROPIC_BODIES)):
            for i, body in enumerate(bodies):  # a rich canonical request, read from a provider body, sent here
                decoded = request_decode_line(adapters.get(source), body, "")
                if "canonical" in decoded:
                    lines.append(request_line(adapter, decoded["canonical"], f"{source} hand-written body {i}, decoded"))
        for i, document in enumerate(generated(adapter, responses, 24)):
            response = ChatResponse.model_validate(document)
            canonical = json.loads(encode(response))
            warnings: list = []
            try:
                body = adapter.encode_response(response, warnings)
            except ConversionRefused as refusal:
                lines.append({"kind": "response_encode", "description": f"generated response {i}: encode",
                              "canonical": canonical, "refused": refusal.feature})
                continue
            lines.append({"kind": "response_encode", "description": f"generated response {i}: encode",
                          "canonical": canonical, "body": body, "warnings": [w.feature for w in warnings]})
            lines.append(response_line(adapter, json.dumps(body, ensure_ascii=False), f"generated response {i}: body"))
            encoder = adapter.stream_encoder()
            sse = []
            try:
                for event in events_from_response(response, 12):
                    sse += encoder.feed(event)
                sse += encoder.close()
            except ConversionRefused:
                continue
            events = [{"event": e.event, "data": e.data} for e in sse]
            lines.append({"kind": "stream_encode", "description": f"generated response {i}: stream encode",
                          "canonical_events": [json.loads(encode(e)) for e in events_from_response(response, 12)],
                          "events": events})
            lines.append(stream_line(adapter, events, f"generated response {i}: stream"))
        for path in sorted((ROOT / "schema/v1/examples/ChatRequest/valid").glob("*.json")):
            document = json.loads(path.read_text())
            document.setdefault("model", "m")
            lines.append(request_line(adapter, document, f"schema example {path.name}"))
        for path in sorted(adapter.fixtures_dir.glob("*.json")):
            fixture = json.loads(path.read_text())
            lines.append(response_line(adapter, json.dumps(fixture["body"]), f"recorded {path.name}: body"))
            lines.append(stream_line(adapter, fixture["events"], f"recorded {path.name}: events"))
            events = fixture["events"]
            lines.append(stream_line(adapter, events[: len(events) // 2], f"recorded {path.name}: cut in half"))
            broken = [*events[:2], {"event": events[2].get("event"), "data": events[2]["data"][:-7]}]
            lines.append(stream_line(adapter, broken, f"recorded {path.name}: third event cut mid-JSON"))
            lines.append(response_line(adapter, json.dumps(fixture["body"])[:-5], f"recorded {path.name}: body cut"))
        for status, headers, body, *_ in adapter.error_cases:
            text = body.decode() if isinstance(body, bytes) else json.dumps(body)
            error = adapter.decode_error(status, headers, text.encode())
            lines.append({"kind": "error", "description": f"error table: {status} {text[:60]}", "status": status,
                          "headers": headers, "body_text": text, "canonical": json.loads(encode(error))})
        for fixture_body in ('{"choices": [{"message": {"tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{}"}}]}}]}',
                             '{"content": [{"type": "tool_use", "name": "f", "input": {}}]}',
                             '{"content": [{"type": "tool_use", "id": "t", "input": {}}]}', '[1]', '{"choices": 5}'):
            lines.append(response_line(adapter, fixture_body, f"bad input: {fixture_body[:70]}"))
        out = ROOT / "conformance/cases/adapters" / f"{name}.ndjson"
        out.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))
        print(out, len(lines), "lines", out.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
