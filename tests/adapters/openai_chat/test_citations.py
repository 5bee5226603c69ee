"""``message.annotations`` are the reply text's citations (spec section 15; issue 23, classes "response data
dropped without a word" and "citations typed"): read as ``url`` citations with the annotation kept as their
block, written back by a reply, carried by a stream on ``text_end``, and dropped with a warning in requests
(a request message has no annotations)."""

from __future__ import annotations

import json

from tests.adapters.recorded_bodies import body, round_trip
from wirechat import ChatRequest
from wirechat.adapters import SseEvent, get
from wirechat.codec import canonical
from wirechat.stream import events_from_response, fold

ADAPTER = get("openai-chat")
SEARCH = (
    "openai-chat/ruby-llm-chat-citations-with-openai-gpt-4o-mini-search-preview-returns-url-citations-when"
    ".response.json"
)


def test_url_citations_are_typed_and_their_annotations_kept_byte_for_byte() -> None:
    """Was: ``provider_metadata.openai.annotations`` (an opaque copy), now ``TextPart.citations``."""
    decoded, warnings, lost = round_trip(ADAPTER, SEARCH)
    assert (warnings, lost) == ([], [])
    annotations = body(SEARCH)["choices"][0]["message"]["annotations"]
    citations = decoded.message.parts[0].citations  # type: ignore[union-attr]
    assert [c.block for c in citations] == annotations
    first = citations[0]
    inner = annotations[0]["url_citation"]
    assert (first.kind, first.issuer, first.url, first.title) == ("url", "openai", inner["url"], inner["title"])
    assert (first.start_index, first.end_index) == (inner["start_index"], inner["end_index"])
    assert "annotations" not in (decoded.provider_metadata or {}).get("openai", {})


def test_a_stream_carries_the_citations_on_text_end_and_folds_to_the_body() -> None:
    """Written for the test from the recorded body: its text and annotations streamed as OpenAI streams them
    (``delta.annotations``), through the adapter's own encoder and decoder."""
    decoded = ADAPTER.decode_response(body(SEARCH))
    encoder = ADAPTER.stream_encoder()
    chunks = [sse for event in events_from_response(decoded, 40) for sse in encoder.feed(event)]
    assert any('"annotations"' in sse.data for sse in chunks)
    decoder = ADAPTER.stream_decoder()
    events = [event for sse in chunks for event in decoder.feed(sse)]
    ends = [event for event in events if event.type == "text_end"]
    assert len(ends[0].citations) == 3  # type: ignore[arg-type]
    assert canonical(fold(events)) == canonical(decoded)
    assert decoder.warnings == []


def test_annotations_arriving_before_any_text_go_on_the_text_that_follows() -> None:
    """Written for the test: an annotations delta ahead of the content."""
    note = {"type": "url_citation", "url_citation": {"url": "https://a.example", "title": "A", "start_index": 0,
                                                     "end_index": 2}}  # fmt: skip

    def chunk(delta: dict[str, object], finish: str | None = None) -> SseEvent:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return SseEvent(None, json.dumps({"id": "c", "choices": [choice]}))

    decoder = ADAPTER.stream_decoder()
    events = [e for s in [chunk({"annotations": [note]}), chunk({"content": "hi"}), chunk({}, "stop"),
                          SseEvent(None, "[DONE]")] for e in decoder.feed(s)]  # fmt: skip
    assert fold(events).message.parts[0].citations[0].url == "https://a.example"  # type: ignore[union-attr,index]


def test_requests_drop_citations_with_the_declared_warning() -> None:
    decoded = ADAPTER.decode_response(body(SEARCH))
    history = ChatRequest.model_validate(
        {"model": "gpt-4o", "messages": [{"role": "assistant", "parts": [decoded.message.parts[0]]}]}
    )
    sent, warnings = ADAPTER.encode_request(history)
    assert "annotations" not in sent["messages"][0]
    assert {w.feature for w in warnings} == {"citations.own"}
    assert [w.where for w in warnings][:1] == ["/messages/0/parts/0/citations/0"]


def test_another_apis_citations_are_dropped_from_a_reply_with_a_warning() -> None:
    decoded = get("openai-compatible:openrouter").decode_response(
        body(
            "openai-compatible/openrouter/ruby-llm-chat-citations-with-openrouter-perplexity-sonar-returns-search-result-citations.response.json"
        )
    )
    assert decoded.message.parts[0].citations[0].issuer == "openrouter"  # type: ignore[union-attr,index]
    warnings: list[object] = []
    sent = ADAPTER.encode_response(decoded, warnings)  # type: ignore[arg-type]
    assert "annotations" not in sent["choices"][0]["message"]
    assert {w.feature for w in warnings} >= {"citations.foreign"}  # type: ignore[attr-defined]
