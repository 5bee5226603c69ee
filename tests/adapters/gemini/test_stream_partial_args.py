"""Gemini 3 streamed function call arguments (``functionCall.willContinue`` / ``partialArgs``) on recorded
streams, and the JSON paths they use; a streamed call folds to the call the same request gives unstreamed.

Issue 23's failure class: "stream decoders reject valid events" (``MalformedStreamError``: the continuation
parts have no name, which the decoder took for a call without a name)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.adapters.gemini.corpus import ADAPTER, fold_stream
from wirechat.adapters import SseEvent
from wirechat.adapters.gemini.partial_args import StreamedCall
from wirechat.stream import fold


def test_a_recorded_stream_of_partial_arguments_folds_to_whole_calls() -> None:
    response, warnings = fold_stream("vercel-google-stream-no-args-tool-call.stream.sse")
    calls = [part.tool_call for part in response.message.parts if part.type == "tool_call"]
    assert [(call.id, call.name, call.arguments) for call in calls] == [
        ("gemini_call_0", "read_theme", "{}"),
        ("gemini_call_1", "read_screen", '{"id":"A"}'),
        ("gemini_call_2", "read_screen", '{"id":"B"}'),
        ("gemini_call_3", "read_screen", '{"id":"C"}'),
    ]
    assert response.finish_reason.kind == "stop"  # Gemini ends a call with STOP (its table has no tool-call reason)
    assert warnings == []


def test_the_last_call_may_close_in_the_chunk_with_the_finish_reason() -> None:
    response, _ = fold_stream("vercel-google-stream-no-args-tool-call-2.stream.sse")
    calls = [part.tool_call for part in response.message.parts if part.type == "tool_call"]
    assert [(call.name, call.arguments) for call in calls] == [("read_theme", "{}"), ("read_screen", '{"id":"A"}')]


def _call(**call: Any) -> SseEvent:
    return SseEvent(
        None, json.dumps({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": call}]}}]})
    )


def test_pieces_build_nested_arguments_in_the_order_their_paths_arrive() -> None:
    decoder = ADAPTER.stream_decoder()
    chunks = [
        _call(name="f", id="c1", willContinue=True),
        _call(partialArgs=[{"jsonPath": "$.q", "stringValue": "he", "willContinue": True}], willContinue=True),
        _call(
            partialArgs=[
                {"jsonPath": "$.q", "stringValue": "llo"},
                {"jsonPath": "$.opts.n", "numberValue": 2},
                {"jsonPath": "$.tags[1]", "boolValue": True},
                {"jsonPath": "$['a b']", "nullValue": "NULL_VALUE"},
            ],
            willContinue=True,
        ),
        _call(),
        SseEvent(None, json.dumps({"candidates": [{"content": {"parts": [{"text": ""}]}, "finishReason": "STOP"}]})),
    ]
    events = [event for chunk in chunks for event in decoder.feed(chunk)] + decoder.close()
    call = fold(events).message.parts[0].tool_call
    assert (call.id, call.name) == ("c1", "f")
    assert json.loads(call.arguments) == {"q": "hello", "opts": {"n": 2}, "tags": [None, True], "a b": None}
    assert decoder.warnings == []


def test_an_unknown_member_of_a_piece_is_reported_with_its_pointer() -> None:
    decoder = ADAPTER.stream_decoder()
    decoder.feed(_call(name="f", willContinue=True))
    decoder.feed(_call(partialArgs=[{"jsonPath": "$.a", "stringValue": "x", "bogus": 1}]))
    assert [(w.feature, w.where) for w in decoder.warnings] == [
        ("provider.unmapped", "/1/candidates/0/content/parts/0/functionCall/partialArgs/0/bogus")
    ]


@pytest.mark.parametrize("path", ["a", "$", "$.a..b", "$[x]"])
def test_a_path_the_adapter_cannot_read_fails_naming_it(path: str) -> None:
    with pytest.raises(ValueError, match="jsonPath"):
        StreamedCall("c", "f").add([{"jsonPath": path, "stringValue": "x"}], "/0/partialArgs")


def test_a_continuation_without_an_open_call_still_needs_a_name() -> None:
    decoder = ADAPTER.stream_decoder()
    out = decoder.feed(_call(partialArgs=[{"jsonPath": "$.a", "stringValue": "x"}]))
    assert out[-1].type == "error" and "functionCall/name" in out[-1].error.message
