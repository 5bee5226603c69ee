"""The command line as a user meets it (issue 28): problems name the file and every bad line of a stream;
``convert --kind stream`` takes raw server-sent events as well as NDJSON; a canonical stream without
``finish`` is an error, not a stream ended by an invented error event; ``validate`` on a provider's body
says which ``convert`` turns it into wirechat; ``--help`` shows only the commands this install has."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wirechat.cli import EXAMPLES, build_parser, epilog, main

START = {"id": "m", "type": "message", "role": "assistant", "content": [], "model": "x", "stop_reason": None,
         "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 0}}  # fmt: skip
EVENTS = [
    ("message_start", {"type": "message_start", "message": START}),
    ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
    ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}}),
    ("content_block_stop", {"type": "content_block_stop", "index": 0}),
    ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 2}}),
    ("message_stop", {"type": "message_stop"}),
]
ANTHROPIC_SSE = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in EVENTS).encode()


def convert(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes, *args: str):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_bytes(data)
    code = main(["convert", *args, str(path)])
    out, err = capsys.readouterr()
    return code, out, err.replace(str(tmp_path) + "/", "")


def test_raw_sse_converts_like_its_ndjson(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: ``unexpected "d"`` and no hint that NDJSON was expected."""
    args = ("--from", "anthropic", "--to", "wirechat", "--kind", "stream")
    code, from_sse, err = convert(tmp_path, capsys, "reply.sse", ANTHROPIC_SSE, *args)
    assert (code, err) == (0, "")
    ndjson = "".join(json.dumps({"event": name, "data": data}) + "\n" for name, data in EVENTS)
    code, from_ndjson, _ = convert(tmp_path, capsys, "reply.ndjson", ndjson.encode(), *args)
    assert code == 0 and from_sse == from_ndjson
    assert json.loads(from_sse.splitlines()[-1])["type"] == "finish"


def test_every_bad_stream_line_is_reported_with_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = b'{"event": null}\n{"event": null, "data": {"id": "c", "choices": []}}\nnot json\n[1]\n'
    code, out, err = convert(tmp_path, capsys, "bad.ndjson", lines, "--from", "openai-chat", "--to", "wirechat",
                             "--kind", "stream")  # fmt: skip
    assert code == 1 and out == ""
    assert err.startswith("wirechat: bad.ndjson: invalid openai-chat stream: 3 bad event(s):")
    assert "  bad.ndjson:1: expected" in err and "  bad.ndjson:3: " in err and "  bad.ndjson:4: expected" in err


def test_a_problem_in_a_provider_document_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: ``input: invalid provider document``."""
    body = b'{"model": "m", "messages": [{"role": "user", "content": "hi"}], "model": "x"}'
    code, _out, err = convert(tmp_path, capsys, "body.json", body, "--from", "openai-chat", "--to", "anthropic",
                              "--kind", "request")  # fmt: skip
    assert code == 1
    assert err.startswith("wirechat: body.json: invalid openai-chat request: invalid provider document")
    assert "input:" not in err


def test_a_canonical_stream_without_finish_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: exit 0, the target's encoder ending the stream with an error event of its own making."""
    events = [{"type": "start"}, {"type": "text_start", "index": 0}, {"type": "text_delta", "index": 0, "text": "Hi"}]
    data = "".join(json.dumps(event) + "\n" for event in events).encode()
    for target in ("anthropic", "openai-chat"):
        code, out, err = convert(tmp_path, capsys, "cut.ndjson", data, "--from", "wirechat", "--to", target,
                                 "--kind", "stream")  # fmt: skip
        assert code == 1 and out == ""
        assert "its last event (cut.ndjson:3) is text_delta, not finish or error; nothing was written" in err
    finished = data + b'{"type": "finish", "finish_reason": {"kind": "stop"}}\n'
    assert convert(tmp_path, capsys, "whole.ndjson", finished, "--from", "wirechat", "--to", "anthropic",
                   "--kind", "stream")[0] == 0  # fmt: skip


def test_validate_suggests_convert_for_a_providers_body(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: 19 problems and no word that the body is OpenAI's."""
    path = tmp_path / "body.json"
    path.write_text(json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}))
    assert main(["validate", "--type", "ChatRequest", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"wirechat convert --from openai-chat --to wirechat --kind request {path}" in err
    path.write_text(json.dumps({"model": 5}))  # nobody's body: no hint
    assert main(["validate", "--type", "ChatRequest", str(path)]) == 1
    assert "hint" not in capsys.readouterr().err


def test_help_shows_only_installed_commands() -> None:
    """Was: ``wirechat --help`` advertised ``schema lint`` in a wheel that has no ``schema`` command."""
    assert "schema lint" not in epilog({"validate", "convert", "serve-fake", "conformance"})
    installed = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    shown = build_parser().epilog or ""
    for example in EXAMPLES:
        assert (example in shown) == (example.split(" | ")[-1].split()[1] in installed)
