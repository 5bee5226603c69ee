"""Resolving tool calls: find the tool, parse and validate the arguments, run the approved calls
concurrently, each within a timeout, and turn every outcome into a ``ToolResult`` with its ``status``
(spec section 14.1). Nothing here raises for a tool's failure: the model reads it."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any

from wirechat._generated.models import ToolCall, ToolResult
from wirechat.tool_arguments import ToolArgumentsError, parse_arguments
from wirechat.tools._context import CURRENT, ToolContext, new_context
from wirechat.tools._tool import Tool, ToolArgumentsInvalidError, output_text

__all__ = ["execute_calls", "failed", "rejected"]


async def _within(work: Awaitable[Any], timeout: float | None) -> Any:
    """``await work`` within ``timeout`` seconds (None: no limit). ``asyncio.timeout`` (3.11) runs the tool in
    the current task; ``wait_for`` wraps it in one more task, which measured a third of the loop's own time."""
    if timeout is None:
        return await work
    if sys.version_info >= (3, 11):
        async with asyncio.timeout(timeout):
            return await work
    return await asyncio.wait_for(work, timeout)  # pragma: no cover  # Python 3.10


class _Overdue(Exception):  # noqa: N818  # not an error of the caller's: a tool the loop stopped
    """The loop cancelled a stoppable tool at its timeout (a ``TimeoutError`` the tool raises itself is the
    tool's failure, reported as such)."""


async def _invoke(tool: Tool, arguments: dict[str, Any], context: ToolContext) -> Any:
    """Run the tool with ``context`` current. A stoppable tool is cancelled at the timeout (then it no longer
    runs, and it is reported failed); an unstoppable one (a sync function in a thread) is told to stop
    (``context.stop``) and waited for: reporting it failed while it may still do its work would let the
    model call it again, and the work would be done twice."""
    token = CURRENT.set(context)
    try:
        if tool.stoppable:
            try:
                return await _within(tool.invoke(arguments), context.timeout)
            except asyncio.TimeoutError:
                if context.deadline is not None and time.monotonic() >= context.deadline:
                    context.stop.set()
                    raise _Overdue from None
                raise
        signal = None
        if context.timeout is not None:
            signal = asyncio.get_running_loop().call_later(context.timeout, context.stop.set)
        try:
            return await tool.invoke(arguments)
        finally:
            if signal is not None:
                signal.cancel()
    finally:
        CURRENT.reset(token)


def failed(call: ToolCall, content: str) -> ToolResult:
    return ToolResult(tool_call_id=call.id, content=content, is_error=True, status="failed")


def rejected(call: ToolCall, reason: str) -> ToolResult:
    return ToolResult(
        tool_call_id=call.id, content=f"rejected: {reason}", is_error=True, status="rejected", reason=reason
    )


async def _execute(call: ToolCall, tools: Mapping[str, Tool], timeout: float | None) -> ToolResult:
    tool = tools.get(call.name)
    if tool is None:
        known = ", ".join(sorted(tools)) or "none"
        return failed(call, f"unknown tool {call.name!r} (the tools are: {known})")
    try:
        arguments = tool.validate(parse_arguments(call.arguments))
    except (ToolArgumentsError, ToolArgumentsInvalidError) as exc:
        return failed(call, f"invalid arguments for {call.name}: {exc}")
    try:
        value = await _invoke(tool, arguments, new_context(call.id, call.name, timeout))
    except _Overdue:
        return failed(call, f"tool {call.name} did not finish within {timeout:g} s")
    except Exception as exc:  # a tool's failure is the model's to read, not the caller's crash
        return failed(call, f"tool {call.name} raised {type(exc).__name__}: {exc}")
    if isinstance(value, ToolResult):  # a tool that answers in wire form (an MCP server's result)
        status = "failed" if value.is_error is True else "completed"
        return value.model_copy(update={"tool_call_id": call.id, "status": status})
    try:
        return ToolResult(tool_call_id=call.id, content=output_text(value), status="completed")
    except (TypeError, ValueError) as exc:
        return failed(call, f"tool {call.name} returned a value that is not JSON: {exc}")


async def execute_calls(
    calls: Sequence[ToolCall], tools: Mapping[str, Tool], timeout: float | None
) -> list[ToolResult]:
    """Run ``calls`` concurrently; the results come back in the calls' order."""
    if len(calls) == 1:
        return [await _execute(calls[0], tools, timeout)]
    return list(await asyncio.gather(*(_execute(call, tools, timeout) for call in calls)))
