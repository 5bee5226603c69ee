"""The go-model adapter through the contract: the gate, ``wirechat convert --from go-model`` for each kind,
and the errors a stored document can hold (each naming where)."""

# ruff: noqa: E501 (stored documents read best one per line)

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from wirechat.adapters import SseEvent, get
from wirechat.cli import main
from wirechat.testing import gate

STORED = [
    {"role": "user", "parts": [{"type": "text", "text": "Weather?"}, {"type": "file", "file": {"uri": "https://x.io/a.pdf", "mime_type": "application/pdf"}}]},
    {"role": "assistant", "parts": [{"type": "tool_call", "tool_call": {"id": "c1", "name": "weather", "arguments": "{}"}}]},
]  # fmt: skip


def test_go_model_passes_the_gate() -> None:
    out = io.StringIO()
    code = gate.run("go-model", examples=60, out=out)
    assert code == 0, out.getvalue()
    assert "go-model: PASSED" in out.getvalue()


def _write(tmp_path: Path, name: str, content: str) -> str:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return str(path)


def test_convert_stored_messages_to_wirechat_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "messages.json", json.dumps(STORED))
    assert main(["convert", "--from", "go-model", "--to", "wirechat", "--kind", "request", path]) == 0
    canonical = json.loads(capsys.readouterr().out)
    assert canonical["messages"][0]["parts"][1]["file"] == {
        "source": "uri",
        "uri": "https://x.io/a.pdf",
        "media_type": "application/pdf",
    }
    again = _write(tmp_path, "canonical.json", json.dumps(canonical))
    assert main(["convert", "--from", "wirechat", "--to", "go-model", "--kind", "request", again]) == 0
    assert json.loads(capsys.readouterr().out) == {"messages": STORED}


def test_convert_response_and_stream(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = {
        "message": STORED[1],
        "finish_reason": "tool_calls",
        "usage": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3},
    }
    path = _write(tmp_path, "response.json", json.dumps(body))
    assert main(["convert", "--from", "go-model", "--to", "wirechat", "--kind", "response", path]) == 0
    assert json.loads(capsys.readouterr().out)["finish_reason"] == {"kind": "tool_calls", "raw": "tool_calls"}
    lines = [{"event": None, "data": {"content": "Hi"}}, {"event": None, "data": {"finish_reason": "stop"}}]
    path = _write(tmp_path, "stream.ndjson", "\n".join(json.dumps(line) for line in lines))
    assert main(["convert", "--from", "go-model", "--to", "openai-chat", "--kind", "stream", path]) == 0
    assert '"content": "Hi"' in capsys.readouterr().out


def test_convert_refusal_names_the_feature(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request = {"messages": [{"role": "user", "parts": [{"type": "data", "data": {"value": [1]}}]}]}
    path = _write(tmp_path, "request.json", json.dumps(request))
    assert main(["convert", "--from", "wirechat", "--to", "go-model", "--kind", "request", path]) == 1
    assert "data.not_object" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("document", "pointer"),
    [
        ({"messages": [{"role": "user", "parts": [{"type": "image", "image": {}}]}]}, "/messages/0/parts/0/image"),
        ({"messages": [{"role": "user", "parts": [{"type": "data", "data": {"value": 3}}]}]}, "/messages/0/parts/0/data/value"),
        ({"messages": [{"role": "user", "parts": [{"type": "text", "text": 3}]}]}, "/messages/0/parts/0/text"),
        ({"messages": [{"role": "user", "parts": [{"type": "tool_call", "tool_call": {"id": "a"}}]}]}, "/messages/0/parts/0/tool_call/name"),
        ({"messages": [{"role": "user", "parts": {}}]}, "/messages/0/parts"),
        ({"messages": [], "tools": []}, "/messages"),
    ],
)  # fmt: skip
def test_invalid_documents_name_the_pointer(document: object, pointer: str) -> None:
    with pytest.raises(ValueError, match=pointer):
        get("go-model").decode_request(document)  # type: ignore[arg-type]


def test_stream_decoder_rejects_unknown_events_and_events_after_an_error() -> None:
    decoder = get("go-model").stream_decoder()
    with pytest.raises(ValueError, match="unknown event 'delta'"):
        decoder.feed(SseEvent("delta", "{}"))
    decoder.feed(SseEvent("error", '{"error": "gone"}'))
    with pytest.raises(ValueError, match="after the stream's error"):
        decoder.feed(SseEvent(None, '{"content": "x"}'))
    assert decoder.close() == []


def test_endpoint_is_refused() -> None:
    with pytest.raises(ValueError, match="not an API"):
        get("go-model").endpoint_path("chat")
