"""Cross-language vectors for the QueryMT plugin hosts (issue 29 item 6, decision 045): one wasm plugin
gives the same canonical results through Python's host (``wirechat.Client("querymt", plugin=...)``),
Go's (``go/pluginhost``) and TypeScript's. ``conformance/vectors/querymt-plugin.json`` is written from the
cases here by Python's host; ``go/pluginhost/vectors_test.go`` holds Go to it and
``tests/querymt/test_plugin_vectors.py`` fails when Python changes.

A case runs the example plugin (``examples/querymt-plugin-go``) against a provider that answers each
request with the case's ``answers`` in order (status, headers, an OpenAI-compatible body), or the faulty
plugin (``tests/querymt/faulty_plugin``). ``expect`` is what Python's host gave: the requests the plugin
sent (path and body), then the reply's RFC 8785 canonical JSON (``response``; for ``stream`` also each
event's), the embed or complete result, or the error: its kind, retryable, retry_after_ms and, for a
plugin fault, the fault, the export and the JSON pointer. A fault's words are each runtime's own (wasmtime
and wazero say different things), so only the message of an error the plugin reports is compared.

    python -m wirechat_conformance.plugin_vectors           # check the file is up to date
    python -m wirechat_conformance.plugin_vectors --write   # rewrite it (builds the plugins with Go)
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from wirechat import ChatRequest, CompleteRequest, EmbedRequest, canonical, decode, encode
from wirechat.transport.errors import APIError
from wirechat_conformance.paths import find_layout
from wirechat_conformance.plugin_build import example_plugin, faulty_plugin

__all__ = ["CASES", "build", "document", "main", "vectors_path"]


def vectors_path() -> Path:
    """``conformance/vectors/querymt-plugin.json`` in the checkout."""
    return find_layout().conformance / "vectors" / "querymt-plugin.json"


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "parts": [{"type": "text", "text": text}]}


def _completion(message: dict[str, Any], finish: str = "stop", usage: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-test",
        "choices": [{"index": 0, "finish_reason": finish, "message": {"role": "assistant", **message}}],
    }
    if usage is not None:
        body["usage"] = usage
    return body


def _ok(body: Any) -> dict[str, Any]:
    return {"status": 200, "headers": {"content-type": "application/json"}, "body": body}


HI = [_user("hi")]
WEATHER = {"name": "weather", "description": "Weather now", "input_schema": {"type": "object"}}
CALL = {"type": "tool_call", "tool_call": {"id": "call_7", "name": "weather", "arguments": '{"city":"Oslo"}'}}
USAGE = {
    "prompt_tokens": 12,
    "completion_tokens": 4,
    "total_tokens": 16,
    "prompt_tokens_details": {"cached_tokens": 5},
    "completion_tokens_details": {"reasoning_tokens": 1},
}

CASES: list[dict[str, Any]] = [
    {
        "name": "a plain chat with usage and the config's system prompt",
        "plugin": "example",
        "config": {"system": "Be brief."},
        "call": "chat",
        "request": {"model": "gpt-test", "messages": HI},
        "answers": [_ok(_completion({"content": "Hello!"}, usage=USAGE))],
    },
    {
        "name": "a tool call",
        "plugin": "example",
        "call": "chat",
        "request": {"model": "gpt-test", "messages": HI, "tools": [WEATHER]},
        "answers": [
            _ok(
                _completion(
                    {
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "call_7",
                                "type": "function",
                                "function": {"name": "weather", "arguments": '{"city": "Oslo"}'},
                            }
                        ],
                    },
                    finish="tool_calls",
                )
            )
        ],
    },
    {
        "name": "a tool result sent back, with the reasoning before the call",
        "plugin": "example",
        "call": "chat",
        "request": {
            "model": "gpt-test",
            "tools": [WEATHER],
            "messages": [
                *HI,
                {
                    "role": "assistant",
                    "parts": [{"type": "reasoning", "reasoning": {"text": "I should look it up."}}, CALL],
                },
                {
                    "role": "tool",
                    "parts": [{"type": "tool_result", "tool_result": {"tool_call_id": "call_7", "content": "12C"}}],
                },
            ],
        },
        "answers": [_ok(_completion({"content": "12C in Oslo"}))],
    },
    {
        "name": "reasoning_content comes back as a reasoning part, the request's cfg over the config",
        "plugin": "example",
        "config": {"temperature": 0.5},
        "call": "chat",
        "request": {
            "model": "gpt-test",
            "messages": HI,
            "provider_options": {"querymt": {"cfg": {"max_tokens": 64, "temperature": 0.25}}},
        },
        "answers": [
            _ok(
                _completion(
                    {"content": "42", "reasoning_content": "6 times 7"},
                    usage={"prompt_tokens": 3, "completion_tokens": 9},
                )
            )
        ],
    },
    {
        "name": "a stream is the events of the whole reply",
        "plugin": "example",
        "call": "stream",
        "request": {"model": "gpt-test", "messages": HI},
        "answers": [_ok(_completion({"content": "streamed é " * 5, "reasoning_content": "first, think 🤔"}))],
    },
    {
        "name": "a 429 is rate_limited with its retry-after",
        "plugin": "example",
        "call": "chat",
        "request": {"model": "gpt-test", "messages": HI},
        "answers": [
            {
                "status": 429,
                "headers": {"content-type": "application/json", "retry-after": "2"},
                "body": {"error": {"message": "slow down", "type": "rate_limit_error"}},
            }
        ],
    },
    {
        "name": "a 401 is authentication",
        "plugin": "example",
        "call": "chat",
        "request": {"model": "gpt-test", "messages": HI},
        "answers": [
            {
                "status": 401,
                "headers": {"content-type": "application/json"},
                "body": {
                    "error": {
                        "message": "Incorrect API key provided",
                        "type": "invalid_request_error",
                        "code": "invalid_api_key",
                    }
                },
            }
        ],
    },
    {
        "name": "embed",
        "plugin": "example",
        "call": "embed",
        "request": {"model": "emb", "inputs": ["a", "b"]},
        "answers": [_ok({"data": [{"index": 1, "embedding": [1.0, -1.0]}, {"index": 0, "embedding": [0.25, 0.5]}]})],
    },
    {
        "name": "complete",
        "plugin": "example",
        "call": "complete",
        "request": {"model": "gpt-test", "prompt": "Once", "options": {"max_tokens": 8}},
        "answers": [_ok({"choices": [{"index": 0, "text": " upon a time", "finish_reason": "length"}]})],
    },
    *[
        {
            "name": f"the faulty plugin: {mode}",
            "plugin": "faulty",
            "config": {"mode": mode},
            "call": "chat",
            "request": {"model": "m", "messages": HI},
        }
        for mode in ("ok", "not_json", "wrong_shape", "panic", "loop", "memory", "plain_error")
    ],
    {
        "name": "the faulty plugin: a config outside the schema is refused at load",
        "plugin": "faulty",
        "config": {"mode": "sideways"},
        "call": "chat",
        "request": {"model": "m", "messages": HI},
    },
    {
        "name": "the faulty plugin: an unknown config member is refused at load",
        "plugin": "faulty",
        "config": {"mode": "ok", "colour": "red"},
        "call": "chat",
        "request": {"model": "m", "messages": HI},
    },
    {
        "name": "the faulty plugin: a call whose cfg lacks a required member",
        "plugin": "faulty",
        "config": {},
        "call": "chat",
        "request": {"model": "m", "messages": HI},
    },
    {
        "name": "the faulty plugin: a call whose cfg breaks the schema",
        "plugin": "faulty",
        "config": {},
        "call": "chat",
        "request": {"model": "m", "messages": HI, "provider_options": {"querymt": {"cfg": {"mode": "loop "}}}},
    },
    {
        "name": "the faulty plugin: a missing export",
        "plugin": "faulty",
        "config": {"mode": "ok"},
        "call": "embed",
        "request": {"model": "m", "inputs": ["a"]},
    },
]

SANDBOX: dict[str, Any] = {"allowed_hosts": ["127.0.0.1"], "timeout_s": 5.0, "memory_mib": 32}
"""The sandbox of every case: the provider on 127.0.0.1, 5 s per call (the endless loop), 32 MiB."""


class _Provider:
    """An HTTP server on 127.0.0.1 that answers the case's answers in order and keeps what it was sent."""

    def __init__(self, answers: list[dict[str, Any]]) -> None:
        self.answers, self.sent = list(answers), list[dict[str, Any]]()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                provider.sent.append({"path": self.path, "body": json.loads(self.rfile.read(length) or b"null")})
                answer = provider.answers.pop(0)
                data = json.dumps(answer["body"]).encode()
                self.send_response(answer["status"])
                for name, value in answer["headers"].items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _text(data: bytes) -> str:
    return data.decode("utf-8")


def _error(exc: APIError) -> dict[str, Any]:
    from wirechat.transport.plugin_errors import PluginError  # noqa: PLC0415 (needs the querymt extra)

    error = json.loads(encode(exc.error))
    out: dict[str, Any] = {k: error.get(k) for k in ("kind", "retryable", "retry_after_ms")}
    if isinstance(exc, PluginError):
        out.update(fault=exc.fault, export=exc.export, pointer=exc.pointer)
    else:
        out["message"] = error["message"].split(": ", 1)[1]  # after "plugin <path>, export <name>"
    return out


def build(case: dict[str, Any], plugins: dict[str, Path]) -> dict[str, Any]:
    """What Python's host does with a case (``expect``)."""
    import wirechat  # noqa: PLC0415
    from wirechat.transport.plugin import Sandbox  # noqa: PLC0415

    provider = _Provider(case.get("answers", []))
    config = dict(case.get("config", {}))
    if case["plugin"] == "example":
        config["base_url"] = provider.url
    sandbox = Sandbox(
        allowed_hosts=tuple(SANDBOX["allowed_hosts"]), timeout_s=SANDBOX["timeout_s"], memory_mib=SANDBOX["memory_mib"]
    )
    outcome: dict[str, Any]
    try:
        client = wirechat.Client("querymt", plugin=plugins[case["plugin"]], config=config, sandbox=sandbox)
        try:
            raw = json.dumps(case["request"])
            match case["call"]:
                case "chat":
                    outcome = {"response": _text(canonical(client.chat(decode(raw, ChatRequest))))}
                case "stream":
                    with client.stream(decode(raw, ChatRequest)) as stream:
                        events = [_text(canonical(event)) for event in stream]
                    outcome = {"events": events, "response": _text(canonical(stream.response))}
                case "embed":
                    outcome = {"response": _text(canonical(client.embed(decode(raw, EmbedRequest))))}
                case "complete":
                    outcome = {"response": _text(canonical(client.complete(decode(raw, CompleteRequest))))}
                case other:
                    raise ValueError(f"unknown call {other!r}")
        finally:
            client.close()
    except APIError as exc:
        outcome = {"error": _error(exc)}
    finally:
        provider.close()
    if case["plugin"] == "example":
        outcome = {"sent": provider.sent, **outcome}
    return outcome


def _plugins() -> dict[str, Path]:
    root = find_layout().root
    return {"example": example_plugin(root), "faulty": faulty_plugin(root)}


def document(plugins: dict[str, Path] | None = None) -> dict[str, Any]:
    plugins = plugins or _plugins()
    return {
        "description": "QueryMT plugin hosts across languages (issue 29 item 6, decision 045): each case loads a "
        "plugin (example: examples/querymt-plugin-go, with config.base_url the case's provider; faulty: "
        "tests/querymt/faulty_plugin) with config in the sandbox below, makes one call (chat, stream, embed or "
        "complete) with request, and the provider on 127.0.0.1 answers the plugin's HTTP requests with answers "
        "in order. expect is what Python's host gave: sent (the path and JSON body of each request the plugin "
        "made), then response (RFC 8785 canonical JSON; for stream also each event's) or error (kind, "
        "retryable, retry_after_ms; for a plugin fault: fault, export, pointer; for an error the plugin "
        "reported: its message after the plugin and export). Written by "
        "python -m wirechat_conformance.plugin_vectors --write.",
        "sandbox": SANDBOX,
        "cases": [{**case, "expect": build(case, plugins)} for case in CASES],
    }


def main(argv: list[str]) -> int:
    text = json.dumps(document(), indent=1, ensure_ascii=False) + "\n"
    path = vectors_path()
    if "--write" in argv:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(CASES)} cases)")
        return 0
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        print(f"{path} is out of date: python -m wirechat_conformance.plugin_vectors --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
