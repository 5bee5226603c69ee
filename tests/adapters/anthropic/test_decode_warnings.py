"""Nothing dropped silently (decision 011): what the response and stream decoders neither map nor keep is
reported in ``warnings`` with its pointer into the provider body (``/<n>/...`` into the n-th stream event);
a block of a type the adapter does not know is kept in the response's provider data, written back where it
was, and reported.

Failure class of issue 23: "response data dropped without a word" (``decode_response`` had no warnings
channel, unknown blocks became opaque data parts, unknown events and deltas were skipped)."""

from __future__ import annotations

import json
from typing import Any

from tests.adapters.anthropic import recorded
from wirechat import ErrorEvent, canonical
from wirechat.adapters import ConversionWarning, SseEvent

FALLBACK = "vercel-anthropic-fallback"


def _sse(*events: dict[str, Any]) -> list[SseEvent]:
    return [SseEvent(str(event["type"]), json.dumps(event)) for event in events]


START = {"type": "message_start", "message": {"id": "m", "model": "c", "content": [], "usage": {"input_tokens": 1}}}
STOP = {"type": "message_stop"}


def _text(index: int, text: str, **extra: Any) -> list[dict[str, Any]]:
    return [
        {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": "", **extra}},
        {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": index},
    ]


def _where(warnings: list[ConversionWarning]) -> list[tuple[str, str]]:
    return [(w.feature, w.where) for w in warnings]


def test_a_block_of_an_unknown_type_is_kept_reported_and_written_back() -> None:
    """A ``fallback`` block (the model that answered instead of the one asked), read from the recorded
    stream as the non-streamed body it stands for."""
    (stream,) = recorded.messages(f"{FALLBACK}.stream.sse")
    raw = recorded.accumulate(stream)
    warnings: list[ConversionWarning] = []
    response = recorded.ADAPTER.decode_response(raw, warnings)
    assert _where(warnings) == [("provider.unmapped", "/content/0")]
    assert [p.type for p in response.message.parts] == ["text"]
    kept = response.provider_metadata["anthropic"]["unknown_blocks"]  # type: ignore[index]
    assert kept == [{"index": 0, "block": raw["content"][0]}]
    assert recorded.ADAPTER.encode_response(response)["content"] == raw["content"]


def test_a_streamed_block_of_an_unknown_type_is_not_a_part() -> None:
    (stream,) = recorded.messages(f"{FALLBACK}.stream.sse")
    folded, warnings = recorded.fold_stream(stream)
    assert _where(warnings) == [("provider.unmapped", "/1/content_block")]
    assert canonical(folded) == canonical(recorded.ADAPTER.decode_response(recorded.accumulate(stream)))
    events, _ = recorded.decode(stream)
    assert {e.index for e in events if hasattr(e, "index")} == {0}  # the text after it is part 0


def test_members_events_and_deltas_the_decoder_does_not_know_are_reported_with_their_pointers() -> None:
    stream = _sse(
        START,
        *_text(0, "Hi", flavour="new"),
        {"type": "content_block_delta", "index": 0, "delta": {"type": "sparkle_delta", "sparkle": 1}},
        {"type": "message_glow", "glow": True},
        {"type": "ping"},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn", "mood": "calm"}, "usage": {"output_tokens": 2}},
        STOP,
        {"type": "message_start", "message": {}},
        {"type": "ping"},
    )
    folded, warnings = recorded.fold_stream(stream)
    assert folded.message.parts[0].text == "Hi"  # type: ignore[union-attr]
    assert _where(warnings) == [
        ("provider.unmapped", "/1/content_block/flavour"),
        ("provider.unmapped", "/4/delta"),
        ("provider.unmapped", "/5"),
        ("provider.unmapped", "/7/delta/mood"),
        ("provider.unmapped", "/9"),  # after message_stop
    ]


def test_a_response_reports_members_it_neither_maps_nor_keeps() -> None:
    body = {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "model": "c",
        "content": [{"type": "text", "text": "x", "flavour": "new"}, {"type": "thinking", "thinking": "", "depth": 3}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1, "service_tier": "standard"},
        "context_management": {"applied_edits": []},
        "sparkle": 1,
    }
    warnings: list[ConversionWarning] = []
    response = recorded.ADAPTER.decode_response(body, warnings)
    assert _where(warnings) == [
        ("provider.unmapped", "/sparkle"),
        ("provider.unmapped", "/content/0/flavour"),
        ("provider.unmapped", "/content/1/depth"),
    ]
    kept = response.provider_metadata["anthropic"]  # type: ignore[index]
    assert kept["usage"] == {"service_tier": "standard"} and kept["context_management"] == {"applied_edits": []}


def test_two_generations_in_one_body_end_the_stream_as_invalid() -> None:
    stream = _sse(START, *_text(0, "first"), START, *_text(0, "second"), STOP)
    events, _ = recorded.decode(stream)
    assert isinstance(events[-1], ErrorEvent)
    assert events[-1].error.kind == "invalid_response" and "second message_start" in events[-1].error.message


def test_a_request_keeps_an_unknown_user_block_as_data_and_drops_an_unknown_assistant_block() -> None:
    search_result = {
        "type": "search_result",
        "source": "kb://a",
        "title": "A",
        "content": [{"type": "text", "text": "a"}],
    }
    body = {
        "model": "m",
        "max_tokens": 5,
        "messages": [
            {"role": "user", "content": [search_result, {"type": "text", "text": "Use it."}]},
            {"role": "assistant", "content": [{"type": "fallback", "from": {}}, {"type": "text", "text": "Done."}]},
        ],
    }
    request, warnings = recorded.ADAPTER.decode_request(body)
    assert _where(warnings) == [
        ("provider.unmapped", "/messages/0/content/0"),
        ("provider.unmapped", "/messages/1/content/0"),
    ]
    user, assistant = json.loads(canonical(request))["messages"]
    assert user["parts"][0] == {"type": "data", "data": {"value": search_result}}
    assert assistant["parts"] == [{"type": "text", "text": "Done."}]


def test_the_warnings_name_features_the_manifest_declares_degraded() -> None:
    """``Conversion`` refuses to warn about a feature the manifest does not declare degraded."""
    manifest = recorded.ADAPTER.manifest
    assert manifest.level("provider.unmapped") == manifest.level("provider.unmapped") == "degraded"
