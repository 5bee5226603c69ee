"""Gemini code execution on recorded traffic: ``executableCode`` / ``codeExecutionResult`` are provider-run
parts (spec section 15), numbered by the documented rule, with their thought signatures as reasoning before
them, and a turn that ran code goes back to Gemini byte for byte.

Issue 23's failure class: "a provider-run tool call can't be sent back" (Gemini's decoded to opaque ``data``
parts, and a Gemini 3.5 request replaying them could not be read back with their ids)."""

from __future__ import annotations

import copy

import pytest

from tests.adapters.gemini.corpus import ADAPTER, body, fold_stream, unreported
from wirechat import ChatRequest
from wirechat.adapters import ConversionRefused, get
from wirechat.stream import events_from_response, fold

MULTIPLE = "vercel-google-code-execution-multiple-results.response.json"
WITH_IDS = "ruby-llm-chat-code-execution-with-gemini-gemini-3-5-flash-runs-code-server-side-and-repla-2.request.json"


def test_a_recorded_code_execution_reply_reads_as_provider_run_parts() -> None:
    warnings: list = []
    response = ADAPTER.decode_response(body(MULTIPLE), warnings)
    kinds = [part.type for part in response.message.parts]
    assert kinds == [
        "reasoning",
        "provider_tool_call",
        "provider_tool_result",
        "provider_tool_result",
        "reasoning",
        "text",
    ]
    call = response.message.parts[1].provider_tool_call
    assert (call.id, call.name, call.issuer) == ("gemini_code_0", "code_execution", "gemini")
    assert call.input == {"language": "PYTHON", "code": "print('ok')\nprint(1/0)"}
    assert call.block == {"executableCode": {"language": "PYTHON", "code": "print('ok')\nprint(1/0)"}}
    ok, failed = (part.provider_tool_result for part in response.message.parts[2:4])
    assert (ok.tool_call_id, ok.output) == ("gemini_code_0", {"outcome": "OUTCOME_OK", "output": "ok\n"})
    assert "is_error" not in ok.model_dump(exclude_unset=True)  # OUTCOME_OK: not an error
    assert failed.tool_call_id == "gemini_code_0" and failed.is_error is True  # two results answer one call
    # the signature on the executableCode part is reasoning placed before it
    assert response.message.parts[0].reasoning.redacted_data.startswith("EjQKMgFyyNp8VRG2")
    assert response.finish_reason.kind == "stop"  # a provider-run call is not a tool call for the caller
    assert warnings == []


def test_a_recorded_code_execution_reply_is_written_back_as_gemini_sent_it() -> None:
    given = body(MULTIPLE)
    response = ADAPTER.decode_response(given)
    written = ADAPTER.encode_response(response)
    assert written["candidates"][0]["content"]["parts"] == given["candidates"][0]["content"]["parts"]
    assert unreported(given, written, []) == []


def test_a_request_replaying_code_execution_keeps_its_ids_and_goes_back_byte_for_byte() -> None:
    given = body(WITH_IDS)
    request, notes = ADAPTER.decode_request(given)
    model_turn = request.messages[1].parts
    call, result = model_turn[1].provider_tool_call, model_turn[2].provider_tool_result
    assert (call.id, result.tool_call_id) == ("call_46063", "call_46063")  # Gemini 3.5 sends ids
    assert call.input == {"language": "PYTHON", "code": 'result = 123456789 * 987654321\nprint(f"{result=}")\n'}
    sent, _ = ADAPTER.encode_request(request.model_copy(update={"model": "gemini-3.5-flash"}))
    assert sent["contents"] == given["contents"]
    # the provider tool is offered back as it was spelled: {"code_execution": {}}
    assert request.provider_tools[0].type == "codeExecution"
    assert sent["tools"] == given["tools"]
    assert [note.feature for note in notes] == []


def test_code_execution_streams_fold_to_provider_run_parts() -> None:
    response, warnings = fold_stream("openinference-instrumentation-test-validate-token-counts-stream.stream.sse")
    kinds = [part.type for part in response.message.parts]
    assert "provider_tool_call" in kinds and "provider_tool_result" in kinds
    assert kinds.index("provider_tool_call") < kinds.index("provider_tool_result")
    assert warnings == []


def _reply(*parts: dict) -> dict:
    return {"candidates": [{"content": {"role": "model", "parts": list(parts)}, "finishReason": "STOP"}]}


def test_ids_count_the_executable_code_parts_and_results_answer_the_last_one() -> None:
    code = {"executableCode": {"language": "PYTHON", "code": "1"}}
    result = {"codeExecutionResult": {"outcome": "OUTCOME_DEADLINE_EXCEEDED"}}
    parts = ADAPTER.decode_response(_reply(code, result, code, result, result)).message.parts
    assert [p.provider_tool_call.id for p in parts if p.type == "provider_tool_call"] == [
        "gemini_code_0",
        "gemini_code_1",
    ]
    assert [p.provider_tool_result.tool_call_id for p in parts if p.type == "provider_tool_result"] == [
        "gemini_code_0",
        "gemini_code_1",
        "gemini_code_1",
    ]
    assert all(p.provider_tool_result.is_error for p in parts if p.type == "provider_tool_result")


def test_a_result_answering_no_code_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match=r"/candidates/0/content/parts/0/codeExecutionResult/id"):
        ADAPTER.decode_response(_reply({"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "x"}}))


def test_code_another_api_ran_is_dropped_with_a_warning_and_gemini_code_without_its_block_is_refused() -> None:
    response = ADAPTER.decode_response(body(MULTIPLE))
    request = ChatRequest.model_validate(
        {
            "model": "m",
            "messages": [
                {"role": "user", "parts": [{"type": "text", "text": "run it"}]},
                response.message.model_dump(mode="json", exclude_unset=True),
            ],
        }
    )
    _, to_anthropic = get("anthropic").encode_request(request)
    assert [w.feature for w in to_anthropic].count("provider_tool.foreign") == 3
    unblocked = copy.deepcopy(request.model_dump(mode="json", exclude_unset=True))
    del unblocked["messages"][1]["parts"][2]["provider_tool_result"]["block"]
    with pytest.raises(ConversionRefused) as caught:
        ADAPTER.encode_request(ChatRequest.model_validate(unblocked))
    assert (caught.value.feature, caught.value.where) == (
        "provider_tool.unblocked",
        "/messages/1/parts/2/provider_tool_result",
    )


def test_a_reply_with_code_execution_round_trips_through_the_stream_encoder() -> None:
    response = ADAPTER.decode_response(body(MULTIPLE))
    encoder = ADAPTER.stream_encoder()
    sse = [out for event in events_from_response(response, 3) for out in encoder.feed(event)] + encoder.close()
    decoder = ADAPTER.stream_decoder()
    folded = fold([event for item in sse for event in decoder.feed(item)] + decoder.close())
    assert folded.model_dump(mode="json") == response.model_dump(mode="json")
