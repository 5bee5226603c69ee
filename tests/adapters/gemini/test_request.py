"""The gemini request codec: a whole conversation to the exact body, back again, the id rule for function
calls Gemini sent without ids, the replay rule for thought signatures, options checked, and what is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wirechat import ChatRequest
from wirechat.adapters import ConversionRefused, get
from wirechat.errors import WireError
from wirechat.testing.gate import validate_with_sdk

ADAPTER = get("gemini")
ORACLE = "wirechat.testing.gemini_oracle:GenerateContentBody"


def _request(messages: list[dict[str, Any]], **extra: Any) -> ChatRequest:
    return ChatRequest.model_validate({"model": "gemini-2.5-flash", "messages": messages, **extra})


CONVERSATION = _request(
    [
        {"role": "system", "parts": [{"type": "text", "text": "be brief"}]},
        {
            "role": "user",
            "parts": [
                {"type": "text", "text": "see"},
                {"type": "image", "image": {"source": "base64", "base64": "iVBORw0K", "media_type": "image/png"}},
                {
                    "type": "file",
                    "file": {"source": "uri", "uri": "https://example.com/a.pdf", "media_type": "application/pdf"},
                },
                {"type": "file", "file": {"source": "file_id", "file_id": "files/abc123", "issuer": "gemini"}},
            ],
        },
        {
            "role": "assistant",
            "parts": [
                {"type": "reasoning", "reasoning": {"text": "summary", "signature": "c2ln", "issuer": "gemini"}},
                {"type": "reasoning", "reasoning": {"redacted_data": "b3BhcXVl", "issuer": "gemini"}},
                {"type": "tool_call", "tool_call": {"id": "fc1", "name": "get", "arguments": '{"a":1}'}},
            ],
        },
        {
            "role": "tool",
            "parts": [
                {"type": "tool_result", "tool_result": {"tool_call_id": "fc1", "content": "boom", "is_error": True}}
            ],
        },
    ],
    tools=[{"name": "get", "description": "d", "input_schema": {"type": "object"}}],
    tool_choice={"type": "tool", "tool": "get"},
    options={
        "temperature": 0.2,
        "top_p": 0.9,
        "max_tokens": 100,
        "stop": ["x"],
        "seed": 7,
        "response_format": {"type": "json_schema", "json_schema": {"name": "response", "schema": {"type": "object"}}},
    },
    provider_options={
        "gemini": {
            "generationConfig": {"thinkingConfig": {"includeThoughts": True, "thinkingBudget": 1024}},
            "safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}],
        },
        "openai-chat": {"logprobs": True},
    },
)

BODY = {
    "model": "gemini-2.5-flash",
    "systemInstruction": {"role": "user", "parts": [{"text": "be brief"}]},
    "contents": [
        {
            "role": "user",
            "parts": [
                {"text": "see"},
                {"inlineData": {"mimeType": "image/png", "data": "iVBORw0K"}},
                {"fileData": {"fileUri": "https://example.com/a.pdf", "mimeType": "application/pdf"}},
                {"fileData": {"fileUri": "https://generativelanguage.googleapis.com/v1beta/files/abc123"}},
            ],
        },
        {
            "role": "model",
            "parts": [
                {"thought": True, "text": "summary", "thoughtSignature": "c2ln"},
                {"functionCall": {"id": "fc1", "name": "get", "args": {"a": 1}}, "thoughtSignature": "b3BhcXVl"},
            ],
        },
        {"role": "user", "parts": [{"functionResponse": {"id": "fc1", "name": "get", "response": {"error": "boom"}}}]},
    ],
    "tools": [
        {"functionDeclarations": [{"name": "get", "description": "d", "parametersJsonSchema": {"type": "object"}}]}
    ],
    "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["get"]}},
    "generationConfig": {
        "temperature": 0.2,
        "topP": 0.9,
        "maxOutputTokens": 100,
        "seed": 7,
        "stopSequences": ["x"],
        "responseMimeType": "application/json",
        "responseJsonSchema": {"type": "object"},
        "thinkingConfig": {"includeThoughts": True, "thinkingBudget": 1024},
    },
    "safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}],
}


def test_a_whole_conversation_encodes_to_the_documented_body_and_back() -> None:
    body, warnings = ADAPTER.encode_request(CONVERSATION)
    assert body == BODY
    assert warnings == []
    validate_with_sdk(ORACLE, body)  # google-genai's own models accept every piece
    back, notes = ADAPTER.decode_request(json.loads(json.dumps(body)))
    assert notes == []
    assert back.model_dump(mode="json", exclude={"provider_options"}) == CONVERSATION.model_dump(
        mode="json", exclude={"provider_options"}
    )
    assert back.provider_options == {"gemini": CONVERSATION.provider_options["gemini"]}


def test_the_oracle_catches_a_misspelt_member() -> None:
    body, _ = ADAPTER.encode_request(CONVERSATION)
    body["generationConfig"]["max_tokens"] = 3
    with pytest.raises(AssertionError, match="max_tokens"):
        validate_with_sdk(ORACLE, body)


def test_calls_without_ids_get_the_documented_ids_and_responses_pair_with_them() -> None:
    body = {
        "contents": [
            {"role": "user", "parts": [{"text": "weather?"}]},
            {
                "role": "model",
                "parts": [
                    {"functionCall": {"name": "w", "args": {"c": "P"}}},
                    {"functionCall": {"name": "t", "args": {}}},
                ],
            },
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"name": "t", "response": {"output": "12:00"}}},
                    {"functionResponse": {"name": "w", "response": {"temp": 21}}},
                ],
            },
        ]
    }
    request, _ = ADAPTER.decode_request(body)
    calls = [part.tool_call for part in request.messages[1].parts]
    assert [(call.id, call.name, call.arguments) for call in calls] == [
        ("gemini_call_0", "w", '{"c":"P"}'),
        ("gemini_call_1", "t", "{}"),
    ]
    results = [part.tool_result for part in request.messages[2].parts]
    assert request.messages[2].role == "tool"
    assert [(r.tool_call_id, r.content) for r in results] == [
        ("gemini_call_1", "12:00"),
        ("gemini_call_0", '{"temp":21}'),
    ]
    # the response object that is not {"output": ...} comes back as it was
    again, _ = ADAPTER.encode_request(request.model_copy(update={"model": "m"}))
    assert again["contents"][2]["parts"][1]["functionResponse"]["response"] == {"temp": 21}


def test_a_function_response_answering_no_call_is_an_error_naming_it() -> None:
    body = {"contents": [{"role": "user", "parts": [{"functionResponse": {"name": "w", "response": {}}}]}]}
    with pytest.raises(ValueError, match=r"/contents/0/parts/0/functionResponse/id"):
        ADAPTER.decode_request(body)


def test_a_function_call_without_a_name_is_an_error_not_an_invented_name() -> None:
    body = {"contents": [{"role": "model", "parts": [{"functionCall": {"args": {}}}]}]}
    with pytest.raises(ValueError, match=r"/contents/0/parts/0/functionCall/name"):
        ADAPTER.decode_request(body)


def test_signatures_are_replayed_only_to_gemini() -> None:
    foreign = _request(
        [
            {"role": "user", "parts": [{"type": "text", "text": "hi"}]},
            {
                "role": "assistant",
                "parts": [
                    {"type": "reasoning", "reasoning": {"text": "t", "signature": "s", "issuer": "anthropic"}},
                    {"type": "text", "text": "ok"},
                ],
            },
        ]
    )
    body, warnings = ADAPTER.encode_request(foreign)
    assert body["contents"][1]["parts"] == [{"text": "ok"}]
    assert [w.feature for w in warnings] == ["reasoning.foreign"]
    # and a Gemini signature is dropped (with a warning) on the way to Anthropic
    own, _ = ADAPTER.decode_request(
        {"contents": [{"role": "model", "parts": [{"text": "x", "thoughtSignature": "sig"}]}]}
    )
    _, to_anthropic = get("anthropic").encode_request(own.model_copy(update={"model": "m"}))
    assert "reasoning.foreign" in [w.feature for w in to_anthropic]


def test_unknown_members_are_reported_with_their_pointer() -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "x", "bogus": 1}], "extra": 2}], "labels": {"a": "b"}}
    request, warnings = ADAPTER.decode_request(body)
    assert sorted(str(w).split(":")[1].strip() for w in warnings) == ["/contents/0/extra", "/contents/0/parts/0/bogus"]
    assert request.provider_options == {"gemini": {"labels": {"a": "b"}}}  # unknown top-level members travel whole


@pytest.mark.parametrize(
    ("options", "pointer"),
    [
        (
            {"generationConfig": {"thinkingConfig": {"thinkingLevel": "EXTREME"}}},
            "/generationConfig/thinkingConfig/thinkingLevel",
        ),
        ({"generationConfig": {"topK": 0}}, "/generationConfig/topK"),
        ({"safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT"}]}, "/safetySettings/0"),
        ({"generationConfig": {"temprature": 1}}, "/generationConfig"),
    ],
)
def test_options_are_checked_against_the_published_schema(options: dict[str, Any], pointer: str) -> None:
    request = _request(
        [{"role": "user", "parts": [{"type": "text", "text": "x"}]}], provider_options={"gemini": options}
    )
    with pytest.raises(WireError) as caught:
        ADAPTER.encode_request(request)
    assert [problem.pointer for problem in caught.value.problems] == ["/provider_options/gemini" + pointer]


@pytest.mark.parametrize(
    ("messages", "options", "feature"),
    [
        ([{"role": "user", "parts": []}, {"role": "system", "parts": []}], {}, "system.later"),
        (
            [{"role": "user", "parts": [{"type": "image", "image": {"source": "url", "url": "https://x/a.png"}}]}],
            {},
            "image.url",
        ),
        (
            [
                {
                    "role": "user",
                    "parts": [
                        {"type": "image", "image": {"source": "base64", "base64": "AA==", "media_type": "image/bmp"}}
                    ],
                }
            ],
            {},
            "media.unsupported_type",
        ),
        (
            [
                {
                    "role": "user",
                    "parts": [{"type": "file", "file": {"source": "file_id", "file_id": "file-1", "issuer": "openai"}}],
                }
            ],
            {},
            "file.file_id_foreign",
        ),
        (
            [{"role": "user", "parts": [{"type": "text", "text": "x"}]}],
            {"parallel_tool_calls": False},
            "options.parallel_tool_calls",
        ),
        (
            [
                {
                    "role": "assistant",
                    "parts": [{"type": "tool_call", "tool_call": {"id": "1", "name": "f", "arguments": "[1]"}}],
                }
            ],
            {},
            "tool_call.arguments_not_object",
        ),
    ],
)
def test_what_gemini_cannot_carry_is_refused_naming_the_feature(
    messages: list[dict[str, Any]], options: dict[str, Any], feature: str
) -> None:
    with pytest.raises(ConversionRefused) as caught:
        ADAPTER.encode_request(_request(messages, **({"options": options} if options else {})))
    assert caught.value.feature == feature


def test_a_request_without_a_model_is_refused() -> None:
    with pytest.raises(ConversionRefused, match="model"):
        ADAPTER.encode_request(ChatRequest.model_validate({"messages": [{"role": "user", "parts": []}]}))


def test_convert_to_and_from_gemini_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from wirechat.cli import main  # noqa: PLC0415 (the command line, only for this test)

    openai_body = {
        "model": "gpt-4.1",
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}],
            },
            {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
        ],
    }
    (tmp_path / "in.json").write_text(json.dumps(openai_body))
    assert (
        main(["convert", "--from", "openai-chat", "--to", "gemini", "--kind", "request", str(tmp_path / "in.json")])
        == 0
    )
    gemini_body = json.loads(capsys.readouterr().out)
    assert gemini_body["contents"][2]["parts"][0]["functionResponse"] == {
        "id": "call_1",
        "name": "f",
        "response": {"output": "ok"},
    }
    (tmp_path / "g.json").write_text(json.dumps(gemini_body))
    assert (
        main(["convert", "--from", "gemini", "--to", "openai-chat", "--kind", "request", str(tmp_path / "g.json")]) == 0
    )
    assert json.loads(capsys.readouterr().out)["messages"][1]["tool_calls"][0]["id"] == "call_1"
    (tmp_path / "bad.json").write_text('{"candidates": [{"content": {"parts": [{"functionCall": {"args": {}}}]}}]}')
    assert (
        main(["convert", "--from", "gemini", "--to", "wirechat", "--kind", "response", str(tmp_path / "bad.json")]) == 1
    )
    assert "functionCall/name" in capsys.readouterr().err
