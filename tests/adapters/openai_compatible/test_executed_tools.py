"""Tools Groq ran itself (``message.executed_tools``: browser search, web search, code interpreter; issue 23,
class "response data dropped without a word") are provider-run parts issued by ``groq``: a call whose block
is the entry verbatim, then its result; a reply writes them back; a request drops them with the declared
warning, because Groq's assistant message takes none back (``ChatCompletionAssistantMessageParam`` in
groq-python has no ``executed_tools``). The corpus holds no Groq reply with executed tools, so the bodies are
written for the test in the shape of groq-python's ``ExecutedTool`` and the compound-systems docs."""

from __future__ import annotations

import json
from typing import Any

from wirechat import ChatRequest
from wirechat.adapters import SseEvent, get
from wirechat.codec import canonical
from wirechat.stream import fold

GROQ = get("openai-compatible:groq")
SEARCH = {"index": 0, "type": "search", "arguments": '{"query": "weather Tokyo"}', "output": "Sunny, 21C",
          "search_results": {"results": [{"title": "Tokyo weather", "url": "https://w.example/tokyo",
                                          "content": "Sunny", "score": 0.9}]}}  # fmt: skip
REPLY = {"id": "chatcmpl-g1", "object": "chat.completion", "created": 1763700000, "model": "groq/compound",
         "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None, "message": {
             "role": "assistant", "content": "It is sunny in Tokyo.", "reasoning": "Search the weather.",
             "executed_tools": [SEARCH]}}],
         "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
         "x_groq": {"id": "req_1"}}  # fmt: skip


def test_an_executed_tool_is_a_provider_run_call_and_its_result() -> None:
    warnings: list[Any] = []
    decoded = GROQ.decode_response(REPLY, warnings)
    assert warnings == []
    assert [p.type for p in decoded.message.parts] == [
        "reasoning",
        "provider_tool_call",
        "provider_tool_result",
        "text",
    ]
    call = decoded.message.parts[1].provider_tool_call  # type: ignore[union-attr]
    result = decoded.message.parts[2].provider_tool_result  # type: ignore[union-attr]
    assert (call.id, call.name, call.issuer, call.input, call.block) == (
        "groq_executed_0", "search", "groq", {"query": "weather Tokyo"}, SEARCH)  # fmt: skip
    assert (result.tool_call_id, result.output["output"]) == ("groq_executed_0", "Sunny, 21C")  # type: ignore[index]
    assert decoded.finish_reason.kind == "stop"  # a provider-run call is no tool call the caller runs
    again = GROQ.encode_response(decoded)
    assert again["choices"][0]["message"]["executed_tools"] == [SEARCH]
    assert canonical(GROQ.decode_response(again)) == canonical(decoded)


def test_a_stream_sends_them_whole_before_the_finish() -> None:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> SseEvent:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return SseEvent(None, json.dumps({"id": "chatcmpl-g1", "model": "groq/compound", "choices": [choice]}))

    opening = {k: v for k, v in SEARCH.items() if k in ("index", "type", "arguments")}
    closing = {k: v for k, v in SEARCH.items() if k not in ("type", "arguments")}
    stream = [chunk({"role": "assistant", "reasoning": "Search the weather."}),
              chunk({"executed_tools": [opening]}), chunk({"executed_tools": [closing]}),
              chunk({"content": "It is sunny in Tokyo."}), chunk({}, "stop"), SseEvent(None, "[DONE]")]  # fmt: skip
    decoder = GROQ.stream_decoder()
    folded = fold([event for sse in stream for event in decoder.feed(sse)])
    whole = GROQ.decode_response(REPLY)
    assert decoder.warnings == []
    assert canonical(folded.message) == canonical(whole.message)


def test_a_request_drops_them_with_the_declared_warning() -> None:
    decoded = GROQ.decode_response(REPLY)
    history = ChatRequest.model_validate({"model": "groq/compound", "messages": [
        {"role": "user", "parts": [{"type": "text", "text": "Weather in Tokyo?"}]},
        decoded.message.model_dump(mode="json")]})  # fmt: skip
    sent, warnings = GROQ.encode_request(history)
    assert "executed_tools" not in sent["messages"][1]
    assert [w.feature for w in warnings] == ["provider_tool.own", "provider_tool.own"]
    assert "takes no executed_tools back" in warnings[0].message
    _, elsewhere = get("openai-compatible:openrouter").encode_request(history)
    assert {w.feature for w in elsewhere} >= {"provider_tool.foreign"}
