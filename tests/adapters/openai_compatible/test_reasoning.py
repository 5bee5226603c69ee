"""Reasoning of OpenAI-compatible servers (issue 23): OpenRouter's ``reasoning_details`` (Claude's signatures
through OpenRouter; was: dropped without a word) read as reasoning parts issued by ``openrouter`` and sent
back to OpenRouter byte for byte; DeepSeek's ``reasoning_content`` sent back after tool calls (was: dropped
citing the opposite rule). Recorded bodies unless said otherwise."""

from __future__ import annotations

import pytest

from tests.adapters.recorded_bodies import body, fold_stream, round_trip
from wirechat import ChatRequest, ChatResponse
from wirechat.adapters import get
from wirechat.codec import canonical

OPENROUTER = get("openai-compatible:openrouter")
DEEPSEEK = get("openai-compatible:deepseek")
CLAUDE = "openai-compatible/openrouter/fantasy-claude-sonnet-4-thinking-1.response.json"
CLAUDE_STREAM = "openai-compatible/openrouter/fantasy-claude-sonnet-4-thinking-streaming-1.stream.sse"
GROK = "openai-compatible/openrouter/fantasy-grok-code-fast-1-multi-tool-1.response.json"
GEMINI_HISTORY = "openai-compatible/openrouter/fantasy-gemini-multi-tool-2-2.request.json"


def test_claudes_signed_reasoning_through_openrouter_is_a_signed_part() -> None:
    decoded, warnings, lost = round_trip(OPENROUTER, CLAUDE)
    assert (warnings, lost) == ([], [])
    part = decoded.message.parts[0]
    detail = body(CLAUDE)["choices"][0]["message"]["reasoning_details"][0]
    assert part.type == "reasoning"
    assert (part.reasoning.issuer, part.reasoning.text, part.reasoning.signature) == (  # type: ignore[union-attr]
        "openrouter", detail["text"], detail["signature"])  # fmt: skip
    assert part.provider_metadata == {"openrouter": {"type": "reasoning.text", "format": "anthropic-claude-v1",  # type: ignore[union-attr]
                                                     "index": 0}}  # fmt: skip


def test_a_summary_and_encrypted_reasoning_are_two_parts() -> None:
    decoded, warnings, lost = round_trip(OPENROUTER, GROK)
    assert (warnings, lost) == ([], [])
    summary, encrypted = decoded.message.parts[:2]
    assert summary.reasoning.text and summary.reasoning.signature is not None  # type: ignore[union-attr]
    assert encrypted.reasoning.redacted_data == body(GROK)["choices"][0]["message"]["reasoning_details"][1]["data"]  # type: ignore[union-attr]


def test_the_stream_folds_to_the_body_signature_included() -> None:
    """OpenRouter sends the signature after the tool call it signs: the reasoning part stays open for it."""
    folded, warnings = fold_stream(OPENROUTER, CLAUDE_STREAM)
    assert warnings == []
    part = folded.message.parts[0]
    assert part.type == "reasoning" and part.reasoning.signature and part.reasoning.text  # type: ignore[union-attr]
    assert [p.type for p in folded.message.parts] == ["reasoning", "tool_call"]
    assert canonical(OPENROUTER.decode_response(OPENROUTER.encode_response(folded))) == canonical(folded)


def test_reasoning_details_in_history_go_back_to_openrouter_unchanged_and_nowhere_else() -> None:
    """A request recorded by a client that kept Gemini's encrypted reasoning across a tool call."""
    original = body(GEMINI_HISTORY)
    decoded, warnings = OPENROUTER.decode_request(original)
    assert warnings == []
    sent, _ = OPENROUTER.encode_request(decoded)
    assert sent["messages"][2]["reasoning_details"] == original["messages"][2]["reasoning_details"]
    for other in ("openai-compatible:deepseek", "openai-chat", "anthropic"):
        request = decoded.model_copy(update={"model": "m"})
        body_out, notes = get(other).encode_request(request)
        assert "reasoning_details" not in str(body_out)
        assert "reasoning.foreign" in {w.feature for w in notes}


def test_deepseek_reasoning_goes_back_after_tool_calls() -> None:
    """DeepSeek's thinking-mode guide (api-docs.deepseek.com/guides/thinking_mode): "between two user
    messages, if the model made tool calls, the intermediate assistant's reasoning_content must join the
    context and be passed back to the API in all later user turns" (and without tool calls it is ignored).
    Was: dropped with "DeepSeek answers 400 when reasoning_content comes back in input", the rule of the old
    deepseek-reasoner. The reply is recorded; the next request is the conversation a client sends with it."""
    reply = DEEPSEEK.decode_response(body("openai-compatible/deepseek/vercel-deepseek-tool-call.response.json"))
    call = reply.message.parts[-1].tool_call  # type: ignore[union-attr]
    history = ChatRequest.model_validate({"model": "deepseek-chat", "messages": [
        {"role": "user", "parts": [{"type": "text", "text": "Weather in San Francisco?"}]},
        reply.message.model_dump(mode="json"),
        {"role": "tool", "parts": [{"type": "tool_result",
                                    "tool_result": {"tool_call_id": call.id, "content": "18C"}}]},
    ]})  # fmt: skip
    sent, warnings = DEEPSEEK.encode_request(history)
    assert sent["messages"][1]["reasoning_content"] == reply.message.parts[0].reasoning.text  # type: ignore[union-attr]
    assert warnings == []


def test_a_recorded_deepseek_request_with_reasoning_in_history_round_trips() -> None:
    """A client sent reasoning_content back after a tool call, and DeepSeek answered (chatlas' cassette)."""
    original = body(
        "openai-compatible/deepseek/chatlas-provider-deepseek-test-deepseek-tool-variations-async-2-2.request.json"
    )
    decoded, _ = DEEPSEEK.decode_request(original)
    sent, warnings = DEEPSEEK.encode_request(decoded)
    assert sent["messages"][2]["reasoning_content"] == original["messages"][2]["reasoning_content"]
    assert warnings == []


@pytest.mark.parametrize(("profile", "member"), [("ollama", "reasoning"), ("llama-cpp", "reasoning_content"),
                                                ("groq", "reasoning")])  # fmt: skip
def test_servers_that_take_reasoning_text_back_get_it_in_their_member(profile: str, member: str) -> None:
    history = ChatRequest.model_validate({"model": "m", "messages": [{"role": "assistant", "parts": [
        {"type": "reasoning", "reasoning": {"text": "t"}}, {"type": "text", "text": "a"}]}]})  # fmt: skip
    sent, warnings = get(f"openai-compatible:{profile}").encode_request(history)
    assert sent["messages"][0][member] == "t" and warnings == []


def test_several_reasoning_texts_are_joined_with_a_warning() -> None:
    reply = {"model": "m", "message": {"role": "assistant", "parts": [
        {"type": "text", "text": "a"}, {"type": "reasoning", "reasoning": {"text": "x"}},
        {"type": "reasoning", "reasoning": {"text": "y"}}]},
        "finish_reason": {"kind": "stop", "raw": "stop"}}  # fmt: skip
    warnings: list[object] = []
    sent = DEEPSEEK.encode_response(ChatResponse.model_validate(reply), warnings)  # type: ignore[arg-type]
    assert sent["choices"][0]["message"]["reasoning_content"] == "xy"
    assert [w.feature for w in warnings] == ["reasoning.text_merged"]  # type: ignore[attr-defined]
