"""Loop events on the wire (spec section 14.4, decision 043): what Python's loop streams is a sequence of
``LoopEvent`` documents; ``conformance/vectors/tool-loop-stream.json`` (a loop streamed by Python, resumed
by a UI's wire decisions) is what the loop does today, and TypeScript and Go are held to it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from wirechat_conformance import loop_stream_vectors

from wirechat import (
    ChatRequest,
    ChatResponse,
    LoopEvent,
    PausedEvent,
    StreamEvent,
    ToolLoopDecision,
    ToolResultsEvent,
    WireError,
    decode,
    encode,
)
from wirechat.tools import Reject, RequireApproval, aresume_stream, astream, stream


def _recorded() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(loop_stream_vectors.vectors_path().read_text(encoding="utf-8"))
    return {case["name"]: case for case in document["cases"]}


@pytest.mark.parametrize("case", loop_stream_vectors.CASES, ids=[c["name"] for c in loop_stream_vectors.CASES])
def test_python_streams_the_recorded_events(case: dict[str, Any]) -> None:
    assert _recorded()[case["name"]]["expect"] == loop_stream_vectors.build(case)


def test_the_file_is_up_to_date() -> None:
    assert loop_stream_vectors.main([]) == 0, "python -m wirechat_conformance.loop_stream_vectors --write"


def test_a_rejected_call_has_its_tool_results_event() -> None:
    # Before the events were wire documents, a round's event held only the calls that ran: a call rejected
    # by a person (or a policy) got a result in the conversation and none in the stream.
    resumed = _recorded()["reject-from-the-ui"]["expect"]["resumed"]
    first = resumed[0]
    assert first["type"] == "tool_results" and first["step"] == 1
    assert first["results"][0]["status"] == "rejected" and first["results"][0]["reason"] == "not on a Sunday"


@pytest.mark.parametrize("tag", ["tool_results", "step_finished", "paused", "loop_finished"])
def test_a_provider_stream_never_carries_a_loop_event(tag: str) -> None:
    events = [e for case in _recorded().values() for leg in ("first", "resumed") for e in case["expect"][leg]]
    event = next(e for e in events if e["type"] == tag)
    decode(json.dumps(event), LoopEvent)
    with pytest.raises(WireError, match="unknown tag"):
        decode(json.dumps(event), StreamEvent)


def test_every_recorded_event_is_a_loop_event_written_back_the_same() -> None:
    for case in _recorded().values():
        for leg in ("first", "resumed"):
            for event in case["expect"][leg]:
                assert json.loads(encode(decode(json.dumps(event), LoopEvent))) == event


def test_a_round_of_only_policy_rejected_calls_streams_its_results() -> None:
    # On main this loop streamed nothing but the final item: no event for the rejected call's result.
    turns = [
        decode(
            json.dumps(loop_stream_vectors._with_id(loop_stream_vectors._calls_turn(loop_stream_vectors.BOOK), "r1")),
            ChatResponse,
        ),
        decode(
            json.dumps(loop_stream_vectors._with_id(loop_stream_vectors._text_turn("Not booked."), "r2")), ChatResponse
        ),
    ]
    request = decode(json.dumps(loop_stream_vectors._request("Book it.")), ChatRequest)
    model = loop_stream_vectors._Model(turns)
    events = list(stream(model, request, loop_stream_vectors._tools(), policies={"book": Reject("no trains today")}))  # type: ignore[arg-type]
    own = [e for e in events if e.type in {"tool_results", "step_finished", "paused", "loop_finished"}]
    assert [e.type for e in own] == ["tool_results", "step_finished", "step_finished", "loop_finished"]
    assert isinstance(own[0], ToolResultsEvent) and own[0].results[0].status == "rejected"


class _AsyncTurn:
    def __init__(self, turn: Any) -> None:
        self.turn = turn
        self.response = turn.response

    async def __aenter__(self) -> _AsyncTurn:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def __aiter__(self) -> AsyncIterator[Any]:
        for event in self.turn:
            yield event


class _AsyncModel:
    def __init__(self, model: Any) -> None:
        self.model = model

    def stream(self, request: Any) -> _AsyncTurn:
        return _AsyncTurn(self.model.stream(request))


@pytest.mark.parametrize("case", loop_stream_vectors.CASES, ids=[c["name"] for c in loop_stream_vectors.CASES])
def test_the_asyncio_forms_stream_the_same_events(case: dict[str, Any]) -> None:
    expect = _recorded()[case["name"]]["expect"]
    turns = [decode(json.dumps(turn), ChatResponse) for turn in case["turns"]]
    policies = {"book": RequireApproval()}
    request = decode(json.dumps(case["request"]), ChatRequest)
    decisions = [decode(json.dumps(d), ToolLoopDecision) for d in case["decisions"]]

    async def main() -> tuple[list[Any], list[Any]]:
        model = _AsyncModel(loop_stream_vectors._Model(turns))
        tools = loop_stream_vectors._tools()
        first = [json.loads(encode(e)) async for e in astream(model, request, tools, policies=policies)]  # type: ignore[arg-type]
        state = decode(json.dumps(first[-1]), PausedEvent).state
        resumed = aresume_stream(model, state, decisions, tools, policies=policies)  # type: ignore[arg-type]
        return first, [json.loads(encode(e)) async for e in resumed]

    first, resumed = asyncio.run(main())
    assert first == expect["first"] and resumed == expect["resumed"]
