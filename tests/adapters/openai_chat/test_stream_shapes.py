"""A stream chunk whose delta has the wrong shape (``tool_calls`` not an array, a fragment not an object, an
index that is not an integer, ``function`` not an object) is a broken stream: a ``ValueError`` naming the
pointer (from the event's position in the stream, ``/0`` the first) and what came, which the client reports
as ``invalid_response``, never a raw ``TypeError``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wirechat.adapters import SseEvent, get
from wirechat.transport.errors import InvalidResponseError
from wirechat.transport.events import EventPump


def _chunk(delta: Any) -> str:
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
             "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}  # fmt: skip
    return json.dumps(chunk)


WRONG = [
    ("x", "/0/choices/0/delta: a delta is a JSON object, not a string ('x')"),
    ({"tool_calls": 1}, "/0/choices/0/delta/tool_calls: an array of tool call fragments, not a number (1)"),
    ({"tool_calls": "x"}, "/0/choices/0/delta/tool_calls: an array of tool call fragments, not a string ('x')"),
    ({"tool_calls": [{"index": 0, "id": "a", "function": {"name": "f"}}, 1]},
     "/0/choices/0/delta/tool_calls/1: a tool call fragment is a JSON object, not a number (1)"),
    ({"tool_calls": [{"index": "0", "id": "a", "function": {"name": "f"}}]},
     "/0/choices/0/delta/tool_calls/0/index: an integer, not a string ('0')"),
    ({"tool_calls": [{"index": 0, "id": "a", "function": 3}]},
     "/0/choices/0/delta/tool_calls/0/function: a JSON object, not a number (3)"),
]  # fmt: skip


@pytest.mark.parametrize("adapter", ["openai-chat", "openai-compatible:ollama"])
@pytest.mark.parametrize(("delta", "message"), WRONG)
def test_a_wrong_delta_shape_is_named(adapter: str, delta: Any, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        get(adapter).stream_decoder().feed(SseEvent(None, _chunk(delta)))
    assert str(caught.value) == message
    assert type(caught.value) is ValueError  # not a TypeError or AttributeError that happens to subclass nothing


@pytest.mark.parametrize(("delta", "message"), WRONG[1:3])
def test_the_client_sees_invalid_response(delta: Any, message: str) -> None:
    pump = EventPump(get("openai-chat").stream_decoder())
    with pytest.raises(InvalidResponseError) as caught:
        pump.feed(f"data: {_chunk(delta)}\n\n".encode())
    assert message in str(caught.value)
