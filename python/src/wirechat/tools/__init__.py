"""The tool loop: tools from functions, policies, pause and resume on the wire (spec section 14).

    from wirechat.tools import tool, run, RequireApproval, approve

    @tool
    def get_weather(city: str) -> str:
        "The weather in a city."
        return "18 C"

    result = run(client, request, [get_weather, book_train], policies={"book_train": RequireApproval()})
    if result.paused:
        save_state(result.state, "state.json")       # ... later, in any process or language:
        result = resume(client, load_state("state.json"), [approve("call_2")], [get_weather, book_train],
                        policies={"book_train": RequireApproval()})  # the policies again: see below

Pass ``checkpoint="state.json"`` and a crash at any point can be resumed from that file without running
any tool twice; an exception is a ``ToolLoopError`` whose ``state`` resumes the same way. A tool may
declare a ``ToolContext`` parameter to receive the call id (an idempotency key). A saved state's own
approvals count only as far as the policies given to ``resume`` allow.

Decisions 018 and 033 say why it is shaped so.
"""

from wirechat.tools._context import ToolContext, current_context
from wirechat.tools._drivers import (
    Checkpoint,
    LoopEvent,
    aresume,
    aresume_stream,
    arun,
    astream,
    resume,
    resume_stream,
    run,
    stream,
)
from wirechat.tools._files import load_state, save_state
from wirechat.tools._machine import DecisionError, MaxStepsExceeded, ToolLoopError, ToolLoopResult
from wirechat.tools._policy import (
    Action,
    Approve,
    Decision,
    Execute,
    Policy,
    Reject,
    RejectDecision,
    RequireApproval,
    Schedule,
    approve,
    reject,
)
from wirechat.tools._tool import Tool, ToolArgumentsInvalidError, tool
from wirechat.tools.mcp import mcp_tools

__all__ = [
    "Action",
    "Approve",
    "Checkpoint",
    "Decision",
    "DecisionError",
    "Execute",
    "LoopEvent",
    "MaxStepsExceeded",
    "Policy",
    "Reject",
    "RejectDecision",
    "RequireApproval",
    "Schedule",
    "Tool",
    "ToolArgumentsInvalidError",
    "ToolContext",
    "ToolLoopError",
    "ToolLoopResult",
    "approve",
    "aresume",
    "aresume_stream",
    "arun",
    "astream",
    "current_context",
    "load_state",
    "mcp_tools",
    "reject",
    "resume",
    "resume_stream",
    "run",
    "save_state",
    "stream",
    "tool",
]
