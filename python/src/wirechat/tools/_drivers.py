"""The four ways to run the loop machine (``_machine``): blocking, asyncio, and streaming in each.

``run`` and ``arun`` return a ``ToolLoopResult``; ``stream`` and ``astream`` yield wire ``LoopEvent``s
(spec section 14.4, decision 043): the canonical ``StreamEvent``s of every model turn, a ``tool_results``
event after each round of tool calls, ``step_finished`` when a turn's calls all have results, and last a
``paused`` (with the state to save) or a ``loop_finished``. Every event is a wire document
(``wirechat.encode(event)``), so a loop in this process streams to a UI in any language; the generator's
return value is the ``ToolLoopResult``. ``resume`` and ``aresume`` (``resume_stream`` and
``aresume_stream`` streaming) continue a saved ``ToolLoopState`` after ``approve``/``reject`` decisions
(or wire ``ToolLoopDecision``s, as a UI sends them).

Each driver performs what the machine needs; an exception doing it is thrown into the machine, which
raises it as a ``ToolLoopError`` carrying the state. ``checkpoint`` (a path, or a function of the state)
receives the state before and after every round of tool calls and at every pause (see ``_machine``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from wirechat._generated.models import ChatRequest, LoopEvent, ToolLoopState
from wirechat.tools._execute import execute_calls
from wirechat.tools._files import save_state
from wirechat.tools._machine import Machine, ToolLoopResult, resume_machine, run_machine
from wirechat.tools._policy import Decision, Execute, Policy
from wirechat.tools._tool import Tool, tool, tools_by_name

if TYPE_CHECKING:
    from wirechat.client import AsyncClient, Client

__all__ = [
    "Checkpoint",
    "LoopEvent",
    "aresume",
    "aresume_stream",
    "arun",
    "astream",
    "resume",
    "resume_stream",
    "run",
    "stream",
]

ToolsArg = Union[Sequence[Tool | Callable[..., Any]], Mapping[str, Tool]]  # noqa: UP007  # a runtime alias
Checkpoint = Union[str, Path, Callable[[ToolLoopState], None], None]  # noqa: UP007  # a runtime alias


EXECUTE = Execute()
"""The default policy: run every call."""


@dataclass(frozen=True)
class _Settings:
    tools: dict[str, Tool]
    policies: Mapping[str, Policy]
    default: Policy
    max_steps: int
    timeout: float | None
    save: Callable[[ToolLoopState], None] | None = None
    save_to_file: bool = False  # the asyncio forms write a file in a worker thread (fsync blocks)


def _saver(checkpoint: Checkpoint) -> Callable[[ToolLoopState], None] | None:
    if checkpoint is None or callable(checkpoint):
        return checkpoint
    path = Path(checkpoint)
    return lambda state: save_state(state, path)


def _settings(  # noqa: PLR0917
    tools: ToolsArg,
    policies: Mapping[str, Policy] | None,
    default: Policy,
    max_steps: int,
    timeout: float | None,
    checkpoint: Checkpoint = None,
) -> _Settings:
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1 (got {max_steps})")
    if isinstance(tools, Mapping):
        indexed = tools_by_name(tools)
    else:
        indexed = tools_by_name([item if isinstance(item, Tool) else tool(item) for item in tools])
    unknown = sorted(set(policies or {}) - set(indexed))
    if unknown:
        raise ValueError(f"policies name tools that are not given: {', '.join(unknown)}")
    to_file = checkpoint is not None and not callable(checkpoint)
    return _Settings(indexed, dict(policies or {}), default, max_steps, timeout, _saver(checkpoint), to_file)


def _start(request: ChatRequest, s: _Settings) -> Machine:
    return run_machine(request, s.tools, s.policies, s.default, s.max_steps, s.save is not None)


def _continue(state: ToolLoopState, decisions: Sequence[Decision], s: _Settings) -> Machine:
    return resume_machine(state, decisions, s.tools, s.policies, s.default, s.max_steps, s.save is not None)


def _save(s: _Settings, state: ToolLoopState) -> None:
    if s.save is not None:
        s.save(state)


async def _asave(s: _Settings, state: ToolLoopState) -> None:
    if s.save_to_file:
        await asyncio.to_thread(_save, s, state)
    else:
        _save(s, state)


def _drive(client: Client, machine: Machine, s: _Settings) -> ToolLoopResult:
    loop: asyncio.AbstractEventLoop | None = None
    try:
        need = next(machine)
        while True:
            try:
                if need[0] == "chat":
                    answer: Any = client.chat(need[1])
                elif need[0] == "execute":
                    loop = loop or asyncio.new_event_loop()
                    answer = loop.run_until_complete(execute_calls(need[1], s.tools, s.timeout))
                elif need[0] == "save":
                    _save(s, need[1])
                    answer = None
                else:
                    answer = None  # a loop event: only the streaming forms pass them on
            except Exception as error:
                need = machine.throw(error)  # raises a ToolLoopError that carries the state
            else:
                need = machine.send(answer)
    except StopIteration as stop:
        result: ToolLoopResult = stop.value
        return result
    finally:
        if loop is not None:
            loop.close()


async def _adrive(client: AsyncClient, machine: Machine, s: _Settings) -> ToolLoopResult:
    try:
        need = next(machine)
        while True:
            try:
                if need[0] == "chat":
                    answer: Any = await client.chat(need[1])
                elif need[0] == "execute":
                    answer = await execute_calls(need[1], s.tools, s.timeout)
                elif need[0] == "save":
                    await _asave(s, need[1])
                    answer = None
                else:
                    answer = None
            except Exception as error:
                need = machine.throw(error)
            else:
                need = machine.send(answer)
    except StopIteration as stop:
        result: ToolLoopResult = stop.value
        return result


def _sdrive(client: Client, machine: Machine, s: _Settings) -> Generator[LoopEvent, None, ToolLoopResult]:
    loop: asyncio.AbstractEventLoop | None = None
    try:
        need = next(machine)
        while True:
            try:
                if need[0] == "chat":
                    with client.stream(need[1]) as events:
                        yield from events
                        answer: Any = events.response
                elif need[0] == "execute":
                    loop = loop or asyncio.new_event_loop()
                    answer = loop.run_until_complete(execute_calls(need[1], s.tools, s.timeout))
                elif need[0] == "save":
                    _save(s, need[1])
                    answer = None
                else:
                    yield need[1]
                    answer = None
            except Exception as error:
                need = machine.throw(error)
            else:
                need = machine.send(answer)
    except StopIteration as stop:
        result: ToolLoopResult = stop.value
        return result
    finally:
        if loop is not None:
            loop.close()


async def _asdrive(client: AsyncClient, machine: Machine, s: _Settings) -> AsyncIterator[LoopEvent]:
    try:
        need = next(machine)
        while True:
            try:
                if need[0] == "chat":
                    async with client.stream(need[1]) as events:
                        async for event in events:
                            yield event
                        answer: Any = events.response
                elif need[0] == "execute":
                    answer = await execute_calls(need[1], s.tools, s.timeout)
                elif need[0] == "save":
                    await _asave(s, need[1])
                    answer = None
                else:
                    yield need[1]
                    answer = None
            except Exception as error:
                need = machine.throw(error)
            else:
                need = machine.send(answer)
    except StopIteration:
        return


_DOC = """
    ``tools`` are ``Tool``s or plain functions (made into tools with ``tool``); ``policies`` maps a tool
    name to an action or a function of the call returning one (``Execute()``, ``RequireApproval()``,
    ``Schedule(at)``, ``Reject(reason)``), ``default`` applies to the others. Each approved call has
    ``timeout`` seconds (an async tool is cancelled then; a sync tool, which cannot be stopped, is told so by
    ``ToolContext.stop`` and waited for); ``max_steps`` bounds the model turns (``MaxStepsExceeded``).
    ``checkpoint`` (a file path, or a function of the state) receives the state before and after each round
    of tool calls and at a pause: resuming the last one after a crash runs no tool twice (a file is replaced
    atomically and flushed to disk, from a worker thread in the asyncio forms; when the loop finishes it
    holds the state before the last model turn, so remove it once the result is kept). ``resume`` re-applies
    ``policies`` to what the state claims was decided: pass the same ones. An exception stops the loop as a
    ``ToolLoopError`` whose ``state`` can be resumed the same way."""


def run(
    client: Client,
    request: ChatRequest,
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return _drive(client, _start(request, s), s)


async def arun(
    client: AsyncClient,
    request: ChatRequest,
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return await _adrive(client, _start(request, s), s)


def stream(
    client: Client,
    request: ChatRequest,
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> Generator[LoopEvent, None, ToolLoopResult]:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return _sdrive(client, _start(request, s), s)


def astream(
    client: AsyncClient,
    request: ChatRequest,
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> AsyncIterator[LoopEvent]:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return _asdrive(client, _start(request, s), s)


def resume(
    client: Client,
    state: ToolLoopState,
    decisions: Sequence[Decision],
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return _drive(client, _continue(state, decisions, s), s)


async def aresume(
    client: AsyncClient,
    state: ToolLoopState,
    decisions: Sequence[Decision],
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return await _adrive(client, _continue(state, decisions, s), s)


def resume_stream(
    client: Client,
    state: ToolLoopState,
    decisions: Sequence[Decision],
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> Generator[LoopEvent, None, ToolLoopResult]:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return _sdrive(client, _continue(state, decisions, s), s)


def aresume_stream(
    client: AsyncClient,
    state: ToolLoopState,
    decisions: Sequence[Decision],
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
    checkpoint: Checkpoint = None,
) -> AsyncIterator[LoopEvent]:
    s = _settings(tools, policies, default, max_steps, timeout, checkpoint)
    return _asdrive(client, _continue(state, decisions, s), s)


run.__doc__ = "Run the tool loop until the model answers, a call needs a person or a clock, or max_steps." + _DOC
arun.__doc__ = "The asyncio form of ``run``." + _DOC
stream.__doc__ = (
    "``run``, yielding wire ``LoopEvent``s: every turn's stream events, ``tool_results``, ``step_finished``, "
    "then ``paused`` or ``loop_finished``." + _DOC
)
astream.__doc__ = "The asyncio form of ``stream``." + _DOC
resume.__doc__ = "Continue a saved state after ``approve(id)``/``reject(id, reason)`` decisions." + _DOC
aresume.__doc__ = "The asyncio form of ``resume``." + _DOC
resume_stream.__doc__ = "``resume``, yielding wire ``LoopEvent``s as ``stream`` does; returns the result." + _DOC
aresume_stream.__doc__ = "The asyncio form of ``resume_stream``." + _DOC
