"""Every recorded Anthropic body (``conformance/recorded/anthropic``) through the adapter: responses decode,
re-encode and decode to the same value with every member mapped, kept or reported; each stream folds to what
``decode_response`` makes of the same message read independently (``recorded.accumulate``); requests decode,
encode and decode to the same value; errors keep the provider's message. Before issue 23, on this corpus, 21
of these streams failed to fold (``MalformedStreamError``: server-tool input as a tool-call delta on a data
part), 24 requests failed to decode (Anthropic's own tools), 27 responses lost their provider-run calls in
opaque data parts, and no decoder reported a member it dropped."""

from __future__ import annotations

import pytest

from tests.adapters.anthropic import recorded
from wirechat import ChatResponse, canonical
from wirechat.adapters import ConversionRefused, ConversionWarning
from wirechat.stream import StreamError

STREAMS_THAT_FAIL: dict[str, str] = {}
"""Recorded streams that do not fold, with the error they end in (none today)."""
REQUESTS_REFUSED = {
    # Bedrock's InvokeModel body: the model is in the URL, not the body
    "langchaingo-bedrock-testbedrockanthropictoolcalling-1.request.json": "model.absent",
}


@pytest.mark.parametrize("name", recorded.names("response"))
def test_a_recorded_response_round_trips_and_reports_what_it_does_not_keep(name: str) -> None:
    original = recorded.body(name)
    warnings: list[ConversionWarning] = []
    response = recorded.ADAPTER.decode_response(original, warnings)
    written = recorded.ADAPTER.encode_response(response, [])
    assert canonical(recorded.ADAPTER.decode_response(written)) == canonical(response)
    assert recorded.unreported(original, written, warnings) == []


@pytest.mark.parametrize("name", recorded.names("stream"))
def test_a_recorded_stream_folds_to_the_reading_of_the_same_message(name: str) -> None:
    streams = recorded.messages(name)
    assert streams, name
    for stream in streams:
        try:
            folded, warnings = recorded.fold_stream(stream)
        except StreamError as exc:
            assert name in STREAMS_THAT_FAIL, f"{name}: {exc}"
            assert STREAMS_THAT_FAIL[name] in str(exc)
            return
        assert name not in STREAMS_THAT_FAIL
        expected = recorded.ADAPTER.decode_response(recorded.accumulate(stream), [])
        assert canonical(folded) == canonical(expected), name
        assert all(w.where.startswith("/") for w in warnings)


@pytest.mark.parametrize("name", recorded.names("request"))
def test_a_recorded_request_decodes_encodes_and_decodes_the_same(name: str) -> None:
    original = recorded.body(name)
    request, _ = recorded.ADAPTER.decode_request(original)
    try:
        written, encoded_warnings = recorded.ADAPTER.encode_request(request)
    except ConversionRefused as exc:
        assert REQUESTS_REFUSED.get(name) == exc.feature, f"{name}: {exc}"
        return
    assert name not in REQUESTS_REFUSED
    again, _ = recorded.ADAPTER.decode_request(written)
    if not encoded_warnings:  # else declared lossy (temperature is dropped for API version 2026-10-21...)
        assert canonical(again) == canonical(request)


@pytest.mark.parametrize("name", recorded.names("error"))
def test_a_recorded_error_keeps_the_providers_message(name: str) -> None:
    """Claude on Amazon Bedrock writes ``{"message": ...}``: before issue 23 that read as ``HTTP 403``."""
    raw = recorded.body(name)
    error = recorded.ADAPTER.decode_error(recorded.status(name), {}, raw)
    assert error.kind != "invalid_response"
    message = raw["error"]["message"] if isinstance(raw.get("error"), dict) else raw.get("message")
    assert message and message in error.message


def test_the_corpus_is_there() -> None:
    """The sweeps above can fail: they read bodies, and there are bodies of every kind."""
    assert {kind: len(recorded.names(kind)) > 20 for kind in ("response", "stream", "request")} == {
        "response": True,
        "stream": True,
        "request": True,
    }
    assert isinstance(recorded.ADAPTER.decode_response(recorded.body(recorded.names("response")[0])), ChatResponse)


def test_no_expected_failure_is_stale() -> None:
    """Each body listed above as failing or refused is still in the corpus (a fixed one is taken off)."""
    assert {name for name in STREAMS_THAT_FAIL if name not in recorded.names("stream")} == set()
    assert {name for name in REQUESTS_REFUSED if name not in recorded.names("request")} == set()
