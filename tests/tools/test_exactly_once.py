"""No tool runs twice and no call is lost (issue 27 item 3, decision 033): an exception out of the loop
carries the state after the tools it ran, tools receive the call id, a sync tool past its timeout is waited
for, and a process killed at any step resumes from its checkpoint file without running a tool again."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pydantic import MISSING

from tests.tools import kill_process
from tests.tools.conftest import REQUEST, ServeFn, async_client_for, call, calls_turn, client_for, text_turn
from wirechat import ToolCallApproved, ToolLoopState, ToolResultPart
from wirechat.tool_state import check_tool_loop_state
from wirechat.tools import (
    RequireApproval,
    ToolContext,
    ToolLoopError,
    approve,
    arun,
    load_state,
    resume,
    run,
    stream,
    tool,
)

pytestmark = pytest.mark.timeout(120)
HERE = Path(__file__).resolve().parent

BOOKED: list[str] = []
GUARDED = {"book_train": RequireApproval()}


@tool
def book_train(time: str, context: ToolContext) -> str:
    """Book the train leaving at ``time``."""
    BOOKED.append(context.call_id)
    return f"booked the {time} train"


@pytest.fixture(autouse=True)
def _no_bookings() -> None:
    BOOKED.clear()


def _results(state_or_messages: Any) -> dict[str, Any]:
    messages = state_or_messages.request.messages if isinstance(state_or_messages, ToolLoopState) else state_or_messages
    return {
        part.tool_result.tool_call_id: part.tool_result
        for message in messages
        for part in message.parts
        if isinstance(part, ToolResultPart)
    }


def test_a_failed_turn_after_an_approved_call_keeps_its_result(serve: ServeFn, tmp_path: Path) -> None:
    """The issue's reproducer: resume(approve) runs the tool, the next turn fails; resuming the error's
    state (or the checkpoint file) goes on without booking a second train."""
    fake = serve(
        "openai-chat",
        [
            calls_turn(call("c1", "book_train", {"time": "09:00"})),
            {"fault": {"type": "status", "status": 500}},
            text_turn("Booked."),
        ],
    )
    path = tmp_path / "state.json"
    with client_for(fake) as client:
        first = run(client, REQUEST, [book_train], policies={"book_train": RequireApproval()}, checkpoint=path)
        assert first.state is not None and load_state(path) == first.state
        with pytest.raises(ToolLoopError) as caught:
            resume(client, first.state, [approve("c1")], [book_train], policies={"book_train": RequireApproval()},
                   checkpoint=path)  # fmt: skip
        assert BOOKED == ["c1"]
        assert caught.value.state == load_state(path)
        assert _results(caught.value.state)["c1"].status == "completed"
        assert type(caught.value.__cause__).__name__ == "ProviderError"
        assert "after 1 model turns" in str(caught.value)
        result = resume(client, load_state(path), [], [book_train], policies={"book_train": RequireApproval()})
    assert BOOKED == ["c1"] and result.response is not None


def test_tools_receive_the_call_id_and_the_model_does_not_see_it(serve: ServeFn) -> None:
    seen: list[tuple[str, str, float | None]] = []

    @tool
    def sync_tool(city: str, context: ToolContext) -> str:
        """A sync tool."""
        seen.append((context.call_id, context.name, context.timeout))
        return city

    @tool
    async def async_tool(city: str, ctx: ToolContext) -> str:
        """An async tool."""
        seen.append((ctx.call_id, ctx.name, ctx.timeout))
        return city

    assert list(sync_tool.definition.input_schema["properties"]) == ["city"]
    assert async_tool.definition.input_schema.get("required") == ["city"]
    fake = serve(
        "openai-chat",
        [calls_turn(call("a1", "sync_tool", {"city": "P"}), call("a2", "async_tool", {"city": "Q"})), text_turn("ok")],
    )
    with client_for(fake) as client:
        run(client, REQUEST, [sync_tool, async_tool], timeout=7)
    assert sorted(seen) == [("a1", "sync_tool", 7), ("a2", "async_tool", 7)]


def test_a_sync_tool_past_its_timeout_is_waited_for_not_reported_failed(serve: ServeFn) -> None:
    """Before: "did not finish within 0.1 s" while the thread went on and did its work (the model retries:
    two charges). Now the loop signals ``stop`` and reports what the tool did."""
    stopped: list[bool] = []

    @tool
    def charge(cents: int, context: ToolContext) -> str:
        """Charge a card, slowly."""
        time.sleep(0.4)
        stopped.append(context.stop.is_set())
        return f"charged {cents}"

    @tool
    def polite(seconds: float, context: ToolContext) -> str:
        """Gives up when told to stop."""
        if context.stop.wait(seconds):
            raise TimeoutError(f"gave up after {context.timeout} s, nothing done")
        return "done"

    fake = serve(
        "openai-chat",
        [calls_turn(call("c1", "charge", {"cents": 5}), call("c2", "polite", {"seconds": 30})), text_turn("ok")],
    )
    with client_for(fake) as client:
        result = run(client, REQUEST, [charge, polite], timeout=0.1)
    results = _results(result.messages)
    assert stopped == [True]
    assert (results["c1"].status, results["c1"].content) == ("completed", "charged 5")
    assert results["c2"].status == "failed" and "gave up after 0.1 s" in results["c2"].content


def test_an_async_tool_past_its_timeout_is_stopped_then_reported(serve: ServeFn) -> None:
    finished = threading.Event()

    @tool
    async def slow() -> str:
        """Sleeps."""
        await asyncio.sleep(5)
        finished.set()
        return "done"

    fake = serve("openai-chat", [calls_turn(call("c1", "slow", {})), text_turn("ok")])
    with client_for(fake) as client:
        result = run(client, REQUEST, [slow], timeout=0.1)
    assert _results(result.messages)["c1"].content == "tool slow did not finish within 0.1 s"
    assert not finished.wait(0.2)


def test_the_checkpoint_holds_each_round_before_and_after(serve: ServeFn) -> None:
    fake = serve("openai-chat", [calls_turn(call("c1", "book_train", {"time": "09:00"})), text_turn("Booked.")])
    saved: list[ToolLoopState] = []
    with client_for(fake) as client:
        run(client, REQUEST, [book_train], checkpoint=saved.append)
    assert [(r.status, "not known" in r.content) for s in saved for r in _results(s).values()] == [
        ("failed", True),
        ("completed", False),
    ]
    assert all(state.pending == [] for state in saved)


def test_a_checkpoint_that_cannot_be_written_runs_no_tool(serve: ServeFn) -> None:
    fake = serve("openai-chat", [calls_turn(call("c1", "book_train", {"time": "09:00"})), text_turn("Booked.")])

    def full_disk(state: ToolLoopState) -> None:
        raise OSError(28, "No space left on device")

    with client_for(fake) as client, pytest.raises(ToolLoopError, match="OSError") as caught:
        run(client, REQUEST, [book_train], checkpoint=full_disk)
    assert BOOKED == [] and _results(caught.value.state)["c1"].status == "failed"


def _process(directory: Path, kill_at: int) -> dict[str, Any]:
    """One process of the loop (``kill_process.main``) in a forked child, which may SIGKILL itself: a real
    process death, at a tenth of the cost of starting a new interpreter."""
    outcome = directory / "outcome.json"
    outcome.unlink(missing_ok=True)
    pid = os.fork()
    if pid == 0:  # pragma: no cover  # the child
        code = 1
        try:
            kill_process.main(directory, kill_at)
            code = 0
        except BaseException:
            (directory / "error.txt").write_text(traceback.format_exc())
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    error = directory / "error.txt"
    assert outcome.exists(), f"the child ended with status {status}: {error.read_text() if error.exists() else ''}"
    return dict(json.loads(outcome.read_text()))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the kill test forks its processes")
def test_a_process_killed_at_every_step_runs_no_tool_twice_and_loses_no_call(tmp_path: Path) -> None:
    clean = tmp_path / "clean"
    clean.mkdir()
    assert _process(clean, 0) == {"paused": True}
    baseline = _process(clean, 0)
    assert baseline["finished"] and [r["status"] for r in baseline["results"]] == ["completed"] * 5
    for kill_at in range(1, baseline["events"] + 1):
        directory = tmp_path / str(kill_at)
        directory.mkdir()
        outcomes = [_process(directory, kill_at) for _ in range(2)]
        while "finished" not in outcomes[-1]:
            assert len(outcomes) < 6, outcomes
            outcomes.append(_process(directory, kill_at))
        assert {"killed_at"} in [set(o) for o in outcomes], f"step {kill_at} was not reached: {outcomes}"
        ledger = Counter((directory / "ledger").read_text().split()) if (directory / "ledger").exists() else Counter()
        assert all(count == 1 for count in ledger.values()), f"killed at step {kill_at}: a tool ran twice: {ledger}"
        results = outcomes[-1]["results"]
        assert [r["id"] for r in results] == ["c1", "c2", "c3", "c4", "c5"], f"killed at step {kill_at}: a call lost"
        for r in results:
            assert r["status"] == "completed" or "not known" in r["content"], (kill_at, r)
            assert r["status"] != "completed" or ledger[r["id"]] == 1, (kill_at, r)


def test_the_streamed_and_async_forms_carry_the_state_too(serve: ServeFn) -> None:
    script = [calls_turn(call("c1", "book_train", {"time": "09:00"})), {"fault": {"type": "status", "status": 500}}]
    with client_for(serve("openai-chat", script)) as client, pytest.raises(ToolLoopError) as caught:
        for _ in stream(client, REQUEST, [book_train]):
            pass
    assert BOOKED == ["c1"] and _results(caught.value.state)["c1"].status == "completed"

    async def main() -> ToolLoopError:
        async with async_client_for(serve("anthropic", script)) as client:
            with pytest.raises(ToolLoopError) as raised:
                await arun(client, REQUEST, [book_train])
            return raised.value

    error = asyncio.run(main())
    assert BOOKED == ["c1", "c1"] and error.state.steps == 1  # two loops, one call each


def test_a_policy_that_raises_leaves_a_state_that_resumes(serve: ServeFn) -> None:
    def broken(call: Any) -> Any:
        raise KeyError("no such customer")

    turn = calls_turn(call("c1", "book_train", {"time": "09:00"}))
    fake = serve("openai-chat", [turn, turn])
    with client_for(fake) as client:
        with pytest.raises(ToolLoopError, match="KeyError") as caught:
            run(client, REQUEST, [book_train], policies={"book_train": broken})
        state = caught.value.state
        assert state.steps == 0 and len(state.request.messages) == 1  # the turn is asked again
        check_tool_loop_state(state)
        paused = run(client, REQUEST, [book_train], policies={"book_train": RequireApproval()})
        assert paused.state is not None
        approved = paused.state.model_copy(
            update={"pending": [paused.state.pending[0].model_copy(update={"status": ToolCallApproved()})]}
        ).model_copy(update={"pause": MISSING})
        with pytest.raises(ToolLoopError, match="KeyError") as again:  # the policy is asked about the claim
            resume(client, approved, [], [book_train], policies={"book_train": broken})
    check_tool_loop_state(again.value.state)
    assert again.value.state.pending == approved.pending and BOOKED == []


def test_the_asyncio_forms_write_the_checkpoint_file(serve: ServeFn, tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    fake = serve("anthropic", [calls_turn(call("c1", "book_train", {"time": "09:00"}))])

    async def main() -> Any:
        async with async_client_for(fake) as client:
            return await arun(client, REQUEST, [book_train], policies=GUARDED, checkpoint=path)

    result = asyncio.run(main())
    assert result.state is not None and load_state(path) == result.state
