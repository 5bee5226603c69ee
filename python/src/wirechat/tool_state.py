"""The consistency checks of spec section 14.3 for ``ToolResult`` and ``ToolLoopState``.

Decoding checks the schema only; these rules tie members together (``status`` and ``is_error``, the pending
calls and the conversation, the pause and the pending calls). A program that acts on a state (resumes it)
runs ``check_tool_loop_state`` first. Problems have the rules ``tool-status`` and ``tool-loop-state`` and
the same pointers as in TypeScript (``checkToolLoopState``) and Go (``CheckToolLoopState``).
"""

from __future__ import annotations

from pydantic import MISSING

from wirechat._generated.models import (
    PauseAwaitingApproval,
    PauseMixed,
    PauseScheduled,
    ToolCallPart,
    ToolCallPending,
    ToolCallScheduled,
    ToolLoopState,
    ToolResult,
    ToolResultPart,
)
from wirechat._order import finish_problems
from wirechat.errors import Problem, WireError

__all__ = ["check_tool_loop_state", "check_tool_result", "instant_key", "tool_result_problems"]

STATUS = "tool-status"
STATE = "tool-loop-state"


def instant_key(timestamp: str) -> tuple[str, str]:
    """A key that orders ``Timestamp`` strings by instant (the fraction has 0 to 9 digits)."""
    return timestamp[:19], timestamp[20:-1].ljust(9, "0")


def tool_result_problems(result: ToolResult, at: str = "") -> list[Problem]:
    """The section 14.1 problems of one result, with pointers under ``at``."""
    problems: list[Problem] = []
    status, is_error = result.status, result.is_error is True
    if status == "completed" and is_error:
        problems.append(
            Problem(f"{at}/is_error", "a completed result is not an error: is_error must be absent or false", STATUS)
        )
    if status in ("failed", "rejected") and not is_error:
        problems.append(Problem(f"{at}/is_error", f"a {status} result must have is_error: true", STATUS))
    if result.reason is not MISSING and status != "rejected":
        said = "absent" if status is MISSING else status
        problems.append(Problem(f"{at}/reason", f"reason belongs to a rejected result only (status is {said})", STATUS))
    if status == "rejected" and result.reason is MISSING:
        problems.append(Problem(f"{at}/reason", "a rejected result must say why (reason)", STATUS))
    return problems


def check_tool_result(result: ToolResult) -> None:
    """Raise ``WireError`` when ``result`` breaks section 14.1 (``status`` against ``is_error`` and ``reason``)."""
    problems = tool_result_problems(result)
    if problems:
        raise WireError(finish_problems(problems), "ToolResult")


def check_tool_loop_state(state: ToolLoopState) -> None:
    """Raise ``WireError`` listing every section 14.3 problem of ``state``; return None when it is consistent."""
    problems: list[Problem] = []
    messages = state.request.messages
    last_assistant = None
    for m, message in enumerate(messages):
        if message.role == "assistant":
            last_assistant = message
        for p, part in enumerate(message.parts):
            if isinstance(part, ToolResultPart):
                problems += tool_result_problems(part.tool_result, f"/request/messages/{m}/parts/{p}/tool_result")
    calls = {}
    if last_assistant is not None:
        calls = {part.tool_call.id: part.tool_call for part in last_assistant.parts if isinstance(part, ToolCallPart)}
    answered = {
        part.tool_result.tool_call_id
        for message in messages
        for part in message.parts
        if isinstance(part, ToolResultPart)
    }
    statuses: dict[str, object] = {}
    for i, pending in enumerate(state.pending):
        call = pending.tool_call
        if call.id in statuses:
            problems.append(Problem(f"/pending/{i}/tool_call/id", f"tool call {call.id!r} is pending twice", STATE))
            continue
        statuses[call.id] = pending.status
        made = calls.get(call.id)
        if made is None:
            problems.append(
                Problem(
                    f"/pending/{i}/tool_call",
                    f"tool call {call.id!r} is not a call of the last assistant message",
                    STATE,
                )
            )
        elif made.name != call.name or made.arguments != call.arguments:
            problems.append(
                Problem(
                    f"/pending/{i}/tool_call",
                    f"tool call {call.id!r} differs from the call the model made (name or arguments)",
                    STATE,
                )
            )
        if call.id in answered:
            problems.append(
                Problem(f"/pending/{i}", f"tool call {call.id!r} already has a result in the messages", STATE)
            )
    problems += _pause_problems(state, statuses)
    if problems:
        raise WireError(finish_problems(problems), "ToolLoopState")


def _pause_problems(state: ToolLoopState, statuses: dict[str, object]) -> list[Problem]:
    pause = None if state.pause is MISSING else state.pause
    lists: list[tuple[str, list[str], type]] = []
    if isinstance(pause, PauseAwaitingApproval):
        lists = [("/pause/tool_call_ids", pause.tool_call_ids, ToolCallPending)]
    elif isinstance(pause, PauseScheduled):
        lists = [("/pause/tool_call_ids", pause.tool_call_ids, ToolCallScheduled)]
    elif isinstance(pause, PauseMixed):
        lists = [
            ("/pause/awaiting_approval", pause.awaiting_approval, ToolCallPending),
            ("/pause/scheduled", pause.scheduled, ToolCallScheduled),
        ]
    problems: list[Problem] = []
    times: list[str] = []
    for where, ids, wanted in lists:
        word = "pending" if wanted is ToolCallPending else "scheduled"
        for j, tool_call_id in enumerate(ids):
            status = statuses.get(tool_call_id)
            if not isinstance(status, wanted):
                problems.append(
                    Problem(f"{where}/{j}", f"tool call {tool_call_id!r} is not a {word} call of pending", STATE)
                )
            elif isinstance(status, ToolCallScheduled):
                times.append(status.at)
    if isinstance(pause, (PauseScheduled, PauseMixed)) and times:
        earliest = min(times, key=instant_key)
        if instant_key(pause.at) != instant_key(earliest):
            problems.append(
                Problem(
                    "/pause/at", f"pause.at is {pause.at}, but the earliest scheduled call is due at {earliest}", STATE
                )
            )
    return problems
