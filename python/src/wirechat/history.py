"""History helpers: merge consecutive same-role messages, find a tool call or its result by id.

The same helpers exist in TypeScript (``mergeConsecutive``, ``findToolCall``, ``findToolResult``) and Go
(``MergeConsecutive``, ``FindToolCall``, ``FindToolResult``); all three run the shared vectors in
``conformance/vectors/tool-loop.json``. Merging is an explicit function, never a side effect of adding a
message (chat-rs merges on ``Messages::push``; wirechat leaves the history as it was built).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pydantic import MISSING

from wirechat._generated.models import Message, ToolCall, ToolCallPart, ToolResult, ToolResultPart

__all__ = ["Found", "find_tool_call", "find_tool_result", "merge_consecutive"]


class Found(NamedTuple):
    """Where a tool call or result is: ``messages[message].parts[part]``, and the value itself."""

    message: int
    part: int
    value: ToolCall | ToolResult


def merge_consecutive(messages: Sequence[Message]) -> list[Message]:
    """A new list in which each run of consecutive messages with the same role and the same ``name`` is one
    message holding their parts in order. The first message of a run keeps its ``id`` and
    ``provider_metadata``; a later message that has an ``id`` or ``provider_metadata`` of its own starts a
    new run instead (merging it would drop them). The input is not changed."""
    merged: list[Message] = []
    for message in messages:
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.role == message.role
            and last.name == message.name
            and message.id is MISSING
            and message.provider_metadata is MISSING
        ):
            merged[-1] = last.model_copy(update={"parts": [*last.parts, *message.parts]})
        else:
            merged.append(message.model_copy(update={"parts": list(message.parts)}))
    return merged


def find_tool_call(messages: Sequence[Message], tool_call_id: str) -> Found | None:
    """The first tool call with this id anywhere in ``messages``, or None."""
    for m, message in enumerate(messages):
        for p, part in enumerate(message.parts):
            if isinstance(part, ToolCallPart) and part.tool_call.id == tool_call_id:
                return Found(m, p, part.tool_call)
    return None


def find_tool_result(messages: Sequence[Message], tool_call_id: str) -> Found | None:
    """The first tool result answering this call id anywhere in ``messages``, or None."""
    for m, message in enumerate(messages):
        for p, part in enumerate(message.parts):
            if isinstance(part, ToolResultPart) and part.tool_result.tool_call_id == tool_call_id:
                return Found(m, p, part.tool_result)
    return None
