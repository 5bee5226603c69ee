"""A saved state cannot approve its own calls (issue 27 item 4, decision 033): ``resume`` re-applies the
policies it is given to every decision the state claims, so a hand-edited file never runs a tool that
needs a person's approval."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tests.tools.conftest import REQUEST, ServeFn, call, calls_turn, client_for, text_turn
from wirechat import ToolLoopState, ToolResultPart, decode, encode
from wirechat.tools import (
    Execute,
    Reject,
    RequireApproval,
    Schedule,
    approve,
    load_state,
    resume,
    run,
    save_state,
    tool,
)

pytestmark = pytest.mark.timeout(60)

BOOKED: list[str] = []


@tool
def book_train(time: str) -> str:
    """Book the train leaving at ``time``."""
    BOOKED.append(time)
    return f"booked the {time} train"


TOOLS = [book_train]
GUARDED = {"book_train": RequireApproval()}


@pytest.fixture(autouse=True)
def _no_bookings() -> None:
    BOOKED.clear()


def _paused_file(serve: ServeFn, tmp_path: Path, extra: list[dict[str, Any]]) -> tuple[Any, Path]:
    fake = serve("openai-chat", [calls_turn(call("c1", "book_train", {"time": "09:00"})), *extra])
    client = client_for(fake)
    result = run(client, REQUEST, TOOLS, policies=GUARDED)
    assert result.state is not None
    path = tmp_path / "state.json"
    save_state(result.state, path)
    return client, path


def _edit(path: Path, status: dict[str, Any]) -> ToolLoopState:
    document = json.loads(path.read_bytes())
    document["pending"][0]["status"] = status
    document.pop("pause")
    path.write_text(json.dumps(document))
    return load_state(path)  # the edit is consistent: the check alone cannot see it


def test_a_hand_edited_approval_runs_no_tool(serve: ServeFn, tmp_path: Path) -> None:
    client, path = _paused_file(serve, tmp_path, [text_turn("Booked.")])
    edited = _edit(path, {"type": "approved"})
    with client:
        result = resume(client, edited, [], TOOLS, policies=GUARDED)
    assert BOOKED == []
    assert result.state is not None
    assert encode(result.state.pending[0].status) == b'{"type":"pending"}'
    assert json.loads(encode(result.state.pause)) == {"type": "awaiting_approval", "tool_call_ids": ["c1"]}


def test_a_hand_edited_schedule_in_the_past_runs_no_tool(serve: ServeFn, tmp_path: Path) -> None:
    client, path = _paused_file(serve, tmp_path, [text_turn("Booked.")])
    edited = _edit(path, {"type": "scheduled", "at": "2001-01-01T00:00:00Z"})
    with client:
        result = resume(client, edited, [], TOOLS, policies=GUARDED)
    assert BOOKED == [] and result.state is not None
    assert encode(result.state.pending[0].status) == b'{"type":"pending"}'


def test_an_approval_given_to_resume_runs_the_call(serve: ServeFn, tmp_path: Path) -> None:
    client, path = _paused_file(serve, tmp_path, [text_turn("Booked.")])
    edited = _edit(path, {"type": "approved"})
    with client:
        result = resume(client, edited, [approve("c1")], TOOLS, policies=GUARDED)
    assert BOOKED == ["09:00"] and result.response is not None


def test_a_claimed_approval_stands_where_the_policy_needs_none(serve: ServeFn, tmp_path: Path) -> None:
    client, path = _paused_file(serve, tmp_path, [text_turn("Booked.")])
    edited = _edit(path, {"type": "approved"})
    with client:
        result = resume(client, edited, [], TOOLS, policies={"book_train": Execute()})
    assert BOOKED == ["09:00"] and result.response is not None


def test_a_claimed_approval_meets_a_policy_that_now_rejects(serve: ServeFn, tmp_path: Path) -> None:
    client, path = _paused_file(serve, tmp_path, [text_turn("Not booked.")])
    edited = _edit(path, {"type": "approved"})
    with client:
        result = resume(client, edited, [], TOOLS, policies={"book_train": Reject("trains are off")})
    assert BOOKED == [] and result.response is not None
    results = [p.tool_result for p in result.messages[2].parts if isinstance(p, ToolResultPart)]
    assert [(r.status, r.reason) for r in results] == [("rejected", "trains are off")]


def test_a_claimed_approval_under_a_schedule_waits_for_it(serve: ServeFn, tmp_path: Path) -> None:
    client, path = _paused_file(serve, tmp_path, [text_turn("Booked.")])
    edited = _edit(path, {"type": "approved"})
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    with client:
        result = resume(client, edited, [], TOOLS, policies={"book_train": Schedule(later)})
    assert BOOKED == [] and result.state is not None
    assert json.loads(encode(result.state.pending[0].status))["type"] == "scheduled"


def test_an_approval_kept_while_another_call_waits_is_asked_again(serve: ServeFn, tmp_path: Path) -> None:
    fake = serve(
        "openai-chat",
        [calls_turn(call("c1", "book_train", {"time": "09:00"}), call("c2", "book_train", {"time": "10:00"}))],
    )
    with client_for(fake) as client:
        first = run(client, REQUEST, TOOLS, policies=GUARDED)
        assert first.state is not None
        second = resume(client, first.state, [approve("c1")], TOOLS, policies=GUARDED)
        assert second.state is not None  # c2 still waits; c1 is saved as approved
        assert [json.loads(encode(p.status))["type"] for p in second.state.pending] == ["approved", "pending"]
        third = resume(client, decode(encode(second.state), ToolLoopState), [], TOOLS, policies=GUARDED)
    assert BOOKED == [] and third.state is not None
    assert json.loads(encode(third.state.pause)) == {"type": "awaiting_approval", "tool_call_ids": ["c1", "c2"]}
