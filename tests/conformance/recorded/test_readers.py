"""The independent readers on recorded bodies of each format: what a plain reading of the provider's
documentation finds, checked by hand against the files (the values below were read off the bodies)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from wirechat_conformance.recorded import readers
from wirechat_conformance.recorded.corpus import Body
from wirechat_conformance.recorded.readers import Raw, Reading
from wirechat_conformance.recorded.sse import Event


def read(bodies: dict[str, Body], file: str) -> Reading:
    body = bodies[file]
    if body.kind == "stream":
        return readers.read_stream(body.format, body.events())
    return readers.read_response(body.format, body.json())


def usage(reading: Reading) -> tuple[int | None, ...]:
    return tuple(reading.usage.get(name) for name in readers.USAGE_FIELDS)


# anthropic


def test_anthropic_response_server_tool_then_caller_tool(bodies: dict[str, Body]) -> None:
    reading = read(bodies, "anthropic/dd-trace-py-anthropic-anthropic-completion-tools-server-tool-use.response.json")
    assert [piece.at for piece in reading.texts] == ["/content/0/text", "/content/3/text"]
    assert [(c.id, c.name) for c in reading.provider_calls] == [
        ("srvtoolu_01YBjcsxNhiKh8MPSRLFpXSk", "tool_search_tool_regex")
    ]
    [call] = reading.tool_calls
    assert (call.at, call.name, call.arguments) == ("/content/4", "get_weather", {"location": "San Francisco, CA"})
    assert (reading.finish, reading.finish_at) == ("tool_use", "/stop_reason")
    # input = input_tokens + cache read + cache creation (spec section 7): 1595 + 0 + 0
    assert usage(reading) == (1595, 146, 1741, 0, 0, None)


def test_anthropic_stream_content_that_arrives_in_message_start() -> None:
    # hand-written after vercel/ai's programmatic-tool-calling fixtures (issue 23, the class "the tool call
    # disappears, no error"): the blocks and the stop reason come whole in message_start
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_1", "content": [{"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"id": 7}}],
            "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 5},
        },
    }  # fmt: skip
    events = [Event("message_start", json.dumps(start)), Event("message_stop", '{"type": "message_stop"}')]
    reading = readers.read_stream("anthropic", events)
    [call] = reading.tool_calls
    assert (call.at, call.id, call.name, call.arguments) == ("/0/message/content/0", "toolu_1", "lookup", {"id": 7})
    assert (reading.finish, reading.finish_at) == ("tool_use", "/0/message/stop_reason")
    assert usage(reading)[:3] == (10, 5, 15)


def test_anthropic_stream_server_tool_input_is_collected_from_its_deltas(bodies: dict[str, Body]) -> None:
    reading = read(bodies, "anthropic/chatlas-echo-display-providers-test-anthropic-fetch-panel-1.stream.sse")
    assert [call.name for call in reading.provider_calls] == ["web_fetch"]
    assert reading.tool_calls == []
    assert "".join(piece.text for piece in reading.texts).startswith("I'll fetch that page for you.")
    assert reading.texts[1].at == "/2/delta/text"  # each fragment names the event that carried it


# openai-chat and the compatible profiles


def test_chat_usage_when_the_server_counts_reasoning_outside_completion_tokens(bodies: dict[str, Body]) -> None:
    # xAI: prompt 471, completion 68, reasoning 126, total 665 = 471 + 68 + 126: output is 68 + 126 (issue 23,
    # "usage undercounted")
    reading = read(bodies, "openai-compatible/generic/fantasy-xai-grok-code-fast-multi-tool-1.response.json")
    assert usage(reading) == (471, 194, 665, 320, None, 126)
    assert [(c.id, c.name, c.arguments) for c in reading.tool_calls] == [
        ("call_75343356", "add", {"a": 2, "b": 3}),
        ("call_61060399", "multiply", {"a": 2, "b": 3}),
    ]


def test_chat_mistral_content_parts_hold_thinking_and_text(bodies: dict[str, Body]) -> None:
    reading = read(bodies, "openai-compatible/generic/vercel-mistral-reasoning.response.json")
    assert [(p.at, p.text) for p in reading.texts] == [("/choices/0/message/content/1/text", "2 + 2 = 4")]
    assert [p.at for p in reading.reasoning] == ["/choices/0/message/content/0/thinking/0/text"]


def test_chat_openrouter_reasoning_null_beside_summaries_in_reasoning_details() -> None:
    # OpenRouter answered a GPT-5.2 call with reasoning: null and the summaries in reasoning_details: the
    # reader read no reasoning, and held the adapter's (the summaries) to ''
    message = {
        "role": "assistant",
        "content": "Ruby 4.0.6",
        "reasoning": None,
        "reasoning_details": [
            {"type": "reasoning.encrypted", "data": "gAAA", "index": 0},
            {"type": "reasoning.summary", "summary": "**Finding Ruby version**", "index": 1},
        ],
    }
    reading = readers.read_response("openai-chat", {"choices": [{"message": message}]})
    assert [(piece.at, piece.text) for piece in reading.reasoning] == [
        ("/choices/0/message/reasoning_details/1/summary", "**Finding Ruby version**")
    ]


def test_chat_custom_tool_call_reads_its_name_and_free_form_input(bodies: dict[str, Body]) -> None:
    # GPT-5's custom tool call is {"type": "custom", "custom": {"name", "input"}}: the reader looked in
    # "function" and read a call named '' with arguments {}
    reading = read(bodies, "openai-chat/dd-trace-py-v1-chat-completion-custom-tool-call.response.json")
    [call] = reading.tool_calls
    assert (call.at, call.name, call.arguments) == ("/choices/0/message/tool_calls/0", "math_exp", Raw("4 + 4"))


def test_chat_stream_reads_parallel_calls_and_the_usage_chunk(bodies: dict[str, Body]) -> None:
    file = (
        "openai-compatible/generic/magentic-mistral-chat-model-test-mistral-chat-model-complete-parallel-function-call"
    )
    reading = read(bodies, file + ".stream.sse")
    assert [(c.id, c.name, c.arguments) for c in reading.tool_calls] == [
        ("nqjf8Hqe1", "plus", {"a": 1, "b": 2}),
        ("ATcpCKul3", "minus", {"a": 2, "b": 1}),
    ]
    assert (reading.usage_at, usage(reading)[:3], reading.finish) == ("/1/usage", (187, 45, 232), "tool_calls")


# openai-responses


def test_responses_reasoning_text_and_a_hosted_web_search(bodies: dict[str, Body]) -> None:
    # DeepSeek's Responses API: reasoning in content[].reasoning_text, a web_search_call item
    reading = read(bodies, "openai-responses/vercel-deepseek-web-search.response.json")
    assert [p.at for p in reading.reasoning] == ["/output/0/content/0/text"]
    assert [(c.at, c.id, c.name) for c in reading.provider_calls] == [
        ("/output/1", "call_00_CImoyrAPGN4skyWlDjL45535", "web_search")
    ]
    assert (reading.finish, usage(reading)) == ("completed", (2525, 151, 2676, 896, None, 51))


def test_responses_custom_tool_input_is_text(bodies: dict[str, Body]) -> None:
    reading = read(bodies, "openai-responses/dd-trace-py-v1-response-custom-tool-call.response.json")
    [call] = reading.tool_calls
    assert (call.id, call.name, call.arguments) == ("call_H8YsBUDPYjNHSq9fWOzwetxr", "math_exp", Raw("4 + 4"))


def test_responses_stream_reads_reasoning_text_deltas_and_function_arguments(bodies: dict[str, Body]) -> None:
    reading = read(bodies, "openai-responses/vercel-lmstudio-tool-call-1.stream.sse")
    assert "".join(p.text for p in reading.reasoning).startswith("The user is asking for the weather")
    assert "".join(p.text for p in reading.texts) == (
        "I'll get the current weather information for San Francisco for you."
    )
    [call] = reading.tool_calls
    assert (call.id, call.name, call.arguments) == ("call_2025306790300011", "weather", {"location": "San Francisco"})
    assert usage(reading) == (182, 61, 243, 2, None, 48)


# gemini


def test_gemini_streamed_function_call_arguments(bodies: dict[str, Body]) -> None:
    # Gemini 3 partialArgs / willContinue (issue 23, "stream decoders reject valid events")
    reading = read(bodies, "gemini/vercel-google-stream-no-args-tool-call.stream.sse")
    assert [(c.id, c.name, c.arguments) for c in reading.tool_calls] == [
        ("gemini_call_0", "read_theme", {}),
        ("gemini_call_1", "read_screen", {"id": "A"}),
        ("gemini_call_2", "read_screen", {"id": "B"}),
        ("gemini_call_3", "read_screen", {"id": "C"}),
    ]
    # input 249; output = candidates 58 + thoughts 183
    assert usage(reading) == (249, 241, 490, None, None, 183)
    assert reading.finish == "STOP"


def test_gemini_json_array_stream_is_one_event_per_element(bodies: dict[str, Body]) -> None:
    body = bodies["gemini/llm-gemini-gemini-test-prompt-with-multiple-dogs.stream.json"]
    assert len(body.events()) == 7
    reading = read(bodies, body.file)
    assert [p.at for p in reading.reasoning] == [
        "/0/candidates/0/content/parts/0/text",
        "/1/candidates/0/content/parts/0/text",
    ]
    assert len(reading.texts) == 5
    assert usage(reading) == (6, 635, 641, None, None, 570)


@pytest.mark.parametrize("file", ["gemini/openinference-instrumentation-test-validate-token-counts.response.json"])
def test_gemini_code_execution_is_a_provider_run_call(bodies: dict[str, Body], file: str) -> None:
    reading = read(bodies, file)
    assert [(c.id, c.name) for c in reading.provider_calls] == [("gemini_code_0", "code_execution")]


def test_the_readers_and_the_framer_import_no_wirechat_code() -> None:
    """Independent: a reader that shared the adapters' code would agree with their bugs."""
    folder = Path(readers.__file__).parent
    for path in [*folder.glob("*.py"), folder.parent / "sse.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not [n for n in names if n == "wirechat" or n.startswith("wirechat.")], path.name
