"""Cross-language resume vectors for the tool loop (issue 29 item 3): a state (or a request) with decisions,
policies, scripted tool outputs and scripted model turns, and what Python's loop does with them: the
requests the model is sent, the calls the tools ran, the loop's own wire ``LoopEvent``s (spec section
14.4: ``tool_results``, ``step_finished``, ``paused``, ``loop_finished``; the scripted model streams no
turn events), and the result (finished or paused) or the error, with its state.
``conformance/vectors/tool-loop-resume.json`` is written from the cases here by Python's loop, and every
language's tests run it (Go: ``go/loop/resume_vectors_test.go``, TypeScript:
``typescript/test/loop-resume-vectors.test.ts``); a loop paused in one language therefore resumes in
another with the same outcome, and streams the same events.

    python -m wirechat_conformance.resume_vectors           # check the file is up to date
    python -m wirechat_conformance.resume_vectors --write   # rewrite it

Times are far from now (2000 and 2999), so that a case's outcome does not depend on when it runs.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

from wirechat import ChatRequest, ChatResponse, LoopEvent, ToolDefinition, ToolLoopState, decode, encode
from wirechat.tools import (
    DecisionError,
    Execute,
    MaxStepsExceeded,
    Reject,
    RequireApproval,
    Schedule,
    Tool,
    ToolLoopError,
    ToolLoopResult,
    approve,
    reject,
    resume_stream,
    stream,
)
from wirechat.tools._context import current_context
from wirechat.tools._policy import parse_timestamp
from wirechat_conformance.paths import find_layout

__all__ = ["CASES", "build", "main", "vectors_path"]


def vectors_path() -> Path:
    """``conformance/vectors/tool-loop-resume.json`` in the checkout."""
    return find_layout().conformance / "vectors" / "tool-loop-resume.json"


PAST, FUTURE = "2000-01-01T00:00:00Z", "2999-01-01T00:00:00Z"
MODEL = "fake-model"


def _call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"id": call_id, "name": name, "arguments": json.dumps(arguments, separators=(",", ":"))}


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "parts": [{"type": "text", "text": text}]}


def _calls(*calls: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "parts": [{"type": "tool_call", "tool_call": call} for call in calls]}


def _result(call_id: str, content: str) -> dict[str, Any]:
    return {"type": "tool_result", "tool_result": {"tool_call_id": call_id, "content": content, "status": "completed"}}


def _usage(i: int, o: int) -> dict[str, Any]:
    return {"input_tokens": i, "output_tokens": o, "total_tokens": i + o}


def _calls_turn(*calls: dict[str, Any]) -> dict[str, Any]:
    return {"message": _calls(*calls), "finish_reason": {"kind": "tool_calls"}, "usage": _usage(10, 5)}


def _text_turn(text: str) -> dict[str, Any]:
    message = {"role": "assistant", "parts": [{"type": "text", "text": text}]}
    return {"message": message, "finish_reason": {"kind": "stop"}, "usage": _usage(20, 7)}


TOOLS = [
    {"name": "weather", "input_schema": {"type": "object"}},
    {"name": "book", "input_schema": {"type": "object"}},
]
BOOK = _call("c1", "book", {"time": "09:00"})
WEATHER = _call("c2", "weather", {"city": "Paris"})
OUTPUTS = {"c1": "booked the 09:00 train", "c2": "18 C", "c3": "20 C", "c4": "booked the 10:00 train"}


def _request(*messages: dict[str, Any]) -> dict[str, Any]:
    return {"model": MODEL, "messages": [_user("Book a train, and the weather?"), *messages], "tools": TOOLS}


def _state(
    pending: list[tuple[dict[str, Any], dict[str, Any]]], *after: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    """A state after one turn that called the pending calls (and ``after``'s known results)."""
    calls = [call for call, _ in pending]
    state = {
        "request": _request(_calls(*calls, *extra.pop("also", [])), *after),
        "pending": [{"tool_call": call, "status": status} for call, status in pending],
        "steps": 1,
        "usage": _usage(10, 5),
    }
    return {**state, **extra}


GUARD = {"book": {"type": "require_approval"}}
WAITING = {"type": "pending"}

CASES: list[dict[str, Any]] = [
    {
        "name": "run-to-a-pause",
        "description": "a turn with a call that runs and one that waits: the known result is kept, the loop pauses",
        "request": _request(),
        "policies": GUARD,
        "turns": [_calls_turn(BOOK, WEATHER)],
    },
    {
        "name": "approve",
        "description": "the approved call runs, its result joins the turn's tool message, the model answers",
        "state": _state(
            [(BOOK, WAITING)],
            {"role": "tool", "parts": [_result("c2", "18 C")]},
            also=[WEATHER],
            pause={"type": "awaiting_approval", "tool_call_ids": ["c1"]},
        ),
        "decisions": [{"approve": "c1"}],
        "policies": GUARD,
        "turns": [_text_turn("Booked; 18 C.")],
    },
    {
        "name": "reject",
        "description": "a rejected call becomes a rejected result with the reason; nothing runs",
        "state": _state([(BOOK, WAITING)], pause={"type": "awaiting_approval", "tool_call_ids": ["c1"]}),
        "decisions": [{"reject": "c1", "reason": "too early"}],
        "policies": GUARD,
        "turns": [_text_turn("Not booked.")],
    },
    {
        "name": "approve-one-of-two",
        "description": "one call approved while another waits: the loop pauses again, the approval kept in the state",
        "state": _state(
            [(BOOK, WAITING), (_call("c4", "book", {"time": "10:00"}), WAITING)],
            pause={"type": "awaiting_approval", "tool_call_ids": ["c1", "c4"]},
        ),
        "decisions": [{"approve": "c1"}],
        "policies": GUARD,
        "turns": [],
    },
    {
        "name": "hand-edited-approval",
        "description": "a state claiming approval under RequireApproval goes back to pending: nothing runs",
        "state": _state([(BOOK, {"type": "approved"})]),
        "policies": GUARD,
        "turns": [],
    },
    {
        "name": "approved-under-reject",
        "description": "a claimed approval under a Reject policy becomes the policy's rejection",
        "state": _state([(BOOK, {"type": "approved"})]),
        "policies": {"book": {"type": "reject", "reason": "no trains"}},
        "turns": [_text_turn("No trains.")],
    },
    {
        "name": "approved-under-later-schedule",
        "description": "a claimed approval under a Schedule policy is scheduled at the policy's time: the loop pauses",
        "state": _state([(BOOK, {"type": "approved"})]),
        "policies": {"book": {"type": "schedule", "at": FUTURE}},
        "turns": [],
    },
    {
        "name": "scheduled-due",
        "description": "a scheduled call whose time has come runs (the state's at stands under Execute)",
        "state": _state(
            [(BOOK, {"type": "scheduled", "at": PAST})],
            pause={"type": "scheduled", "tool_call_ids": ["c1"], "at": PAST},
        ),
        "turns": [_text_turn("Booked.")],
    },
    {
        "name": "resume-an-error-state",
        "description": "a state with no pending call (saved after a round, as errors carry it) goes on: next turn",
        "state": _state([], {"role": "tool", "parts": [_result("c1", "booked the 09:00 train")]}, also=[BOOK]),
        "turns": [_calls_turn(_call("c3", "weather", {"city": "Oslo"}), _call("c5", "nope", {})), _text_turn("Done.")],
    },
    {
        "name": "max-steps",
        "description": "the turn after the approved round calls again at max_steps: the error carries the state",
        "state": _state([(BOOK, WAITING)], pause={"type": "awaiting_approval", "tool_call_ids": ["c1"]}),
        "decisions": [{"approve": "c1"}],
        "policies": GUARD,
        "max_steps": 2,
        "turns": [_calls_turn(_call("c3", "weather", {"city": "Oslo"}))],
    },
    {
        "name": "decision-for-an-unknown-call",
        "description": "a decision naming no pending call is an error with the given state",
        "state": _state([(BOOK, WAITING)], pause={"type": "awaiting_approval", "tool_call_ids": ["c1"]}),
        "decisions": [{"approve": "c9"}],
        "policies": GUARD,
        "turns": [],
    },
]


class _Model:
    def __init__(self, turns: list[dict[str, Any]]) -> None:
        self.turns = [decode(json.dumps(turn), ChatResponse) for turn in turns]
        self.sent: list[ChatRequest] = []

    def chat(self, request: ChatRequest) -> ChatResponse:
        self.sent.append(request)
        if len(self.sent) > len(self.turns):
            raise RuntimeError(f"the script has {len(self.turns)} turns; turn {len(self.sent)} was asked")
        return self.turns[len(self.sent) - 1]

    def stream(self, request: ChatRequest) -> _Turn:
        """A turn streamed with no events (the vectors hold the loop's own events only)."""
        return _Turn(self.chat(request))


class _Turn:
    def __init__(self, response: ChatResponse) -> None:
        self.response = response

    def __enter__(self) -> _Turn:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __iter__(self) -> Iterator[Any]:
        return iter(())


def _drain(events: Generator[LoopEvent, None, ToolLoopResult], into: list[Any]) -> ToolLoopResult:
    """Collect a loop stream's events (as wire JSON) and return its result."""
    while True:
        try:
            into.append(_doc(next(events)))
        except StopIteration as stop:
            result: ToolLoopResult = stop.value
            return result


def _tools(executed: list[str]) -> list[Tool]:
    async def invoke(arguments: dict[str, Any]) -> str:
        call_id = current_context().call_id
        executed.append(call_id)
        await asyncio.sleep(0)
        return OUTPUTS[call_id]

    return [Tool(decode(json.dumps(definition), ToolDefinition), invoke) for definition in TOOLS]


def _policy(spec: dict[str, Any]) -> Any:
    kind = spec["type"]
    if kind == "execute":
        return Execute()
    if kind == "require_approval":
        return RequireApproval()
    if kind == "reject":
        return Reject(spec["reason"])
    if kind == "schedule":
        return Schedule(parse_timestamp(spec["at"]))
    raise ValueError(f"unknown policy type {kind!r}")


def _doc(value: Any) -> Any:
    return json.loads(encode(value))


def build(case: dict[str, Any]) -> dict[str, Any]:
    """What Python's loop does with a case's inputs (``expect``)."""
    model = _Model(case["turns"])
    executed: list[str] = []
    options: dict[str, Any] = {
        "policies": {name: _policy(spec) for name, spec in case.get("policies", {}).items()},
        "max_steps": case.get("max_steps", 10),
    }
    events: list[Any] = []
    try:
        if "request" in case:
            request = decode(json.dumps(case["request"]), ChatRequest)
            result = _drain(stream(model, request, _tools(executed), **options), events)  # type: ignore[arg-type]
        else:
            state = decode(json.dumps(case["state"]), ToolLoopState)
            decisions = [
                approve(d["approve"]) if "approve" in d else reject(d["reject"], d["reason"])
                for d in case.get("decisions", [])
            ]
            loop = resume_stream(model, state, decisions, _tools(executed), **options)  # type: ignore[arg-type]
            result = _drain(loop, events)
    except ToolLoopError as error:
        kinds = [(MaxStepsExceeded, "max_steps"), (DecisionError, "decision")]
        kind = next((name for cls, name in kinds if isinstance(error, cls)), "other")
        outcome: dict[str, Any] = {"error": {"kind": kind, "state": _doc(error.state)}}
    else:
        outcome = {"messages": [_doc(m) for m in result.messages], "steps": result.steps}
        if result.usage is not None:
            outcome["usage"] = _doc(result.usage)
        if result.state is not None:
            outcome["state"] = _doc(result.state)
        if result.response is not None:
            outcome["response"] = _doc(result.response)
    return {"requests": [_doc(r) for r in model.sent], "executed": sorted(executed), "events": events, **outcome}


def document() -> dict[str, Any]:
    return {
        "description": "Cross-language resume of the tool loop (spec section 14, issue 29 item 3): each case is a "
        "request or a state, decisions, policies ({type: execute | require_approval | reject (reason) | schedule "
        "(at)}, default execute), the model's turns in order and the tools' outputs by call id (outputs); expect "
        "is what Python's loop did: the requests sent, the call ids the tools ran (sorted), the loop's own "
        "LoopEvents in order (events; spec section 14.4; the turns stream no events), and the result "
        "(messages, steps, usage, response or state) or the error (kind: max_steps, decision, other; state). "
        "Written by python -m wirechat_conformance.resume_vectors --write.",
        "outputs": OUTPUTS,
        "tools": TOOLS,
        "cases": [{**case, "expect": build(case)} for case in CASES],
    }


def main(argv: list[str]) -> int:
    text = json.dumps(document(), indent=1, ensure_ascii=False) + "\n"
    path = vectors_path()
    if "--write" in argv:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(CASES)} cases)")
        return 0
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        print(f"{path} is out of date: python -m wirechat_conformance.resume_vectors --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
