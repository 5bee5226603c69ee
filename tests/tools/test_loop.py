"""The tool loop end to end against the fake provider, for both providers: multi-step, parallel calls, a
failing tool, an unknown tool, invalid arguments, a hanging tool, a rejected call, max_steps, and the
asyncio and streaming forms."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from tests.tools.conftest import (
    PROVIDERS,
    REQUEST,
    TOOLS,
    ServeFn,
    async_client_for,
    call,
    calls_turn,
    client_for,
    text_turn,
)
from wirechat import (
    LoopEvent,
    LoopFinishedEvent,
    PausedEvent,
    ToolCallPart,
    ToolResult,
    ToolResultPart,
    ToolResultsEvent,
    decode,
    encode,
    message_text,
)
from wirechat.tools import (
    MaxStepsExceeded,
    Reject,
    RequireApproval,
    Schedule,
    arun,
    astream,
    run,
    stream,
    tool,
)

pytestmark = pytest.mark.timeout(60)


def results_of(messages: list[Any]) -> list[ToolResult]:
    return [part.tool_result for m in messages for part in m.parts if isinstance(part, ToolResultPart)]


def tool_messages_sent(fake: Any) -> list[Any]:
    return [request.body for request in fake.requests]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_multi_step_with_parallel_calls(serve: ServeFn, provider: str) -> None:
    script = [
        calls_turn(
            call("c1", "get_weather", {"city": "Paris"}), call("c2", "get_weather", {"city": "Rome", "unit": "F"})
        ),
        calls_turn(call("c3", "book_train", {"time": "09:00"})),
        text_turn("18 C in Paris; train booked."),
    ]
    fake = serve(provider, script)
    with client_for(fake) as client:
        result = run(client, REQUEST, TOOLS)
    assert not result.paused
    assert result.response is not None and message_text(result.response.message) == "18 C in Paris; train booked."
    assert result.steps == 3
    assert result.usage is not None and (result.usage.input_tokens, result.usage.output_tokens) == (40, 17)
    outcomes = [(r.tool_call_id, r.status, r.content) for r in results_of(result.messages)]
    assert outcomes == [
        ("c1", "completed", '{"city":"Paris","temperature":18,"unit":"C"}'),
        ("c2", "completed", '{"city":"Rome","temperature":18,"unit":"F"}'),
        ("c3", "completed", "booked the 09:00 train"),
    ]
    roles = [m.role for m in result.messages]
    assert roles == ["user", "assistant", "tool", "assistant", "tool", "assistant"]
    # the second request carried both results of the parallel calls, and the tool definitions
    second = json.dumps(fake.requests[1].body)
    assert "Rome" in second and "temperature" in second and "get_weather" in second


@pytest.mark.parametrize("provider", PROVIDERS)
def test_failures_go_to_the_model(serve: ServeFn, provider: str) -> None:
    calls = [
        call("c1", "get_weather", {"city": "Atlantis"}),  # raises
        call("c2", "get_weather", {"town": "Paris"}),  # fails validation
        call("c3", "launch_rocket", {}),  # unknown tool
        call("c5", "slow", {"seconds": 5}),  # hangs past the timeout
    ]
    if provider == "openai-chat":  # Anthropic's tool input is always an object
        calls.append(call("c4", "get_weather", "{not json"))  # not JSON
    script = [calls_turn(*calls), text_turn("sorry")]
    fake = serve(provider, script)
    with client_for(fake) as client:
        result = run(client, REQUEST, TOOLS, timeout=0.2)
    got = {r.tool_call_id: r for r in results_of(result.messages)}
    assert all(r.status == "failed" and r.is_error is True for r in got.values())
    assert got["c1"].content == "tool get_weather raised LookupError: no such city: Atlantis"
    assert "invalid arguments for get_weather" in got["c2"].content
    assert "/city: Field required" in got["c2"].content and "/town: Extra inputs are not permitted" in got["c2"].content
    assert got["c3"].content == "unknown tool 'launch_rocket' (the tools are: book_train, get_weather, slow)"
    if provider == "openai-chat":
        assert got["c4"].content.startswith("invalid arguments for get_weather:")
    assert got["c5"].content == "tool slow did not finish within 0.2 s"
    assert result.response is not None and message_text(result.response.message) == "sorry"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_rejected_call(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [calls_turn(call("c1", "book_train", {"time": "09:00"})), text_turn("ok, not booked")])
    with client_for(fake) as client:
        result = run(client, REQUEST, TOOLS, policies={"book_train": Reject("bookings need a person")})
    [rejected] = results_of(result.messages)
    assert (rejected.status, rejected.reason, rejected.is_error) == ("rejected", "bookings need a person", True)
    assert "bookings need a person" in json.dumps(fake.requests[1].body)  # the model reads the reason


@pytest.mark.parametrize("provider", PROVIDERS)
def test_max_steps(serve: ServeFn, provider: str) -> None:
    script = {"turns": [calls_turn(call("c", "get_weather", {"city": "Paris"}))], "loop": True}
    fake = serve(provider, script)
    with client_for(fake) as client, pytest.raises(MaxStepsExceeded) as caught:
        run(client, REQUEST, TOOLS, max_steps=3)
    assert "3 model turns" in str(caught.value)
    assert caught.value.state.steps == 3 and caught.value.state.pending == []
    assert caught.value.usage is not None and caught.value.usage.total_tokens == 45
    assert len(fake.requests) == 3
    assert caught.value.state.request.messages[-1].role == "tool"  # the last results are kept


@pytest.mark.parametrize("provider", PROVIDERS)
def test_approval_pauses_with_the_known_results_kept(serve: ServeFn, provider: str) -> None:
    script = [calls_turn(call("c1", "get_weather", {"city": "Paris"}), call("c2", "book_train", {"time": "09:00"}))]
    fake = serve(provider, script)
    with client_for(fake) as client:
        result = run(client, REQUEST, TOOLS, policies={"book_train": RequireApproval()})
    assert result.paused and result.state is not None and result.response is None
    state = json.loads(encode(result.state))
    assert state["pause"] == {"type": "awaiting_approval", "tool_call_ids": ["c2"]}
    assert state["pending"][0]["status"] == {"type": "pending"}
    assert state["request"]["messages"][-1]["role"] == "tool"  # c1's result, waiting for c2's
    assert state["request"]["tools"][0]["name"] == "get_weather"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_schedule_in_the_future_pauses(serve: ServeFn, provider: str) -> None:
    at = datetime(2099, 1, 1, 8, 0, tzinfo=timezone.utc)
    fake = serve(provider, [calls_turn(call("c1", "book_train", {"time": "09:00"}))])
    with client_for(fake) as client:
        result = run(client, REQUEST, TOOLS, policies={"book_train": lambda c: Schedule(at)})
    assert result.state is not None
    assert json.loads(encode(result.state))["pause"] == {
        "type": "scheduled",
        "tool_call_ids": ["c1"],
        "at": "2099-01-01T08:00:00Z",
    }


@pytest.mark.parametrize("provider", PROVIDERS)
def test_schedule_in_the_past_runs(serve: ServeFn, provider: str) -> None:
    past = datetime.now(timezone.utc) - timedelta(seconds=1)
    fake = serve(provider, [calls_turn(call("c1", "book_train", {"time": "09:00"})), text_turn("done")])
    with client_for(fake) as client:
        result = run(client, REQUEST, TOOLS, policies={"book_train": Schedule(past)})
    assert not result.paused and results_of(result.messages)[0].status == "completed"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_async_run(serve: ServeFn, provider: str) -> None:
    """``arun`` runs a turn's calls concurrently: each call waits until both are running, which only
    happens when they overlap (a sequential loop leaves the first waiting alone until its 10 s give up).
    Judged by overlap, not by a wall-clock bound, so a loaded machine cannot fail it."""
    started: list[str] = []
    both_running = asyncio.Event()

    @tool
    async def meet(name: str) -> str:
        """Wait until the other call is running too."""
        started.append(name)
        if len(started) == 2:
            both_running.set()
        try:
            await asyncio.wait_for(both_running.wait(), timeout=10)
        except TimeoutError:
            return "alone"
        return "met"

    fake = serve(provider, [calls_turn(call("c1", "meet", {"name": "a"}), call("c2", "meet", {"name": "b"})),
                            text_turn("ok")])  # fmt: skip

    async def main() -> Any:
        async with async_client_for(fake) as client:
            return await arun(client, REQUEST, [meet])

    result = asyncio.run(main())
    assert [r.content for r in results_of(result.messages)] == ["met", "met"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_stream_yields_every_turn_then_finished(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [calls_turn(call("c1", "get_weather", {"city": "Paris"})), text_turn("18 C")])
    with client_for(fake) as client:
        events = list(stream(client, REQUEST, TOOLS))
    kinds = [event.type for event in events]
    assert kinds.count("start") == 2 and kinds.count("finish") == 2
    assert kinds.index("tool_results") > kinds.index("finish")
    assert kinds[-2:] == ["step_finished", "loop_finished"] and kinds.count("step_finished") == 2
    assert isinstance(events[-1], LoopFinishedEvent) and events[-1].steps == 2
    assert "".join(e.text for e in events if e.type == "text_delta") == "18 C"  # type: ignore[union-attr]
    tool_results = [e for e in events if isinstance(e, ToolResultsEvent)]
    assert tool_results[0].step == 1 and tool_results[0].results[0].status == "completed"
    assert [decode(encode(e), LoopEvent) for e in events] == events  # every event is a wire LoopEvent


@pytest.mark.parametrize("provider", PROVIDERS)
def test_astream_pauses(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [calls_turn(call("c1", "book_train", {"time": "09:00"}))])

    async def main() -> list[Any]:
        async with async_client_for(fake) as client:
            return [event async for event in astream(client, REQUEST, TOOLS, default=RequireApproval())]

    events = asyncio.run(main())
    assert isinstance(events[-1], PausedEvent) and events[-1].state.pending[0].tool_call.id == "c1"
    assert not any(e.type in {"tool_results", "step_finished", "loop_finished"} for e in events)
    assert any(isinstance(e, ToolCallPart) or e.type == "tool_call_start" for e in events)


def test_policy_for_an_unknown_tool_is_refused() -> None:
    with pytest.raises(ValueError, match="policies name tools that are not given: send_mail"):
        run(None, REQUEST, TOOLS, policies={"send_mail": Reject("no")})  # type: ignore[arg-type]
