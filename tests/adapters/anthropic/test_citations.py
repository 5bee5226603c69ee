"""Citations on text: Anthropic's citation objects are ``TextPart.citations`` (kind, readings, and the object
byte for byte in ``block``), collected from ``citations_delta`` onto the stream's ``text_end``, and written
back only to Anthropic (spec section 15).

Failure class of issue 23 these recorded bodies show: "response data dropped without a word: citations on
replay to Anthropic" (citations travelled in ``provider_metadata.anthropic.citations`` and had no place of
their own)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import MISSING

from tests.adapters.anthropic import recorded
from wirechat import ChatOptions, ChatRequest, Message, TextEndEvent, canonical

PDF = "ruby-llm-chat-citations-with-anthropic-claude-haiku-4-5-cites-pdf-documents-with-page-num.response.json"
TEXT_DOCUMENT = (
    "ruby-llm-chat-citations-with-anthropic-claude-haiku-4-5-cites-text-documents-in-responses.response.json"
)
WEB_SEARCH = "mirascope-web-search-tool-anthropic-performs-web-search-and-returns-results-2.response.json"
SEARCH_RESULTS_STREAM = "chatlas-provider-anthropic-rag-test-anthropic-rag-streaming-interleaves-citations-3.stream.sse"
REPLAYED = "mirascope-web-search-tool-anthropic-performs-web-search-and-returns-results-2.request.json"


def _citations(name: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(raw citation, canonical citations of its part) for every cited text block of a response."""
    raw = recorded.body(name)
    parts = json.loads(canonical(recorded.ADAPTER.decode_response(raw).message))["parts"]
    return [
        (citation, part["citations"])
        for block, part in zip(raw["content"], parts, strict=True)
        if block.get("citations")
        for citation in block["citations"]
    ]


def test_page_locations_cite_a_document_by_its_index() -> None:
    found = _citations(PDF)
    assert found
    for raw, citations in found:
        assert raw in [c["block"] for c in citations]
        citation = next(c for c in citations if c["block"] == raw)
        assert citation == {"kind": "document", "cited_text": raw["cited_text"], "source_index": 0,
                            "title": "sample.pdf", "issuer": "anthropic", "block": raw}  # fmt: skip


def test_char_locations_do_not_become_indices_into_the_citing_text() -> None:
    """``start_char_index`` counts in the cited document, not in the text part: it stays in the block."""
    ((raw, (citation,)),) = _citations(TEXT_DOCUMENT)
    assert raw["type"] == "char_location" and raw["end_char_index"] == 73
    assert "start_index" not in citation and "end_index" not in citation
    assert (citation["kind"], citation["source_index"], citation["title"]) == ("document", 0, "facts.txt")


def test_web_search_locations_cite_a_page() -> None:
    found = _citations(WEB_SEARCH)
    assert found
    for raw, citations in found:
        citation = next(c for c in citations if c["block"] == raw)
        assert (citation["kind"], citation["url"], citation["title"]) == ("url", raw["url"], raw["title"])
        assert citation["cited_text"] == raw["cited_text"] and "encrypted_index" in citation["block"]


def test_streamed_citations_come_whole_on_text_end() -> None:
    """Search-result citations arrive as ``citations_delta`` events between the text deltas."""
    (stream,) = recorded.messages(SEARCH_RESULTS_STREAM)
    events, warnings = recorded.decode(stream)
    ends = [e for e in events if isinstance(e, TextEndEvent) and e.citations is not MISSING]
    assert ends and warnings == []
    citation = ends[0].citations[0]  # type: ignore[index]
    assert (citation.kind, citation.source_index, citation.title) == ("search_result", 0, "Flurbo > Streaming")
    accumulated = recorded.accumulate(stream)
    assert canonical(recorded.fold_stream(stream)[0]) == canonical(recorded.ADAPTER.decode_response(accumulated))


def test_a_replayed_cited_text_sends_its_citations_back_unchanged() -> None:
    original = recorded.body(REPLAYED)
    request, _ = recorded.ADAPTER.decode_request(original)
    written, warnings = recorded.ADAPTER.encode_request(request)
    cited = [
        (i, k)
        for i, message in enumerate(original["messages"])
        if isinstance(message["content"], list)
        for k, block in enumerate(message["content"])
        if block.get("citations")
    ]
    assert cited
    for i, k in cited:
        assert written["messages"][i]["content"][k] == original["messages"][i]["content"][k]
    assert [w.feature for w in warnings] == []


def test_citations_of_another_api_are_dropped_and_the_text_is_sent() -> None:
    part = {"type": "text", "text": "Paris is sunny.",
            "citations": [{"kind": "url", "url": "https://example.com", "issuer": "openai"}]}  # fmt: skip
    message = Message.model_validate({"role": "assistant", "parts": [part]})
    body, warnings = recorded.ADAPTER.encode_request(
        ChatRequest(model="m", options=ChatOptions(max_tokens=5), messages=[message])
    )
    assert body["messages"] == [{"role": "assistant", "content": "Paris is sunny."}]
    assert [(w.feature, w.where) for w in warnings] == [("citations.foreign", "/messages/0/parts/0/citations/0")]


def test_citations_in_provider_data_are_not_a_second_path() -> None:
    """The old ``provider_metadata.anthropic.citations`` is provider data like any other: dropped with a
    warning, never written as the block's citations."""
    part = {"type": "text", "text": "x", "provider_metadata": {"anthropic": {"citations": [{"type": "char_location"}]}}}
    message = Message.model_validate({"role": "assistant", "parts": [part]})
    body, warnings = recorded.ADAPTER.encode_request(
        ChatRequest(model="m", options=ChatOptions(max_tokens=5), messages=[message])
    )
    assert body["messages"][0]["content"] == "x"
    assert [w.feature for w in warnings] == ["part.provider_metadata"]
