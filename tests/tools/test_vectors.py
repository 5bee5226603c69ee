"""The history helpers and the section 14.3 consistency checks against the shared vectors
(``conformance/vectors/tool-loop.json``), which the TypeScript and Go tests run too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wirechat import (
    Message,
    ToolLoopState,
    ToolResult,
    WireError,
    check_tool_loop_state,
    check_tool_result,
    decode,
    encode,
    find_tool_call,
    find_tool_result,
    merge_consecutive,
)

VECTORS = Path(__file__).resolve().parents[2] / "conformance" / "vectors" / "tool-loop.json"
CASES = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]


def _messages(values: list[Any]) -> list[Message]:
    return [decode(json.dumps(value), Message) for value in values]


def _problems(check: Any, value: Any) -> list[list[str]]:
    try:
        check(value)
    except WireError as exc:
        return [[problem.pointer, problem.rule] for problem in exc.problems]
    return []


def _run(case: dict[str, Any]) -> Any:
    args = case["args"]
    op = case["op"]
    if op == "merge_consecutive":
        messages = _messages(args["messages"])
        before = [encode(message) for message in messages]
        merged = merge_consecutive(messages)
        assert [encode(message) for message in messages] == before, "the input changed"
        return [json.loads(encode(message)) for message in merged]
    if op in ("find_tool_call", "find_tool_result"):
        find = find_tool_call if op == "find_tool_call" else find_tool_result
        found = find(_messages(args["messages"]), args["id"])
        return (
            None
            if found is None
            else {"message": found.message, "part": found.part, "value": json.loads(encode(found.value))}
        )
    if op == "check_tool_result":
        return _problems(check_tool_result, decode(json.dumps(args["result"]), ToolResult))
    if op == "check_tool_loop_state":
        return _problems(check_tool_loop_state, decode(json.dumps(args["state"]), ToolLoopState))
    raise AssertionError(f"unknown op {op}")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_vector(case: dict[str, Any]) -> None:
    expected = case["problems"] if "problems" in case else case["result"]
    assert _run(case) == expected


def test_every_op_is_covered() -> None:
    ops = {case["op"] for case in CASES}
    assert ops == {
        "merge_consecutive",
        "find_tool_call",
        "find_tool_result",
        "check_tool_result",
        "check_tool_loop_state",
    }


def test_messages_name_the_problem() -> None:
    state = decode(
        json.dumps(next(c for c in CASES if c["name"] == "state-edited-arguments")["args"]["state"]), ToolLoopState
    )
    with pytest.raises(WireError) as caught:
        check_tool_loop_state(state)
    assert "'call_2' differs from the call the model made" in str(caught.value)
    assert "invalid ToolLoopState" in str(caught.value)
