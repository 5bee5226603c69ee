"""wirechat Client -> the Go example plugin (wasm, built from source) -> HTTP through Extism's host
function -> the fake OpenAI-compatible server on 127.0.0.1 -> back. Nothing on that path is mocked."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

import wirechat
from wirechat._generated.models import ChatRequest, CompleteRequest, EmbedRequest
from wirechat.stream import fold
from wirechat.testing.fake_provider.server import FakeProvider
from wirechat.transport.errors import AuthenticationError, ProviderError, RateLimitedError
from wirechat.transport.plugin import Sandbox
from wirechat.transport.plugin_errors import PluginError

LOCAL = Sandbox(allowed_hosts=("127.0.0.1",), timeout_s=30)
HI = {"role": "user", "parts": [{"type": "text", "text": "hi"}]}


def chat_request(*messages: dict[str, Any], **extra: Any) -> ChatRequest:
    return ChatRequest.model_validate({"model": "gpt-test", "messages": list(messages or [HI]), **extra})


def client(wasm: Path, fake: FakeProvider, **config: Any) -> wirechat.Client:
    return wirechat.Client("querymt", plugin=wasm, config={"base_url": fake.url, **config}, sandbox=LOCAL)


def test_a_plain_chat_with_usage(example_wasm: Path) -> None:
    script = [{"reply": {"text": "Hello!", "usage": {"input": 12, "output": 4, "cache_read": 5, "reasoning": 1}}}]
    with FakeProvider("openai-chat", script) as fake, client(example_wasm, fake, system="Be brief.") as c:
        response = c.chat(chat_request())
    assert [(p.type, p.text) for p in response.message.parts] == [("text", "Hello!")]
    assert (response.finish_reason.kind, response.finish_reason.raw) == ("stop", "Stop")
    assert response.usage.model_dump(exclude_unset=True) == {
        "input_tokens": 12, "output_tokens": 4, "total_tokens": 16,
        "cache_read_input_tokens": 5, "reasoning_output_tokens": 1,
    }  # fmt: skip
    sent = fake.requests[0].body
    assert sent["model"] == "gpt-test"
    assert sent["messages"] == [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]


def test_a_tool_call_and_its_result(example_wasm: Path) -> None:
    call = {"id": "call_7", "name": "weather", "arguments": {"city": "Oslo"}}
    script = [{"reply": {"tool_calls": [call]}}, {"reply": {"text": "12C in Oslo"}}]
    tool = {"name": "weather", "description": "Weather now", "input_schema": {"type": "object"}}
    with FakeProvider("openai-chat", script) as fake, client(example_wasm, fake) as c:
        first = c.chat(chat_request(tools=[tool]))
        (part,) = first.message.parts
        assert part.type == "tool_call"
        assert (part.tool_call.id, part.tool_call.name, json.loads(part.tool_call.arguments)) == (
            "call_7", "weather", {"city": "Oslo"})  # fmt: skip
        assert first.finish_reason.kind == "tool_calls"
        result = {"role": "tool", "parts": [{"type": "tool_result", "tool_result": {"tool_call_id": "call_7",
                                                                                   "content": "12C"}}]}  # fmt: skip
        assistant = first.message.model_dump(exclude_unset=True)
        second = c.chat(chat_request(HI, assistant, result, tools=[tool]))
    assert second.message.parts[0].text == "12C in Oslo"
    sent = fake.requests[1].body
    assert sent["messages"][1]["tool_calls"][0]["id"] == "call_7"
    assert sent["messages"][2] == {"role": "tool", "tool_call_id": "call_7", "content": "12C"}
    assert sent["tools"][0]["function"]["name"] == "weather"


def test_reasoning_comes_back_as_a_reasoning_part(example_wasm: Path) -> None:
    body = {"id": "r1", "object": "chat.completion", "created": 1, "model": "gpt-test",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "42", "reasoning_content": "6 times 7"}}],
            "usage": {"prompt_tokens": 3, "completion_tokens": 9}}  # fmt: skip
    with FakeProvider("openai-chat", [{"raw": {"status": 200, "body": body}}]) as fake, client(example_wasm, fake) as c:
        response = c.chat(chat_request())
    assert [p.type for p in response.message.parts] == ["reasoning", "text"]
    assert response.message.parts[0].reasoning.text == "6 times 7"


def test_stream_yields_the_events_of_the_whole_reply(example_wasm: Path) -> None:
    with FakeProvider("openai-chat", [{"reply": {"text": "streamed " * 5}}]) as fake, client(example_wasm, fake) as c:
        with c.stream(chat_request()) as stream:
            events = list(stream)
        assert stream.response.message.parts[0].text == "streamed " * 5
    assert fold(events) == stream.response
    assert [e.type for e in events][:2] == ["text_start", "text_delta"]


def test_embed_and_complete(example_wasm: Path) -> None:
    script = [{"reply": {"embeddings": [[0.25, 0.5], [1.0, -1.0]]}}, {"reply": {"text": " upon a time"}}]
    with FakeProvider("openai-chat", script) as fake, client(example_wasm, fake) as c:
        embedded = c.embed(EmbedRequest(model="emb", inputs=["a", "b"]))
        completed = c.complete(CompleteRequest.model_validate({"model": "gpt-test", "prompt": "Once",
                                                               "options": {"max_tokens": 8}}))  # fmt: skip
    assert embedded.embeddings == [[0.25, 0.5], [1.0, -1.0]]
    assert completed.text == " upon a time"
    assert fake.requests[0].body["input"] == ["a", "b"]
    assert fake.requests[1].body == {"model": "gpt-test", "prompt": "Once", "max_tokens": 8}


def test_the_async_client(example_wasm: Path) -> None:
    async def run(url: str) -> list[str]:
        async with wirechat.AsyncClient("querymt", plugin=example_wasm, config={"base_url": url}, sandbox=LOCAL) as c:
            first = await c.chat(chat_request())
            async with c.stream(chat_request()) as stream:
                _ = [event async for event in stream]
            return [first.message.parts[0].text, stream.response.message.parts[0].text]

    with FakeProvider("openai-chat", [{"reply": {"text": "one"}}, {"reply": {"text": "two"}}]) as fake:
        assert asyncio.run(run(fake.url)) == ["one", "two"]


@pytest.mark.parametrize(
    ("fault", "error_type", "kind", "wait"),
    [
        ({"type": "status", "status": 429, "retry_after": 2, "message": "x"}, RateLimitedError, "rate_limited", 2000),
        ({"type": "status", "status": 401, "message": "bad key"}, AuthenticationError, "authentication", None),
        ({"type": "status", "status": 500, "message": "upstream broke"}, ProviderError, "provider", None),
    ],
)  # fmt: skip
def test_a_server_fault_is_a_typed_error(example_wasm: Path, fault: dict[str, Any], error_type: type, kind: str,
                                         wait: int | None) -> None:  # fmt: skip
    with (
        FakeProvider("openai-chat", [{"fault": fault}]) as fake,
        client(example_wasm, fake) as c,
        pytest.raises(error_type) as caught,
    ):
        c.chat(chat_request())
    assert caught.value.kind == kind
    assert caught.value.retry_after_ms == wait
    assert caught.value.export == "chat"
    assert f"export chat: HTTP {fault['status']}: {fault['message']}" in str(caught.value)


def test_a_host_outside_allowed_hosts_is_not_reached(example_wasm: Path) -> None:
    with FakeProvider("openai-chat", [{"reply": {"text": "never"}}]) as fake:
        c = wirechat.Client("querymt", plugin=example_wasm, config={"base_url": fake.url})  # no allowed hosts
        with pytest.raises(PluginError) as caught:
            c.chat(chat_request())
        assert fake.requests == []
    assert (caught.value.fault, caught.value.export) == ("trap", "chat")
    assert "allowed_hosts" in str(caught.value)


def test_a_provider_slower_than_the_timeout_is_a_timeout(example_wasm: Path) -> None:
    with FakeProvider("openai-chat", [{"reply": {"text": "late"}, "delay_ms": 5000}]) as fake:
        quick = Sandbox(allowed_hosts=("127.0.0.1",), timeout_s=1.0)
        c = wirechat.Client("querymt", plugin=example_wasm, config={"base_url": fake.url}, sandbox=quick)
        started = time.monotonic()
        with pytest.raises(PluginError) as caught:
            c.chat(chat_request())
        assert time.monotonic() - started < 3
    assert (caught.value.fault, caught.value.kind) == ("timeout", "timeout")
    assert "past Sandbox.timeout_s (1 s) while the plugin waited on a host call" in str(caught.value)
