"""Server tools and the MCP connector: the calls and results Claude runs itself are ``provider_tool_call`` /
``provider_tool_result`` parts with their blocks byte for byte, streamed as one ``part`` event, and sent back
unchanged in the next turn (spec section 15).

Failure classes of issue 23 these recorded bodies show: "Anthropic streams using server tools break"
(``input_json_delta`` on a ``server_tool_use`` block became a tool-call delta on a data part:
``MalformedStreamError``, 26 streams) and "a provider-run tool call can't be sent back, not even to the
provider that ran it" (opaque data parts, refused as ``part.misplaced`` in the second turn)."""

from __future__ import annotations

import json
from typing import Any

from tests.adapters.anthropic import recorded
from wirechat import ChatOptions, ChatRequest, ChatResponse, Message, PartEvent, canonical
from wirechat.adapters import ConversionWarning
from wirechat.adapters.anthropic import request_fast
from wirechat.stream import events_from_response, fold

WEB_SEARCH = "mirascope-web-search-tool-anthropic-performs-web-search-and-returns-results-2.response.json"
WEB_SEARCH_STREAM = "mirascope-web-search-tool-anthropic-streams-with-web-search-tool-1.stream.sse"
MCP = "vercel-anthropic-mcp-1.response.json"
FETCH_ERROR = "vercel-anthropic-issue-10819-web-fetch-error-1.response.json"


def _parts(response: ChatResponse) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = json.loads(canonical(response.message))["parts"]
    return parts


def test_a_web_search_turn_reads_as_a_provider_run_call_and_result() -> None:
    raw = recorded.body(WEB_SEARCH)
    parts = _parts(recorded.ADAPTER.decode_response(raw))
    call, result = parts[0]["provider_tool_call"], parts[1]["provider_tool_result"]
    assert (call["id"], call["name"], call["issuer"]) == (raw["content"][0]["id"], "web_search", "anthropic")
    assert call["input"] == {"query": "Ethereum price January 1 2026"}
    assert call["block"] == raw["content"][0]
    assert (result["tool_call_id"], result["name"], result["issuer"]) == (call["id"], "web_search", "anthropic")
    assert result["block"] == raw["content"][1]
    assert "is_error" not in result
    first = raw["content"][1]["content"][0]
    assert result["output"][0] == {key: value for key, value in first.items() if key != "encrypted_content"}
    assert [p["type"] for p in parts[2:]] == ["text"] * (len(parts) - 2)


def test_every_provider_run_block_of_the_corpus_keeps_its_block() -> None:
    """Every ``server_tool_use``, ``mcp_tool_use`` and ``*_tool_result`` block of every recorded response."""
    seen: set[str] = set()
    for name in recorded.names("response"):
        raw = recorded.body(name)
        parts = _parts(recorded.ADAPTER.decode_response(raw))
        for block, part in zip(raw["content"], parts, strict=False):
            kind = block["type"]
            if kind in ("server_tool_use", "mcp_tool_use"):
                assert part["provider_tool_call"]["block"] == block, name
                if kind == "mcp_tool_use":
                    assert part["provider_tool_call"]["server"] == block["server_name"]
                seen.add(kind)
            elif kind.endswith("_tool_result") and kind != "tool_result":
                assert part["provider_tool_result"]["block"] == block, name
                assert part["provider_tool_result"]["tool_call_id"] == block["tool_use_id"]
                seen.add(kind)
    assert {
        "server_tool_use", "mcp_tool_use", "web_search_tool_result", "web_fetch_tool_result",
        "code_execution_tool_result", "bash_code_execution_tool_result", "mcp_tool_result",
        "text_editor_code_execution_tool_result", "tool_search_tool_result", "advisor_tool_result",
    } <= seen  # fmt: skip


def test_an_mcp_result_takes_its_error_flag_and_its_calls_name() -> None:
    parts = _parts(recorded.ADAPTER.decode_response(recorded.body(MCP)))
    call, result = parts[0]["provider_tool_call"], parts[1]["provider_tool_result"]
    assert (call["name"], call["server"], call["input"]) == ("echo", "echo", {"message": "hello world"})
    assert (result["name"], result["is_error"]) == ("echo", False)
    assert result["output"] == [{"type": "text", "text": "Tool echo: hello world"}]


def test_a_failed_web_fetch_is_an_error_result() -> None:
    parts = _parts(recorded.ADAPTER.decode_response(recorded.body(FETCH_ERROR)))
    result = next(p["provider_tool_result"] for p in parts if p["type"] == "provider_tool_result")
    assert result["is_error"] is True
    assert result["output"]["type"] == "web_fetch_tool_result_error"


def test_a_result_type_anthropic_adds_later_is_read_by_its_suffix() -> None:
    block = {"type": "weather_tool_result", "tool_use_id": "srvtoolu_9", "content": {"type": "weather_result"}}
    body = {"type": "message", "role": "assistant", "content": [block], "stop_reason": "end_turn"}
    warnings: list[ConversionWarning] = []
    result = _parts(recorded.ADAPTER.decode_response(body, warnings))[0]["provider_tool_result"]
    assert result == {"tool_call_id": "srvtoolu_9", "issuer": "anthropic", "output": {"type": "weather_result"},
                      "block": block}  # fmt: skip
    assert warnings == []


def test_streamed_server_tool_input_is_collected_into_one_part_event() -> None:
    """The stream that raised ``MalformedStreamError: tool_call_delta for index 0, which is a part part``."""
    (stream,) = recorded.messages(WEB_SEARCH_STREAM)
    events, warnings = recorded.decode(stream)
    part_events = [e for e in events if isinstance(e, PartEvent)]
    assert [e.part.type for e in part_events] == ["provider_tool_call", "provider_tool_result"]
    call = part_events[0].part.provider_tool_call  # type: ignore[union-attr]
    assert call.input == recorded.accumulate(stream)["content"][call_index(stream, call.id)]["input"]
    assert all(e.type != "tool_call_delta" or e.index != part_events[0].index for e in events)
    assert warnings == []
    assert canonical(fold(events)) == canonical(recorded.ADAPTER.decode_response(recorded.accumulate(stream)))


def call_index(stream: list[Any], call_id: str) -> int:
    content = recorded.accumulate(stream)["content"]
    return next(i for i, block in enumerate(content) if block.get("id") == call_id)


def _second_turn(response: ChatResponse) -> ChatRequest:
    return ChatRequest(
        model="claude-haiku-4-5",
        options=ChatOptions(max_tokens=1024),
        messages=[
            Message.model_validate({"role": "user", "parts": [{"type": "text", "text": "Search the web."}]}),
            response.message,
            Message.model_validate({"role": "user", "parts": [{"type": "text", "text": "And what next?"}]}),
        ],
    )


def test_the_second_turn_sends_the_server_tool_blocks_back_byte_for_byte() -> None:
    raw = recorded.body(WEB_SEARCH)
    request = _second_turn(recorded.ADAPTER.decode_response(raw))
    assert request_fast.messages(request.messages) is None  # the fast pass hands provider-run parts over
    body, warnings = recorded.ADAPTER.encode_request(request)
    assert body["messages"][1] == {"role": "assistant", "content": raw["content"]}
    assert warnings == []


def test_provider_run_parts_of_another_api_are_dropped_with_a_warning() -> None:
    call = {"id": "ws_1", "name": "web_search", "issuer": "openai", "block": {"type": "web_search_call"}}
    part = {"type": "provider_tool_call", "provider_tool_call": call}
    message = Message.model_validate({"role": "assistant", "parts": [part, {"type": "text", "text": "Found it."}]})
    body, warnings = recorded.ADAPTER.encode_request(ChatRequest(model="m", messages=[message]))
    assert body["messages"] == [{"role": "assistant", "content": "Found it."}]
    assert [(w.feature, w.where) for w in warnings] == [
        ("options.max_tokens.absent", "/options/max_tokens"),
        ("provider_tool.foreign", "/messages/0/parts/0/provider_tool_call"),
    ]


def test_the_stream_encoder_writes_provider_run_blocks_whole() -> None:
    response = recorded.ADAPTER.decode_response(recorded.body(MCP))
    body = recorded.ADAPTER.encode_response(response)
    assert body["content"][:2] == recorded.body(MCP)["content"][:2]
    encoder = recorded.ADAPTER.stream_encoder()
    sse = [out for event in events_from_response(response) for out in encoder.feed(event)] + encoder.close()
    folded, warnings = recorded.fold_stream(sse)
    assert canonical(folded.message) == canonical(response.message)
    assert warnings == []
