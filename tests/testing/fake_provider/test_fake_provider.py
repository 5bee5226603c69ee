"""The fake provider itself: script checking, the wire it speaks, its endpoints, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest

from wirechat.cli import main
from wirechat.testing.fake_provider import FakeProvider, ScriptError, load_script, parse_script

pytestmark = pytest.mark.timeout(30)


@pytest.mark.parametrize(
    ("script", "where", "what"),
    [
        ([{"reply": {"txt": "x"}}], "turn 1.reply", "unknown field(s) txt"),
        ([{"reply": {"text": "ok"}}, {"fault": {"type": "explode"}}], "turn 2.fault.type", "must be one of"),
        ([{"fault": {"type": "status"}}], "turn 1.fault.status", "whole number"),
        ([{"fault": {"type": "drop", "after": -1}}], "turn 1.fault.after", "at least 0"),
        ([{"delay_ms": 5}], "turn 1", "needs a reply"),
        ([{"raw": {"status": 200}}], "turn 1.raw", "exactly one of body"),
        ([{"hostile": {"body": "bomb"}}], "turn 1.hostile.body", "must be one of flood, gzip_bomb"),
        ([{"hostile": {"body": "flood", "bytes": -1}}], "turn 1.hostile.bytes", "whole number >= 0"),
        ([{"hostile": {"body": "flood"}, "reply": {"text": "x"}}], "turn 1", "a hostile answer stands alone"),
        ([{"reply": {"usage": {"input": 1, "cache_read": 2}}}], "turn 1.reply.usage", "cannot exceed input"),
        ({"turns": [], "loop": "yes"}, "script.loop", "true or false"),
        ("not a list", "script", "a list of turns"),
    ],
)
def test_script_mistakes_name_the_turn_and_field(script: Any, where: str, what: str) -> None:
    with pytest.raises(ScriptError) as caught:
        parse_script(script)
    assert caught.value.where == where
    assert what in str(caught.value)


def test_provider_specific_script_checks() -> None:
    with pytest.raises(ScriptError, match="no reasoning text"):
        FakeProvider("openai-chat", [{"reply": {"reasoning": {"text": "hmm"}}}])
    with pytest.raises(ScriptError, match="must be a JSON object"):
        FakeProvider("anthropic", [{"reply": {"tool_calls": [{"id": "t", "name": "f", "arguments": "[1]"}]}}])
    with pytest.raises(ValueError, match=r"known: openai-chat, anthropic, .*gemini"):
        FakeProvider("bogus-provider", [])


def test_ndjson_and_json_scripts_load_alike(tmp_path: Path) -> None:
    turns = [{"reply": {"text": "a"}}, {"fault": {"type": "status", "status": 503}, "repeat": 2}]
    (tmp_path / "s.json").write_text(json.dumps(turns))
    (tmp_path / "s.ndjson").write_text("\n".join(json.dumps(turn) for turn in turns) + "\n")
    assert load_script(tmp_path / "s.json") == load_script(tmp_path / "s.ndjson")
    (tmp_path / "bad.ndjson").write_text('{"reply": {}}\n{"reply": \n')
    with pytest.raises(ScriptError, match=r"bad.ndjson:2"):
        load_script(tmp_path / "bad.ndjson")


def post(fake: FakeProvider, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(fake.url + path, json=body, timeout=5)


def test_turns_repeat_run_out_and_loop() -> None:
    with FakeProvider("openai-chat", [{"reply": {"text": "a"}, "repeat": 2}]) as fake:
        assert [post(fake, "/v1/chat/completions", {}).status_code for _ in range(3)] == [200, 200, 500]
        assert "no turn left" in post(fake, "/v1/chat/completions", {}).json()["error"]["message"]
    with FakeProvider(
        "openai-chat", {"turns": [{"reply": {"text": "a"}}, {"reply": {"text": "b"}}], "loop": True}
    ) as fake:
        texts = [post(fake, "/v1/chat/completions", {}).json()["choices"][0]["message"]["content"] for _ in range(3)]
        assert texts == ["a", "b", "a"]


def test_unknown_paths_and_bodies_get_the_providers_errors() -> None:
    with FakeProvider("anthropic", [{"reply": {"text": "a"}}]) as fake:
        missing = post(fake, "/v1/embeddings", {})
        assert missing.status_code == 404 and missing.json()["error"]["type"] == "not_found_error"
        bad = httpx.post(fake.url + "/v1/messages", content=b"{nope", timeout=5)
        assert bad.status_code == 400 and bad.json()["type"] == "error"
        assert bad.headers["request-id"].startswith("req_fake_")


def test_status_fault_headers_and_body() -> None:
    fault = {"type": "status", "status": 429, "retry_after": 2, "retry_after_ms": 1500, "should_retry": False}
    with FakeProvider("anthropic", [{"fault": fault}]) as fake:
        answer = post(fake, "/v1/messages", {"stream": True})
    assert answer.status_code == 429
    assert (answer.headers["retry-after"], answer.headers["retry-after-ms"]) == ("2", "1500")
    assert answer.headers["x-should-retry"] == "false"
    assert answer.json()["error"]["type"] == "rate_limit_error"


def test_anthropic_stream_shape() -> None:
    reply = {"reasoning": {"text": "think", "signature": "sig=="}, "text": "hi",
             "tool_calls": [{"id": "toolu_1", "name": "f", "arguments": {"a": 1}}],
             "usage": {"input": 50, "output": 10, "cache_read": 30, "cache_write": 5}}  # fmt: skip
    with FakeProvider("anthropic", [{"reply": reply}]) as fake:
        text = post(fake, "/v1/messages", {"stream": True}).text
    names = [line[len("event: ") :] for line in text.splitlines() if line.startswith("event: ")]
    assert names[:2] == ["message_start", "ping"] and names[-2:] == ["message_delta", "message_stop"]
    data = [json.loads(line[len("data: ") :]) for line in text.splitlines() if line.startswith("data: ")]
    start_usage = data[0]["message"]["usage"]
    assert (start_usage["input_tokens"], start_usage["cache_read_input_tokens"]) == (15, 30)
    deltas = [item["delta"] for item in data if item["type"] == "content_block_delta"]
    assert {"type": "signature_delta", "signature": "sig=="} in deltas
    assert "".join(d["partial_json"] for d in deltas if d["type"] == "input_json_delta") == '{"a":1}'


def test_openai_stream_usage_chunk_only_when_asked() -> None:
    with FakeProvider("openai-chat", [{"reply": {"text": "hi"}, "repeat": 2}]) as fake:
        plain = post(fake, "/v1/chat/completions", {"stream": True}).text
        with_usage = post(
            fake, "/v1/chat/completions", {"stream": True, "stream_options": {"include_usage": True}}
        ).text
    assert plain.rstrip().endswith("data: [DONE]") and '"usage"' not in plain
    assert '"choices":[],"usage":{"prompt_tokens"' in with_usage


def test_raw_answers_are_sent_as_written() -> None:
    raw_sse = {"raw": {"status": 200, "headers": {"x-extra": "1"}, "sse": [{"event": "a", "data": {"k": 1}}]}}
    raw_json = {"raw": {"status": 418, "body": {"teapot": True}}}
    with FakeProvider("openai-chat", [raw_sse, raw_json]) as fake:
        first = post(fake, "/v1/chat/completions", {"stream": True})
        second = post(fake, "/v1/chat/completions", {})
    assert first.text == 'event: a\ndata: {"k":1}\n\n' and first.headers["x-extra"] == "1"
    assert (second.status_code, second.json()) == (418, {"teapot": True})


def test_openai_embeddings_endpoint() -> None:
    with FakeProvider("openai-chat", [{"reply": {"embeddings": [[0.5, 1]]}}]) as fake:
        body = post(fake, "/v1/embeddings", {"input": ["x"], "model": "e"}).json()
    assert body["data"] == [{"object": "embedding", "index": 0, "embedding": [0.5, 1.0]}]


def test_serve_fake_help_teaches_the_script_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve-fake", "--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    for needle in ('"reply"', '"fault"', "retry_after", "error_event", "delay_ms", "NDJSON", "loop"):
        assert needle in shown


def test_serve_fake_bad_script_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s.json").write_text('[{"fault": {"type": "nope"}}]')
    assert main(["serve-fake", "anthropic", "--script", str(tmp_path / "s.json")]) == 2
    assert "turn 1.fault.type" in capsys.readouterr().err


def test_serve_fake_serves_over_a_real_socket(tmp_path: Path) -> None:
    (tmp_path / "s.ndjson").write_text('{"reply": {"text": "from the command line"}}\n{"reply": {"text": "sdk"}}\n')
    log = tmp_path / "requests.ndjson"
    command = [sys.executable, "-m", "wirechat.cli", "serve-fake", "openai-chat", "--script",
               str(tmp_path / "s.ndjson"), "--log", str(log), "--api-key", "sk-cli-secret-000000"]  # fmt: skip
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            assert line.startswith("listening on http://127.0.0.1:")
            url = line.split()[-1]
            answer = httpx.post(url + "/v1/chat/completions", json={"model": "m"},
                                headers={"authorization": "Bearer sk-cli-secret-000000"}, timeout=5)  # fmt: skip
            assert answer.json()["choices"][0]["message"]["content"] == "from the command line"
            hint = server.stdout.readline()  # the base URL the provider's own SDK takes
            assert f"base_url='{url}/v1'" in hint
            sdk = openai.OpenAI(base_url=f"{url}/v1", api_key="sk-cli-secret-000000", max_retries=0)
            reply = sdk.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
            assert reply.choices[0].message.content == "sdk"
        finally:
            server.terminate()
            server.wait(10)
    assert server.returncode == 0
    saved = log.read_text()
    assert '"/v1/chat/completions"' in saved and "sk-cli-secret" not in saved


def test_serve_fake_with_the_profile_in_the_provider_name_prints_its_base_url() -> None:
    """``serve-fake openai-compatible:ollama`` listened, then died with KeyError printing the SDK hint."""
    command = [sys.executable, "-m", "wirechat.cli", "serve-fake", "openai-compatible:ollama"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split()[-1]
            assert f"base_url='{url}/v1'" in server.stdout.readline()
            answer = httpx.post(url + "/v1/chat/completions", json={"model": "m"}, timeout=5)
            assert answer.json()["choices"][0]["message"]["content"]
        finally:
            server.terminate()
            server.wait(10)
