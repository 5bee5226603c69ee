"""Mistral's content chunks (issue 23, decision 035): a reply or a stream delta whose ``content`` is an array of
``thinking`` and ``text`` chunks (was: the array dropped as an unmapped member, the reply's text and reasoning
empty), and ``tool_choice: "any"`` (was: rejected as not a choice). Recorded bodies unless said otherwise."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import MISSING

from tests.adapters.recorded_bodies import body, fold_stream, round_trip
from wirechat import ChatRequest, ChatResponse, fold
from wirechat.adapters import get
from wirechat.adapters._contract import SseEvent
from wirechat.adapters.openai_compatible import chunks
from wirechat.codec import canonical
from wirechat.stream import events_from_response

GENERIC = get("openai-compatible")
HERE = "openai-compatible/generic/"
REPLIES = ["vercel-mistral-reasoning", "vercel-mistral-reasoning-history-live", "vercel-issue-13703-mistral-thinking"]
INVALID = "ruby-llm-chat-real-error-scenarios-mistral-mistral-small-latest-handles-invalid-message-f"


def _chunk_texts(content: list[dict[str, Any]]) -> tuple[str, str]:
    thinking = "".join(inner["text"] for c in content if c["type"] == "thinking" for inner in c["thinking"])
    return thinking, "".join(c["text"] for c in content if c["type"] == "text")


def _history(reply: ChatResponse) -> ChatRequest:
    """A request replaying ``reply`` after a question."""
    question = {"role": "user", "parts": [{"type": "text", "text": "2+2?"}]}
    return ChatRequest.model_validate({"model": "m", "messages": [question, json.loads(canonical(reply.message))]})


def _texts(response: ChatResponse) -> tuple[str, str]:
    parts = json.loads(canonical(response))["message"]["parts"]
    return (
        "".join(p["reasoning"]["text"] for p in parts if p["type"] == "reasoning"),
        "".join(p["text"] for p in parts if p["type"] == "text"),
    )


@pytest.mark.parametrize("name", REPLIES)
def test_thinking_chunks_in_a_reply_were_dropped_as_unmapped(name: str) -> None:
    path = f"{HERE}{name}.response.json"
    decoded, warnings, lost = round_trip(GENERIC, path)
    assert (warnings, lost) == ([], [])
    assert _texts(decoded) == _chunk_texts(body(path)["choices"][0]["message"]["content"])
    reasoning = decoded.message.parts[0]
    assert reasoning.type == "reasoning" and reasoning.reasoning.issuer is MISSING  # plain text, as other profiles'
    assert json.loads(canonical(decoded))["provider_metadata"]["openai"]["reasoning_member"] == "content"


@pytest.mark.parametrize("name", REPLIES)
def test_a_reply_read_from_chunks_is_written_back_as_chunks(name: str) -> None:
    path = f"{HERE}{name}.response.json"
    original = body(path)["choices"][0]["message"]["content"]
    again = GENERIC.encode_response(GENERIC.decode_response(body(path)))
    assert again["choices"][0]["message"]["content"] == original


def test_thinking_chunks_in_stream_deltas_fold_to_the_replys_reading() -> None:
    folded, warnings = fold_stream(GENERIC, f"{HERE}vercel-mistral-reasoning.stream.sse")
    reply = body(f"{HERE}vercel-mistral-reasoning.response.json")["choices"][0]["message"]["content"]
    assert (_texts(folded), warnings) == (_chunk_texts(reply), [])


def test_a_text_chunk_beside_a_thinking_chunk_in_one_delta_was_lost() -> None:
    folded, warnings = fold_stream(GENERIC, f"{HERE}vercel-issue-13703-mistral-thinking.stream.sse")
    assert _texts(folded) == ("Okay, let's.", "**}\n\\]")  # "**" shares its delta with the last thinking
    assert "/0/choices/0/delta/content/0/closed" in [w.where for w in warnings]  # no streamed part carries it


def test_tool_choice_any_was_rejected() -> None:
    path = f"{HERE}magentic-mistral-chat-model-test-mistral-chat-model-acomplete-async-parallel-function-cal.request"
    decoded, _ = GENERIC.decode_request(body(f"{path}.json"))
    assert json.loads(canonical(decoded))["tool_choice"] == {"type": "required"}
    assert GENERIC.encode_request(decoded)[0]["tool_choice"] == "required"  # Mistral takes both spellings


@pytest.mark.parametrize("suffix", ["", "-2"])
def test_a_content_object_that_mistral_answered_422_is_rejected_naming_its_pointer(suffix: str) -> None:
    with pytest.raises(ValueError, match="/messages/0/content: expected a string or an array of parts"):
        GENERIC.decode_request(body(f"{HERE}{INVALID}{suffix}.request.json"))
    assert body(f"{HERE}{INVALID}.error.json")["detail"][0]["loc"][:4] == ["body", "messages", 0, "user"]


EXPECTED_ELSEWHERE = {
    "openai-compatible": [("reasoning.text_not_sent", "/messages/1/parts/0")],  # plain reasoning: not replayed
    "openai-chat": [("reasoning.text", "/messages/1/parts/0")],
    "openai-compatible:deepseek": [],  # DeepSeek replays plain reasoning text (reasoning_content)
}


@pytest.mark.parametrize("adapter", list(EXPECTED_ELSEWHERE))
def test_reasoning_read_from_chunks_is_plain_reasoning_elsewhere(adapter: str) -> None:
    decoded = GENERIC.decode_response(body(f"{HERE}vercel-mistral-reasoning.response.json"))
    request = _history(decoded)
    _, warnings = get(adapter).encode_request(request)
    assert [(w.feature, w.where) for w in warnings] == EXPECTED_ELSEWHERE[adapter]


@pytest.mark.parametrize(
    "content",
    [
        [{"type": "text", "text": "a"}, {"type": "thinking", "thinking": [{"type": "text", "text": "b"}]}],
        [{"type": "thinking", "thinking": [{"type": "text", "text": "b"}], "signature": "x"}],
        [{"type": "thinking", "thinking": "b"}],
        [{"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}],
        [],
    ],
    ids=["thinking-after-text", "unknown-member", "thinking-not-chunks", "other-chunk", "empty"],
)
def test_an_array_of_another_shape_is_left_for_the_unmapped_report(content: list[Any]) -> None:
    assert chunks.split(content) is None
    choice = {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}
    reply = {"id": "r", "object": "chat.completion", "created": 1, "model": "m", "choices": [choice]}
    warnings: list[Any] = []
    GENERIC.decode_response(reply, warnings)
    assert [(w.feature, w.where) for w in warnings] == [("provider.unmapped", "/choices/0/message/content")]


MISTRAL = get("openai-compatible:mistral")


def test_the_mistral_profile_is_mistrals_server() -> None:
    profile = MISTRAL.profile  # type: ignore[attr-defined]
    assert (profile.base_url, profile.api_key_env, profile.reasoning_chunks) == (
        "https://api.mistral.ai/v1", "MISTRAL_API_KEY", True)  # fmt: skip
    assert "stream_options" not in MISTRAL.stream_request_flags({"model": "m", "messages": []})


def test_a_reply_to_mistral_writes_its_thinking_back_as_chunks() -> None:
    decoded = GENERIC.decode_response(body(f"{HERE}vercel-mistral-reasoning.response.json"))
    request = _history(decoded)
    sent, warnings = MISTRAL.encode_request(request)
    original = body(f"{HERE}vercel-mistral-reasoning.response.json")["choices"][0]["message"]["content"]
    assert (sent["messages"][1]["content"], warnings) == (original, [])
    again, again_warnings = MISTRAL.decode_request(sent)
    assert (canonical(again), again_warnings) == (canonical(request), [])


def test_history_in_chunks_with_closed_reports_the_member_it_drops() -> None:
    reply = body(f"{HERE}vercel-issue-13703-mistral-thinking.response.json")["choices"][0]["message"]
    sent = {"model": "m", "messages": [{"role": "user", "content": "17*23?"}, reply]}
    decoded, warnings = GENERIC.decode_request(sent)
    assert json.loads(canonical(decoded))["messages"][1]["parts"][0]["type"] == "reasoning"
    assert [(w.feature, w.where) for w in warnings] == [("provider.unmapped", "/messages/1/content/0/closed")]


def test_mistrals_stream_encoder_writes_thinking_chunks() -> None:
    folded, _ = fold_stream(GENERIC, f"{HERE}vercel-mistral-reasoning.stream.sse")
    reply = MISTRAL.encode_response(folded)
    assert [chunk["type"] for chunk in reply["choices"][0]["message"]["content"]] == ["thinking", "text"]
    encoder = MISTRAL.stream_encoder()
    sses = [sse for event in events_from_response(folded) for sse in encoder.feed(event)]
    sent = [json.loads(sse.data) for sse in sses if sse.data[:1] == "{"]
    deltas = [c["choices"][0]["delta"] for c in sent if c["choices"]]
    thinking = [chunk for delta in deltas for chunk in delta.get("content") or []
                if isinstance(chunk, dict) and chunk["type"] == "thinking"]  # fmt: skip
    assert "".join(c["thinking"][0]["text"] for c in thinking) == _texts(folded)[0]
    decoder = MISTRAL.stream_decoder()
    refolded = fold([e for chunk in sent for e in decoder.feed(SseEvent(None, json.dumps(chunk)))] + decoder.close())
    assert _texts(refolded) == _texts(folded)
