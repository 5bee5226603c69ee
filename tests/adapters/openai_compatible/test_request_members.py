"""A body ``decode_request`` accepts is one ``encode_request`` sends (issue 23, class "bodies decode_request
accepts and encode_request then rejects": 63 recorded requests, Groq 43 of 44): ``stream`` and
``stream_options.include_usage`` are the call's mode, not request members; what the profile's server does not
take (members its closed options schema does not list, DeepSeek's ``seed``) is reported, not carried into
``provider_options``; members it does take (DeepSeek's thinking switch, OpenRouter's ``reasoning.effort:
"none"``) are carried. Recorded bodies unless said otherwise."""

from __future__ import annotations

from typing import Any

import pytest

from tests.adapters.recorded_bodies import body
from wirechat.adapters import ConversionWarning, get
from wirechat.codec import canonical

STREAMED = {
    "openai-compatible:groq": "openai-compatible/groq/fantasy-groq-kimi-k2-tool-streaming-1.request.json",
    "openai-compatible:llama-cpp": (
        "openai-compatible/llama-cpp/fantasy-llama-cpp-gpt-oss-tool-streaming-2.request.json"
    ),
    "openai-compatible:deepseek": (
        "openai-compatible/deepseek/chatlas-provider-deepseek-test-deepseek-tool-variations-async-2-2.request.json"
    ),
}


def _again(adapter_name: str, document: dict[str, Any]) -> tuple[dict[str, Any], list[ConversionWarning]]:
    adapter = get(adapter_name)
    decoded, warnings = adapter.decode_request(document)
    sent, _ = adapter.encode_request(decoded)
    assert canonical(adapter.decode_request(sent)[0]) == canonical(decoded)
    return sent, warnings


@pytest.mark.parametrize(("name", "path"), list(STREAMED.items()))
def test_a_streamed_request_decodes_to_one_its_adapter_sends(name: str, path: str) -> None:
    """Was: ``WireError ... Additional properties are not allowed ('stream', 'stream_options' were unexpected)``."""
    sent, warnings = _again(name, body(path))
    assert "stream" not in sent and "stream_options" not in sent
    assert get(name).stream_request_flags(sent)["stream"] is True
    reported = [w.where for w in warnings]
    assert ("/stream_options/include_usage" in reported) == (name == "openai-compatible:groq")  # Groq: x_groq


def test_a_non_streamed_request_reads_stream_false_as_the_mode_it_is() -> None:
    path = (
        "openai-compatible/deepseek/"
        "ruby-llm-chat-function-calling-deepseek-deepseek-chat-can-use-parallel-tool-calls-1.request.json"
    )
    document = body(path)
    assert document["stream"] is False
    sent, warnings = _again("openai-compatible:deepseek", document)
    assert "stream" not in sent and warnings == []


def test_another_stream_option_is_reported_not_carried() -> None:
    """Written for the test: ``include_obfuscation`` is not sent by the streaming flags."""
    document = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": True,
                "stream_options": {"include_usage": True, "include_obfuscation": False}}  # fmt: skip
    for name in ("openai-chat", "openai-compatible:ollama"):
        decoded, warnings = get(name).decode_request(document)
        assert [w.where for w in warnings] == ["/stream_options/include_obfuscation"]
        assert decoded.provider_options is None or "stream_options" not in str(decoded.provider_options)


def test_deepseek_thinking_switch_and_effort_are_its_own_options() -> None:
    """Was: ``'reasoning_effort', 'thinking' were unexpected`` (DeepSeek's thinking mode, api-docs.deepseek.com
    guides/thinking_mode: ``{"thinking": {"type": "enabled"}}`` and ``reasoning_effort``)."""
    path = "openai-compatible/deepseek/dd-trace-py-v1-deepseek-streamed-reasoning-content.request.json"
    sent, warnings = _again("openai-compatible:deepseek", body(path))
    assert sent["thinking"] == body(path)["thinking"] and "reasoning_effort" in sent
    assert warnings == []


def test_deepseek_seed_is_reported_where_the_adapter_would_drop_it() -> None:
    """DeepSeek takes no seed (the profile drops it on encoding): decoding says so instead of carrying it."""
    path = STREAMED["openai-compatible:deepseek"]
    decoded, warnings = get("openai-compatible:deepseek").decode_request(body(path))
    assert "/seed" in [w.where for w in warnings]
    assert "seed" not in canonical(decoded).decode()


def test_a_member_a_closed_schema_does_not_list_is_reported() -> None:
    document = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "n": 2, "frequency_penalty": 0.5}
    decoded, warnings = get("openai-compatible:ollama").decode_request(document)
    assert [(w.feature, w.where) for w in warnings] == [("provider.unmapped", "/n")]
    assert decoded.provider_options == {"openai-compatible:ollama": {"frequency_penalty": 0.5}}
    assert get("openai-compatible:vllm").decode_request(document)[1] == []  # vLLM's schema is open: n is sent


def test_openrouter_reasoning_effort_none_is_accepted() -> None:
    """Was: a ``WireError`` for ``reasoning.effort: "none"`` (openrouter.ai docs, reasoning tokens: effort is
    ``xhigh``, ``high``, ``medium``, ``low``, ``minimal`` or ``none``)."""
    document = {"model": "openai/gpt-5", "messages": [{"role": "user", "content": "hi"}],
                "reasoning": {"effort": "none"}}  # fmt: skip
    sent, warnings = _again("openai-compatible:openrouter", document)
    assert sent["reasoning"] == {"effort": "none"} and warnings == []


def test_openrouter_server_tools_are_provider_tools_sent_back_after_the_functions() -> None:
    """Was: ``ValueError: /tools/0: expected a function tool`` for ``{"type": "openrouter:web_search"}``."""
    path = (
        "openai-compatible/openrouter/"
        "ruby-llm-chat-web-search-with-openrouter-openai-gpt-5-2-searches-transparently-returning.request.json"
    )
    decoded, warnings = get("openai-compatible:openrouter").decode_request(body(path))
    assert [(t.issuer, t.type) for t in decoded.provider_tools] == [("openrouter", "openrouter:web_search")]  # type: ignore[union-attr]
    sent, _ = get("openai-compatible:openrouter").encode_request(decoded)
    assert sent["tools"] == body(path)["tools"] and warnings == []
    _, elsewhere = get("openai-compatible:groq").encode_request(decoded)
    assert [w.feature for w in elsewhere] == ["provider_tools.foreign"]


def test_perplexity_json_schema_without_a_name_decodes() -> None:
    # Perplexity's response_format json_schema is the schema alone (its API takes no name): decode_request
    # raised "/response_format/json_schema/name: required string is missing"
    document = body(
        "openai-compatible/generic/ruby-llm-chat-with-params-perplexity-sonar-supports-json-schema-response-format-param"
        ".request.json"
    )
    assert "name" not in document["response_format"]["json_schema"]
    request, warnings = get("openai-compatible").decode_request(document)
    assert warnings == []
    decoded = canonical(request)
    assert b'"json_schema":{"name":"response","schema":{"properties"' in decoded
    again, _ = get("openai-compatible").encode_request(request)
    assert again["response_format"]["json_schema"]["schema"] == document["response_format"]["json_schema"]["schema"]
