"""The replay rule of spec section 15 in every adapter, per place: each foreign citation, provider-run part and
provider tool is dropped with its own warning at its own pointer (the property gate compares warning features
as a set, so a drop without a warning in one place can hide behind a warning in another)."""

from __future__ import annotations

from typing import Any

import pytest

from wirechat import ChatRequest, ChatResponse
from wirechat.adapters import ConversionWarning, get, names

CITED = {"kind": "url", "url": "https://example.com/a", "issuer": "elsewhere", "block": {"type": "x"}}
UNBLOCKED_OWN = {"kind": "url", "url": "https://example.com/b"}  # no issuer, no block: never replayable


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text, "citations": [CITED, UNBLOCKED_OWN]}


CALL = {"type": "provider_tool_call", "provider_tool_call": {"id": "s1", "name": "web_search", "issuer": "elsewhere",
        "block": {"type": "server_tool_use"}}}  # fmt: skip
RESULT = {"type": "provider_tool_result", "provider_tool_result": {"tool_call_id": "s1", "issuer": "elsewhere"}}
REQUEST = {
    "model": "m",
    "messages": [
        {"role": "system", "parts": [_text("be brief")]},
        {"role": "user", "parts": [_text("weather?")]},
        {"role": "assistant", "parts": [CALL, RESULT, _text("sunny")]},
        {"role": "user", "parts": [{"type": "text", "text": "and tomorrow?"}]},
    ],
    "provider_tools": [{"issuer": "elsewhere", "type": "web_search", "definition": {"type": "web_search"}}],
}


def _at(warnings: list[ConversionWarning], feature: str) -> set[str]:
    return {w.where for w in warnings if w.feature == feature}


@pytest.mark.parametrize("name", names())
def test_every_foreign_item_of_a_request_is_dropped_with_a_warning_at_its_pointer(name: str) -> None:
    adapter = get(name)
    document = dict(REQUEST)
    if adapter.manifest.level("system") == "refused":  # QueryMT: the system prompt goes in the plugin's cfg
        document["messages"] = [{"role": "user", "parts": [_text("be brief")]}, *REQUEST["messages"][1:]]
    body, warnings = adapter.encode_request(ChatRequest.model_validate(document))
    cited = {f"/messages/{i}/parts/{j}/citations/{k}" for i, j in ((0, 0), (1, 0), (2, 2)) for k in (0, 1)}
    assert _at(warnings, "citations.foreign") == cited
    assert _at(warnings, "provider_tool.foreign") == {
        "/messages/2/parts/0/provider_tool_call",
        "/messages/2/parts/1/provider_tool_result",
    }
    assert _at(warnings, "provider_tools.foreign") == {"/provider_tools/0"}
    assert "server_tool_use" not in str(body) and "example.com" not in str(body)


@pytest.mark.parametrize("name", names())
def test_every_foreign_item_of_a_response_is_dropped_with_a_warning_at_its_pointer(name: str) -> None:
    adapter = get(name)
    response = ChatResponse.model_validate(
        {
            "message": {"role": "assistant", "parts": [CALL, RESULT, _text("sunny")]},
            "finish_reason": {"kind": "stop"},
        }
    )
    warnings: list[ConversionWarning] = []
    body = adapter.encode_response(response, warnings)
    assert _at(warnings, "citations.foreign") == {"/message/parts/2/citations/0", "/message/parts/2/citations/1"}
    assert _at(warnings, "provider_tool.foreign") == {
        "/message/parts/0/provider_tool_call",
        "/message/parts/1/provider_tool_result",
    }
    assert "server_tool_use" not in str(body) and "example.com" not in str(body)


def test_citations_on_a_refusal_are_warned_about_in_chat_completions() -> None:
    """A refusal has no annotations in Chat Completions: its citations go with a warning (found by the TypeScript
    and Go port, where the refusal branch skipped the citation check)."""
    refusal = {
        "type": "text",
        "text": "I can't.",
        "citations": [CITED],
        "provider_metadata": {"openai": {"refusal": True}},
    }
    adapter = get("openai-chat")
    warnings: list[ConversionWarning] = []
    reply = {"message": {"role": "assistant", "parts": [refusal]}, "finish_reason": {"kind": "refusal"}}
    adapter.encode_response(ChatResponse.model_validate(reply), warnings)
    assert _at(warnings, "citations.foreign") == {"/message/parts/0/citations/0"}
    request = {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "x"}]},
               {"role": "assistant", "parts": [refusal]}]}  # fmt: skip
    _, warnings = adapter.encode_request(ChatRequest.model_validate(request))
    assert _at(warnings, "citations.foreign") == {"/messages/1/parts/0/citations/0"}
