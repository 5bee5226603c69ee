"""Write the adapter vectors the TypeScript tests hold the TypeScript adapters to: what the Python adapters
give, as canonical (RFC 8785) JSON, so TypeScript must give the same bytes.

For each recorded fixture (python/src/wirechat/adapters/*/recorded/*.json) of openai-chat and anthropic:
the response body -> canonical ChatResponse, and the stream events -> canonical stream events. For a
handful of canonical requests (text, images, tools, tool results, reasoning, options, bad provider_options):
the provider body and the warnings (or the refusal, or the problems). The encoded bodies and a hand body per
provider read back (request decode); hand and decoded responses encoded back; decoded and hand event
sequences encoded to SSE; the adapters' error tables (status, headers, body -> canonical Error -> back).

Regenerate from the repository root, with the Python package installed (./dev pytest makes .nox/pytest):

    .nox/pytest/bin/python typescript/scripts/adapter-vectors.py

Output: typescript/test/adapters/vectors/{responses,streams,requests,errors,request-decode,response-encode,
stream-encode}.ndjson, one JSON object a line (about 100 KB in all).
"""

from __future__ import annotations

import json
from pathlib import Path

from wirechat import canonical as canonical_bytes
from wirechat import decode
from wirechat.errors import WireError
from wirechat._generated.models import ChatRequest, ChatResponse, StreamEvent
from wirechat.adapters import get as get_adapter
from wirechat.adapters._contract import ConversionRefused
from wirechat.exchange import SseEvent

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "typescript" / "test" / "adapters" / "vectors"
ADAPTERS = {"openai-chat": "openai_chat", "anthropic": "anthropic"}


def canonical(value: object) -> str:
    return canonical_bytes(value).decode("utf-8")

HI = [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]

REQUESTS: list[dict] = [
    {"model": "m", "messages": [{"role": "system", "parts": [{"type": "text", "text": "be brief"}]},
                                {"role": "user", "parts": [{"type": "text", "text": "hi"}], "name": "ann"}]},
    {"model": "m", "messages": [{"role": "user", "parts": [
        {"type": "text", "text": "what is this?"},
        {"type": "image", "image": {"source": "url", "url": "https://example.com/cat.png"}},
        {"type": "image", "image": {"source": "base64", "base64": "iVBORw0KGgo=", "media_type": "image/png"}},
        {"type": "data", "data": {"value": {"a": [1, 2], "b": "é"}}}]}]},
    {"model": "m", "messages": [
        {"role": "user", "parts": [{"type": "text", "text": "weather in Paris and time"}]},
        {"role": "assistant", "parts": [
            {"type": "text", "text": "checking"},
            {"type": "tool_call", "tool_call": {"id": "c1", "name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}},
            {"type": "tool_call", "tool_call": {"id": "c2", "name": "get_time", "arguments": "{ }"}}]},
        {"role": "tool", "parts": [
            {"type": "tool_result", "tool_result": {"tool_call_id": "c1", "content": "sunny"}},
            {"type": "tool_result", "tool_result": {"tool_call_id": "c2", "content": "noon", "is_error": False}}]}],
     "tools": [{"name": "get_weather", "description": "weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
                "strict": True, "annotations": {"read_only_hint": True}},
               {"name": "get_time", "input_schema": {"type": "object"}}],
     "tool_choice": {"type": "tool", "tool": "get_weather"}},
    {"model": "m", "messages": [
        {"role": "user", "parts": [{"type": "text", "text": "think"}]},
        {"role": "assistant", "parts": [
            {"type": "reasoning", "reasoning": {"text": "hmm", "signature": "EqQBsig+/==", "issuer": "anthropic"}},
            {"type": "reasoning", "reasoning": {"redacted_data": "EmwKAhgB", "issuer": "anthropic"}},
            {"type": "reasoning", "reasoning": {"text": "foreign", "signature": "x", "issuer": "openai"}},
            {"type": "reasoning", "reasoning": {"text": "plain"}},
            {"type": "text", "text": "done"}]},
        {"role": "user", "parts": [{"type": "text", "text": "again"}]}]},
    {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "json please"}]}],
     "tool_choice": {"type": "auto"},
     "options": {"temperature": 0.5, "top_p": 0.9, "max_tokens": 100, "stop": ["END"], "seed": 7,
                 "parallel_tool_calls": False,
                 "response_format": {"type": "json_schema", "json_schema": {"name": "response", "schema": {"type": "object"}}}}},
    {"model": "m", "messages": [{"role": "user", "parts": [
        {"type": "file", "file": {"source": "base64", "base64": "aGVsbG8=", "media_type": "text/plain", "name": "a.txt"}}]}],
     "provider_options": {"openai-chat": {"user": "u1"}, "anthropic": {"service_tier": "auto"}}},
    {"messages": [{"role": "user", "parts": [{"type": "text", "text": "no model"}]}]},
    {"model": "m", "messages": HI, "provider_options": {
        "openai-chat": {"reasoning_effort": "bogus", "top_logprobs": 99, "logprobs": "yes", "user": "x" * 41},
        "anthropic": {"thinking": {"type": "enabled", "budget_tokens": 10}, "metadata": {"user_id": 5, "x": 1}}}},
    {"model": "m", "messages": HI, "provider_options": {
        "openai-chat": {"frequency_penalty": -3, "service_tier": "flex"},
        "anthropic": {"thinking": {"type": "adaptive", "extra": True}, "service_tier": "turbo"}}},
    {"model": "m", "messages": HI, "provider_options": {"openai-chat": {"max_completion_tokens": 3}, "anthropic": {"thinking": {"type": "mystery"}}}},
]  # fmt: skip


ANTHROPIC_BODY = {
    "model": "claude", "max_tokens": 99, "system": [{"type": "text", "text": "sys", "cache_control": {"type": "ephemeral"}}],
    "messages": [
        {"role": "user", "content": [{"type": "text", "text": "hi", "mystery": 1},
                                     {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "héllo"}, "title": "t"}]},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "t", "signature": "s+/="},
                                          {"type": "tool_use", "id": "tu", "name": "f", "input": {"a": 1}},
                                          {"type": "server_tool_use", "id": "x", "name": "web", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu", "is_error": True,
                                      "content": [{"type": "text", "text": "r"}, {"type": "image", "source": {"type": "url", "url": "https://x/y.png"}}]}]},
    ],
    "tools": [{"name": "f", "input_schema": {"type": "object"}, "cache_control": {"type": "ephemeral"}}],
    "tool_choice": {"type": "any", "disable_parallel_tool_use": True},
    "stop_sequences": ["Z"], "temperature": 1, "metadata": {"user_id": "u"},
    "output_config": {"format": {"type": "json_schema", "schema": {"type": "object"}}, "effort": "low"},
}  # fmt: skip


OPENAI_BODY = {
    "model": "gpt", "max_tokens": 5, "stop": "END", "temperature": 0, "seed": 1, "parallel_tool_calls": True,
    "response_format": {"type": "json_schema", "json_schema": {"name": "r", "strict": True, "schema": {"type": "object"}}},
    "messages": [
        {"role": "developer", "content": "be nice", "name": "ops"},
        {"role": "user", "content": [{"type": "text", "text": "see"},
                                     {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBO", "detail": "low"}},
                                     {"type": "input_audio", "input_audio": {"data": "UklG", "format": "wav"}},
                                     {"type": "file", "file": {"file_id": "file-1", "filename": "a.pdf"}, "extra": 1}]},
        {"role": "assistant", "content": None, "refusal": "no", "audio": {"id": "a1"},
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "r1"}, {"type": "text", "text": "r2"}]},
    ],
    "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "x": 2}}],
    "tool_choice": {"type": "function", "function": {"name": "f"}},
    "user": "u", "logprobs": True,
}  # fmt: skip


RESPONSES: list[dict] = [
    {"message": {"role": "assistant", "parts": [
        {"type": "reasoning", "reasoning": {"text": "t", "signature": "sig", "issuer": "anthropic"}},
        {"type": "text", "text": "a", "provider_metadata": {"openai": {"refusal": True}}},
        {"type": "text", "text": "b", "provider_metadata": {"other": {"x": 1}}},
        {"type": "tool_call", "tool_call": {"id": "c", "name": "f", "arguments": "{ \"a\": 1 }"}},
        {"type": "text", "text": ""}], "name": "bot"},
     "finish_reason": {"kind": "tool_calls", "raw": "tool_use"},
     "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15, "cache_read_input_tokens": 4, "reasoning_output_tokens": 2, "latency_ms": 9},
     "id": "r", "model": "m", "provider_metadata": {"openai": {"created": 5, "annotations": []}, "anthropic": {"stop_sequence": "Z"}}},
    {"message": {"role": "assistant", "parts": [{"type": "text", "text": "hi"}]}, "finish_reason": {"kind": "pause"}},
    {"message": {"role": "assistant", "parts": [{"type": "image", "image": {"source": "url", "url": "https://x"}}]},
     "finish_reason": {"kind": "stop", "raw": "stop"}},
]  # fmt: skip


EXTRA_EVENTS: list[dict] = [
    {"type": "start", "id": "s1"},
    {"type": "reasoning_start", "index": 0, "issuer": "openai"},
    {"type": "reasoning_delta", "index": 0, "text": "hidden"},
    {"type": "reasoning_end", "index": 0},
    {"type": "text_start", "index": 1},
    {"type": "text_delta", "index": 1, "text": "héllo ✓"},
    {"type": "text_end", "index": 1},
    {"type": "usage", "usage": {"input_tokens": 7, "output_tokens": 2, "total_tokens": 9, "cache_write_input_tokens": 3}},
    {"type": "error", "error": {"kind": "overloaded", "message": "busy", "retryable": True, "request_id": "q", "retry_after_ms": 5}},
]  # fmt: skip


def line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    responses, streams, requests, errors, decoded, encoded, stream_encoded = [], [], [], [], [], [], []
    decode_bodies: list[tuple[str, dict]] = [("anthropic", ANTHROPIC_BODY), ("openai-chat", OPENAI_BODY)]
    for name, package in ADAPTERS.items():
        adapter = get_adapter(name)
        for path in sorted((ROOT / "python/src/wirechat/adapters" / package / "recorded").glob("*.json")):
            fixture = json.loads(path.read_text())
            responses.append(line({"adapter": name, "fixture": path.name, "body": fixture["body"],
                                   "expected": canonical(adapter.decode_response(fixture["body"]))}))  # fmt: skip
            decoder = adapter.stream_decoder()
            events = []
            for raw in fixture["events"]:
                events += decoder.feed(SseEvent(raw.get("event"), raw["data"]))
            events += decoder.close()
            streams.append(line({"adapter": name, "fixture": path.name, "events": fixture["events"],
                                 "expected": [canonical(event) for event in events]}))  # fmt: skip
        for i, raw in enumerate(REQUESTS):
            request = ChatRequest.model_validate(raw)
            record: dict = {"adapter": name, "case": i, "request": raw}
            try:
                body, warnings = adapter.encode_request(request)
                record["body"] = canonical(body)
                record["warnings"] = [[w.feature, w.message] for w in warnings]
            except ConversionRefused as refused:
                record["refused"] = [refused.feature, refused.where]
            except WireError as invalid:
                record["invalid"] = [[problem.pointer, problem.rule] for problem in invalid.problems]
            requests.append(line(record))
            if "body" in record:  # request decode: the encoded body read back
                decode_bodies.append((name, json.loads(record["body"])))
        for status, headers, body, _kind, _retryable, _wait in adapter.error_cases:
            sent = body.decode() if isinstance(body, bytes) else body
            error = adapter.decode_error(status, headers, body)
            encoded_status, encoded_headers, encoded_body = adapter.encode_error(error)
            errors.append(line({"adapter": name, "status": status, "headers": headers, "body": sent,
                                "expected": canonical(error), "encoded": [encoded_status, encoded_headers,
                                canonical(encoded_body)]}))  # fmt: skip
    for name, body in decode_bodies:
        request, warnings = get_adapter(name).decode_request(body)
        decoded.append(line({"adapter": name, "body": body, "expected": canonical(request),
                             "warnings": [[w.feature, w.message] for w in warnings]}))  # fmt: skip
    for name in ADAPTERS:
        adapter = get_adapter(name)
        for raw in RESPONSES + [json.loads(json.loads(r)["expected"]) for r in responses if json.loads(r)["adapter"] == name]:
            response = ChatResponse.model_validate(raw)
            record = {"adapter": name, "response": raw}
            try:
                warnings: list = []
                record["body"] = canonical(adapter.encode_response(response, warnings))
                record["warnings"] = [[w.feature, w.message] for w in warnings]
            except ConversionRefused as refused:
                record["refused"] = [refused.feature, refused.where]
            encoded.append(line(record))
    sequences = [[json.loads(e) for e in json.loads(r)["expected"]] for r in streams] + [EXTRA_EVENTS]
    for name in ADAPTERS:
        for events in sequences:
            encoder = get_adapter(name).stream_encoder()
            record = {"adapter": name, "events": events}
            try:
                out = [sse for event in events for sse in encoder.feed(decode(json.dumps(event), StreamEvent))]
                record["sse"] = [[sse.event, sse.data] for sse in out + encoder.close()]
            except ConversionRefused as refused:
                record["refused"] = refused.feature
            stream_encoded.append(line(record))
    files = (("responses", responses), ("response-encode", encoded), ("stream-encode", stream_encoded), ("streams", streams), ("requests", requests), ("errors", errors))
    for file, lines in (*files, ("request-decode", decoded)):
        (OUT / f"{file}.ndjson").write_text("".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
