"""A streamed tool call without its id or name is a broken stream (``invalid_response``), never a call with
an invented ``call_<n>`` id or an ``unknown`` name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wirechat.adapters import SseEvent, get


def _openai_chunk(call: dict[str, Any]) -> SseEvent:
    delta = {"tool_calls": [{"index": 0, **call}]}
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
             "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}  # fmt: skip
    return SseEvent(None, json.dumps(chunk))


@pytest.mark.parametrize(
    ("call", "missing"),
    [
        ({"function": {"name": "get_weather", "arguments": "{"}}, "id"),
        ({"id": "call_1", "function": {"arguments": "{"}}, "function name"),
        ({"id": "", "function": {"name": "f"}}, "id"),
    ],
)
def test_openai_refuses_a_call_without_its_id_or_name(call: dict[str, Any], missing: str) -> None:
    with pytest.raises(ValueError, match=f"first fragment has no {missing}"):
        get("openai-chat").stream_decoder().feed(_openai_chunk(call))


def test_openai_reads_a_whole_first_fragment() -> None:
    events = get("openai-chat").stream_decoder().feed(_openai_chunk({"id": "call_1", "function": {"name": "f"}}))
    assert [(event.type, getattr(event, "id", None)) for event in events][-1] == ("tool_call_start", "call_1")


@pytest.mark.parametrize(("block", "missing"), [({"name": "f"}, "id"), ({"id": "toolu_1"}, "name")])
def test_anthropic_refuses_a_tool_use_block_without_its_id_or_name(block: dict[str, Any], missing: str) -> None:
    decoder = get("anthropic").stream_decoder()
    start = {"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "model": "x",
             "content": [], "usage": {"input_tokens": 1, "output_tokens": 0}}}  # fmt: skip
    decoder.feed(SseEvent("message_start", json.dumps(start)))
    opening = {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "input": {}, **block}}
    with pytest.raises(ValueError, match=f"has no {missing}"):
        decoder.feed(SseEvent("content_block_start", json.dumps(opening)))
