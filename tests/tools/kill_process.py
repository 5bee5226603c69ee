"""One process of the kill-at-every-step test (``test_exactly_once``): runs or resumes the loop with a
checkpoint file, and kills itself (SIGKILL, no cleanup) at the Nth event counted across all processes.
The test forks a child per process and calls ``main``; by hand:

python kill_process.py DIR N     N = 0: never; the outcome (with the count of events) is printed

Events: before and after each model turn, each checkpoint write and each tool's side effect. The model is
a scripted client that answers by the turn number, so a re-asked turn gives the same calls. Each tool
appends its call id to DIR/ledger (flushed to disk) as its side effect.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from wirechat import ChatRequest, ChatResponse, ToolCallPending, ToolLoopState, decode
from wirechat.tools import RequireApproval, ToolContext, approve, load_state, resume, run, save_state, tool

DIR = Path(".")
KILL_AT = 0
LOCK = threading.Lock()  # a sync tool counts from its worker thread


def event(name: str) -> None:
    counter = DIR / "counter"
    with LOCK:  # held while dying too: another thread's count is never cut in half
        count = int(counter.read_text()) + 1 if counter.exists() else 1
        counter.write_text(str(count))
        if count == KILL_AT:
            (DIR / "outcome.json").write_text(json.dumps({"killed_at": name}))
            os.kill(os.getpid(), signal.SIGKILL)


def side_effect(context: ToolContext) -> None:
    event(f"before {context.call_id}")
    with (DIR / "ledger").open("a") as file:
        file.write(context.call_id + "\n")
        file.flush()
        os.fsync(file.fileno())
    event(f"after {context.call_id}")


@tool
def get_weather(city: str, context: ToolContext) -> str:
    """The weather in a city (a sync tool)."""
    side_effect(context)
    return f"18 C in {city}"


@tool
async def charge(cents: int, context: ToolContext) -> str:
    """Charge a card (an async tool)."""
    await asyncio.sleep(0)
    side_effect(context)
    return f"charged {cents}"


@tool
def book_train(time: str, context: ToolContext) -> str:
    """Book a train (needs approval)."""
    side_effect(context)
    return f"booked {time}"


TOOLS = [get_weather, charge, book_train]
POLICIES = {"book_train": RequireApproval()}


def _calls(*calls: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    parts = [{"type": "tool_call", "tool_call": {"id": i, "name": n, "arguments": json.dumps(a)}} for i, n, a in calls]
    return {"message": {"role": "assistant", "parts": parts}, "finish_reason": {"kind": "tool_calls"}}


TURNS = [
    _calls(
        ("c1", "get_weather", {"city": "Paris"}), ("c2", "charge", {"cents": 500}), ("c3", "book_train", {"time": "9"})
    ),
    _calls(("c4", "charge", {"cents": 700}), ("c5", "get_weather", {"city": "Oslo"})),
    {"message": {"role": "assistant", "parts": [{"type": "text", "text": "Done."}]}, "finish_reason": {"kind": "stop"}},
]


class ScriptedClient:
    """Answers turn n (the number of assistant messages so far) with ``TURNS[n]``."""

    def chat(self, request: ChatRequest) -> ChatResponse:
        turn = sum(1 for message in request.messages if message.role == "assistant")
        event(f"before turn {turn}")
        response = decode(json.dumps(TURNS[turn]), ChatResponse)
        event(f"after turn {turn}")
        return response


def checkpoint(state: ToolLoopState) -> None:
    event("before save")
    save_state(state, DIR / "state.json")
    event("after save")


def main(directory: Path, kill_at: int) -> dict[str, Any]:
    """One process's work; the outcome is also written to ``directory/outcome.json``."""
    global DIR, KILL_AT  # one process, one configuration
    DIR, KILL_AT = directory, kill_at
    outcome = _work()
    (DIR / "outcome.json").write_text(json.dumps(outcome))
    return outcome


def _work() -> dict[str, Any]:
    client: Any = ScriptedClient()
    if (DIR / "state.json").exists():
        state = load_state(DIR / "state.json")
        decisions = [approve(p.tool_call.id) for p in state.pending if isinstance(p.status, ToolCallPending)]
        result = resume(client, state, decisions, TOOLS, policies=POLICIES, checkpoint=checkpoint)
    else:
        request = decode(
            b'{"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Go"}]}]}', ChatRequest
        )
        result = run(client, request, TOOLS, policies=POLICIES, checkpoint=checkpoint)
    if result.state is not None:
        return {"paused": True}
    results = [
        {"id": part.tool_result.tool_call_id, "status": part.tool_result.status, "content": part.tool_result.content}
        for message in result.messages
        for part in message.parts
        if part.type == "tool_result"
    ]
    return {"finished": True, "results": results, "events": int((DIR / "counter").read_text())}


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]))))
