"""The gemini stream decoder on bad input: every fault is an ``invalid_response`` error event, never an
invented value; and a mid-stream google.rpc error is the error it says."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wirechat import ChatResponse, ErrorEvent, FinishEvent
from wirechat.adapters import SseEvent, get
from wirechat.stream import events_from_response, fold

ADAPTER = get("gemini")


def _chunk(parts: list[dict[str, Any]], **candidate: Any) -> SseEvent:
    body = {"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0, **candidate}]}
    return SseEvent(None, json.dumps(body))


def _decode(events: list[SseEvent]) -> list[Any]:
    decoder = ADAPTER.stream_decoder()
    return [out for event in events for out in decoder.feed(event)] + decoder.close()


def test_a_plain_stream_folds_to_the_text_and_finish() -> None:
    events = _decode([_chunk([{"text": "Hel"}]), _chunk([{"text": "lo"}]), _chunk([], finishReason="STOP")])
    response = fold(events)
    assert [part.text for part in response.message.parts] == ["Hello"]
    assert response.finish_reason.raw == "STOP"


@pytest.mark.parametrize(
    ("events", "says"),
    [
        ([SseEvent(None, '{"candidates":[{"content":{"parts":[{"text":"cu')], "not JSON"),
        ([SseEvent(None, "[1, 2]")], "not a JSON object"),
        ([SseEvent(None, '{"somethingElse": {}}')], "none of the members of a response"),
        ([_chunk([{"functionCall": {"args": {"a": 1}}}], finishReason="STOP")], "functionCall/name"),
        ([_chunk([{"functionCall": {"name": "f", "args": [1]}}], finishReason="STOP")], "args"),
        ([_chunk([{"text": "half an answer"}])], "ended before a chunk with a finishReason"),
        ([], "ended before a chunk with a finishReason"),
    ],
)
def test_bad_streams_end_in_invalid_response(events: list[SseEvent], says: str) -> None:
    out = _decode(events)
    assert isinstance(out[-1], ErrorEvent)
    assert out[-1].error.kind == "invalid_response"
    assert says in out[-1].error.message
    assert not any(isinstance(event, FinishEvent) for event in out)
    assert not [e for e in out if getattr(e, "name", None)]  # no tool call was started with an invented name


def test_a_mid_stream_error_chunk_is_that_error_with_the_usage_so_far() -> None:
    usage = SseEvent(
        None,
        json.dumps(
            {
                "candidates": [{"content": {"parts": [{"text": "a"}]}}],
                "usageMetadata": {"promptTokenCount": 5, "totalTokenCount": 5},
            }
        ),
    )
    error = SseEvent(
        None, json.dumps({"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}})
    )
    out = _decode([usage, error, _chunk([{"text": "ignored"}], finishReason="STOP")])
    assert isinstance(out[-1], ErrorEvent)
    assert (out[-1].error.kind, out[-1].error.retryable, out[-1].error.usage.input_tokens) == ("overloaded", True, 5)


def test_usage_is_the_last_reported_not_a_sum() -> None:
    first = SseEvent(
        None,
        json.dumps(
            {"candidates": [{"content": {"parts": [{"text": "a"}]}}], "usageMetadata": {"promptTokenCount": 55}}
        ),
    )
    last = SseEvent(
        None,
        json.dumps(
            {
                "candidates": [{"finishReason": "STOP"}],
                "usageMetadata": {"promptTokenCount": 165, "candidatesTokenCount": 3},
            }
        ),
    )
    usage = fold(_decode([first, last])).usage
    assert (usage.input_tokens, usage.output_tokens, usage.total_tokens) == (165, 3, 168)


def test_a_blocked_prompt_stream_finishes_with_the_block_reason() -> None:
    blocked = SseEvent(None, json.dumps({"promptFeedback": {"blockReason": "SAFETY"}}))
    response = fold(_decode([blocked]))
    assert (response.finish_reason.kind, response.finish_reason.raw) == ("content_filter", "SAFETY")


@pytest.mark.parametrize(
    "parts",
    [
        # a signature attached to a text that follows a text, then another text (found by the gate, seed 5)
        [
            {"type": "text", "text": "a"},
            {"type": "reasoning", "reasoning": {"issuer": "gemini", "redacted_data": "Sg=="}},
            {"type": "text", "text": "b"},
            {"type": "text", "text": "c"},
        ],
        # opaque state before an empty text, at the end, and two texts in a row
        [
            {"type": "reasoning", "reasoning": {"issuer": "gemini", "redacted_data": "AQ=="}},
            {"type": "text", "text": ""},
            {"type": "text", "text": "x"},
            {"type": "text", "text": "y"},
            {"type": "reasoning", "reasoning": {"issuer": "gemini", "redacted_data": "Ag=="}},
        ],
    ],
)
def test_encoded_streams_decode_to_the_same_parts(parts: list[dict[str, Any]]) -> None:
    response = ChatResponse.model_validate(
        {"message": {"role": "assistant", "parts": parts}, "finish_reason": {"kind": "stop", "raw": "STOP"}}
    )
    assert ADAPTER.decode_response(ADAPTER.encode_response(response)) == response
    encoder = ADAPTER.stream_encoder()
    chunks = [chunk for event in events_from_response(response, 1) for chunk in encoder.feed(event)]
    assert fold(_decode(chunks)) == response
