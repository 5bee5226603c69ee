"""A tool loop streamed by Python, read by a UI in another language, resumed there by the UI's decisions
(spec section 14.4, issue 29 item 2): ``conformance/vectors/tool-loop-stream.json``.

Each case is a request, policies, the model's turns (each a ``ChatResponse`` and the ``StreamEvent``s
Python streams it as) and the tools' outputs; ``first`` is what Python's ``stream`` sent (wire
``LoopEvent``s, ending in ``paused``), ``decisions`` the wire ``ToolLoopDecision``s a person gave, and
``resumed`` what Python's ``resume_stream`` sent after them from the ``paused`` event's state. TypeScript
(``typescript/test/loop-stream-vectors.test.ts``) and Go (``go/loop/stream_vectors_test.go``) decode
every event of ``first`` as a ``LoopEvent`` and write it back byte for byte, fold its turns, decode the
decisions, resume the ``paused`` state with their own loop and compare what they stream with ``resumed``.

    python -m wirechat_conformance.loop_stream_vectors           # check the file is up to date
    python -m wirechat_conformance.loop_stream_vectors --write   # rewrite it
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

from wirechat import (
    ChatRequest,
    ChatResponse,
    LoopEvent,
    PausedEvent,
    StreamEvent,
    ToolDefinition,
    ToolLoopDecision,
    decode,
    encode,
)
from wirechat.stream import events_from_response
from wirechat.tools import Tool, ToolLoopResult, resume_stream, stream
from wirechat.tools._context import current_context
from wirechat_conformance.paths import find_layout
from wirechat_conformance.resume_vectors import (
    MODEL,
    OUTPUTS,
    TOOLS,
    _call,
    _calls_turn,
    _policy,
    _text_turn,
    _user,
)

__all__ = ["CASES", "build", "main", "vectors_path"]


def vectors_path() -> Path:
    """``conformance/vectors/tool-loop-stream.json`` in the checkout."""
    return find_layout().conformance / "vectors" / "tool-loop-stream.json"


def _request(text: str) -> dict[str, Any]:
    return {"model": MODEL, "messages": [_user(text)], "tools": TOOLS}


def _with_id(turn: dict[str, Any], response_id: str) -> dict[str, Any]:
    return {**turn, "id": response_id, "model": MODEL}


BOOK = _call("c1", "book", {"time": "09:00"})
WEATHER = _call("c2", "weather", {"city": "Paris"})

CASES: list[dict[str, Any]] = [
    {
        "name": "approve-from-the-ui",
        "description": "weather runs, book waits for a person; the UI approves it; the loop books and answers",
        "request": _request("Book a train, and the weather?"),
        "policies": {"book": {"type": "require_approval"}},
        "turns": [
            _with_id(_calls_turn(BOOK, WEATHER), "r1"),
            _with_id(_text_turn("Booked the 09:00 train; it is 18 C in Paris."), "r2"),
        ],
        "decisions": [{"type": "approve", "tool_call_id": "c1"}],
    },
    {
        "name": "reject-from-the-ui",
        "description": "book waits; the UI rejects it with a reason; the model reads the rejection and answers",
        "request": _request("Book the 09:00 train."),
        "policies": {"book": {"type": "require_approval"}},
        "turns": [
            _with_id(_calls_turn(BOOK), "r1"),
            _with_id(_text_turn("I did not book it: not on a Sunday."), "r2"),
        ],
        "decisions": [{"type": "reject", "tool_call_id": "c1", "reason": "not on a Sunday"}],
    },
]


class _Model:
    """Answers the i-th request with the i-th turn, streamed as ``events_from_response`` cuts it."""

    def __init__(self, turns: list[ChatResponse]) -> None:
        self.turns = turns
        self.sent = 0

    def stream(self, request: ChatRequest) -> _Turn:
        self.sent += 1
        if self.sent > len(self.turns):
            raise RuntimeError(f"the script has {len(self.turns)} turns; turn {self.sent} was asked")
        return _Turn(self.turns[self.sent - 1])


class _Turn:
    def __init__(self, response: ChatResponse) -> None:
        self.response = response

    def __enter__(self) -> _Turn:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __iter__(self) -> Iterator[StreamEvent]:
        return iter(events_from_response(self.response, fragment_size=8))


def _tools() -> list[Tool]:
    async def invoke(arguments: dict[str, Any]) -> str:
        await asyncio.sleep(0)
        return OUTPUTS[current_context().call_id]

    return [Tool(decode(json.dumps(definition), ToolDefinition), invoke) for definition in TOOLS]


def _drain(events: Generator[LoopEvent, None, ToolLoopResult]) -> list[Any]:
    return [json.loads(encode(event)) for event in events]


def build(case: dict[str, Any]) -> dict[str, Any]:
    """The turns' stream events, what Python streams before the pause and after the decisions."""
    turns = [decode(json.dumps(turn), ChatResponse) for turn in case["turns"]]
    policies = {name: _policy(spec) for name, spec in case["policies"].items()}
    model = _Model(turns)
    request = decode(json.dumps(case["request"]), ChatRequest)
    first = _drain(stream(model, request, _tools(), policies=policies))  # type: ignore[arg-type]
    paused = decode(json.dumps(first[-1]), PausedEvent)
    decisions = [decode(json.dumps(d), ToolLoopDecision) for d in case["decisions"]]
    resumed = _drain(resume_stream(model, paused.state, decisions, _tools(), policies=policies))  # type: ignore[arg-type]
    turn_events = [[json.loads(encode(e)) for e in events_from_response(t, fragment_size=8)] for t in turns]
    return {"turn_events": turn_events, "first": first, "resumed": resumed}


def document() -> dict[str, Any]:
    return {
        "description": "A tool loop streamed by Python (spec section 14.4, issue 29 item 2): each case is a request, "
        "policies (as in tool-loop-resume.json), the model's turns (ChatResponses) and the tools' outputs; "
        "turn_events is each turn as the scripted model streams it, first the LoopEvents Python's stream sent "
        "(ending in paused), decisions the wire ToolLoopDecisions a person gave, resumed the LoopEvents Python's "
        "resume_stream sent from the paused state after them. Written by "
        "python -m wirechat_conformance.loop_stream_vectors --write.",
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
        print(f"{path} is out of date: python -m wirechat_conformance.loop_stream_vectors --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
