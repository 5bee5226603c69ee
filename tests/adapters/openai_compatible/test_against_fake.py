"""``wirechat.Client("openai-compatible", profile=...)`` and the official ``openai`` SDK against the fake
provider playing each server's quirks (``serve-fake openai-compatible --profile NAME``), on 127.0.0.1;
``wirechat convert --profile`` and the errors a user sees for a wrong profile."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import openai
import pytest

import wirechat
from wirechat import ChatRequest
from wirechat.cli import main
from wirechat.client import UnsupportedCallError
from wirechat.codec import canonical
from wirechat.testing.fake_provider import FakeProvider
from wirechat.transport import APIError

HI = ChatRequest.model_validate(
    {
        "model": "m",
        "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}],
        "options": {"max_tokens": 9},
    }
)
THINKING = {
    "reply": {
        "text": "Paris.",
        "reasoning": {"text": "Capital of France."},
        "usage": {"input": 10, "output": 4, "cache_read": 6},
    }
}
TOOL = {"reply": {"tool_calls": [{"id": "call_7", "name": "get_weather", "arguments": {"city": "Paris"}}],
                  "reasoning": {"text": "Need the weather."}}}  # fmt: skip


def chat_and_stream(profile: str, turn: dict[str, Any], **client: Any) -> tuple[Any, Any, FakeProvider]:
    with FakeProvider(f"openai-compatible:{profile}", {"turns": [turn], "loop": True}) as fake:
        chat = wirechat.Client("openai-compatible", profile=profile, base_url=fake.url + "/v1", **client)
        return chat.chat(HI), chat.stream(HI).until_done(), fake


@pytest.mark.parametrize("turn", [THINKING, TOOL], ids=["reasoning", "tool_call"])
@pytest.mark.parametrize("profile", ["ollama", "deepseek", "llama-cpp", "groq"])
def test_chat_and_stream_agree_and_keep_the_reasoning(profile: str, turn: dict[str, Any]) -> None:
    key = {"api_key": "k"} if profile in ("deepseek", "groq") else {}  # the local servers need none
    reply, streamed, fake = chat_and_stream(profile, turn, **key)
    assert canonical(reply) == canonical(streamed)
    assert reply.message.parts[0].type == "reasoning"
    assert reply.usage.input_tokens == 10  # type: ignore[union-attr]
    sent = fake.requests[1].body
    assert sent["stream"] is True and ("stream_options" in sent) == (profile != "groq")
    assert ("max_tokens" in sent) == (profile in ("ollama", "deepseek"))
    assert "authorization" in fake.requests[0].headers  # a bearer token is sent, placeholder or given


def test_deepseek_cache_hits_are_the_cache_read_in_body_and_stream() -> None:
    reply, streamed, _ = chat_and_stream("deepseek", THINKING, api_key="k")
    assert reply.usage.cache_read_input_tokens == streamed.usage.cache_read_input_tokens == 6  # type: ignore[union-attr]


def test_a_call_without_an_id_gets_the_same_synthesised_id_both_ways() -> None:
    nameless = {"reply": {"tool_calls": [{"id": "", "name": "get", "arguments": {}}]}}
    reply, streamed, _ = chat_and_stream("llama-cpp", nameless)
    assert reply.message.parts[0].tool_call.id.startswith("call_")  # type: ignore[union-attr]
    assert canonical(reply) == canonical(streamed)
    with pytest.raises(APIError) as error:
        chat_and_stream("ollama", nameless)
    assert error.value.error.kind == "invalid_response"
    assert "a tool call without an id" in error.value.error.message


def test_the_async_client_takes_a_profile() -> None:
    async def go(url: str) -> Any:
        async with wirechat.AsyncClient("openai-compatible", profile="ollama", base_url=url) as client:
            return await client.chat(HI)

    with FakeProvider("openai-compatible:ollama", [THINKING]) as fake:
        assert asyncio.run(go(fake.url + "/v1")).message.parts[1].text == "Paris."  # type: ignore[union-attr]


def test_a_wrong_profile_names_the_ones_there_are() -> None:
    with pytest.raises(ValueError, match="no such profile; its profiles: deepseek, groq, llama-cpp"):
        wirechat.Client("openai-compatible", profile="olama")
    with pytest.raises(ValueError, match="has no profiles"):
        wirechat.Client("openai-chat", profile="ollama", api_key="k")
    with pytest.raises(ValueError, match="DEEPSEEK_API_KEY"):
        wirechat.Client("openai-compatible", profile="deepseek")


def test_the_official_openai_sdk_reads_the_fake_servers() -> None:
    with FakeProvider("openai-compatible:deepseek", [THINKING, THINKING]) as fake:
        sdk = openai.OpenAI(base_url=fake.url + "/v1", api_key="k", max_retries=0)
        reply = sdk.chat.completions.create(model="deepseek-reasoner", messages=[{"role": "user", "content": "hi"}])
        assert reply.choices[0].message.content == "Paris."
        assert (reply.choices[0].message.model_extra or {})["reasoning_content"] == "Capital of France."
        assert reply.usage.prompt_cache_hit_tokens == 6  # type: ignore[union-attr]
        chunks = list(sdk.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}],
                                                  stream=True, stream_options={"include_usage": True}))  # fmt: skip
        assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == "Paris."
        assert chunks[-1].usage.total_tokens == 14  # type: ignore[union-attr]
    with FakeProvider("openai-compatible:ollama", [TOOL]) as fake:
        sdk = openai.OpenAI(base_url=fake.url + "/v1", api_key="ollama", max_retries=0)
        chunks = list(sdk.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], stream=True))
        calls = [call for c in chunks if c.choices for call in c.choices[0].delta.tool_calls or ()]
        assert len(calls) == 1 and calls[0].function.arguments == '{"city":"Paris"}'  # whole, in one chunk


def test_serve_fake_plays_a_profile_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text(json.dumps([THINKING]))
    command = [sys.executable, "-m", "wirechat.cli", "serve-fake", "openai-compatible", "--profile", "deepseek",
               "--script", str(tmp_path / "s.json")]  # fmt: skip
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split()[-1]
            reply = wirechat.Client("openai-compatible", profile="deepseek", api_key="k", base_url=url + "/v1").chat(HI)
            assert reply.message.parts[0].reasoning.text == "Capital of France."  # type: ignore[union-attr]
        finally:
            server.terminate()
            server.wait(10)
    assert main(["serve-fake", "openai-compatible", "--profile", "bogus"]) == 2


def test_convert_takes_a_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = {"id": "x", "model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi",
            "reasoning_content": "think"}, "finish_reason": "insufficient_system_resource"}]}  # fmt: skip
    path = tmp_path / "reply.json"
    path.write_text(json.dumps(body))
    args = ["convert", "--from", "openai-compatible", "--profile", "deepseek", "--to", "wirechat", "--kind", "response"]
    assert main([*args, str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["message"]["parts"][0] == {"type": "reasoning", "reasoning": {"text": "think"}}
    assert out["finish_reason"] == {"kind": "error", "raw": "insufficient_system_resource"}
    assert main(["convert", "--from", "openai-chat", "--profile", "deepseek", "--to", "wirechat", "--kind",
                 "response", str(path)]) == 2  # fmt: skip
    assert "neither --from nor --to has it" in capsys.readouterr().err


def test_embeddings_where_the_server_has_them() -> None:
    with FakeProvider("openai-compatible:ollama", [{"reply": {"embeddings": [[0.5, 1.0]]}}]) as fake:
        client = wirechat.Client("openai-compatible", profile="ollama", base_url=fake.url + "/v1")
        reply = client.embed(wirechat.EmbedRequest(model="nomic-embed-text", inputs=["hi"]))
        assert reply.embeddings[0] == [0.5, 1.0] and fake.requests[0].path == "/v1/embeddings"
    with pytest.raises(UnsupportedCallError, match="embed"):
        wirechat.Client("openai-compatible", profile="groq", api_key="k").embed(
            wirechat.EmbedRequest(model="m", inputs=["hi"])
        )
