"""OpenAI Chat Completions as a fake provider speaks it (provider-formats reference, section 1).

Bodies: ``chat.completion`` objects; streams: ``data:``-only events of ``chat.completion.chunk``, tool
arguments as string fragments keyed by ``index``, ``finish_reason`` in a chunk with an empty delta, the
usage chunk (``choices: []``) only when ``stream_options.include_usage`` is set, then ``data: [DONE]``.
Errors: ``{"error": {message, type, param, code}}``; a mid-stream error is a ``data:`` line with a
top-level ``error``. Embeddings (``/v1/embeddings``: ``data`` in index order, usage with
``prompt_tokens`` and ``total_tokens`` only; without scripted vectors, one small vector per input, of
``dimensions`` numbers when the request asks) and legacy completions (``/v1/completions``:
``text_completion`` with one choice) are served too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.testing.fake_provider.script import Reply, ScriptError, Usage
from wirechat.testing.fake_provider.wire import Endpoint, Frame, dumps, fragments, reply_usage

__all__ = ["OpenAIChatWire"]

CREATED = 1_700_000_000

_DEFAULT_ERRORS: dict[int, tuple[str, str | None, str]] = {
    400: ("invalid_request_error", None, "Invalid request."),
    401: ("invalid_request_error", "invalid_api_key", "Incorrect API key provided."),
    403: ("invalid_request_error", "unsupported_country_region_territory", "Permission denied."),
    404: ("invalid_request_error", "model_not_found", "The model does not exist or you do not have access to it."),
    409: ("invalid_request_error", None, "Conflict."),
    429: ("requests", "rate_limit_exceeded", "Rate limit reached for requests. Please try again later."),
    500: ("server_error", None, "The server had an error while processing your request."),
    503: ("server_error", "server_is_overloaded", "The server is overloaded. Please try again later."),
}

_STATUS_OF = {
    "invalid_request_error": 400,
    "authentication_error": 401,
    "permission_error": 403,
    "not_found_error": 404,
    "requests": 429,
    "tokens": 429,
    "rate_limit_error": 429,
    "insufficient_quota": 429,
    "server_error": 500,
    "overloaded": 503,
}


def _usage(usage: Usage) -> dict[str, Any]:
    prompt_details: dict[str, Any] = {"cached_tokens": usage.cache_read, "audio_tokens": 0}
    if usage.cache_write:
        prompt_details["cache_write_tokens"] = usage.cache_write
    return {
        "prompt_tokens": usage.input,
        "completion_tokens": usage.output,
        "total_tokens": usage.input + usage.output,
        "prompt_tokens_details": prompt_details,
        "completion_tokens_details": {
            "reasoning_tokens": usage.reasoning,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


def _finish(reply: Reply) -> str:
    return reply.finish or ("tool_calls" if reply.tool_calls else "stop")


def _model(reply: Reply, request: Mapping[str, Any]) -> str:
    model = request.get("model")
    return reply.model or (model if isinstance(model, str) else "fake-model")


class OpenAIChatWire:
    name = "openai-chat"
    request_id_header = "x-request-id"

    def route(self, path: str) -> Endpoint | None:
        return {"/v1/chat/completions": "chat", "/v1/embeddings": "embed", "/v1/completions": "complete"}.get(path)  # type: ignore[return-value]

    def presented_key(self, headers: Mapping[str, str]) -> str | None:
        value = headers.get("authorization", "")
        return value[len("Bearer ") :] if value.startswith("Bearer ") else None

    def check_reply(self, where: str, reply: Reply) -> None:
        if reply.reasoning_text is not None:
            raise ScriptError(f"{where}.reasoning", "OpenAI Chat Completions returns no reasoning text")

    def chat_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text, "refusal": None, "annotations": []}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
                for call in reply.tool_calls
            ]
        return {
            "id": reply.id or "chatcmpl-fake",
            "object": "chat.completion",
            "created": CREATED,
            "model": _model(reply, request),
            "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": _finish(reply)}],
            "usage": _usage(reply_usage(reply)),
            "service_tier": "default",
            "system_fingerprint": None,
        }

    def chat_frames(self, reply: Reply, request: Mapping[str, Any]) -> list[Frame]:
        options = request.get("stream_options")
        with_usage = isinstance(options, dict) and options.get("include_usage") is True
        head: dict[str, Any] = {
            "id": reply.id or "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": CREATED,
            "model": _model(reply, request),
            "system_fingerprint": None,
        }

        def chunk(delta: dict[str, Any], finish: str | None = None) -> Frame:
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
            body = {**head, "choices": [choice]}
            if with_usage:
                body["usage"] = None
            return (None, dumps(body))

        frames = [chunk({"role": "assistant", "content": "", "refusal": None})]
        frames += [chunk({"content": piece}) for piece in fragments(reply.text or "", reply.chunk_size)]
        per_call: list[list[Frame]] = []
        for index, call in enumerate(reply.tool_calls):
            opening = {"index": index, "id": call.id, "type": "function",
                       "function": {"name": call.name, "arguments": ""}}  # fmt: skip
            calls = [chunk({"tool_calls": [opening]})]
            for piece in fragments(call.arguments, reply.chunk_size):
                calls.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
            per_call.append(calls)
        if reply.interleave:
            longest = max((len(calls) for calls in per_call), default=0)
            frames += [calls[i] for i in range(longest) for calls in per_call if i < len(calls)]
        else:
            frames += [frame for calls in per_call for frame in calls]
        frames.append(chunk({}, _finish(reply)))
        if with_usage:
            frames.append((None, dumps({**head, "choices": [], "usage": _usage(reply_usage(reply))})))
        frames.append((None, "[DONE]"))
        return frames

    def embed_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        inputs = request.get("input")
        count = len(inputs) if isinstance(inputs, list) else 1
        dimensions = request.get("dimensions")
        size = dimensions if isinstance(dimensions, int) and not isinstance(dimensions, bool) and dimensions > 0 else 3
        base = (0.2, -0.3)
        default = tuple(
            tuple(0.1 * (i + 1) if d == 0 else base[(d - 1) % 2] for d in range(size)) for i in range(count)
        )
        vectors = reply.embeddings or default
        usage = reply_usage(reply)
        return {
            "object": "list",
            "data": [{"object": "embedding", "index": i, "embedding": list(v)} for i, v in enumerate(vectors)],
            "model": _model(reply, request),
            "usage": {"prompt_tokens": usage.input, "total_tokens": usage.input},
        }

    def complete_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "id": reply.id or "cmpl-fake",
            "object": "text_completion",
            "created": CREATED,
            "model": _model(reply, request),
            "choices": [
                {"text": reply.text or "", "index": 0, "logprobs": None, "finish_reason": reply.finish or "stop"}
            ],
            "usage": {k: v for k, v in _usage(reply_usage(reply)).items() if not k.endswith("_details")},
        }

    def error_body(
        self, status: int, error_type: str | None, code: str | None, message: str | None, request_id: str
    ) -> dict[str, Any]:
        default_type, default_code, default_message = _DEFAULT_ERRORS.get(
            status, ("server_error" if status >= 500 else "invalid_request_error", None, f"HTTP {status}.")
        )
        return {
            "error": {
                "message": message or default_message,
                "type": error_type or default_type,
                "param": None,
                "code": code or default_code,
            }
        }

    def error_frame(self, error_type: str | None, message: str | None) -> Frame:
        error = {"message": message or "The server had an error while processing your request.",
                 "type": error_type or "server_error", "param": None, "code": None}  # fmt: skip
        return (None, dumps({"error": error}))

    def status_of(self, error_type: str | None) -> int:
        return _STATUS_OF.get(error_type or "server_error", 500)

    def malformed_frame(self) -> Frame:
        return (None, '{"id":"chatcmpl-fake","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"con')
