"""The ``openai-responses`` codecs on hand-written bodies: how items map both ways, the replay rule for
encrypted reasoning, options checked against the manifest, the recorded shapes valid for the official SDK's
models, and bad input (malformed JSON, a cut stream, events of another format, a function call without its
``call_id`` or ``name``) ending as ``invalid_response`` or an error naming the member, never invented values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wirechat import ChatRequest, decode
from wirechat.adapters import ConversionRefused, SseEvent, get
from wirechat.errors import WireError
from wirechat.stream import fold

ADAPTER = get("openai-responses")
RECORDED = sorted((Path(ADAPTER.fixtures_dir or ".")).glob("*.json"))


def request(document: dict[str, Any]) -> ChatRequest:
    return decode(json.dumps({"model": "gpt-5.1", **document}).encode(), ChatRequest)


def text(role: str, value: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "text": value}]}


def signed(issuer: str) -> dict[str, Any]:
    reasoning = {"text": "thought", "signature": "rs_1", "redacted_data": "gAAA==", "issuer": issuer}
    return {"type": "reasoning", "reasoning": reasoning}


def test_a_conversation_becomes_items() -> None:
    call = {"type": "tool_call", "tool_call": {"id": "call_1", "name": "get", "arguments": '{"a":1}'}}
    result = {"type": "tool_result", "tool_result": {"tool_call_id": "call_1", "content": "sunny"}}
    body, warnings = ADAPTER.encode_request(request({
        "messages": [text("system", "Be brief."), text("user", "Weather?"),
                     {"role": "assistant", "parts": [signed("openai"), call]}, {"role": "tool", "parts": [result]}],
        "options": {"max_tokens": 50, "response_format": {"type": "json_schema", "json_schema": {
            "name": "w", "schema": {"type": "object"}, "strict": True}}},
        "provider_options": {"openai-responses": {"store": False, "include": ["reasoning.encrypted_content"],
                                                  "reasoning": {"effort": "low", "summary": "auto"}}},
    }))  # fmt: skip
    assert warnings == []
    assert body["instructions"] == "Be brief."
    assert body["input"] == [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Weather?"}]},
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "thought"}],
         "encrypted_content": "gAAA=="},
        {"type": "function_call", "call_id": "call_1", "name": "get", "arguments": '{"a":1}'},
        {"type": "function_call_output", "call_id": "call_1", "output": "sunny"},
    ]  # fmt: skip
    assert body["text"] == {
        "format": {"type": "json_schema", "name": "w", "schema": {"type": "object"}, "strict": True}
    }
    assert (body["max_output_tokens"], body["store"], body["reasoning"]) == (
        50,
        False,
        {"effort": "low", "summary": "auto"},
    )
    back, notes = ADAPTER.decode_request(body)
    assert notes == []
    assert back.messages[2].parts[0].reasoning.redacted_data == "gAAA=="


@pytest.mark.parametrize("issuer", ["anthropic", "elsewhere"])
def test_encrypted_reasoning_is_replayed_only_to_openai(issuer: str) -> None:
    body, warnings = ADAPTER.encode_request(
        request(
            {
                "messages": [
                    text("user", "hi"),
                    {"role": "assistant", "parts": [signed(issuer), {"type": "text", "text": "ok"}]},
                ]
            }
        )
    )
    assert [item.get("type") for item in body["input"]] == ["message", "message"]
    assert [w.feature for w in warnings] == ["reasoning.foreign"]
    assert "gAAA==" not in json.dumps(body) and "thought" not in json.dumps(body)


def test_openai_reasoning_without_its_id_is_written_with_its_encrypted_content_alone() -> None:
    # Issue 23 (a body decode_request accepted and encode_request then dropped): ruby-llm's request to xAI
    # replays reasoning items with encrypted_content and no id; it is written back as it came.
    part = {"type": "reasoning", "reasoning": {"redacted_data": "gAAA==", "issuer": "openai"}}
    body, warnings = ADAPTER.encode_request(
        request({"messages": [text("user", "hi"), {"role": "assistant", "parts": [part]}]})
    )
    assert warnings == []
    assert body["input"][1] == {"type": "reasoning", "summary": [], "encrypted_content": "gAAA=="}


@pytest.mark.parametrize(
    ("options", "pointer"),
    [
        ({"reasoning": {"effort": "bogus"}}, "/provider_options/openai-responses/reasoning/effort"),
        ({"include": ["nope"]}, "/provider_options/openai-responses/include/0"),
        ({"store": "yes"}, "/provider_options/openai-responses/store"),
        ({"previous_response_id": ""}, "/provider_options/openai-responses/previous_response_id"),
    ],
)
def test_options_break_the_published_schema(options: dict[str, Any], pointer: str) -> None:
    with pytest.raises(WireError) as caught:
        ADAPTER.encode_request(
            request({"messages": [text("user", "hi")], "provider_options": {"openai-responses": options}})
        )
    assert [problem.pointer for problem in caught.value.problems] == [pointer]


def test_an_option_the_adapter_sets_itself_is_refused() -> None:
    with pytest.raises(ConversionRefused, match="/provider_options/openai-responses/input"):
        ADAPTER.encode_request(request({"messages": [text("user", "hi")],
                                        "provider_options": {"openai-responses": {"input": []}}}))  # fmt: skip


def test_decoding_a_request_reports_what_it_does_not_map() -> None:
    user = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi", "bogus": 1}]}
    call = {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}", "extra": True}
    body = {"model": "m", "instructions": "sys", "previous_response_id": "resp_1",
            "input": [{"role": "developer", "content": "dev"}, user, call]}  # fmt: skip
    decoded, notes = ADAPTER.decode_request(body)
    assert [str(note) for note in notes] == [
        "provider.unmapped: /input/1/content/0/bogus: not a member this adapter maps: dropped",
        "provider.unmapped: /input/2/extra: not a member this adapter maps: dropped",
    ]
    assert decoded.provider_options == {"openai-responses": {"previous_response_id": "resp_1"}}
    assert [m.role for m in decoded.messages] == ["system", "system", "user", "assistant"]
    assert decoded.messages[1].provider_metadata == {"openai": {"role": "developer"}}


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"type": "function_call", "name": "f", "arguments": "{}"}, "/input/0/call_id: required"),
        ({"type": "function_call", "call_id": "c", "arguments": "{}"}, "/input/0/name: required"),
        ({"type": "function_call", "call_id": "", "name": "f", "arguments": "{}"}, "/input/0/call_id: required"),
        ({"type": "function_call_output", "output": "x"}, "/input/0/call_id: required"),
        ({"type": "web_search_call", "status": "completed"}, "/input/0/id: a web_search_call item needs an id"),
        ({"type": "shell_call_output", "output": []}, "/input/0/call_id: a shell_call_output item that answers no"),
        ({"type": "item_reference", "id": "x"}, "/input/0/type: an input item type this adapter does not map"),
    ],
)
def test_bad_items_are_errors_naming_the_member(item: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.split(": ", 1)[0]):
        ADAPTER.decode_request({"model": "m", "input": [item]})


@pytest.mark.parametrize("path", RECORDED, ids=[path.stem for path in RECORDED])
def test_recorded_shapes_are_valid_for_the_official_sdk(path: Path) -> None:
    pydantic = pytest.importorskip("pydantic")
    responses = pytest.importorskip("openai.types.responses")
    case = json.loads(path.read_text(encoding="utf-8"))
    responses.Response.model_validate(case["body"])
    events = pydantic.TypeAdapter(responses.ResponseStreamEvent)
    for event in case["events"]:
        events.validate_python(json.loads(event["data"]))


def feed(events: list[tuple[str | None, str]]) -> list[Any]:
    decoder = ADAPTER.stream_decoder()
    return [out for name, data in events for out in decoder.feed(SseEvent(name, data))] + decoder.close()


def recorded_events(name: str) -> list[tuple[str | None, str]]:
    case = json.loads((Path(ADAPTER.fixtures_dir or ".") / name).read_text(encoding="utf-8"))
    return [(event["event"], event["data"]) for event in case["events"]]


def test_a_stream_cut_mid_event_is_an_invalid_response_with_what_arrived() -> None:
    events = recorded_events("refusal_incomplete.json")[:4]
    events.append(("response.refusal.delta", '{"type":"response.refusal.delta","output_index":0,"del'))
    decoded = feed(events)
    assert decoded[-1].type == "error" and decoded[-1].error.kind == "invalid_response"
    assert "not JSON" in decoded[-1].error.message
    assert [e.text for e in decoded if e.type == "text_delta"] == ["I can't "]


def test_a_stream_that_stops_before_its_terminal_event_is_an_invalid_response() -> None:
    decoded = feed(recorded_events("parallel_calls.json")[:-1])
    assert decoded[-1].type == "error" and decoded[-1].error.kind == "invalid_response"
    assert "ended before response.completed" in decoded[-1].error.message
    assert not any(event.type == "finish" for event in decoded)


def test_events_of_another_format_are_not_read_as_an_empty_reply() -> None:
    chat_chunk = '{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"}}]}'
    decoded = feed([(None, chat_chunk)])
    assert [event.type for event in decoded] == ["error"] and decoded[0].error.kind == "invalid_response"


def test_unknown_event_types_are_skipped_without_inventing_anything() -> None:
    events = recorded_events("refusal_incomplete.json")
    events.insert(3, ("response.future_thing.delta", '{"type":"response.future_thing.delta","delta":"zzz"}'))
    plain = fold(feed(recorded_events("refusal_incomplete.json")))
    assert fold(feed(events)) == plain


@pytest.mark.parametrize("missing", ["call_id", "name"])
def test_a_streamed_function_call_without_its_id_or_name_is_refused(missing: str) -> None:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}
    del item[missing]
    added = json.dumps({"type": "response.output_item.added", "output_index": 0, "item": item, "sequence_number": 1})
    decoder = ADAPTER.stream_decoder()
    with pytest.raises(ValueError, match=f"/output/0/{missing}: required"):
        decoder.feed(SseEvent("response.output_item.added", added))


def test_a_response_body_function_call_without_a_name_is_refused() -> None:
    body = {"id": "r", "status": "completed", "output": [{"type": "function_call", "call_id": "c", "arguments": "{}"}]}
    with pytest.raises(ValueError, match="/output/0/name: required"):
        ADAPTER.decode_response(body)


def test_a_mid_stream_error_event_keeps_the_usage_and_code() -> None:
    events = recorded_events("refusal_incomplete.json")[:4]
    error = {"type": "error", "code": "insufficient_quota", "message": "quota", "param": None, "sequence_number": 4}
    decoded = feed([*events, ("error", json.dumps(error))])
    assert decoded[-1].type == "error"
    assert (decoded[-1].error.kind, decoded[-1].error.retryable, decoded[-1].error.provider_code) == (
        "rate_limited", False, "insufficient_quota")  # fmt: skip


def test_embeddings_and_completions_have_no_endpoint() -> None:
    for kind in ("embed", "complete"):
        with pytest.raises(ConversionRefused, match="no endpoint"):
            ADAPTER.endpoint_path(kind)  # type: ignore[arg-type]
    assert ADAPTER.endpoint_path("chat") == "/v1/responses"


def test_response_failed_with_an_error_is_an_error_event_not_a_finish() -> None:
    response = {"id": "r", "object": "response", "created_at": 1, "model": "m", "status": "failed", "output": [],
                "error": {"code": "server_error", "message": "The model failed"}, "usage": None}  # fmt: skip
    decoded = feed([(None, json.dumps({"type": "response.created", "response": {**response, "status": "in_progress"}})),
                    (None, json.dumps({"type": "response.failed", "response": response}))])  # fmt: skip
    assert [event.type for event in decoded] == ["start", "error"]
    assert (decoded[-1].error.kind, decoded[-1].error.provider_code) == ("provider", "server_error")
    assert decoded[-1].error.message == "The model failed"
