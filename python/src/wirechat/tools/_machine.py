"""The tool loop as one generator, driven by the blocking, asyncio and streaming forms alike.

The machine yields what it needs, ``("chat", request)`` (answer with the ``ChatResponse``),
``("execute", calls)`` (answer with their ``ToolResult``s, in order) or, when the caller keeps a
checkpoint, ``("save", state)`` (answer None once it is stored), and returns a ``ToolLoopResult``. It
also yields ``("emit", event)`` (answer None) with the loop's own wire ``LoopEvent``s (spec section 14.4):
``tool_results`` once a round's results are recorded (and saved), ``step_finished`` when every call of a
turn has its result, and last ``paused`` or ``loop_finished``; the streaming drivers pass them on between
the turns' stream events, the others ignore them.
Keeping the decisions here (policies, pauses, results, step counts, usage) and the I/O in the drivers
means the three forms cannot drift apart.

**At most once, never lost** (decision 033). Before a round of calls runs, each gets a provisional
``failed`` result saying its outcome is unknown, and that state is saved; the real results replace them
when the round ends, and that state is saved too. A process that dies at any point leaves a checkpoint
that either has not started the round (resuming runs it) or has (resuming runs none of it again, and the
model reads what is known). A driver that catches an exception throws it into the machine, which raises
``ToolLoopError`` carrying the state at that moment, so resuming from ``error.state`` is as safe.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Literal

from pydantic import MISSING

from wirechat._generated.models import (
    ApproveToolCall,
    ChatRequest,
    ChatResponse,
    LoopEvent,
    LoopFinishedEvent,
    Message,
    Part,
    PauseAwaitingApproval,
    PausedEvent,
    PauseMixed,
    PauseScheduled,
    PendingToolCall,
    RejectToolCall,
    StepFinishedEvent,
    TokenUsage,
    ToolCall,
    ToolCallApproved,
    ToolCallPending,
    ToolCallRejected,
    ToolCallScheduled,
    ToolLoopState,
    ToolResult,
    ToolResultPart,
    ToolResultsEvent,
)
from wirechat.errors import WirechatError
from wirechat.messages import tool_calls
from wirechat.tool_state import check_tool_loop_state, instant_key
from wirechat.tools._execute import failed, rejected
from wirechat.tools._integrity import reapply_policies
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

__all__ = [
    "DecisionError",
    "MaxStepsExceeded",
    "Need",
    "ToolLoopError",
    "ToolLoopResult",
    "resume_machine",
    "run_machine",
]

Need = (
    tuple[Literal["chat"], ChatRequest]
    | tuple[Literal["execute"], list[ToolCall]]
    | tuple[Literal["save"], ToolLoopState]
    | tuple[Literal["emit"], LoopEvent]
)
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


class ToolLoopError(WirechatError, RuntimeError):
    """The loop stopped on an exception (a model turn that failed, a checkpoint that could not be written,
    a policy that raised; the cause is ``__cause__``). ``state`` is the loop as it stood, with the result
    (or, for a call cut off while it ran, a ``failed`` result saying its outcome is unknown) of every call
    it started: ``resume(client, error.state, [], tools)`` goes on without running any tool twice.
    ``usage`` is what the model turns consumed.

    ToolLoopError
    ├── MaxStepsExceeded
    └── DecisionError (also a ValueError)
    """

    def __init__(self, message: str, state: ToolLoopState, usage: TokenUsage | None) -> None:
        super().__init__(message)
        self.state = state
        self.usage = usage


class MaxStepsExceeded(ToolLoopError):  # noqa: N818  # the name the issue gives
    """The loop made ``max_steps`` model turns and the model still called tools. ``state`` (with every result
    so far) can be resumed with a larger ``max_steps``; ``usage`` is what the turns consumed."""

    def __init__(self, max_steps: int, state: ToolLoopState, usage: TokenUsage | None) -> None:
        super().__init__(
            f"the tool loop made {max_steps} model turns (max_steps) and the model still calls tools", state, usage
        )


class DecisionError(ToolLoopError, ValueError):
    """A decision names a call that is not pending (unknown id, or already decided); ``state`` is the state
    given to ``resume``, unchanged."""


def interrupted(call: ToolCall) -> ToolResult:
    """The provisional result of a call about to run: what a resumed loop tells the model when the process
    stopped before the call's real result was recorded."""
    return failed(
        call,
        f"the tool loop stopped while tool {call.name} was due to run or running (call id {call.id}): "
        "whether it did its work is not known, and the loop does not run it again",
    )


@dataclass
class _Run:
    request: ChatRequest
    messages: list[Message]
    steps: int = 0
    usage: TokenUsage | None = None
    pending: list[PendingToolCall] = field(default_factory=list)

    def next_request(self) -> ChatRequest:
        return self.request.model_copy(update={"messages": list(self.messages)})

    def snapshot(self) -> ToolLoopState:
        fields: dict[str, Any] = {"request": self.next_request(), "pending": list(self.pending), "steps": self.steps}
        pause = _pause(self.pending)
        if pause is not None:
            fields["pause"] = pause
        if self.usage is not None:
            fields["usage"] = self.usage
        return ToolLoopState(**fields)

    def usage_fields(self) -> dict[str, Any]:
        return {} if self.usage is None else {"usage": self.usage}

    def step_finished(self) -> StepFinishedEvent:
        return StepFinishedEvent(step=self.steps, **self.usage_fields())

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

    def replace_results(self, results: Sequence[ToolResult]) -> None:
        """Put ``results`` in place of the trailing ``tool`` message's results with the same call ids."""
        by_id = {result.tool_call_id: result for result in results}
        last = self.messages[-1]
        parts = [
            ToolResultPart(tool_result=by_id[part.tool_result.tool_call_id])
            if isinstance(part, ToolResultPart) and part.tool_result.tool_call_id in by_id
            else part
            for part in last.parts
        ]
        self.messages[-1] = last.model_copy(update={"parts": parts})


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


def _guarded(run: _Run, body: Machine) -> Machine:
    """``body``, with any exception (thrown in by a driver, or its own) raised as a ``ToolLoopError`` that
    carries the state at that moment."""
    try:
        return (yield from body)
    except ToolLoopError:
        raise
    except Exception as error:
        message = f"the tool loop stopped after {run.steps} model turns: {type(error).__name__}: {error}"
        raise ToolLoopError(message, run.snapshot(), run.usage) from error


def _run_round(run: _Run, ordered: Sequence[ToolCall | ToolResult], saving: bool) -> Generator[Need, Any, bool]:
    """Record a round's results in the conversation: the known ones as they are, and for each call to run a
    provisional result that the real one replaces (saved before the round and after it when ``saving``).
    True when the state as it now stands was saved."""
    to_run = [item for item in ordered if isinstance(item, ToolCall)]
    run.add_results([interrupted(item) if isinstance(item, ToolCall) else item for item in ordered])
    if not to_run:
        if ordered:
            yield ("emit", ToolResultsEvent(step=run.steps, results=[i for i in ordered if isinstance(i, ToolResult)]))
        return False
    if saving:
        yield ("save", run.snapshot())
    results: list[ToolResult] = yield ("execute", to_run)
    run.replace_results(results)
    if saving:
        yield ("save", run.snapshot())
    ran = iter(results)
    in_order = [next(ran) if isinstance(item, ToolCall) else item for item in ordered]
    yield ("emit", ToolResultsEvent(step=run.steps, results=in_order))
    return saving


def _classify(
    calls: Sequence[ToolCall], tools: Mapping[str, Tool], policies: Mapping[str, Policy], default: Policy
) -> tuple[list[ToolCall | ToolResult], list[PendingToolCall]]:
    """Each call of a turn, in order: a call to run now or a known result; and the calls that wait."""
    now = datetime.now(timezone.utc)
    ordered: list[ToolCall | ToolResult] = []
    waiting: list[PendingToolCall] = []
    for call in calls:
        if call.name not in tools:
            known = ", ".join(sorted(tools)) or "none"
            ordered.append(failed(call, f"unknown tool {call.name!r} (the tools are: {known})"))
            continue
        action = action_for(call, policies, default)
        if isinstance(action, Schedule) and action.at <= now:
            action = Execute()
        if isinstance(action, Execute):
            ordered.append(call)
        elif isinstance(action, Reject):
            ordered.append(rejected(call, action.reason))
        elif isinstance(action, RequireApproval):
            waiting.append(PendingToolCall(tool_call=call, status=ToolCallPending()))
        else:
            waiting.append(PendingToolCall(tool_call=call, status=ToolCallScheduled(at=timestamp(action.at))))
    return ordered, waiting


def _paused(run: _Run, saving: bool) -> Machine:
    state = run.snapshot()
    if saving:
        yield ("save", state)
    yield ("emit", PausedEvent(state=state))
    return ToolLoopResult(run.messages, run.steps, run.usage, state=state)


def _loop(  # noqa: PLR0917
    run: _Run, tools: Mapping[str, Tool], policies: Mapping[str, Policy], default: Policy, max_steps: int, saving: bool
) -> Machine:
    while True:
        if run.steps >= max_steps:
            raise MaxStepsExceeded(max_steps, run.snapshot(), run.usage)
        response: ChatResponse = yield ("chat", run.next_request())
        calls = tool_calls(response.message)
        ordered, waiting = _classify(calls, tools, policies, default)  # before the turn is recorded: may raise
        run.steps += 1
        if response.usage is not MISSING:
            run.usage = response.usage if run.usage is None else add_usage(run.usage, response.usage)
        run.messages.append(response.message)
        if not calls:
            yield ("emit", run.step_finished())
            yield ("emit", LoopFinishedEvent(steps=run.steps, **run.usage_fields()))
            return ToolLoopResult(run.messages, run.steps, run.usage, response=response)
        run.pending.extend(waiting)
        saved = yield from _run_round(run, ordered, saving)
        if run.pending:
            return (yield from _paused(run, saving and not saved))
        yield ("emit", run.step_finished())


def run_machine(  # noqa: PLR0917
    request: ChatRequest,
    tools: Mapping[str, Tool],
    policies: Mapping[str, Policy],
    default: Policy,
    max_steps: int,
    saving: bool = False,
) -> Machine:
    """The loop from a request: tools are offered to the model unless the request lists its own."""
    if request.tools is MISSING and tools:
        request = request.model_copy(update={"tools": [tool.definition for tool in tools.values()]})
    run = _Run(request, list(request.messages))
    return _guarded(run, _loop(run, tools, policies, default, max_steps, saving))


def _decide(run: _Run, decisions: Sequence[Decision], state: ToolLoopState) -> None:
    index = {pending.tool_call.id: i for i, pending in enumerate(run.pending)}
    for decision in decisions:
        i = index.get(decision.tool_call_id)
        if i is None:
            known = ", ".join(repr(k) for k in index) or "none"
            raise DecisionError(
                f"no pending tool call has the id {decision.tool_call_id!r} (pending: {known})", state, run.usage
            )
        current = run.pending[i]
        if not isinstance(current.status, ToolCallPending):
            raise DecisionError(
                f"tool call {decision.tool_call_id!r} is not waiting for a decision: it is {current.status.type}",
                state,
                run.usage,
            )
        if isinstance(decision, (Approve, ApproveToolCall)):
            status: Any = ToolCallApproved()
        elif isinstance(decision, (RejectDecision, RejectToolCall)):
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
    saving: bool = False,
) -> Machine:
    """Continue a saved loop: check the state (``WireError``), re-apply the policies to the decisions it
    claims (``_integrity``), apply ``decisions``, pause again while a call waits for a person or a clock,
    else resolve every pending call and go on with the next model turn."""
    check_tool_loop_state(state)
    run = _Run(
        state.request, list(state.request.messages), state.steps, None if state.usage is MISSING else state.usage
    )
    run.pending = list(state.pending)  # what an error before any decision is applied carries
    return _guarded(run, _resumed(run, state, decisions, tools, policies, default, max_steps, saving))


def _resumed(  # noqa: PLR0917
    run: _Run,
    state: ToolLoopState,
    decisions: Sequence[Decision],
    tools: Mapping[str, Tool],
    policies: Mapping[str, Policy],
    default: Policy,
    max_steps: int,
    saving: bool,
) -> Machine:
    now = datetime.now(timezone.utc)
    run.pending = reapply_policies(state.pending, policies, default, now)
    _decide(run, decisions, state)
    if any(
        isinstance(p.status, ToolCallPending)
        or (isinstance(p.status, ToolCallScheduled) and parse_timestamp(p.status.at) > now)
        for p in run.pending
    ):
        return (yield from _paused(run, saving))
    ordered: list[ToolCall | ToolResult] = [
        rejected(p.tool_call, p.status.reason) if isinstance(p.status, ToolCallRejected) else p.tool_call
        for p in run.pending
    ]
    run.pending = []
    yield from _run_round(run, ordered, saving)
    if ordered:  # the paused step now has every result (a state saved between steps has no step to finish)
        yield ("emit", run.step_finished())
    return (yield from _loop(run, tools, policies, default, max_steps, saving))
