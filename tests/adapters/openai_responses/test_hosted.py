"""Responses hosted-tool items (web search, file search, code interpreter, image generation, remote MCP, shell...)
as provider-run parts (spec section 15), on recorded bodies: the readings, the item kept byte for byte as the
call's block, the result beside it, the item written once on replay, dropped with a warning elsewhere.

Issue 23's failure class for all of these: "a provider-run tool call can't be sent back, not even to the
provider that ran it" (the items decoded to opaque data parts, and replaying them was refused).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.adapters.openai_responses.corpus import ADAPTER, body
from wirechat import ChatRequest, ChatResponse
from wirechat.adapters import ConversionWarning, get


def parts(response: ChatResponse) -> list[dict[str, Any]]:
    dumped: list[dict[str, Any]] = response.model_dump(mode="json", exclude_unset=True)["message"]["parts"]
    return dumped


def items_of(recorded: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [item for item in recorded["output"] if item.get("type") == kind]


def test_a_web_search_call_is_a_call_with_its_action_and_a_result_with_its_sources() -> None:
    recorded = body("vercel-issue-8190-web-search-preview-custom-name-1.response.json")
    item = items_of(recorded, "web_search_call")[0]
    warnings: list[ConversionWarning] = []
    decoded = parts(ADAPTER.decode_response(recorded, warnings))
    at = next(i for i, part in enumerate(decoded) if part["type"] == "provider_tool_call")
    call, result = decoded[at]["provider_tool_call"], decoded[at + 1]["provider_tool_result"]
    assert call == {"id": item["id"], "name": "web_search", "issuer": "openai", "block": item,
                    "input": {key: value for key, value in item["action"].items() if key != "sources"}}  # fmt: skip
    assert result == {"tool_call_id": item["id"], "issuer": "openai", "name": "web_search",
                      "output": item["action"]["sources"]}  # fmt: skip
    assert warnings == []


def test_an_mcp_call_reads_its_json_arguments_its_server_and_its_output() -> None:
    recorded = body("vercel-openai-mcp-tool-approval-4.response.json")
    listed, called = items_of(recorded, "mcp_list_tools")[0], items_of(recorded, "mcp_call")[0]
    decoded = parts(ADAPTER.decode_response(recorded))
    runs = [part for part in decoded if part["type"].startswith("provider_tool")]
    assert [part["type"] for part in runs] == ["provider_tool_call", "provider_tool_result"] * 2
    assert runs[0]["provider_tool_call"]["server"] == listed["server_label"]
    assert runs[1]["provider_tool_result"]["output"] == listed["tools"]
    call = runs[2]["provider_tool_call"]
    assert (call["name"], call["server"], call["block"]) == (called["name"], called["server_label"], called)
    assert call["input"] == {"alias": "", "description": "", "max_clicks": 100, "password": "",
                             "url": "https://ai-sdk.dev/"}  # fmt: skip
    assert runs[3]["provider_tool_result"]["output"] == called["output"]
    assert ADAPTER.decode_response(recorded).finish_reason.kind == "stop"  # not tool_calls: the caller runs none


def test_a_generated_image_stays_in_the_calls_block_and_out_of_the_result() -> None:
    # Issue 23, "generated media can't go back": the image is replayed to OpenAI inside its item.
    recorded = body("vercel-openai-image-generation-tool-1.response.json")
    item = items_of(recorded, "image_generation_call")[0]
    decoded = parts(ADAPTER.decode_response(recorded))
    at = next(i for i, part in enumerate(decoded) if part["type"] == "provider_tool_call")
    assert decoded[at]["provider_tool_call"]["block"]["result"] == item["result"]
    assert decoded[at]["provider_tool_call"]["input"] == item["revised_prompt"]
    assert decoded[at + 1] == {"type": "provider_tool_result", "provider_tool_result": {
        "tool_call_id": item["id"], "issuer": "openai", "name": "image_generation"}}  # fmt: skip


def test_a_shell_call_output_item_answers_its_call_with_a_block_of_its_own() -> None:
    # Hand-written, in the shape of https://platform.openai.com/docs/guides/tools-shell (hosted container).
    call_item = {"type": "shell_call", "id": "sh_1", "status": "completed", "call_id": "call_1",
                 "action": {"commands": ["uname -a"], "timeout_ms": None, "max_output_length": None},
                 "environment": {"type": "container_reference", "container_id": "cntr_1"}}  # fmt: skip
    ran = [{"stdout": "Linux\n", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]
    output_item = {"type": "shell_call_output", "id": "sho_1", "status": "completed", "call_id": "call_1",
                   "max_output_length": None, "output": ran}  # fmt: skip
    decoded = parts(ADAPTER.decode_response({"id": "r", "status": "completed", "output": [call_item, output_item]}))
    call, result = decoded[0]["provider_tool_call"], decoded[1]["provider_tool_result"]
    assert (call["id"], call["name"], call["input"]) == ("sh_1", "shell", call_item["action"])
    assert result == {"tool_call_id": "sh_1", "issuer": "openai", "name": "shell", "output": output_item["output"],
                      "block": output_item}  # fmt: skip


def test_an_item_type_newer_than_the_adapter_reads_by_rule() -> None:
    item = {"type": "future_tool_call", "id": "ft_1", "status": "failed", "arguments": '{"a":1}', "error": "boom"}
    decoded = parts(ADAPTER.decode_response({"id": "r", "status": "completed", "output": [item]}))
    assert decoded == [
        {"type": "provider_tool_call", "provider_tool_call": {"id": "ft_1", "name": "future_tool", "issuer": "openai",
                                                              "input": {"a": 1}, "block": item}},
        {"type": "provider_tool_result", "provider_tool_result": {"tool_call_id": "ft_1", "issuer": "openai",
                                                                  "name": "future_tool", "output": "boom",
                                                                  "is_error": True}},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("mirascope-input-test-web-search-tool-openai-gpt-4o-responses-2.request.json", "web_search_call"),
        ("ruby-llm-chat-web-search-with-openai-gpt-5-2-searches-and-records-the-tool-call-items-2.request.json",
         "web_search_call"),
        ("logfire-openai-agents-test-file-search-2.request.json", "file_search_call"),
    ],
)  # fmt: skip
def test_a_recorded_second_turn_replays_the_first_turns_item_byte_for_byte(name: str, kind: str) -> None:
    # Issue 23: decode_request raised "an input item type this adapter does not map" on these requests.
    recorded = body(name)
    request, warnings = ADAPTER.decode_request(recorded)
    sent, encode_warnings = ADAPTER.encode_request(request)
    assert warnings == [] and encode_warnings == []
    replayed = [item for item in sent["input"] if item.get("type") == kind]
    assert replayed == [item for item in recorded["input"] if item.get("type") == kind] != []


def test_a_replied_turn_with_hosted_items_goes_back_with_each_item_once() -> None:
    recorded = body("vercel-openai-code-interpreter-tool-1.response.json")
    reply = ADAPTER.decode_response(recorded)
    request = ChatRequest.model_validate({"model": "gpt-5", "messages": [
        {"role": "user", "parts": [{"type": "text", "text": "roll the dice"}]},
        reply.message.model_dump(mode="json", exclude_unset=True),
        {"role": "user", "parts": [{"type": "text", "text": "and again?"}]},
    ]})  # fmt: skip
    sent, warnings = ADAPTER.encode_request(request)
    hosted = [item for item in recorded["output"] if item["type"] == "code_interpreter_call"]
    assert [item for item in sent["input"] if item.get("type") == "code_interpreter_call"] == hosted
    assert warnings == []


def test_another_api_drops_openais_provider_run_parts_with_a_warning_each() -> None:
    reply = ADAPTER.decode_response(body("vercel-openai-mcp-tool-approval-4.response.json"))
    request = ChatRequest.model_validate({"model": "claude", "messages": [
        {"role": "user", "parts": [{"type": "text", "text": "shorten it"}]},
        reply.message.model_dump(mode="json", exclude_unset=True),
    ]})  # fmt: skip
    sent, warnings = get("anthropic").encode_request(request)
    foreign = [w.where for w in warnings if w.feature == "provider_tool.foreign"]
    assert len(foreign) == 4 and "mcp_call" not in str(sent)
