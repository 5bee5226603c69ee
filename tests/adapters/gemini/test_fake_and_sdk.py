"""``serve-fake gemini`` against two clients on 127.0.0.1: wirechat's own (``Client("gemini")``: chat,
stream, embed, faults) and Google's official SDK (google-genai), which must accept what the fake sends and
send what the fake (and so the Gemini API) expects."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

import wirechat
from wirechat import ChatRequest, EmbedRequest
from wirechat.testing.fake_provider import FakeProvider
from wirechat.transport.errors import APIError

pytestmark = pytest.mark.timeout(60)

REPLY = {
    "text": "Paris is sunny.",
    "reasoning": {"text": "thinking it over", "signature": "c2lnbmF0dXJl"},
    "tool_calls": [{"id": "fc_1", "name": "get_weather", "arguments": {"city": "Paris"}}],
    "usage": {"input": 20, "output": 9, "reasoning": 4, "cache_read": 5},
    "chunk_size": 4,
}
REQUEST = ChatRequest.model_validate(
    {"model": "gemini-2.5-flash", "messages": [{"role": "user", "parts": [{"type": "text", "text": "weather?"}]}]}
)


def _client(fake: FakeProvider) -> wirechat.Client:
    return wirechat.Client("gemini", api_key="k-test", base_url=fake.url, max_retries=0)


def test_wirechat_client_chat_stream_and_embed() -> None:
    script: list[dict[str, Any]] = [{"reply": REPLY}, {"reply": REPLY}, {"reply": {}}]
    with FakeProvider("gemini", script, api_key="k-test") as fake, _client(fake) as client:
        chat = client.chat(REQUEST)
        with client.stream(REQUEST) as stream:
            streamed = stream.until_done()
        vectors = client.embed(EmbedRequest(model="gemini-embedding-001", inputs=["a", "b"], dimensions=2))
    assert streamed == chat  # the fold law, through the wire
    kinds = [part.type for part in chat.message.parts]
    assert kinds == ["reasoning", "text", "tool_call"]
    assert chat.message.parts[0].reasoning.signature == "c2lnbmF0dXJl"
    assert chat.message.parts[2].tool_call.arguments == '{"city":"Paris"}'
    assert (chat.usage.input_tokens, chat.usage.output_tokens, chat.usage.cache_read_input_tokens) == (20, 9, 5)
    assert len(vectors.embeddings) == 2 and len(vectors.embeddings[0]) == 2
    paths = [request.path for request in fake.requests]
    assert paths == [
        "/v1beta/models/gemini-2.5-flash:generateContent",
        "/v1beta/models/gemini-2.5-flash:streamGenerateContent",
        "/v1beta/models/gemini-embedding-001:batchEmbedContents",
    ]
    assert "model" not in fake.requests[0].body  # the model travels in the URL only
    assert fake.requests[0].headers["x-goog-api-key"] != "k-test"  # recorded redacted


@pytest.mark.parametrize(
    ("fault", "kind"),
    [
        ({"type": "status", "status": 429, "error_type": "RESOURCE_EXHAUSTED"}, "rate_limited"),
        ({"type": "status", "status": 503}, "overloaded"),
    ],
)
def test_wirechat_client_sees_http_faults(fault: dict[str, Any], kind: str) -> None:
    with FakeProvider("gemini", [{"fault": fault}]) as fake, _client(fake) as client, pytest.raises(APIError) as caught:
        client.chat(REQUEST)
    assert caught.value.error.kind == kind


@pytest.mark.parametrize(
    ("fault", "kind"),
    [
        ({"type": "error_event", "after": 2}, "overloaded"),
        ({"type": "malformed", "after": 2}, "invalid_response"),
        ({"type": "drop", "after": 2}, None),
    ],
)
def test_wirechat_client_sees_stream_faults(fault: dict[str, Any], kind: str | None) -> None:
    fake = FakeProvider("gemini", [{"reply": REPLY, "fault": fault}])
    with fake, _client(fake) as client, pytest.raises(APIError) as caught, client.stream(REQUEST) as stream:
        stream.until_done()
    if kind is not None:
        assert caught.value.error.kind == kind


def _sdk(fake: FakeProvider) -> genai.Client:
    return genai.Client(api_key="k-test", http_options=types.HttpOptions(base_url=fake.url, api_version="v1beta"))


def test_the_official_sdk_reads_the_fake() -> None:
    with FakeProvider("gemini", [{"reply": REPLY}, {"reply": REPLY}, {"reply": {}}], api_key="k-test") as fake:
        client = _sdk(fake)
        answer = client.models.generate_content(
            model="gemini-2.5-flash",
            contents="weather?",
            config=types.GenerateContentConfig(system_instruction="be brief", temperature=0.2, max_output_tokens=50),
        )
        chunks = list(client.models.generate_content_stream(model="gemini-2.5-flash", contents="weather?"))
        embedded = client.models.embed_content(model="gemini-embedding-001", contents=["a", "b"])
        sent = [request.body for request in fake.requests]
    assert answer.text == "Paris is sunny."
    assert answer.function_calls[0].name == "get_weather" and answer.function_calls[0].args == {"city": "Paris"}
    assert answer.candidates[0].content.parts[0].thought is True
    assert answer.usage_metadata.thoughts_token_count == 4
    assert "".join(chunk.text or "" for chunk in chunks) == "Paris is sunny."
    assert chunks[-1].candidates[0].finish_reason == types.FinishReason.STOP
    assert [len(e.values or []) for e in embedded.embeddings or []] == [3, 3]
    # what the SDK sent is what wirechat's decoder reads as a Gemini request
    request, notes = wirechat.adapters.get("gemini").decode_request(sent[0])
    assert notes == []
    assert request.messages[0].role == "system" and request.options.temperature == 0.2


def test_the_official_sdk_sees_the_fakes_errors() -> None:
    with FakeProvider("gemini", [{"fault": {"type": "status", "status": 429}}], api_key="k-test") as fake:
        client = _sdk(fake)  # kept: a dropped SDK client closes its connection pool
        with pytest.raises(genai_errors.ClientError) as caught:
            client.models.generate_content(model="gemini-2.5-flash", contents="x")
    assert caught.value.code == 429 and caught.value.status == "RESOURCE_EXHAUSTED"


def test_what_wirechat_sends_the_sdk_would_send_too() -> None:
    """Differential: the same call through wirechat and through the SDK reaches the fake with equal bodies
    (the SDK writes snake_case inside some members, which the API also takes; compare case-blind keys)."""
    with FakeProvider("gemini", [{"reply": {"text": "ok"}}, {"reply": {"text": "ok"}}], api_key="k-test") as fake:
        with _client(fake) as client:
            client.chat(
                ChatRequest.model_validate(
                    {
                        "model": "gemini-2.5-flash",
                        "messages": [
                            {"role": "system", "parts": [{"type": "text", "text": "be brief"}]},
                            {"role": "user", "parts": [{"type": "text", "text": "hi"}]},
                        ],
                        "options": {"temperature": 0.5, "max_tokens": 20, "stop": ["x"]},
                    }
                )
            )
        sdk = _sdk(fake)
        sdk.models.generate_content(
            model="gemini-2.5-flash",
            contents="hi",
            config=types.GenerateContentConfig(
                system_instruction="be brief", temperature=0.5, max_output_tokens=20, stop_sequences=["x"]
            ),
        )
        ours, theirs = (request.body for request in fake.requests)
    ours_system, theirs_system = ours.pop("systemInstruction"), theirs.pop("systemInstruction")
    assert ours_system["parts"] == theirs_system["parts"]  # the SDK adds role "user" to it
    assert ours == theirs


def test_serve_fake_gemini_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "s.ndjson").write_text('{"reply": {"text": "from the command line"}}\n')
    command = [sys.executable, "-m", "wirechat.cli", "serve-fake", "gemini", "--script", str(tmp_path / "s.ndjson")]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split()[-1]
            assert "google-genai" in server.stdout.readline()  # the hint for the SDK's base URL
            sdk = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=url, api_version="v1beta"))
            assert sdk.models.generate_content(model="gemini-2.5-flash", contents="hi").text == "from the command line"
        finally:
            server.terminate()
            server.wait(10)
    assert server.returncode == 0


def test_the_async_client_takes_the_same_routes() -> None:
    async def calls(url: str) -> tuple[Any, Any, Any]:
        async with wirechat.AsyncClient("gemini", api_key="k-test", base_url=url, max_retries=0) as client:
            chat = await client.chat(REQUEST)
            streamed = await client.stream(REQUEST).until_done()
            vectors = await client.embed(EmbedRequest(model="gemini-embedding-001", inputs=["a"]))
        return chat, streamed, vectors

    with FakeProvider("gemini", [{"reply": REPLY}, {"reply": REPLY}, {"reply": {}}], api_key="k-test") as fake:
        chat, streamed, vectors = asyncio.run(calls(fake.url))
        paths = [request.path for request in fake.requests]
    assert streamed == chat and len(vectors.embeddings) == 1
    assert paths[1] == "/v1beta/models/gemini-2.5-flash:streamGenerateContent"
