"""The client against the fake provider, for each provider: plain and streamed chats over a real socket."""

from __future__ import annotations

import pytest
from pydantic import MISSING

import wirechat
from tests.client.conftest import API_KEY, PROVIDERS, REQUEST, ServeFn, client_for
from wirechat import TextPart, ToolCallPart, parse_arguments
from wirechat.transport import REDACTED

pytestmark = pytest.mark.timeout(30)

PARALLEL_TOOLS = {
    "text": "Checking both.",
    "tool_calls": [
        {"id": "call_1", "name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}},
        {"id": "call_2", "name": "get_time", "arguments": {"zone": "Europe/Paris"}},
    ],
    "usage": {"input": 40, "output": 22, "cache_read": 30},
    "chunk_size": 4,
}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_plain_chat(serve: ServeFn, provider: str) -> None:
    fake = serve(
        provider, [{"reply": {"text": "Sunny, 21 °C.", "usage": {"input": 120, "output": 9, "cache_read": 100}}}]
    )
    with client_for(fake) as client:
        response = client.chat(REQUEST)
    assert response.message.role == "assistant"
    assert response.message.parts == [TextPart(text="Sunny, 21 °C.")]
    assert response.finish_reason.kind == "stop"
    assert response.usage is not MISSING
    # One meaning of usage whatever the provider: input includes the cached tokens.
    assert (response.usage.input_tokens, response.usage.output_tokens) == (120, 9)
    assert response.usage.cache_read_input_tokens == 100
    sent = fake.requests[0]
    assert sent.method == "POST"
    assert sent.path == client.adapter.endpoint_path("chat")
    assert sent.body["model"] == "fake-model"
    assert "stream" not in sent.body or sent.body["stream"] is False
    assert API_KEY not in str(sent.headers) and REDACTED in sent.headers.values()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_streamed_chat_with_parallel_tool_calls(serve: ServeFn, provider: str) -> None:
    reply = dict(PARALLEL_TOOLS, interleave=True) if provider == "openai-chat" else PARALLEL_TOOLS
    fake = serve(provider, [{"reply": reply}, {"reply": reply}])
    with client_for(fake) as client:
        with client.stream(REQUEST) as stream:
            events = list(stream)
            streamed = stream.response
        whole = client.chat(REQUEST)
    assert fake.requests[0].body["stream"] is True
    kinds = [event.type for event in events]
    assert kinds.count("tool_call_start") == 2 and kinds[-1] == "finish"
    calls = [part.tool_call for part in streamed.message.parts if isinstance(part, ToolCallPart)]
    assert [(call.id, call.name) for call in calls] == [("call_1", "get_weather"), ("call_2", "get_time")]
    assert parse_arguments(calls[0]) == {"city": "Paris", "unit": "celsius"}
    assert parse_arguments(calls[1]) == {"zone": "Europe/Paris"}
    assert streamed.finish_reason.kind == "tool_calls"
    assert streamed.usage is not MISSING and streamed.usage.input_tokens == 40
    # The fold law, over the wire: the folded stream says what the non-streamed answer says.
    assert streamed.message == whole.message
    assert streamed.finish_reason == whole.finish_reason
    assert streamed.usage == whole.usage


@pytest.mark.parametrize("provider", PROVIDERS)
def test_stream_events_arrive_before_the_stream_ends(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{"reply": {"text": "one two three four", "chunk_size": 4}, "delay_ms": 30}])
    with client_for(fake) as client, client.stream(REQUEST) as stream:
        first = next(iter(stream))
        with pytest.raises(RuntimeError, match="not been read to its end"):
            _ = stream.response
        assert first.type in ("start", "text_start")
        assert wirechat.message_text(stream.until_done().message) == "one two three four"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_api_key_from_the_environment(serve: ServeFn, provider: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = serve(provider, [{"reply": {"text": "ok"}}], api_key=API_KEY)
    adapter = wirechat.adapters.get(provider)
    monkeypatch.setenv(adapter.api_key_env, API_KEY)
    with client_for(fake, api_key=None) as client:
        assert wirechat.message_text(client.chat(REQUEST).message) == "ok"
    monkeypatch.delenv(adapter.api_key_env)
    with pytest.raises(ValueError, match=adapter.api_key_env):
        client_for(fake, api_key=None)
