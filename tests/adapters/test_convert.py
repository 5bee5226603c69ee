"""``wirechat convert``: every path (formats, kinds, warnings, refusals, usage errors), no tracebacks."""

# ruff: noqa: E501 (provider payloads read best one per line)
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from wirechat.cli import main

OPENAI_REQUEST = {
    "model": "gpt-4.1",
    "messages": [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "weather in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "get", "arguments": '{"city":"Paris"}'}}
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "18C"},
    ],
    "seed": 7,
}
ANTHROPIC_RESPONSE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-x",
    "content": [{"type": "thinking", "thinking": "hm", "signature": "c2ln"}, {"type": "text", "text": "18C"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 3, "output_tokens": 5, "cache_read_input_tokens": 10},
}


def _write(tmp_path: Path, name: str, content: str) -> str:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return str(path)


def test_request_openai_to_anthropic_warns_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "request.json", json.dumps(OPENAI_REQUEST))
    assert main(["convert", "--from", "openai-chat", "--to", "anthropic", "--kind", "request", path]) == 0
    out, err = capsys.readouterr()
    body = json.loads(out)
    assert body["system"] == "be brief"
    assert body["messages"][1]["content"][0] == {
        "type": "tool_use",
        "id": "call_1",
        "name": "get",
        "input": {"city": "Paris"},
    }
    assert body["messages"][2]["content"][0]["type"] == "tool_result"
    assert "warning: options.seed" in err and "warning: options.max_tokens.absent" in err


def test_request_to_wirechat_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "request.json", json.dumps(OPENAI_REQUEST))
    assert main(["convert", "--from", "openai-chat", "--to", "wirechat", "--kind", "request", path]) == 0
    canonical = capsys.readouterr().out
    assert json.loads(canonical)["options"] == {"seed": 7}
    again = _write(tmp_path, "canonical.json", canonical)
    assert main(["convert", "--from", "wirechat", "--to", "openai-chat", "--kind", "request", again]) == 0
    messages = OPENAI_REQUEST["messages"]
    assistant = {"role": "assistant", "tool_calls": messages[2]["tool_calls"]}  # a null content is not sent back
    assert json.loads(capsys.readouterr().out) == OPENAI_REQUEST | {"messages": [*messages[:2], assistant, messages[3]]}


def test_response_anthropic_to_openai_drops_thinking_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "response.json", json.dumps(ANTHROPIC_RESPONSE))
    assert main(["convert", "--from", "anthropic", "--to", "openai-chat", "--kind", "response", path]) == 0
    out, err = capsys.readouterr()
    body = json.loads(out)
    assert body["choices"][0]["message"]["content"] == "18C"
    assert body["usage"]["prompt_tokens"] == 13  # cache reads added back
    assert "c2ln" not in out and "hm" not in json.dumps(body["choices"])  # never turned into text
    assert "warning: reasoning.foreign" in err


def test_response_to_wirechat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "response.json", json.dumps(ANTHROPIC_RESPONSE))
    assert main(["convert", "--from", "anthropic", "--to", "wirechat", "--kind", "response", path]) == 0
    response = json.loads(capsys.readouterr().out)
    assert response["message"]["parts"][0]["reasoning"] == {"text": "hm", "signature": "c2ln", "issuer": "anthropic"}


def test_stream_anthropic_to_openai_and_wirechat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = [
        {"event": "message_start", "data": {"type": "message_start", "message": {"id": "m", "model": "c", "content": [], "usage": {"input_tokens": 2, "output_tokens": 0}}}},
        {"event": "ping", "data": {"type": "ping"}},
        {"event": "content_block_start", "data": {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}},
        {"event": "content_block_delta", "data": {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "hi"}}},
        {"event": "content_block_stop", "data": {"type": "content_block_stop", "index": 0}},
        {"event": "message_delta", "data": {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 1}}},
        {"event": "message_stop", "data": {"type": "message_stop"}},
    ]  # fmt: skip
    path = _write(tmp_path, "events.ndjson", "\n".join(json.dumps(e) for e in events) + "\n")
    assert main(["convert", "--from", "anthropic", "--to", "openai-chat", "--kind", "stream", path]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {"event": None, "data": "[DONE]"}
    assert any(
        line["data"]["choices"] and line["data"]["choices"][0]["delta"].get("content") == "hi" for line in lines[:-1]
    )
    assert main(["convert", "--from", "anthropic", "--to", "wirechat", "--kind", "stream", path]) == 0
    canonical = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert canonical[-1] == {"type": "finish", "finish_reason": {"kind": "stop", "raw": "end_turn"}}
    again = _write(tmp_path, "canonical.ndjson", "\n".join(json.dumps(e) for e in canonical))
    assert main(["convert", "--from", "wirechat", "--to", "anthropic", "--kind", "stream", again]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["event"] == "message_stop"


def test_refused_conversion_exits_1_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request = {
        "model": "m",
        "messages": [
            {"role": "user", "parts": [{"type": "audio", "audio": {"source": "url", "url": "https://a/b.wav"}}]}
        ],
    }
    path = _write(tmp_path, "request.json", json.dumps(request))
    assert main(["convert", "--from", "wirechat", "--to", "anthropic", "--kind", "request", path]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "refused (audio.url) at /messages/0/parts/0/audio: Messages takes no audio" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "kind", "message"),
    [
        ("{not json", "request", "invalid provider document"),
        ('{"messages": []}', "request", "invalid wirechat request"),
        ('{"event": null}\n', "stream", "input:1: expected"),
    ],
)
def test_invalid_input_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, kind: str, message: str
) -> None:
    path = _write(tmp_path, "input", content)
    source = "openai-chat" if content.startswith("{not") or kind == "stream" else "wirechat"
    assert main(["convert", "--from", source, "--to", "anthropic", "--kind", kind, path]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--from", "nope", "--to", "anthropic", "--kind", "request"], "no adapter named 'nope'"),
        (["--from", "wirechat", "--to", "anthropic", "--kind", "request", "--", "/no/such/file"], "cannot read"),
    ],
)
def test_usage_errors_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    if "/no/such/file" not in argv:
        argv = [*argv, "x.json"]
    assert main(["convert", *argv]) == 2
    assert message in capsys.readouterr().err


def test_bad_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["convert", "--from", "wirechat", "--to", "anthropic", "--kind", "poem", "x"])
    assert exit_info.value.code == 2


def test_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(ANTHROPIC_RESPONSE).encode())))
    assert main(["convert", "--from", "anthropic", "--to", "wirechat", "--kind", "response", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "msg_1"
