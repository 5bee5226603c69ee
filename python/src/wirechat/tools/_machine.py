"""The tool loop as one generator, driven by the blocking, asyncio and streaming forms alike.

The machine yields what it needs, ``("chat", request)`` (answer with the ``ChatResponse``) or
``("execute", calls)`` (answer with their ``ToolResult``s, in order), and returns a ``ToolLoopResult``.
Keeping the decisions here (policies, pauses, results, step counts, usage) and the I/O in the drivers
means the three forms cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal

from pydantic import MISSING

from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    Message,
    Part,
    PauseAwaitingApproval,
    PauseMixed,
    PauseScheduled,
    PendingToolCall,
    TokenUsage,
    ToolCall,
    ToolCallApproved,
    ToolCallPending,
    ToolCallRejected,
    ToolCallScheduled,
    ToolLoopState,
    ToolResult,
    ToolResultPart,
)
from wirechat.errors import WirechatError
from wirechat.messages import tool_calls
from wirechat.tool_state import check_tool_loop_state, instant_key
from wirechat.tools._execute import failed, rejected
from wirechat.tools._policy import (
    Approve,
    Decision,
    Execute,
    Policy,
    Reject,
    RejectDecision,
    RequireApproval,
    Schedule,
    action_for,
    parse_timestamp,
    timestamp,
)
from wirechat.tools._tool import Tool
from wirechat.usage import add_usage

__all__ = ["DecisionError", "MaxStepsExceeded", "Need", "ToolLoopResult", "resume_machine", "run_machine"]

Need = tuple[Literal["chat"], ChatRequest] | tuple[Literal["execute"], list[ToolCall]]
Machine = Generator[Need, Any, "ToolLoopResult"]


@dataclass
class ToolLoopResult:
    """How a loop ended: ``response`` (the model's final answer) when it finished, else ``state`` (a paused
    ``ToolLoopState`` to save and ``resume``). ``messages`` is the whole conversation, ``usage`` the sum of
    every model turn's usage (None when no turn reported any), ``steps`` the model turns made."""

    messages: list[Message]
    steps: int
    usage: TokenUsage | None
    response: ChatResponse | None = None
    state: ToolLoopState | None = None

    @property
    def paused(self) -> bool:
        return self.state is not None


class MaxStepsExceeded(WirechatError, RuntimeError):  # noqa: N818  # the name the issue gives
    """The loop made ``max_steps`` model turns and the model still called tools. ``state`` (with every result
    so far) can be resumed with a larger ``max_steps``; ``usage`` is what the turns consumed."""

    def __init__(self, max_steps: int, state: ToolLoopState, usage: TokenUsage | None) -> None:
        super().__init__(f"the tool loop made {max_steps} model turns (max_steps) and the model still calls tools")
        self.state = state
        self.usage = usage


class DecisionError(WirechatError, ValueError):
    """A decision names a call that is not pending (unknown id, or already decided)."""


@dataclass
class _Run:
    request: ChatRequest
    messages: list[Message]
    steps: int = 0
    usage: TokenUsage | None = None
    pending: list[PendingToolCall] = field(default_factory=list)

    def next_request(self) -> ChatRequest:
        return self.request.model_copy(update={"messages": list(self.messages)})

    def snapshot(self, pause: Any = None) -> ToolLoopState:
        fields: dict[str, Any] = {"request": self.next_request(), "pending": list(self.pending), "steps": self.steps}
        if pause is not None:
            fields["pause"] = pause
        if self.usage is not None:
            fields["usage"] = self.usage
        return ToolLoopState(**fields)

    def add_results(self, results: Sequence[ToolResult]) -> None:
        """Append results to the turn's ``tool`` message (made when the turn has none yet)."""
        if not results:
            return
        parts: list[Part] = [ToolResultPart(tool_result=result) for result in results]
        last = self.messages[-1]
        if last.role == "tool":
            self.messages[-1] = last.model_copy(update={"parts": [*last.parts, *parts]})
        else:
            self.messages.append(Message(role="tool", parts=parts))


def _pause(pending: Sequence[PendingToolCall]) -> Any:
    waiting = [p.tool_call.id for p in pending if isinstance(p.status, ToolCallPending)]
    timed = [(p.tool_call.id, p.status.at) for p in pending if isinstance(p.status, ToolCallScheduled)]
    if not waiting and not timed:
        return None
    if not timed:
        return PauseAwaitingApproval(tool_call_ids=waiting)
    at = min((at for _, at in timed), key=instant_key)
    ids = [tool_call_id for tool_call_id, _ in timed]
    if not waiting:
        return PauseScheduled(tool_call_ids=ids, at=at)
    return PauseMixed(awaiting_approval=waiting, scheduled=ids, at=at)


def _loop(
    run: _Run, tools: Mapping[str, Tool], policies: Mapping[str, Policy], default: Policy, max_steps: int
) -> Machine:
    while True:
        if run.steps >= max_steps:
            raise MaxStepsExceeded(max_steps, run.snapshot(), run.usage)
        response: ChatResponse = yield ("chat", run.next_request())
        run.steps += 1
        if response.usage is not MISSING:
            run.usage = response.usage if run.usage is None else add_usage(run.usage, response.usage)
        run.messages.append(response.message)
        calls = tool_calls(response.message)
        if not calls:
            return ToolLoopResult(run.messages, run.steps, run.usage, response=response)
        now = datetime.now(timezone.utc)
        resolved: dict[str, ToolResult] = {}
        to_run: list[ToolCall] = []
        for call in calls:
            if call.name not in tools:
                known = ", ".join(sorted(tools)) or "none"
                resolved[call.id] = failed(call, f"unknown tool {call.name!r} (the tools are: {known})")
                continue
            action = action_for(call, policies, default)
            if isinstance(action, Schedule) and action.at <= now:
                action = Execute()
            if isinstance(action, Execute):
                to_run.append(call)
            elif isinstance(action, Reject):
                resolved[call.id] = rejected(call, action.reason)
            elif isinstance(action, RequireApproval):
                run.pending.append(PendingToolCall(tool_call=call, status=ToolCallPending()))
            else:
                status = ToolCallScheduled(at=timestamp(action.at))
                run.pending.append(PendingToolCall(tool_call=call, status=status))
        if to_run:
            results: list[ToolResult] = yield ("execute", to_run)
            resolved.update((result.tool_call_id, result) for result in results)
        run.add_results([resolved[call.id] for call in calls if call.id in resolved])
        if run.pending:
            return ToolLoopResult(run.messages, run.steps, run.usage, state=run.snapshot(_pause(run.pending)))


def run_machine(
    request: ChatRequest, tools: Mapping[str, Tool], policies: Mapping[str, Policy], default: Policy, max_steps: int
) -> Machine:
    """The loop from a request: tools are offered to the model unless the request lists its own."""
    if request.tools is MISSING and tools:
        request = request.model_copy(update={"tools": [tool.definition for tool in tools.values()]})
    return _loop(_Run(request, list(request.messages)), tools, policies, default, max_steps)


def _decide(run: _Run, decisions: Sequence[Decision]) -> None:
    index = {pending.tool_call.id: i for i, pending in enumerate(run.pending)}
    for decision in decisions:
        i = index.get(decision.tool_call_id)
        if i is None:
            known = ", ".join(repr(k) for k in index) or "none"
            raise DecisionError(f"no pending tool call has the id {decision.tool_call_id!r} (pending: {known})")
        current = run.pending[i]
        if not isinstance(current.status, ToolCallPending):
            raise DecisionError(
                f"tool call {decision.tool_call_id!r} is not waiting for a decision: it is {current.status.type}"
            )
        if isinstance(decision, Approve):
            status: Any = ToolCallApproved()
        elif isinstance(decision, RejectDecision):
            status = ToolCallRejected(reason=decision.reason)
        else:
            raise TypeError(f"a decision is approve(id) or reject(id, reason), not {decision!r}")
        run.pending[i] = current.model_copy(update={"status": status})


def resume_machine(  # noqa: PLR0917
    state: ToolLoopState,
    decisions: Sequence[Decision],
    tools: Mapping[str, Tool],
    policies: Mapping[str, Policy],
    default: Policy,
    max_steps: int,
) -> Machine:
    """Continue a saved loop: apply ``decisions``, pause again while a call waits for a person or a clock,
    else resolve every pending call and go on with the next model turn."""
    check_tool_loop_state(state)
    run = _Run(
        state.request, list(state.request.messages), state.steps, None if state.usage is MISSING else state.usage
    )
    run.pending = list(state.pending)
    _decide(run, decisions)
    now = datetime.now(timezone.utc)
    waiting = [
        p
        for p in run.pending
        if isinstance(p.status, ToolCallPending)
        or (isinstance(p.status, ToolCallScheduled) and parse_timestamp(p.status.at) > now)
    ]
    if waiting:
        return _paused_again(run)
    calls = [p.tool_call for p in run.pending]
    to_run = [p.tool_call for p in run.pending if isinstance(p.status, (ToolCallApproved, ToolCallScheduled))]
    return _resumed(run, calls, to_run, tools, policies, default, max_steps)


def _paused_again(run: _Run) -> Machine:
    return ToolLoopResult(run.messages, run.steps, run.usage, state=run.snapshot(_pause(run.pending)))
    yield  # type: ignore[unreachable]  # a generator that returns at once


def _resumed(  # noqa: PLR0917
    run: _Run,
    calls: list[ToolCall],
    to_run: list[ToolCall],
    tools: Mapping[str, Tool],
    policies: Mapping[str, Policy],
    default: Policy,
    max_steps: int,
) -> Machine:
    resolved: dict[str, ToolResult] = {}
    for pending in run.pending:
        if isinstance(pending.status, ToolCallRejected):
            resolved[pending.tool_call.id] = rejected(pending.tool_call, pending.status.reason)
    if to_run:
        results: list[ToolResult] = yield ("execute", to_run)
        resolved.update((result.tool_call_id, result) for result in results)
    run.pending = []
    run.add_results([resolved[call.id] for call in calls])
    return (yield from _loop(run, tools, policies, default, max_steps))
