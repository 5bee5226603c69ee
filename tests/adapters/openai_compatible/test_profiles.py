"""The openai-compatible profiles as codecs: what each profile sends, refuses and drops (with its own
words), its options schema, reasoning and finish reasons read per server, and the tool-call id rule."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from wirechat import ChatRequest
from wirechat.adapters import ConversionRefused, SseEvent, get, names
from wirechat.adapters.openai_compatible.profiles import PROFILES, profile_of
from wirechat.errors import WireError
from wirechat.stream import fold
from wirechat.testing.gate import GateFailure, _recorded, decode_stream


def request(**fields: Any) -> ChatRequest:
    document = {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}], **fields}
    return ChatRequest.model_validate(document)


def user_with(part: dict[str, Any]) -> ChatRequest:
    return ChatRequest.model_validate({"model": "m", "messages": [{"role": "user", "parts": [part]}]})


def test_every_profile_is_registered_and_the_bare_name_is_generic() -> None:
    assert {f"openai-compatible:{p}" for p in PROFILES if p != "generic"} | {"openai-compatible"} <= set(names())
    assert get("openai-compatible").profile.name == "generic"  # type: ignore[attr-defined]
    assert get("openai-compatible:ollama").default_base_url == "http://localhost:11434/v1"
    with pytest.raises(KeyError, match="profiles: generic, ollama, vllm"):
        profile_of("openai-compatible:bogus")


def test_the_token_limit_is_named_as_each_server_names_it() -> None:
    limited = request(options={"max_tokens": 50})
    assert get("openai-compatible:ollama").encode_request(limited)[0]["max_tokens"] == 50
    assert get("openai-compatible:groq").encode_request(limited)[0]["max_completion_tokens"] == 50


def test_deepseek_drops_seed_with_its_own_words_and_refuses_json_schema() -> None:
    body, warnings = get("openai-compatible:deepseek").encode_request(request(options={"seed": 7}))
    assert "seed" not in body
    assert [str(w) for w in warnings] == ["options.seed: /options/seed: DeepSeek takes no seed: dropped"]
    schema = {"type": "json_schema", "json_schema": {"name": "r", "schema": {"type": "object"}}}
    with pytest.raises(ConversionRefused, match="DeepSeek takes only json_object") as refused:
        get("openai-compatible:deepseek").encode_request(request(options={"response_format": schema}))
    assert refused.value.where == "/options/response_format"
    assert "seed" in get("openai-compatible:ollama").encode_request(request(options={"seed": 7}))[0]


def test_groq_drops_message_names_and_refuses_logprobs_with_the_reason() -> None:
    named = ChatRequest.model_validate(
        {"model": "m", "messages": [{"role": "user", "name": "ann", "parts": [{"type": "text", "text": "hi"}]}]}
    )
    body, warnings = get("openai-compatible:groq").encode_request(named)
    assert "name" not in body["messages"][0]
    assert [w.feature for w in warnings] == ["message.name"]
    assert get("openai-compatible:ollama").encode_request(named)[0]["messages"][0]["name"] == "ann"
    with pytest.raises(ConversionRefused, match="Groq answers 400 for logprobs") as refused:
        get("openai-compatible:groq").encode_request(
            request(provider_options={"openai-compatible:groq": {"logprobs": True}})
        )
    assert refused.value.where == "/provider_options/openai-compatible:groq/logprobs"


def test_media_a_server_cannot_take_is_refused_naming_the_server() -> None:
    url_image = {"type": "image", "image": {"source": "url", "url": "https://x.test/a.png"}}
    with pytest.raises(ConversionRefused, match="Ollama's /v1 takes images only as base64") as refused:
        get("openai-compatible:ollama").encode_request(user_with(url_image))
    assert refused.value.where == "/messages/0/parts/0/image"
    inline = {"type": "image", "image": {"source": "base64", "base64": "iVBORw0K", "media_type": "image/png"}}
    assert get("openai-compatible:ollama").encode_request(user_with(inline))[1] == []
    with pytest.raises(ConversionRefused, match="DeepSeek's chat API takes text only"):
        get("openai-compatible:deepseek").encode_request(user_with(inline))
    file_id = {"type": "file", "file": {"source": "file_id", "file_id": "file-1", "issuer": "openai"}}
    with pytest.raises(ConversionRefused, match="OpenAI's file store"):
        get("openai-compatible:openrouter").encode_request(user_with(file_id))


def test_each_profile_checks_its_own_options_schema() -> None:
    ollama = "openai-compatible:ollama"
    with pytest.raises(WireError) as error:
        get(ollama).encode_request(request(provider_options={ollama: {"top_k": 5}}))  # Ollama's /v1 ignores it
    assert [p.pointer for p in error.value.problems] == [f"/provider_options/{ollama}"]
    assert "top_k" in str(error.value)
    with pytest.raises(WireError) as error:
        get(ollama).encode_request(request(provider_options={ollama: {"reasoning_effort": "bogus"}}))
    assert error.value.problems[0].pointer == f"/provider_options/{ollama}/reasoning_effort"
    vllm = "openai-compatible:vllm"
    body, _ = get(vllm).encode_request(request(provider_options={vllm: {"top_k": 5, "ignore_eos": True}}))
    assert (body["top_k"], body["ignore_eos"]) == (5, True)  # vLLM takes engine-specific members: sent


def test_reasoning_is_dropped_in_input_where_the_server_takes_none_back() -> None:
    history = ChatRequest.model_validate(
        {
            "model": "m",
            "messages": [{"role": "assistant", "parts": [{"type": "reasoning", "reasoning": {"text": "t"}}]}],
        }
    )
    body, warnings = get("openai-compatible:lm-studio").encode_request(history)
    assert body["messages"] == [{"role": "assistant", "content": None}]
    assert [str(w) for w in warnings] == [
        "reasoning.text_not_sent: /messages/0/parts/0: reasoning is not sent back to OpenAI-compatible servers: dropped"
    ]


def test_stream_usage_is_asked_for_only_where_the_server_takes_stream_options() -> None:
    assert get("openai-compatible:ollama").stream_request_flags({})["stream_options"] == {"include_usage": True}
    assert "stream_options" not in get("openai-compatible:groq").stream_request_flags({})


def test_reasoning_in_request_history_is_read_and_a_second_member_reported() -> None:
    body = {"model": "m", "messages": [{"role": "assistant", "content": "ok", "reasoning": "r1"}]}
    decoded, warnings = get("openai-compatible:ollama").decode_request(body)
    assert [p.type for p in decoded.messages[0].parts] == ["reasoning", "text"]
    assert warnings == []
    both = {
        "model": "m",
        "messages": [{"role": "assistant", "content": "ok", "reasoning": "a", "reasoning_content": "b"}],
    }
    decoded, warnings = get("openai-compatible:ollama").decode_request(both)
    assert decoded.messages[0].parts[0].reasoning.text == "a"  # type: ignore[union-attr]
    assert [w.feature for w in warnings] == ["provider.unmapped"]
    assert "/messages/0/reasoning_content" in str(warnings[0])


def _body(call: dict[str, Any], **message: Any) -> dict[str, Any]:
    return {
        "id": "r-1",
        "model": "m",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "tool_calls": [call], **message},
                "finish_reason": "tool_calls",
            }
        ],
    }


def test_a_missing_tool_call_id_is_synthesised_by_the_written_rule_or_refused() -> None:
    call = {"type": "function", "function": {"name": "get", "arguments": "{}"}}
    decoded = get("openai-compatible:llama-cpp").decode_response(_body(call))
    part = decoded.message.parts[0]
    expected = "call_" + hashlib.sha256(b"r-1/0/get").hexdigest()[:24]
    assert part.tool_call.id == expected  # type: ignore[union-attr]
    assert part.provider_metadata == {"openai": {"tool_call_id_synthesised": True}}
    with pytest.raises(ValueError, match="/choices/0/message/tool_calls/0/id: a tool call without an id; DeepSeek"):
        get("openai-compatible:deepseek").decode_response(_body(call))
    nameless = {"type": "function", "function": {"arguments": "{}"}}
    with pytest.raises(ValueError, match="tool_calls/0/function/name: a tool call without a name"):
        get("openai-compatible:llama-cpp").decode_response(_body(nameless))


def test_a_missing_stream_id_is_the_same_id_or_an_invalid_stream() -> None:
    call = {"index": 0, "type": "function", "function": {"name": "get", "arguments": "{}"}}
    opening = {"id": "r-1", "choices": [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": None}]}
    closing = {"id": "r-1", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}
    events = [SseEvent(None, json.dumps(opening)), SseEvent(None, json.dumps(closing)), SseEvent(None, "[DONE]")]
    folded = fold(decode_stream(get("openai-compatible:vllm"), events))
    body = get("openai-compatible:vllm").decode_response(
        _body({"type": "function", "function": {"name": "get", "arguments": "{}"}})
    )
    assert folded.message.parts == body.message.parts
    with pytest.raises(ValueError, match="first fragment has no id"):
        decode_stream(get("openai-compatible:deepseek"), events)


def test_reasoning_that_is_not_text_is_an_error_naming_its_pointer() -> None:
    body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "x", "reasoning_content": 5}}]}
    with pytest.raises(ValueError, match="/choices/0/message/reasoning_content: expected reasoning text"):
        get("openai-compatible:deepseek").decode_response(body)


def test_profile_finish_reasons_read_and_are_sent_back_as_they_came() -> None:
    adapter = get("openai-compatible:deepseek")
    body = {"id": "x", "model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": "p"},
            "finish_reason": "insufficient_system_resource"}]}  # fmt: skip
    decoded = adapter.decode_response(body)
    assert (decoded.finish_reason.kind, decoded.finish_reason.raw) == ("error", "insufficient_system_resource")
    warnings: list[Any] = []
    assert adapter.encode_response(decoded, warnings)["choices"][0]["finish_reason"] == "insufficient_system_resource"
    assert warnings == []
    chunks = [sse.data for event in _events(decoded) for sse in adapter.stream_encoder().feed(event)]
    assert any('"finish_reason":"insufficient_system_resource"' in chunk for chunk in chunks)
    assert get("openai-compatible:ollama").decode_response(body).finish_reason.kind == "other"


def _events(response: Any) -> list[Any]:
    from wirechat.stream import events_from_response  # noqa: PLC0415

    return list(events_from_response(response, 3))


RECORDED = Path(get("openai-compatible").fixtures_dir).parent  # type: ignore[attr-defined,arg-type]


@pytest.mark.parametrize("path", sorted(RECORDED.glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_recorded_shapes_decode_and_a_changed_expectation_fails(path: Path, tmp_path: Path) -> None:
    adapter = get("openai-compatible" if path.parent.name == "generic" else f"openai-compatible:{path.parent.name}")
    _recorded(adapter, path)
    case = json.loads(path.read_text())
    case["expected"]["message"]["parts"] = case["expected"]["message"]["parts"][1:]
    changed = tmp_path / path.name
    changed.write_text(json.dumps(case))
    with pytest.raises(GateFailure, match="came back different"):
        _recorded(adapter, changed)
