"""``wirechat convert`` loses nothing without a word: each case the issue found, run through the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wirechat.cli import main

WIRECHAT_MESSAGE_AS_OPENAI = {
    "model": "gpt-4.1",
    "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}],
}
OPENAI_WITH_EXTRAS = {
    "model": "gpt-4.1",
    "messages": [{"role": "user", "content": "hi", "bogus": 1}],
    "n": 2,
    "logprobs": True,
    "frequency_penalty": 0.5,
}


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    def convert(document: object | bytes, *args: str) -> tuple[int, str, str]:
        path = tmp_path / "input.json"
        path.write_bytes(document if isinstance(document, bytes) else json.dumps(document).encode())
        code = main(["convert", *args, str(path)])
        out, err = capsys.readouterr()
        return code, out, err

    return convert


def test_a_wirechat_message_given_as_openai_is_reported_not_emptied(run) -> None:  # type: ignore[no-untyped-def]
    code, _out, err = run(WIRECHAT_MESSAGE_AS_OPENAI, "--from", "openai-chat", "--to", "anthropic", "--kind", "request")
    assert "/messages/0/parts" in err and "provider.unmapped" in err
    code, _out, err = run(
        WIRECHAT_MESSAGE_AS_OPENAI, "--strict", "--from", "openai-chat", "--to", "anthropic", "--kind", "request"
    )
    assert code == 1 and "under --strict" in err


def test_an_unknown_member_and_dropped_parameters_are_named(run) -> None:  # type: ignore[no-untyped-def]
    code, _out, err = run(OPENAI_WITH_EXTRAS, "--from", "openai-chat", "--to", "anthropic", "--kind", "request")
    assert code == 0
    assert "/messages/0/bogus" in err
    for parameter in ("n", "logprobs", "frequency_penalty"):
        assert f"/provider_options/openai-chat/{parameter}: a openai-chat parameter anthropic does not take" in err


def test_the_same_format_keeps_its_own_parameters(run) -> None:  # type: ignore[no-untyped-def]
    document = {**OPENAI_WITH_EXTRAS, "messages": [{"role": "user", "content": "hi"}]}
    code, out, err = run(document, "--from", "openai-chat", "--to", "openai-chat", "--kind", "request")
    assert code == 0 and err == ""
    assert json.loads(out)["n"] == 2


def test_an_empty_stream_is_an_error(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(b"", "--from", "openai-chat", "--to", "wirechat", "--kind", "stream")
    assert code == 1 and out == "" and "no stream events" in err


def test_a_cut_stream_is_an_error(run) -> None:  # type: ignore[no-untyped-def]
    delta = {"index": 0, "delta": {"role": "assistant", "content": "Hel"}, "finish_reason": None}
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [delta]}
    line = json.dumps({"event": None, "data": chunk}).encode()
    code, _out, err = run(line, "--from", "openai-chat", "--to", "wirechat", "--kind", "stream")
    assert code == 1 and "cut before its end" in err


def test_deep_nesting_is_a_clear_error_not_a_traceback(run) -> None:  # type: ignore[no-untyped-def]
    head = b'{"model": "m", "messages": [{"role": "user", "content": "hi"}], "metadata": '
    code, _out, err = run(head + b"[" * 5000 + b"]" * 5000 + b"}", "--from", "openai-chat", "--to", "anthropic",
                          "--kind", "request")  # fmt: skip
    assert code == 1
    assert "invalid provider document (1 problem)" in err and "/metadata/0/0/0" in err
    assert "Traceback" not in err and "RecursionError" not in err


def test_options_breaking_the_schema_exit_1_with_the_pointer(run) -> None:  # type: ignore[no-untyped-def]
    document = {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}],
                "provider_options": {"openai-chat": {"reasoning_effort": "bogus", "top_logprobs": 999}}}  # fmt: skip
    code, _out, err = run(document, "--from", "wirechat", "--to", "openai-chat", "--kind", "request")
    assert code == 1
    assert (
        "/provider_options/openai-chat/reasoning_effort" in err and "/provider_options/openai-chat/top_logprobs" in err
    )


def test_an_event_of_the_wrong_types_is_named_not_a_traceback(run) -> None:  # type: ignore[no-untyped-def]
    line = json.dumps({"event": "message_start", "data": {"type": "message_start", "message": [1]}}).encode()
    code, _out, err = run(line, "--from", "anthropic", "--to", "openai-chat", "--kind", "stream")
    assert code == 1 and "1 bad event" in err and "AttributeError" in err
    code, _out, err = run([{"content": 3}], "--from", "anthropic", "--to", "openai-chat", "--kind", "response")
    assert code == 1 and "invalid anthropic response" in err
