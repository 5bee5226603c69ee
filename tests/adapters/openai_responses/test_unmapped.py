"""The decode warnings channel of the Responses decoders (decision 011: no silent loss): every member of a body or
an event that the adapter neither maps nor keeps, every item type and event type it does not know, is reported
with its JSON pointer (feature ``provider.unmapped``), and what it does map or keep is not.

Issue 23's failure class: "response data dropped without a word" (``decode_response`` had no warnings channel;
``convert --strict`` exited 0 through all of it)."""

from __future__ import annotations

import copy
import json

from tests.adapters.openai_responses.corpus import ADAPTER, body, decode_stream, events
from wirechat.adapters import ConversionWarning, SseEvent


def where(warnings: list[ConversionWarning]) -> list[str]:
    assert {warning.feature for warning in warnings} <= {"provider.unmapped"}
    return [warning.where for warning in warnings]


def test_a_response_reports_each_member_and_item_it_does_not_know_at_its_pointer() -> None:
    recorded = body("vercel-openai-code-interpreter-tool-1.response.json")
    changed = copy.deepcopy(recorded)
    changed["brand_new"] = {"x": 1}
    changed["output"][0]["surprise"] = True  # a reasoning item
    message = next(i for i, item in enumerate(changed["output"]) if item["type"] == "message")
    changed["output"][message]["content"][0]["colour"] = "red"
    changed["output"].append({"type": "memory_snapshot", "id": "mem_1", "content": "..."})
    warnings: list[ConversionWarning] = []
    decoded = ADAPTER.decode_response(changed, warnings)
    assert sorted(where(warnings)) == sorted([
        "/brand_new", "/output/0/surprise", f"/output/{message}/content/0/colour",
        f"/output/{len(changed['output']) - 1}",
    ])  # fmt: skip
    assert decoded.message == ADAPTER.decode_response(recorded).message


def test_what_is_mapped_kept_or_repeated_from_the_request_is_not_reported() -> None:
    warnings: list[ConversionWarning] = []
    recorded = body("vercel-programmatic-tool-calling-1.response.json")
    decoded = ADAPTER.decode_response(recorded, warnings)
    assert warnings == []
    kept = decoded.provider_metadata["openai"]
    assert kept["billing"] == recorded["billing"] and kept["tool_usage"] == recorded["tool_usage"]
    call = next(part for part in decoded.message.parts if part.type == "tool_call")
    program = recorded["output"][1]
    assert call.provider_metadata["openai"]["caller"] == {"type": "program", "caller_id": program["call_id"]}


def test_a_null_member_carries_nothing_and_is_not_reported() -> None:
    warnings: list[ConversionWarning] = []
    ADAPTER.decode_response({"id": "r", "status": "completed", "output": [], "novelty": None}, warnings)
    assert warnings == []


def _fed(sse: list[SseEvent]) -> tuple[list[str], list[object]]:
    decoder = ADAPTER.stream_decoder()
    out = [event for item in sse for event in decoder.feed(item)] + decoder.close()
    return where(decoder.warnings), out


def test_a_stream_reports_unknown_events_and_members_at_the_event_and_member() -> None:
    sse = events("vercel-openai-mcp-tool-approval-4.stream.sse")
    delta = next(i for i, event in enumerate(sse) if '"response.output_text.delta"' in event.data)
    text_delta = json.loads(sse[delta].data)
    sse[delta] = SseEvent(sse[delta].event, json.dumps({**text_delta, "novel": 1}))  # the typed fast path too
    sse.insert(3, SseEvent(None, '{"type":"response.future_thing.delta","delta":"zzz"}'))
    reported, out = _fed(sse)
    assert reported == ["/3", f"/{delta + 1}/novel"]
    assert [e for e in out if e.type != "text_delta"] == [  # type: ignore[attr-defined]
        e for e in decode_stream("vercel-openai-mcp-tool-approval-4.stream.sse").events if e.type != "text_delta"
    ]


def test_a_recorded_stream_member_the_adapter_does_not_know_is_reported() -> None:
    # GitHub Copilot's Responses endpoint adds copilot_usage to response.completed.
    decoded = decode_stream("vercel-github-copilot-id-rotation-1.stream.sse")
    completed = next(i for i, event in enumerate(decoded.sse) if '"response.completed"' in event.data)
    assert where(decoded.warnings) == [f"/{completed}/copilot_usage"]


def test_events_after_the_terminal_event_are_reported_not_read() -> None:
    # vercel's azure tool-search chunks hold the streams of several calls one after another.
    decoded = decode_stream("vercel-azure-tool-search-1.stream.sse")
    first_end = next(i for i, event in enumerate(decoded.sse) if '"response.completed"' in event.data)
    assert where(decoded.warnings) == [f"/{n}" for n in range(first_end + 1, len(decoded.sse))]
    assert [event.type for event in decoded.events].count("finish") == 1
