"""The four ways to run the loop machine (``_machine``): blocking, asyncio, and streaming in each.

``run`` and ``arun`` return a ``ToolLoopResult``; ``stream`` and ``astream`` yield the canonical
``StreamEvent``s of every model turn, a ``ToolResults`` event after each round of tool calls, and last
a ``Paused`` (with the state to save) or a ``Finished`` (with the result). ``resume`` and ``aresume``
continue a saved ``ToolLoopState`` after ``approve``/``reject`` decisions.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

from wirechat._generated.models import ChatRequest, StreamEvent, ToolLoopState, ToolResult
from wirechat.tools._execute import execute_calls
from wirechat.tools._machine import Machine, ToolLoopResult, resume_machine, run_machine
from wirechat.tools._policy import Decision, Execute, Policy
from wirechat.tools._tool import Tool, tool, tools_by_name

if TYPE_CHECKING:
    from wirechat.client import AsyncClient, Client

__all__ = ["Finished", "LoopEvent", "Paused", "ToolResults", "aresume", "arun", "astream", "resume", "run", "stream"]

ToolsArg = Union[Sequence[Tool | Callable[..., Any]], Mapping[str, Tool]]  # noqa: UP007  # a runtime alias


@dataclass(frozen=True)
class ToolResults:
    """The results of one round of tool calls, in the calls' order (resolved calls only)."""

    results: list[ToolResult]
    type: str = "tool_results"


@dataclass(frozen=True)
class Paused:
    """The loop paused: save ``state`` (``wirechat.encode(state)``) and ``resume`` it later."""

    state: ToolLoopState
    type: str = "paused"


@dataclass(frozen=True)
class Finished:
    """The model answered without calling tools (or the loop paused: see ``result.paused``)."""

    result: ToolLoopResult
    type: str = "finished"


LoopEvent = Union[StreamEvent, ToolResults, Paused, Finished]  # noqa: UP007  # StreamEvent is a TypeAliasType


EXECUTE = Execute()
"""The default policy: run every call."""


@dataclass(frozen=True)
class _Settings:
    tools: dict[str, Tool]
    policies: Mapping[str, Policy]
    default: Policy
    max_steps: int
    timeout: float | None


def _settings(
    tools: ToolsArg, policies: Mapping[str, Policy] | None, default: Policy, max_steps: int, timeout: float | None
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
    return _Settings(indexed, dict(policies or {}), default, max_steps, timeout)


def _start(request: ChatRequest, s: _Settings) -> Machine:
    return run_machine(request, s.tools, s.policies, s.default, s.max_steps)


def _continue(state: ToolLoopState, decisions: Sequence[Decision], s: _Settings) -> Machine:
    return resume_machine(state, decisions, s.tools, s.policies, s.default, s.max_steps)


def _drive(client: Client, machine: Machine, s: _Settings) -> ToolLoopResult:
    loop: asyncio.AbstractEventLoop | None = None
    try:
        need = next(machine)
        while True:
            if need[0] == "chat":
                answer: Any = client.chat(need[1])
            else:
                loop = loop or asyncio.new_event_loop()
                answer = loop.run_until_complete(execute_calls(need[1], s.tools, s.timeout))
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
            if need[0] == "chat":
                answer: Any = await client.chat(need[1])
            else:
                answer = await execute_calls(need[1], s.tools, s.timeout)
            need = machine.send(answer)
    except StopIteration as stop:
        result: ToolLoopResult = stop.value
        return result


def _sdrive(client: Client, machine: Machine, s: _Settings) -> Iterator[LoopEvent]:
    loop: asyncio.AbstractEventLoop | None = None
    try:
        need = next(machine)
        while True:
            if need[0] == "chat":
                with client.stream(need[1]) as events:
                    yield from events
                    answer: Any = events.response
            else:
                loop = loop or asyncio.new_event_loop()
                answer = loop.run_until_complete(execute_calls(need[1], s.tools, s.timeout))
                yield ToolResults(answer)
            need = machine.send(answer)
    except StopIteration as stop:
        result: ToolLoopResult = stop.value
        if result.state is not None:
            yield Paused(result.state)
        yield Finished(result)
    finally:
        if loop is not None:
            loop.close()


async def _asdrive(client: AsyncClient, machine: Machine, s: _Settings) -> AsyncIterator[LoopEvent]:
    try:
        need = next(machine)
        while True:
            if need[0] == "chat":
                async with client.stream(need[1]) as events:
                    async for event in events:
                        yield event
                    answer: Any = events.response
            else:
                answer = await execute_calls(need[1], s.tools, s.timeout)
                yield ToolResults(answer)
            need = machine.send(answer)
    except StopIteration as stop:
        result: ToolLoopResult = stop.value
        if result.state is not None:
            yield Paused(result.state)
        yield Finished(result)


_DOC = """
    ``tools`` are ``Tool``s or plain functions (made into tools with ``tool``); ``policies`` maps a tool
    name to an action or a function of the call returning one (``Execute()``, ``RequireApproval()``,
    ``Schedule(at)``, ``Reject(reason)``), ``default`` applies to the others. Each approved call has
    ``timeout`` seconds; ``max_steps`` bounds the model turns (``MaxStepsExceeded``)."""


def run(
    client: Client,
    request: ChatRequest,
    tools: ToolsArg,
    *,
    policies: Mapping[str, Policy] | None = None,
    default: Policy = EXECUTE,
    max_steps: int = 10,
    timeout: float | None = 60.0,
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout)
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
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout)
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
) -> Iterator[LoopEvent]:
    s = _settings(tools, policies, default, max_steps, timeout)
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
) -> AsyncIterator[LoopEvent]:
    s = _settings(tools, policies, default, max_steps, timeout)
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
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout)
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
) -> ToolLoopResult:
    s = _settings(tools, policies, default, max_steps, timeout)
    return await _adrive(client, _continue(state, decisions, s), s)


run.__doc__ = "Run the tool loop until the model answers, a call needs a person or a clock, or max_steps." + _DOC
arun.__doc__ = "The asyncio form of ``run``." + _DOC
stream.__doc__ = "``run``, yielding every turn's stream events, ``ToolResults``, then ``Paused``/``Finished``." + _DOC
astream.__doc__ = "The asyncio form of ``stream``." + _DOC
resume.__doc__ = "Continue a saved state after ``approve(id)``/``reject(id, reason)`` decisions." + _DOC
aresume.__doc__ = "The asyncio form of ``resume``." + _DOC
