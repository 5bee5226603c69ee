"""The replay gate's checks (``recorded.checks``): what an encode step declared lost is not held against the
round trip."""

from __future__ import annotations

import json

import pytest
from wirechat_conformance.recorded.checks import calls, check
from wirechat_conformance.recorded.corpus import Body

from wirechat import encode
from wirechat.adapters import get

_TEMPERATURE = "anthropic/ellmer-vcr-anthropic-web-fetch-1-2.request.json"


def test_anthropic_temperature_dropped_by_declaration_is_declared_lossy(bodies: dict[str, Body]) -> None:
    # API 2026-10-21 answers 400 to temperature (decision 005): encode_request drops it with a warning at
    # /options/temperature; the round trip and the body's /temperature were held to it all the same
    body = bodies[_TEMPERATURE]
    assert body.json()["temperature"] == 0
    verdict = check(get("anthropic"), body, {})
    assert verdict.verdict == "declared-lossy", verdict.reasons
    assert "options.temperature at /options/temperature" in verdict.warnings


def test_an_undeclared_round_trip_difference_still_fails() -> None:
    from wirechat_conformance.recorded.checks import _same  # noqa: PLC0415

    from wirechat import ChatRequest  # noqa: PLC0415
    from wirechat.adapters import ConversionWarning  # noqa: PLC0415

    messages = [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]
    first = ChatRequest.model_validate(
        {"model": "m", "messages": messages, "options": {"temperature": 0.5, "top_p": 1}}
    )
    second = ChatRequest.model_validate({"model": "m", "messages": messages, "options": {"top_p": 1}})
    declared = [ConversionWarning("options.temperature", "dropped", "/options/temperature")]
    assert _same("step", first, second, declared) == []
    assert _same("step", first, second) == ["step: not RFC 8785-equal, first difference at /options/temperature"]


def test_grok_reasoning_content_through_openai_chat_is_declared_lossy(bodies: dict[str, Body]) -> None:
    # xAI's grok behind Azure OpenAI answers with reasoning_content, which OpenAI's Chat Completions has not:
    # openai-chat reports it (provider.unmapped at its pointer; openai-compatible profiles read it), and the
    # gate held the reading's reasoning against the adapter all the same
    body = bodies["openai-chat/fantasy-azure-grok-3-mini-thinking-2.response.json"]
    assert body.json()["choices"][0]["message"]["reasoning_content"].startswith("First")
    verdict = check(get("openai-chat"), body, {})
    assert verdict.verdict == "declared-lossy", verdict.reasons
    assert verdict.warnings == ["provider.unmapped at /choices/0/message/reasoning_content"]


def test_a_fragment_no_warning_reports_is_still_held_to_the_reading() -> None:
    from wirechat_conformance.recorded.compare import compare  # noqa: PLC0415
    from wirechat_conformance.recorded.readers import Piece, Reading  # noqa: PLC0415

    reading = Reading(reasoning=[Piece("/choices/0/message/reasoning_content", "thought")])
    response = {"message": {"parts": []}}
    assert compare(reading, response, ["/choices/0/message/reasoning_content"]) == []
    assert compare(reading, response, ["/choices/0/message/content"]) == [
        "reasoning differs at /choices/0/message/reasoning_content (character 0): the body reads 'thought', "
        "the adapter gives ''"
    ]


def test_gemini_encrypted_reasoning_streamed_after_the_text_round_trips(bodies: dict[str, Body]) -> None:
    # OpenRouter streams Gemini's reasoning.encrypted detail after the content: the fold is [text, reasoning],
    # decode_response(encode_response(fold)) reads the message's reasoning_details first; a Chat Completions
    # body has no order between them, and the gate compared the part lists as if it had
    body = bodies["openai-compatible/openrouter/fantasy-gemini-multi-tool-streaming-2.stream.sse"]
    verdict = check(get("openai-compatible:openrouter"), body, {})
    assert verdict.verdict == "lossless", verdict.reasons


def test_reasoning_first_keeps_the_order_within_each_kind() -> None:
    from wirechat_conformance.recorded.checks import _reasoning_first  # noqa: PLC0415

    from wirechat import ChatResponse  # noqa: PLC0415

    parts = [
        {"type": "text", "text": "a"},
        {"type": "reasoning", "reasoning": {"text": "r1"}},
        {"type": "text", "text": "b"},
        {"type": "reasoning", "reasoning": {"text": "r2"}},
    ]
    response = ChatResponse.model_validate(
        {"message": {"role": "assistant", "parts": parts}, "finish_reason": {"kind": "stop"}}
    )
    got = [
        part.get("text") or part["reasoning"]["text"]
        for part in json.loads(encode(_reasoning_first(response)))["message"]["parts"]
    ]
    assert got == ["r1", "r2", "a", "b"]


@pytest.mark.parametrize(
    ("file", "adapter", "streams"),
    [
        ("anthropic/vercel-anthropic-tool-search-regex-1.stream.sse", "anthropic", 2),
        ("anthropic/vercel-anthropic-programmatic-tool-calling-1.stream.sse", "anthropic", 15),
        ("openai-responses/vercel-azure-tool-search-1.stream.sse", "openai-responses", 2),
    ],
)
def test_a_recording_of_a_tool_loops_several_streams_is_checked_call_by_call(
    bodies: dict[str, Body], file: str, adapter: str, streams: int
) -> None:
    # vercel/ai's chunks.txt of a tool loop holds each call's stream one after the other: read as one stream,
    # the first call's text was held to the reading of the last call's
    body = bodies[file]
    assert len(calls(body.format, body.events())) == streams
    verdict = check(get(adapter), body, {})
    assert verdict.verdict in ("lossless", "declared-lossy"), verdict.reasons


def test_a_stream_opened_once_is_one_call(bodies: dict[str, Body]) -> None:
    body = bodies["openai-compatible/openrouter/fantasy-gemini-multi-tool-streaming-2.stream.sse"]
    assert calls(body.format, body.events()) == [body.events()]
