"""Gemini's own tools in recorded requests (``googleSearch``, ``urlContext``, ``codeExecution`` beside function
declarations) read as provider tools and go back as given; a function's OpenAPI ``parameters`` read as the
JSON Schema they describe.

Issue 23's failure classes: "provider-defined tools in a request" (they travelled in ``provider_options``,
whose schema then refused ``google_search``, ``code_execution``), and "bodies decode_request accepts and
encode_request then rejects"."""

from __future__ import annotations

import pytest

from tests.adapters.gemini.corpus import ADAPTER, body, unreported
from wirechat import ChatRequest

MIXED = "chatlas-provider-google-test-google-mixed-tools-end-to-end-2.request.json"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        (
            "ruby-llm-chat-web-search-with-gemini-gemini-3-5-flash-grounds-the-answer-and-exposes-the.request.json",
            "googleSearch",
        ),
        ("ellmer-vcr-google-web-fetch-1.request.json", "urlContext"),
        ("chatlas-echo-display-providers-test-google-fetch-panel.request.json", "urlContext"),
        (
            "ruby-llm-chat-code-execution-with-gemini-gemini-3-5-flash-runs-code-server-side-and-repla.request.json",
            "codeExecution",
        ),
    ],
)
def test_a_recorded_provider_tool_reads_as_a_provider_tool_and_goes_back_as_given(name: str, kind: str) -> None:
    given = body(name)
    request, notes = ADAPTER.decode_request(given)
    assert [(tool.issuer, tool.type) for tool in request.provider_tools] == [("gemini", kind)]
    assert "tools" not in request.model_dump(mode="json", exclude_unset=True).get("provider_options", {}).get(
        "gemini", {}
    )
    sent, more = ADAPTER.encode_request(request.model_copy(update={"model": "m"}))
    assert sent["tools"] == given["tools"]  # the definition as given, in the spelling given
    assert unreported(given, sent, notes + more) == []


def test_function_declarations_beside_google_search_read_as_both_and_the_layout_is_reported() -> None:
    given = body(MIXED)
    request, notes = ADAPTER.decode_request(given)
    assert [tool.name for tool in request.tools] == ["double"]
    assert request.tools[0].input_schema == {
        "properties": {"x": {"type": "number"}},
        "required": ["x"],
        "type": "object",
    }
    assert [tool.type for tool in request.provider_tools] == ["googleSearch"]
    assert {(note.feature, note.where) for note in notes} == {
        ("request.openapi_schema", "/tools/1/functionDeclarations/0/parameters"),
        ("tools.layout", "/tools"),
    }
    sent, _ = ADAPTER.encode_request(request.model_copy(update={"model": "m"}))
    assert sent["tools"] == [
        {
            "functionDeclarations": [
                {
                    "name": "double",
                    "description": "Double a number.",
                    "parametersJsonSchema": request.tools[0].input_schema,
                }
            ]
        },
        {"googleSearch": {}},
    ]
    assert sent["toolConfig"] == given["toolConfig"]  # includeServerSideToolInvocations travels whole
    assert unreported(given, sent, notes) == []


def test_provider_tools_of_another_api_are_not_sent_to_gemini() -> None:
    request = ChatRequest.model_validate(
        {
            "model": "m",
            "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}],
            "provider_tools": [
                {
                    "issuer": "anthropic",
                    "type": "web_search_20250305",
                    "name": "web_search",
                    "definition": {"type": "web_search_20250305", "name": "web_search"},
                },
                {"issuer": "gemini", "type": "googleSearch", "definition": {"googleSearch": {}}},
            ],
        }
    )
    sent, warnings = ADAPTER.encode_request(request)
    assert sent["tools"] == [{"googleSearch": {}}]
    assert [(w.feature, w.where) for w in warnings] == [("provider_tools.foreign", "/provider_tools/0")]


def test_a_tools_entry_that_is_not_an_object_is_reported_not_fatal() -> None:
    request, notes = ADAPTER.decode_request(
        {"contents": [{"parts": [{"text": "hi"}]}], "tools": ["url_context", {"googleSearch": {}}]}
    )
    assert [tool.type for tool in request.provider_tools] == ["googleSearch"]
    assert ("provider.unmapped", "/tools/0") in {(note.feature, note.where) for note in notes}


def test_an_openapi_schema_reads_as_json_schema_at_every_level() -> None:
    parameters = {
        "type": "OBJECT",
        "properties": {
            "a_b": {"type": "ARRAY", "items": {"type": "STRING"}, "max_items": 2},
            "c": {"anyOf": [{"type": "INTEGER"}, {"type": "NULL"}]},
        },
        "property_ordering": ["a_b"],
    }
    given = {
        "contents": [{"parts": [{"text": "hi"}]}],
        "tools": [{"functionDeclarations": [{"name": "f", "parameters": parameters}]}],
    }
    request, _ = ADAPTER.decode_request(given)
    assert request.tools[0].input_schema == {
        "type": "object",
        "properties": {
            "a_b": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
            "c": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        },
        "propertyOrdering": ["a_b"],
    }  # member names respelled, property names kept
