"""Anthropic's own tools in a request (web search, web fetch, code execution, computer use, tool search, MCP
toolsets) are ``ChatRequest.provider_tools`` with their definitions unchanged, beside the function tools, and
go back after them (spec section 15).

Failure class of issue 23 these recorded requests show: "provider-defined tools in a request"
(``decode_request`` raised ``ValueError: /tools/0/input_schema: required object is missing``, or
``/tools/0/name: required string is missing`` for an MCP toolset)."""

from __future__ import annotations

import json

import pytest
from pydantic import MISSING

from tests.adapters.anthropic import recorded
from wirechat import canonical

SERVER_TOOL_REQUESTS = [
    name
    for name in recorded.names("request")
    if any("type" in tool and tool["type"] != "custom" for tool in recorded.body(name).get("tools") or [])
]


def test_the_corpus_has_requests_with_anthropic_tools() -> None:
    assert len(SERVER_TOOL_REQUESTS) >= 20


@pytest.mark.parametrize("name", SERVER_TOOL_REQUESTS)
def test_anthropic_tools_are_provider_tools_with_their_definitions(name: str) -> None:
    original = recorded.body(name)
    request, _ = recorded.ADAPTER.decode_request(original)
    decoded = json.loads(canonical(request))
    own = [tool for tool in original["tools"] if tool.get("type", "custom") != "custom"]
    functions = [tool for tool in original["tools"] if tool.get("type", "custom") == "custom"]
    assert [t["definition"] for t in decoded["provider_tools"]] == own
    assert [(t["issuer"], t["type"], t.get("name")) for t in decoded["provider_tools"]] == [
        ("anthropic", tool["type"], tool.get("name")) for tool in own
    ]
    assert [t["name"] for t in decoded["tools"]] == [tool["name"] for tool in functions]
    written, _ = recorded.ADAPTER.encode_request(request)
    assert written["tools"][len(functions) :] == own  # after the function tools, unchanged


def test_an_mcp_toolset_and_its_servers_go_back_as_they_came() -> None:
    original = recorded.body("ellmer-vcr-anthropic-mcp-tool.request.json")
    request, warnings = recorded.ADAPTER.decode_request(original)
    assert warnings == []
    assert request.provider_options["anthropic"]["mcp_servers"] == original["mcp_servers"]  # type: ignore[index]
    (tool,) = request.provider_tools  # type: ignore[misc]
    assert (tool.type, tool.name, tool.definition) == ("mcp_toolset", MISSING, original["tools"][0])
    written, _ = recorded.ADAPTER.encode_request(request)
    assert (written["tools"], written["mcp_servers"]) == (original["tools"], original["mcp_servers"])


def test_a_deferred_function_tool_reports_the_member_it_cannot_carry() -> None:
    """``defer_loading`` (tool search) has no canonical field on a function tool: reported with its pointer."""
    original = recorded.body("dd-trace-py-anthropic-anthropic-completion-tools-server-tool-use.request.json")
    _, warnings = recorded.ADAPTER.decode_request(original)
    assert [(w.feature, w.where) for w in warnings] == [("provider.unmapped", "/tools/1/defer_loading")]
