"""The ``querymt`` adapter: QueryMT's Extism JSON both ways, and the adapter gate, which models the messages
QueryMT has no shape for (its own feature ``message.shape``, in ``gate_reductions``; decision 014)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wirechat._generated.models import ChatRequest, ChatResponse, CompleteRequest, EmbedRequest
from wirechat.adapters import ConversionRefused, get
from wirechat.errors import WireError

ADAPTER = get("querymt")


def request(*messages: dict[str, Any], **extra: Any) -> ChatRequest:
    return ChatRequest.model_validate({"model": "m", "messages": list(messages), **extra})


def user(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "parts": list(parts)}


TEXT = {"type": "text", "text": "look"}
PNG = {"type": "image", "image": {"source": "base64", "base64": "iVBO", "media_type": "image/png"}}


def test_a_conversation_with_a_tool_round_trip_is_exact_querymt_json() -> None:
    call = {"type": "tool_call", "tool_call": {"id": "c1", "name": "weather", "arguments": '{"city":"Oslo"}'}}
    result = {"type": "tool_result", "tool_result": {"tool_call_id": "c1", "content": "12C"}}
    tool = {"name": "weather", "description": "Weather", "input_schema": {"type": "object"}}
    body, warnings = ADAPTER.encode_request(
        request(
            user(TEXT, PNG),
            {"role": "assistant", "parts": [{"type": "text", "text": "ok"}, call]},
            {"role": "tool", "parts": [result]},
            tools=[tool],
            provider_options={"querymt": {"cfg": {"api_key": "k"}}},
        )
    )
    assert warnings == []
    assert body == {
        "cfg": {"api_key": "k", "model": "m"},
        "messages": [
            {"role": "User", "message_type": {"Image": ["PNG", [137, 80, 78]]}, "content": "look"},
            {"role": "Assistant", "message_type": {"ToolUse": [
                {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": '{"city":"Oslo"}'}}]},
             "content": "ok"},
            {"role": "User", "message_type": {"ToolResult": [
                {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": "12C"}}]}, "content": ""},
        ],
        "tools": [{"type": "function", "function": {"name": "weather", "description": "Weather",
                                                    "parameters": {"type": "object"}}}],
    }  # fmt: skip
    back, notes = ADAPTER.decode_request(json.loads(json.dumps(body)))
    assert notes == []
    assert back.messages == request(user(TEXT, PNG)).messages + back.messages[1:]
    assert back.provider_options == {"querymt": {"cfg": {"api_key": "k"}}}


@pytest.mark.parametrize(
    ("document", "feature", "where"),
    [
        ({"messages": [{"role": "system", "parts": [TEXT]}]}, "system", "/messages/0"),
        ({"messages": [user(TEXT)], "options": {"temperature": 0.2}}, "options.temperature", "/options/temperature"),
        ({"messages": [user(TEXT)], "tool_choice": {"type": "auto"}}, "tool_choice", "/tool_choice"),
        ({"messages": [user(TEXT, TEXT)]}, "message.shape", "/messages/0"),
        ({"messages": [user({"type": "image", "image": {"source": "base64", "base64": "AA==",
                                                        "media_type": "image/bmp"}})]},
         "media.unsupported_type", "/messages/0/parts/0/image/media_type"),
    ],
)  # fmt: skip
def test_what_querymt_cannot_carry_is_refused_with_the_place(
    document: dict[str, Any], feature: str, where: str
) -> None:
    with pytest.raises(ConversionRefused) as caught:
        ADAPTER.encode_request(ChatRequest.model_validate({"model": "m", **document}))
    assert (caught.value.feature, caught.value.where) == (feature, where)


def test_a_bad_cfg_is_a_wire_error_at_its_pointer() -> None:
    with pytest.raises(WireError) as caught:
        ADAPTER.encode_request(request(user(TEXT), provider_options={"querymt": {"cfg": 42}}))
    assert {p.pointer for p in caught.value.problems} == {"/provider_options/querymt/cfg"}


def test_unknown_members_of_a_querymt_request_are_reported() -> None:
    body = {"cfg": {}, "messages": [{"role": "User", "message_type": "Text", "content": "hi",
                                      "cache": {"ephemeral": {}}}], "tools": None, "stream": True}  # fmt: skip
    _, notes = ADAPTER.decode_request(body)
    assert sorted(str(n).split(":")[1].strip() for n in notes) == ["/messages/0/cache", "/stream"]


def test_bad_querymt_json_names_the_member() -> None:
    bad = {"cfg": {}, "messages": [{"role": "System", "message_type": "Text", "content": "x"}], "tools": None}
    with pytest.raises(ValueError, match=r"/messages/0/role: expected User or Assistant, got 'System'"):
        ADAPTER.decode_request(bad)
    image = {"role": "User", "message_type": {"Image": ["PNG", [300]]}, "content": ""}
    with pytest.raises(ValueError, match=r"/messages/0/message_type/Image/1: expected the bytes"):
        ADAPTER.decode_request({"cfg": {}, "messages": [image], "tools": None})


def test_a_reply_keeps_ids_thinking_usage_and_the_raw_finish_reason() -> None:
    reply = ADAPTER.decode_response({
        "text": "checking", "thinking": "need weather",
        "tool_calls": [{"id": "c9", "type": "function", "function": {"name": "weather", "arguments": "{}"}}],
        "usage": {"input_tokens": 100, "output_tokens": 20, "reasoning_tokens": 5, "cache_read": 40, "cache_write": 0},
        "finish_reason": "ToolCalls", "latency": 3,
    })  # fmt: skip
    assert [p.type for p in reply.message.parts] == ["reasoning", "text", "tool_call"]
    assert reply.message.parts[2].tool_call.id == "c9"
    assert (reply.finish_reason.kind, reply.finish_reason.raw) == ("tool_calls", "ToolCalls")
    assert reply.usage.model_dump(exclude_unset=True) == {
        "input_tokens": 100, "output_tokens": 20, "total_tokens": 120,
        "cache_read_input_tokens": 40, "reasoning_output_tokens": 5,
    }  # fmt: skip
    assert reply.provider_metadata == {"querymt": {"latency": 3}}
    no_reason = ADAPTER.decode_response({"text": "x", "tool_calls": None, "thinking": None, "usage": None})
    assert no_reason.finish_reason.model_dump(exclude_unset=True) == {"kind": "other"}
    assert "usage" not in no_reason.model_fields_set


def test_embed_and_complete_both_ways() -> None:
    embed = ADAPTER.encode_embed_request(EmbedRequest(model="e", inputs=["a", "b"]))  # type: ignore[attr-defined]
    assert embed == {"cfg": {"model": "e"}, "inputs": ["a", "b"]}
    assert ADAPTER.decode_embed_response([[0.5, 1], [2.0, 3]]).embeddings == [[0.5, 1], [2.0, 3]]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"/1/0: expected a number"):
        ADAPTER.decode_embed_response([[0.5], ["x"]])  # type: ignore[attr-defined]
    complete = ADAPTER.encode_complete_request(  # type: ignore[attr-defined]
        CompleteRequest.model_validate({"model": "c", "prompt": "Once", "options": {"max_tokens": 5}})
    )
    assert complete == {"cfg": {"model": "c"}, "req": {"prompt": "Once", "suffix": None, "max_tokens": 5,
                                                       "temperature": None}}  # fmt: skip
    with pytest.raises(ConversionRefused, match=r"options\.seed"):
        ADAPTER.encode_complete_request(CompleteRequest.model_validate({"prompt": "x", "options": {"seed": 1}}))  # type: ignore[attr-defined]
    assert ADAPTER.decode_complete_response({"text": " upon"}).text == " upon"  # type: ignore[attr-defined]


def test_the_gate_models_message_shape() -> None:
    """The gate predicts the message.shape refusals (``gate_reductions``), so every generated request
    round-trips or is refused exactly as the manifest says."""
    from wirechat.testing import gate, gate_strategies  # noqa: PLC0415 (gate-only dependencies)

    examples = gate._examples(gate_strategies.requests(ADAPTER), 0, 80)
    assert len(examples) > 40
    for document in examples:
        gate._request_round_trip(ADAPTER, document, ADAPTER.request_oracle)
    for document in gate._examples(gate_strategies.responses(ADAPTER), 0, 80):
        gate._response_round_trip(ADAPTER, document)
    for case in ADAPTER.error_cases:
        gate._error_case(ADAPTER, case)


def test_thinking_is_kept_both_ways_as_querymt_keeps_it() -> None:
    """QueryMT (5ef33da4) keeps ``thinking`` both ways: a plugin's ``ExtismChatResponse.thinking`` becomes the
    assistant ``ChatMessage.thinking`` of the next turn, which its providers replay (decision 044). The
    adapter dropped it on encode (and the Go example plugin kept it): one mapping now, QueryMT's."""
    reasoning = {"type": "reasoning", "reasoning": {"text": "need weather"}}
    assistant = {"role": "assistant", "parts": [reasoning, {"type": "text", "text": "checking"}]}
    body, warnings = ADAPTER.encode_request(request(user(TEXT), assistant))
    assert body["messages"][1] == {"role": "Assistant", "message_type": "Text", "content": "checking",
                                   "thinking": "need weather"}  # fmt: skip
    assert warnings == []
    decoded, _ = ADAPTER.decode_request(body)
    assert decoded.messages[1].model_dump(exclude_unset=True) == assistant
    reply = ChatResponse.model_validate({"message": assistant, "finish_reason": {"kind": "stop", "raw": "Stop"}})
    assert ADAPTER.encode_response(reply)["thinking"] == "need weather"
    assert ADAPTER.decode_response(ADAPTER.encode_response(reply)) == reply


def test_several_reasoning_texts_are_one_thinking_with_a_warning() -> None:
    parts = [{"type": "text", "text": "a"}, *({"type": "reasoning", "reasoning": {"text": t}} for t in "bc")]
    late = {"role": "assistant", "parts": parts}
    body, warnings = ADAPTER.encode_request(request(user(TEXT), late))
    assert body["messages"][1]["thinking"] == "bc"
    assert [(w.feature, w.where) for w in warnings] == [("reasoning.text_merged", "/messages/1/parts/1")]
