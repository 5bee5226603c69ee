"""Programmatic tool calling: Claude's code calls the caller's tools. The turn can arrive whole in
``message_start`` (content and stop reason) followed by ``message_stop``; a ``tool_use`` block says who
called it (``caller``); the response names its ``container``. All of it is read, kept and written back.

Failure class of issue 23 these recorded bodies show: "Anthropic programmatic tool calling: the tool call
disappears, no error" (``message_start.content`` was ignored: 13 recorded streams folded to an empty message
with finish ``other``, and ``caller`` was dropped silently)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.adapters.anthropic import recorded
from wirechat import ChatOptions, ChatRequest, ChatResponse, Message, canonical
from wirechat.adapters.anthropic import request_fast

LOOP = "vercel-anthropic-programmatic-tool-calling-1"
PREPOPULATED = [
    (name, number)
    for name in recorded.names("stream")
    for number, stream in enumerate(recorded.messages(name))
    if json.loads(stream[0].data)["message"].get("content")
]
"""Every recorded stream whose ``message_start`` already holds the turn's blocks (13 of them are the calls
of one recorded loop, kept as 15 streams in one file)."""


def _json(response: ChatResponse) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(canonical(response))
    return value


def test_the_corpus_has_turns_that_arrive_in_message_start() -> None:
    assert len(PREPOPULATED) >= 13


@pytest.mark.parametrize(("name", "number"), PREPOPULATED)
def test_a_turn_that_arrives_in_message_start_is_not_lost(name: str, number: int) -> None:
    stream = recorded.messages(name)[number]
    message = json.loads(stream[0].data)["message"]
    folded, warnings = recorded.fold_stream(stream)
    assert len(folded.message.parts) == len(message["content"])
    assert folded.finish_reason.raw == message["stop_reason"]
    assert folded.finish_reason.kind == ("tool_calls" if message["stop_reason"] == "tool_use" else "stop")
    assert _json(folded)["provider_metadata"]["anthropic"]["container"] == message["container"]
    for part, block in zip(folded.message.parts, message["content"], strict=True):
        if block["type"] == "tool_use":
            assert part.provider_metadata == {"anthropic": {"caller": block["caller"]}}  # kept, not dropped
    assert canonical(folded) == canonical(recorded.ADAPTER.decode_response(recorded.accumulate(stream)))
    assert warnings == []


def test_caller_and_container_are_written_back_to_anthropic() -> None:
    raw = recorded.body(f"{LOOP}.response.json")
    response = recorded.ADAPTER.decode_response(raw)
    assert recorded.ADAPTER.encode_response(response)["content"] == raw["content"]
    assert recorded.ADAPTER.encode_response(response)["container"] == raw["container"]
    messages = [
        Message.model_validate({"role": "user", "parts": [{"type": "text", "text": "Play the game."}]}),
        response.message,
    ]
    request = ChatRequest(model="m", options=ChatOptions(max_tokens=9), messages=messages)
    body, warnings = recorded.ADAPTER.encode_request(request)
    assert body["messages"][1]["content"] == raw["content"] and warnings == []
    calls_only = [
        messages[0],
        Message(role="assistant", parts=[p for p in response.message.parts if p.type == "tool_call"]),
    ]
    fast = request_fast.messages(calls_only)  # the fast pass writes the kept members too
    assert fast is not None
    assert fast[1][1]["content"] == [block for block in raw["content"] if block["type"] == "tool_use"]
