"""What a running tool may know about its call: ``ToolContext`` (the call id as an idempotency key, the
deadline, a stop signal), set by the loop for the duration of each call.

A tool made with ``@tool`` receives it by declaring a parameter annotated ``ToolContext`` (left out of the
schema the model sees); any other ``Tool`` reads it with ``current_context()``. The loop runs a call at most
once, so a tool with a side effect that must happen once (a payment) passes ``context.call_id`` to the
service it calls as that service's idempotency key.
"""

from __future__ import annotations

import threading
import time
from contextvars import ContextVar
from dataclasses import dataclass, field

__all__ = ["ToolContext", "current_context"]


@dataclass(frozen=True)
class ToolContext:
    """The call a tool is running for.

    ``call_id`` is the model's id for the call, unique within a conversation: an idempotency key.
    ``timeout`` is the loop's limit in seconds (None: none) and ``deadline`` the ``time.monotonic()`` value
    it ends at. ``stop`` is set when the deadline passes: an async tool is cancelled then, but a sync tool
    (a thread cannot be stopped from outside) keeps running and the loop waits for what it returns, so a
    sync tool that can give up should check ``stop`` (or ``remaining()``) and raise.
    """

    call_id: str
    name: str
    timeout: float | None = None
    deadline: float | None = None
    stop: threading.Event = field(default_factory=threading.Event, compare=False, repr=False)

    def remaining(self) -> float | None:
        """Seconds until the deadline (0 when past it), None when there is no timeout."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())


def new_context(call_id: str, name: str, timeout: float | None) -> ToolContext:
    deadline = None if timeout is None else time.monotonic() + timeout
    return ToolContext(call_id, name, timeout, deadline)


CURRENT: ContextVar[ToolContext] = ContextVar("wirechat_tool_context")


def current_context() -> ToolContext:
    """The context of the call the running tool serves; ``LookupError`` outside a tool loop's call."""
    try:
        return CURRENT.get()
    except LookupError:
        raise LookupError(
            "no tool call is running: a ToolContext exists only while the tool loop runs a tool "
            "(call the tool through run/resume, or pass a ToolContext yourself)"
        ) from None
