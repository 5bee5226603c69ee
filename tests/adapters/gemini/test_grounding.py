"""Grounding (Google Search, URL context) in recorded replies: ``groundingMetadata`` is kept whole, and read as
citations on the reply's text by the documented rule, streamed or not; a reply written back from it carries
the same grounding without a warning.

Issue 23's failure class: "response data dropped without a word" / citations typed (grounding lived only in
adapter-private provider_metadata; no reading of it was defined)."""

from __future__ import annotations

from typing import Any

from tests.adapters.gemini.corpus import ADAPTER, body, fold_stream, unreported
from wirechat import ChatResponse

SEARCH = "ruby-llm-chat-web-search-with-gemini-gemini-3-5-flash-grounds-the-answer-and-exposes-the.response.json"


def _reply(text: str, grounding: dict[str, Any], *after: dict[str, Any]) -> dict[str, Any]:
    parts = [{"text": text}, *after]
    return {
        "candidates": [
            {"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "groundingMetadata": grounding}
        ]
    }


def test_a_grounded_reply_reads_its_supports_as_url_citations_with_byte_offsets() -> None:
    given = body(SEARCH)
    response = ADAPTER.decode_response(given)
    text = response.message.parts[-1]
    grounding = given["candidates"][0]["groundingMetadata"]
    pairs = [(s, i) for s in grounding["groundingSupports"] for i in s["groundingChunkIndices"]]
    assert len(text.citations) == len(pairs)
    encoded = text.text.encode()
    for citation, (support, index) in zip(text.citations, pairs, strict=True):
        chunk = grounding["groundingChunks"][index]
        assert (citation.kind, citation.url, citation.title, citation.issuer) == (
            "url",
            chunk["web"]["uri"],
            chunk["web"]["title"],
            "gemini",
        )
        segment = support["segment"]
        assert (citation.start_index, citation.end_index) == (segment.get("startIndex", 0), segment["endIndex"])
        assert encoded[citation.start_index : citation.end_index].decode() == segment["text"]  # UTF-8 bytes
        assert citation.block == {"groundingSupport": support, "groundingChunk": chunk}
    assert response.provider_metadata["gemini"]["candidate"]["groundingMetadata"] == grounding  # kept whole


def test_a_grounded_reply_is_written_back_with_its_grounding_and_no_warning() -> None:
    given = body(SEARCH)
    response = ADAPTER.decode_response(given)
    warnings: list[Any] = []
    written = ADAPTER.encode_response(response, warnings)
    assert warnings == []
    assert unreported(given, written, []) == []
    # citations changed by hand are not what the metadata says: dropped, with the warning
    edited = response.model_copy(deep=True)
    edited.message.parts[-1].citations.pop()
    ADAPTER.encode_response(edited, warnings)
    assert {w.feature for w in warnings} == {"citations.own"}


def test_a_grounded_stream_ending_in_a_thought_signature_cites_its_text() -> None:
    response, warnings = fold_stream("chatlas-provider-google-test-google-web-fetch-1.stream.sse")
    assert [part.type for part in response.message.parts] == ["text", "reasoning"]  # text, then a signature
    assert len(response.message.parts[0].citations) == 1
    assert warnings == []


def test_the_stream_reads_what_the_same_reply_unstreamed_reads() -> None:
    response, _ = fold_stream("mirascope-web-search-tool-google-streams-with-provider-web-search-tool-1.stream.sse")
    candidate = response.provider_metadata["gemini"]["candidate"]
    unstreamed = ADAPTER.decode_response(
        {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": response.message.parts[0].text}]},
                    "finishReason": "STOP",
                    **candidate,
                }
            ]
        }
    )
    assert response.message.parts[0].citations == unstreamed.message.parts[0].citations
    assert len(response.message.parts[0].citations) > 0


def test_no_reading_when_the_span_is_not_certain() -> None:
    chunk = {"web": {"uri": "https://a.example", "title": "a"}}
    support = {"segment": {"startIndex": 0, "endIndex": 5, "text": "Hello"}, "groundingChunkIndices": [0, 7]}
    cited = ADAPTER.decode_response(_reply("Hello world", {"groundingChunks": [chunk], "groundingSupports": [support]}))
    assert [(c.url, c.start_index, c.end_index) for c in cited.message.parts[0].citations] == [
        ("https://a.example", 0, 5)
    ]
    wrong = {**support, "segment": {"startIndex": 0, "endIndex": 5, "text": "Howdy"}}
    assert not _citations(_reply("Hello world", {"groundingChunks": [chunk], "groundingSupports": [wrong]}))
    two_texts = _reply("Hello world", {"groundingChunks": [chunk], "groundingSupports": [support]}, {"text": "more"})
    two_texts["candidates"][0]["content"]["parts"].insert(1, {"functionCall": {"name": "f"}})
    assert not _citations(two_texts)  # several text parts: the offsets could mean either


def _citations(given: dict[str, Any]) -> list[Any]:
    response: ChatResponse = ADAPTER.decode_response(given)
    parts = response.model_dump(mode="json", exclude_unset=True)["message"]["parts"]
    return [c for part in parts if part["type"] == "text" for c in part.get("citations", [])]
