"""Hand-written QueryMT cases for the cross-language adapter vectors: ``thinking`` both ways (decision 044).

The generated documents seldom hold plain reasoning, so these do: an ``ExtismChatRequest`` whose assistant
messages carry ``thinking`` (decoded, then encoded again), canonical requests and replies whose plain
reasoning becomes the one ``thinking`` text (alone, several joined, after the content, with an issuer,
empty, beside signed reasoning that the replay rule drops)."""

from __future__ import annotations

from typing import Any

__all__ = ["QUERYMT_BODIES", "QUERYMT_REPLIES", "QUERYMT_REQUESTS"]


def _call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


QUERYMT_BODIES: list[dict[str, Any]] = [
    {
        "cfg": {"model": "qwen3", "system": "Be terse."},
        "messages": [
            {"role": "User", "message_type": "Text", "content": "Weather in Paris?"},
            {
                "role": "Assistant",
                "message_type": {"ToolUse": [_call("c1", "weather", '{"city":"Paris"}')]},
                "content": "Checking.",
                "thinking": "The user wants the weather: call the tool.",
            },
            {"role": "User", "message_type": {"ToolResult": [_call("c1", "weather", "sunny")]}, "content": ""},
            {"role": "Assistant", "message_type": "Text", "content": "Sunny.", "thinking": "Report it."},
        ],
        "tools": None,
    },
]


def _reasoning(text: str | None = None, **members: str) -> dict[str, Any]:
    reasoning: dict[str, Any] = dict(members)
    if text is not None:
        reasoning["text"] = text
    return {"type": "reasoning", "reasoning": reasoning}


_TEXT = {"type": "text", "text": "Sunny."}
_CALL = {"type": "tool_call", "tool_call": {"id": "c1", "name": "weather", "arguments": '{"city":"Paris"}'}}
_SIGNED = _reasoning("hidden", signature="c2ln", issuer="anthropic")
_ASSISTANT_PARTS: list[list[dict[str, Any]]] = [
    [_reasoning("Think first."), _TEXT],
    [_reasoning("One. "), _CALL, _reasoning("Two.")],
    [_TEXT, _reasoning("After.")],
    [_reasoning("Issued.", issuer="elsewhere"), _TEXT],
    [_reasoning(""), _TEXT],
    [_SIGNED, _reasoning("Plain."), _CALL],
    [_SIGNED, _TEXT],
]

_QUESTION = {"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}

QUERYMT_REQUESTS: list[dict[str, Any]] = [
    {"model": "m", "messages": [_QUESTION, {"role": "assistant", "parts": parts}]} for parts in _ASSISTANT_PARTS
]

QUERYMT_REPLIES: list[dict[str, Any]] = [
    {"message": {"role": "assistant", "parts": parts}, "finish_reason": {"kind": "stop", "raw": "Stop"}}
    for parts in _ASSISTANT_PARTS
]
