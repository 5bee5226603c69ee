"""``wirechat convert`` to and from ``openai-responses``: requests from Chat Completions and Anthropic,
a recorded stream to Anthropic and to canonical events, and what the user sees on lossy or bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wirechat.adapters import get
from wirechat.cli import main

RECORDED = Path(get("openai-responses").fixtures_dir or ".")


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    def convert(document: Any, *args: str) -> tuple[int, str, str]:
        path = tmp_path / "input"
        path.write_bytes(document if isinstance(document, bytes) else json.dumps(document).encode())
        code = main(["convert", *args, str(path)])
        out, err = capsys.readouterr()
        return code, out, err

    return convert


CHAT = {
    "model": "gpt-5.1",
    "messages": [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Weather in Paris?"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
    ],
    "max_completion_tokens": 64,
    "stop": ["END"],
}  # fmt: skip


def test_a_chat_completions_request_becomes_a_responses_request(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(CHAT, "--from", "openai-chat", "--to", "openai-responses", "--kind", "request")
    assert code == 0, err
    body = json.loads(out)
    assert body["instructions"] == "Be brief."
    assert [item.get("type") for item in body["input"]] == ["message", "function_call", "function_call_output"]
    assert body["max_output_tokens"] == 64
    assert "options.stop" in err and "no stop sequences" in err  # dropped, and said so


def test_strict_refuses_the_lossy_conversion(run) -> None:  # type: ignore[no-untyped-def]
    code, _out, err = run(CHAT, "--strict", "--from", "openai-chat", "--to", "openai-responses", "--kind", "request")
    assert code == 1 and "options.stop" in err


def test_a_responses_request_goes_back_to_chat_completions(run) -> None:  # type: ignore[no-untyped-def]
    body = {"model": "gpt-5.1", "instructions": "Be brief.", "input": "Hi", "max_output_tokens": 10}
    code, out, err = run(body, "--from", "openai-responses", "--to", "openai-chat", "--kind", "request")
    assert code == 0, err
    assert json.loads(out)["messages"][0] == {"role": "system", "content": "Be brief."}


def test_a_recorded_stream_converts_to_anthropic_and_to_wirechat(run) -> None:  # type: ignore[no-untyped-def]
    case = json.loads((RECORDED / "parallel_calls.json").read_text(encoding="utf-8"))
    lines = "".join(json.dumps({"event": e["event"], "data": json.loads(e["data"])}) + "\n" for e in case["events"])
    code, out, err = run(lines.encode(), "--from", "openai-responses", "--to", "anthropic", "--kind", "stream")
    assert code == 0, err
    assert '"input_json_delta"' in out and '"stop_reason":"tool_use"' in out.replace(" ", "")
    code, out, err = run(lines.encode(), "--from", "openai-responses", "--to", "wirechat", "--kind", "stream")
    assert code == 0, err
    starts = [json.loads(line) for line in out.splitlines() if '"tool_call_start"' in line]
    assert [(event["index"], event["id"]) for event in starts] == [(0, "call_A"), (1, "call_B")]


def test_an_anthropic_reply_with_thinking_is_not_replayed_as_openai_reasoning(run) -> None:  # type: ignore[no-untyped-def]
    body = {"model": "claude", "max_tokens": 10, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm", "signature": "sig"},
                                          {"type": "text", "text": "hello"}]}]}  # fmt: skip
    code, out, err = run(body, "--from", "anthropic", "--to", "openai-responses", "--kind", "request")
    assert code == 0, err
    assert "reasoning.foreign" in err and "sig" not in out


def test_a_bad_request_body_names_the_member(run) -> None:  # type: ignore[no-untyped-def]
    body = {"model": "m", "input": [{"type": "function_call", "call_id": "c", "arguments": "{}"}]}
    code, _out, err = run(body, "--from", "openai-responses", "--to", "wirechat", "--kind", "request")
    assert code == 1 and "/input/0/name" in err
