"""The tool loop: tools from functions, policies, pause and resume on the wire (spec section 14).

    from wirechat.tools import tool, run, RequireApproval, approve

    @tool
    def get_weather(city: str) -> str:
        "The weather in a city."
        return "18 C"

    result = run(client, request, [get_weather, book_train], policies={"book_train": RequireApproval()})
    if result.paused:
        save_state(result.state, "state.json")       # ... later, in any process or language:
        result = resume(client, load_state("state.json"), [approve("call_2")], [get_weather, book_train])

Decision 018 says why it is shaped so.
"""

from wirechat.tools._drivers import (
    Finished,
    LoopEvent,
    Paused,
    ToolResults,
    aresume,
    arun,
    astream,
    resume,
    run,
    stream,
)
from wirechat.tools._files import load_state, save_state
from wirechat.tools._machine import DecisionError, MaxStepsExceeded, ToolLoopResult
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
    "Decision",
    "DecisionError",
    "Execute",
    "Finished",
    "LoopEvent",
    "MaxStepsExceeded",
    "Paused",
    "Policy",
    "Reject",
    "RejectDecision",
    "RequireApproval",
    "Schedule",
    "Tool",
    "ToolArgumentsInvalidError",
    "ToolLoopResult",
    "ToolResults",
    "approve",
    "aresume",
    "arun",
    "astream",
    "load_state",
    "mcp_tools",
    "reject",
    "resume",
    "run",
    "save_state",
    "stream",
    "tool",
]
