"""The section 9 law for tool input (decision 036): a ``tool_use`` block's ``input`` read unstreamed and
its ``partial_json`` fragments read streamed give the same arguments text, whatever spelling the
fragments use and wherever they are cut.

Failure class of issue 26 item 2: ``partial_json`` spelling a value differently from the unstreamed
``input`` (``1E2``, ``"\\u00e9"``, ``"\\/"``, ``1e21``) folded to another text than the unstreamed reading."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.adapters.anthropic import recorded
from tests.json_spellings import OBJECTS, pieces, spelled
from wirechat import ErrorEvent, canonical
from wirechat.adapters import SseEvent
from wirechat.stream import fold

USAGE = {"input_tokens": 1, "output_tokens": 1}


def _deltas(fragments: list[str]) -> list[dict[str, Any]]:
    return [{"type": "input_json_delta", "partial_json": piece} for piece in fragments]


def _streamed(fragments: list[str]) -> list[SseEvent]:
    block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    events: list[dict[str, Any]] = [
        {"type": "message_start", "message": {"id": "m", "model": "c", "content": [], "usage": USAGE}},
        {"type": "content_block_start", "index": 0, "content_block": block},
        *({"type": "content_block_delta", "index": 0, "delta": delta} for delta in _deltas(fragments)),
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": USAGE},
        {"type": "message_stop"},
    ]
    return [SseEvent(event["type"], json.dumps(event)) for event in events]


def _unstreamed(value: dict[str, Any]) -> dict[str, Any]:
    block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": value}
    return {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [block],
            "stop_reason": "tool_use", "usage": USAGE}  # fmt: skip


def _arguments(response: Any) -> str:
    return str(response.message.parts[0].tool_call.arguments)


@pytest.mark.parametrize(
    "sent", ['{"x": 1E2}', '{"x":"\\u00e9"}', '{"x":"a\\/b"}', '{"x":1e21}', '{"x":1.0}', '{"x":0.00001}']
)
def test_partial_json_spelling_a_value_differently_folds_to_the_unstreamed_text(sent: str) -> None:
    events, _ = recorded.decode(_streamed(list(sent)))
    unstreamed = recorded.ADAPTER.decode_response(_unstreamed(json.loads(sent)))
    assert _arguments(fold(events)) == _arguments(unstreamed)
    assert canonical(fold(events)) == canonical(unstreamed)


def test_input_the_arguments_cannot_hold_fails_both_ways() -> None:
    events, _ = recorded.decode(_streamed(['{"id":90071992547409', "93}"]))
    assert isinstance(events[-1], ErrorEvent) and "unsafe" not in events[-1].error.kind
    assert "outside +/-(2^53-1)" in events[-1].error.message
    with pytest.raises(ValueError, match="2\\^53"):
        recorded.ADAPTER.decode_response(_unstreamed({"id": 9007199254740993}))


@given(st.data(), OBJECTS)
def test_streamed_tool_input_folds_to_the_unstreamed_reading(data: st.DataObject, value: dict[str, Any]) -> None:
    fragments = data.draw(pieces(data.draw(spelled(value))))
    events, _ = recorded.decode(_streamed(fragments))
    assert canonical(fold(events)) == canonical(recorded.ADAPTER.decode_response(_unstreamed(value)))
