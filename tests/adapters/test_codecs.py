"""Codec details the gate's generated cases rarely reach: mid-stream errors, cut streams, retry waits,
the SDK oracle's catches, and the transport facts."""

# ruff: noqa: E501 (provider payloads read best one per line)
from __future__ import annotations

import json

import pytest

from wirechat import ChatRequest, ErrorEvent, FinishEvent, fold
from wirechat.adapters import ConversionRefused, SseEvent, get, names
from wirechat.testing.gate import GateFailure, validate_with_sdk
from wirechat.tool_arguments import ArgumentsNormaliser

OPENAI_ORACLE = "openai.types.chat.completion_create_params:CompletionCreateParamsNonStreaming"
ANTHROPIC_ORACLE = "anthropic.types.message_create_params:MessageCreateParamsNonStreaming"


def test_registry_names_and_unknown_name() -> None:
    assert {"openai-chat", "anthropic"} <= set(names())
    with pytest.raises(KeyError, match=r"known adapters: .*anthropic.*openai-chat"):
        get("gemini-ish")


def test_openai_error_chunk_after_a_200_ends_the_stream_with_usage_so_far() -> None:
    decoder = get("openai-chat").stream_decoder()
    events = decoder.feed(
        SseEvent(None, json.dumps({"id": "c", "model": "m", "choices": [{"index": 0, "delta": {"content": "hi"}}]}))
    )
    usage = {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4}
    events += decoder.feed(SseEvent(None, json.dumps({"id": "c", "choices": [], "usage": usage})))
    error = {"error": {"message": "quota", "type": "insufficient_quota", "code": "insufficient_quota"}}
    events += decoder.feed(SseEvent(None, json.dumps(error)))
    events += decoder.feed(SseEvent(None, "[DONE]")) + decoder.close()
    last = events[-1]
    assert isinstance(last, ErrorEvent)
    assert (last.error.kind, last.error.retryable, last.error.usage.input_tokens) == ("rate_limited", False, 3)


def test_anthropic_overloaded_event_after_a_200() -> None:
    decoder = get("anthropic").stream_decoder()
    start = {
        "type": "message_start",
        "message": {"id": "m", "model": "c", "usage": {"input_tokens": 5, "output_tokens": 0}},
    }
    events = decoder.feed(SseEvent("message_start", json.dumps(start)))
    events += decoder.feed(SseEvent("ping", '{"type": "ping"}'))
    events += decoder.feed(
        SseEvent("error", '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')
    )
    last = events[-1]
    assert isinstance(last, ErrorEvent)
    assert (last.error.kind, last.error.retryable, last.error.provider_code) == ("overloaded", True, "overloaded_error")
    assert last.error.usage.input_tokens == 5


@pytest.mark.parametrize("name", ["openai-chat", "anthropic"])
def test_a_cut_stream_ends_in_an_invalid_response_error(name: str) -> None:
    decoder = get(name).stream_decoder()
    first = (
        {"id": "c", "model": "m", "choices": [{"index": 0, "delta": {"content": "par"}}]}
        if name == "openai-chat"
        else {
            "type": "message_start",
            "message": {"id": "m", "model": "c", "usage": {"input_tokens": 1, "output_tokens": 0}},
        }
    )
    events = decoder.feed(SseEvent(None, json.dumps(first))) + decoder.close()
    assert isinstance(events[-1], ErrorEvent)
    assert events[-1].error.kind == "invalid_response" and events[-1].error.retryable


def test_openai_stream_that_finished_without_done_still_folds() -> None:
    decoder = get("openai-chat").stream_decoder()
    events = decoder.feed(
        SseEvent(
            None,
            json.dumps(
                {
                    "id": "c",
                    "model": "m",
                    "choices": [{"index": 0, "delta": {"content": "ok"}, "finish_reason": "stop"}],
                }
            ),
        )
    )
    events += decoder.close()
    assert isinstance(events[-1], FinishEvent)
    assert fold(events).message.parts[0].text == "ok"


def test_arguments_normaliser_keeps_strings_and_escapes_across_fragments() -> None:
    normaliser = ArgumentsNormaliser()
    pieces = ['{"a b": ', '"x \\', '" y"', ' ,\n "c":', " [1, 2]}"]
    assert "".join(normaliser.feed(p) for p in pieces) == '{"a b":"x \\" y","c":[1,2]}'


@pytest.mark.parametrize(
    ("name", "headers", "wait"),
    [
        ("openai-chat", {"Retry-After-Ms": "250", "retry-after": "9"}, 250),
        ("openai-chat", {"retry-after": "1.5"}, 1500),
        ("anthropic", {"retry-after": "Sat, 21 Nov 2026 10:00:30 GMT", "date": "Sat, 21 Nov 2026 10:00:00 GMT"}, 30000),
        ("anthropic", {"retry-after": "soon"}, None),
    ],
)
def test_retry_after_headers(name: str, headers: dict[str, str], wait: int | None) -> None:
    error = get(name).decode_error(429, headers, b'{"error": {"type": "rate_limit_error", "message": "slow"}}')
    assert (error.retry_after_ms if "retry_after_ms" in error.model_fields_set else None) == wait


def test_error_round_trip_through_the_provider_shape() -> None:
    adapter = get("anthropic")
    error = adapter.decode_error(
        529, {"request-id": "req_9"}, b'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
    )
    status, headers, body = adapter.encode_error(error)
    assert status == 529 and body["error"]["type"] == "overloaded_error"
    again = adapter.decode_error(status, headers, json.dumps(body).encode())
    assert again == error


@pytest.mark.parametrize(
    ("oracle", "body", "message"),
    [
        (
            OPENAI_ORACLE,
            {"model": "m", "messages": [{"role": "user", "content": "hi"}], "temprature": 1},
            "/temprature",
        ),
        (
            OPENAI_ORACLE,
            {
                "model": "m",
                "messages": [
                    {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "u", "detial": "low"}}]}
                ],
            },
            "detial",
        ),
        (OPENAI_ORACLE, {"model": "m", "messages": [{"role": "wizard", "content": "hi"}]}, "does not validate"),
        (
            ANTHROPIC_ORACLE,
            {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}], "temperature": 0.5},
            "/temperature",
        ),
        (
            ANTHROPIC_ORACLE,
            {
                "model": "m",
                "max_tokens": 5,
                "messages": [{"role": "assistant", "content": [{"type": "thinking", "thinking": "t"}]}],
            },
            "does not validate",
        ),
    ],
)
def test_sdk_oracle_catches_lazy_and_dropped_members(oracle: str, body: dict[str, object], message: str) -> None:
    with pytest.raises(GateFailure, match=message):
        validate_with_sdk(oracle, body)


def test_transport_facts() -> None:
    openai, anthropic = get("openai-chat"), get("anthropic")
    assert openai.endpoint_path("chat") == "/v1/chat/completions"
    assert anthropic.endpoint_path("chat") == "/v1/messages"
    with pytest.raises(ConversionRefused):
        anthropic.endpoint_path("embed")
    assert openai.auth_headers("k") == {"authorization": "Bearer k"}
    assert anthropic.auth_headers("k") == {"x-api-key": "k", "anthropic-version": "2026-10-21"}
    assert openai.stream_request_flags({"model": "m"}) == {
        "model": "m",
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    assert anthropic.stream_request_flags({"model": "m"}) == {"model": "m", "stream": True}
    assert (openai.api_key_env, anthropic.api_key_env) == ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")


def test_foreign_signed_reasoning_is_dropped_never_turned_into_text() -> None:
    request = ChatRequest.model_validate(
        {
            "model": "m",
            "messages": [
                {"role": "user", "parts": [{"type": "text", "text": "q"}]},
                {"role": "assistant", "parts": [
                    {"type": "reasoning", "reasoning": {"text": "secret chain", "signature": "sig", "issuer": "anthropic"}},
                    {"type": "text", "text": "a"},
                ]},
            ],
        }
    )  # fmt: skip
    body, warnings = get("openai-chat").encode_request(request)
    assert "secret chain" not in json.dumps(body) and "sig" not in json.dumps(body)
    assert [w.feature for w in warnings] == ["reasoning.foreign"]
    anthropic_body, _ = get("anthropic").encode_request(request)
    assert anthropic_body["messages"][1]["content"][0] == {
        "type": "thinking",
        "thinking": "secret chain",
        "signature": "sig",
    }
