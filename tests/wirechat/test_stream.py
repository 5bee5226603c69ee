"""The fold law (spec section 9): folding a stream gives the response; broken streams keep what arrived."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wirechat
from wirechat import ChatResponse, StreamEvent
from wirechat.stream import (
    IncompleteStreamError,
    MalformedStreamError,
    StreamFailedError,
    StreamFold,
    events_from_response,
    fold,
)
from wirechat.testing.strategies import strategy_for

SIGNATURE = "EqQBCkgIARABGAIiQL2mFjG1S0ZtZ0vY7tXy3d+1q8bDfWZxkqR0eN1pO9k0vFh3h6r4o8xN2T3v5J7m=="


def events(*documents: dict[str, Any]) -> list[StreamEvent]:
    return [wirechat.decode(json.dumps(document), StreamEvent) for document in documents]


PARALLEL_CALLS = events(
    {"type": "start", "id": "msg_1", "model": "claude-sonnet-4-5"},
    {"type": "reasoning_start", "index": 0, "issuer": "anthropic"},
    {"type": "reasoning_delta", "index": 0, "text": "Two cities, "},
    {"type": "reasoning_delta", "index": 0, "text": "two calls."},
    {"type": "reasoning_delta", "index": 0, "signature": SIGNATURE[:30]},
    {"type": "reasoning_delta", "index": 0, "signature": SIGNATURE[30:]},
    {"type": "reasoning_end", "index": 0},
    {"type": "tool_call_start", "index": 1, "id": "call_a", "name": "get_weather"},
    {"type": "tool_call_start", "index": 2, "id": "call_b", "name": "get_weather"},
    {"type": "tool_call_delta", "index": 2, "arguments": '{"city":'},
    {"type": "tool_call_delta", "index": 1, "arguments": '{"city":'},
    {"type": "tool_call_delta", "index": 1, "arguments": '"Paris"}'},
    {"type": "tool_call_delta", "index": 2, "arguments": '"Oslo"}'},
    {"type": "tool_call_end", "index": 2},
    {"type": "tool_call_end", "index": 1, "provider_metadata": {"openai": {"x": 1}}},
    {"type": "usage", "usage": {"input_tokens": 10, "output_tokens": 1, "total_tokens": 11}},
    {"type": "usage", "usage": {"input_tokens": 10, "output_tokens": 40, "total_tokens": 50}},
    {"type": "finish", "finish_reason": {"kind": "tool_calls", "raw": "tool_use"}},
)


def test_parallel_tool_calls_with_interleaved_fragments_fold_by_index() -> None:
    response = fold(PARALLEL_CALLS)
    expected = {
        "message": {
            "role": "assistant",
            "parts": [
                {
                    "type": "reasoning",
                    "reasoning": {"text": "Two cities, two calls.", "signature": SIGNATURE, "issuer": "anthropic"},
                },
                {
                    "type": "tool_call",
                    "tool_call": {"id": "call_a", "name": "get_weather", "arguments": '{"city":"Paris"}'},
                    "provider_metadata": {"openai": {"x": 1}},
                },
                {
                    "type": "tool_call",
                    "tool_call": {"id": "call_b", "name": "get_weather", "arguments": '{"city":"Oslo"}'},
                },
            ],
        },
        "finish_reason": {"kind": "tool_calls", "raw": "tool_use"},
        "usage": {"input_tokens": 10, "output_tokens": 40, "total_tokens": 50},
        "id": "msg_1",
        "model": "claude-sonnet-4-5",
    }
    assert wirechat.canonical(response) == wirechat.canonical(expected)


def test_redacted_reasoning_and_whole_parts() -> None:
    response = fold(
        events(
            {"type": "reasoning_start", "index": 0, "issuer": "anthropic", "redacted_data": "EmwKAhgB"},
            {"type": "reasoning_end", "index": 0},
            {
                "type": "part",
                "index": 1,
                "part": {"type": "image", "image": {"source": "url", "url": "https://x/a.png"}},
            },
            {"type": "text_start", "index": 2},
            {"type": "text_end", "index": 2},
            {"type": "finish", "finish_reason": {"kind": "stop"}, "provider_metadata": {"openai": {"fp": "1"}}},
        )
    )
    assert [part.type for part in response.message.parts] == ["reasoning", "image", "text"]
    assert wirechat.canonical(response.message.parts[0]) == (
        b'{"reasoning":{"issuer":"anthropic","redacted_data":"EmwKAhgB"},"type":"reasoning"}'
    )
    assert response.message.parts[2] == wirechat.TextPart(text="")
    assert response.provider_metadata == {"openai": {"fp": "1"}}


def test_error_event_keeps_the_partial_message_and_usage() -> None:
    broken = [
        *PARALLEL_CALLS[:12],
        *events({"type": "error", "error": {"kind": "overloaded", "message": "Overloaded", "retryable": True}}),
    ]
    accumulator = StreamFold()
    for event in broken[:-1]:
        accumulator.add(event)
    with pytest.raises(StreamFailedError) as caught:
        fold(broken)
    assert caught.value.error.kind == "overloaded"
    assert wirechat.tool_calls(caught.value.partial)[0].arguments == '{"city":"Paris"}'
    assert caught.value.partial == accumulator.partial()


def test_stream_without_finish_is_incomplete_with_partial_content() -> None:
    with pytest.raises(IncompleteStreamError) as caught:
        fold(PARALLEL_CALLS[:-1])
    assert caught.value.usage is not None and caught.value.usage.output_tokens == 40
    assert len(caught.value.partial.parts) == 3


@pytest.mark.parametrize(
    ("documents", "complaint"),
    [
        ([{"type": "text_delta", "index": 0, "text": "x"}], "never started"),
        ([{"type": "text_start", "index": 0}, {"type": "text_start", "index": 0}], "started twice"),
        ([{"type": "text_start", "index": 0}, {"type": "tool_call_delta", "index": 0, "arguments": "{"}], "text part"),
        (
            [
                {"type": "text_start", "index": 0},
                {"type": "text_end", "index": 0},
                {"type": "text_delta", "index": 0, "text": "x"},
            ],
            "already ended",
        ),
        ([{"type": "text_start", "index": 0}, {"type": "start"}], "start must come first"),
        (
            [{"type": "finish", "finish_reason": {"kind": "stop"}}, {"type": "text_start", "index": 0}],
            "after the stream's finish",
        ),
    ],
)
def test_malformed_streams_are_refused(documents: list[dict[str, Any]], complaint: str) -> None:
    with pytest.raises(MalformedStreamError, match=complaint):
        fold(events(*documents))


def test_open_parts_and_gaps_are_refused_at_the_end() -> None:
    finish = {"type": "finish", "finish_reason": {"kind": "stop"}}
    with pytest.raises(MalformedStreamError, match="still open"):
        fold(events({"type": "text_start", "index": 0}, finish))
    with pytest.raises(MalformedStreamError, match="without gaps"):
        fold(events({"type": "text_start", "index": 1}, {"type": "text_end", "index": 1}, finish))


def _plain_assistant(response: dict[str, Any]) -> dict[str, Any]:
    message = {"role": "assistant", "parts": response["message"]["parts"]}
    return {**response, "message": message}


@settings(max_examples=200)
@given(document=strategy_for("ChatResponse").map(_plain_assistant), size=st.integers(1, 7))
def test_fold_law_holds_for_generated_responses(document: dict[str, Any], size: int) -> None:
    response = wirechat.decode(json.dumps(document), ChatResponse)
    stream = events_from_response(response, fragment_size=size)
    assert wirechat.canonical(fold(stream)) == wirechat.canonical(response)


def test_only_plain_assistant_messages_can_be_streamed() -> None:
    response = ChatResponse(
        message=wirechat.text_message("user", "hi"), finish_reason=wirechat.FinishReason(kind="stop")
    )
    with pytest.raises(ValueError, match="plain assistant"):
        events_from_response(response)
