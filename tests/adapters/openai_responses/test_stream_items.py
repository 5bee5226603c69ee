"""Responses streams on recorded bodies: provider-run items arrive as ``part`` events when done, reasoning items
whose content is ``reasoning_text`` (DeepSeek's and LM Studio's Responses APIs) decode, annotations reach the
``text_end`` event as citations, custom tool calls stream as tool calls; and each fold equals the non-streamed
reading of the same call (the response the terminal event carries)."""

from __future__ import annotations

import json

import pytest

from tests.adapters.openai_responses.corpus import ADAPTER, decode_stream, events
from wirechat.adapters import SseEvent
from wirechat.stream import fold

HOSTED_STREAMS = [
    "vercel-openai-mcp-tool-approval-1.stream.sse",
    "vercel-openai-mcp-tool-approval-2.stream.sse",
    "vercel-openai-mcp-tool-approval-4.stream.sse",
    "vercel-openai-code-interpreter-tool-1.stream.sse",
    "vercel-openai-image-generation-tool-1.stream.sse",
    "vercel-openai-file-search-tool-1.stream.sse",
    "vercel-openai-local-shell-tool-1.stream.sse",
    "vercel-openai-apply-patch-tool-1.stream.sse",
    "vercel-openai-tool-search-1.stream.sse",
    "chatlas-provider-openai-test-openai-web-search-1.stream.sse",
]


@pytest.mark.parametrize("name", HOSTED_STREAMS)
def test_hosted_items_stream_as_part_events_and_fold_as_the_body_reads(name: str) -> None:
    # Issue 23: these items used to arrive as opaque data parts, which no API took back.
    decoded = decode_stream(name)
    runs = [event.part for event in decoded.events if event.type == "part"]
    assert runs and all(part.type in ("provider_tool_call", "provider_tool_result") for part in runs)
    assert decoded.fold() == decoded.non_streamed()
    assert decoded.warnings == []


@pytest.mark.parametrize(
    "name", ["vercel-lmstudio-tool-call-1.stream.sse", "vercel-lmstudio-tool-call-2.stream.sse",
             "vercel-deepseek-web-search.stream.sse"],
)  # fmt: skip
def test_reasoning_text_content_is_the_reasoning_of_the_fold(name: str) -> None:
    # Issue 23, "stream decoders reject valid events": response.content_part.added for a reasoning_text part
    # raised "output_index 0 is not an open message item" (DeepSeek's and LM Studio's Responses APIs).
    decoded = decode_stream(name)
    reasoning = next(part for part in decoded.fold().message.parts if part.type == "reasoning")
    item = next(item for item in decoded.final["output"] if item["type"] == "reasoning")  # type: ignore[index]
    assert reasoning.reasoning.text == "\n\n".join(entry["text"] for entry in item["content"])
    assert reasoning.provider_metadata["openai"]["text_in"] == "content"
    assert decoded.fold() == decoded.non_streamed()


def test_reasoning_text_is_written_back_as_content_not_as_a_summary() -> None:
    decoded = decode_stream("vercel-lmstudio-tool-call-1.stream.sse")
    item = next(item for item in decoded.final["output"] if item["type"] == "reasoning")  # type: ignore[index]
    written = ADAPTER.encode_response(decoded.fold())["output"][0]
    assert (written["summary"], written["content"]) == ([], item["content"])


def test_annotations_reach_the_text_end_event_as_citations() -> None:
    # Issue 23, "response data dropped without a word": annotations in streams.
    decoded = decode_stream("chatlas-echo-display-providers-test-openai-citations-become-the-source-list-1.stream.sse")
    end = next(event for event in decoded.events if event.type == "text_end")
    announced = [json.loads(e.data)["annotation"] for e in decoded.sse if "output_text.annotation.added" in e.data]
    assert [citation.block for citation in end.citations] == announced != []
    assert {(citation.kind, citation.issuer) for citation in end.citations} == {("url", "openai")}


def test_annotations_announced_only_by_events_are_not_lost() -> None:
    sse = events("chatlas-echo-display-providers-test-openai-citations-become-the-source-list-1.stream.sse")
    stripped = []
    for event in sse:
        data = json.loads(event.data) if event.data.startswith("{") else None
        done = isinstance(data, dict) and data.get("type") == "response.output_item.done"
        if done and data["item"]["type"] == "message":  # type: ignore[index]
            data["item"]["content"][0]["annotations"] = []  # type: ignore[index]
        stripped.append(SseEvent(event.event, json.dumps(data)) if done else event)
    decoder = ADAPTER.stream_decoder()
    folded = fold([out for event in stripped for out in decoder.feed(event)] + decoder.close())
    text = next(part for part in folded.message.parts if part.type == "text")
    assert len(text.citations) == 2


def test_a_custom_tool_call_streams_its_input_as_a_tool_calls_arguments() -> None:
    decoded = decode_stream("vercel-openai-custom-text-tool-1.stream.sse")
    deltas = [event.arguments for event in decoded.events if event.type == "tool_call_delta"]
    call = decoded.fold().message.parts[0]
    item = decoded.final["output"][0]  # type: ignore[index]
    assert call.type == "tool_call" and call.tool_call.arguments == "".join(deltas) == item["input"]
    assert len(deltas) > 1  # it streams: the input arrives in fragments
    assert call.provider_metadata == {"openai": {"item_id": item["id"], "item_type": "custom_tool_call"}}
    assert decoded.fold() == decoded.non_streamed()


def test_an_item_that_ends_without_having_been_added_is_read_whole() -> None:
    # Issue 23: vercel's issue-18970 stream (trimmed by its source) raised "output_item.done for 1, which was
    # never added"; here the same shape, cut from a recorded stream.
    sse = [event for event in events("vercel-openai-mcp-tool-approval-1.stream.sse")
           if '"type":"response.output_item.added"' not in event.data]  # fmt: skip
    decoder = ADAPTER.stream_decoder()
    folded = fold([out for event in sse for out in decoder.feed(event)] + decoder.close())
    assert folded == decode_stream("vercel-openai-mcp-tool-approval-1.stream.sse").non_streamed()


def test_the_stream_encoder_writes_provider_run_items_and_annotations_back() -> None:
    for name in ("vercel-openai-code-interpreter-tool-1.stream.sse", "vercel-openai-mcp-tool-approval-4.stream.sse"):
        decoded = decode_stream(name)
        encoder = ADAPTER.stream_encoder()
        written = [out for event in decoded.events for out in encoder.feed(event)] + encoder.close()
        decoder = ADAPTER.stream_decoder()
        assert fold([out for event in written for out in decoder.feed(event)] + decoder.close()) == decoded.fold()
