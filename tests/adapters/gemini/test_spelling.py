"""Requests in the API's other spellings, as real clients send them: snake_case member names (the proto names
the API also takes), one object where a list is expected, the role ``function``; read as their camelCase
twins so that ``decode_request`` -> ``encode_request`` keeps them, each rewrite reported with its pointer.

Issue 23's failure class: "bodies decode_request accepts and encode_request then rejects" (Gemini's
snake_case ``thinking_budget``, ``include_thoughts``, ``parameters_json_schema``: the tool lost its whole
parameter schema)."""

from __future__ import annotations

from typing import Any

from tests.adapters.gemini.corpus import ADAPTER, body, unreported
from wirechat.adapters.gemini.spelling import normalize


def _round_trip(given: Any) -> tuple[Any, Any, list[Any]]:
    request, notes = ADAPTER.decode_request(given)
    sent, more = ADAPTER.encode_request(request.model_copy(update={"model": "m"}))
    return request, sent, notes + more


def test_snake_case_thinking_config_is_kept() -> None:
    given = body("mirascope-input-test-strict-mode-with-streamed-thinking-google-gemini-3-pro-preview.request.json")
    request, sent, notes = _round_trip(given)
    assert sent["generationConfig"]["thinkingConfig"] == {"includeThoughts": True, "thinkingBudget": -1}
    assert ("request.spelling", "/generationConfig/thinkingConfig/include_thoughts") in {
        (note.feature, note.where) for note in notes
    }
    # its responseSchema (an OpenAPI Schema, with title and property_ordering) is the structured output
    schema = request.options.response_format.json_schema.schema_
    assert schema["type"] == "object" and schema["propertyOrdering"] == ["integer_a", "integer_b", "answer"]
    assert unreported(given, sent, notes) == []


def test_snake_case_function_declarations_keep_their_parameters() -> None:
    given = body("lmnr-litellm-test-litellm-completion-with-parallel-tool-calls.request.json")
    request, sent, notes = _round_trip(given)
    assert [tool.name for tool in request.tools] == ["get_weather", "get_news"]
    assert request.tools[0].input_schema["properties"]["location"]["type"] == "string"
    assert unreported(given, sent, notes) == []


def test_parameters_json_schema_as_the_google_genai_sdk_writes_it_is_the_tools_schema() -> None:
    """A hand-written body in the SDK's spelling (``tools[].function_declarations[].parameters_json_schema``)."""
    schema = {"type": "object", "properties": {"city_name": {"type": "string"}}, "required": ["city_name"]}
    given = {
        "contents": [{"role": "user", "parts": [{"text": "weather?"}]}],
        "tools": [
            {
                "function_declarations": [
                    {"name": "w", "parameters_json_schema": schema, "response_json_schema": {"type": "string"}}
                ]
            }
        ],
        "generation_config": {
            "thinking_config": {"thinking_budget": 128, "include_thoughts": True},
            "response_mime_type": "application/json",
            "response_json_schema": {"type": "object"},
        },
        "system_instruction": {"parts": {"text": "be brief"}},
    }
    request, sent, notes = _round_trip(given)
    assert request.tools[0].input_schema == schema  # property names are the caller's: never respelled
    assert request.tools[0].output_schema == {"type": "string"}
    assert request.options.response_format.type == "json_schema"
    assert sent["generationConfig"]["thinkingConfig"] == {"thinkingBudget": 128, "includeThoughts": True}
    assert sent["systemInstruction"]["parts"] == [{"text": "be brief"}]
    assert sorted(note.where for note in notes) == [
        "/generation_config",
        "/system_instruction",
        "/tools/0/function_declarations",
    ]  # outermost only
    assert unreported(given, sent, notes) == []


def test_one_object_for_a_list_and_the_function_role_are_read_as_the_api_reads_them() -> None:
    given = body("ellmer-vcr-google-web-fetch-1-2.request.json")  # tools and systemInstruction.parts as objects
    request, sent, notes = _round_trip(given)
    assert [tool.type for tool in request.provider_tools] == ["urlContext"]
    assert unreported(given, sent, notes) == []
    vertex = body(
        "ruby-llm-chat-function-calling-thought-signatures-vertexai-gemini-3-pro-preview-includes-2.request.json"
    )
    request, sent, notes = _round_trip(vertex)
    assert request.messages[2].role == "tool"  # role "function": Vertex AI's older name for it
    assert ("request.spelling", "/contents/2/role") in {(note.feature, note.where) for note in notes}
    assert unreported(vertex, sent, notes) == []


def test_members_the_adapter_does_not_read_are_left_as_given() -> None:
    spelled = normalize(
        {
            "cached_content": "c",
            "contents": [{"parts": [{"video_metadata": {"start_offset": "1s"}}]}],
            "tools": [{"google_search": {"time_range_filter": {}}}],
        }
    )
    assert spelled.body == {
        "cached_content": "c",
        "contents": [{"parts": [{"video_metadata": {"start_offset": "1s"}}]}],
        "tools": [{"google_search": {"time_range_filter": {}}}],
    }
    assert spelled.rewritten == []


def test_pointers_go_back_to_the_body_as_given() -> None:
    spelled = normalize({"generation_config": {"thinking_config": {"x": 1}}, "systemInstruction": {"parts": {"a": 1}}})
    assert spelled.original("/generationConfig/thinkingConfig/x") == "/generation_config/thinking_config/x"
    assert spelled.original("/systemInstruction/parts/0/a") == "/systemInstruction/parts/a"
    assert spelled.original("/contents/0") == "/contents/0"
