"""Responses requests on recorded bodies: provider-defined tools (web search, file search, code interpreter, MCP,
custom tools) are ``provider_tools`` both ways, custom tool calls go back as custom tool items, a ``developer``
message goes back as one, and explicit nulls read as absent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import MISSING

from tests.adapters.openai_responses.corpus import ADAPTER, CORPUS, body
from wirechat import ChatRequest

HOSTED_TOOL_REQUESTS = sorted(
    path.name
    for path in CORPUS.glob("*.request.json")
    if any(tool.get("type") != "function" for tool in json.loads(path.read_text(encoding="utf-8")).get("tools") or [])
)


def test_the_corpus_has_requests_with_provider_defined_tools() -> None:
    assert len(HOSTED_TOOL_REQUESTS) >= 5


@pytest.mark.parametrize("name", HOSTED_TOOL_REQUESTS)
def test_provider_defined_tools_are_provider_tools_and_go_back_unchanged(name: str) -> None:
    # Issue 23, "provider-defined tools in a request": decode_request raised "only function tools map to
    # canonical tools, got 'web_search'" (also 'web_search_preview', 'file_search', 'custom', 'mcp'...).
    recorded = body(name)
    request, warnings = ADAPTER.decode_request(recorded)
    hosted = [tool for tool in recorded["tools"] if tool["type"] != "function"]
    assert [(tool.issuer, tool.type, tool.definition) for tool in request.provider_tools] == [
        ("openai", tool["type"], tool) for tool in hosted
    ]
    sent, encode_warnings = ADAPTER.encode_request(request)
    functions = [tool for tool in recorded["tools"] if tool["type"] == "function"]
    assert sent["tools"][len(functions) :] == hosted
    assert warnings == [] and encode_warnings == []


def test_a_custom_tools_call_is_a_tool_call_and_its_result_goes_back_as_a_custom_output() -> None:
    request, _ = ADAPTER.decode_request(body("dd-trace-py-v1-response-custom-tool-call.request.json"))
    assert request.provider_tools[0].name == "math_exp" and request.provider_tools[0].type == "custom"
    reply = ADAPTER.decode_response(body("dd-trace-py-v1-response-custom-tool-call.response.json"))
    call = reply.message.parts[1]
    assert call.type == "tool_call" and (call.tool_call.name, call.tool_call.arguments) == ("math_exp", "4 + 4")
    assert reply.finish_reason.kind == "tool_calls"
    follow_up = request.model_dump(mode="json", exclude_unset=True)
    follow_up["messages"] += [
        reply.message.model_dump(mode="json", exclude_unset=True),
        {"role": "tool", "parts": [{"type": "tool_result", "tool_result": {"tool_call_id": call.tool_call.id,
                                                                           "content": "8"}}]},
    ]  # fmt: skip
    sent, warnings = ADAPTER.encode_request(ChatRequest.model_validate(follow_up))
    assert sent["input"][-2:] == [
        {"type": "custom_tool_call", "call_id": "call_H8YsBUDPYjNHSq9fWOzwetxr", "name": "math_exp", "input": "4 + 4",
         "id": "ctc_68a72e3c68288196acdc4941bb01aba5075c9fca6967ac8b"},
        {"type": "custom_tool_call_output", "call_id": "call_H8YsBUDPYjNHSq9fWOzwetxr", "output": "8"},
    ]  # fmt: skip
    assert warnings == []
    again, _ = ADAPTER.decode_request(sent)
    assert again.messages[-1].parts[0].provider_metadata == {"openai": {"item_type": "custom_tool_call_output"}}


def test_a_developer_message_goes_back_as_a_developer_message() -> None:
    # Issue 23: encode_request dropped the developer role a decoded request kept (a warning, and the request
    # read back with a system message).
    recorded = body("mirascope-json-openai-gpt-5-mini-async-2.request.json")
    request, _ = ADAPTER.decode_request(recorded)
    sent, warnings = ADAPTER.encode_request(request)
    assert [item for item in sent["input"] if item.get("role") == "developer"] != []
    assert ADAPTER.decode_request(sent)[0] == request and warnings == []


def test_explicit_nulls_read_as_absent() -> None:
    # Issue 23, "bodies decode_request accepts and encode_request then rejects": previous_response_id: null went
    # into provider_options, whose schema then refused it.
    document: dict[str, Any] = {"model": "gpt-5", "input": "hi", "previous_response_id": None, "instructions": None,
                                "tools": None, "temperature": None, "tool_choice": None, "text": None}  # fmt: skip
    request, warnings = ADAPTER.decode_request(document)
    assert request.provider_options is MISSING and request.tools is MISSING and warnings == []
    sent, _ = ADAPTER.encode_request(request)
    assert sent == {"model": "gpt-5", "input": [{"type": "message", "role": "user",
                                                 "content": [{"type": "input_text", "text": "hi"}]}]}  # fmt: skip
