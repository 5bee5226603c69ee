"""Every recorded Gemini body of the corpus through the adapter, as the replay gate holds it (issue 23): a
request decodes, encodes and decodes again to the same request; a response does the same through
``encode_response``; a stream folds without an error and goes through the stream encoder and back to the same
response; an error body reads as a provider error. Nothing is dropped without a word: every leaf of the body
is written back, or covered by a warning's pointer.

Recorded requests carry no model (Gemini's URL holds it): the test gives them one."""

from __future__ import annotations

import pytest

from tests.adapters.gemini.corpus import ADAPTER, CORPUS, body, decode_stream, unreported
from wirechat.stream import events_from_response, fold

BODIES = sorted(path.name for path in CORPUS.glob("*.*")) if CORPUS.is_dir() else []


def _kind(name: str) -> str:
    return name.rsplit(".", 2)[-2]


@pytest.mark.parametrize("name", [n for n in BODIES if _kind(n) == "request"])
def test_a_recorded_request_round_trips(name: str) -> None:
    given = body(name)
    request, notes = ADAPTER.decode_request(given)
    sent, more = ADAPTER.encode_request(request if "model" in given else request.model_copy(update={"model": "m"}))
    again, _ = ADAPTER.decode_request(sent)
    assert again.model_dump(mode="json", exclude={"model"}) == request.model_dump(mode="json", exclude={"model"})
    assert unreported(given, sent, notes + more) == []


@pytest.mark.parametrize("name", [n for n in BODIES if _kind(n) == "response"])
def test_a_recorded_response_round_trips(name: str) -> None:
    given = body(name)
    warnings: list = []
    response = ADAPTER.decode_response(given, warnings)
    written = ADAPTER.encode_response(response)
    assert ADAPTER.decode_response(written) == response
    assert unreported(given, written, warnings) == []


@pytest.mark.parametrize("name", [n for n in BODIES if _kind(n) == "stream"])
def test_a_recorded_stream_folds_and_goes_through_the_encoder(name: str) -> None:
    events, _ = decode_stream(name)
    assert not [event for event in events if event.type == "error"]
    response = fold(events)
    encoder = ADAPTER.stream_encoder()
    sse = [out for event in events_from_response(response, 3) for out in encoder.feed(event)] + encoder.close()
    decoder = ADAPTER.stream_decoder()
    again = fold([event for item in sse for event in decoder.feed(item)] + decoder.close())
    assert again.model_dump(mode="json") == response.model_dump(mode="json")


@pytest.mark.parametrize("name", [n for n in BODIES if _kind(n) == "error"])
def test_a_recorded_error_reads_as_the_provider_error(name: str) -> None:
    given = body(name)
    error = ADAPTER.decode_error(given.get("error", {}).get("code") or 400, {}, given)
    assert error.kind != "invalid_response"
    assert given["error"]["message"][:40] in error.message
